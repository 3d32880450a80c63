package geometry

import (
	"math"
	"math/rand"
	"testing"
)

func TestRoundedRectForms(t *testing.T) {
	r := RoundedRect(pt(10, 5), 6, 4, 1, 0)
	if len(r.Core()) != 4 || r.R() != 1 || !r.Convex() {
		t.Fatalf("rounded rect: core %v R %v", r.Core(), r.R())
	}
	want := []struct{ x, y float64 }{{8, 4}, {12, 4}, {12, 6}, {8, 6}}
	for i, w := range want {
		if r.Core()[i] != pt(w.x, w.y) {
			t.Errorf("core[%d] = %v, want %v", i, r.Core()[i], w)
		}
	}
	if b := r.Bounds(); b.X.Lo != 7 || b.X.Hi != 13 || b.Y.Lo != 3 || b.Y.Hi != 7 {
		t.Errorf("bounds %v", b)
	}
	st := RoundedRect(pt(0, 0), 6, 2, 1, 90) // width == 2·cornerR: a stadium along y
	if c := st.Core(); len(c) != 2 || c[0] != pt(0, -2) || c[1] != pt(0, 2) || st.R() != 1 {
		t.Errorf("stadium form: core %v R %v", c, st.R())
	}
	st2 := RoundedRect(pt(0, 0), 2, 6, 1, 0) // length == 2·cornerR: a stadium across
	if c := st2.Core(); len(c) != 2 || c[0] != pt(0, -2) || c[1] != pt(0, 2) {
		t.Errorf("stadium across: core %v", c)
	}
	ci := RoundedRect(pt(3, 4), 2, 2, 1, 17)
	if c := ci.Core(); len(c) != 1 || c[0] != pt(3, 4) || ci.R() != 1 {
		t.Errorf("circle form: core %v R %v", c, ci.R())
	}
	box := RoundedRect(pt(0, 0), 4, 2, 0, 0)
	if len(box.Core()) != 4 || box.R() != 0 || box.Area() != 8 {
		t.Errorf("plain rectangle: core %v R %v", box.Core(), box.R())
	}
	clamped := RoundedRect(pt(0, 0), 4, 2, 5, 0) // cornerR clamped to 1
	if clamped.R() != 1 || len(clamped.Core()) != 2 {
		t.Errorf("clamped: core %v R %v", clamped.Core(), clamped.R())
	}
	// Turned 30°: the point 3.5 along the length axis is 0.5 outside the end.
	tr := RoundedRect(pt(1, 1), 6, 4, 1, 30)
	s, c := math.Sincos(math.Pi / 6)
	if d := tr.DistanceToPoint(pt(1+3.5*c, 1+3.5*s)); !near(d, 0.5, 1e-12) {
		t.Errorf("turned rounded rect: distance %v, want 0.5", d)
	}
	if d := tr.DistanceToPoint(pt(1-2.5*s, 1+2.5*c)); !near(d, 0.5, 1e-12) {
		t.Errorf("turned rounded rect, side: distance %v, want 0.5", d)
	}
}

func TestTranslateRotate(t *testing.T) {
	l := mustPoly(t, lXY...)
	m := l.Translate(pt(10, -3))
	if m.Core()[2] != pt(12, -2) || m.Bounds().X.Lo != 10 || m.Bounds().Y.Hi != -1 {
		t.Errorf("translate: core %v bounds %v", m.Core(), m.Bounds())
	}
	if l.Core()[2] != pt(2, 1) {
		t.Error("translate changed the original")
	}
	r := l.Rotate(pt(0, 0), 90) // exact
	want := []float64{0, 0, 0, 2, -1, 2, -1, 1, -2, 1, -2, 0}
	for i, p := range r.Core() {
		if p != pt(want[2*i], want[2*i+1]) {
			t.Errorf("rotate 90: core[%d] = %v", i, p)
		}
	}
	if r.Convex() || area2(r.Core()) <= 0 {
		t.Error("rotate changed convexity or winding")
	}
	back := r.Rotate(pt(0, 0), -450)
	for i, p := range back.Core() {
		if !near(p.X, l.Core()[i].X, 1e-15) || !near(p.Y, l.Core()[i].Y, 1e-15) {
			t.Errorf("rotate back: core[%d] = %v", i, p)
		}
	}
	// Convex stays convex whatever the angle; areas are kept.
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 500; i++ {
		s := randShape(t, rng)
		a := 360 * rng.Float64()
		q := s.Rotate(randPoint(rng, -5, 5), a).Translate(randPoint(rng, -50, 50))
		if q.Convex() != s.Convex() || !near(q.Area(), s.Area(), 1e-9*s.Area()) {
			t.Fatalf("rotate %v: convex %v→%v area %v→%v", a, s.Convex(), q.Convex(), s.Area(), q.Area())
		}
	}
}
