package scenes

import (
	"errors"
	"regexp"
	"strings"

	"holotable/ops"
	"holotable/rules"
	"holotable/swm"
	"holotable/table"
)

// The grid table's commands and its state for the page (web/ui.js's grid panel). The page's
// command "grid" takes an action:
//
//	{"action": "select", "figure": id}       select a figure ("" clears)
//	{"action": "measure", "from": a, "to": b} line of sight, cover and distance from a to b
//	{"action": "roll", "kind": "attack", "attack": 8, "defense": 16, "combinedFire": 0,
//	 "critFrom": 20, "vicious": false, "droid": false}  an attack roll (the measured defender's
//	 cover adds its +4 to Defense); "kind": "save" ("need": 11) or "initiative"
//	{"action": "seed", "seed": n}            the d20's seed (the same seed rolls the same)
//
// While a grid table is shown the Legion tools' commands are refused (gridCommand) and export and
// share link write the grid table.

// GridState is the grid table as the page sees it (State.Grid).
type GridState struct {
	Width    int               `json:"width"`
	Height   int               `json:"height"`
	Figures  []GridFigureState `json:"figures"`
	Selected string            `json:"selected"`
	Target   string            `json:"target"`
	Measure  *GridMeasureState `json:"measure,omitempty"`
	Reach    *GridReachState   `json:"reach,omitempty"`
	Sight    *GridSightState   `json:"sight,omitempty"`
	Targets  *GridTargetsState `json:"targets,omitempty"`
	Path     *GridPathState    `json:"path,omitempty"` // the selected figure's path to the square under the pointer
	Roll     *gridRoll         `json:"roll,omitempty"`
	Seed     uint64            `json:"seed"`
	Explain  *GridExplainState `json:"explain,omitempty"` // the reasons the page's message line shows
	Squares  map[string]int    `json:"squares"`           // squares of each kind
	Walls    int               `json:"walls"`
	Doors    []GridDoorState   `json:"doors"`
	Edit     *GridEditState    `json:"edit"`  // the map editor's tool (swm_edit_commands.go)
	Words    map[string]string `json:"words"` // the panel's words in the current language
}

// GridFigureState is one figure.
type GridFigureState struct {
	ID   string        `json:"id"`
	Name string        `json:"name,omitempty"`
	Side string        `json:"side"`
	X    int           `json:"x"`
	Y    int           `json:"y"`
	Size string        `json:"size"`
	Card GridCardState `json:"card"` // what the editor's card fields show for it
}

// GridDoorState is one door and its state.
type GridDoorState struct {
	ID    string `json:"id"`
	State string `json:"state"`
}

// GridMeasureState is the answer between two figures, as the judge's queries los, cover and
// distance answer it.
type GridMeasureState struct {
	From     string        `json:"from"`
	To       string        `json:"to"`
	LOS      bool          `json:"los"`
	Method   string        `json:"method"`
	Line     [2][2]float64 `json:"line"`
	Cover    bool          `json:"cover"`
	Adjacent bool          `json:"adjacent"`
	Corner   *table.Point  `json:"corner"`
	By       []string      `json:"by"`
	Distance *int          `json:"distance"`
	Text     string        `json:"text"` // the one-line summary in the current language
}

// GridReachState is the selected figure's reach.
type GridReachState struct {
	Budget    int `json:"budget"`
	Count     int `json:"count"`
	Provoking int `json:"provoking"` // end squares whose cheapest path provokes attacks of opportunity
}

// GridPathState is the selected figure's cheapest path to a square it can end on: its steps,
// cost, and the enemies whose attacks of opportunity its steps provoke, in order.
type GridPathState struct {
	To       [2]int     `json:"to"`
	Cost     int        `json:"cost"`
	Steps    []swm.Step `json:"steps"`
	Provokes []string   `json:"provokes"`
	Text     string     `json:"text"`
}

// GridSightState is what the selected figure sees, and how long the answer took.
type GridSightState struct {
	Count int     `json:"count"`
	MS    float64 `json:"ms"`
}

