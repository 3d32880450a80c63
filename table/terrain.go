package table

import (
	"holotable/geometry"

	"github.com/golang/geo/r2"
)

// Points returns the polygon's vertices as r2 points (nil for a circle piece), the form the
// geometry package takes.
func (t Terrain) Points() []r2.Point {
	if t.Polygon == nil {
		return nil
	}
	pts := make([]r2.Point, len(t.Polygon))
	for i, p := range t.Polygon {
		pts[i] = r2.Point{X: p[0], Y: p[1]}
	}
	return pts
}

// Uniform reports whether every defender class gets the same cover, and which.
func (c CoverByClass) Uniform() (Cover, bool) {
	return c.Trooper, c.Trooper == c.Creature && c.Trooper == c.Vehicle
}

// Uniform reports whether every mover class moves the same way, and how.
func (m MoveByClass) Uniform() (Passage, bool) {
	return m.Trooper, m.Trooper == m.Ground && m.Trooper == m.Repulsor
}

var terrainFields = []string{"id", "polygon", "circle", "height", "base", "kind", "cover", "move", "standable"}

func loadTerrain(o object, f *File, ids idSpace) Terrain {
	t := Terrain{ID: ids.claim(o, "id")}

	_, hasPoly := o.get("polygon")
	_, hasCircle := o.get("circle")
	switch {
	case hasPoly && hasCircle:
		fail(o.path, "has both polygon and circle (give exactly one)")
	case !hasPoly && !hasCircle:
		fail(o.path, "has neither polygon nor circle (give exactly one)")
	case hasPoly:
		t.Polygon = loadPolygon(o, f)
	default:
		c := asObject(o.field("circle"), o.m["circle"])
		t.Circle = &Circle{X: c.mustNumber("x"), Y: c.mustNumber("y"), R: positive(c, "r")}
		f.checkLength(c.field("r"), t.Circle.R)
		f.checkNearTable(c.path, t.Circle.X, t.Circle.Y)
	}

	t.Height = o.mustNumber("height")
	if t.Height < 0 {
		fail(o.field("height"), "must not be negative, got %s", num(t.Height))
	}
	f.checkLength(o.field("height"), t.Height)
	t.Base = o.numberOr("base", 0)
	f.checkLength(o.field("base"), t.Base)
	if t.Base > t.Height {
		fail(o.field("base"), "%s is above the height %s", num(t.Base), num(t.Height))
	}

	kind, err := ParseTerrainKind(o.strOr("kind", "solid"))
	if err != nil {
		fail(o.field("kind"), "%v", err)
	}
	t.Kind = kind
	t.Cover = loadCover(o)
	t.Move = loadMove(o)
	if v, ok := o.boolean("standable"); ok {
		t.Standable = v
	} else {
		t.Standable = t.Kind == Solid
	}
	t.Extra = o.extra(terrainFields...)
	return t
}

func loadPolygon(o object, file *File) [][2]float64 {
	f := o.field("polygon")
	arr, _ := o.array("polygon")
	checkCount(f, "vertices", len(arr), MaxPolygonVertices)
	poly := make([][2]float64, len(arr))
	for i, raw := range arr {
		pf := index(f, i)
		pt, ok := raw.([]any)
		if !ok {
			fail(pf, "must be a point [x, y], got %s", jsonType(raw))
		}
		if len(pt) != 2 {
			fail(pf, "must be a point [x, y], got %d numbers", len(pt))
		}
		poly[i] = [2]float64{toNumber(index(pf, 0), pt[0]), toNumber(index(pf, 1), pt[1])}
		file.checkNearTable(pf, poly[i][0], poly[i][1])
	}
	pts := make([]r2.Point, len(poly))
	for i, p := range poly {
		pts[i] = r2.Point{X: p[0], Y: p[1]}
	}
	if err := geometry.ValidatePolygon(pts); err != nil {
		fail(f, "%s", err.Error())
	}
	return poly
}

// byClass reads a field that is one word for every class or an object by class (a missing class
// gets the zero value, the default; so does every class when the field is absent). parse reads a
// word, its error naming the value ("unknown cover "x""). It returns the values in the order of
// classes.
func byClass[T ~uint8](o object, key string, parse func(string) (T, error), classes [3]string) [3]T {
	check := func(field, s string) T {
		v, err := parse(s)
		if err != nil {
			fail(field, "%v", err)
		}
		return v
	}
	raw, ok := o.get(key)
	if !ok {
		return [3]T{} // the zero value is the default: no cover, open
	}
	f := o.field(key)
	switch v := raw.(type) {
	case string:
		s := check(f, v)
		return [3]T{s, s, s}
	case map[string]any:
		c := object{f, v}
		var out [3]T
		for i, cl := range classes {
			if _, given := c.get(cl); given {
				out[i] = check(c.field(cl), c.strOr(cl, ""))
			}
		}
		return out
	}
	fail(f, "must be a string or an object by class, got %s", jsonType(raw))
	return [3]T{}
}

// loadCover reads "cover": one word for every defender class, or an object by class in which a
// missing class means none. Absent, the piece gives no cover.
func loadCover(o object) CoverByClass {
	v := byClass(o, "cover", ParseCover, [3]string{"trooper", "creature", "vehicle"})
	return CoverByClass{Trooper: v[0], Creature: v[1], Vehicle: v[2]}
}

// loadMove reads "move": an object by mover class (a missing class is open) or, like cover, one
// word for every class. Absent, the piece is open to everyone.
func loadMove(o object) MoveByClass {
	v := byClass(o, "move", ParsePassage, [3]string{"trooper", "ground", "repulsor"})
	return MoveByClass{Trooper: v[0], Ground: v[1], Repulsor: v[2]}
}
