package table

// Load parses and validates a holotable/1 file and fills every default (see File). A file that
// breaks the spec yields a nil File and an *Error naming the first fault found, in a fixed order:
// JSON syntax, then format, ruleset, units, battlefield, profile, terrain, units_on_table, tokens,
// queries, setup and dice, each in file order. Whether a query's ids exist and whether its values are in range
// is left to the judge, which answers such a query with an error sentence.
//
// Load never panics. JSON null is a value of the wrong type, not a missing field. Unknown fields
// are ignored but kept (File.Extra, and Extra on terrain, units, minis, tokens and queries) so that
// Save loses nothing; unknown fields inside battlefield, profile, circle, cover and move are
// dropped.
func Load(data []byte) (*File, error) {
	return guard(func() *File { return load(data) })
}

// topFields are the top-level keys this version reads.
var topFields = []string{"format", "ruleset", "units", "battlefield", "profile", "terrain", "units_on_table", "tokens", "queries", "setup", "dice", "game"}

func load(data []byte) *File {
	checkCount(fileField, "bytes", len(data), MaxFileBytes)
	return loadRoot(decode(data))
}

// loadRoot reads a whole file from its decoded JSON.
func loadRoot(v any) *File {
	root := asObject("", v)
	f := &File{}

	checkFormat(root)
	f.Format = Format
	f.Ruleset = root.strOr("ruleset", "legion")
	if f.Ruleset == RulesetSWM {
		fail("ruleset", "%q is a grid table (Star Wars Miniatures, read by LoadSWM), not a Legion or Spezialeinsätze table", f.Ruleset)
	}
	if f.Ruleset != "legion" && f.Ruleset != "specops" {
		fail("ruleset", "unknown ruleset %q", f.Ruleset)
	}
	f.Units = root.strOr("units", "in")
	if f.Units != "in" && f.Units != "mm" {
		fail("units", "unknown units %q", f.Units)
	}

	bf := asObject("battlefield", root.require("battlefield"))
	f.Battlefield.Width = positive(bf, "width")
	f.Battlefield.Depth = positive(bf, "depth")
	for i, v := range [2]float64{f.Battlefield.Width, f.Battlefield.Depth} {
		if m := MaxSideInches * unitScale(f.Units); v > m {
			tooLarge(bf.field([2]string{"width", "depth"}[i]), "%s %s, more than the limit of %s %s (too large)", num(v), f.Units, num(m), f.Units)
		}
	}

	f.Profile = loadProfile(root, f)

	ids := idSpace{}
	if arr, ok := root.array("terrain"); ok {
		checkCount("terrain", "pieces", len(arr), MaxPieces)
		vertices := 0
		for i, raw := range arr {
			t := loadTerrain(asObject(index("terrain", i), raw), f, ids)
			if vertices += len(t.Polygon); vertices > MaxVertices {
				tooLarge(index("terrain", i)+".polygon", "%d vertices in the polygons so far, more than the limit of %d (too large)", vertices, MaxVertices)
			}
			f.Terrain = append(f.Terrain, t)
		}
	}
	if arr, ok := root.array("units_on_table"); ok {
		checkCount("units_on_table", "units", len(arr), MaxUnits)
		minis := 0
		for i, raw := range arr {
			u := loadUnit(asObject(index("units_on_table", i), raw), f, ids)
			if minis += len(u.Minis); minis > MaxMinis {
				tooLarge(index("units_on_table", i)+".minis", "%d minis in the units so far, more than the limit of %d (too large)", minis, MaxMinis)
			}
			f.UnitsOnTable = append(f.UnitsOnTable, u)
		}
	}
	if arr, ok := root.array("tokens"); ok {
		checkCount("tokens", "tokens", len(arr), MaxTokens)
		for i, raw := range arr {
			f.Tokens = append(f.Tokens, loadToken(asObject(index("tokens", i), raw), f, ids))
		}
	}
	f.Queries = loadQueries(root)
	f.Setup = loadSetup(root)
	f.Dice = loadDice(root)
	f.Game = loadGame(root, f, ids)
	f.Extra = root.extra(topFields...)
	return f
}

// idSpace is the one namespace that terrain, unit, mini and token ids share: id → the path of the
// object that used it first.
type idSpace map[string]string

// claim records id for the object at path, or fails at the second occurrence.
func (s idSpace) claim(o object, k string) string {
	id := o.id(k)
	if first, dup := s[id]; dup {
		fail(o.field(k), "duplicate id %q (first used by %s)", id, first)
	}
	s[id] = o.path
	return id
}

// positive reads a required number that must be > 0.
func positive(o object, k string) float64 {
	v := o.mustNumber(k)
	if v <= 0 {
		fail(o.field(k), "must be positive, got %s", num(v))
	}
	return v
}

// nonNegative reads an optional number that must be ≥ 0 (default 0).
func nonNegative(o object, k string) float64 {
	v := o.numberOr(k, 0)
	if v < 0 {
		fail(o.field(k), "must not be negative, got %s", num(v))
	}
	return v
}

var tokenFields = []string{"id", "kind", "x", "y", "r"}

func loadToken(o object, f *File, ids idSpace) Token {
	t := Token{ID: ids.claim(o, "id")}
	t.Kind = o.strOr("kind", "")
	t.X = o.mustNumber("x")
	t.Y = o.mustNumber("y")
	t.R = positive(o, "r")
	f.checkLength(o.field("r"), t.R)
	// A token may overhang the edge, but it lies on the table.
	w, d := f.Battlefield.Width, f.Battlefield.Depth
	if t.X < -t.R || t.X > w+t.R || t.Y < -t.R || t.Y > d+t.R {
		fail(o.path, "does not touch the table (centre %s, %s, radius %s; table %s × %s)", num(t.X), num(t.Y), num(t.R), num(w), num(d))
	}
	t.Extra = o.extraText(tokenFields...)
	return t
}
