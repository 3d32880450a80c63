package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// Save writes f as an indented holotable/1 file. The output is deterministic: known fields come in
// the spec's order and every one is written explicitly (profile with all its values, kind, cover,
// move, standable, speed, z, facing, hover, leader), unknown fields follow sorted by key, and
// profile.bases are listed by diameter. Choices where the format allows two spellings:
//
//   - a mini's base is written as its profile name when it was given by one (BaseName) and that
//     name still has the mini's diameter, else as the diameter;
//   - cover is written as one word when every class gets the same cover, else as an object by
//     class; move is always written as the object by mover class;
//   - coverGiven is written only when set (Load sets it for ground units); keywords only when the
//     unit has one (or an unknown key), arcs only when given (not
//     the zero Arcs, which means the default: Unit.ArcLines);
//   - a query writes its required fields, and its optional fields only when the file gave them
//     (Query.Has) or they differ from the default; "queries" is omitted when there are none.
//
// Save checks its own output with Load and returns that *Error if f is not a valid file, so it
// never writes a file that Load refuses. For every f returned by Load, Load(Save(f)) equals f.
func Save(f *File) ([]byte, error) {
	if f == nil {
		return nil, fmt.Errorf("table: Save of a nil File")
	}
	doc, err := fileDoc(f)
	if err != nil {
		return nil, err
	}
	return writeChecked(doc, func(out []byte) error { _, err := Load(out); return err })
}

// Reload is f as Save writes it and Load reads it back — a checked deep copy, in the form a loaded
// file has — with one load (Save then Load would load twice).
func Reload(f *File) (*File, error) {
	if f == nil {
		return nil, fmt.Errorf("table: Reload of a nil File")
	}
	doc, err := fileDoc(f)
	if err != nil {
		return nil, err
	}
	var g *File
	if _, err := writeChecked(doc, func(out []byte) error { g, err = Load(out); return err }); err != nil {
		return nil, err
	}
	return g, nil
}

// writeChecked writes doc as indented JSON with a final newline and returns it if check (the
// format's own loader) accepts it.
func writeChecked(doc ordered, check func([]byte) error) ([]byte, error) {
	var w writer
	if err := w.value(doc, "", 0); err != nil {
		return nil, err
	}
	w.buf.WriteByte('\n')
	out := w.buf.Bytes()
	if err := check(out); err != nil {
		return nil, err
	}
	return out, nil
}

func fileDoc(f *File) (ordered, error) {
	var o ordered
	o.add("format", f.Format)
	o.add("ruleset", f.Ruleset)
	o.add("units", f.Units)
	o.add("battlefield", ordered{{"width", f.Battlefield.Width}, {"depth", f.Battlefield.Depth}})
	o.add("profile", profileDoc(f.Profile))

	terrain := []any{}
	for _, t := range f.Terrain {
		terrain = append(terrain, terrainDoc(t))
	}
	o.add("terrain", terrain)

	units := []any{}
	for i, u := range f.UnitsOnTable {
		d, err := unitDoc(u, f.Profile, index("units_on_table", i))
		if err != nil {
			return nil, err
		}
		units = append(units, d)
	}
	o.add("units_on_table", units)

	tokens := []any{}
	for i, t := range f.Tokens {
		d, err := tokenDoc(t, index("tokens", i))
		if err != nil {
			return nil, err
		}
		tokens = append(tokens, d)
	}
	o.add("tokens", tokens)
	if f.Setup != nil {
		o.add("setup", setupDoc(f.Setup))
	}
	if len(f.Dice) > 0 {
		o.add("dice", dicesDoc(f.Dice))
	}
	if f.Game != nil {
		g, err := gameDoc(f.Game, f.Profile)
		if err != nil {
			return nil, err
		}
		o.add("game", g)
	}

	if len(f.Queries) > 0 {
		queries := []any{}
		for i := range f.Queries {
			d, err := queryDoc(&f.Queries[i], index("queries", i))
			if err != nil {
				return nil, err
			}
			queries = append(queries, d)
		}
		o.add("queries", queries)
	}
	o.addExtra(f.Extra)
	return o, nil
}

func profileDoc(p Profile) ordered {
	names := sortedKeys(p.Bases)
	sort.SliceStable(names, func(i, j int) bool { return p.Bases[names[i]] < p.Bases[names[j]] })
	var bases ordered
	for _, n := range names {
		bases.add(n, p.Bases[n])
	}
	return ordered{
		{"rangeSegment", p.RangeSegment},
		{"moveTools", []any{p.MoveTools[0], p.MoveTools[1], p.MoveTools[2]}},
		{"maxBend", p.MaxBend},
		{"bases", bases},
		{"baseThickness", p.BaseThickness},
		{"contactTolerance", p.ContactTolerance},
		{"epsilon", p.Epsilon},
	}
}

