package geometry

import (
	"math"

	"github.com/golang/geo/r2"
)

// fmin, fmax and norm are the hot paths' minimum, maximum and length. Under WebAssembly Go
// compiles the builtin min and max of floats and math.Hypot (behind r2.Point.Norm) into calls;
// these inline everywhere. Their arguments are finite table lengths, so the NaN and ±0 rules
// of the builtins do not matter here.
func fmin(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

func fmax(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

func norm(p r2.Point) float64 { return math.Sqrt(p.X*p.X + p.Y*p.Y) }
