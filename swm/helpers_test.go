package swm

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"holotable/table"
)

// mapDoc builds a grid table from terrain rows (row y is square row y, . l d p #), walls
// "x0,y0-x1,y1[!from|!to|!both]" (a bevel after "!") and figures "id:side@x,y[:size][:ability,…]".
func mapDoc(rows []string, walls []string, figures []string, extra string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"format": "holotable/1", "ruleset": "swm", "grid": {"width": %d, "height": %d}, "terrain": [`, len(rows[0]), len(rows))
	for i, r := range rows {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", r)
	}
	b.WriteString(`], "walls": [`)
	for i, w := range walls {
		if i > 0 {
			b.WriteString(", ")
		}
		seg, bevel, _ := strings.Cut(w, "!")
		from, to, _ := strings.Cut(seg, "-")
		fmt.Fprintf(&b, `{"from": [%s], "to": [%s]`, from, to)
		if bevel != "" {
			fmt.Fprintf(&b, `, "bevel": %q`, bevel)
		}
		b.WriteString("}")
	}
	b.WriteString(`], "figures": [`)
	for i, g := range figures {
		if i > 0 {
			b.WriteString(", ")
		}
		parts := strings.Split(g, ":")
		idSide, at, _ := strings.Cut(parts[0], "@")
		id, side, _ := strings.Cut(idSide, "/")
		x, y, _ := strings.Cut(at, ",")
		fmt.Fprintf(&b, `{"id": %q, "side": %q, "x": %s, "y": %s`, id, side, x, y)
		if len(parts) > 1 && parts[1] != "" {
			fmt.Fprintf(&b, `, "size": %q`, parts[1])
		}
		if len(parts) > 2 && parts[2] != "" {
			var names []string
			for _, a := range strings.Split(parts[2], ",") {
				names = append(names, fmt.Sprintf("%q", a))
			}
			fmt.Fprintf(&b, `, "abilities": [%s]`, strings.Join(names, ", "))
		}
		b.WriteString("}")
	}
	b.WriteString("]")
	b.WriteString(extra)
	b.WriteString("}")
	return b.String()
}

// board loads a grid table built by mapDoc.
func board(t testing.TB, rows []string, walls []string, figures []string) *Board {
	t.Helper()
	return boardOf(t, mapDoc(rows, walls, figures, ""))
}

func boardOf(t testing.TB, doc string) *Board {
	t.Helper()
	f, err := table.LoadSWM([]byte(doc))
	if err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	return NewBoard(f)
}

// open returns h rows of w open squares.
func open(w, h int) []string {
	rows := make([]string, h)
	for i := range rows {
		rows[i] = strings.Repeat(".", w)
	}
	return rows
}

func mustCover(t *testing.T, b *Board, attacker, defender string) Cover {
	t.Helper()
	c, err := b.CoverOf(attacker, defender)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func space(t *testing.T, b *Board, id string) Space {
	t.Helper()
	g, _, err := b.Figure(id)
	if err != nil {
		t.Fatal(err)
	}
	return SpaceOf(g)
}

// segmentTouchesRun is an independent, floating-point check of a witness: whether the segment
// p–q comes within 1e-9 of the run anywhere but at an open (bevelled) end of it.
func segmentTouchesRun(p, q [2]float64, r run) bool {
	e0, e1 := r.ends()
	a, c := [2]float64{float64(e0.X), float64(e0.Y)}, [2]float64{float64(e1.X), float64(e1.Y)}
	const eps = 1e-9
	sign := func(o, u, v [2]float64) int {
		x := (u[0]-o[0])*(v[1]-o[1]) - (u[1]-o[1])*(v[0]-o[0])
		switch {
		case x > 1e-12:
			return 1
		case x < -1e-12:
			return -1
		}
		return 0
	}
	near := func(u, v [2]float64) bool { return abs(u[0]-v[0]) < eps && abs(u[1]-v[1]) < eps }
	if sign(p, q, a)*sign(p, q, c) < 0 && sign(a, c, p)*sign(a, c, q) < 0 {
		// A proper crossing: where, along the run?
		t := ((a[0]-p[0])*(q[1]-p[1]) - (a[1]-p[1])*(q[0]-p[0])) / ((q[0]-p[0])*(c[1]-a[1]) - (q[1]-p[1])*(c[0]-a[0]))
		x := [2]float64{a[0] + t*(c[0]-a[0]), a[1] + t*(c[1]-a[1])}
		return !(r.openLo && near(x, a)) && !(r.openHi && near(x, c))
	}
	return distToSegment(a[0], a[1], p, q) < eps && !r.openLo || distToSegment(c[0], c[1], p, q) < eps && !r.openHi ||
		onRun(p, a, c, r) || onRun(q, a, c, r)
}

// onRun: the point is within 1e-9 of the run and not at one of its open ends.
func onRun(p, a, c [2]float64, r run) bool {
	near := func(u, v [2]float64) bool { return abs(u[0]-v[0]) < 1e-9 && abs(u[1]-v[1]) < 1e-9 }
	return distToSegment(p[0], p[1], a, c) < 1e-9 && !(r.openLo && near(p, a)) && !(r.openHi && near(p, c))
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func distToSegment(x, y float64, p, q [2]float64) float64 {
	dx, dy := q[0]-p[0], q[1]-p[1]
	t := ((x-p[0])*dx + (y-p[1])*dy) / (dx*dx + dy*dy)
	t = max(0, min(1, t))
	ex, ey := p[0]+t*dx-x, p[1]+t*dy-y
	return math.Sqrt(ex*ex + ey*ey)
}

func replaceOnce(s, old, new string) string { return strings.Replace(s, old, new, 1) }
