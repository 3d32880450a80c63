package scenes

import (
	"fmt"
	"image/color"
	"math"

	"holotable/render"
	"holotable/table"
)

// What a terrain piece is drawn as (issue 17, item 16; docs/decisions.md D97). The table file has
// three kinds — solid, area, depression — and no word for "building" or "barricade"; a piece's
// look is derived from what the file does say, in the order of the rulebook's terrain tables
// (maps/presets.go, RRG 2.0 L1501–1523, L1642–1697):
//
//   - depression: a circle is a crater, any other footprint a trench;
//   - area: thin (thickness ≤ thinInches) a fence; no cover for any class and at most
//     flatInches high water; at most lowInches high grass; else woods;
//   - solid: at most lowInches high a barricade (sandbags, low walls, hedges: a trooper's cover);
//     thin a wall; impassable to troopers a building; difficult to troopers a ruin; open to
//     troopers a hill.
//
// Thickness is 2·area / perimeter: the depth of a long rectangle (W·D/(W+D) → D), the radius of
// a circle, half the side of a square.

// Thresholds of the look, in inches.
const (
	thinInches = 1.1  // a 6 × 1.2" tall earthen wall is 1.0 thick, a 2.5" crate 1.25
	lowInches  = 1.2  // barricades and low walls are 1" (height 1 is 6")
	flatInches = 0.5  // water is 0.25"
	mmPerInch  = 25.4 // a millimetre table's lengths
)

// terrainLook is what piece t of a table in units ("mm" or inches) is drawn as.
func terrainLook(t *table.Terrain, units string) render.Look {
	k := 1.0
	if units == "mm" {
		k = 1 / mmPerInch
	}
	h := t.Height * k
	thin := thickness(t)*k <= thinInches
	switch t.Kind {
	case table.Depression:
		if t.Circle != nil {
			return render.LookCrater
		}
		return render.LookTrench
	case table.Area:
		c := t.Cover
		switch {
		case thin:
			return render.LookFence
		case h <= flatInches && c.Trooper == table.CoverNone && c.Creature == table.CoverNone && c.Vehicle == table.CoverNone:
			return render.LookWater
		case h <= lowInches:
			return render.LookGrass
		}
		return render.LookWoods
	}
	switch {
	case h <= lowInches:
		return render.LookBarricade
	case thin:
		return render.LookWall
	}
	switch t.Move.Trooper {
	case table.Impassable:
		return render.LookBuilding
	case table.Difficult:
		return render.LookRuin
	}
	return render.LookHill
}

// thickness is 2·area / perimeter of the piece's footprint (its radius for a circle), in the
// table's units; 0 for a footprint without area.
func thickness(t *table.Terrain) float64 {
	if t.Circle != nil {
		return t.Circle.R
	}
	n := len(t.Polygon)
	var a2, per float64
	for i := 0; i < n; i++ {
		p, q := t.Polygon[i], t.Polygon[(i+1)%n]
		a2 += p[0]*q[1] - q[0]*p[1]
		per += math.Hypot(q[0]-p[0], q[1]-p[1])
	}
	if per == 0 {
		return 0
	}
	return math.Abs(a2) / per
}

// LookState is one look on the table for the page's legend: its word (legend.<look> is its
// text) and its swatch's colours as CSS.
type LookState struct {
	Look string `json:"look"`
	Fill string `json:"fill"`
	Edge string `json:"edge"`
}

// lookStates are the looks of the pieces on the table, each once, in render.Looks' order.
func lookStates(f *table.File) []LookState {
	var seen [32]bool
	for i := range f.Terrain {
		if l := terrainLook(&f.Terrain[i], f.Units); l >= 0 && int(l) < len(seen) {
			seen[l] = true
		}
	}
	var out []LookState
	for _, l := range render.Looks() {
		if int(l) < len(seen) && seen[l] {
			fill, edge := render.LookColors(l)
			out = append(out, LookState{l.String(), cssColor(fill), cssColor(edge)})
		}
	}
	return out
}

// cssColor is a premultiplied colour as CSS rgba().
func cssColor(c color.RGBA) string {
	if c.A == 0 {
		return "rgba(0,0,0,0)"
	}
	un := func(v uint8) int { return min(255, int(math.Round(float64(v)*255/float64(c.A)))) }
	return fmt.Sprintf("rgba(%d,%d,%d,%.2f)", un(c.R), un(c.G), un(c.B), float64(c.A)/255)
}

func init() {
	RegisterStrings(map[string][2]string{
		"legend.building":  {"building: solid, impassable", "Gebäude: massiv, unpassierbar"},
		"legend.ruin":      {"ruin: solid, difficult", "Ruine: massiv, schwieriges Gelände"},
		"legend.wall":      {"wall: solid, thin", "Mauer: massiv, schmal"},
		"legend.barricade": {"barricade, low wall: solid, low", "Barrikade, niedrige Mauer: massiv, niedrig"},
		"legend.hill":      {"hill: solid, open", "Hügel: massiv, offenes Gelände"},
		"legend.woods":     {"woods: area, never blocks sight", "Wald: Fläche, versperrt nie die Sicht"},
		"legend.grass":     {"tall grass: area, low", "hohes Gras: Fläche, niedrig"},
		"legend.water":     {"water: area, flat, no cover", "Gewässer: Fläche, flach, keine Deckung"},
		"legend.fence":     {"fence: area, thin", "Zaun: Fläche, schmal"},
		"legend.crater":    {"crater: depression", "Krater: Senke"},
		"legend.trench":    {"trench: depression", "Graben: Senke"},
		"legend.shade":     {"lighter: taller", "heller: höher"},
		"legend.notches":   {"notched base: notches, front arc lighter", "gekerbte Basis: Kerben, vorderer Feuerwinkel heller"},
		"legend.hide":      {"hide the legend", "Legende ausblenden"},
		"legend.show":      {"show the terrain legend", "Geländelegende zeigen"},
	})
}
