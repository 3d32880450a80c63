package scenes

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"holotable/maps"
	"holotable/ops"
	"holotable/rules"
	"holotable/table"
)

// The setup tool walks the players through a game's setup (RRG 2.0 Spielaufbau L811–876), step by
// step, with the setup state saved in the table file (table.Setup, docs/format-setup.md): every
// step is one op (package ops, setup_*.go there), so it is undoable and autosaved, and every
// refusal is the op's, with its reasons and their rulebook citations.
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
//	start {empty}                           begin a setup (phase terrain) with this table, or with
//	                                        empty: on an empty table of its size (setup_preview.go)
//	arm {preset}                            arm a terrain preset for the next click ("" disarms)
//	colours {blue, red, blueEdge}           which side name is blue and red; blue's edge south|north
//	first {colour}                          who places the first terrain piece
//	terrain {preset, shape, x, y, fallback} a terrain turn with a new piece centred on (x, y)
//	terrain {piece, x, y, fallback}         a terrain turn with a piece of the table, moved there
//	deal {objectives, deployments, conditions} | {seed}   the draft's rows (or a random deal: from blue's battle deck when its list has one)
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
		"ui.tool.setup":             {"Setup", "Aufbau"},
		"ui.tool.setup.tip":         {"Set the game up: colours, terrain turns, battle-card draft, tokens, deployment", "Partie aufbauen: Farben, Geländeplatzierung, Gefechtskarten, Marker, Aufstellung"},
		"setup.next":                {"Next ›", "Weiter ›"},
		"setup.blueIs":              {"side %s plays blue", "Seite %s spielt Blau"},
		"setup.edge":                {"blue edge: %s", "blaue Kante: %s"},
		"setup.edge.south":          {"south", "Süden"},
		"setup.edge.north":          {"north", "Norden"},
		"setup.first":               {"%s places first", "%s platziert zuerst"},
		"setup.deal":                {"Deal cards", "Karten austeilen"},
		"setup.dealtDeck":           {"dealt from blue's battle deck (its army list's)", "aus dem Gefechtskartendeck von Blau ausgeteilt (aus seiner Armeeliste)"},
		"setup.deckShort":           {"blue's battle deck cannot be dealt (%s): dealt from every battle card", "das Gefechtskartendeck von Blau reicht nicht (%s): aus allen Gefechtskarten ausgeteilt"},
		"setup.pass":                {"Pass", "Passen"},
		"setup.row.objective":       {"Objective", "Einsatzziel"},
		"setup.row.deployment":      {"Deployment", "Aufstellung"},
		"setup.row.condition":       {"Condition", "Bedingung"},
		"setup.hint.none":           {"a setup walks you through terrain, battle cards, tokens and deployment", "der Aufbau führt durch Gelände, Gefechtskarten, Marker und Aufstellung"},
		"setup.hint.colours":        {"choose which side is blue and blue's long edge", "wählen, welche Seite Blau ist, und die lange Kante von Blau"},
		"setup.hint.terrain":        {"%s's terrain turn: pick a preset or a piece on the table, click to place (Shift+click: within range 1, where nothing else is left)", "Geländezug %s: Vorlage oder Teil auf dem Tisch wählen, klicken zum Platzieren (Umschalt+Klick: in Reichweite 1, wenn nichts anderes bleibt)"},
		"setup.fallbackNext":        {"next placement: the fallback rule", "nächste Platzierung: Ausweichregel"},
		"setup.fallbackNext.tip":    {"the next placement may use the fallback rule (within range 1, or the card's fallback), where nothing else is left — as Shift+click", "die nächste Platzierung darf die Ausweichregel nutzen (in Reichweite 1 oder die der Karte), wenn nichts anderes bleibt — wie Umschalt+Klick"},
		"setup.hint.terrain.touch":  {"%s's terrain turn: pick a preset or a piece on the table, tap to place (where nothing else is left: the fallback button, then tap)", "Geländezug %s: Vorlage oder Teil auf dem Tisch wählen, tippen zum Platzieren (wenn nichts anderes bleibt: Knopf Ausweichregel, dann tippen)"},
		"setup.hint.draft.touch":    {"%s's turn %d of 4: tap a row to eliminate its left-most card, or pass", "%s ist am Zug (%d von 4): eine Reihe antippen, um ihre linke Karte abzulegen, oder passen"},
		"setup.hint.tokens.touch":   {"%s places token %d of %d: tap the table", "%s setzt Marker %d von %d: auf den Tisch tippen"},
		"setup.hint.tokensOn.touch": {"%s places token %d of %d: tap a terrain piece (where nothing else is left: the fallback button, then tap)", "%s setzt Marker %d von %d: ein Geländeteil antippen (wenn nichts anderes bleibt: Knopf Ausweichregel, dann tippen)"},
		"setup.hint.deploy.touch":   {"%s deploys a unit: drag it into a %s zone (tap: deploy it where it stands)", "%s stellt eine Einheit auf: in eine %s Zone ziehen (Tippen: dort aufstellen, wo sie steht)"},
		"setup.hint.deal":           {"deal the battle cards", "Gefechtskarten austeilen"},
		"setup.hint.draft":          {"%s's turn %d of 4: click a row to eliminate its left-most card, or pass", "%s ist am Zug (%d von 4): eine Reihe anklicken, um ihre linke Karte abzulegen, oder passen"},
		"setup.hint.drafted":        {"the battle cards are chosen: %s", "die Gefechtskarten stehen fest: %s"},
		"setup.hint.tokens":         {"%s places token %d of %d: click the table", "%s setzt Marker %d von %d: auf den Tisch klicken"},
		"setup.hint.tokensOn":       {"%s places token %d of %d: click a terrain piece (Shift+click: the card's fallback, where nothing else is left)", "%s setzt Marker %d von %d: ein Geländeteil anklicken (Umschalt+Klick: die Ausweichregel der Karte, wenn nichts anderes bleibt)"},
		"setup.hint.tokensDone":     {"every token is placed", "alle Marker sind gesetzt"},
		"setup.hint.deploy":         {"%s deploys a unit: drag it into a %s zone (click: deploy it where it stands)", "%s stellt eine Einheit auf: in eine %s Zone ziehen (Klick: dort aufstellen, wo sie steht)"},
		"setup.hint.deployed":       {"every unit is deployed", "alle Einheiten sind aufgestellt"},
		"setup.hint.done":           {"setup done", "Aufbau fertig"},
		"setup.hint.mission":        {"choose the mission", "Mission wählen"},
		"setup.coverage":            {"terrain %.0f%% of the table (about 25%%)", "Gelände %.0f %% des Tisches (etwa 25 %%)"},
		"setup.inferred":            {"inferred", "erschlossen"},
		"setup.zonesInferred":       {"%s: zones inferred, not in the rulebook", "%s: Zonen erschlossen, nicht im Regelbuch"},
		"setup.zone":                {"%s zone %d", "%s Zone %d"},
		"setup.refused":             {"refused: %s", "abgelehnt: %s"},
		"setup.badColour":           {"no colour %q (blue, red)", "keine Farbe %q (blue, red)"},
		"setup.badRow":              {"no row %q (objective, deployment, condition)", "keine Reihe %q (objective, deployment, condition)"},
		"setup.noPiece":             {"no terrain piece %q", "kein Geländeteil %q"},
		"setup.noAction":            {"no setup action %q", "keine Aufbau-Aktion %q"},
		"setup.legal":               {"legal", "zulässig"},
		"setup.illegal":             {"not legal", "nicht zulässig"},
		"setup.fallback":            {"fallback only", "nur als Ausweichregel"},
		"setup.turn":                {"%s's turn", "%s ist am Zug"},
		"setup.anyone":              {"either player", "beliebiger Spieler"},
		"setup.missing":             {"still to do: %s", "noch offen: %s"},
	})
}

