package swm

import (
	"fmt"

	"holotable/rules"
)

// What a figure can see: for every square of the map, whether the figure's space has line of
// sight to it (the exact test of los.go, square by square). It is the overlay the app shows for a
// selected figure; a Medium target standing on a square sees back exactly when the square is seen
// (line of sight is symmetric).

// Sight is the answer to "which squares can this space see": Seen[y*W+x] for square (x, y).
type Sight struct {
	W, H    int
	Seen    []bool
	Count   int
	Reasons []rules.Reason
}

// At reports whether square (x, y) is seen.
func (s Sight) At(x, y int) bool { return s.Seen[y*s.W+x] }

// SightOf answers for the space of figure id.
func (b *Board) SightOf(id string) (Sight, error) {
	g, _, err := b.Figure(id)
	if err != nil {
		return Sight{}, err
	}
	return b.Sight(SpaceOf(g)), nil
}

// Sight answers for a space on the map.
func (b *Board) Sight(a Space) Sight {
	s := Sight{W: b.w, H: b.h, Seen: make([]bool, b.w*b.h)}
	for y := 0; y < b.h; y++ {
		for x := 0; x < b.w; x++ {
			if b.Sees(a, Square(x, y)) {
				s.Seen[y*b.w+x] = true
				s.Count++
			}
		}
	}
	s.Reasons = []rules.Reason{{Rule: "los", Cite: CiteLOS, Text: fmt.Sprintf(
		"the %v has line of sight to %d of the map's %d squares (each decided exactly)", a, s.Count, b.w*b.h)}}
	return s
}
