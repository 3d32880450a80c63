package table

// queryField describes one field a query kind reads: its JSON name, its JSON type (string, bool,
// int or number) and whether it must be given. Optional fields default to the zero value, except
// a move's fraction (1).
type queryField struct {
	name     string
	typ      fieldType
	required bool
}

type fieldType int

const (
	tString fieldType = iota
	tBool
	tInt
	tNumber
)

// queryKinds lists, for every query kind, the fields it reads, in the order Save writes them.
var queryKinds = map[string][]queryField{
	"distance": {{"a", tString, true}, {"b", tString, true}},
	"range":    {{"from", tString, true}, {"to", tString, true}, {"attack", tBool, false}},
	"within":   {{"from", tString, true}, {"to", tString, true}, {"band", tInt, true}},
	"los":      {{"from", tString, true}, {"to", tString, true}},
	"cover": {{"attacker", tString, true}, {"defender", tString, true}, {"suppressed", tBool, false},
		{"coverX", tInt, false}, {"sharpshooter", tInt, false}, {"blast", tBool, false}},
	"move": {{"mini", tString, true}, {"speed", tInt, true}, {"heading", tNumber, false},
		{"bend", tNumber, false}, {"fraction", tNumber, false}},
	"cohesion": {{"unit", tString, true}},
	"contact":  {{"a", tString, true}, {"b", tString, true}},
	"heatmap": {{"side", tString, false}, {"viewers", tString, false}, {"unit", tString, false},
		{"step", tNumber, false}, {"base", tNumber, false}, {"height", tNumber, false}},
	"maneuver": {{"mini", tString, true}, {"mode", tString, true}, {"speed", tInt, false},
		{"bend", tNumber, false}, {"fraction", tNumber, false}, {"heading", tNumber, false}},
	"arc":   {{"from", tString, true}, {"to", tString, true}, {"arc", tString, true}},
	"climb": {{"mini", tString, true}, {"onto", tString, true}, {"mode", tString, true}},
}

// QueryField describes one field a query kind reads: its JSON name, its JSON type ("string",
// "bool", "int" or "number") and whether the kind requires it.
type QueryField struct {
	Name, Type string
	Required   bool
}

// QueryKinds lists the query kinds a file may ask, sorted.
func QueryKinds() []string { return sortedKeys(queryKinds) }

// QueryFields lists the fields of query kind (nil for an unknown kind), in the order Save writes
// them.
func QueryFields(kind string) []QueryField {
	var out []QueryField
	for _, f := range queryKinds[kind] {
		out = append(out, QueryField{f.name, [...]string{"string", "bool", "int", "number"}[f.typ], f.required})
	}
	return out
}

// defaultFraction is the fraction of a move query that gives none: a full move.
const defaultFraction = 1

// slot returns a pointer to the Query field that holds the JSON field name: *string, *bool, *int
// or *float64.
func (q *Query) slot(name string) any {
	switch name {
	case "a":
		return &q.A
	case "b":
		return &q.B
	case "from":
		return &q.From
	case "to":
		return &q.To
	case "attack":
		return &q.Attack
	case "band":
		return &q.Band
	case "attacker":
		return &q.Attacker
	case "defender":
		return &q.Defender
	case "suppressed":
		return &q.Suppressed
	case "coverX":
		return &q.CoverX
	case "sharpshooter":
		return &q.Sharpshooter
	case "blast":
		return &q.Blast
	case "mini":
		return &q.Mini
	case "speed":
		return &q.MoveSpeed
	case "heading":
		return &q.Heading
	case "bend":
		return &q.Bend
	case "fraction":
		return &q.Fraction
	case "unit":
		return &q.Unit
	case "side":
		return &q.Side
	case "viewers":
		return &q.Viewers
	case "step":
		return &q.Step
	case "base":
		return &q.Base
	case "height":
		return &q.Height
	case "mode":
		return &q.Mode
	case "arc":
		return &q.Arc
	case "onto":
		return &q.Onto
	}
	panic("table: no query field " + name)
}

// loadQueries reads the optional "queries" list. Only the shape of each query is checked here:
// its id (unique among the queries), its kind, and the presence and JSON type of its fields.
func loadQueries(root object) []Query {
	arr, _ := root.array("queries")
	checkCount("queries", "queries", len(arr), MaxQueries)
	var out []Query
	seen := map[string]string{}
	for i, raw := range arr {
		o := asObject(index("queries", i), raw)
		q := Query{Has: map[string]bool{}}
		q.ID, q.Kind = queryHead(o, seen)
		fields, ok := queryKinds[q.Kind]
		if !ok {
			fail(o.field("kind"), "unknown kind %q", q.Kind)
		}
		q.Fraction = defaultFraction
		known := readFields(o, fields, q.slot, q.Has)
		q.Extra = o.extra(append(known, "id", "kind")...)
		out = append(out, q)
	}
	return out
}

// queryHead reads a query's id, unique among the queries (seen: id → path of its first use), and
// its kind.
func queryHead(o object, seen map[string]string) (id, kind string) {
	id = o.id("id")
	if first, dup := seen[id]; dup {
		fail(o.field("id"), "duplicate query id %q (first used by %s)", id, first)
	}
	seen[id] = o.path
	o.require("kind")
	kind, _ = o.str("kind")
	return id, kind
}

// readFields reads the fields of one query kind into the slots slot names (*string, *bool, *int
// or *float64), requiring the required ones, records in has which were given, and returns the
// field names it knows.
func readFields(o object, fields []queryField, slot func(string) any, has map[string]bool) []string {
	known := make([]string, 0, len(fields)+2)
	for _, qf := range fields {
		known = append(known, qf.name)
		if qf.required {
			o.require(qf.name)
		}
		var present bool
		switch p := slot(qf.name).(type) {
		case *string:
			*p, present = o.str(qf.name)
		case *bool:
			*p, present = o.boolean(qf.name)
		case *int:
			*p, present = o.integer(qf.name)
		case *float64:
			var v float64
			if v, present = o.number(qf.name); present {
				*p = v
			}
		}
		if present {
			has[qf.name] = true
		}
	}
	return known
}
