package rules

import (
	"fmt"
	"math"
	"slices"

	"holotable/geometry"
)

// VerticalQuery asks whether a unit stands in cohesion across levels after its leader moved up or
// down: Piece is the terrain piece the leader clambered or climbed onto (or, with Down, down from);
// with no Piece, Ignored is the terrain height the leader's last move ignored (X·rangeSegment of
// Speeder X, Hover: Air X or Jump X; 0 after any other move).
type VerticalQuery struct {
	Unit    string
	Piece   string
	Down    bool
	Ignored float64
}

// VerticalCohesion answers cohesion across levels (RRG 2.0 Klimmen und Klettern L7531–7558,
// Vertikale Formation L1747–1760; CiteVertCohesion), for each non-leader mini as it stands:
//   - seen from above, its base within the speed-1 tool of the leader's, as if both stood on one
//     level; and its base bottom within height 1 of the leader's (a normal clamber reaches it);
//   - on the leader's level (base bottoms within epsilon): the cohesion test of Cohesion, the
//     leader's speed-1 move passing over terrain no higher than the level;
//   - on another level: only after the leader clambered or climbed (then not above the level it
//     climbed to, or not below it when it climbed down, and, while the leader stands on the piece,
//     in base contact with the piece), or after a move that ignored terrain height (then at most
//     that height apart).
func (w *World) VerticalCohesion(q VerticalQuery) (CohesionAnswer, error) {
	u, err := w.Unit(q.Unit)
	if err != nil {
		return CohesionAnswer{}, err
	}
	var piece *Piece
	if q.Piece != "" {
		var ok bool
		if piece, ok = w.byID[q.Piece].(*Piece); !ok {
			return CohesionAnswer{}, w.notA("terrain piece", q.Piece)
		}
	}
	p := w.File.Profile
	ld := u.Leader
	onPiece := piece != nil && math.Abs(ld.Z-piece.Height) <= p.Epsilon
	obs := w.toolObstacles(ld, true, passing{ld.Z, noPassOver})
	ans := CohesionAnswer{OK: true, Out: []string{}}
	out := func(m *Mini, format string, args ...any) {
		ans.OK = false
		ans.Out = append(ans.Out, m.ID)
		ans.Reasons = append(ans.Reasons, Reason{Rule: "cohesion.vertical", Cite: CiteVertCohesion,
			Text: fmt.Sprintf(format, args...), IDs: []string{m.ID, ld.ID}})
	}
	for _, m := range u.Minis {
		if m == ld {
			continue
		}
		dz := m.Z - ld.Z
		d := geometry.Distance(ld.Foot, m.Foot)
		switch {
		case d > p.MoveTools[0]+p.Epsilon:
			out(m, "%s is %.4g from its leader seen from above, farther than the speed-1 tool", m.ID, d)
		case math.Abs(dz) > p.RangeSegment+p.Epsilon:
			out(m, "%s stands %.4g above or below its leader, more than height 1", m.ID, math.Abs(dz))
		case math.Abs(dz) <= p.Epsilon:
			if !w.reachableIgnoring(u, ld, m.Centre(), obs, nil, ld.Z) {
				out(m, "%s's position cannot be reached by its leader with a legal speed-1 move", m.ID)
			}
		case piece == nil && q.Ignored <= 0:
			out(m, "%s stands on another level than its leader, which did not just clamber, climb or move over terrain", m.ID)
		case piece == nil && math.Abs(dz) > q.Ignored+p.Epsilon:
			out(m, "%s stands %.4g from its leader's level, more than the %.4g its move ignored", m.ID, math.Abs(dz), q.Ignored)
		case piece != nil && !q.Down && dz > p.Epsilon:
			out(m, "%s stands above the level its leader climbed to", m.ID)
		case piece != nil && q.Down && dz < -p.Epsilon:
			out(m, "%s stands below the level its leader climbed down to", m.ID)
		case onPiece && dz < 0 && geometry.Distance(m.Foot, piece.Foot) > p.ContactTolerance+p.Epsilon:
			out(m, "%s stands below its leader on %s but not in base contact with it", m.ID, piece.ID)
		}
	}
	slices.Sort(ans.Out)
	if ans.OK {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "cohesion.vertical.ok", Cite: CiteVertCohesion,
			Text: fmt.Sprintf("every mini of %s is within the speed-1 tool and height 1 of %s, on its level or where a clamber reaches", u.ID, ld.ID)})
	}
	return ans, nil
}
