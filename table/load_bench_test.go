package table

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// combJSON is a comb-shaped simple polygon of 4·teeth + 3 vertices in the box [x, x+w] × [y, y+h].
func combJSON(teeth int, x, y, w, h float64) string {
	var pts []string
	dx := w / float64(teeth)
	for i := range teeth {
		x0 := x + dx*float64(i)
		pts = append(pts, fmt.Sprintf("[%.6f,%.6f],[%.6f,%.6f],[%.6f,%.6f],[%.6f,%.6f]", x0, y+0.2*h, x0+dx/4, y+h, x0+dx/2, y+0.3*h, x0+3*dx/4, y+h))
	}
	pts = append(pts, fmt.Sprintf("[%.6f,%.6f],[%.6f,%.6f],[%.6f,%.6f]", x+w, y+0.2*h, x+w, y, x, y))
	return "[" + strings.Join(pts, ",") + "]"
}

// BenchmarkLoad loads files of n vertices in all, in combs of 251 (on a 72 × 36 table): 1,000
// and 4,016 load (validating every polygon by the sweep); 10,000 and 100,000 are refused as too
// large at the first polygon past the limit of 4,096 — after the JSON is read, which is then
// most of the cost (issue 18: 100,000 vertices took 267 s when validation was quadratic).
func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{1000, 4016, 10000, 100000} {
		pieces := int(math.Ceil(float64(n) / 251))
		var terr []string
		for i := range pieces {
			terr = append(terr, fmt.Sprintf(`{"id": "c%d", "polygon": %s, "height": 2}`, i, combJSON(62, 1+float64(i%20)*3.5, 1+float64(i/20%20)*1.7, 3, 1.5)))
		}
		data := []byte(`{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "terrain": [` + strings.Join(terr, ",") + `]}`)
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, err := Load(data)
				if (err != nil) != (n > MaxVertices) {
					b.Fatal(err)
				}
			}
		})
	}
}
