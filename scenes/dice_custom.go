package scenes

import (
	"encoding/json"
	"errors"
	"image/color"
	"sort"
	"strconv"
	"strings"

	"holotable/maps"
	"holotable/ops"
	"holotable/rules"
	"holotable/table"
)

// Custom dice in the dice tool (issue 16): the dice the tool offers are the built-in ones and the
// table's own (table.File.Dice, rules.DiceFor: a table die with a built-in's id replaces it); the
// page's die maker (web/dice.js) saves a die with the table as a dice.set op (undoable, online
// too), deletes one (dice.delete) and exports one as the file maps/dice reads (table.SaveDie). A
// pool may be held to a system's limits (Rebellion: 5 of each colour per attack, 10 per mission;
// rules.LimitPool), and a pool of dice that are not Legion's shows the exact odds of each of its
// symbols besides those of the values' total.
//
// Page command "dice", besides dice.go's actions:
//
//	{action: "saveDie", dieId, die: {name, system, kind?, colour?, sides?, faces: [{symbol, value?,
//	 count, modifier?, cost?}], cite?}}   sides left out: the faces' counts added up
//	{action: "deleteDie", dieId}
//	{action: "exportDie", dieId}          → the die file's JSON (a string)
//	{action: "system", system: ""|"rebellion-attack"|"rebellion-mission"}

// diceSymbolOdds are the exact odds of how many dice of the pool show a symbol.
type diceSymbolOdds struct {
	Symbol  string       `json:"symbol"`
	AtLeast []diceChance `json:"atLeast"`
	Mean    string       `json:"mean"`
	MeanF   float64      `json:"meanValue"`
}

// diceSystems are the pool limits the tool can hold a pool to.
var diceSystems = map[string]rules.RebellionRoll{"rebellion-attack": rules.RebellionAttack, "rebellion-mission": rules.RebellionMission}

// refreshOffer makes the offer the built-in dice and the table's (rebuilt when the table's dice
// list changes: an op replaces it, never changes it in place); dice the table no longer has leave
// the pool.
func (t *diceTool) refreshOffer(f *table.File) {
	if f == nil || sameDice(f.Dice, t.tableDice) && t.offer != nil {
		return
	}
	t.tableDice = f.Dice
	t.offer = rules.DiceFor(f.Dice)
	for id := range t.pool {
		if _, ok := t.die(id); !ok {
			delete(t.pool, id)
		}
	}
	t.odds, t.symOdds = map[string]*diceOdds{}, map[string][]diceSymbolOdds{}
	t.rev++
}

// sameDice reports whether a and b are the same list (not merely equal ones).
func sameDice(a, b []table.Die) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// limited holds the pool to the chosen system's limits, keeping the reasons.
func (t *diceTool) limited(p rules.Pool) rules.Pool {
	purpose, ok := diceSystems[t.system]
	if !ok {
		t.limitReasons = nil
		return p
	}
	p, t.limitReasons = rules.LimitPool(table.SystemRebellion, purpose, p)
	return p
}

// symbolOdds are the exact odds of each symbol of a pool that is not Legion's, cached per pool.
func (t *diceTool) symbolOdds() []diceSymbolOdds {
	if len(t.pool) == 0 || t.kind() != "mixed" {
		return nil
	}
	key := t.poolKey()
	if o, ok := t.symOdds[key]; ok {
		return o
	}
	p := t.rulesPool()
	dist := rules.PoolDistribution(p)
	var symbols []string
	seen := map[string]bool{}
	for _, pd := range p {
		for _, f := range pd.Die.Faces {
			if !seen[f.Symbol] {
				seen[f.Symbol] = true
				symbols = append(symbols, f.Symbol)
			}
		}
	}
	sort.Strings(symbols)
	var out []diceSymbolOdds
	for _, sym := range symbols {
		o := oddsOf(dist.Totals(func(o rules.Outcome) int { return o.Tally[sym] }), sym)
		out = append(out, diceSymbolOdds{Symbol: sym, AtLeast: o.AtLeast, Mean: o.Mean, MeanF: o.MeanF})
	}
	if len(t.symOdds) > 64 {
		t.symOdds = map[string][]diceSymbolOdds{}
	}
	t.symOdds[key] = out
	return out
}

// symbolLines are the panel's lines of the symbols' odds.
func (t *diceTool) symbolLines() []string {
	var lines []string
	for _, so := range t.symbolOdds() {
		var ps []string
		for i, c := range so.AtLeast {
			if i >= 5 {
				break
			}
			ps = append(ps, "≥"+strconv.Itoa(c.K)+" "+c.Text)
		}
		if len(ps) > 0 {
			lines = append(lines, T("dice.symbolOdds", symbolWord(so.Symbol), strings.Join(ps, " · "), so.MeanF))
		}
	}
	for _, r := range t.limitReasons {
		lines = append(lines, reasonText(r))
	}
	return lines
}

