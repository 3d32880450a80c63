package scenes

import (
	"encoding/json"
	"math"
	"testing"
)

// The turned camera (D146): a wide table drawn a quarter turn clockwise on a portrait screen.

func TestTurnedRoundTrip(t *testing.T) {
	cams := []Camera{
		{Zoom: 1, Turned: true},
		{Zoom: 9.36, PanX: 26.5, PanY: 90.1, Turned: true},
		{Zoom: 0.37, PanX: -1234.5, PanY: 99.25, Turned: true},
		{Zoom: 12, PanX: 80, PanY: 500},
	}
	pts := [][2]float64{{0, 0}, {72, 36}, {36, 18}, {-5, 40.5}, {1e-3, 1e3}}
	for _, c := range cams {
		for _, p := range pts {
			x, y := c.ScreenToWorld(c.WorldToScreen(p[0], p[1]))
			if !near(x, p[0]) || !near(y, p[1]) {
				t.Errorf("%+v: world %v → screen → (%v,%v)", c, p, x, y)
			}
			sx, sy := c.WorldToScreen(c.ScreenToWorld(p[0], p[1]))
			if !near(sx, p[0]) || !near(sy, p[1]) {
				t.Errorf("%+v: screen %v → world → (%v,%v)", c, p, sx, sy)
			}
		}
	}
}

// TestTurnedOrientation: turned, +x runs down the screen and +y to the right (the table's left
// edge at the top, its near edge at the left): a rotation, not a mirror, so a facing of 0° (+x)
// points down and 90° (+y) right in render's screen angles.
func TestTurnedOrientation(t *testing.T) {
	c := Camera{Zoom: 10, PanX: 100, PanY: 50, Turned: true}
	for _, tc := range []struct{ x, y, sx, sy float64 }{
		{0, 0, 100, 50}, {1, 0, 100, 60}, {0, 2, 120, 50}, {72, 36, 460, 770},
	} {
		if sx, sy := c.WorldToScreen(tc.x, tc.y); !near(sx, tc.sx) || !near(sy, tc.sy) {
			t.Errorf("(%v,%v) → (%v,%v), want (%v,%v)", tc.x, tc.y, sx, sy, tc.sx, tc.sy)
		}
	}
	// render draws angle a along (cos a, −sin a) on screen.
	for _, tc := range []struct{ deg, dx, dy float64 }{{0, 0, 1}, {90, 1, 0}, {180, 0, -1}, {270, -1, 0}} {
		a := c.ScreenAngle(tc.deg * math.Pi / 180)
		if math.Abs(math.Cos(a)-tc.dx) > 1e-12 || math.Abs(-math.Sin(a)-tc.dy) > 1e-12 {
			t.Errorf("facing %v° draws along (%.3f,%.3f), want (%v,%v)", tc.deg, math.Cos(a), -math.Sin(a), tc.dx, tc.dy)
		}
	}
	if a := (Camera{Zoom: 1}).ScreenAngle(1.25); a != 1.25 {
		t.Errorf("upright ScreenAngle(1.25) = %v", a)
	}
	if b := c.Box(72, 36); b != (Rect{X: 100, Y: 50, W: 360, H: 720}) {
		t.Errorf("turned box %+v", b)
	}
	if b := (Camera{Zoom: 10, PanX: 100, PanY: 400}).Box(72, 36); b != (Rect{X: 100, Y: 40, W: 720, H: 360}) {
		t.Errorf("upright box %+v", b)
	}
}

func TestTurnedZoomAbout(t *testing.T) {
	start := Camera{Zoom: 9, PanX: 30, PanY: 90, Turned: true}
	for _, p := range [][2]float64{{195, 422}, {0, 0}, {380, 800}} {
		wx, wy := start.ScreenToWorld(p[0], p[1])
		got := start.ZoomedAbout(p[0], p[1], 1.7, 0.1, 1000)
		if !got.Turned || !near(got.Zoom, 9*1.7) {
			t.Fatalf("zoomed %+v", got)
		}
		if sx, sy := got.WorldToScreen(wx, wy); !near(sx, p[0]) || !near(sy, p[1]) {
			t.Errorf("about %v: the point moved to (%v,%v)", p, sx, sy)
		}
	}
}

