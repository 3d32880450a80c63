package scenes

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/render"
	"holotable/table"
)

// TestTerrainLookBuiltIn: every piece of the built-in tables is drawn as what its id says it is
// (the ids are the tables' authors' words; the look is derived from kind, height, cover, movement
// and footprint only).
func TestTerrainLookBuiltIn(t *testing.T) {
	want := map[string]render.Look{
		"bldg": render.LookBuilding, "ruin": render.LookRuin, "woods": render.LookWoods,
		"barricade": render.LookBarricade, "crater": render.LookCrater,
		"bunker": render.LookBuilding, "container": render.LookBuilding, "crates": render.LookBuilding,
		"wall":  render.LookBarricade, // the skirmish table's walls are 1" high: low walls
		"grass": render.LookWoods,     // 2" high grass is drawn as woods (above lowInches)
	}
	for name, data := range map[string][]byte{"default": maps.Default(), "skirmish": maps.Skirmish()} {
		f, err := table.Load(data)
		if err != nil {
			t.Fatal(err)
		}
		for i := range f.Terrain {
			p := &f.Terrain[i]
			stem := p.ID[:strings.LastIndex(p.ID, "-")]
			w, ok := want[stem]
			if !ok {
				t.Errorf("%s %s: no expected look", name, p.ID)
				continue
			}
			if got := terrainLook(p, f.Units); got != w {
				t.Errorf("%s %s: look %v, want %v", name, p.ID, got, w)
			}
		}
	}
}

// TestTerrainLookPresets: each of the terrain tool's presets, placed at its default size, gets the
// look of its rulebook row.
func TestTerrainLookPresets(t *testing.T) {
	want := map[string]render.Look{
		"shallow-water": render.LookWater, "deep-water": render.LookWater, "tall-grass": render.LookGrass,
		"woods-light": render.LookWoods, "ruins": render.LookRuin, "woods-dense": render.LookWoods,
		"fence": render.LookFence, "sandbags": render.LookBarricade, "hedge-low": render.LookBarricade,
		"earth-wall-low": render.LookBarricade, "stone-wall-low": render.LookBarricade,
		"barricade": render.LookBarricade, "crater": render.LookCrater, "trench": render.LookTrench,
		"pit": render.LookCrater, "hill": render.LookHill, "hedge-tall": render.LookWall,
		"earth-wall-tall": render.LookWall, "stone-wall-tall": render.LookWall, "building": render.LookBuilding,
	}
	for _, p := range maps.TerrainPresets {
		piece := table.Terrain{ID: p.Name, Height: p.Height, Kind: p.Kind, Cover: p.Cover, Move: p.Move}
		switch p.Shape {
		case "rect":
			piece.Polygon = [][2]float64{{0, 0}, {p.W, 0}, {p.W, p.D}, {0, p.D}}
		case "circle":
			piece.Circle = &table.Circle{X: 10, Y: 10, R: p.R}
		default:
			piece.Polygon = p.Points
		}
		w, ok := want[p.Name]
		if !ok {
			t.Errorf("preset %s: no expected look", p.Name)
			continue
		}
		if got := terrainLook(&piece, "in"); got != w {
			t.Errorf("preset %s: look %v, want %v", p.Name, got, w)
		}
		// The same piece on a millimetre table has the same look.
		mm := piece
		mm.Height *= 25.4
		mm.Polygon = nil
		for _, q := range piece.Polygon {
			mm.Polygon = append(mm.Polygon, [2]float64{q[0] * 25.4, q[1] * 25.4})
		}
		if piece.Circle != nil {
			mm.Circle = &table.Circle{X: 254, Y: 254, R: piece.Circle.R * 25.4}
		}
		if got := terrainLook(&mm, "mm"); got != w {
			t.Errorf("preset %s in mm: look %v, want %v", p.Name, got, w)
		}
	}
}

// TestThickness: 2·area/perimeter, by hand.
func TestThickness(t *testing.T) {
	for _, c := range []struct {
		name string
		p    table.Terrain
		want float64
	}{
		{"5 × 0.8 barricade", table.Terrain{Polygon: [][2]float64{{0, 0}, {5, 0}, {5, 0.8}, {0, 0.8}}}, 8.0 / 11.6},
		{"square of 4, clockwise", table.Terrain{Polygon: [][2]float64{{0, 0}, {0, 4}, {4, 4}, {4, 0}}}, 2},
		{"circle r 3", table.Terrain{Circle: &table.Circle{R: 3}}, 3},
		{"no area", table.Terrain{Polygon: [][2]float64{{0, 0}, {0, 0}, {0, 0}}}, 0},
	} {
		if got := thickness(&c.p); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestTableLooks: the legend lists the default table's looks once each, in render's order.
func TestTableLooks(t *testing.T) {
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range lookStates(f) {
		names = append(names, l.Look)
	}
	got := strings.Join(names, ",")
	if want := "building,ruin,barricade,woods,crater"; got != want {
		t.Errorf("tableLooks = %s, want %s", got, want)
	}
	for _, l := range render.Looks() {
		for _, lang := range []int{0, 1} {
			if s := strings_["legend."+l.String()][lang]; s == "" {
				t.Errorf("legend.%s: no text in language %d", l, lang)
			}
		}
	}
}

func TestCSSColor(t *testing.T) {
	for _, c := range []struct {
		in   color.RGBA
		want string
	}{
		{color.RGBA{0x76, 0x80, 0x8c, 0xff}, "rgba(118,128,140,1.00)"},
		{render.Premul(0x2c, 0x6c, 0xb0, 0xb0), "rgba(43,109,175,0.69)"}, // premultiplied to (30, 75, 121) and back: 30·255/176 = 43.47 → 43,
		{color.RGBA{}, "rgba(0,0,0,0)"},
	} {
		if got := cssColor(c.in); got != c.want {
			t.Errorf("cssColor(%v) = %s, want %s", c.in, got, c.want)
		}
	}
}
