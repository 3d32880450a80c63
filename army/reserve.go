package army

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"holotable/table"
)

// StandingOrders is the command card every hand holds besides the list's (RRG 2.0 Kommandokarten
// L7645–7649: "Bereitschaft", Standing Orders).
const StandingOrders = "Standing Orders"

// AddTo returns a copy of the table f with the army added for colour under the side name side:
// its units in the game's reserve (off the table, ready to deploy), each with its minis (the
// leader first, on its catalog base, as tall as its silhouette, with "from" naming the upgrade
// that added it), a game record (colour, name, rank, card points, order tokens), and the side's
// faction, points, hand (the list's command cards and Standing Orders) and battle deck. A table
// without a game gets one in its setup phase (round 1 of 6, or 4 in Spezialeinsätze, RRG 2.0
// L93–95, SO L3–4: the rules may change the count when the game starts).
//
// Base names the table's profile lacks (laat, epic, and the oblong long and snail, drawn round)
// are added to it with the catalog's diameter; names it has keep the profile's diameter. Ids are
// the unit's card name as a slug and a number ("stormtroopers-2"), its minis' that and "-1", "-2",
// …; none clashes with an id of f. f is not changed; an error (a colour already imported, a side
// name the other colour uses) changes nothing.
func (a *Army) AddTo(f *table.File, colour table.Colour, side string) (*table.File, error) {
	if colour != table.Blue && colour != table.Red {
		return nil, fmt.Errorf("army: colour must be blue or red, got %v", colour)
	}
	if strings.TrimSpace(side) == "" {
		return nil, fmt.Errorf("army: the side needs a name")
	}
	g, err := clone(f)
	if err != nil {
		return nil, err
	}
	if g.Game == nil {
		rounds := 6
		if g.Ruleset == "specops" {
			rounds = 4
		}
		g.Game = &table.Game{Round: 1, Rounds: rounds, Phase: table.PhaseSetup}
	}
	gs := g.Game.Side(colour)
	if other := g.Game.Side(colour.Other()); other.Side == side {
		return nil, fmt.Errorf("army: %s already plays the side %q", colour.Other(), side)
	}
	for _, u := range g.Game.Units {
		if u.Colour == colour {
			return nil, fmt.Errorf("army: %s has an army already (%s)", colour, u.Unit)
		}
	}
	gs.Side, gs.Faction, gs.Points = side, a.Faction.String(), a.Points
	gs.Hand = append(append([]string(nil), a.List.CommandCards...), StandingOrders)
	gs.Deck = table.BattleDeck{Objectives: a.Deck.Objectives, Deployments: a.Deck.Deployments, Conditions: a.Deck.Conditions}

	scale := 1.0
	if g.Units == "mm" {
		scale = table.MillimetresPerInch
	}
	taken := ids(g)
	for _, u := range a.Units {
		base := u.Base
		if _, ok := g.Profile.Bases[base]; !ok {
			g.Profile.Bases[base] = u.Diameter * scale
		}
		id := freeID(slug(u.Catalog.Name), len(u.Minis), taken)
		tu := table.Unit{ID: id, Side: side, Type: u.Type, Speed: u.Speed}
		if u.Type == table.Ground {
			tu.CoverGiven = table.CoverHeavy // table.Load's default; the player declares legged walkers light
		}
		for k, m := range u.Minis {
			mid := id + "-" + strconv.Itoa(k+1)
			taken[mid] = true
			tu.Minis = append(tu.Minis, table.Mini{ID: mid, Leader: m.Leader, BaseName: base, Base: g.Profile.Bases[base],
				Height: u.SilhouetteHeight * scale, From: m.From})
		}
		g.Game.Reserve = append(g.Game.Reserve, tu)
		rec := table.GameUnit{Unit: id, Colour: colour, Name: u.Name, Rank: u.Rank, Points: u.Points, OrderTokens: u.OrderTokens}
		if u.CardType != "Trooper" && strings.HasSuffix(u.CardType, "Trooper") {
			rec.CardType = u.CardType // Droid, Clone, Wookiee, Creature, Emplacement Trooper
		}
		g.Game.Units = append(g.Game.Units, rec)
	}
	return clone(g) // through Save and Load: the result is a valid file
}

// clone is a deep copy of f through its saved form.
func clone(f *table.File) (*table.File, error) {
	data, err := table.Save(f)
	if err != nil {
		return nil, err
	}
	return table.Load(data)
}

// ids lists every id the file uses.
func ids(f *table.File) map[string]bool {
	out := map[string]bool{}
	for _, t := range f.Terrain {
		out[t.ID] = true
	}
	units := append([]table.Unit(nil), f.UnitsOnTable...)
	if f.Game != nil {
		units = append(units, f.Game.Reserve...)
		for _, gu := range f.Game.Units {
			out[gu.Unit] = true
			for _, m := range gu.Defeated {
				out[m.ID] = true
			}
		}
	}
	for _, u := range units {
		out[u.ID] = true
		for _, m := range u.Minis {
			out[m.ID] = true
		}
	}
	for _, t := range f.Tokens {
		out[t.ID] = true
	}
	return out
}

// freeID is stem-1, stem-2, … : the first that is free together with its minis' ids (id-1 …
// id-minis); it is marked taken.
func freeID(stem string, minis int, taken map[string]bool) string {
	for n := 1; ; n++ {
		id := stem + "-" + strconv.Itoa(n)
		free := !taken[id]
		for k := 1; free && k <= minis; k++ {
			free = !taken[id+"-"+strconv.Itoa(k)]
		}
		if free {
			taken[id] = true
			return id
		}
	}
}

// slug is a name in lower case with runs of anything but letters and digits as one '-'.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.TrimSuffix(b.String(), "-")
	if s == "" {
		return "unit"
	}
	return s
}
