package scenes

import (
	"errors"

	"holotable/ops"
	"holotable/table"
)

// The map editor's actions of the page's command "grid" (swm_edit.go):
//
//	{"action": "tool", "tool": "paint", "square": "low"}          paint squares of a kind
//	{"action": "tool", "tool": "wall", "bevel": "from", "erase": false}
//	{"action": "tool", "tool": "door", "erase": false}
//	{"action": "tool", "tool": "figure", "erase": false, "card": {"name": "", "side": "rebels",
//	 "size": "medium", "speed": 6, "reach": 1, "abilities": ["flight"]}}
//	{"action": "tool", "tool": "zone", "zone": 1}                   mark the second squad's zone
//	{"action": "tool", "tool": "measure"}                            back to select and measure
//	{"action": "card", "figure": id, "card": {…}}                    edit a figure's card (an op)
//
// A field left out keeps what the tool had.

// GridEditState is the editor's tool and what it puts down (GridState.Edit).
type GridEditState struct {
	Tool   string        `json:"tool"`
	Square string        `json:"square"`
	Bevel  string        `json:"bevel"`
	Erase  bool          `json:"erase"`
	Card   GridCardState `json:"card"`
	Zone   int           `json:"zone"`          // the squad whose zone a drag marks (0 or 1)
	Aim    *GridAimState `json:"aim,omitempty"` // what a click of the wall or door tool would do at the pointer
	Kinds  []string      `json:"kinds"`         // the square kinds, in order
	Bevels []string      `json:"bevels"`        // the bevels
	Sizes  []string      `json:"sizes"`         // the figure sizes
	Skills []string      `json:"abilities"`     // the abilities a card can have
}

// GridCardState is a figure's card as the page edits it.
type GridCardState struct {
	Name      string   `json:"name"`
	Side      string   `json:"side"`
	Size      string   `json:"size"`
	Speed     int      `json:"speed"`
	Reach     int      `json:"reach"`
	Abilities []string `json:"abilities"`
}

// gridCardState is c as the page sees it.
func gridCardState(c ops.GridFigure) GridCardState {
	out := GridCardState{Name: c.Name, Side: c.Side, Size: c.Size.String(), Speed: c.Speed, Reach: c.Reach, Abilities: []string{}}
	for _, a := range c.Abilities {
		out.Abilities = append(out.Abilities, a.String())
	}
	return out
}

// gridCardArg is a card from the page; a field left out keeps the card's.
type gridCardArg struct {
	Name      *string  `json:"name"`
	Side      *string  `json:"side"`
	Size      *string  `json:"size"`
	Speed     *int     `json:"speed"`
	Reach     *int     `json:"reach"`
	Abilities []string `json:"abilities"`
}

// into writes the card's fields into c (a name the table does not know is refused; its range
// checks are the op's).
func (a *gridCardArg) into(c *ops.GridFigure) error {
	if a == nil {
		return nil
	}
	if a.Name != nil {
		c.Name = *a.Name
	}
	if a.Side != nil {
		c.Side = *a.Side
	}
	if a.Size != nil {
		if err := c.Size.UnmarshalText([]byte(*a.Size)); err != nil {
			return errors.New(T("cmd.badArg", err.Error()))
		}
	}
	if a.Speed != nil {
		c.Speed = *a.Speed
	}
	if a.Reach != nil {
		c.Reach = *a.Reach
	}
	if a.Abilities != nil {
		c.Abilities = make([]table.Ability, len(a.Abilities))
		for i, n := range a.Abilities {
			if err := c.Abilities[i].UnmarshalText([]byte(n)); err != nil {
				return errors.New(T("cmd.badArg", err.Error()))
			}
		}
	}
	return nil
}

// gridEditArg is the argument of the editor's actions.
type gridEditArg struct {
	Tool   *gridTool    `json:"tool"`
	Square *string      `json:"square"`
	Bevel  *string      `json:"bevel"`
	Erase  *bool        `json:"erase"`
	Card   *gridCardArg `json:"card"`
	Zone   *int         `json:"zone"`
	Figure string       `json:"figure"`
}

