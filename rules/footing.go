package rules

import (
	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// CiteFooting is the rule a follower placed on terrain answers to: after any move a mini is
// placed as flat as possible, and one that would stand unstable on terrain cannot end there.
const CiteFooting = "RRG 2.0 Toleranzbereich L1912–1922 (after a move a mini is placed as flat as possible; players agree which terrain minis may end on)"

// footing lists, in terrain order, the solid pieces a base of mini m with its centre at c would
// stand in or half on: pieces whose footprint the base overlaps (geometry.Overlap: touching is
// not overlapping) at a level where the mini's base bottom m.Z lies from the piece's base up to
// its top (within Epsilon), except a standable piece the mini stands on — z at its top and the
// whole base inside its footprint (geometry.Inside). Area terrain and depressions are ground a
// mini stands in and are never listed; a piece wholly below or above the mini's base is not
// either. A nil answer is open ground (PlaceFollowers' preference).
func (w *World) footing(m *Mini, c r2.Point) []string {
	eps := w.File.Profile.Epsilon
	foot := geometry.Circle(c, m.Radius())
	box := foot.Bounds()
	var out []string
	for _, p := range w.Terrain {
		if p.Kind != table.Solid || m.Z < p.Base-eps || m.Z > p.Height+eps {
			continue
		}
		if !p.Foot.Bounds().Intersects(box) || !geometry.Overlap(foot, p.Foot) {
			continue
		}
		if m.Z >= p.Height-eps && p.Standable && geometry.Inside(foot, p.Foot) {
			continue // on its top
		}
		out = append(out, p.ID)
	}
	return out
}