// setupTool is the setup mode; see the file comment.
type setupTool struct {
	rowsBottom   float64 // screen y below the palette's last row of buttons (layout)
	hintEnd      float64 // where the palette's hint may end beside its last row (hintAt; 0: the screen's margin)
	nextFallback bool    // the next click or tap places by the fallback rule, as Shift+click does (a touch screen has no Shift)
	seed         uint64
	firstTerrain table.Colour  // who places the first terrain piece (NoColour: blue), until the first turn
	armed        string        // terrain preset armed for the next turn
	preview      *setupPreview // the armed piece under the pointer (setup_preview.go)
	previewRev   int           // the doc revision preview was checked at
	refused      *setupRefusal

	viewRev int // doc revision view was derived for
	view    *setupView

	hover    *ops.TokenCheck // the rules' answer for the next token under the pointer
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
func (t *setupTool) derived(s Context) *setupView {
	if f := s.State().File(); t.view == nil || t.viewRev != s.Rev() || t.view.file != f {
		t.view = deriveSetup(f, s.World())
		t.viewRev = s.Rev()
		t.hover, t.hoverKey = nil, [2]float64{math.NaN(), math.NaN()}
	}
	return t.view
}

// refuse records a refusal (an *ops.Refusal's reasons, or a sentence) and shows it.
func (t *setupTool) refuse(s Context, action string, err error) error {
	text := errText(err)
	var reasons []rules.Reason
	var r *ops.Refusal
	if errors.As(err, &r) {
		reasons = r.Reasons
		text = reasonsText(r.Reasons)
	}
	t.refused = &setupRefusal{Action: action, Reason: text, Reasons: reasons}
	msg := T("setup.refused", text)
	s.SetMessage(msg)
	return errors.New(msg)
}

// submit commits one setup op; a refusal is recorded, the last refusal is forgotten otherwise.
func (t *setupTool) submit(s Context, action string, o ops.Op) error {
	if err := s.Submit(o); err != nil {
		return t.refuse(s, action, err)
	}
	t.refused = nil
	s.SetMessage("")
	return nil
}

func colourName(c table.Colour) string {
	if c == table.Red {
		return T("setup.red")
	}
	return T("setup.blue")
}

// --- actions ---------------------------------------------------------------------------------------

func (t *setupTool) start(s Context) error {
	if s.State().File().Setup != nil {
		return nil
	}
	return t.submit(s, "start", &ops.SetupStart{})
}

// colours chooses blue, red and blue's edge; what is not given stays, and red becomes the other
// side when only blue is given.
func (t *setupTool) colours(s Context, blue, red, edge string) error {
	v := t.derived(s)
	if st := s.State().File().Setup; st != nil {
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
	}
	return t.submit(s, "colours", &ops.SetupColours{Blue: blue, Red: red, BlueEdge: edge})
}

// terrainTurn places piece p (new, its id a stem, or one of the table moved) for the player whose
// turn it is.
func (t *setupTool) terrainTurn(s Context, p table.Terrain, isNew, fallback bool) error {
	who := t.derived(s).sum.Turn
	if who == table.NoColour {
		who = t.first()
	}
	if isNew {
		p.ID = ops.UniqueID(s.State().File(), p.ID)
	}
	err := t.submit(s, "terrain", &ops.SetupTerrain{Colour: who, Piece: p, Fallback: fallback})
	if err == nil {
		t.armed, t.preview = "", nil
	}
	return err
}

func (t *setupTool) first() table.Colour {
	if t.firstTerrain == table.NoColour {
		return table.Blue
	}
	return t.firstTerrain
}

// deal deals the draft's rows: the given ids, or (rows nil) three random cards of each type — the
// op carries the outcome, so a replay deals the same.
func (t *setupTool) deal(s Context, rows [3][]string, seed *uint64) error {
	note := ""
	if rows[0] == nil {
		sd := t.seed
		if seed != nil {
			sd = *seed
		}
		t.seed++
		if deck, from, err := deckDeal(s.State().File(), sd); from && err == nil {
			rows, note = deck, T("setup.dealtDeck")
		} else if from {
			note = T("setup.deckShort", errText(err))
		}
	}
	if rows[0] == nil {
		sd := t.seed
		if seed != nil {
			sd = *seed
		}
		rng := rand.New(rand.NewPCG(sd, sd^0x5eed))
		t.seed++
		for i, ty := range table.DraftRows {
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
	if err := t.submit(s, "deal", &ops.SetupDeal{Objectives: rows[0], Deployments: rows[1], Conditions: rows[2]}); err != nil {
		return err
	}
	if note != "" {
		s.SetMessage(note)
	}
	return nil
}

// draftTurn eliminates the left-most card of row (0–2) or, with row < 0, passes, for the player
// whose turn it is; the rules say whether they may.
func (t *setupTool) draftTurn(s Context, row int) error {
	o := &ops.SetupDraft{Action: table.StepPass}
	if d := t.derived(s).sum.Draft; d != nil {
		o.Colour = d.Player()
		if row >= 0 && row <= 2 && len(d.Rows[row]) > 0 {
			o.Card = d.Rows[row][0]
		}
	}
	if row >= 0 {
		o.Action, o.Row = table.StepEliminate, table.DraftRows[row]
	}
	return t.submit(s, o.Action, o)
}

// placeToken places the next token at (x, y) when the rules allow it (at a piece's centre when
// the card puts tokens on terrain); it returns the rules' answer there.
//
// A place the card allows only as its fallback (Key Positions: any piece outside the zones when no
// piece beyond range 1 of the marked ones is left) needs fallback set: the player says so
// (Shift+click), as for terrain.
func (t *setupTool) placeToken(s Context, x, y float64, fallback bool) (ops.TokenCheck, error) {
	v := t.derived(s)
	c := v.checkToken(s, x, y)
	if c.Refusal != nil && s.State().File().Setup != nil && s.State().File().Setup.Phase == table.PhaseTokens {
		return c, t.refuse(s, "placeToken", c.Refusal)
	}
	who := v.sum.Turn
	if who == table.NoColour {
		who = table.Blue // Key Positions' first token, and the missions' markers: nobody's turn
	}
	f := s.State().File()
	k := table.Token{ID: ops.UniqueID(f, c.Kind), Kind: c.Kind, X: ops.Snap(c.X, 1e-4), Y: ops.Snap(c.Y, 1e-4),
		R: ops.TokenRadius * ops.LengthScale(f)}
	return c, t.submit(s, "placeToken", &ops.SetupToken{Colour: who, Token: k, Fallback: fallback})
}

// deploy deploys unit id moved by (dx, dy), when it is its player's turn and every base is in a
// zone of its colour.
func (t *setupTool) deploy(s Context, id string, dx, dy float64) error {
	colour := t.derived(s).world.ColourOf(id)
	return t.submit(s, "deploy", &ops.SetupDeploy{Colour: colour, Unit: id, DX: dx, DY: dy})
}

// next goes on to the next phase, when the current one is finished; going on to the tokens the
// places the card (or mission) fixes get their tokens.
func (t *setupTool) next(s Context) error {
	to, err := ops.NextPhase(s.State())
	if err != nil {
		return t.refuse(s, "next", err)
	}
	return t.submit(s, "next", &ops.SetupNext{To: to})
}

// mission chooses the Spezialeinsätze mission (the draft phase of a specops table, SO L58–62).
func (t *setupTool) mission(s Context, id string) error {
	return t.submit(s, "mission", &ops.SetupMission{Mission: id})
}

// --- the command -----------------------------------------------------------------------------------

func cmdSetup(s *TableScene, arg jsonRaw) (any, error) {
	t := setupToolOf(s)
	a := struct {
		Action                              string
		Blue, Red, BlueEdge, Colour         string
		Preset, Shape, Piece, Unit, Mission string
		X, Y, Dx, Dy                        float64
		Fallback, Empty                     bool
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
		if a.Empty && s.State().File().Setup == nil {
			err = t.startEmpty(s)
		} else {
			err = t.start(s)
		}
	case "arm":
		err = t.arm(s, a.Preset)
	case "colours":
		err = t.colours(s, a.Blue, a.Red, a.BlueEdge)
	case "first":
		if c, perr := table.ParseColour(a.Colour); perr != nil {
			err = t.refuse(s, "first", errors.New(T("setup.badColour", a.Colour)))
		} else {
			t.firstTerrain = c
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
			err = t.refuse(s, "eliminate", errors.New(T("setup.badRow", strings.Trim(string(a.Row), `"`))))
		} else {
			err = t.draftTurn(s, row)
		}
	case "pass":
		err = t.draftTurn(s, -1)
	case "mission":
		err = t.mission(s, a.Mission)
	case "check":
		switch st := s.State().File().Setup; {
		case st == nil:
			return nil, t.refuse(s, "check", errors.New(T("reason.setup.noSetup")))
		case st.Phase != table.PhaseTokens:
			return nil, t.refuse(s, "check", errors.New(T("reason.setup.wrongPhase", table.PhaseTokens, st.Phase)))
		}
		result = t.derived(s).checkToken(s, a.X, a.Y)
	case "placeToken":
		var c ops.TokenCheck
		c, err = t.placeToken(s, a.X, a.Y, a.Fallback)
		result = c
	case "deploy":
		err = t.deploy(s, a.Unit, a.Dx, a.Dy)
	case "nextFallback": // {fallback}: the next click or tap on the table is a Shift+click (touch screens)
		t.nextFallback = a.Fallback
	case "next":
		err = t.next(s)
	default:
		err = errors.New(T("setup.noAction", a.Action))
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
func (t *setupTool) cmdTerrain(s Context, preset, shape, piece string, x, y float64, fallback bool) error {
	f := s.State().File()
	if piece != "" {
		i := pieceIndex(f, piece)
		if i < 0 {
			return t.refuse(s, "terrain", errors.New(T("setup.noPiece", piece)))
		}
		c := ops.Centre(&f.Terrain[i])
		return t.terrainTurn(s, ops.Translated(f.Terrain[i], x-c.X, y-c.Y), false, fallback)
	}
	p, ok := maps.TerrainPresetNamed(preset)
	if !ok {
		return t.refuse(s, "terrain", errors.New(T("terrain.noPreset", preset)))
	}
	if shape == "" {
		shape = p.Shape
	}
	pc, err := presetPiece(p, shape, x, y, ops.LengthScale(f))
	if err != nil {
		return t.refuse(s, "terrain", err)
	}
	pc.ID = p.Name
	return t.terrainTurn(s, pc, true, fallback)
}