// setTool sets the editor's tool and what it puts down; nothing changes on a fault.
func (g *gridView) setTool(a gridEditArg) error {
	e := g.edit
	if a.Tool != nil {
		e.tool = *a.Tool
	}
	if a.Square != nil {
		if err := e.square.UnmarshalText([]byte(*a.Square)); err != nil {
			return errors.New(T("cmd.badArg", err.Error()))
		}
	}
	if a.Bevel != nil {
		if err := e.bevel.UnmarshalText([]byte(*a.Bevel)); err != nil {
			return errors.New(T("cmd.badArg", err.Error()))
		}
	}
	if a.Erase != nil {
		e.erase = *a.Erase
	}
	if a.Zone != nil {
		if *a.Zone != 0 && *a.Zone != 1 {
			return errors.New(T("grid.noZone", *a.Zone))
		}
		e.zone = *a.Zone
	}
	if err := a.Card.into(&e.card); err != nil {
		return err
	}
	e.press = nil
	g.edit = e
	g.rev++
	return nil
}

// editCard submits the op that gives figure id the card a (the fields left out stay).
func (s *TableScene) editCard(a gridEditArg) error {
	fg, ok := s.grid.figure(a.Figure)
	if !ok {
		return errors.New(T("grid.noFigure", a.Figure))
	}
	c := ops.FigureOf(fg)
	if err := a.Card.into(&c); err != nil {
		return err
	}
	if err := s.doc.Submit(&ops.SWMFigureEdit{FigureID: a.Figure, Figure: c}); err != nil {
		return errors.New(errText(err))
	}
	s.syncGrid()
	return nil
}

// editState is the editor's part of the grid state.
func (g *gridView) editState() *GridEditState {
	e := &g.edit
	st := &GridEditState{Tool: e.tool.String(), Square: e.square.String(), Bevel: e.bevel.String(), Erase: e.erase, Card: gridCardState(e.card), Zone: e.zone, Aim: g.aimState()}
	for q := table.SquareOpen; q <= table.SquareSolid; q++ {
		st.Kinds = append(st.Kinds, q.String())
	}
	for b := table.BevelNone; b <= table.BevelBoth; b++ {
		st.Bevels = append(st.Bevels, b.String())
	}
	for z := table.SizeMedium; z <= table.SizeHuge; z++ {
		st.Sizes = append(st.Sizes, z.String())
	}
	for a := table.AbilityFlight; a <= table.AbilityAccurateShot; a++ {
		st.Skills = append(st.Skills, a.String())
	}
	return st
}

