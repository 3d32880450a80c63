package scenes

import (
	"math"
	"slices"

	"holotable/maps"
	"holotable/ops"
	"holotable/rules"
	"holotable/table"
)

// setupState is the setup tool's part of the page hook's state: the rules' summary of the setup,
// the hint, the last refusal, the answer under the pointer, and where the palette buttons and
// draft cards are on screen (device pixels, for the page and the browser tests).
type setupState struct {
	Phase    string              `json:"phase"` // "" before a setup is started
	Ruleset  string              `json:"ruleset"`
	Blue     string              `json:"blue"`
	Red      string              `json:"red"`
	BlueEdge string              `json:"blueEdge"`
	Mission  string              `json:"mission,omitempty"`
	Turn     string              `json:"turn"` // "blue", "red" or "" (either player, or nobody)
	First    string              `json:"first"`
	Sides    []string            `json:"sides"`
	Armed    string              `json:"armed,omitempty"`
	Coverage float64             `json:"coverage"`
	Draft    *setupDraftState    `json:"draft,omitempty"`
	Cards    []string            `json:"cards,omitempty"` // objective, deployment, condition in use
	Missions []string            `json:"missions,omitempty"`
	Zones    []setupZoneState    `json:"zones,omitempty"`
	Tokens   setupTokensState    `json:"tokens"`
	Deployed map[string][]string `json:"deployed"`
	Waiting  map[string][]string `json:"waiting"`
	Missing  []string            `json:"missing"`
	Fault    string              `json:"fault,omitempty"`
	Hint     string              `json:"hint"`
	// Fallback: the next click or tap places by the fallback rule (the page's button for touch
	// screens, which have no Shift); CanFallback: the phase has one (terrain with a preset armed, tokens).
	Fallback    bool            `json:"fallback,omitempty"`
	CanFallback bool            `json:"canFallback,omitempty"`
	Refused     *setupRefusal   `json:"refused,omitempty"`
	Hover       *ops.TokenCheck `json:"hover,omitempty"`
	Preview     *setupPreview   `json:"preview,omitempty"` // the armed piece under the pointer (setup_preview.go)
	Dragging    string          `json:"dragging,omitempty"`
	Buttons     []setupButton   `json:"buttons"`
	CardBox     []setupCardBox  `json:"cardBoxes,omitempty"`
}

type setupDraftState struct {
	Dealt   [3][]string `json:"dealt"`
	Left    [3][]string `json:"left"`
	Turn    int         `json:"turn"`
	Player  string      `json:"player"`
	Done    bool        `json:"done"`
	Reasons []string    `json:"reasons,omitempty"`
}

type setupZoneState struct {
	Name     string       `json:"name"`
	Colour   string       `json:"colour"`
	Inferred bool         `json:"inferred"`
	Points   [][2]float64 `json:"points"`
}

type setupTokensState struct {
	Kind    string       `json:"kind"`
	Placed  int          `json:"placed"`
	ToPlace int          `json:"toPlace"`
	Fixed   [][2]float64 `json:"fixed,omitempty"`
}

type setupButton struct {
	Text string     `json:"text"`
	Rect [4]float64 `json:"rect"`
}

type setupCardBox struct {
	Row  int        `json:"row"`
	Col  int        `json:"col"`
	ID   string     `json:"id"`
	Rect [4]float64 `json:"rect"`
}

// byColour is m keyed by the colours' words, for the page.
func byColour(m map[table.Colour][]string) map[string][]string {
	out := make(map[string][]string, len(m))
	for c, ids := range m {
		out[c.String()] = ids
	}
	return out
}

// State is the tool's part of the state snapshot.
func (t *setupTool) State(s Context) any { return t.state(s) }

