package table

// MillimetresPerInch converts the inch defaults of the profile into an "mm" file's unit.
const MillimetresPerInch = 25.4

// defaultBases are the base diameters by name, in inches.
var defaultBases = map[string]float64{"small": 1.063, "medium": 1.969, "large": 2.756, "huge": 3.937}

// DefaultProfile returns the component profile a file gets when it gives none, in the length
// unit units ("in", or "mm": every length default times 25.4; maxBend is an angle and stays 90).
// Any other units value is treated as "in". Use it to build a new File by hand.
func DefaultProfile(units string) Profile {
	s := 1.0
	if units == "mm" {
		s = MillimetresPerInch
	}
	bases := make(map[string]float64, len(defaultBases))
	for name, d := range defaultBases {
		bases[name] = d * s
	}
	return Profile{
		RangeSegment:     6 * s,
		MoveTools:        [3]float64{2.95 * s, 4.92 * s, 6.89 * s},
		MaxBend:          90,
		Bases:            bases,
		BaseThickness:    0.118 * s,
		ContactTolerance: 0.01 * s,
		Epsilon:          1e-6 * s,
	}
}

// profileFields are the keys of "profile" this version reads.
var profileFields = []string{"rangeSegment", "moveTools", "maxBend", "bases", "baseThickness", "contactTolerance", "epsilon"}

// loadProfile reads the optional "profile" object over the defaults for the file's units (its
// battlefield is read already: a tool is at most the table's perimeter long).
func loadProfile(root object, f *File) Profile {
	p := DefaultProfile(f.Units)
	raw, ok := root.get("profile")
	if !ok {
		return p
	}
	o := asObject(root.field("profile"), raw)

	if v, ok := o.number("rangeSegment"); ok {
		if v <= 0 {
			fail(o.field("rangeSegment"), "must be positive, got %s", num(v))
		}
		f.checkLength(o.field("rangeSegment"), v)
		p.RangeSegment = v
	}
	if arr, ok := o.array("moveTools"); ok {
		mf := o.field("moveTools")
		if len(arr) != 3 {
			fail(mf, "must hold 3 numbers (speed 1, 2, 3), got %d", len(arr))
		}
		for i, e := range arr {
			v := toNumber(index(mf, i), e)
			if v <= 0 {
				fail(index(mf, i), "must be positive, got %s", num(v))
			}
			if lim := 2 * (f.Battlefield.Width + f.Battlefield.Depth); v > lim {
				fail(index(mf, i), "must be at most the table's perimeter %s, got %s", num(lim), num(v))
			}
			p.MoveTools[i] = v
		}
	}
	if v, ok := o.number("maxBend"); ok {
		if v <= 0 || v > 180 {
			fail(o.field("maxBend"), "must be more than 0 and at most 180 degrees, got %s", num(v))
		}
		p.MaxBend = v
	}
	if raw, ok := o.get("bases"); ok {
		b := asObject(o.field("bases"), raw)
		for _, name := range sortedKeys(b.m) {
			if name == "" {
				fail(b.path, "base name must not be empty")
			}
			v := toNumber(b.field(name), b.m[name])
			if v <= 0 {
				fail(b.field(name), "must be positive, got %s", num(v))
			}
			f.checkLength(b.field(name), v)
			p.Bases[name] = v
		}
	}
	if v, ok := o.number("baseThickness"); ok {
		if v < 0 {
			fail(o.field("baseThickness"), "must not be negative, got %s", num(v))
		}
		f.checkLength(o.field("baseThickness"), v)
		p.BaseThickness = v
	}
	if v, ok := o.number("contactTolerance"); ok {
		if v < 0 {
			fail(o.field("contactTolerance"), "must not be negative, got %s", num(v))
		}
		f.checkLength(o.field("contactTolerance"), v)
		p.ContactTolerance = v
	}
	if v, ok := o.number("epsilon"); ok {
		if v <= 0 {
			fail(o.field("epsilon"), "must be positive, got %s", num(v))
		}
		p.Epsilon = v
	}
	if limit := p.RangeSegment / maxEpsilonRatio; p.Epsilon >= limit {
		if _, given := o.get("epsilon"); !given {
			fail(o.field("rangeSegment"), "too small for the default epsilon %s (must be more than %d × epsilon)",
				num(p.Epsilon), maxEpsilonRatio)
		}
		fail(o.field("epsilon"), "too large, got %s (must be less than rangeSegment/%d = %s)",
			num(p.Epsilon), maxEpsilonRatio, num(limit))
	}
	return p
}

// maxEpsilonRatio bounds epsilon: a numeric tolerance of a hundredth of a range band or more
// would merge lengths a player can tell apart.
const maxEpsilonRatio = 100
