package ops

import (
	"slices"

	"holotable/rules"
	"holotable/table"
)

// What the setup ops (setup_*.go) share: the refusals they give before rules are asked (a step
// outside its phase, a turn out of order), in English and German, and the setup's colour and
// phase names. Every placement itself is package rules' answer (World.TerrainTurn, PlaceToken,
// Deploy; docs/decisions.md D15), and a refusal carries rules' reasons.

// Codes of the setup refusals (catalogue "reason.<code>").
const (
	codeNoSetup     = "setup.noSetup"
	codeStarted     = "setup.started"
	codeWrongPhase  = "setup.wrongPhase"
	codeNeedColours = "setup.needColours"
	codeSameSide    = "setup.sameSide"
	codeNoSide      = "setup.noSide"
	codeBadEdge     = "setup.badEdge"
	codeBadColour   = "setup.badColour"
	codeNotYourTurn = "setup.notYourTurn"
	codeNeedDeal    = "setup.needDeal"
	codeDealt       = "setup.dealt"
	codeBadRow      = "setup.badRow"
	codeNotLeftmost = "setup.notLeftmost"
	codeDraftOpen   = "setup.draftOpen"
	codeTokensLeft  = "setup.tokensLeft"
	codeUnitsLeft   = "setup.unitsLeft"
	codeNoTokens    = "setup.noTokens"
	codeTokenKind   = "setup.tokenKind"
	codeNotOnPiece  = "setup.notOnPiece"
	codeNoUnit      = "setup.noUnit"
	codeNotTurn     = "setup.notTurn"
	codeAlready     = "setup.already"
	codeBadCard     = "setup.badCard"
	codeDone        = "setup.done"
	codeSpecops     = "setup.specops"
	codeNeedMission = "setup.needMission"
	codeLegionCards = "setup.legionCards"
	codeBadMission  = "setup.badMission"
	codeFault       = "setup.fault"
	codeBadNext     = "setup.badNext"
	codeRules       = "setup.rules"
)

func init() {
	RegisterWords(map[string][2]string{
		"setup.blue":            {"Blue", "Blau"},
		"setup.red":             {"Red", "Rot"},
		"setup.phase.terrain":   {"1 Terrain", "1 Gelände"},
		"setup.phase.draft":     {"2 Battle cards", "2 Gefechtskarten"},
		"setup.phase.mission":   {"2 Mission", "2 Mission"},
		"setup.phase.tokens":    {"3 Tokens", "3 Marker"},
		"setup.phase.deploy":    {"4 Deployment", "4 Aufstellung"},
		"setup.phase.done":      {"5 Done", "5 Fertig"},
		"reason." + codeNoSetup: {"no setup yet: start one", "noch kein Aufbau: einen beginnen"},
		"reason." + codeStarted: {"the setup has begun already", "der Aufbau hat schon begonnen"},
		"reason." + codeWrongPhase: {"this belongs to the %s phase; the setup is in the %s phase",
			"das gehört zur Phase %s; der Aufbau ist in Phase %s"},
		"reason." + codeNeedColours: {"choose blue, red and blue's edge first", "zuerst Blau, Rot und die blaue Kante wählen"},
		"reason." + codeSameSide:    {"blue and red must be different sides", "Blau und Rot müssen verschiedene Seiten sein"},
		"reason." + codeNoSide:      {"no side %q on the table (%s)", "keine Seite %q auf dem Tisch (%s)"},
		"reason." + codeBadEdge:     {"no edge %q (south, north)", "keine Kante %q (south, north)"},
		"reason." + codeBadColour:   {"no colour %q (blue, red)", "keine Farbe %q (blue, red)"},
		"reason." + codeNotYourTurn: {"it is %s's turn, not %s's", "%s ist am Zug, nicht %s"},
		"reason." + codeNeedDeal:    {"deal the cards first", "zuerst die Karten austeilen"},
		"reason." + codeDealt: {"the draft has begun: the cards stay as dealt (undo to deal again)",
			"die Auswahl hat begonnen: die Karten bleiben (rückgängig, um neu auszuteilen)"},
		"reason." + codeBadRow:      {"no row %q (objective, deployment, condition)", "keine Reihe %q (objective, deployment, condition)"},
		"reason." + codeNotLeftmost: {"the left-most card of that row is %q, not %q", "die linke Karte dieser Reihe ist %q, nicht %q"},
		"reason." + codeDraftOpen:   {"the draft is not over: %s's turn", "die Auswahl ist nicht vorbei: %s ist am Zug"},
		"reason." + codeTokensLeft:  {"%d token(s) still to place", "noch %d Marker zu setzen"},
		"reason." + codeUnitsLeft:   {"%d unit(s) still to deploy", "noch %d Einheit(en) aufzustellen"},
		"reason." + codeNoTokens:    {"no token is left to place", "kein Marker ist mehr zu setzen"},
		"reason." + codeTokenKind:   {"the next token is a %q token, not %q", "der nächste Marker ist ein %q-Marker, nicht %q"},
		"reason." + codeNotOnPiece: {"this card's tokens go on terrain pieces: there is none here",
			"die Marker dieser Karte kommen auf Geländeteile: hier ist keines"},
		"reason." + codeNoUnit:      {"no unit %q of blue or red", "keine Einheit %q von Blau oder Rot"},
		"reason." + codeNotTurn:     {"it is %s's turn, and %s is %s's", "%s ist am Zug, und %s gehört %s"},
		"reason." + codeAlready:     {"%s is deployed already", "%s ist schon aufgestellt"},
		"reason." + codeBadCard:     {"no %s card %q", "keine %s-Karte %q"},
		"reason." + codeDone:        {"the setup is done", "der Aufbau ist fertig"},
		"reason." + codeSpecops:     {"Spezialeinsätze uses no battle cards: choose a mission", "Spezialeinsätze nutzt keine Gefechtskarten: eine Mission wählen"},
		"reason." + codeNeedMission: {"choose the mission first", "zuerst die Mission wählen"},
		"reason." + codeLegionCards: {"a Legion game uses battle cards, not a mission", "eine Legion-Partie nutzt Gefechtskarten, keine Mission"},
		"reason." + codeBadMission:  {"no mission %q", "keine Mission %q"},
		"reason." + codeFault:       {"%s", "%s"},
		"reason." + codeBadNext:     {"the phase after %s is %s, not %s", "auf %s folgt %s, nicht %s"},
		"reason." + codeRules:       {"%s", "%s"},
	})
}

