package table

// Arcs are the four arc lines printed on a unit's notched bases, in degrees counter-clockwise from
// the mini's facing (spec scenario-v1 v1.1 "New unit fields"; RRG 2.0 Feuerwinkel L6106–6148):
// four angles, strictly increasing, each in the open interval (0, 360). The front arc lies between
// the fourth and the first line (it holds the facing), left between the first and second, rear
// between the second and third, right between the third and fourth.
type Arcs [4]float64

// DefaultArcs are the arc lines of a unit that gives none: 90° quadrants centred on the notches.
var DefaultArcs = Arcs{45, 135, 225, 315}

// loadArcs reads a unit's optional "arcs"; the zero Arcs when the file gives none.
func loadArcs(u object) Arcs {
	arr, ok := u.array("arcs")
	if !ok {
		return Arcs{}
	}
	path := u.field("arcs")
	if len(arr) != 4 {
		fail(path, "must be four increasing angles in (0, 360), got %d values", len(arr))
	}
	var a Arcs
	for i, raw := range arr {
		a[i] = toNumber(index(path, i), raw)
		switch {
		case !(a[i] > 0 && a[i] < 360):
			fail(index(path, i), "must be an angle in (0, 360), got %s", num(a[i]))
		case i > 0 && !(a[i] > a[i-1]):
			fail(index(path, i), "must be more than %s (the arc lines increase), got %s", num(a[i-1]), num(a[i]))
		}
	}
	return a
}

// ArcLines returns the unit's arc lines: Arcs, or DefaultArcs when Arcs is the zero value (the
// file gave none).
func (u *Unit) ArcLines() Arcs {
	if u.Arcs == (Arcs{}) {
		return DefaultArcs
	}
	return u.Arcs
}