// GridTargetsState is the selected figure's legal targets.
type GridTargetsState struct {
	Legal        []string         `json:"legal"`
	AdjacentOnly bool             `json:"adjacentOnly"`
	Nearest      int              `json:"nearest"`
	Enemies      []GridEnemyState `json:"enemies"`
}

// GridEnemyState is one enemy of the selected figure.
type GridEnemyState struct {
	ID       string `json:"id"`
	Legal    bool   `json:"legal"`
	LOS      bool   `json:"los"`
	Cover    bool   `json:"cover"`
	Distance int    `json:"distance"`
	Why      string `json:"why"` // in the current language
}

// GridExplainState is a title and its reasons.
type GridExplainState struct {
	Title   string        `json:"title"`
	Reasons []ReasonState `json:"reasons"`
}

// gridRoll is the last d20 roll.
type gridRoll struct {
	Kind     string        `json:"kind"`
	Natural  int           `json:"natural"`
	Total    int           `json:"total,omitempty"`
	Hit      bool          `json:"hit,omitempty"`
	Critical bool          `json:"critical,omitempty"`
	Damage   int           `json:"damage,omitempty"`
	Saved    bool          `json:"saved,omitempty"`
	Rolls    [][2]int      `json:"rolls,omitempty"`
	Winner   int           `json:"winner,omitempty"`
	Defense  int           `json:"defense,omitempty"` // with cover's +4 when it was added
	Text     string        `json:"text"`              // in the current language (filled in by state)
	Reasons  []ReasonState `json:"reasons"`           // in the current language (filled in by state)
	key      string        // the i18n key of Text
	args     []any
	reasons  []rules.Reason
}

// gridCite is a seed-004 citation as a player looks it up: the lines without the sentence.
var gridCiteNote = regexp.MustCompile(`\s*\([^()]*\)\s*$`)

func gridCite(c string) string { return gridCiteNote.ReplaceAllString(c, "") }

// gridReasons are grid reasons as the page shows them, in the current language; a reason the
// same as one before it is shown once (cover names its rule once for each wall that gives it).
func gridReasons(rs []rules.Reason) []ReasonState {
	out := make([]ReasonState, 0, len(rs))
	seen := map[string]bool{}
	for _, r := range rs {
		if seen[string(r.Rule)+"\x00"+r.Text] {
			continue
		}
		seen[string(r.Rule)+"\x00"+r.Text] = true
		words := r.Text
		if Language() == "de" {
			words, _ = swm.German(r)
		}
		out = append(out, ReasonState{Rule: r.Rule, Cite: r.Cite, Name: gridCite(r.Cite), Text: r.Text, Words: words, IDs: r.IDs})
	}
	return out
}

func gridYesNo(b bool) string { return T(gridYes(b)) }

