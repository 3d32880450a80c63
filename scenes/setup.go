package scenes

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/golang/geo/r2"

	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

// The setup tool walks the players through a game's setup (RRG 2.0 Spielaufbau L811–876), step by
// step, with the setup state saved in the table file (table.Setup, docs/format-setup.md): every
// step is one Doc.Edit, so it is undoable and autosaved.
//
//  1. terrain: choose which side of the table is blue and which red, and blue's long edge; then
//     competitive terrain placement, the players taking turns: arm a preset (or pick up a piece on
//     the table) and click to place it; the rules check it (beyond range 1 of every other piece;
//     within range 1 only as the fallback, Shift+click; never touching) and the coverage is shown.
//  2. draft: deal 3 objective, 3 deployment and 3 condition cards; the players alternately eliminate
//     the left-most card of a row (click the row) or pass; the rules refuse a row's last card and
//     say why. In a Spezialeinsätze table this step is the mission choice.
//  3. tokens: the chosen deployment card's zones are drawn (dashed when the card's geometry is
//     inferred); the objective card's fixed tokens are placed; the players place the others by
//     click, with the rules' answer live under the pointer (green/red and the reasons).
//  4. deploy: the players drag their units into their zones in turn (blue first); the rules check
//     every base.
//
// Page command: setup {action, …} → the tool's state (setupState):
//
//	start                                   begin a setup (phase terrain)
//	colours {blue, red, blueEdge}           which side name is blue and red; blue's edge south|north
//	first {colour}                          who places the first terrain piece
//	terrain {preset, shape, x, y, fallback} a terrain turn with a new piece centred on (x, y)
//	terrain {piece, x, y, fallback}         a terrain turn with a piece of the table, moved there
//	deal {objectives, deployments, conditions} | {seed}   the draft's rows (or a random deal)
//	eliminate {row}                         row: objective|deployment|condition (or 0–2)
//	pass
//	mission {mission}                       Spezialeinsätze: choose the mission (instead of the draft)
//	check {x, y}                            the rules' answer for the next token there (no edit)
//	placeToken {x, y, fallback}             place the next token (refused with the reasons when illegal;
//	                                        fallback: where the card allows it only as its fallback)
//	deploy {unit, dx, dy}                   deploy a unit, moved by (dx, dy)
//	next                                    go on to the next phase (refused with the reason)
//	state

