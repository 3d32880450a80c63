package maps

// Battle cards as data: one JSON file per card in maps/cards/, named <id>.json.
//
// Schema (every field not listed is refused, so a typo is an error):
//
//	id          string   the file's base name: "battle-lines"
//	type        string   "deployment", "objective" or "condition"
//	name        {en, de} the card's name; en required, de where the seeds give it ("" otherwise)
//	cite        string   where the card is in the seeds (RRG 2.0 = seed 000, by line); required
//	text        string   the card's rule text in English, as far as the seeds give it (optional)
//	geometry    string   "rulebook" when the seeds state the card's geometry (or it has none),
//	                     "not in the seeds" when it was a picture
//	inferred    string   what this file reconstructs and from where; required with
//	                     "not in the seeds", allowed on any card for other inferred parts
//	frame       [w, d]   deployment only: the battlefield the zones are drawn on, in range units
//	                     (12 × 6 for the 72" × 36" standard table at 6" per range)
//	zones       {blue, red}: deployment only: each colour's zones, each a simple polygon of ≥ 3
//	                     [x, y] points in range units inside the frame. Origin = blue's left corner
//	                     of blue's long edge, x along that edge, y towards red's edge (cards are
//	                     read from blue's side, RRG 2.0 L843–852, L9803–9805).
//	minPerZone  int      deployment: units each player must deploy in each of their zones (0: none)
//	tokens      [{fx, fy, cite}] objective tokens the card puts at fixed places, as fractions of
//	                     the battlefield's width and depth in the same frame
//	placement   {count, countInferred, first, alternate, on ("battlefield" | "terrain"), firstOn,
//	             beyondZones, beyondTokens, notUnderTerrain, terrainOutsideZones,
//	             beyondMarkedTerrain, fallback, cite}: tokens the players place, with the
//	                     distances in range units
//	scoring     [{when, kind, rounds, endOfGame, vp, per, range, within, cite}] how the card scores:
//	                     kind is what package rules counts (ScoringKinds), rounds the rounds at whose
//	                     end it scores, endOfGame whether it scores at the end of the game; the
//	                     "tokenControl" entry says who controls a token for the others
//	effects     [{kind, round, range, min, max, units, first, ifPossible, contact, cards, cite}]
//	                     condition effects; kind names what the effect does
//
// LoadCards reads and checks them all; an error is one line naming the file and the field.

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
)

//go:embed cards/*.json
var cardFiles embed.FS

// Card is one battle card.
type Card struct {
	ID         string         `json:"id"`
	Type       string         `json:"type"`
	Name       CardName       `json:"name"`
	Cite       string         `json:"cite"`
	Text       string         `json:"text,omitempty"`
	Geometry   string         `json:"geometry"`
	Inferred   string         `json:"inferred,omitempty"`
	Frame      [2]float64     `json:"frame,omitempty"`
	Zones      *CardZones     `json:"zones,omitempty"`
	MinPerZone int            `json:"minPerZone,omitempty"`
	Tokens     []CardToken    `json:"tokens,omitempty"`
	Placement  *CardPlacement `json:"placement,omitempty"`
	Scoring    []CardScoring  `json:"scoring,omitempty"`
	Effects    []CardEffect   `json:"effects,omitempty"`
}

// CardName is a card's name in English and German.
type CardName struct {
	EN string `json:"en"`
	DE string `json:"de"`
}

// CardZones are a deployment card's zones by colour; each zone is a polygon in range units.
type CardZones struct {
	Blue [][][2]float64 `json:"blue"`
	Red  [][][2]float64 `json:"red"`
}

// Of returns the zones of a colour ("blue" or "red"), nil for another word.
func (z *CardZones) Of(colour string) [][][2]float64 {
	switch colour {
	case "blue":
		return z.Blue
	case "red":
		return z.Red
	}
	return nil
}

// CardToken is a token the card puts at a fixed place, as fractions of width and depth.
type CardToken struct {
	FX   float64 `json:"fx"`
	FY   float64 `json:"fy"`
	Cite string  `json:"cite"`
}

// CardPlacement describes tokens the players place themselves.
type CardPlacement struct {
	Count               int     `json:"count"`
	CountInferred       string  `json:"countInferred,omitempty"`
	First               string  `json:"first"`
	Alternate           bool    `json:"alternate"`
	On                  string  `json:"on"`
	FirstOn             string  `json:"firstOn,omitempty"`
	BeyondZones         float64 `json:"beyondZones,omitempty"`
	BeyondTokens        float64 `json:"beyondTokens,omitempty"`
	NotUnderTerrain     bool    `json:"notUnderTerrain,omitempty"`
	TerrainOutsideZones bool    `json:"terrainOutsideZones,omitempty"`
	BeyondMarkedTerrain float64 `json:"beyondMarkedTerrain,omitempty"`
	Fallback            string  `json:"fallback,omitempty"`
	Cite                string  `json:"cite"`
}