// TestFitTurning: a 72 × 36 table on a 390 × 844 screen turns and fills 390 × 780 of it (92%;
// upright it would be 390 × 195, 23%); landscape views and square tables stay upright, as Fit.
// (A wide table on a portrait view is always larger turned.)
func TestFitTurning(t *testing.T) {
	phone := Rect{0, 0, 390, 844}
	c := FitTurning(72, 36, phone)
	if !c.Turned || !near(c.Zoom, 390.0/36) {
		t.Fatalf("phone: %+v, want turned at zoom 390/36", c)
	}
	b := c.Box(72, 36)
	if !near(b.W, 390) || !near(b.H, 780) || !near(b.X, 0) || !near(b.Y, 32) {
		t.Errorf("phone: box %+v, want 390 × 780 at (0, 32)", b)
	}
	if share := b.W * b.H / (phone.W * phone.H); share < 0.8 || !near(share, 780.0/844) {
		t.Errorf("phone: the table covers %.3f of the screen, want 780/844", share)
	}
	for _, tc := range []struct {
		name string
		w, d float64
		view Rect
	}{
		{"1440×900", 72, 36, Rect{8, 60, 1424, 760}},
		{"1024×700", 72, 36, Rect{8, 60, 1008, 560}},
		{"square table on a phone", 36, 36, phone},
		{"6×4 on a landscape tablet", 72, 48, Rect{0, 0, 1024, 768}},
	} {
		if got, want := FitTurning(tc.w, tc.d, tc.view), Fit(tc.w, tc.d, tc.view); got != want {
			t.Errorf("%s: %+v, want Fit's %+v", tc.name, got, want)
		}
	}
	// 6' × 4' on the phone: turned, 390/48 = 8.125 px/in against 844/72 = 11.7: 390 × 585.
	if c := FitTurning(72, 48, phone); !c.Turned || !near(c.Zoom, 390.0/48) {
		t.Errorf("6×4 on a phone: %+v", c)
	}
}

// phoneScene is the default table on a 390 × 844 phone with the page's reserve (toolbar 30 px,
// panel row 34, dock 72).
func phoneScene(t *testing.T) (*TableScene, Screen) {
	t.Helper()
	s := measureScene(t)
	scr := Screen{W: 390, H: 844, Scale: 1}
	tick(s, Input{Screen: scr, ScreenChanged: true})
	if _, err := s.Command("reserve", json.RawMessage(`{"top": 30, "bottom": 34, "dock": 72, "touch": true}`)); err != nil {
		t.Fatal(err)
	}
	tick(s, Input{Screen: scr, Fit: true})
	return s, scr
}

// TestPhoneTableTurned: on the phone the fitted table is turned and covers at least 80% of the
// view the page leaves it and 60% of the whole screen; at 1440×900 and 1024×700 the camera is
// the upright one fitted as before (Fit, the table's top at the view's top).
func TestPhoneTableTurned(t *testing.T) {
	s, scr := phoneScene(t)
	c := s.Camera()
	if !c.Turned || c != s.fitCamera() {
		t.Fatalf("phone: camera %+v, want the turned fit", c)
	}
	v := s.fitView()
	b := c.Box(72, 36)
	if share := b.W * b.H / (v.W * v.H); share < 0.8 {
		t.Errorf("phone: the table covers %.2f of its view %+v", share, v)
	}
	if share := b.W * b.H / (scr.W * scr.H); share < 0.6 {
		t.Errorf("phone: the table covers %.2f of the screen", share)
	}
	if !near(b.Y, v.Y) || b.Y+b.H > v.Y+v.H+1e-9 || b.X < v.X-1e-9 || b.X+b.W > v.X+v.W+1e-9 {
		t.Errorf("phone: table %+v not at the top of its view %+v", b, v)
	}
	for _, sz := range []Screen{{W: 1440, H: 900, Scale: 1}, {W: 1024, H: 700, Scale: 1}} {
		tick(s, Input{Screen: sz, ScreenChanged: true})
		v := s.fitView()
		want := Fit(72, 36, v)
		want.PanY = v.Y + 36*want.Zoom
		if got := s.Camera(); got != want {
			t.Errorf("%v×%v: camera %+v, want the upright %+v", sz.W, sz.H, got, want)
		}
	}
}

