package table

import "slices"

// The optional "setup" object: the state of a game's setup (issue 5), an addition to
// scenario-v1 documented in docs/format-setup.md. Table checks only its shape and types; whether
// the draft's steps are legal, whether the cards, mission, terrain pieces and units it names exist
// and whose turn it is are for package rules (rules.CheckSetup, rules.ReplayDraft).

// Setup phases, in the order of the RRG 2.0 setup steps (L811–876): terrain (steps 2–3), the
// battle-card draft (steps 4–6; in specops the mission choice), objective and condition tokens
// (step 7), deployment (step 8), done.
const (
	PhaseTerrain = "terrain"
	PhaseDraft   = "draft"
	PhaseTokens  = "tokens"
	PhaseDeploy  = "deploy"
	PhaseDone    = "done"
)

// SetupPhases lists the phases in order.
var SetupPhases = []string{PhaseTerrain, PhaseDraft, PhaseTokens, PhaseDeploy, PhaseDone}

// Draft step actions and rows, as written in a file.
const (
	StepEliminate = "eliminate"
	StepPass      = "pass"
)

// DraftRows names the draft's rows in the rulebook's order (objective, deployment, condition);
// a step's Row is one of them.
var DraftRows = []string{"objective", "deployment", "condition"}

// Setup is the setup state saved with a table. Empty strings and nil lists mean "not given".
type Setup struct {
	Blue     string // the side name (Unit.Side) of the blue player, "" when not chosen
	Red      string // the side name of the red player
	BlueEdge string // "south" or "north" (rules.BlueSouth/BlueNorth), "" when not chosen
	Mission  string // specops: the mission id (maps/missions), "" when none
	Phase    string // one of SetupPhases; required
	Draft    *SetupDraft
	// TerrainTurns are the pieces placed by competitive terrain placement, in order.
	TerrainTurns []TerrainTurn
	// Deployed lists the units deployed so far, in the order they were deployed.
	Deployed []string
	// Extra holds the setup's fields this version does not know, kept for Save (nil when none).
	Extra map[string]any
}

// SetupDraft is the battle-card draft: the three dealt rows (card ids, left-most first, as seen
// from blue's edge) and the turns taken so far; the draft's state is replayed from them.
type SetupDraft struct {
	Objectives, Deployments, Conditions []string
	Steps                               []DraftTurn
}

// DraftTurn is one turn of the draft: Action "eliminate" with Row one of DraftRows, or "pass"
// with Row "".
type DraftTurn struct {
	Action string
	Row    string
}

// TerrainTurn is one piece placed in competitive terrain placement: the colour of the player who
// placed it and the terrain id.
type TerrainTurn struct {
	Colour Colour
	Piece  string
}

var setupFields = []string{"blue", "red", "blueEdge", "mission", "phase", "draft", "terrainTurns", "deployed"}

// loadSetup reads the optional top-level "setup" (nil when absent).
func loadSetup(root object) *Setup {
	raw, ok := root.get("setup")
	if !ok {
		return nil
	}
	return loadSetupObject(asObject("setup", raw))
}

// loadSetupObject reads a setup object.
func loadSetupObject(o object) *Setup {
	s := &Setup{}
	s.Blue = o.strOr("blue", "")
	s.Red = o.strOr("red", "")
	if s.Blue != "" && s.Blue == s.Red {
		fail(o.field("red"), "is the same side as blue (%q)", s.Blue)
	}
	if v, ok := o.str("blueEdge"); ok {
		if v != "south" && v != "north" {
			fail(o.field("blueEdge"), "unknown edge %q (south or north)", v)
		}
		s.BlueEdge = v
	}
	if _, ok := o.get("mission"); ok {
		s.Mission = o.id("mission")
	}
	o.require("phase")
	s.Phase, _ = o.str("phase")
	if !slices.Contains(SetupPhases, s.Phase) {
		fail(o.field("phase"), "unknown phase %q (terrain, draft, tokens, deploy or done)", s.Phase)
	}
	if raw, ok := o.get("draft"); ok {
		s.Draft = loadSetupDraft(asObject(o.field("draft"), raw))
	}
	if arr, ok := o.array("terrainTurns"); ok {
		for i, raw := range arr {
			t := asObject(index(o.field("terrainTurns"), i), raw)
			c, err := ParseColour(t.id("colour"))
			if err != nil {
				fail(t.field("colour"), "%v", err)
			}
			s.TerrainTurns = append(s.TerrainTurns, TerrainTurn{Colour: c, Piece: t.id("piece")})
		}
	}
	s.Deployed = stringList(o, "deployed", true)
	s.Extra = o.extra(setupFields...)
	return s
}