func init() {
	RegisterTool("setup", func() Tool { return &setupTool{seed: uint64(time.Now().UnixNano()), hotCard: -1} })
	RegisterCommand("setup", cmdSetup)
	RegisterStrings(map[string][2]string{
		"ui.tool.setup":         {"Setup", "Aufbau"},
		"ui.tool.setup.tip":     {"Set the game up: colours, terrain turns, battle-card draft, tokens, deployment", "Partie aufbauen: Farben, Geländeplatzierung, Gefechtskarten, Marker, Aufstellung"},
		"setup.start":           {"Start setup", "Aufbau beginnen"},
		"setup.phase.terrain":   {"1 Terrain", "1 Gelände"},
		"setup.phase.draft":     {"2 Battle cards", "2 Gefechtskarten"},
		"setup.phase.mission":   {"2 Mission", "2 Mission"},
		"setup.phase.tokens":    {"3 Tokens", "3 Marker"},
		"setup.phase.deploy":    {"4 Deployment", "4 Aufstellung"},
		"setup.phase.done":      {"5 Done", "5 Fertig"},
		"setup.next":            {"Next ›", "Weiter ›"},
		"setup.blueIs":          {"blue: %s", "Blau: %s"},
		"setup.edge":            {"blue edge: %s", "blaue Kante: %s"},
		"setup.edge.south":      {"south", "Süden"},
		"setup.edge.north":      {"north", "Norden"},
		"setup.first":           {"%s places first", "%s platziert zuerst"},
		"setup.deal":            {"Deal cards", "Karten austeilen"},
		"setup.pass":            {"Pass", "Passen"},
		"setup.blue":            {"Blue", "Blau"},
		"setup.red":             {"Red", "Rot"},
		"setup.row.objective":   {"Objective", "Einsatzziel"},
		"setup.row.deployment":  {"Deployment", "Aufstellung"},
		"setup.row.condition":   {"Condition", "Bedingung"},
		"setup.hint.none":       {"a setup walks you through terrain, battle cards, tokens and deployment", "der Aufbau führt durch Gelände, Gefechtskarten, Marker und Aufstellung"},
		"setup.hint.colours":    {"choose which side is blue and blue's long edge", "wählen, welche Seite Blau ist, und die lange Kante von Blau"},
		"setup.hint.terrain":    {"%s's terrain turn: pick a preset or a piece on the table, click to place (Shift+click: within range 1, where nothing else is left)", "Geländezug %s: Vorlage oder Teil auf dem Tisch wählen, klicken zum Platzieren (Umschalt+Klick: in Reichweite 1, wenn nichts anderes bleibt)"},
		"setup.hint.deal":       {"deal the battle cards", "Gefechtskarten austeilen"},
		"setup.hint.draft":      {"%s's turn %d of 4: click a row to eliminate its left-most card, or pass", "%s ist am Zug (%d von 4): eine Reihe anklicken, um ihre linke Karte abzulegen, oder passen"},
		"setup.hint.drafted":    {"the battle cards are chosen: %s", "die Gefechtskarten stehen fest: %s"},
		"setup.hint.tokens":     {"%s places token %d of %d: click the table", "%s setzt Marker %d von %d: auf den Tisch klicken"},
		"setup.hint.tokensOn":   {"%s places token %d of %d: click a terrain piece (Shift+click: the card's fallback, where nothing else is left)", "%s setzt Marker %d von %d: ein Geländeteil anklicken (Umschalt+Klick: die Ausweichregel der Karte, wenn nichts anderes bleibt)"},
		"setup.hint.tokensDone": {"every token is placed", "alle Marker sind gesetzt"},
		"setup.hint.deploy":     {"%s deploys a unit: drag it into a %s zone (click: deploy it where it stands)", "%s stellt eine Einheit auf: in eine %s Zone ziehen (Klick: dort aufstellen, wo sie steht)"},
		"setup.hint.deployed":   {"every unit is deployed", "alle Einheiten sind aufgestellt"},
		"setup.hint.done":       {"setup done", "Aufbau fertig"},
		"setup.hint.mission":    {"choose the mission", "Mission wählen"},
		"setup.coverage":        {"terrain %.0f%% of the table (about 25%%)", "Gelände %.0f %% des Tisches (etwa 25 %%)"},
		"setup.inferred":        {"inferred", "erschlossen"},
		"setup.zonesInferred":   {"%s: zones inferred, not in the rulebook", "%s: Zonen erschlossen, nicht im Regelbuch"},
		"setup.zone":            {"%s zone %d", "%s Zone %d"},
		"setup.refused":         {"refused: %s", "abgelehnt: %s"},
		"setup.noSetup":         {"no setup yet: start one", "noch kein Aufbau: einen beginnen"},
		"setup.wrongPhase":      {"this belongs to the %s phase; the setup is in the %s phase", "das gehört zur Phase %s; der Aufbau ist in Phase %s"},
		"setup.needColours":     {"choose blue, red and blue's edge first", "zuerst Blau, Rot und die blaue Kante wählen"},
		"setup.sameSide":        {"blue and red must be different sides", "Blau und Rot müssen verschiedene Seiten sein"},
		"setup.noSide":          {"no side %q on the table (%s)", "keine Seite %q auf dem Tisch (%s)"},
		"setup.badEdge":         {"no edge %q (south, north)", "keine Kante %q (south, north)"},
		"setup.badColour":       {"no colour %q (blue, red)", "keine Farbe %q (blue, red)"},
		"setup.needDeal":        {"deal the cards first", "zuerst die Karten austeilen"},
		"setup.dealt":           {"the draft has begun: the cards stay as dealt (undo to deal again)", "die Auswahl hat begonnen: die Karten bleiben (rückgängig, um neu auszuteilen)"},
		"setup.badRow":          {"no row %q (objective, deployment, condition)", "keine Reihe %q (objective, deployment, condition)"},
		"setup.draftOpen":       {"the draft is not over: %s's turn", "die Auswahl ist nicht vorbei: %s ist am Zug"},
		"setup.tokensLeft":      {"%d token(s) still to place", "noch %d Marker zu setzen"},
		"setup.unitsLeft":       {"%d unit(s) still to deploy", "noch %d Einheit(en) aufzustellen"},
		"setup.noTokens":        {"no token is left to place", "kein Marker ist mehr zu setzen"},
		"setup.notOnPiece":      {"this card's tokens go on terrain pieces: there is none here", "die Marker dieser Karte kommen auf Geländeteile: hier ist keines"},
		"setup.noUnit":          {"no unit %q of blue or red", "keine Einheit %q von Blau oder Rot"},
		"setup.notTurn":         {"it is %s's turn, and %s is %s's", "%s ist am Zug, und %s gehört %s"},
		"setup.already":         {"%s is deployed already", "%s ist schon aufgestellt"},
		"setup.noPiece":         {"no terrain piece %q", "kein Geländeteil %q"},
		"setup.noAction":        {"no setup action %q", "keine Aufbau-Aktion %q"},
		"setup.badCard":         {"no %s card %q", "keine %s-Karte %q"},
		"setup.done":            {"the setup is done", "der Aufbau ist fertig"},
		"setup.specops":         {"Spezialeinsätze uses no battle cards: choose a mission", "Spezialeinsätze nutzt keine Gefechtskarten: eine Mission wählen"},
		"setup.legal":           {"legal", "zulässig"},
		"setup.illegal":         {"not legal", "nicht zulässig"},
		"setup.fallback":        {"fallback only", "nur als Ausweichregel"},
		"setup.edit.start":      {"start the setup", "Aufbau beginnen"},
		"setup.edit.colours":    {"choose colours", "Farben wählen"},
		"setup.edit.terrain":    {"%s places %s", "%s platziert %s"},
		"setup.edit.deal":       {"deal battle cards", "Gefechtskarten austeilen"},
		"setup.edit.eliminate":  {"%s eliminates %s", "%s legt %s ab"},
		"setup.edit.pass":       {"%s passes", "%s passt"},
		"setup.edit.token":      {"%s places %s", "%s setzt %s"},
		"setup.edit.deploy":     {"%s deploys %s", "%s stellt %s auf"},
		"setup.edit.next":       {"setup: %s", "Aufbau: %s"},
		"setup.edit.mission":    {"mission %s", "Mission %s"},
		"setup.needMission":     {"choose the mission first", "zuerst die Mission wählen"},
		"setup.legionCards":     {"a Legion game uses battle cards, not a mission", "eine Legion-Partie nutzt Gefechtskarten, keine Mission"},
		"setup.badMission":      {"no mission %q", "keine Mission %q"},
		"setup.turn":            {"%s's turn", "%s ist am Zug"},
		"setup.anyone":          {"either player", "beliebiger Spieler"},
		"setup.missing":         {"still to do: %s", "noch offen: %s"},
	})
}

