package table

import (
	"encoding/json"
	"strings"
)

// EdgeSlack is how far a base may seem to overhang the table edge through float rounding and
// still count as on the table (touching the edge is fine): a billionth of an inch, in the length
// unit units.
func EdgeSlack(units string) float64 { return 1e-9 * unitScale(units) }

var unitFields = []string{"id", "side", "type", "speed", "coverGiven", "keywords", "arcs", "card", "minis"}

func loadUnit(o object, f *File, ids idSpace) Unit {
	u := loadUnitWith(o, ids, func(mo object) Mini { return loadMini(mo, f, ids) })
	loadCarried(o, &u, f, ids)
	return u
}

// loadUnitWith reads a unit whose minis are read by mini (on the table, or in a game's reserve).
func loadUnitWith(o object, ids idSpace, mini func(object) Mini) Unit {
	u := loadUnitFields(o, ids)
	mf := o.field("minis")
	o.require("minis")
	minis, _ := o.array("minis")
	if len(minis) == 0 {
		fail(mf, "empty (a unit needs at least one mini)")
	}
	checkCount(mf, "minis", len(minis), MaxUnitMinis)
	for i, raw := range minis {
		u.Minis = append(u.Minis, mini(asObject(index(mf, i), raw)))
	}
	checkLeaders(o, u.Minis)
	u.Extra = o.extra(unitFields...)
	return u
}

// loadUnitFields reads a unit's fields other than its minis.
func loadUnitFields(o object, ids idSpace) Unit {
	u := Unit{ID: ids.claim(o, "id")}
	u.Side = o.strOr("side", "")

	o.require("type")
	s, _ := o.str("type")
	t, err := ParseUnitType(s)
	if err != nil {
		fail(o.field("type"), "%v", err)
	}
	u.Type = t

	u.Speed = 2
	if v, ok := o.integer("speed"); ok {
		if v < 1 || v > 3 {
			fail(o.field("speed"), "must be 1, 2 or 3, got %d", v)
		}
		u.Speed = v
	}

	if v, ok := o.str("coverGiven"); ok {
		c, err := ParseCover(v)
		if err != nil || c == CoverNone {
			fail(o.field("coverGiven"), "must be \"light\" or \"heavy\", got %q", v)
		}
		u.CoverGiven = c
	} else if u.Type == Ground {
		u.CoverGiven = CoverHeavy
	}
	u.Keywords = loadKeywords(o)
	u.Arcs = loadArcs(o)
	u.Card = loadCard(o)
	return u
}

// checkLeaders fails unless exactly one of the minis is the leader.
func checkLeaders(o object, minis []Mini) {
	leaders := 0
	for _, m := range minis {
		if m.Leader {
			leaders++
		}
	}
	switch {
	case leaders == 0:
		fail(o.path, "no leader (exactly one mini must have \"leader\": true)")
	case leaders > 1:
		fail(o.path, "%d leaders (exactly one mini must have \"leader\": true)", leaders)
	}
}

var miniFields = []string{"id", "leader", "x", "y", "base", "height", "z", "facing", "hover", "from"}

func loadMini(o object, f *File, ids idSpace) Mini {
	m := Mini{ID: ids.claim(o, "id")}
	m.Leader, _ = o.boolean("leader")
	m.X = o.mustNumber("x")
	m.Y = o.mustNumber("y")
	readBase(o, &m, f)
	m.Height = o.mustNumber("height")
	if m.Height < 0 {
		fail(o.field("height"), "must not be negative, got %s", num(m.Height))
	}
	f.checkLength(o.field("height"), m.Height)
	m.Z = o.numberOr("z", 0)
	f.checkLength(o.field("z"), m.Z)
	m.Facing = o.numberOr("facing", 0)
	m.Hover = nonNegative(o, "hover")
	f.checkLength(o.field("hover"), m.Hover)
	m.From = o.strOr("from", "")

	r := m.Radius()
	w, d := f.Battlefield.Width, f.Battlefield.Depth
	if slack := EdgeSlack(f.Units); m.X-r < -slack || m.X+r > w+slack || m.Y-r < -slack || m.Y+r > d+slack {
		fail(o.path, "base leaves the table (centre %s, %s, radius %s; table %s × %s)",
			num(m.X), num(m.Y), num(r), num(w), num(d))
	}
	m.Extra = o.extraText(miniFields...)
	return m
}

// readBase reads a mini's required base: a name of the profile's bases or a diameter.
func readBase(o object, m *Mini, f *File) {
	bf := o.field("base")
	switch b := o.require("base").(type) {
	case string:
		d, ok := f.Profile.Bases[b]
		if !ok {
			fail(bf, "unknown base %q (profile.bases has %s)", b, strings.Join(sortedKeys(f.Profile.Bases), ", "))
		}
		m.BaseName, m.Base = b, d
	case json.Number:
		m.Base = toNumber(bf, b)
		if m.Base <= 0 {
			fail(bf, "must be positive, got %s", num(m.Base))
		}
		f.checkLength(bf, m.Base)
	default:
		fail(bf, "must be a base name or a diameter, got %s", jsonType(b))
	}
}
