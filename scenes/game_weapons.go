package scenes

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"holotable/ops"
	"holotable/table"
)

// A unit card's weapons entered in the game panel (D115): a weapon added — name, melee or a range
// min–max, red, black and white dice, keywords typed as "impact 1, pierce 1, blast, fixed front"
// — or one removed by name, as a one-card unit-card file through op game.cards, which checks it
// (a fault names the weapon's field). The card's other values and the unit's keywords are kept.

// weaponArgs is the panel's weapon: Remove names one to take away; else the weapon to add.
type weaponArgs struct {
	Unit, Name, Keywords, Remove string
	Melee                        bool
	Min, Max                     int
	Red, Black, White            int
}

// weaponKeywords reads "impact 1, pierce 1, blast, fixed front" as a keywords object: each part
// a keyword name, then a number, a word, or nothing (true).
func weaponKeywords(text string) map[string]any {
	out := map[string]any{}
	for _, part := range strings.Split(text, ",") {
		f := strings.Fields(part)
		switch {
		case len(f) == 0:
		case len(f) == 1:
			out[f[0]] = true
		default:
			if n, err := strconv.ParseFloat(f[1], 64); err == nil {
				out[f[0]] = n
			} else {
				out[f[0]] = f[1]
			}
		}
	}
	return out
}

// setWeapon adds or removes a weapon of the card of a.Unit's game record name.
func (t *gameTool) setWeapon(s Context, a weaponArgs) error {
	f := s.State().File()
	if f.Game == nil {
		return t.refuse(s, errors.New(T("play.noGame")))
	}
	r, u := f.Game.Unit(a.Unit), gameUnit(f, a.Unit)
	if r == nil || u == nil || r.Name == "" {
		return t.refuse(s, errors.New(T("play.cardNoName", a.Unit)))
	}
	data, err := table.SaveUnitCards([]table.CardEntry{table.CardEntryOf(u, r.Name)})
	if err != nil {
		return t.refuse(s, err)
	}
	var doc struct {
		Format string           `json:"format"`
		Cards  []map[string]any `json:"cards"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return t.refuse(s, err)
	}
	card := doc.Cards[0]
	weapons, _ := card["weapons"].([]any)
	if a.Remove != "" {
		k := slices.IndexFunc(weapons, func(w any) bool { m, _ := w.(map[string]any); return m["name"] == a.Remove })
		if k < 0 {
			return t.refuse(s, errors.New(T("play.noWeapon", a.Remove)))
		}
		weapons = slices.Delete(weapons, k, k+1)
	} else {
		w := map[string]any{"name": strings.TrimSpace(a.Name)}
		if a.Melee {
			w["melee"] = true
		}
		if a.Min > 0 {
			w["min"] = a.Min
		}
		if a.Max > 0 {
			w["max"] = a.Max
		}
		dice := map[string]any{}
		for c, n := range map[string]int{"red": a.Red, "black": a.Black, "white": a.White} {
			if n != 0 {
				dice[c] = n
			}
		}
		w["dice"] = dice
		if k := weaponKeywords(a.Keywords); len(k) > 0 {
			w["keywords"] = k
		}
		weapons = append(weapons, w)
	}
	if len(weapons) == 0 {
		delete(card, "weapons")
	} else {
		card["weapons"] = weapons
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return t.refuse(s, err)
	}
	return t.submit(s, &ops.GameCards{Cards: string(out)})
}

// weaponStates are a card's weapons as the panel lists them: "name (range 1–3, 1 red, …)".
func weaponStates(c *table.UnitCard) []weaponState {
	if c == nil {
		return nil
	}
	var out []weaponState
	for _, w := range c.Weapons {
		var bits []string
		if w.Melee {
			bits = append(bits, T("play.weapon.melee"))
		}
		if w.Ranged() {
			max := "∞"
			if w.Max > 0 {
				max = strconv.Itoa(w.Max)
			}
			bits = append(bits, T("play.weapon.range", w.Min, max))
		}
		for _, d := range []struct {
			n   int
			key string
		}{{w.Dice.Red, "play.die.red"}, {w.Dice.Black, "play.die.black"}, {w.Dice.White, "play.die.white"}} {
			if d.n > 0 {
				bits = append(bits, strconv.Itoa(d.n)+" "+T(d.key))
			}
		}
		if !w.Keywords.IsZero() {
			bits = append(bits, w.Keywords.String())
		}
		out = append(out, weaponState{Name: w.Name, From: w.From, Text: strings.Join(bits, ", ")})
	}
	return out
}

// weaponState is one weapon of a card in the panel.
type weaponState struct {
	Name string `json:"name"`
	From string `json:"from,omitempty"`
	Text string `json:"text"`
}
