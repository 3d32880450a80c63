package rules

import (
	"slices"
	"strings"
	"testing"

	"holotable/table"
)

// keywordsDoc: a game in its activation phase, at active; at a ground vehicle with Schwerfällig
// ("plodding"), sc a trooper unit with Agile 1 and Tactical 2 holding 1 aim token, sq a trooper
// unit without either, t a transport; at made one standard move in its activation, sq one in at's.
const keywordsDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "units_on_table":[
  {"id":"at","side":"red","type":"ground","keywords":{"plodding":true},"minis":[{"id":"at-1","leader":true,"x":40,"y":10,"base":"large","height":2,"facing":0}]},
  {"id":"t","side":"blue","type":"repulsor","keywords":{"transport":{"capacity":1}},"minis":[{"id":"t-1","leader":true,"x":10,"y":10,"base":"large","height":2,"facing":0}]},
  {"id":"sc","side":"blue","type":"trooper","card":{"courage":1},"keywords":{"agile":1,"tactical":2},"minis":[{"id":"sc-1","leader":true,"x":30,"y":20,"base":"small","height":1.65}]},
  {"id":"sq","side":"blue","type":"trooper","card":{"courage":1},"minis":[{"id":"sq-1","leader":true,"x":30,"y":10,"base":"small","height":1.65}]}],
 "game":{"round":2,"rounds":6,"phase":"activation","active":"at",
  "sides":{"blue":{"side":"blue"},"red":{"side":"red"}},
  "units":[{"unit":"at","colour":"red","rank":"heavy"},{"unit":"t","colour":"blue","rank":"heavy"},
   {"unit":"sc","colour":"blue","rank":"corps","tokens":{"aim":1}},{"unit":"sq","colour":"blue","rank":"corps"}],
  "moves":[{"unit":"at","move":"standard","during":"at"},{"unit":"sq","move":"standard","during":"at"}]}}`

// TestPloddingOneStandardMove (RRG 2.0 Schwerfällig L10035–10048: "Nachdem eine Einheit mit dem
// Schlüsselwort Schwerfällig während ihrer Aktivierung eine Standardbewegung durchgeführt hat,
// kann sie während dieser Aktivierung keine weiteren Standardbewegungen durchführen"): at made a
// standard move in its activation, so a second standard (or compulsory) move is refused; a
// reverse, a strafe or a pivot (not standard moves) is not; sq without the keyword is not
// limited; in another activation or with none active nothing is.
func TestPloddingOneStandardMove(t *testing.T) {
	for _, c := range []struct {
		name   string
		unit   string
		kind   table.MoveEvent
		active string
		refuse bool
	}{
		{"second standard move", "at", table.MoveStandard, "at", true},
		{"compulsory move after a standard move", "at", MoveKind(ModeCompulsory), "at", true},
		{"reverse after a standard move", "at", table.MoveReverse, "at", false},
		{"pivot or strafe after a standard move", "at", table.MoveNone, "at", false},
		{"a unit without the keyword", "sq", table.MoveStandard, "at", false},
		{"the next activation", "at", table.MoveStandard, "sc", false},
		{"no unit active", "at", table.MoveStandard, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := world(t, keywordsDoc)
			w.File.Game.Active = c.active
			why := w.MoveLimits(c.unit, c.kind)
			if !c.refuse {
				if why != nil {
					t.Errorf("refused: %v", why)
				}
				return
			}
			if len(why) != 1 || why[0].Rule != "record.plodding" || why[0].Cite != CitePlodding ||
				why[0].Text != "at has Plodding and made a standard move in this activation: no further standard move in it" {
				t.Errorf("got %+v", why)
			}
		})
	}
}

// TestRecordedMoveKinds: the record keeps the standard (and compulsory: Gleiter X L6754–6755) and
// reverse moves of transports and of units with Schwerfällig, nothing for a strafe or for other
// units.
func TestRecordedMoveKinds(t *testing.T) {
	w := world(t, keywordsDoc)
	unit := func(id string) *table.Unit { return mustUnit(t, w, id) }
	for _, c := range []struct {
		unit string
		mode ManeuverMode
		want table.MoveEvent
	}{
		{"at", ModeStandard, table.MoveStandard},
		{"at", ModeCompulsory, table.MoveStandard},
		{"at", ModeReverse, table.MoveReverse},
		{"at", ModeStrafeLeft, table.MoveNone},
		{"t", ModeCompulsory, table.MoveStandard},
		{"t", ModeStrafeRight, table.MoveNone},
		{"sq", ModeStandard, table.MoveNone},
		{"sc", ModeStandard, table.MoveNone},
	} {
		if got := RecordedMove(unit(c.unit), MadeMove(c.mode, false)); got != c.want {
			t.Errorf("%s %v: %v, want %v", c.unit, c.mode, got, c.want)
		}
	}
}

// TestAgileTacticalTokens (RRG 2.0 Agil X L2131–2158, Taktisch X L10594–10621): sc (Agile 1,
// Tactical 2, 1 aim token) makes a standard move action: dodge 0 → 1, aim 1 → 3, a reason each;
// the same move in the setup phase gives nothing (Scout X moves, L2152–2158); only standard and
// compulsory moves of a unit with the keywords trigger them (reverse, strafe are not standard
// move actions, L2138–2141).
func TestAgileTacticalTokens(t *testing.T) {
	w := world(t, keywordsDoc)
	st, err := w.MoveAftermath(Aftermath{Unit: "sc", Keywords: true})
	if err != nil {
		t.Fatal(err)
	}
	tok := st.File.Game.Unit("sc").Tokens
	if tok[table.TokenDodge] != 1 || tok[table.TokenAim] != 3 || !slices.Equal(st.Changed, []string{"sc"}) {
		t.Errorf("tokens %v, changed %v", tok, st.Changed)
	}
	want := []string{"sc made a standard move: Agile 1 gives it 1 dodge tokens (0 → 1)", "sc made a standard move: Tactical 2 gives it 2 aim tokens (1 → 3)"}
	if len(st.Reasons) != 2 || st.Reasons[0].Text != want[0] || st.Reasons[1].Text != want[1] ||
		st.Reasons[0].Cite != CiteAgile || st.Reasons[1].Cite != CiteTactical {
		t.Errorf("reasons %+v", st.Reasons)
	}
	if st.File.Game.Moves[len(st.File.Game.Moves)-1].Unit == "sc" {
		t.Errorf("sc's move recorded: %+v", st.File.Game.Moves)
	}

	w = world(t, keywordsDoc)
	w.File.Game.Phase, w.File.Game.Active, w.File.Game.Round, w.File.Game.Moves = table.PhaseSetup, "", 1, nil
	st, err = w.MoveAftermath(Aftermath{Unit: "sc", Keywords: true})
	if err != nil {
		t.Fatal(err)
	}
	if tok := st.File.Game.Unit("sc").Tokens; tok[table.TokenDodge] != 0 || tok[table.TokenAim] != 1 || !hasRule(st.Reasons, "move.setupNoGain") {
		t.Errorf("setup: tokens %v, reasons %v", tok, st.Reasons)
	}

	sc, sq := mustUnit(t, w, "sc"), mustUnit(t, w, "sq")
	for _, c := range []struct {
		u    *table.Unit
		mode ManeuverMode
		want bool
	}{
		{sc, ModeStandard, true}, {sc, ModeCompulsory, true}, {sc, ModeReverse, false},
		{sc, ModeStrafeLeft, false}, {sq, ModeStandard, false},
	} {
		if got := TriggersMoveKeywords(c.u, c.mode); got != c.want {
			t.Errorf("%s %v: %v, want %v", c.u.ID, c.mode, got, c.want)
		}
	}
	for _, code := range []Code{"record.plodding", "move.agile", "move.tactical", "move.setupNoGain"} {
		if de := gameWords[code][1]; de == "" || strings.Contains(de, "standard move") {
			t.Errorf("%s: German %q", code, de)
		}
	}
}

func mustUnit(t *testing.T, w *World, id string) *table.Unit {
	t.Helper()
	u, err := w.Unit(id)
	if err != nil {
		t.Fatal(err)
	}
	return u.Unit
}