// state is the view's state for the snapshot.
func (g *gridView) state() *GridState {
	f := g.file
	st := &GridState{Width: f.Width, Height: f.Height, Selected: g.sel, Target: g.target, Seed: g.seed,
		Figures: make([]GridFigureState, 0, len(f.Figures)), Squares: map[string]int{}, Walls: len(f.Walls),
		Doors: make([]GridDoorState, 0, len(f.Doors)), Words: map[string]string{}}
	for _, fg := range f.Figures {
		st.Figures = append(st.Figures, GridFigureState{ID: fg.ID, Name: fg.Name, Side: fg.Side, X: fg.X, Y: fg.Y, Size: fg.Size.String(),
			Card: gridCardState(ops.FigureOf(fg))})
	}
	for _, q := range f.Squares {
		st.Squares[q.String()]++
	}
	for _, d := range f.Doors {
		st.Doors = append(st.Doors, GridDoorState{ID: d.ID, State: d.State.String()})
	}
	for _, k := range gridPanelWords {
		st.Words[k] = T(k)
	}
	st.Edit = g.editState()
	for _, k := range gridEditWords(st.Edit) {
		st.Words[k] = T(k)
	}
	if g.roll != nil {
		st.Roll = g.roll.worded()
	}
	if m := g.measure; m != nil {
		ms := &GridMeasureState{From: m.From, To: m.To, LOS: m.LOS.Visible, Method: m.LOS.Method, Line: m.LOS.Line,
			Cover: m.Cover.Cover, Adjacent: m.Cover.Adjacent, Corner: m.Cover.Corner, By: m.Cover.By}
		if ms.By == nil {
			ms.By = []string{}
		}
		dist := T("grid.noCount")
		if m.Distance.Reachable {
			d := m.Distance.Squares
			ms.Distance = &d
			dist = T("grid.squares", d)
		}
		ms.Text = T("grid.measureText", m.From, m.To, gridYesNo(ms.LOS), gridYesNo(ms.Cover), dist)
		st.Measure = ms
		var rs []rules.Reason
		rs = append(rs, m.LOS.Reasons...)
		rs = append(rs, m.Cover.Reasons...)
		rs = append(rs, m.Distance.Reasons...)
		st.Explain = &GridExplainState{Title: ms.Text, Reasons: gridReasons(rs)}
	}
	if r := g.reach; r != nil {
		rs := &GridReachState{Budget: r.Budget, Count: len(r.Ends)}
		for _, e := range r.Ends {
			if e.Provoking > 0 {
				rs.Provoking++
			}
		}
		st.Reach = rs
		st.Sight = &GridSightState{Count: g.sight.Count, MS: g.sightMS}
	}
	if len(g.path) > 0 {
		ps := &GridPathState{To: g.hover, Steps: g.path, Provokes: []string{}}
		for _, st := range g.path {
			ps.Cost += st.Cost
			ps.Provokes = append(ps.Provokes, st.Provokes...)
		}
		prov := T("grid.none")
		if len(ps.Provokes) > 0 {
			prov = strings.Join(ps.Provokes, ", ")
		}
		ps.Text = T("grid.pathText", g.hover[0], g.hover[1], ps.Cost, prov)
		st.Path = ps
	}
	if t := g.targets; t != nil {
		ts := &GridTargetsState{Legal: t.Legal, AdjacentOnly: t.AdjacentOnly, Nearest: t.Nearest, Enemies: []GridEnemyState{}}
		for _, c := range t.Enemies {
			why := c.Why
			if Language() == "de" {
				why, _ = swm.German(rules.Reason{Rule: "target", Text: c.ID + ": " + c.Why})
				why = strings.TrimPrefix(why, c.ID+": ")
			}
			ts.Enemies = append(ts.Enemies, GridEnemyState{ID: c.ID, Legal: c.Legal, LOS: c.LOS, Cover: c.Cover, Distance: c.Distance, Why: why})
		}
		st.Targets = ts
		if st.Explain == nil {
			var rs []rules.Reason
			rs = append(rs, t.Reasons...)
			rs = append(rs, g.reach.Reasons...)
			rs = append(rs, g.sight.Reasons...)
			st.Explain = &GridExplainState{Title: T("grid.selected", g.sel), Reasons: gridReasons(rs)}
		}
	}
	if st.Roll != nil && g.measure == nil && g.sel == "" {
		st.Explain = &GridExplainState{Title: st.Roll.Text, Reasons: st.Roll.Reasons}
	}
	return st
}

// gridPanelWords are the i18n keys of the page's grid panel.
var gridPanelWords = []string{"grid.figure", "grid.target", "grid.los", "grid.cover", "grid.distance", "grid.targets",
	"grid.reach", "grid.sight", "grid.d20", "grid.attack", "grid.defense", "grid.rollAttack", "grid.rollSave",
	"grid.rollInitiative", "grid.clear", "grid.none", "grid.provoking", "grid.combinedFire"}

// rollArg is the roll action's argument.
type rollArg struct {
	Kind         string `json:"kind"`
	Attack       int    `json:"attack"`
	Defense      int    `json:"defense"`
	CombinedFire int    `json:"combinedFire"`
	CritFrom     int    `json:"critFrom"`
	Vicious      bool   `json:"vicious"`
	Droid        bool   `json:"droid"`
	Need         int    `json:"need"`
}