// TestPhoneTapAndDrag: on the turned table a tap on red-storm-1-2's base — at PanX + y·Zoom,
// PanY + x·Zoom — selects it, where the upright formula's point does not; a drag of it by
// (dx, dy) screen px moves it by (dy, dx)/Zoom on the table (screen down is +x, right is +y).
func TestPhoneTapAndDrag(t *testing.T) {
	s, _ := phoneScene(t)
	c := s.Camera()
	_, m := measureFind(s, "red-storm-1-2")
	ox, oy := m.X, m.Y
	if ux, uy := c.PanX+ox*c.Zoom, c.PanY-oy*c.Zoom; s.miniAt(ux, uy) >= 0 && s.minis[s.miniAt(ux, uy)].mini.ID == "red-storm-1-2" {
		t.Fatalf("the upright point (%v,%v) also hits the base", ux, uy)
	}
	x, y := c.PanX+oy*c.Zoom, c.PanY+ox*c.Zoom
	measureClick(s, x, y)
	if s.Selected() != "red-storm-1-2" {
		t.Fatalf("a tap at (%.1f,%.1f) selected %q", x, y, s.Selected())
	}
	tick(s, Input{X: x, Y: y, Left: true, LeftPressed: true})
	for _, d := range [][2]float64{{10, 5}, {30, -20}, {-40, 60}} {
		tick(s, Input{X: x + d[0], Y: y + d[1], Left: true})
		_, pm := measureFind(s, "red-storm-1-2")
		if s.preview == nil || math.Abs(pm.X-(ox+d[1]/c.Zoom)) > 1e-9 || math.Abs(pm.Y-(oy+d[0]/c.Zoom)) > 1e-9 {
			t.Fatalf("dragged by %v px: at (%v,%v), want (%v,%v)", d, pm.X, pm.Y, ox+d[1]/c.Zoom, oy+d[0]/c.Zoom)
		}
	}
	if s.Camera() != c {
		t.Error("dragging a base panned the table")
	}
}

// TestPhoneTapPicksTheBase: on the phone's turned table (9.4 px to the inch, a fingertip's slop
// of 10 px) a tap on the centre of each of red-storm-2's bases picks that base, not the topmost
// neighbour within the slop; a tap 5 px off every rim still picks the nearest base.
func TestPhoneTapPicksTheBase(t *testing.T) {
	s, _ := phoneScene(t)
	s.touch = true
	u, _ := measureFind(s, "red-storm-2-1")
	for _, m := range u.Minis {
		x, y := s.Camera().WorldToScreen(m.X, m.Y)
		if i := s.miniAt(x, y); i < 0 || s.minis[i].mini.ID != m.ID {
			t.Errorf("a tap on %s's centre picked %d", m.ID, i)
		}
	}
	m := u.Minis[0]
	x, y := s.Camera().WorldToScreen(m.X, m.Y)
	x -= s.Camera().Length(m.Base/2) + 5 // left of its rim, away from the unit's other bases
	if i := s.miniAt(x, y); i < 0 || s.minis[i].mini.ID != m.ID {
		t.Errorf("a tap 5 px left of %s picked %d", m.ID, i)
	}
}

