package table

import "math"

// holotable's limits (docs/format.md, "Limits"): sizes a real table never comes near and a
// hostile file always breaks, so that every file Load accepts is answered in bounded time and
// memory. A file beyond a count or size limit is refused as too large (Error.TooLarge, the
// judge's exit status 3); a number outside its range is refused as invalid (status 2).
const (
	// MaxFileBytes bounds a table file (the default table is 12 kB; 1,000 queries are 100 kB).
	MaxFileBytes = 2 << 20
	// MaxPieces bounds the terrain pieces; MaxPolygonVertices the vertices of one polygon and
	// MaxVertices those of all polygons together (the default table: 17 pieces, 76 vertices).
	MaxPieces          = 256
	MaxPolygonVertices = 256
	MaxVertices        = 4096
	// MaxUnits bounds the units on the table, MaxUnitMinis the minis of one unit and MaxMinis
	// all minis (the default table: 12 units, 36 minis; a Legion unit has at most a dozen).
	MaxUnits     = 256
	MaxUnitMinis = 256
	MaxMinis     = 1024
	// MaxTokens bounds the tokens, MaxQueries the judge's questions.
	MaxTokens  = 256
	MaxQueries = 4096
	// MaxSideInches bounds the battlefield's width and depth, in inches (25,400 mm): 83 feet.
	MaxSideInches = 1000
)

// Ranges of single numbers (a value outside is invalid, status 2).
const (
	// MaxLengthInches bounds every other length of a file in inches (heights, elevations,
	// diameters, the profile's lengths), as MaxSideInches bounds the table.
	MaxLengthInches = 1000
	// MaxInt32 and MinInt32 bound every whole number, so that 32- and 64-bit builds (and
	// WebAssembly) read the same file the same way.
	MaxInt32 = math.MaxInt32
	MinInt32 = math.MinInt32
)

// unitScale is the length of an inch in the file's unit.
func unitScale(units string) float64 {
	if units == "mm" {
		return MillimetresPerInch
	}
	return 1
}

// MaxLength is MaxLengthInches in the length unit units ("in" or "mm").
func MaxLength(units string) float64 { return MaxLengthInches * unitScale(units) }

// tooLarge aborts the current Load with a fault at field that breaks one of the limits.
func tooLarge(field, format string, args ...any) {
	e := newError(field, format, args...)
	e.TooLarge = true
	panic(failure{e})
}

// checkCount fails when a list at field holds n entries of what, more than limit: "300 pieces,
// more than the limit of 256 (too large)".
func checkCount(field, what string, n, limit int) {
	if n > limit {
		tooLarge(field, "%d %s, more than the limit of %d (too large)", n, what, limit)
	}
}

// checkLength fails when a length at field is longer than MaxLength: "must be at most 1000 (in),
// got 1e+300". Signed lengths (elevations) are bounded either way.
func (f *File) checkLength(field string, v float64) {
	if m := MaxLength(f.Units); math.Abs(v) > m {
		fail(field, "must be within ±%s (%s), got %s", num(m), f.Units, num(v))
	}
}

// checkNearTable fails when the point (x, y) of a terrain outline lies farther off the table than
// the table's larger side: terrain may overhang the edge, not lie anywhere.
func (f *File) checkNearTable(field string, x, y float64) {
	w, d := f.Battlefield.Width, f.Battlefield.Depth
	if m := math.Max(w, d); x < -m || x > w+m || y < -m || y > d+m {
		fail(field, "(%s, %s) lies more than %s off the table (%s × %s)", num(x), num(y), num(m), num(w), num(d))
	}
}