// rollD20 rolls a d20 as a asks (the rules of swm/d20.go) with the view's roller.
func (g *gridView) rollD20(a rollArg) error {
	var r gridRoll
	var rs []rules.Reason
	switch a.Kind {
	case "", "attack":
		o := swm.AttackOptions{Attack: a.Attack, Defense: a.Defense, CombinedFire: a.CombinedFire, CritFrom: a.CritFrom, Vicious: a.Vicious, DroidDefender: a.Droid}
		if m := g.measure; m != nil && m.Cover.Cover {
			o.Defense += 4 // cover: +4 Defense, once (L554)
			rs = append(rs, m.Cover.Reasons[len(m.Cover.Reasons)-1])
		}
		at, err := swm.RollAttack(g.roller, o)
		if err != nil {
			return err
		}
		verdict := gridWord{key: "grid.miss"}
		if at.Hit {
			verdict = gridWord{key: "grid.hit", args: []any{at.Damage}}
		}
		r = gridRoll{Kind: "attack", Natural: at.Natural, Total: at.Total, Hit: at.Hit, Critical: at.Critical, Damage: at.Damage, Defense: o.Defense,
			key: "grid.attackText", args: []any{at.Natural, at.Total, o.Defense, verdict}}
		rs = append(at.Reasons, rs...)
	case "save":
		sv := swm.RollSave(g.roller, a.Need)
		r = gridRoll{Kind: "save", Natural: sv.Natural, Saved: sv.Saved, key: "grid.saveText", args: []any{sv.Natural, sv.Need, gridWord{key: gridYes(sv.Saved)}}}
		rs = sv.Reasons
	case "initiative":
		in := swm.RollInitiative(g.roller)
		last := in.Rolls[len(in.Rolls)-1]
		r = gridRoll{Kind: "initiative", Natural: last[0], Rolls: in.Rolls, Winner: in.Winner, key: "grid.initiativeText", args: []any{last[0], last[1], in.Winner + 1}}
		rs = in.Reasons
	default:
		return errors.New(T("grid.noRoll", a.Kind))
	}
	g.rolls++
	r.reasons = rs
	g.roll = &r
	return nil
}

// gridWord is a word of a roll's summary, put into the language when the state is made.
type gridWord struct {
	key  string
	args []any
}

// worded is the roll with its summary and reasons in the current language.
func (r *gridRoll) worded() *gridRoll {
	out := *r
	args := make([]any, len(r.args))
	for i, a := range r.args {
		if w, ok := a.(gridWord); ok {
			a = T(w.key, w.args...)
		}
		args[i] = a
	}
	out.Text, out.Reasons = T(r.key, args...), gridReasons(r.reasons)
	return &out
}

func gridYes(b bool) string {
	if b {
		return "grid.yes"
	}
	return "grid.no"
}

// gridAllowed are the commands that work on a grid table; the others are the Legion tools'.
var gridAllowed = map[string]bool{"grid": true, "export": true, "shareLink": true, "import": true, "openShared": true,
	"newTable": true, "fit": true, "settings": true, "strings": true, "language": true, "lengthUnit": true,
	"overlays": true, "reserve": true, "message": true, "undo": true, "redo": true}

// gridCommand runs the commands a grid table answers differently; done is false for the others,
// which Command then runs as usual.
func (s *TableScene) gridCommand(name string, arg jsonRaw) (out any, err error, done bool) {
	if name == "newTable" {
		var a struct{ Ruleset, Map string }
		if err := argInto(arg, &a); err != nil {
			return nil, err, true
		}
		if a.Ruleset != table.RulesetSWM {
			return nil, nil, false // a Legion table: the usual command (its table.import takes the grid away)
		}
		data, err := gridExample(a.Map)
		if err != nil {
			return nil, err, true
		}
		if a.Map == "" {
			a.Map = "example"
		}
		if err := s.loadGrid(a.Map, data); err != nil {
			return nil, err, true
		}
		s.message = T("grid.newTable", s.grid.name, s.grid.file.Width, s.grid.file.Height)
		return nil, nil, true
	}
	if s.grid == nil {
		return nil, nil, false
	}
	switch {
	case name == "export":
		b, err := table.SaveSWM(s.grid.file)
		return string(b), err, true
	case name == "shareLink":
		b, err := table.SaveSWM(s.grid.file)
		if err != nil {
			return nil, err, true
		}
		out, err := ShareFragment(b)
		return out, err, true
	case !gridAllowed[name]:
		return nil, errors.New(T("grid.notHere", name)), true
	}
	return nil, nil, false
}