// setupTool is the setup mode; see the file comment.
type setupTool struct {
	seed         uint64
	firstTerrain string // who places the first terrain piece ("" = blue), until the first turn
	armed        string // terrain preset armed for the next turn
	refused      *setupRefusal

	viewRev int // doc revision view was derived for
	view    *setupView

	hover    *tokenCheck // the rules' answer for the next token under the pointer
	hoverKey [2]float64
	drag     *setupDrag

	palette      []paletteButton
	cards        []draftBox
	hotCard      int
	paletteCache overlayCache
	cursorX      float64
	cursorY      float64
}

// setupRefusal is the last action the rules refused: what, why, and the reasons with citations.
type setupRefusal struct {
	Action  string         `json:"action"`
	Reason  string         `json:"reason"`
	Reasons []rules.Reason `json:"reasons,omitempty"`
}

func (t *setupTool) Name() string { return "setup" }

func setupToolOf(s *TableScene) *setupTool { return toolOf[*setupTool](s, "setup") }

// derived is the setup view of the document's current file.
func (t *setupTool) derived(s *TableScene) *setupView {
	if t.view == nil || t.viewRev != s.doc.Rev() || t.view.file != s.doc.File() {
		t.view = deriveSetup(s.doc.File(), s.doc.World())
		t.viewRev = s.doc.Rev()
		t.hover, t.hoverKey = nil, [2]float64{math.NaN(), math.NaN()}
	}
	return t.view
}

