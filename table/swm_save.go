package table

import "fmt"

// SaveSWM writes f as an indented grid table. Like Save it is deterministic (known fields in the
// order of docs/format-swm.md, each wall, door and figure on one line, unknown fields sorted after
// the known ones), writes every default explicitly except a wall's bevel "none", a door's empty
// heldBy, a figure's empty name and reach 1, and the doorSquares default "edge"; it checks its
// output with LoadSWM, so it never writes a file LoadSWM refuses. For every f returned by LoadSWM,
// LoadSWM(SaveSWM(f)) equals f.
func SaveSWM(f *SWMFile) ([]byte, error) {
	o, err := swmFileDoc(f)
	if err != nil {
		return nil, err
	}
	var w writer
	if err := w.value(o, "", 0); err != nil {
		return nil, err
	}
	w.buf.WriteByte('\n')
	out := w.buf.Bytes()
	if _, err := LoadSWM(out); err != nil {
		return nil, err
	}
	return out, nil
}

// swmFileDoc is f as SaveSWM writes it, not yet checked.
func swmFileDoc(f *SWMFile) (ordered, error) {
	if f == nil {
		return nil, fmt.Errorf("table: SaveSWM of a nil SWMFile")
	}
	if len(f.Squares) != f.Width*f.Height {
		return nil, newError("terrain", "%d squares for a %d × %d grid", len(f.Squares), f.Width, f.Height)
	}
	var o ordered
	o.add("format", f.Format)
	o.add("ruleset", f.Ruleset)
	o.add("grid", ordered{{"width", f.Width}, {"height", f.Height}})
	rows := make(lines, f.Height)
	for y := range rows {
		b := make([]byte, f.Width)
		for x := range b {
			s := f.At(x, y)
			if s >= squareKinds {
				return nil, newError(index("terrain", y), "square %d is %v", x, s)
			}
			b[x] = s.Rune()
		}
		rows[y] = string(b)
	}
	o.add("terrain", rows)

	walls := []any{}
	for _, w := range f.Walls {
		d := ordered{{"from", point(w.From)}, {"to", point(w.To)}}
		if w.Bevel != BevelNone {
			d.add("bevel", w.Bevel.String())
		}
		d.addExtra(w.Extra)
		walls = append(walls, d)
	}
	o.add("walls", walls)

	doors := []any{}
	for _, dr := range f.Doors {
		d := ordered{{"id", dr.ID}, {"from", point(dr.From)}, {"to", point(dr.To)}, {"state", dr.State.String()}}
		if dr.HeldBy != "" {
			d.add("heldBy", dr.HeldBy)
		}
		d.addExtra(dr.Extra)
		doors = append(doors, d)
	}
	o.add("doors", doors)

	figures := []any{}
	for _, g := range f.Figures {
		d := ordered{{"id", g.ID}}
		if g.Name != "" {
			d.add("name", g.Name)
		}
		d.add("side", g.Side)
		d.add("x", g.X)
		d.add("y", g.Y)
		d.add("size", g.Size.String())
		d.add("speed", g.Speed)
		if g.Reach != 1 {
			d.add("reach", g.Reach)
		}
		abilities := []any{}
		for _, a := range g.Abilities.List() {
			abilities = append(abilities, a.String())
		}
		d.add("abilities", abilities)
		d.addExtra(g.Extra)
		figures = append(figures, d)
	}
	o.add("figures", figures)
	if f.DoorSquares != DoorEdge {
		o.add("doorSquares", f.DoorSquares.String())
	}
	if f.Deployment != nil {
		zones := lines{}
		for _, z := range f.Deployment {
			zones = append(zones, ordered{{"x", z.X}, {"y", z.Y}, {"w", z.W}, {"h", z.H}})
		}
		o.add("deployment", zones)
	}
	if len(f.Queries) > 0 {
		queries := []any{}
		for i := range f.Queries {
			q := &f.Queries[i]
			fields, ok := swmQueryKinds[q.Kind]
			if !ok {
				return nil, newError(key(index("queries", i), "kind"), "unknown kind %q", q.Kind)
			}
			d := ordered{{"id", q.ID}, {"kind", q.Kind}}
			writeFields(&d, fields, q.slot, q.Has)
			d.addExtra(q.Extra)
			queries = append(queries, d)
		}
		o.add("queries", queries)
	}
	if len(f.Dice) > 0 {
		o.add("dice", dicesDoc(f.Dice))
	}
	o.addExtra(f.Extra)
	return o, nil
}

func point(p Point) []any { return []any{p.X, p.Y} }
