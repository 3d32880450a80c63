// Package geometry is holotable's exact geometry core: planar shapes (circles, simple polygons,
// oblong bases) with exact predicates and measures, vertical prisms and cylinders, and the 3-D
// visibility query that the line-of-sight rule needs. It knows no rule words and draws nothing.
//
// Vectors, boxes and intervals are golang/geo's r2.Point, r2.Rect and r1.Interval (r3.Vector in
// 3-D). All arithmetic is float64.
//
// # Epsilon policy
//
// Measures (distances, parameters, times of impact) are returned as computed, without rounding;
// the caller decides what counts as equal (the rules layer uses the table profile's epsilon and
// contact tolerance). Predicates that must decide "inside" versus "on the boundary" use Eps, an
// absolute tolerance in table units that is far below any physical size (1e-9 in; a millionth of
// a base diameter in millimetres): a point within Eps of an outline is on it, a segment that runs
// within Eps of a surface grazes it and is not blocked by it.
package geometry

// Eps is the boundary tolerance of the geometry predicates, in table units.
const Eps = 1e-9

// # Visibility
//
// See answers, for an eye point E, a target made of convex vertical prisms (a cylinder) and a set
// of blockers (vertical prisms, convex or not, and cylinders): is some point of the target joined
// to E by a segment through no blocker's open interior, and which blockers does some such segment
// pass through. Everything is a vertical extrusion, which the method exploits.
//
// A ray from E is named by its top-down angle θ. In the vertical half-plane of θ, a point at
// top-down distance ρ is seen along slope m = (z − E.z)/ρ; a blocker whose footprint the ray
// crosses over (ρin, ρout) and whose faces are at heights zlo < zhi hides exactly the points
// beyond ρin whose slope lies in an open interval bounded by (zlo − E.z)/ρ and (zhi − E.z)/ρ
// taken at ρin and at min(ρ, ρout) (the segment's height is linear along the chord). So one
// slice is decided exactly: with w = 1/ρ every bound is a constant or a multiple of w, the
// visible part of the slice is a region of a line arrangement, and it is empty unless it holds a
// point at an end of its range or where two bounds cross, each of which is tested by covering a
// closed interval of target slopes with the blockers' open intervals.
//
// Across slices the bounds move continuously with θ and are all of the form c/ρ_F(θ), ρ_F the
// distance along the ray to one outline piece F (a polygon edge or a circle), c a face height
// relative to the eye. The set of visible target points is closed (hidden is an open condition),
// so if it is not empty its leftmost point (least θ) lies where its boundary stops moving left: at
// the window's edges, at an outline vertex or circle tangent (where a chord starts or ends), or
// where two bounds cross, c1/ρ_F1(θ) = c2/ρ_F2(θ). That equation says that a point q of F1 has its
// multiple (c2/c1)·q on F2: it is the intersection of F1 with F2 scaled about the eye, which is a
// segment–segment, segment–circle or circle–circle intersection in closed form. Every such
// critical angle, and one angle between each two consecutive ones, is tested with the exact slice
// test above. The same search with a single blocker answers "does it hide some part".
//
// Nothing is sampled: a target seen through a 0.15" gap between two walls is seen because the
// gap's edges are critical angles. The tolerance is Eps: a segment that passes within Eps of a
// face, edge or corner grazes it and is not blocked, and a target point counts as hidden only when
// its slope is inside a blocker's interval by more than Eps/ρ (Eps of height at its distance).
//
// Cost: blockers whose box misses the top-down fan from the eye to the target, whose angular
// extent misses the target's, whose heights no sight segment reaches, or that lie wholly beyond
// the target are dropped first; the ray to the target's centre usually settles visibility, and a
// single blocker hiding the whole central slice is checked alone before the full search.
