package rules

import (
	"fmt"
	"math"
	"sort"

	"github.com/golang/geo/r2"

	"holotable/geometry"
)

// CohesionAnswer says which minis of a unit are out of cohesion with its leader, and why.
type CohesionAnswer struct {
	OK      bool
	Out     []string // sorted
	Reasons []Reason
}

// Cohesion answers whether every non-leader mini of the unit is in cohesion with its leader: its
// outline within moveTools[0] of the leader's, its base bottom within rangeSegment (height 1) of
// the leader's, and a position the leader could reach with a legal speed-1 move (spec
// scenario-v1 "Cohesion"; RRG 2.0 Formation L6194–6344).
func (w *World) Cohesion(unit string) (CohesionAnswer, error) {
	u, err := w.Unit(unit)
	if err != nil {
		return CohesionAnswer{}, err
	}
	p := w.File.Profile
	ld := u.Leader
	ans := CohesionAnswer{OK: true, Out: []string{}}
	obs := w.moveObstacles(u.Leader, true)
	for _, m := range u.Minis {
		if m == ld {
			continue
		}
		d := geometry.Distance(ld.Foot, m.Foot)
		var why Reason
		switch {
		case d > p.MoveTools[0]+p.Epsilon:
			why = Reason{Rule: "cohesion.distance", Cite: CiteCohesion,
				Text: fmt.Sprintf("%s is %.4g from its leader, farther than the speed-1 tool (%g)", m.ID, d, p.MoveTools[0])}
		case math.Abs(m.Z-ld.Z) > p.RangeSegment+p.Epsilon:
			why = Reason{Rule: "cohesion.height", Cite: CiteCohesionVert,
				Text: fmt.Sprintf("%s stands %.4g above or below its leader, more than height 1 (%g)", m.ID, math.Abs(m.Z-ld.Z), p.RangeSegment)}
		case !w.reachable(u, ld, m.Centre(), obs):
			why = Reason{Rule: "cohesion.reach", Cite: CiteCohesion,
				Text: fmt.Sprintf("%s's position cannot be reached by its leader with a legal speed-1 move", m.ID)}
		default:
			continue
		}
		why.IDs = []string{m.ID, ld.ID}
		ans.OK = false
		ans.Out = append(ans.Out, m.ID)
		ans.Reasons = append(ans.Reasons, why)
	}
	sort.Strings(ans.Out)
	if ans.OK {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "cohesion.ok", Cite: CiteCohesion,
			Text: fmt.Sprintf("every mini of %s is within the speed-1 tool and height 1 of %s, where it could reach", unit, ld.ID)})
	}
	return ans, nil
}

// reachable reports whether the leader ld of u could end a legal speed-1 move with its base
// centre at q: some heading, bend (|bend| ≤ maxBend) and fraction whose path is not stopped
// before q and whose end overlaps nothing (the unit's own minis are ignored).
//
// The path is the straight line to q, or a first half of fixed length a = r + L/2 to a joint J
// followed by a straight run J→q no longer than b = L/2 + r. The joint's direction ψ is one real
// parameter; the set of good ψ is a union of intervals whose ends are where a constraint changes:
// where |q − J| = b, where the bend equals maxBend, or where a half of the path starts or stops
// touching an obstacle grown by the leader's radius (a half tangent to a grown circle, through an
// end of a grown edge, or with J on a grown outline). Each of those ψ is found in closed form and
// tested, with one ψ between each two consecutive ones — exact, no sampling.
func (w *World) reachable(u *Unit, ld *Mini, q r2.Point, obs []obstacle) bool {
	return w.reachableIgnoring(u, ld, q, obs, nil, noPassOver)
}