func terrainDoc(t Terrain) ordered {
	o := ordered{{"id", t.ID}}
	if t.Polygon != nil {
		pts := make([]any, len(t.Polygon))
		for i, p := range t.Polygon {
			pts[i] = []any{p[0], p[1]}
		}
		o.add("polygon", pts)
	}
	if t.Circle != nil {
		o.add("circle", ordered{{"x", t.Circle.X}, {"y", t.Circle.Y}, {"r", t.Circle.R}})
	}
	o.add("height", t.Height)
	o.add("base", t.Base)
	o.add("kind", t.Kind.String())
	if c, ok := t.Cover.Uniform(); ok {
		o.add("cover", c.String())
	} else {
		o.add("cover", ordered{{"trooper", t.Cover.Trooper.String()}, {"creature", t.Cover.Creature.String()}, {"vehicle", t.Cover.Vehicle.String()}})
	}
	o.add("move", ordered{{"trooper", t.Move.Trooper.String()}, {"ground", t.Move.Ground.String()}, {"repulsor", t.Move.Repulsor.String()}})
	o.add("standable", t.Standable)
	o.addExtra(t.Extra)
	return o
}

func unitDoc(u Unit, p Profile, path string) (ordered, error) {
	o := ordered{{"id", u.ID}, {"side", u.Side}, {"type", u.Type.String()}, {"speed", u.Speed}}
	if u.CoverGiven != CoverNone {
		o.add("coverGiven", u.CoverGiven.String())
	}
	if !u.Keywords.IsZero() {
		o.add("keywords", keywordsDoc(u.Keywords))
	}
	if u.Arcs != (Arcs{}) {
		o.add("arcs", []any{u.Arcs[0], u.Arcs[1], u.Arcs[2], u.Arcs[3]})
	}
	if u.Card != nil {
		o.add("card", cardDoc(u.Card))
	}
	minis := []any{}
	for i, m := range u.Minis {
		d, err := miniDoc(m, p, index(key(path, "minis"), i))
		if err != nil {
			return nil, err
		}
		minis = append(minis, d)
	}
	o.add("minis", minis)
	if len(u.Carried) > 0 {
		cs, err := carriedDocs(u, p, path)
		if err != nil {
			return nil, err
		}
		o.add("carried", cs)
	}
	o.addExtra(u.Extra)
	return o, nil
}

// miniDoc writes a mini. Its base is written as its profile name when it was given by one
// (BaseName) and that name still has the mini's diameter, else as the diameter.
func miniDoc(m Mini, p Profile, path string) (ordered, error) {
	var base any = m.Base
	if d, ok := p.Bases[m.BaseName]; ok && m.BaseName != "" && d == m.Base {
		base = m.BaseName
	}
	d := ordered{{"id", m.ID}, {"leader", m.Leader}, {"x", m.X}, {"y", m.Y}, {"base", base},
		{"height", m.Height}, {"z", m.Z}, {"facing", m.Facing}, {"hover", m.Hover}}
	if m.From != "" {
		d.add("from", m.From)
	}
	if err := addExtraText(&d, m.Extra, path); err != nil {
		return nil, err
	}
	return d, nil
}

// tokenDoc writes a token.
func tokenDoc(t Token, path string) (ordered, error) {
	d := ordered{{"id", t.ID}, {"kind", t.Kind}, {"x", t.X}, {"y", t.Y}, {"r", t.R}}
	if err := addExtraText(&d, t.Extra, path); err != nil {
		return nil, err
	}
	return d, nil
}

// addExtraText appends the unknown fields kept as JSON text (Mini.Extra, Token.Extra).
func addExtraText(o *ordered, text, path string) error {
	if text == "" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return newError(path, "Extra is not a JSON object: %v", err)
	}
	o.addExtra(m)
	return nil
}

func queryDoc(q *Query, path string) (ordered, error) {
	fields, ok := queryKinds[q.Kind]
	if !ok {
		return nil, newError(key(path, "kind"), "unknown kind %q", q.Kind)
	}
	o := ordered{{"id", q.ID}, {"kind", q.Kind}}
	writeFields(&o, fields, q.slot, q.Has)
	o.addExtra(q.Extra)
	return o, nil
}

// writeFields appends a query's fields: the required ones, and the optional ones the file gave
// (has) or that differ from their default (zero; a move's fraction 1).
func writeFields(o *ordered, fields []queryField, slot func(string) any, has map[string]bool) {
	for _, qf := range fields {
		var v any
		var isDefault bool
		switch p := slot(qf.name).(type) {
		case *string:
			v, isDefault = *p, *p == ""
		case *bool:
			v, isDefault = *p, !*p
		case *int:
			v, isDefault = *p, *p == 0
		case *float64:
			def := 0.0
			if qf.name == "fraction" {
				def = defaultFraction
			}
			v, isDefault = *p, *p == def
		}
		if qf.required || has[qf.name] || !isDefault {
			o.add(qf.name, v)
		}
	}
}