func phaseOf(f *table.File) string {
	if f.Setup == nil {
		return ""
	}
	return f.Setup.Phase
}

// refuse records and returns a refusal.
func (t *setupTool) refuse(s *TableScene, action string, err error, reasons []rules.Reason) error {
	t.refused = &setupRefusal{Action: action, Reason: err.Error(), Reasons: reasons}
	msg := T("setup.refused", err.Error())
	s.SetMessage(msg)
	return fmt.Errorf("%s", msg)
}

// edit applies one setup step as an undoable edit; the last refusal is forgotten.
func (t *setupTool) edit(s *TableScene, label string, fn func(f *table.File) error) error {
	if err := s.doc.Edit(label, fn); err != nil {
		return t.refuse(s, label, err, nil)
	}
	s.SetPreview(nil)
	t.refused = nil
	s.SetMessage("")
	return nil
}

// needPhase refuses an action outside its phase.
func (t *setupTool) needPhase(s *TableScene, action, phase string) error {
	cur := phaseOf(s.doc.File())
	if cur == "" {
		return t.refuse(s, action, fmt.Errorf("%s", T("setup.noSetup")), nil)
	}
	if cur != phase {
		return t.refuse(s, action, fmt.Errorf("%s", T("setup.wrongPhase", phase, cur)), nil)
	}
	return nil
}

func colourName(c string) string {
	if c == "red" {
		return T("setup.red")
	}
	return T("setup.blue")
}

// --- actions ---------------------------------------------------------------------------------------

func (t *setupTool) start(s *TableScene) error {
	if s.doc.File().Setup != nil {
		return nil
	}
	return t.edit(s, T("setup.edit.start"), func(f *table.File) error {
		f.Setup = &table.Setup{Phase: table.PhaseTerrain}
		return nil
	})
}

func (t *setupTool) colours(s *TableScene, blue, red, edge string) error {
	if err := t.needPhase(s, "colours", table.PhaseTerrain); err != nil {
		return err
	}
	v := t.derived(s)
	st := s.doc.File().Setup
	if blue == "" {
		blue = st.Blue
	}
	if edge == "" {
		edge = st.BlueEdge
	}
	if red == "" && blue != "" {
		red = st.Red
		if red == "" || red == blue {
			red = ""
			for _, sd := range v.sides { // the other side: "red" when there are only blue and red
				if sd != blue && (red == "" || sd == "red") {
					red = sd
				}
			}
		}
	}
	for _, sd := range []string{blue, red} {
		if sd != "" && !contains(v.sides, sd) {
			return t.refuse(s, "colours", fmt.Errorf("%s", T("setup.noSide", sd, strings.Join(v.sides, ", "))), nil)
		}
	}
	if blue != "" && blue == red {
		return t.refuse(s, "colours", fmt.Errorf("%s", T("setup.sameSide")), nil)
	}
	if edge != "" && edge != rules.BlueSouth && edge != rules.BlueNorth {
		return t.refuse(s, "colours", fmt.Errorf("%s", T("setup.badEdge", edge)), nil)
	}
	return t.edit(s, T("setup.edit.colours"), func(f *table.File) error {
		f.Setup.Blue, f.Setup.Red, f.Setup.BlueEdge = blue, red, edge
		return nil
	})
}