// reachableIgnoring is reachable with the minis in ignore off the table (displaced minis set
// aside), and terrain no higher than passOver passed over (the level the leader stands on): they
// do not clash with the end (obs is the caller's and leaves them out already).
func (w *World) reachableIgnoring(u *Unit, ld *Mini, q r2.Point, obs []obstacle, ignore map[string]bool, passOver float64) bool {
	p := w.File.Profile
	r := ld.Radius()
	L := p.MoveTools[0]
	a, b := r+L/2, L/2+r
	s := ld.Centre()
	tol := w.tol()
	if len(overlapping(geometry.Circle(q, r), moveOpts{ignore: ignore}.apply(w.endShapes(ld, true, passOver), true))) > 0 {
		return false
	}
	// Every path below keeps within a+b+tol of s (the first half is a long, the end within a+b+tol),
	// so the swept base within a+b+tol+r: an obstacle beyond can stop none of them, nor bound an
	// interval of good ψ. Leaving such obstacles out changes no answer and keeps the search local
	// (issue 18: on the largest table, 1,280 obstacles, a unit out of cohesion took 0.4 s).
	obs = obstaclesNear(obs, s, a+b+r+2*tol)
	clear := func(path []r2.Point) bool {
		stop, by := w.sweep(path, r, obs)
		return by == "" || stop >= geometry.PolylineLength(path)-tol
	}
	v := q.Sub(s)
	D := v.Norm()
	if D <= a+b+tol && clear([]r2.Point{s, q}) {
		return true
	}
	if D > a+b+tol || D == 0 {
		return false
	}
	maxBend := p.MaxBend * math.Pi / 180
	good := func(psi float64) bool {
		j := s.Add(r2.Point{X: math.Cos(psi), Y: math.Sin(psi)}.Mul(a))
		jq := q.Sub(j)
		if jq.Norm() > b+tol {
			return false
		}
		if jq.Norm() > tol/1000 {
			u1 := j.Sub(s)
			bend := math.Atan2(u1.Cross(jq), u1.Dot(jq))
			if math.Abs(bend) > maxBend+1e-9 {
				return false
			}
		}
		return clear([]r2.Point{s, j, q})
	}
	for _, psi := range w.joinAngles(s, q, a, b, r, maxBend, obs) {
		if good(psi) {
			return true
		}
	}
	return false
}

// obstaclesNear is obs without the obstacles whose bounds lie farther than d from c along x or y
// (in order; obs itself when none is left out).
func obstaclesNear(obs []obstacle, c r2.Point, d float64) []obstacle {
	box := r2.RectFromCenterSize(c, r2.Point{X: 2 * d, Y: 2 * d})
	for i, o := range obs {
		if o.foot.Bounds().Intersects(box) {
			continue
		}
		near := append(make([]obstacle, 0, len(obs)), obs[:i]...)
		for _, o := range obs[i+1:] {
			if o.foot.Bounds().Intersects(box) {
				near = append(near, o)
			}
		}
		return near
	}
	return obs
}