// customState adds the custom dice's part to the tool's state.
func (t *diceTool) customState(st *diceState) {
	st.System = t.system
	st.Symbols = t.symbolOdds()
	st.Limit = reasonStates(t.limitReasons)
	for i := range st.Dice {
		d, _ := t.die(st.Dice[i].ID)
		st.Dice[i].Colour, st.Dice[i].Faces, st.Dice[i].Cite = d.Colour, d.Faces, d.Cite
		for _, c := range t.tableDice {
			if c.ID == d.ID {
				st.Dice[i].Custom = true
			}
		}
	}
}

// customCommand runs the custom dice's actions; done is false for dice.go's.
func (t *diceTool) customCommand(s *TableScene, arg jsonRaw) (out any, err error, done bool) {
	var a struct {
		Action string
		DieID  string          `json:"dieId"`
		Die    json.RawMessage `json:"die"`
		System *string
	}
	if err := argInto(arg, &a); err != nil && len(arg) > 0 {
		// dice.go's actions have a die id string: theirs to read.
		return nil, nil, false
	}
	t.refreshOffer(s.File())
	switch a.Action {
	case "saveDie":
		var d table.Die
		if err := json.Unmarshal(a.Die, &d); err != nil {
			return nil, errors.New(T("cmd.badArg", err.Error())), true
		}
		if d.Kind == "" {
			d.Kind = table.DieAny
		}
		if d.Sides == 0 {
			for _, f := range d.Faces {
				d.Sides += f.Count
			}
		}
		if err := s.Submit(&ops.DiceSet{DieID: a.DieID, Die: d}); err != nil {
			return nil, err, true
		}
	case "deleteDie":
		if err := s.Submit(&ops.DiceDelete{DieID: a.DieID}); err != nil {
			return nil, err, true
		}
	case "exportDie":
		d, ok := t.die(a.DieID)
		if !ok {
			return nil, errors.New(T("dice.noDie", a.DieID)), true
		}
		b, err := table.SaveDie(d)
		if err != nil {
			return nil, err, true
		}
		return string(b), nil, true
	case "system":
		v := ""
		if a.System != nil {
			v = *a.System
		}
		if _, ok := diceSystems[v]; !ok && v != "" {
			return nil, errors.New(T("dice.badSystem", v)), true
		}
		t.system = v
		t.rev++
	default:
		return nil, nil, false
	}
	t.refreshOffer(s.File())
	return t.state(), nil, true
}

// customColour is a die's own colour ("#rrggbb") and an ink that reads on it.
func customColour(d maps.Die) (fill, ink color.RGBA, ok bool) {
	if len(d.Colour) != 7 || d.Colour[0] != '#' {
		return fill, ink, false
	}
	v, err := strconv.ParseUint(d.Colour[1:], 16, 32)
	if err != nil {
		return fill, ink, false
	}
	fill = color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
	ink = color.RGBA{0xff, 0xff, 0xff, 0xff}
	if lum := 0.299*float64(fill.R) + 0.587*float64(fill.G) + 0.114*float64(fill.B); lum > 150 {
		ink = color.RGBA{0x10, 0x10, 0x10, 0xff}
	}
	return fill, ink, true
}

func init() {
	RegisterStrings(map[string][2]string{
		"dice.symbolOdds":        {"%s: %s · mean %.2f", "%s: %s · Mittel %.2f"},
		"dice.badSystem":         {"no pool limits %q (rebellion-attack, rebellion-mission)", "keine Pool-Grenzen %q (rebellion-attack, rebellion-mission)"},
		"ui.dice.system":         {"Limits", "Grenzen"},
		"ui.dice.system.none":    {"none", "keine"},
		"ui.dice.system.attack":  {"Rebellion attack (5 + 5)", "Rebellion-Angriff (5 + 5)"},
		"ui.dice.system.mission": {"Rebellion mission (10)", "Rebellion-Mission (10)"},
		"ui.dice.make":           {"Make a die", "Würfel erstellen"},
		"ui.dice.removeOne":      {"remove one from the pool (on the palette: Shift+click)", "einen aus dem Vorrat nehmen (auf der Palette: Umschalt+Klick)"},
		"ui.dice.from":           {"From", "Vorlage"},
		"ui.dice.id":             {"Id", "Id"},
		"ui.dice.name":           {"Name", "Name"},
		"ui.dice.system2":        {"System", "System"},
		"ui.dice.colour":         {"Colour", "Farbe"},
		"ui.dice.symbol":         {"symbol", "Symbol"},
		"ui.dice.value":          {"value", "Wert"},
		"ui.dice.count":          {"count", "Anzahl"},
		"ui.dice.modifier":       {"+", "+"},
		"ui.dice.cost":           {"cost", "Kosten"},
		"ui.dice.addFace":        {"+ face", "+ Seite"},
		"ui.dice.save":           {"Save with the table", "Mit dem Tisch speichern"},
		"ui.dice.delete":         {"Delete", "Löschen"},
		"ui.dice.export":         {"Export die", "Würfel exportieren"},
		"ui.dice.saved":          {"die %s saved with the table", "Würfel %s mit dem Tisch gespeichert"},
	})
}