func init() {
	RegisterStrings(map[string][2]string{
		"grid.noTool":                {"grid: no tool %q (measure, paint, wall, door, figure)", "grid: kein Werkzeug %q (measure, paint, wall, door, figure)"},
		"grid.tool.measure":          {"Measure", "Messen"},
		"grid.tool.paint":            {"Paint", "Malen"},
		"grid.tool.wall":             {"Walls", "Wände"},
		"grid.tool.door":             {"Doors", "Türen"},
		"grid.tool.figure":           {"Figures", "Figuren"},
		"grid.tool.zone":             {"Deployment", "Aufstellung"},
		"grid.zone.0":                {"first squad", "erster Trupp"},
		"grid.zone.1":                {"second squad", "zweiter Trupp"},
		"grid.noZone":                {"grid: no zone %d (0 or 1)", "grid: keine Zone %d (0 oder 1)"},
		"grid.hint.zone":             {"drag over squares: the squad's deployment zone", "über Felder ziehen: Aufstellungszone des Trupps"},
		"grid.edit":                  {"Edit the map", "Karte bearbeiten"},
		"grid.erase":                 {"Erase", "Entfernen"},
		"grid.bevel":                 {"Bevel", "Abschrägung"},
		"grid.bevel.none":            {"none", "keine"},
		"grid.bevel.from":            {"start", "Anfang"},
		"grid.bevel.to":              {"end", "Ende"},
		"grid.bevel.both":            {"both ends", "beide Enden"},
		"grid.side":                  {"Side", "Seite"},
		"grid.name":                  {"Name", "Name"},
		"grid.figSize":               {"Size", "Größe"},
		"grid.speed":                 {"Speed", "Geschwindigkeit"},
		"grid.meleeReach":            {"Reach", "Reichweite"},
		"grid.abilities":             {"Abilities", "Fähigkeiten"},
		"grid.applyCard":             {"Apply to selected", "Auf gewählte anwenden"},
		"grid.card":                  {"Card", "Karte"},
		"grid.size.medium":           {"medium (1)", "mittel (1)"},
		"grid.size.small":            {"small (1)", "klein (1)"},
		"grid.size.large":            {"large (2×2)", "groß (2×2)"},
		"grid.size.huge":             {"huge (3×3)", "riesig (3×3)"},
		"grid.ability.flight":        {"Flight", "Flug"},
		"grid.ability.wall-climber":  {"Wall Climber", "Wandkletterer"},
		"grid.ability.rigid":         {"Rigid", "Starr"},
		"grid.ability.sniper":        {"Sniper", "Scharfschütze"},
		"grid.ability.stealth":       {"Stealth", "Tarnung"},
		"grid.ability.melee-attack":  {"Melee Attack", "Nahkampfangriff"},
		"grid.ability.accurate-shot": {"Accurate Shot", "Präziser Schuss"},
		"grid.hint.paint":            {"drag over squares: paint them %s", "über Felder ziehen: %s malen"},
		"grid.hint.wall.touch":       {"drag along a grid line: a wall · tap an edge: wall on/off", "entlang einer Rasterlinie ziehen: Wand · Kante antippen: Wand an/aus"},
		"grid.hint.door.touch":       {"tap an edge: add a door, or open/close it", "Kante antippen: Tür setzen oder öffnen/schließen"},
		"grid.hint.figure.touch":     {"tap a square: place · drag a figure: move · tap a figure: select", "Feld antippen: aufstellen · Figur ziehen: bewegen · Figur antippen: wählen"},
		"grid.hint.erase.touch":      {"erase: tap or drag to take away", "Entfernen: antippen oder ziehen nimmt weg"},
		"grid.hint.wall":             {"drag along a grid line: a wall · click an edge: wall on/off", "entlang einer Rasterlinie ziehen: Wand · Kante anklicken: Wand an/aus"},
		"grid.hint.door":             {"click an edge: add a door, or open/close it", "Kante anklicken: Tür setzen oder öffnen/schließen"},
		"grid.hint.figure":           {"click a square: place · drag a figure: move · click a figure: select · Del: remove it", "Feld anklicken: aufstellen · Figur ziehen: bewegen · Figur anklicken: wählen · Entf: entfernen"},
		// The tools' keys (swm_keys.go), as the panel's buttons' tips.
		"grid.tip.measure": {"select figures and measure · key 1", "Figuren wählen und messen · Taste 1"},
		"grid.tip.paint":   {"paint squares · key 2", "Felder malen · Taste 2"},
		"grid.tip.wall":    {"walls · key 3", "Wände · Taste 3"},
		"grid.tip.door":    {"doors · key 4", "Türen · Taste 4"},
		"grid.tip.figure":  {"place, move and edit figures · key 5 · Del: remove the selected one", "Figuren aufstellen, bewegen, bearbeiten · Taste 5 · Entf: gewählte entfernen"},
		"grid.tip.zone":    {"deployment zones · key 6", "Aufstellungszonen · Taste 6"},
		"grid.tip.erase":   {"take away instead · key X", "stattdessen entfernen · Taste X"},
		"grid.hint.pan":    {"right-drag or two fingers: pan", "rechts ziehen oder zwei Finger: verschieben"},
		"grid.hint.erase":  {"erase: click or drag to take away", "Entfernen: anklicken oder ziehen nimmt weg"},
	})
}

// gridEditWords are the i18n keys of the panel's editor.
func gridEditWords(st *GridEditState) []string {
	keys := []string{"grid.zone.0", "grid.zone.1", "grid.edit", "grid.erase", "grid.bevel", "grid.side", "grid.name", "grid.figSize", "grid.speed",
		"grid.meleeReach", "grid.abilities", "grid.applyCard", "grid.card"}
	for _, t := range gridToolNames {
		keys = append(keys, "grid.tool."+t, "grid.tip."+t)
	}
	keys = append(keys, "grid.tip.erase")
	for _, q := range st.Kinds {
		keys = append(keys, "grid.square."+q)
	}
	for _, b := range st.Bevels {
		keys = append(keys, "grid.bevel."+b)
	}
	for _, z := range st.Sizes {
		keys = append(keys, "grid.size."+z)
	}
	for _, a := range st.Skills {
		keys = append(keys, "grid.ability."+a)
	}
	return keys
}