// CardScoring is one way a card scores.
type CardScoring struct {
	When      string  `json:"when"`
	Kind      string  `json:"kind"`
	Rounds    []int   `json:"rounds,omitempty"`
	EndOfGame bool    `json:"endOfGame,omitempty"`
	VP        int     `json:"vp,omitempty"`
	Per       string  `json:"per"`
	Range     float64 `json:"range,omitempty"`
	Within    bool    `json:"within,omitempty"`
	Cite      string  `json:"cite"`
}

// CardEffect is one effect of a condition card.
type CardEffect struct {
	Kind       string   `json:"kind"`
	Round      int      `json:"round,omitempty"`
	Range      float64  `json:"range,omitempty"`
	Min        int      `json:"min,omitempty"`
	Max        int      `json:"max,omitempty"`
	Units      string   `json:"units,omitempty"`
	First      string   `json:"first,omitempty"`
	IfPossible bool     `json:"ifPossible,omitempty"`
	Contact    bool     `json:"contact,omitempty"`
	Cards      []string `json:"cards,omitempty"`
	Cite       string   `json:"cite"`
}

// ScoringKinds are the ways of scoring package rules counts (rules.ScoreRound):
// leadersInEnemyZone (a VP per own unit leader wholly inside an enemy deployment zone),
// controlledTokens (per objective token the side controls, by the card's tokenControl entry),
// tokenControl (who controls a token: more trooper unit leaders at the entry's range),
// keyTerrain (per terrain piece with a token where the side has most unit leaders in base
// contact with it), claimedTokens (per objective token claimed by one of the side's units).
var ScoringKinds = []string{"leadersInEnemyZone", "controlledTokens", "tokenControl", "keyTerrain", "claimedTokens"}

// Geometry values.
const (
	GeometryRulebook   = "rulebook"
	GeometryNotInSeeds = "not in the seeds"
)

// LoadCards reads every embedded card, checked, sorted by type (objective, deployment,
// condition, the draft's row order) and then by id.
func LoadCards() ([]Card, error) {
	names, err := fs.Glob(cardFiles, "cards/*.json")
	if err != nil {
		return nil, err
	}
	cards := make([]Card, 0, len(names))
	for _, n := range names {
		b, err := cardFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		c, err := ParseCard(n, b)
		if err != nil {
			return nil, err
		}
		cards = append(cards, c)
	}
	order := map[string]int{"objective": 0, "deployment": 1, "condition": 2}
	sort.Slice(cards, func(i, j int) bool {
		if a, b := order[cards[i].Type], order[cards[j].Type]; a != b {
			return a < b
		}
		return cards[i].ID < cards[j].ID
	})
	return cards, nil
}

// CardByID returns a copy of the embedded card with the given id (the cards are parsed once;
// the rules ask for them on every attack and every setup answer).
func CardByID(id string) (Card, error) {
	cards, err := loadedCards()
	if err != nil {
		return Card{}, err
	}
	for _, c := range cards {
		if c.ID == id {
			return c.clone(), nil
		}
	}
	return Card{}, fmt.Errorf("maps: no card %q", id)
}

// loadedCards parses the embedded cards once (CardByID's and CardByName's look-ups).
var loadedCards = sync.OnceValues(LoadCards)

// clone is a copy of c that shares no list or pointer with it.
func (c Card) clone() Card {
	if z := c.Zones; z != nil {
		cp := CardZones{Blue: clonePolys(z.Blue), Red: clonePolys(z.Red)}
		c.Zones = &cp
	}
	c.Tokens = append([]CardToken(nil), c.Tokens...)
	if p := c.Placement; p != nil {
		cp := *p
		c.Placement = &cp
	}
	c.Scoring = append([]CardScoring(nil), c.Scoring...)
	for i := range c.Scoring {
		c.Scoring[i].Rounds = append([]int(nil), c.Scoring[i].Rounds...)
	}
	c.Effects = append([]CardEffect(nil), c.Effects...)
	for i := range c.Effects {
		c.Effects[i].Cards = append([]string(nil), c.Effects[i].Cards...)
	}
	return c
}

func clonePolys(ps [][][2]float64) [][][2]float64 {
	out := make([][][2]float64, len(ps))
	for i, p := range ps {
		out[i] = append([][2]float64(nil), p...)
	}
	return out
}

// CardByName returns the embedded card whose id, English or German name is name (FoldName:
// case and spacing do not matter), and whether there is one.
func CardByName(name string) (Card, bool) {
	cards, err := loadedCards()
	if err != nil {
		panic("maps: " + err.Error()) // the embedded cards are checked by the tests
	}
	n := FoldName(name)
	for _, c := range cards {
		if n == c.ID || n == FoldName(c.Name.EN) || (c.Name.DE != "" && n == FoldName(c.Name.DE)) {
			return c.clone(), true
		}
	}
	return Card{}, false
}

