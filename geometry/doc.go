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
