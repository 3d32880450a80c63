//go:build !js

package e2e

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// terrainToolState is the part of the terrain tool's toolState this test reads (scenes/editor.go).
type terrainToolState struct {
	Selected string `json:"selected"`
	Piece    *struct {
		ID      string       `json:"id"`
		Shape   string       `json:"shape"`
		Polygon [][2]float64 `json:"polygon"`
		Kind    string       `json:"kind"`
	} `json:"piece"`
	Coverage  float64 `json:"coverage"`
	Placement []struct {
		ID       string   `json:"id"`
		OK       bool     `json:"ok"`
		Nearest  string   `json:"nearest"`
		Distance *float64 `json:"distance"`
	} `json:"placement"`
	Dragging string `json:"dragging"`
}

// frameReport logs the frame rate and the Go time per frame over 30 frames.
func (p *page) frameReport(what string) {
	p.t.Helper()
	evalJS[bool](p, `(window.holotable.resetFrameTimes(), true)`)
	start := time.Now()
	p.waitFrames(30)
	fps := 30 / time.Since(start).Seconds()
	ft := p.appState().FrameTimes
	p.t.Logf("%s: %.1f fps (software WebGL, loaded machine); Update+Draw median %.2f ms (Update %.2f, Draw %.2f)",
		what, fps, ft.MedianMs, ft.UpdateMedianMs, ft.DrawMedianMs)
}

func (p *page) terrainTool() (appState, terrainToolState) {
	p.t.Helper()
	st := p.appState()
	var ts terrainToolState
	if st.Tool != "terrain" {
		p.t.Fatalf("tool is %q, want terrain", st.Tool)
	}
	if err := json.Unmarshal(st.ToolState, &ts); err != nil {
		p.t.Fatalf("terrain toolState: %v\n%s", err, st.ToolState)
	}
	return st, ts
}