// joinAngles lists the critical joint directions ψ (see reachable), sorted, with the midpoints
// between consecutive ones.
func (w *World) joinAngles(s, q r2.Point, a, b, r, maxBend float64, obs []obstacle) []float64 {
	v := q.Sub(s)
	D := v.Norm()
	psi0 := math.Atan2(v.Y, v.X)
	tol := w.tol()
	var out []float64
	addAngle := func(psi float64) { out = append(out, psi) }
	addPoint := func(x r2.Point) { // J = x on the joint circle
		if d := x.Sub(s); d.Norm() > tol/1000 {
			addAngle(math.Atan2(d.Y, d.X))
		}
	}
	// |q − J| = b.
	if c := (D*D + a*a - b*b) / (2 * a * D); c > -1 && c < 1 {
		addAngle(psi0 + math.Acos(c))
		addAngle(psi0 - math.Acos(c))
	}
	// bend = ±maxBend: cos(bend) = (D cosδ − a)/sqrt(D² + a² − 2aD cosδ).
	cm := math.Cos(maxBend)
	// (D c − a)² = cm²(D² + a² − 2aDc) → D²c² + (2aD cm² − 2aD)c + a² − cm²(D² + a²) = 0.
	A, B, C := D*D, 2*a*D*(cm*cm-1), a*a-cm*cm*(D*D+a*a)
	if disc := B*B - 4*A*C; disc >= 0 {
		for _, c := range []float64{(-B + math.Sqrt(disc)) / (2 * A), (-B - math.Sqrt(disc)) / (2 * A)} {
			if c >= -1 && c <= 1 {
				addAngle(psi0 + math.Acos(c))
				addAngle(psi0 - math.Acos(c))
			}
		}
	}
	// Obstacles grown by r, and the table edge shrunk by r.
	var circles []r2.Point
	var radii []float64
	var segs [][2]r2.Point
	for _, o := range obs {
		core, R := o.foot.Core(), o.foot.R()+r
		for _, c := range core {
			circles = append(circles, c)
			radii = append(radii, R)
		}
		n := len(core)
		edges := n
		if n == 1 {
			edges = 0
		} else if n == 2 {
			edges = 1
		}
		for i := 0; i < edges; i++ {
			p0, p1 := core[i], core[(i+1)%n]
			nrm := p1.Sub(p0).Ortho().Normalize().Mul(R)
			segs = append(segs, [2]r2.Point{p0.Add(nrm), p1.Add(nrm)}, [2]r2.Point{p0.Sub(nrm), p1.Sub(nrm)})
		}
	}
	bf := w.File.Battlefield
	corners := []r2.Point{{X: r, Y: r}, {X: bf.Width - r, Y: r}, {X: bf.Width - r, Y: bf.Depth - r}, {X: r, Y: bf.Depth - r}}
	for i := range corners {
		segs = append(segs, [2]r2.Point{corners[i], corners[(i+1)%4]})
	}
	for i, c := range circles {
		R := radii[i]
		// First half tangent to the circle.
		if d := c.Sub(s).Norm(); d > R {
			h := math.Asin(R / d)
			ang := math.Atan2(c.Y-s.Y, c.X-s.X)
			addAngle(ang + h)
			addAngle(ang - h)
		}
		// J on the circle.
		jointCircleHits(s, a, c, R, addPoint)
		// Second half tangent to the circle: the tangent lines from q, met by the joint circle.
		if d := c.Sub(q).Norm(); d > R {
			h := math.Asin(R / d)
			ang := math.Atan2(c.Y-q.Y, c.X-q.X)
			for _, t := range []float64{ang + h, ang - h} {
				lineJointHits(s, a, q, r2.Point{X: math.Cos(t), Y: math.Sin(t)}, addPoint)
			}
		}
	}
	for _, sg := range segs {
		for _, e := range sg {
			// First half through an end of the edge; second half through it.
			if e.Sub(s).Norm() <= a+tol {
				addPoint(e)
			}
			if dir := e.Sub(q); dir.Norm() > tol/1000 {
				lineJointHits(s, a, q, dir.Normalize(), addPoint)
			}
		}
		// J on the edge's line.
		if dir := sg[1].Sub(sg[0]); dir.Norm() > tol/1000 {
			lineJointHits(s, a, sg[0], dir.Normalize(), addPoint)
		}
	}
	// Normalise around psi0, sort, and add midpoints.
	for i, psi := range out {
		out[i] = psi0 + math.Remainder(psi-psi0, 2*math.Pi)
	}
	sort.Float64s(out)
	all := make([]float64, 0, 2*len(out)+2)
	all = append(all, psi0-math.Pi)
	for i, psi := range out {
		all = append(all, psi)
		if i+1 < len(out) {
			all = append(all, (psi+out[i+1])/2)
		}
	}
	if len(out) > 0 {
		all = append(all, (out[0]+psi0-math.Pi)/2, (out[len(out)-1]+psi0+math.Pi)/2)
	}
	return all
}

// jointCircleHits reports the points where the joint circle (s, a) meets the circle (c, R).
func jointCircleHits(s r2.Point, a float64, c r2.Point, R float64, add func(r2.Point)) {
	if p, q, ok := geometry.CircleCrossings(s, a, c, R); ok {
		add(p)
		add(q)
	}
}

// lineJointHits reports the points where the line o + t·u (u a unit vector) meets the joint
// circle (s, a).
func lineJointHits(s r2.Point, a float64, o, u r2.Point, add func(r2.Point)) {
	if lo, hi, ok := geometry.LineCircle(o, u, s, a); ok {
		add(o.Add(u.Mul(lo)))
		add(o.Add(u.Mul(hi)))
	}
}