// TestPhoneTurnsWithTheScreen: turning the phone to landscape fits the table upright, back to
// portrait turned — also after a pan, which otherwise survives a resize — and F fits the turned
// table; every tool shows it turned, also those with a palette (D155), but for the terrain
// palette's finger-sized rows on a touch screen.
func TestPhoneTurnsWithTheScreen(t *testing.T) {
	s, scr := phoneScene(t)
	land := Screen{W: 844, H: 390, Scale: 1}
	tick(s, Input{Screen: land, ScreenChanged: true})
	if c := s.Camera(); c.Turned || c != s.fitCamera() {
		t.Fatalf("landscape: %+v", c)
	}
	// A pan by hand, then back to portrait: fitted anew, turned.
	tick(s, Input{Screen: land, X: 600, Y: 200, Right: true, RightPressed: true})
	tick(s, Input{Screen: land, X: 640, Y: 220, Right: true})
	tick(s, Input{Screen: land, X: 640, Y: 220})
	if s.fitted {
		t.Fatal("the pan left the view fitted")
	}
	tick(s, Input{Screen: scr, ScreenChanged: true})
	if c := s.Camera(); !c.Turned || c != s.fitCamera() {
		t.Fatalf("back to portrait after a pan: %+v", c)
	}
	// A pan on the phone, then F.
	tick(s, Input{Screen: scr, X: 100, Y: 100, Right: true, RightPressed: true})
	tick(s, Input{Screen: scr, X: 130, Y: 150, Right: true})
	tick(s, Input{Screen: scr, X: 130, Y: 150})
	if c := s.Camera(); c == s.fitCamera() {
		t.Fatal("the pan did not move the view")
	}
	tick(s, Input{Screen: scr, Fit: true})
	if c := s.Camera(); !c.Turned || c != s.fitCamera() {
		t.Errorf("F on the phone: %+v, want the turned fit %+v", c, s.fitCamera())
	}
	// On the phone the heat map keeps the table turned and fitted into the room above its
	// legend's band (D155): the table smaller, the legend between it and the page's dock; off,
	// the table has Measure's fit again.
	before := s.Camera()
	if _, err := s.Command("heatmap", json.RawMessage(`{"on": true}`)); err != nil {
		t.Fatal(err)
	}
	if c := s.Camera(); !c.Turned || c != s.fitCamera() || c.Zoom >= before.Zoom || s.heatBand() < 100 {
		t.Errorf("heat map on, on the phone: %+v (band %v), want turned, fitted, smaller than %+v", c, s.heatBand(), before)
	}
	if b := s.Camera().Box(72, 36); b.Y+b.H+8+s.heatBand() > scr.H-72+1e-9 {
		t.Errorf("heat map on, on the phone: the table ends at %v, its legend's %v px reach into the dock", b.Y+b.H, s.heatBand())
	}
	if _, err := s.Command("heatmap", json.RawMessage(`{"on": false}`)); err != nil {
		t.Fatal(err)
	}
	if c := s.Camera(); c != before {
		t.Errorf("heat map off, on the phone: %+v, want %+v", c, before)
	}
	// A tool with a palette in the dock keeps the table turned (D155; its rows stand between
	// the table and the dock) where that shows it larger than upright — on this touch screen the
	// terrain palette's finger-sized rows leave the upright table larger. A switch that keeps the
	// orientation keeps a pan; one that turns the table fits it anew.
	for _, tool := range []string{"units", "dice", "setup", "terrain", "move", "game"} {
		tick(s, Input{Screen: scr, X: 100, Y: 100, Right: true, RightPressed: true})
		tick(s, Input{Screen: scr, X: 120, Y: 90, Right: true})
		tick(s, Input{Screen: scr, X: 120, Y: 90})
		before := s.Camera()
		edMust(t, s, "tool", tool)
		c, fit := s.Camera(), s.fitCamera()
		if c.Turned != fit.Turned || (c.Turned == before.Turned) != (c != fit) {
			t.Errorf("%s on the phone after a pan: %+v (before %+v), the fit %+v", tool, c, before, fit)
		}
		if want := tool != "terrain"; c.Turned != want {
			t.Errorf("%s on the phone: turned %v, want %v", tool, c.Turned, want)
		}
	}
}