// TestEditorScreens drives the terrain and units tools in the browser: select a piece, drag it
// with the mouse (one edit), drag a vertex into a self-intersection (refused, unchanged), add a
// piece, mirror the layout twice (identity), place a unit; screenshots 30-editor-*.png.
func TestEditorScreens(t *testing.T) {
	p := newPage(t)
	url := startServer(t, webDir(t))
	p.open(url+"?map=default", 1)

	p.frameReport("the measure tool, idle")
	p.mustCommand("tool", "terrain")
	p.mustCommand("terrainSelect", map[string]any{"id": "ruin-1"})
	p.waitFrames(3)
	st, ts := p.terrainTool()
	if ts.Selected != "ruin-1" || ts.Piece == nil || ts.Piece.Shape != "polygon" || len(ts.Placement) != st.Terrain {
		t.Fatalf("terrain state %+v", ts)
	}
	if ts.Coverage < 0.1 || ts.Coverage > 0.4 {
		t.Errorf("coverage %v", ts.Coverage)
	}
	bad := 0
	for _, c := range ts.Placement {
		if !c.OK {
			bad++
		}
	}
	t.Logf("default layout: %.1f%% covered, %d of %d pieces within range 1 of another", 100*ts.Coverage, bad, len(ts.Placement))
	p.screenshot("30-editor-terrain-selected")
	p.frameReport("the terrain tool, idle (placement labels, handles, palette)")

	// Drag ruin-1 by a point inside it (27, 10) 3" to the right and 2" up with the mouse.
	cam := st.Camera
	x0, y0 := cam.toCSS(26.5, 10, 1)
	x1, y1 := cam.toCSS(29.5, 12, 1)
	rev := st.Rev
	p.drag(x0, y0, x1, y1)
	st, ts = p.terrainTool()
	if st.Rev != rev+1 || st.UndoLabel != "move ruin-1" {
		t.Errorf("after the drag: rev %d → %d, undo %q", rev, st.Rev, st.UndoLabel)
	}
	if ts.Piece == nil || !closeTo(ts.Piece.Polygon[0][0], 28, 0.15) || !closeTo(ts.Piece.Polygon[0][1], 10.5, 0.15) {
		t.Errorf("ruin-1 after the drag: %+v", ts.Piece)
	}
	p.screenshot("30-editor-terrain-moved")

	// Drag the L's inner corner (vertex 3) across its bottom edge: refused with the loader's
	// message, the table unchanged.
	v := ts.Piece.Polygon[3]
	x0, y0 = cam.toCSS(v[0], v[1], 1)
	x1, y1 = cam.toCSS(v[0]+2, ts.Piece.Polygon[0][1]-3, 1)
	before := p.export()
	rev = st.Rev
	p.drag(x0, y0, x1, y1)
	st = p.appState()
	if st.Rev != rev || p.export() != before {
		t.Errorf("a self-intersecting reshape changed the table")
	}
	if !strings.Contains(st.Message, "polygon: edges") || !strings.Contains(st.Message, "cross") {
		t.Errorf("message %q, want the loader's fault", st.Message)
	}
	p.screenshot("30-editor-terrain-refused")

	// A new building: the coverage grows by its 64 square inches (it overlaps nothing there).
	_, ts = p.terrainTool()
	cov := ts.Coverage
	p.mustCommand("terrainAdd", map[string]any{"preset": "building", "shape": "rect", "x": 45, "y": 32})
	p.waitFrames(2)
	_, ts = p.terrainTool()
	if !closeTo(ts.Coverage-cov, 64.0/(72*36), 1e-9) || ts.Selected != "building-1" {
		t.Errorf("coverage %v → %v after adding an 8×8 building; selected %q", cov, ts.Coverage, ts.Selected)
	}
	p.screenshot("30-editor-terrain-added")

	// A drag in progress: the preview and the live placement marks, nothing committed yet.
	rev = p.appState().Rev
	x0, y0 = cam.toCSS(45, 32, 1)
	x1, y1 = cam.toCSS(36, 27, 1)
	p.mouse(chromedp.MouseMoved, x0, y0)
	p.waitFrames(1)
	p.mouse(chromedp.MousePressed, x0, y0, chromedp.ButtonLeft, buttons(1), chromedp.ClickCount(1))
	p.waitFrames(2)
	for i := 1; i <= 4; i++ {
		f := float64(i) / 4
		p.mouse(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.ButtonLeft, buttons(1))
		p.waitFrames(1)
	}
	p.waitFrames(2)
	evalJS[bool](p, `(window.holotable.resetFrameTimes(), true)`)
	for i := 1; i <= 20; i++ {
		f := float64(i) / 20
		p.mouse(chromedp.MouseMoved, x1+10*f, y1+10*f, chromedp.ButtonLeft, buttons(1))
		p.waitFrames(1)
	}
	ft := p.appState().FrameTimes
	t.Logf("dragging a piece (preview, live placement and coverage): Update+Draw median %.2f ms (Update %.2f, Draw %.2f), p90 %.2f ms over %d frames",
		ft.MedianMs, ft.UpdateMedianMs, ft.DrawMedianMs, ft.P90Ms, ft.N)
	x1, y1 = x1+10, y1+10
	st, ts = p.terrainTool()
	if ts.Dragging != "move" || st.Rev != rev {
		t.Errorf("mid-drag: dragging %q, rev %d → %d", ts.Dragging, rev, st.Rev)
	}
	p.screenshot("30-editor-terrain-dragging")
	p.mouse(chromedp.MouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1))
	p.waitFrames(2)
	if st = p.appState(); st.Rev != rev+1 || st.UndoLabel != "move building-1" {
		t.Errorf("after the release: rev %d → %d, undo %q", rev, st.Rev, st.UndoLabel)
	}

	// Drawing a polygon: four clicks, a screenshot of the draft, Enter closes it.
	p.mustCommand("terrainArm", map[string]any{"preset": "woods-dense", "shape": "draw"})
	for _, v := range [][2]float64{{52, 1}, {60, 1.5}, {61, 6}, {54, 6.5}} {
		cx, cy := cam.toCSS(v[0], v[1], 1)
		p.do("click a corner", chromedp.MouseClickXY(cx, cy))
		p.waitFrames(3)
	}
	cx, cy := cam.toCSS(50, 4, 1)
	p.mouse(chromedp.MouseMoved, cx, cy)
	p.waitFrames(3)
	p.screenshot("30-editor-terrain-draw")
	p.key('\r')
	p.waitFrames(3)
	st, ts = p.terrainTool()
	if st.UndoLabel != "add woods-dense-1" || ts.Piece == nil || len(ts.Piece.Polygon) != 4 || ts.Piece.Kind != "area" {
		t.Errorf("drawn piece: undo %q, piece %+v, message %q", st.UndoLabel, ts.Piece, st.Message)
	}
	p.mustCommand("terrainArm", map[string]any{"preset": ""})

	// Mirror twice: the same table.
	before = p.export()
	p.mustCommand("layoutMirror", nil)
	if p.export() == before {
		t.Errorf("layoutMirror changed nothing")
	}
	p.mustCommand("layoutMirror", nil)
	if p.export() != before {
		t.Errorf("mirroring twice changed the table")
	}

	// The units tool: a trooper unit of six by click.
	p.mustCommand("tool", "units")
	p.mustCommand("unitArm", map[string]any{"preset": "trooper", "side": "blue", "n": 6})
	p.waitFrames(2)
	cam = p.appState().Camera // the units palette may leave the table fitted differently
	cx, cy = cam.toCSS(60, 5, 1)
	p.do("click the table", chromedp.MouseClickXY(cx, cy))
	p.waitFrames(3)
	st = p.appState()
	found := false
	for _, u := range st.Units {
		if u.ID == "blue-trooper-1" {
			found = len(u.Minis) == 6
		}
	}
	if !found || st.UndoLabel != "add blue-trooper-1" {
		t.Errorf("unit not placed: undo %q, message %q", st.UndoLabel, st.Message)
	}
	p.screenshot("30-editor-units")
	p.noPanics()

	// At device scale 2 the palette, handles and labels keep their CSS size.
	p.open(url+"?map=skirmish", 2)
	p.mustCommand("tool", "terrain")
	st = p.appState()
	var first string
	if _, ts = p.terrainTool(); len(ts.Placement) > 0 {
		first = ts.Placement[0].ID
	}
	p.mustCommand("terrainSelect", map[string]any{"id": first})
	p.waitFrames(3)
	if _, ts = p.terrainTool(); ts.Selected != first || first == "" {
		t.Errorf("skirmish at scale 2: selected %q of %d pieces", ts.Selected, st.Terrain)
	}
	p.screenshot("30-editor-hidpi")
	p.noPanics()
}