// terrainTurn places piece p (new, or one of the table moved) for the player whose turn it is.
func (t *setupTool) terrainTurn(s *TableScene, p table.Terrain, isNew, fallback bool) error {
	if err := t.needPhase(s, "terrain", table.PhaseTerrain); err != nil {
		return err
	}
	f := s.doc.File()
	if f.Setup.Blue == "" || f.Setup.Red == "" {
		return t.refuse(s, "terrain", fmt.Errorf("%s", T("setup.needColours")), nil)
	}
	v := t.derived(s)
	who := v.sum.Turn
	if who == "" {
		who = t.first()
	}
	if isNew {
		p.ID = uniqueID(f, p.ID)
	}
	c, err := rules.NewWorld(withPiece(f, p)).TerrainTurn(who, p.ID)
	if err != nil {
		return t.refuse(s, "terrain", err, nil)
	}
	if !c.OK && !(fallback && c.Fallback) {
		return t.refuse(s, "terrain", fmt.Errorf("%s", reasonsText(c.Reasons)), c.Reasons)
	}
	err = t.edit(s, T("setup.edit.terrain", colourName(who), p.ID), func(f *table.File) error {
		if i := pieceIndex(f, p.ID); i >= 0 {
			f.Terrain[i] = p
		} else {
			f.Terrain = append(f.Terrain, p)
		}
		f.Setup.TerrainTurns = append(f.Setup.TerrainTurns, table.TerrainTurn{Colour: who, Piece: p.ID})
		return nil
	})
	if err == nil {
		t.armed = ""
	}
	return err
}

func (t *setupTool) first() string {
	if t.firstTerrain == "" {
		return "blue"
	}
	return t.firstTerrain
}

// deal deals the draft's rows: the given ids, or (rows nil) three random cards of each type.
func (t *setupTool) deal(s *TableScene, rows [3][]string, seed *uint64) error {
	if err := t.needPhase(s, "deal", table.PhaseDraft); err != nil {
		return err
	}
	if s.doc.File().Ruleset == "specops" {
		return t.refuse(s, "deal", fmt.Errorf("%s", T("setup.specops")), []rules.Reason{{Rule: "setup.cards", Cite: rules.CiteSpecOpsNoCards, Text: T("setup.specops")}})
	}
	if d := s.doc.File().Setup.Draft; d != nil && len(d.Steps) > 0 {
		return t.refuse(s, "deal", fmt.Errorf("%s", T("setup.dealt")), nil)
	}
	types := []string{"objective", "deployment", "condition"}
	if rows[0] == nil {
		sd := t.seed
		if seed != nil {
			sd = *seed
		}
		rng := rand.New(rand.NewPCG(sd, sd^0x5eed))
		t.seed++
		for i, ty := range types {
			var ids []string
			for _, c := range battleCards() {
				if c.Type == ty {
					ids = append(ids, c.ID)
				}
			}
			rng.Shuffle(len(ids), func(a, b int) { ids[a], ids[b] = ids[b], ids[a] })
			rows[i] = ids[:min(3, len(ids))]
		}
	}
	for i, row := range rows {
		for _, id := range row {
			if c, ok := cardByID(id); !ok || c.Type != types[i] {
				return t.refuse(s, "deal", fmt.Errorf("%s", T("setup.badCard", types[i], id)), nil)
			}
		}
	}
	if _, err := rules.NewDraft(rows[0], rows[1], rows[2]); err != nil {
		return t.refuse(s, "deal", err, nil)
	}
	return t.edit(s, T("setup.edit.deal"), func(f *table.File) error {
		f.Setup.Draft = &table.SetupDraft{Objectives: rows[0], Deployments: rows[1], Conditions: rows[2]}
		return nil
	})
}