// colourWords is the colour "blue" or "red" as the interface names it.
func colourWords(c table.Colour) Words {
	if c == table.Red {
		return Words{Key: "setup.red"}
	}
	return Words{Key: "setup.blue"}
}

// needPhase refuses a setup op outside its phase.
func needPhase(s *State, phase string) error {
	st := s.File().Setup
	if st == nil {
		return refuse("", codeNoSetup, rules.CiteSetupSteps)
	}
	if st.Phase != phase {
		return refuse("", codeWrongPhase, rules.CiteSetupSteps, phase, st.Phase)
	}
	return nil
}

// needColour refuses a colour that is not blue or red.
func needColour(field string, c table.Colour) error {
	if c != table.Blue && c != table.Red {
		return refuse(field, codeBadColour, rules.CiteSides, c.String())
	}
	return nil
}

// setupWith is a copy of the setup of f changed by fn (the lists it changes are its own).
func setupWith(f *table.File, fn func(s *table.Setup)) *table.Setup {
	c := *f.Setup
	c.TerrainTurns = slices.Clone(c.TerrainTurns)
	c.Deployed = slices.Clone(c.Deployed)
	if c.Draft != nil {
		d := *c.Draft
		d.Steps = slices.Clone(d.Steps)
		c.Draft = &d
	}
	fn(&c)
	return &c
}

// setupEdit of f to the setup fn makes of it.
func changeSetup(f *table.File, fn func(s *table.Setup)) edit {
	return &setupEdit{from: f.Setup, to: setupWith(f, fn)}
}

// Sides lists the side names of f's units, sorted, each once.
func Sides(f *table.File) []string {
	var out []string
	for _, u := range f.UnitsOnTable {
		if u.Side != "" && !slices.Contains(out, u.Side) {
			out = append(out, u.Side)
		}
	}
	slices.Sort(out)
	return out
}

// WithPiece is f with piece p put on it (replacing the piece of the same id, else appended): a
// shallow copy for asking rules about a placement; f is not changed.
func WithPiece(f *table.File, p table.Terrain) *table.File {
	g := *f
	g.Terrain = slices.Clone(f.Terrain)
	if i := pieceAt(&g, p.ID); i >= 0 {
		g.Terrain[i] = p
	} else {
		g.Terrain = append(g.Terrain, p)
	}
	return &g
}
