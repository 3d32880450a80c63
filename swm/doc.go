// Package swm answers the grid questions of Star Wars Miniatures (ruleset "swm", seed 004) for a
// grid table (table.SWMFile): line of sight between spaces, cover from the attacker's best corner,
// distance by grid steps, movement reach, adjacency, the legal targets of an attack, doors at the
// end of a turn, "within N" areas, the d20 rolls and the deployment zones. Every answer carries
// its reasons, each with the seed-004 lines it rests on (shared/docs/rules-other-systems.md §1).
//
// Geometry. Square (x, y) is [x, x+1] × [y, y+1]; a space is the N × N block of squares a figure
// occupies. Walls, closed doors and the outlines of solid squares are closed segments on grid
// lines ("runs", board.go); a bevelled wall end does not contain its lattice point. Everything is
// integer: the exact line-of-sight search (los.go) works in int64 on the lattice (scaled by 2) with
// directions perturbed by an exact rational rotation, and cover (cover.go) tests lattice polygons
// with geometry's convex-polygon predicates, whose Eps is far below any lattice feature. Nothing
// is sampled except as a fast accept: a sampled clear line is a proof, a sampled miss is not.
//
// Files: board.go (the compiled map), space.go, lattice.go (the exact kernel), los.go, cover.go,
// distance.go (counting and "within"), reach.go (movement), adjacent.go, targets.go, doors.go,
// d20.go, setup.go (deployment and the map centre), visible.go (what a figure can see), ask.go
// (the judge's queries), cite.go (the seed-004 lines).
package swm
