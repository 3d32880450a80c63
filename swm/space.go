package swm

import (
	"fmt"

	"holotable/table"
)

// Space is an N × N block of squares with its least square (X, Y): the squares x ∈ [X, X+N),
// y ∈ [Y, Y+N), the region [X, X+N] × [Y, Y+N]. A figure's space (seed 004 L1402) has N = 1, 2 or
// 3; a single square has N = 1.
type Space struct{ X, Y, N int }

// SpaceOf is the space a figure occupies.
func SpaceOf(g table.Figure) Space { return Space{g.X, g.Y, g.Size.Squares()} }

// Square is the 1 × 1 space of square (x, y).
func Square(x, y int) Space { return Space{x, y, 1} }

func (s Space) String() string {
	if s.N == 1 {
		return fmt.Sprintf("square (%d,%d)", s.X, s.Y)
	}
	return fmt.Sprintf("%d×%d space at (%d,%d)", s.N, s.N, s.X, s.Y)
}

// Contains reports whether square (x, y) is part of the space.
func (s Space) Contains(x, y int) bool {
	return x >= s.X && x < s.X+s.N && y >= s.Y && y < s.Y+s.N
}

// Overlaps reports whether the two spaces share a square.
func (s Space) Overlaps(o Space) bool {
	return s.X < o.X+o.N && o.X < s.X+s.N && s.Y < o.Y+o.N && o.Y < s.Y+s.N
}

// Touches reports whether the spaces are next to each other: they share no square but an edge or
// a corner (Chebyshev distance 1 between their squares).
func (s Space) Touches(o Space) bool {
	return !s.Overlaps(o) && s.X <= o.X+o.N && o.X <= s.X+s.N && s.Y <= o.Y+o.N && o.Y <= s.Y+s.N
}

// Squares calls fn for every square of the space, row by row.
func (s Space) Squares(fn func(x, y int)) {
	for y := s.Y; y < s.Y+s.N; y++ {
		for x := s.X; x < s.X+s.N; x++ {
			fn(x, y)
		}
	}
}

// Corners returns the lattice corners of every square of the space: (N+1)² points, row by row.
func (s Space) Corners() []table.Point {
	out := make([]table.Point, 0, (s.N+1)*(s.N+1))
	for y := s.Y; y <= s.Y+s.N; y++ {
		for x := s.X; x <= s.X+s.N; x++ {
			out = append(out, table.Point{X: x, Y: y})
		}
	}
	return out
}