func loadSetupDraft(o object) *SetupDraft {
	d := &SetupDraft{}
	for _, k := range []string{"objectives", "deployments", "conditions"} {
		o.require(k)
		row := stringList(o, k, true)
		switch k {
		case "objectives":
			d.Objectives = row
		case "deployments":
			d.Deployments = row
		case "conditions":
			d.Conditions = row
		}
	}
	if arr, ok := o.array("steps"); ok {
		for i, raw := range arr {
			t := asObject(index(o.field("steps"), i), raw)
			st := DraftTurn{Action: t.id("action")}
			switch st.Action {
			case StepEliminate:
				st.Row = t.id("row")
				if !slices.Contains(DraftRows, st.Row) {
					fail(t.field("row"), "unknown row %q (objective, deployment or condition)", st.Row)
				}
			case StepPass:
				if _, has := t.get("row"); has {
					fail(t.field("row"), "a pass eliminates from no row")
				}
			default:
				fail(t.field("action"), "unknown action %q (eliminate or pass)", st.Action)
			}
			d.Steps = append(d.Steps, st)
		}
	}
	return d
}

// stringList reads an optional array of non-empty strings (nil when absent or empty); with
// unique, a string given twice is a fault at its second occurrence.
func stringList(o object, k string, unique bool) []string {
	arr, ok := o.array(k)
	if !ok {
		return nil
	}
	var out []string
	first := map[string]int{}
	for i, raw := range arr {
		p := index(o.field(k), i)
		s, isStr := raw.(string)
		switch {
		case !isStr:
			fail(p, "must be a string, got %s", jsonType(raw))
		case s == "":
			fail(p, "must not be empty")
		}
		if j, dup := first[s]; dup && unique {
			fail(p, "%q is listed twice (first at %s)", s, index(o.field(k), j))
		}
		first[s] = i
		out = append(out, s)
	}
	return out
}

// setupDoc writes a Setup in the format's order: fields with their zero value are left out
// (except phase, which is required), unknown fields follow sorted.
func setupDoc(s *Setup) ordered {
	var o ordered
	for _, f := range []struct{ k, v string }{{"blue", s.Blue}, {"red", s.Red}, {"blueEdge", s.BlueEdge}, {"mission", s.Mission}} {
		if f.v != "" {
			o.add(f.k, f.v)
		}
	}
	o.add("phase", s.Phase)
	if d := s.Draft; d != nil {
		dd := ordered{{"objectives", strs(d.Objectives)}, {"deployments", strs(d.Deployments)}, {"conditions", strs(d.Conditions)}}
		if len(d.Steps) > 0 {
			steps := make([]any, len(d.Steps))
			for i, st := range d.Steps {
				so := ordered{{"action", st.Action}}
				if st.Row != "" {
					so.add("row", st.Row)
				}
				steps[i] = so
			}
			dd.add("steps", steps)
		}
		o.add("draft", dd)
	}
	if len(s.TerrainTurns) > 0 {
		turns := make([]any, len(s.TerrainTurns))
		for i, t := range s.TerrainTurns {
			turns[i] = ordered{{"colour", t.Colour.String()}, {"piece", t.Piece}}
		}
		o.add("terrainTurns", turns)
	}
	if len(s.Deployed) > 0 {
		o.add("deployed", strs(s.Deployed))
	}
	o.addExtra(s.Extra)
	return o
}

func strs(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}
