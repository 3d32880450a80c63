package geometry

import (
	"math"
	"math/rand"
	"testing"

	"github.com/golang/geo/r2"
)

func ringArea(ring []r2.Point) float64 {
	a := 0.0
	for i := range ring {
		a += ring[i].Cross(ring[(i+1)%len(ring)])
	}
	return a / 2
}

// TestConvexParts: an L of 2×2 with arms 0.6 wide splits into 2 convex parts of total area
// 2·2 − 1.4·1.4 = 2.04; random star polygons split into convex parts whose areas add up to
// the polygon's and whose vertices are the polygon's.
func TestConvexParts(t *testing.T) {
	l := []r2.Point{{X: 0, Y: 0}, {X: 2, Y: 0}, {X: 2, Y: 0.6}, {X: 0.6, Y: 0.6}, {X: 0.6, Y: 2}, {X: 0, Y: 2}}
	parts := convexParts(l)
	if len(parts) != 2 {
		t.Fatalf("L: %d parts, want 2: %v", len(parts), parts)
	}
	sum := 0.0
	for _, p := range parts {
		if !isConvex(p) {
			t.Errorf("L part %v is not convex", p)
		}
		sum += ringArea(p)
	}
	if math.Abs(sum-2.04) > 1e-12 {
		t.Errorf("L parts' area %g, want 2.04", sum)
	}
	rng := rand.New(rand.NewSource(3))
	for i := range 2000 {
		s, err := NewPolygon(randStar(rng, r2.Point{X: 5, Y: 5}, 4))
		if err != nil {
			continue
		}
		ring := s.Core()
		parts := convexParts(ring)
		sum := 0.0
		for _, p := range parts {
			if !isConvex(p) || ringArea(p) <= 0 {
				t.Fatalf("star %d: part %v is not a convex counter-clockwise polygon", i, p)
			}
			sum += ringArea(p)
		}
		if want := ringArea(ring); math.Abs(sum-want) > 1e-9*math.Max(1, want) {
			t.Fatalf("star %d: parts' area %g, polygon's %g (%d parts)", i, sum, want, len(parts))
		}
		if isConvex(ring) != (len(parts) == 1) {
			t.Fatalf("star %d: convex=%v but %d parts", i, isConvex(ring), len(parts))
		}
	}
}

// TestConvexHull: the hull of an L is its bounding triangle-cut square (5 corners, the inner
// corner dropped); the hull of random stars holds every star vertex and is convex.
func TestConvexHull(t *testing.T) {
	l := []r2.Point{{X: 0, Y: 0}, {X: 2, Y: 0}, {X: 2, Y: 0.6}, {X: 0.6, Y: 0.6}, {X: 0.6, Y: 2}, {X: 0, Y: 2}}
	h := convexHull(l)
	if len(h) != 5 || math.Abs(ringArea(h)-(4-1.4*1.4/2)) > 1e-12 {
		t.Fatalf("hull of the L: %v (area %g), want 5 corners, area %g", h, ringArea(h), 4-1.4*1.4/2)
	}
	rng := rand.New(rand.NewSource(4))
	for range 500 {
		pts := randStar(rng, r2.Point{X: 3, Y: 3}, 3)
		h := convexHull(pts)
		if !isConvex(h) || ringArea(h) <= 0 {
			t.Fatalf("hull %v not convex", h)
		}
		hs := newShape(h, 0)
		for _, p := range pts {
			if hs.DistanceToPoint(p) > 1e-12 {
				t.Fatalf("star vertex %v outside its hull %v", p, h)
			}
		}
	}
}