func (t *setupTool) state(s Context) setupState {
	v := t.derived(s)
	f, sum := v.file, v.sum
	st := setupState{Phase: sum.Phase, Ruleset: f.Ruleset, Blue: sum.Blue, Red: sum.Red, BlueEdge: sum.BlueEdge, Turn: sum.Turn.String(),
		First: t.first().String(), Sides: v.sides, Armed: t.armed, Coverage: math.Round(v.coverage.Fraction*1e4) / 1e4,
		Deployed: byColour(sum.Deployed), Waiting: byColour(sum.Waiting), Missing: missingText(sum.Missing), Fault: sum.Fault, Hint: t.hint(s),
		Refused: t.refused, Hover: t.hover, Preview: t.preview, Fallback: t.nextFallback,
		CanFallback: (sum.Phase == table.PhaseTerrain && t.armed != "") || (sum.Phase == table.PhaseTokens && sum.TokensPlaced < sum.TokensToPlace)}
	if f.Setup != nil {
		st.Mission = f.Setup.Mission
	}
	if st.Turn == "" && sum.Phase == table.PhaseTerrain && (f.Setup == nil || len(f.Setup.TerrainTurns) == 0) {
		st.Turn = t.first().String()
	}
	if d := sum.Draft; d != nil && f.Setup != nil && f.Setup.Draft != nil {
		sd := f.Setup.Draft
		ds := &setupDraftState{Dealt: [3][]string{sd.Objectives, sd.Deployments, sd.Conditions}, Left: d.Rows, Turn: d.Turn, Done: d.Done()}
		if !d.Done() {
			ds.Player = d.Player().String()
		}
		for _, r := range d.Reasons() {
			ds.Reasons = append(ds.Reasons, reasonText(r))
		}
		st.Draft = ds
	}
	for _, c := range []*maps.Card{sum.Objective, sum.Deployment, sum.Condition} {
		if c != nil {
			st.Cards = append(st.Cards, c.ID)
		}
	}
	if f.Ruleset == "specops" {
		for _, m := range missions() {
			st.Missions = append(st.Missions, m.ID)
		}
	}
	inferred := sum.Deployment != nil && sum.Deployment.Geometry == maps.GeometryNotInSeeds
	for _, z := range sum.Zones {
		zs := setupZoneState{Name: z.Name(), Colour: z.Colour.String(), Inferred: inferred}
		for _, p := range z.Shape.Core() {
			zs.Points = append(zs.Points, [2]float64{p.X, p.Y})
		}
		st.Zones = append(st.Zones, zs)
	}
	st.Tokens = setupTokensState{Kind: sum.TokenKind, Placed: sum.TokensPlaced, ToPlace: sum.TokensToPlace}
	for _, p := range sum.FixedTokens {
		st.Tokens.Fixed = append(st.Tokens.Fixed, [2]float64{p.X, p.Y})
	}
	if t.drag != nil {
		st.Dragging = t.drag.unit
	}
	t.layout(s)
	for _, b := range t.palette {
		st.Buttons = append(st.Buttons, setupButton{Text: b.Text, Rect: [4]float64{float64(b.X), float64(b.Y), float64(b.W), float64(b.H)}})
	}
	for _, c := range t.cards {
		st.CardBox = append(st.CardBox, setupCardBox{Row: c.row, Col: c.col, ID: c.id, Rect: [4]float64{c.x, c.y, c.w, c.h}})
	}
	return st
}

// missingText is what the setup still needs, in the current language.
func missingText(ms []string) []string {
	if Language() != "de" {
		return ms
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i], _ = rules.GermanText("setup.missing", m)
	}
	return out
}

// missions are the Spezialeinsätze missions, sorted by id (maps' tests check that they load).
func missions() []maps.Mission {
	ms, _ := maps.LoadMissions()
	slices.SortFunc(ms, func(a, b maps.Mission) int {
		if a.ID < b.ID {
			return -1
		}
		if a.ID > b.ID {
			return 1
		}
		return 0
	})
	return ms
}

// hint is the line under the palette: what to do now.
func (t *setupTool) hint(s Context) string {
	v := t.derived(s)
	sum := v.sum
	turn := colourName(sum.Turn)
	switch sum.Phase {
	case "":
		return T("setup.hint.none")
	case table.PhaseTerrain:
		if sum.Blue == "" || sum.Red == "" || (v.file.Ruleset != "specops" && sum.BlueEdge == "") {
			return T("setup.hint.colours")
		}
		if sum.Turn == table.NoColour {
			turn = colourName(t.first())
		}
		return TFor(s.Fingers(), "setup.hint.terrain", turn) + " · " + T("setup.coverage", 100*v.coverage.Fraction)
	case table.PhaseDraft:
		switch {
		case v.file.Ruleset == "specops":
			return T("setup.hint.mission")
		case sum.Draft == nil:
			return T("setup.hint.deal")
		case sum.DraftDone:
			return T("setup.hint.drafted", cardName(*sum.Objective)+", "+cardName(*sum.Deployment)+", "+cardName(*sum.Condition))
		}
		return TFor(s.Fingers(), "setup.hint.draft", colourName(sum.Draft.Player()), sum.Draft.Turn+1)
	case table.PhaseTokens:
		if sum.TokensPlaced >= sum.TokensToPlace {
			return T("setup.hint.tokensDone")
		}
		if sum.Turn == table.NoColour {
			turn = T("setup.anyone")
		}
		if v.onTerrain() {
			return TFor(s.Fingers(), "setup.hint.tokensOn", turn, sum.TokensPlaced+1, sum.TokensToPlace)
		}
		return TFor(s.Fingers(), "setup.hint.tokens", turn, sum.TokensPlaced+1, sum.TokensToPlace)
	case table.PhaseDeploy:
		if sum.Turn == table.NoColour {
			return T("setup.hint.deployed")
		}
		return TFor(s.Fingers(), "setup.hint.deploy", turn, colourName(sum.Turn))
	}
	return T("setup.hint.done")
}