// draftTurn eliminates from row (0–2) or, with row < 0, passes; the rules say whether it may.
func (t *setupTool) draftTurn(s *TableScene, row int) error {
	action := "pass"
	if row >= 0 {
		action = "eliminate"
	}
	if err := t.needPhase(s, action, table.PhaseDraft); err != nil {
		return err
	}
	v := t.derived(s)
	if v.sum.Draft == nil {
		return t.refuse(s, action, fmt.Errorf("%s", T("setup.needDeal")), nil)
	}
	d := *v.sum.Draft // a copy: Eliminate and Pass only change the copy
	d.Rows = [3][]string{append([]string(nil), d.Rows[0]...), append([]string(nil), d.Rows[1]...), append([]string(nil), d.Rows[2]...)}
	who := d.Player()
	var err error
	var label string
	step := table.DraftTurn{Action: table.StepPass}
	if row >= 0 {
		if row > 2 {
			return t.refuse(s, action, fmt.Errorf("%s", T("setup.badRow", row)), nil)
		}
		card := ""
		if len(d.Rows[row]) > 0 {
			card = d.Rows[row][0]
		}
		err = d.Eliminate(row)
		c, _ := cardByID(card)
		label = T("setup.edit.eliminate", colourName(who), cardName(c))
		step = table.DraftTurn{Action: table.StepEliminate, Row: table.DraftRows[row]}
	} else {
		err = d.Pass()
		label = T("setup.edit.pass", colourName(who))
	}
	if err != nil {
		return t.refuse(s, action, err, []rules.Reason{{Rule: "draft." + action, Cite: rules.CiteDraft, Text: err.Error()}})
	}
	return t.edit(s, label, func(f *table.File) error {
		f.Setup.Draft.Steps = append(f.Setup.Draft.Steps, step)
		return nil
	})
}

// placeToken places the next token at (x, y) when the rules allow it.
//
// A place the card allows only as its fallback (Key Positions: any piece outside the zones when no
// piece beyond range 1 of the marked ones is left) needs fallback set: the player says so
// (Shift+click), as for terrain.
func (t *setupTool) placeToken(s *TableScene, x, y float64, fallback bool) (tokenCheck, error) {
	if err := t.needPhase(s, "placeToken", table.PhaseTokens); err != nil {
		return tokenCheck{}, err
	}
	v := t.derived(s)
	c := v.checkToken(x, y)
	if c.Err != "" {
		return c, t.refuse(s, "placeToken", fmt.Errorf("%s", c.Err), nil)
	}
	if !c.Legal && !(fallback && c.Fallback) {
		return c, t.refuse(s, "placeToken", fmt.Errorf("%s", reasonsText(c.Reasons)), c.Reasons)
	}
	who := v.sum.Turn
	if who == "" {
		who = "blue" // Key Positions' first token, and the missions' markers: nobody's turn
	}
	f := s.doc.File()
	id := uniqueID(f, c.Kind)
	r := setupTokenRadius * lengthScale(f)
	return c, t.edit(s, T("setup.edit.token", colourName(who), id), func(f *table.File) error {
		f.Tokens = append(f.Tokens, table.Token{ID: id, Kind: c.Kind, X: clean(roundTo(c.X, 1e-4)), Y: clean(roundTo(c.Y, 1e-4)), R: r})
		return nil
	})
}

// deploy deploys unit id moved by (dx, dy), when it is its player's turn and every base is in a
// zone of its colour.
func (t *setupTool) deploy(s *TableScene, id string, dx, dy float64) error {
	if err := t.needPhase(s, "deploy", table.PhaseDeploy); err != nil {
		return err
	}
	v := t.derived(s)
	colour := v.world.ColourOf(id)
	if colour == "" {
		return t.refuse(s, "deploy", fmt.Errorf("%s", T("setup.noUnit", id)), nil)
	}
	if contains(v.sum.Deployed[colour], id) {
		return t.refuse(s, "deploy", fmt.Errorf("%s", T("setup.already", id)), nil)
	}
	if colour != v.sum.Turn {
		return t.refuse(s, "deploy", fmt.Errorf("%s", T("setup.notTurn", colourName(v.sum.Turn), id, colourName(colour))), nil)
	}
	chk, err := rules.NewWorld(unitMoved(s.doc.File(), id, dx, dy)).Deploy(rules.DeployQuery{Unit: id})
	if err != nil {
		return t.refuse(s, "deploy", err, nil)
	}
	if !chk.OK {
		return t.refuse(s, "deploy", fmt.Errorf("%s", reasonsText(chk.Reasons)), chk.Reasons)
	}
	return t.edit(s, T("setup.edit.deploy", colourName(colour), id), func(f *table.File) error {
		*f = *unitMoved(f, id, dx, dy)
		f.Setup.Deployed = append(f.Setup.Deployed, id)
		return nil
	})
}