// ParseCard decodes and checks one card file; file is its path, used in errors and to check
// the id. The error is one line: "cards/x.json: field: what is wrong".
func ParseCard(file string, data []byte) (Card, error) {
	var c Card
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Card{}, fmt.Errorf("%s: %s", file, strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return Card{}, fmt.Errorf("%s: trailing data after the card object", file)
	}
	bad := func(field, format string, args ...any) (Card, error) {
		return Card{}, fmt.Errorf("%s: %s: %s", file, field, fmt.Sprintf(format, args...))
	}
	base := strings.TrimSuffix(path.Base(file), ".json")
	switch {
	case c.ID == "":
		return bad("id", "missing")
	case c.ID != base:
		return bad("id", "%q does not match the file name %q", c.ID, base)
	case c.Name.EN == "":
		return bad("name.en", "missing")
	case c.Cite == "":
		return bad("cite", "missing: every card cites its seed lines")
	}
	switch c.Geometry {
	case GeometryRulebook:
	case GeometryNotInSeeds:
		if c.Inferred == "" {
			return bad("inferred", "missing: geometry %q needs the reconstruction's source", c.Geometry)
		}
	default:
		return bad("geometry", "%q is neither %q nor %q", c.Geometry, GeometryRulebook, GeometryNotInSeeds)
	}
	switch c.Type {
	case "deployment":
		if !(c.Frame[0] > 0 && c.Frame[1] > 0) || math.IsInf(c.Frame[0], 0) || math.IsInf(c.Frame[1], 0) {
			return bad("frame", "%v: a deployment card needs a positive frame [width, depth] in range units", c.Frame)
		}
		if c.Zones == nil {
			return bad("zones", "missing on a deployment card")
		}
		for _, col := range []string{"blue", "red"} {
			zs := c.Zones.Of(col)
			if len(zs) == 0 {
				return bad("zones."+col, "no zone")
			}
			for i, z := range zs {
				f := fmt.Sprintf("zones.%s[%d]", col, i)
				if len(z) < 3 {
					return bad(f, "%d points; a zone is a polygon of at least 3", len(z))
				}
				for k, p := range z {
					if math.IsNaN(p[0]) || math.IsNaN(p[1]) || p[0] < 0 || p[1] < 0 || p[0] > c.Frame[0] || p[1] > c.Frame[1] {
						return bad(fmt.Sprintf("%s[%d]", f, k), "point (%g, %g) is outside the %g×%g frame", p[0], p[1], c.Frame[0], c.Frame[1])
					}
				}
			}
		}
		if c.MinPerZone < 0 {
			return bad("minPerZone", "%d is negative", c.MinPerZone)
		}
		if len(c.Tokens) > 0 || c.Placement != nil || len(c.Effects) > 0 {
			return bad("type", "a deployment card has zones, not tokens, placement or effects")
		}
	case "objective", "condition":
		if c.Zones != nil || c.Frame != [2]float64{} || c.MinPerZone != 0 {
			return bad("zones", "only deployment cards have a frame, zones or minPerZone")
		}
	default:
		return bad("type", "%q is not deployment, objective or condition", c.Type)
	}
	for i, t := range c.Tokens {
		f := fmt.Sprintf("tokens[%d]", i)
		if !(t.FX >= 0 && t.FX <= 1 && t.FY >= 0 && t.FY <= 1) {
			return bad(f, "(%g, %g) is not a fraction of the battlefield in [0, 1]", t.FX, t.FY)
		}
		if t.Cite == "" {
			return bad(f+".cite", "missing")
		}
	}
	if p := c.Placement; p != nil {
		switch {
		case p.Count < 1:
			return bad("placement.count", "%d: at least 1 token is placed", p.Count)
		case p.First != "blue" && p.First != "red":
			return bad("placement.first", "%q is not blue or red", p.First)
		case p.On != "battlefield" && p.On != "terrain":
			return bad("placement.on", "%q is not battlefield or terrain", p.On)
		case p.BeyondZones < 0 || p.BeyondTokens < 0 || p.BeyondMarkedTerrain < 0:
			return bad("placement", "negative range")
		case p.Cite == "":
			return bad("placement.cite", "missing")
		}
	}
	for i, s := range c.Scoring {
		if s.When == "" || s.Per == "" || s.Cite == "" {
			return bad(fmt.Sprintf("scoring[%d]", i), "when, per and cite are required")
		}
		if !slices.Contains(ScoringKinds, s.Kind) {
			return bad(fmt.Sprintf("scoring[%d].kind", i), "%q is not one of %s", s.Kind, strings.Join(ScoringKinds, ", "))
		}
		for _, r := range s.Rounds {
			if r < 1 {
				return bad(fmt.Sprintf("scoring[%d].rounds", i), "round %d is not positive", r)
			}
		}
	}
	for i, e := range c.Effects {
		if e.Kind == "" || e.Cite == "" {
			return bad(fmt.Sprintf("effects[%d]", i), "kind and cite are required")
		}
		if c.Type != "condition" {
			return bad(fmt.Sprintf("effects[%d]", i), "only condition cards have effects")
		}
	}
	return c, nil
}
