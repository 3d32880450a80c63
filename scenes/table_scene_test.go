package scenes

import (
	"testing"
	"time"

	"holotable/table"
)

// testDoc is a 72×36 table with one red unit of two minis.
func testDoc() *Doc {
	f, err := table.Load([]byte(`{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[{"id":"red-1","side":"red","type":"trooper","minis":[
	  {"id":"red-1-1","leader":true,"x":10,"y":10,"base":"small","height":1.65},
	  {"id":"red-1-2","x":12,"y":10,"base":"small","height":1.65}]}]}`))
	if err != nil {
		panic(err)
	}
	d, err := NewDoc(f)
	if err != nil {
		panic(err)
	}
	return d
}

var screen1 = Screen{W: 1024, H: 768, Scale: 1}

// testClock is the time the tests' ticks happen at: one frame at 60 fps after another.
var testClock time.Duration

func tick(s *TableScene, in Input) {
	if in.Screen == (Screen{}) {
		in.Screen = screen1
	}
	if in.Time == 0 {
		testClock += time.Second / 60
		in.Time = testClock
	}
	if err := s.Update(&in); err != nil {
		panic(err)
	}
}

func TestTableSceneFitsOnFirstUpdate(t *testing.T) {
	s := NewTableScene("test", testDoc())
	tick(s, Input{ScreenChanged: true})
	want := Fit(72, 36, s.fitView())
	if s.Camera() != want {
		t.Fatalf("camera %+v, want fit %+v", s.Camera(), want)
	}
	// Refit on resize while still fitted.
	tick(s, Input{Screen: Screen{W: 2048, H: 1536, Scale: 2}, ScreenChanged: true})
	if want := Fit(72, 36, s.fitView()); s.Camera() != want {
		t.Errorf("after resize: camera %+v, want %+v", s.Camera(), want)
	}
}

func TestTableScenePanZoomFitSelect(t *testing.T) {
	s := NewTableScene("test", testDoc())
	tick(s, Input{ScreenChanged: true})
	fit := s.Camera()

	// Left drag from empty space (top-left corner, off the table) pans.
	tick(s, Input{X: 5, Y: 5, Left: true, LeftPressed: true})
	tick(s, Input{X: 55, Y: 25, Left: true})
	tick(s, Input{X: 105, Y: 45, Left: true})
	tick(s, Input{X: 105, Y: 45, LeftReleased: true})
	if got := s.Camera(); got.PanX != fit.PanX+100 || got.PanY != fit.PanY+40 || got.Zoom != fit.Zoom {
		t.Fatalf("after drag: %+v (fit %+v)", got, fit)
	}
	// A resize no longer refits once the user has moved the camera.
	panned := s.Camera()
	tick(s, Input{Screen: Screen{W: 1000, H: 700, Scale: 1}, ScreenChanged: true})
	if s.Camera() != panned {
		t.Errorf("resize refitted a panned camera")
	}

	// Right drag pans even when it starts on a base.
	bx, by := s.Camera().WorldToScreen(10, 10)
	tick(s, Input{X: bx, Y: by, Right: true, RightPressed: true})
	tick(s, Input{X: bx - 20, Y: by, Right: true})
	tick(s, Input{X: bx - 20, Y: by})
	if got := s.Camera().PanX; got != panned.PanX-20 {
		t.Errorf("right drag: PanX %v, want %v", got, panned.PanX-20)
	}
	if s.Snapshot().Selected != "" {
		t.Errorf("right drag selected %q", s.Snapshot().Selected)
	}

	// The wheel zooms about the cursor.
	before := s.Camera()
	wx, wy := before.ScreenToWorld(400, 300)
	tick(s, Input{X: 400, Y: 300, Wheel: 1})
	after := s.Camera()
	if after.Zoom <= before.Zoom {
		t.Errorf("wheel up did not zoom in: %v → %v", before.Zoom, after.Zoom)
	}
	if sx, sy := after.WorldToScreen(wx, wy); !near(sx, 400) || !near(sy, 300) {
		t.Errorf("zoom moved the point under the cursor to (%v,%v)", sx, sy)
	}
	// Zoom is clamped: many steps out stop at half the fit zoom.
	for i := 0; i < 50; i++ {
		tick(s, Input{X: 400, Y: 300, Wheel: -2})
	}
	if lo, _ := s.zoomLimits(); !near(s.Camera().Zoom, lo) {
		t.Errorf("zoom %v, want the lower limit %v", s.Camera().Zoom, lo)
	}

	// A click on a base selects its mini; a click on empty space clears the selection.
	tick(s, Input{Fit: true})
	if s.Camera() != Fit(72, 36, s.fitView()) {
		t.Errorf("F did not fit")
	}
	bx, by = s.Camera().WorldToScreen(12, 10)
	tick(s, Input{X: bx + 1, Y: by - 1, LeftPressed: true, LeftReleased: true})
	if got := s.Snapshot().Selected; got != "red-1-2" {
		t.Errorf("selected %q, want red-1-2", got)
	}
	tick(s, Input{X: 5, Y: 5, LeftPressed: true, LeftReleased: true})
	if got := s.Snapshot().Selected; got != "" {
		t.Errorf("click on empty space left %q selected", got)
	}
}

func TestSnapshot(t *testing.T) {
	s := NewTableScene("test", testDoc())
	tick(s, Input{ScreenChanged: true})
	st := s.Snapshot()
	if st.Map != "test" || st.Table.Width != 72 || st.Table.Depth != 36 || st.Length != "in" {
		t.Errorf("snapshot %+v", st)
	}
	if len(st.Units) != 1 || len(st.Units[0].Minis) != 2 || !st.Units[0].Minis[0].Leader || st.Units[0].Minis[1].Base != 1.063 {
		t.Errorf("units %+v", st.Units)
	}
	if st.Screen.Width != 1024 || st.Camera.Zoom == 0 {
		t.Errorf("screen %+v camera %+v", st.Screen, st.Camera)
	}
}