// next goes on to the next phase, when the current one is finished; going on to the tokens the
// places the card (or mission) fixes get their tokens.
func (t *setupTool) next(s *TableScene) error {
	f := s.doc.File()
	if f.Setup == nil {
		return t.refuse(s, "next", fmt.Errorf("%s", T("setup.noSetup")), nil)
	}
	v := t.derived(s)
	st, sum := f.Setup, v.sum
	if sum.Fault != "" {
		return t.refuse(s, "next", fmt.Errorf("%s", sum.Fault), nil)
	}
	specops := f.Ruleset == "specops"
	var to string
	switch st.Phase {
	case table.PhaseTerrain:
		if st.Blue == "" || st.Red == "" || (!specops && st.BlueEdge == "") {
			return t.refuse(s, "next", fmt.Errorf("%s", T("setup.needColours")), nil)
		}
		to = table.PhaseDraft
	case table.PhaseDraft:
		switch {
		case specops && sum.Mission == nil:
			return t.refuse(s, "next", fmt.Errorf("%s", T("setup.needMission")), nil)
		case !specops && sum.Draft == nil:
			return t.refuse(s, "next", fmt.Errorf("%s", T("setup.needDeal")), nil)
		case !specops && !sum.DraftDone:
			return t.refuse(s, "next", fmt.Errorf("%s", T("setup.draftOpen", colourName(sum.Draft.Player()))), nil)
		}
		to = table.PhaseTokens
	case table.PhaseTokens:
		if left := sum.TokensToPlace - sum.TokensPlaced; left > 0 {
			return t.refuse(s, "next", fmt.Errorf("%s", T("setup.tokensLeft", left)), nil)
		}
		to = table.PhaseDeploy
	case table.PhaseDeploy:
		if left := len(sum.Waiting["blue"]) + len(sum.Waiting["red"]); left > 0 {
			return t.refuse(s, "next", fmt.Errorf("%s", T("setup.unitsLeft", left)), nil)
		}
		to = table.PhaseDone
	default:
		return t.refuse(s, "next", fmt.Errorf("%s", T("setup.done")), nil)
	}
	var fixed []r2.Point
	kinds := map[r2.Point]string{}
	if to == table.PhaseTokens {
		// The places the objective card or the mission fixes (the vehicle's objective marker at
		// the centre), read from the summary of the file as it will be.
		g := *f
		gs := *st
		gs.Phase = to
		g.Setup = &gs
		next := rules.SetupState(rules.NewWorld(&g))
		fixed = next.FixedMissing
		for _, p := range fixed {
			kinds[p] = "objective"
		}
		if next.Mission != nil {
			for _, mk := range next.Mission.Markers {
				if mk.At == "centre" && len(fixed) > 0 {
					kinds[fixed[0]] = mk.Kind
				}
			}
		}
	}
	return t.edit(s, T("setup.edit.next", T("setup.phase."+to)), func(f *table.File) error {
		f.Setup.Phase = to
		r := setupTokenRadius * lengthScale(f)
		for _, p := range fixed {
			k := kinds[p]
			f.Tokens = append(f.Tokens, table.Token{ID: uniqueID(f, k), Kind: k, X: clean(roundTo(p.X, 1e-4)), Y: clean(roundTo(p.Y, 1e-4)), R: r})
		}
		return nil
	})
}

// mission chooses the Spezialeinsätze mission (the draft phase of a specops table, SO L58–62).
func (t *setupTool) mission(s *TableScene, id string) error {
	if err := t.needPhase(s, "mission", table.PhaseDraft); err != nil {
		return err
	}
	if s.doc.File().Ruleset != "specops" {
		return t.refuse(s, "mission", fmt.Errorf("%s", T("setup.legionCards")), nil)
	}
	m, err := maps.MissionByID(id)
	if err != nil {
		return t.refuse(s, "mission", fmt.Errorf("%s", T("setup.badMission", id)), nil)
	}
	return t.edit(s, T("setup.edit.mission", m.Name.EN), func(f *table.File) error {
		f.Setup.Mission = id
		return nil
	})
}

