package scenes

import (
	"fmt"

	"holotable/ops"
	"holotable/table"
)

// The units panel's keywords (issue 14): the keywords of a unit the moves' rules read — Speeder X,
// Hover (ground or Air X), side notches, Full Pivot, Reposition, Transport X on notched units;
// Expert Climber and Jump X on troopers; a melee weapon on any; Weak Point X: Rear/Sides on notched
// units (the measure tool's tags and the attack assistant read it) — and the arc lines of its
// notched bases. The panel shows them from the units tool's state (unit.keywords) and changes them with
// the command unitKeywords, one unit.keywords op (ops/unit_keywords.go): the whole set, what it
// leaves out the unit lacks afterwards.
//
//	unitKeywords {unit, speeder, hover, hoverX, sideNotches, fullPivot, expertClimber, jump,
//	              meleeWeapon, transport: {capacity, open, light}, reposition, arcs,
//	              weakRear, weakSides, game: {plodding, agile, tactical, cover, sharpshooter,
//	              lowProfile, armor, immuneBlast, immunePierce}}

// keywordsState is a unit's moves' keywords as the page reads and sends them: the op's fields
// (their JSON names; null: the unit lacks the keyword; arcs null: the default lines), and in the
// state the arc lines in use.
type keywordsState struct {
	*ops.UnitKeywords
	Lines table.Arcs `json:"lines"`
}

func init() {
	RegisterCommand("unitKeywords", func(s *TableScene, arg jsonRaw) (any, error) {
		var k ops.UnitKeywords
		if err := argInto(arg, &k); err != nil {
			return nil, err
		}
		id, err := unitArg(s, k.Unit)
		if err != nil {
			return nil, err
		}
		k.Unit = id
		err = s.Submit(&k)
		s.Preview(nil)
		if err != nil {
			return nil, fmt.Errorf("%s", T("units.refused", errText(err)))
		}
		return nil, nil
	})
	RegisterStrings(map[string][2]string{
		"ui.kw.title":         {"Keywords", "Schlüsselwörter"},
		"ui.kw.speeder":       {"Speeder", "Gleiter"},
		"ui.kw.hover":         {"Hover", "Schweben"},
		"ui.kw.hover.none":    {"—", "—"},
		"ui.kw.hover.ground":  {"Ground", "Boden"},
		"ui.kw.hover.air":     {"Air", "Luft"},
		"ui.kw.hoverX":        {"Air X", "Luft X"},
		"ui.kw.sideNotches":   {"side notches", "seitliche Kerben"},
		"ui.kw.fullPivot":     {"Full Pivot", "Volle Drehung"},
		"ui.kw.reposition":    {"Reposition", "Neupositionieren"},
		"ui.kw.expertClimber": {"Expert Climber", "Geübter Kletterer"},
		"ui.kw.jump":          {"Jump", "Springen"},
		"ui.kw.meleeWeapon":   {"melee weapon", "Nahkampfwaffe"},
		"ui.kw.transport":     {"Transport", "Transporter"},
		"ui.kw.arcs":          {"arc lines", "Feuerwinkellinien"},
		"ui.kw.weakRear":      {"Weak Point: Rear", "Schwachstelle: Heck"},
		"ui.kw.weakSides":     {"Weak Point: Sides", "Schwachstelle: Seiten"},
		"ui.kw.none":          {"none", "keins"},
		// D137: transport kind and the game's keywords (ops.GameKeywords).
		"ui.kw.transport.open":  {"open", "offen"},
		"ui.kw.transport.light": {"light", "leicht"},
		"ui.kw.plodding":        {"Plodding", "Schwerfällig"},
		"ui.kw.agile":           {"Agile", "Agil"},
		"ui.kw.tactical":        {"Tactical", "Taktisch"},
		"ui.kw.cover":           {"Cover", "Deckung"},
		"ui.kw.sharpshooter":    {"Sharpshooter", "Scharfschütze"},
		"ui.kw.lowProfile":      {"Low Profile", "Unauffällig"},
		"ui.kw.armor":           {"Armor (0: no X)", "Panzerung (0: ohne X)"},
		"ui.kw.immuneBlast":     {"Immune: Blast", "Immunität: Explosion"},
		"ui.kw.immunePierce":    {"Immune: Pierce", "Immunität: Durchschlagen"},
		"ui.move.facing":        {"facing %s° → %s°", "Ausrichtung %s° → %s°"},
		"ui.move.wounds":        {"ends short: %s wounds", "endet früher: %s Wunden"},
	})
}

// keywordsOf is u's keywords as the panel shows them.
func keywordsOf(u *table.Unit) keywordsState {
	return keywordsState{UnitKeywords: ops.KeywordsOf(u), Lines: u.ArcLines()}
}
