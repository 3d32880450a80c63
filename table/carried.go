package table

import "slices"

// Carried units (issue 14; docs/format-moves.md "Transports"): a trooper unit that has embarked
// on a transport (RRG 2.0 Ein- und Aussteigen L5132–5145: "then remove the unit") is taken off
// the table and kept in its transport's unit as "carried": [unit, …] — units of units_on_table's
// form whose minis have no place (no x, y, z or facing), as in the game's reserve. Its ids stay in
// the file's one namespace; a game record may name it. The transport must have Transport X with X
// at least the number it carries, and carries trooper units only; a carried unit carries none.
// A file without "carried" loads and saves exactly as before, and the judge, which asks only of
// units on the table, answers as before.

// loadCarried reads transport u's optional "carried" array (o is u's object).
func loadCarried(o object, u *Unit, f *File, ids idSpace) {
	raw, ok := o.get("carried")
	if !ok {
		return
	}
	delete(u.Extra, "carried")
	if len(u.Extra) == 0 {
		u.Extra = nil
	}
	arr, ok := o.array("carried")
	if !ok || len(arr) == 0 {
		fail(o.field("carried"), "must be a non-empty array of units, got %s", jsonType(raw))
	}
	if len(arr) > u.Keywords.Transport.Capacity {
		fail(o.field("carried"), "unit %q carries %d units; its Transport X (keywords.transport.capacity) is %d", u.ID, len(arr), u.Keywords.Transport.Capacity)
	}
	for i, raw := range arr {
		co := asObject(index(o.field("carried"), i), raw)
		c := loadUnitWith(co, ids, func(mo object) Mini {
			for _, k := range []string{"x", "y", "z", "facing"} {
				if _, has := mo.get(k); has {
					fail(mo.field(k), "a carried mini has no place (it is in its transport, off the table)")
				}
			}
			return loadOffTableMini(mo, f, ids, false)
		})
		if _, has := co.get("carried"); has {
			fail(co.field("carried"), "a carried unit carries no units")
		}
		if c.Type != Trooper && c.Type != Creature && c.Type != Emplacement {
			fail(co.field("type"), "a transport carries trooper units, not %s", c.Type)
		}
		u.Carried = append(u.Carried, c)
	}
}

// carriedDocs are the carried units as Save writes them: units without their minis' places.
func carriedDocs(u Unit, p Profile, path string) ([]any, error) {
	out := make([]any, len(u.Carried))
	for i, c := range u.Carried {
		d, err := unitDoc(c, p, index(key(path, "carried"), i))
		if err != nil {
			return nil, err
		}
		out[i] = unplaced(d)
	}
	return out, nil
}

// CarriedIDs are the ids of the carried units and their minis (they share the table's namespace).
func (f *File) CarriedIDs() []string {
	var out []string
	for _, u := range f.UnitsOnTable {
		for _, c := range u.Carried {
			out = append(out, c.ID)
			for _, m := range c.Minis {
				out = append(out, m.ID)
			}
		}
	}
	return out
}

// Carrier finds the transport carrying unit id: its index in UnitsOnTable and the carried unit's
// index in its Carried; ok false when no unit carries it.
func (f *File) Carrier(id string) (ui, ci int, ok bool) {
	for i := range f.UnitsOnTable {
		if k := slices.IndexFunc(f.UnitsOnTable[i].Carried, func(c Unit) bool { return c.ID == id }); k >= 0 {
			return i, k, true
		}
	}
	return -1, -1, false
}