// gridImportJob shows a grid table file in one step (its check is table.LoadSWM's).
func (s *TableScene) gridImportJob(data []byte) *Job {
	return &Job{what: "job.import", steps: []func() error{func() error {
		if err := s.loadGrid("import", data); err != nil {
			return errors.New(T("import.refused", errText(err)))
		}
		s.message = ""
		return nil
	}}}
}

func init() {
	RegisterCommand("grid", func(s *TableScene, arg jsonRaw) (any, error) {
		s.syncGrid() // the document may have changed since the last Update (an undo command)
		g := s.grid
		if g == nil {
			return nil, errors.New(T("grid.noGrid"))
		}
		var a struct {
			Action           string
			Figure, From, To string
			Seed             *uint64
			rollArg
		}
		if err := argInto(arg, &a); err != nil {
			return nil, err
		}
		if err := argInto(arg, &a.rollArg); err != nil {
			return nil, err
		}
		switch a.Action {
		case "select":
			return nil, g.selectFigure(a.Figure)
		case "measure":
			return nil, g.measureFigures(a.From, a.To)
		case "roll":
			if err := g.rollD20(a.rollArg); err != nil {
				return nil, err
			}
			return g.roll.worded(), nil
		case "tool", "card":
			var e gridEditArg
			if err := argInto(arg, &e); err != nil {
				return nil, err
			}
			if a.Action == "tool" {
				return nil, g.setTool(e)
			}
			return nil, s.editCard(e)
		case "seed":
			if a.Seed == nil {
				return nil, errors.New(T("grid.noSeed"))
			}
			g.seed, g.roller, g.rolls = *a.Seed, rules.SeededRoller(*a.Seed), 0
			return nil, nil
		}
		return nil, errors.New(T("grid.noAction", a.Action))
	})
	RegisterStrings(map[string][2]string{
		"ui.gridTable":          {"Grid table (Star Wars Miniatures)", "Rastertisch (Star Wars Miniatures)"},
		"ui.gridTable.tip":      {"Open the example map of Star Wars Miniatures: a grid of squares, its line of sight, cover, distance, reach and targets", "Die Beispielkarte von Star Wars Miniatures öffnen: ein Raster aus Feldern, mit Sichtlinie, Deckung, Entfernung, Reichweite und Zielen"},
		"ui.tool.grid":          {"Grid", "Raster"},
		"ui.tool.grid.tip":      {"Click a figure: its reach, sight and targets; another: line of sight, cover and distance", "Figur anklicken: Reichweite, Sicht und Ziele; eine zweite: Sichtlinie, Deckung und Entfernung"},
		"grid.noGrid":           {"no grid table is shown", "kein Rastertisch wird gezeigt"},
		"grid.notHere":          {"%s: not on a grid table (Star Wars Miniatures)", "%s: nicht auf einem Rastertisch (Star Wars Miniatures)"},
		"grid.noAction":         {"grid: no action %q (select, measure, roll, seed, tool, card)", "grid: keine Aktion %q (select, measure, roll, seed, tool, card)"},
		"grid.noRoll":           {"grid: no roll %q (attack, save, initiative)", "grid: kein Wurf %q (attack, save, initiative)"},
		"grid.noSeed":           {"grid: seed needs a number", "grid: seed braucht eine Zahl"},
		"grid.noFigure":         {"no figure %q on the map", "keine Figur %q auf der Karte"},
		"grid.sameFigure":       {"%s cannot measure to itself", "%s kann nicht zu sich selbst messen"},
		"grid.noMap":            {"no grid map %q (%v)", "keine Rasterkarte %q (%v)"},
		"grid.newTable":         {"grid table %s, %d×%d squares", "Rastertisch %s, %d×%d Felder"},
		"grid.size":             {"%d×%d squares", "%d×%d Felder"},
		"grid.hint":             {"drag: pan · wheel: zoom · F: fit · click a figure: select, another: measure", "Ziehen: verschieben · Rad: zoomen · F: einpassen · Figur anklicken: wählen, eine zweite: messen"},
		"grid.hintTouch":        {"drag: pan · pinch: zoom · tap a figure: select, another: measure", "Ziehen: verschieben · Zwei Finger: zoomen · Figur antippen: wählen, eine zweite: messen"},
		"grid.selected":         {"selected %s: reach, sight and targets", "gewählt %s: Reichweite, Sicht und Ziele"},
		"grid.cursor":           {"square %d,%d (%s)", "Feld %d,%d (%s)"},
		"grid.square.open":      {"open", "offen"},
		"grid.square.low":       {"low objects", "niedrige Objekte"},
		"grid.square.difficult": {"difficult", "schwierig"},
		"grid.square.pit":       {"pit", "Grube"},
		"grid.square.solid":     {"solid", "massiv"},
		"grid.pathText":         {"move to %d,%d: %d squares · attacks of opportunity: %s", "Bewegung nach %d,%d: %d Felder · Gelegenheitsangriffe: %s"},
		"grid.yes":              {"yes", "ja"},
		"grid.no":               {"no", "nein"},
		"grid.squares":          {"%d squares", "%d Felder"},
		"grid.noCount":          {"no count reaches", "keine Zählung reicht"},
		"grid.measureText":      {"%s → %s: line of sight %s · cover %s · %s", "%s → %s: Sichtlinie %s · Deckung %s · %s"},
		"grid.figure":           {"Figure", "Figur"},
		"grid.target":           {"Target", "Ziel"},
		"grid.los":              {"Line of sight", "Sichtlinie"},
		"grid.cover":            {"Cover", "Deckung"},
		"grid.distance":         {"Distance", "Entfernung"},
		"grid.targets":          {"Legal targets", "Zulässige Ziele"},
		"grid.reach":            {"Reach", "Reichweite"},
		"grid.sight":            {"Sees", "Sieht"},
		"grid.provoking":        {"provoking", "provozierend"},
		"grid.d20":              {"d20", "W20"},
		"grid.attack":           {"Attack", "Angriff"},
		"grid.defense":          {"Defense", "Verteidigung"},
		"grid.combinedFire":     {"Combined fire", "Kombiniertes Feuer"},
		"grid.rollAttack":       {"Attack roll", "Angriffswurf"},
		"grid.rollSave":         {"Save", "Rettungswurf"},
		"grid.rollInitiative":   {"Initiative", "Initiative"},
		"grid.clear":            {"Clear", "Aufheben"},
		"grid.none":             {"none", "keine"},
		"grid.miss":             {"miss", "verfehlt"},
		"grid.hit":              {"hit ×%d damage", "Treffer ×%d Schaden"},
		"grid.attackText":       {"d20: %d → %d against Defense %d: %s", "W20: %d → %d gegen Verteidigung %d: %s"},
		"grid.saveText":         {"save: d20 %d against %d: %s", "Rettungswurf: W20 %d gegen %d: %s"},
		"grid.initiativeText":   {"initiative: %d against %d: player %d chooses", "Initiative: %d gegen %d: Spieler %d wählt"},
	})
}

// snapshot puts the grid table into the scene's state: its ruleset and size, the grid tool with
// its state, and no Legion units, terrain or history.
func (g *gridView) snapshot(st *State) {
	gs := g.state()
	st.Map, st.Ruleset, st.Length = g.name, table.RulesetSWM, "squares"
	st.Table = TableSize{float64(g.file.Width), float64(g.file.Height)}
	st.Tool, st.ToolState, st.Grid = "grid", gs, gs
	st.Selected, st.Terrain, st.Units = g.sel, 0, []UnitState{}
	st.Heat, st.Standing, st.History = nil, nil, nil
}