// --- the command -----------------------------------------------------------------------------------

func cmdSetup(s *TableScene, arg jsonRaw) (any, error) {
	t := setupToolOf(s)
	a := struct {
		Action                              string
		Blue, Red, BlueEdge, Colour         string
		Preset, Shape, Piece, Unit, Mission string
		X, Y, Dx, Dy                        float64
		Fallback                            bool
		Row                                 json.RawMessage
		Objectives, Deployments, Conditions []string
		Seed                                *uint64
	}{Action: "state"}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	var err error
	var result any
	switch a.Action {
	case "state":
	case "start":
		err = t.start(s)
	case "colours":
		err = t.colours(s, a.Blue, a.Red, a.BlueEdge)
	case "first":
		if a.Colour != "blue" && a.Colour != "red" {
			err = t.refuse(s, "first", fmt.Errorf("%s", T("setup.badColour", a.Colour)), nil)
		} else {
			t.firstTerrain = a.Colour
		}
	case "terrain":
		err = t.cmdTerrain(s, a.Preset, a.Shape, a.Piece, a.X, a.Y, a.Fallback)
	case "deal":
		var rows [3][]string
		if a.Objectives != nil || a.Deployments != nil || a.Conditions != nil {
			rows = [3][]string{a.Objectives, a.Deployments, a.Conditions}
			for i := range rows {
				if rows[i] == nil {
					rows[i] = []string{}
				}
			}
		}
		err = t.deal(s, rows, a.Seed)
	case "eliminate":
		row := -1
		var name string
		if json.Unmarshal(a.Row, &row) != nil {
			_ = json.Unmarshal(a.Row, &name)
			row = rowIndex(name)
		}
		if row < 0 || row > 2 {
			err = t.refuse(s, "eliminate", fmt.Errorf("%s", T("setup.badRow", strings.Trim(string(a.Row), `"`))), nil)
		} else {
			err = t.draftTurn(s, row)
		}
	case "pass":
		err = t.draftTurn(s, -1)
	case "mission":
		err = t.mission(s, a.Mission)
	case "check":
		if e := t.needPhase(s, "check", table.PhaseTokens); e != nil {
			return nil, e
		}
		c := t.derived(s).checkToken(a.X, a.Y)
		result = c
	case "placeToken":
		var c tokenCheck
		c, err = t.placeToken(s, a.X, a.Y, a.Fallback)
		result = c
	case "deploy":
		err = t.deploy(s, a.Unit, a.Dx, a.Dy)
	case "next":
		err = t.next(s)
	default:
		err = fmt.Errorf("%s", T("setup.noAction", a.Action))
	}
	if err != nil {
		return nil, err
	}
	if result != nil {
		return result, nil
	}
	return t.state(s), nil
}

// cmdTerrain is a terrain turn from the command's arguments.
func (t *setupTool) cmdTerrain(s *TableScene, preset, shape, piece string, x, y float64, fallback bool) error {
	f := s.doc.File()
	if piece != "" {
		i := pieceIndex(f, piece)
		if i < 0 {
			return t.refuse(s, "terrain", fmt.Errorf("%s", T("setup.noPiece", piece)), nil)
		}
		cx, cy := centreOf(&f.Terrain[i])
		return t.terrainTurn(s, translated(f.Terrain[i], x-cx, y-cy), false, fallback)
	}
	p, ok := maps.TerrainPresetNamed(preset)
	if !ok {
		return t.refuse(s, "terrain", fmt.Errorf("%s", T("terrain.noPreset", preset)), nil)
	}
	if shape == "" {
		shape = p.Shape
	}
	pc, err := presetPiece(p, shape, x, y, lengthScale(f))
	if err != nil {
		return t.refuse(s, "terrain", err, nil)
	}
	pc.ID = p.Name
	return t.terrainTurn(s, pc, true, fallback)
}
