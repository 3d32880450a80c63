// Package tabletest builds table files for tests and benchmarks that need one too large to write
// by hand: the largest table the limits of table.Load accept.
package tabletest

import (
	"encoding/json"
	"fmt"
	"math"

	"holotable/table"
)

// Largest is a table at every count limit of table.Load, as decoded JSON (a test adds its
// queries): 256 pieces of 16 vertices on a grid over a 72 × 36 table (every other one a concave
// star; solid, area and depression; light and heavy cover; open, difficult and impassable for
// troopers), 256 units of 4 minis of every type (trooper, ground, creature, repulsor; red and
// blue), 256 tokens.
func Largest() map[string]any {
	var terrain, units, tokens []any
	for i := range table.MaxPieces {
		cx, cy := 2.25+float64(i%16)*4.5, 1.125+float64(i/16)*2.25
		var pts [][2]float64
		for k := range table.MaxVertices / table.MaxPieces {
			a, r := 2*math.Pi*float64(k)/16, 1.0
			if i%2 == 1 && k%2 == 1 {
				r = 0.5 // a star: concave
			}
			pts = append(pts, [2]float64{math.Round((cx+r*math.Cos(a))*1e4) / 1e4, math.Round((cy+0.9*r*math.Sin(a))*1e4) / 1e4})
		}
		terrain = append(terrain, map[string]any{"id": fmt.Sprintf("t%d", i), "polygon": pts, "height": 1 + float64(i%4),
			"kind": []string{"solid", "solid", "area", "depression"}[i%4], "cover": []string{"light", "heavy"}[i%2],
			"move": map[string]string{"trooper": []string{"open", "difficult", "impassable"}[i%3]}})
	}
	for i := range table.MaxUnits {
		var minis []any
		for j := range table.MaxMinis / table.MaxUnits {
			k := 4*i + j
			minis = append(minis, map[string]any{"id": fmt.Sprintf("m%d", k), "leader": j == 0, "x": 0.6 + float64(k%64)*1.1,
				"y": 0.6 + float64(k/64)*1.1, "base": 0.8, "height": 1.5, "hover": 0.5})
		}
		units = append(units, map[string]any{"id": fmt.Sprintf("u%d", i), "side": []string{"red", "blue"}[i%2],
			"type": []string{"trooper", "ground", "creature", "repulsor"}[i%4], "minis": minis})
	}
	for i := range table.MaxTokens {
		tokens = append(tokens, map[string]any{"id": fmt.Sprintf("k%d", i), "x": 1 + float64(i%64)*1.1, "y": 35, "r": 0.4})
	}
	return map[string]any{"format": table.Format, "battlefield": map[string]any{"width": 72, "depth": 36},
		"terrain": terrain, "units_on_table": units, "tokens": tokens}
}

// LargestFile is Largest as a table file (216 KB of JSON) and as loaded; it panics if the limits
// no longer accept it.
func LargestFile() ([]byte, *table.File) {
	data, err := json.Marshal(Largest())
	if err != nil {
		panic(err)
	}
	f, err := table.Load(data)
	if err != nil {
		panic(err)
	}
	return data, f
}
