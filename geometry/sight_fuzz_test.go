package geometry

import (
	"math"
	"testing"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
)

// FuzzSee: arbitrary eyes, targets and two blockers (a box and a cylinder, any sizes and heights,
// overlapping or not) never make the visibility query panic, and its answers agree: See.Visible
// is Visible, each hider is one Hides confirms, a visible answer's witness point is reached by a
// segment no blocker's interior holds, and the answer survives reordering the blockers.
func FuzzSee(f *testing.F) {
	f.Add(10.0, 18.0, 1.65, 30.0, 18.0, 0.53, 0.0, 1.65, 20.0, 14.0, 21.0, 22.0, 3.0, 25.0, 18.0, 1.0, 2.0)
	f.Add(12.0, 18.0, 4.65, 14.9, 18.0, 0.53, 0.0, 1.65, 8.0, 14.0, 14.0, 22.0, 3.0, 16.0, 18.0, 0.5, 1.0)
	f.Add(0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, -1.0, -1.0, 1.0, 1.0, 2.0, 0.0, 0.0, 1.0, 1.0)
	f.Fuzz(func(t *testing.T, ex, ey, ez, tx, ty, tr, tz0, th, bx0, by0, bx1, by1, bh, cx, cy, cr, ch float64) {
		for _, v := range []float64{ex, ey, ez, tx, ty, tr, tz0, th, bx0, by0, bx1, by1, bh, cx, cy, cr, ch} {
			if math.IsNaN(v) || math.Abs(v) > 1e4 {
				return
			}
		}
		tr, th, cr, bh, ch = math.Abs(tr)+0.01, math.Abs(th)+0.01, math.Abs(cr)+0.01, math.Abs(bh), math.Abs(ch)
		if bx1-bx0 < 1e-3 || by1-by0 < 1e-3 {
			return
		}
		box, err := NewPolygon([]r2.Point{{X: bx0, Y: by0}, {X: bx1, Y: by0}, {X: bx1, Y: by1}, {X: bx0, Y: by1}})
		if err != nil {
			return
		}
		eye := r3.Vector{X: ex, Y: ey, Z: ez}
		target := []Volume{Cylinder(r2.Point{X: tx, Y: ty}, tr, tz0, tz0+th)}
		blockers := []Volume{Prism(box, 0, bh), Cylinder(r2.Point{X: cx, Y: cy}, cr, 0, ch)}
		c := newSightCtx(eye, target, blockers)
		vis := c.visible()
		witness := c.witness
		c.release()
		s := See(eye, target, blockers)
		if s.Visible != vis || Visible(eye, target, blockers) != vis {
			t.Fatalf("See, Visible and the context disagree")
		}
		if vis {
			for i, b := range blockers {
				if SegmentThroughVolume(eye, witness, b) {
					t.Fatalf("witness %v is behind blocker %d", witness, i)
				}
			}
		}
		for _, i := range s.Hiders {
			if !Hides(eye, target, blockers[i]) {
				t.Fatalf("hider %d is not confirmed by Hides", i)
			}
		}
		r := See(eye, target, []Volume{blockers[1], blockers[0]})
		if r.Visible != s.Visible || len(r.Hiders) != len(s.Hiders) {
			t.Fatalf("reordering the blockers changed the answer: %+v vs %+v", s, r)
		}
	})
}
