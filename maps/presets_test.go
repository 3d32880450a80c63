package maps

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"holotable/table"
)

// The rulebook's terrain tables, restated row by row from seed 000 (L1501–1523, L1642–1697):
// German name, cover, movement for troopers, ground vehicles and repulsor vehicles.
var rulebookRows = []struct {
	preset, de                string
	cover                     table.Cover
	trooper, ground, repulsor table.Passage
}{
	{"shallow-water", "Flaches Gewässer", table.CoverNone, table.Difficult, table.Difficult, table.Open},
	{"deep-water", "Tiefes Gewässer", table.CoverNone, table.Impassable, table.Impassable, table.Open},
	{"tall-grass", "Hohes Gras", table.CoverLight, table.Open, table.Open, table.Open},
	{"woods-light", "Lichter Wald/Dschungel", table.CoverLight, table.Open, table.Open, table.Open},
	{"ruins", "Ruinen", table.CoverHeavy, table.Difficult, table.Difficult, table.Difficult},
	{"woods-dense", "Dichter Wald/Dschungel", table.CoverHeavy, table.Difficult, table.Difficult, table.Impassable},
	{"fence", "Zaun", table.CoverNone, table.Difficult, table.Open, table.Open},
	{"sandbags", "Sandsäcke", table.CoverLight, table.Difficult, table.Open, table.Open},
	{"hedge-low", "Niedrige Hecke", table.CoverLight, table.Difficult, table.Open, table.Open},
	{"earth-wall-low", "Niedriger Lehmwall", table.CoverLight, table.Difficult, table.Open, table.Open},
	{"stone-wall-low", "Niedrige Steinmauer", table.CoverHeavy, table.Difficult, table.Open, table.Open},
	{"barricade", "Barrikaden", table.CoverHeavy, table.Difficult, table.Open, table.Open},
	{"crater", "Bombenkrater", table.CoverLight, table.Difficult, table.Open, table.Open},
	{"trench", "Schützengraben", table.CoverHeavy, table.Difficult, table.Open, table.Open},
	{"pit", "Grube", table.CoverHeavy, table.Difficult, table.Difficult, table.Open},
	{"hill", "Hügel/Düne", table.CoverLight, table.Open, table.Open, table.Open},
	{"hedge-tall", "Hohe Hecke", table.CoverLight, table.Difficult, table.Impassable, table.Impassable},
	{"earth-wall-tall", "Hoher Lehmwall", table.CoverLight, table.Impassable, table.Impassable, table.Impassable},
	{"stone-wall-tall", "Hohe Steinmauer", table.CoverHeavy, table.Impassable, table.Impassable, table.Impassable},
	{"building", "Gebäude", table.CoverHeavy, table.Impassable, table.Impassable, table.Impassable},
}

func TestTerrainPresetsFollowTheRulebookTables(t *testing.T) {
	if len(TerrainPresets) != len(rulebookRows) {
		t.Errorf("%d terrain presets, the rulebook tables have %d rows", len(TerrainPresets), len(rulebookRows))
	}
	for _, row := range rulebookRows {
		p, ok := TerrainPresetNamed(row.preset)
		if !ok {
			t.Errorf("no preset for %s (%s)", row.de, row.preset)
			continue
		}
		if p.Cover.Trooper != row.cover {
			t.Errorf("%s: trooper cover %s, the table says %s", p.Name, p.Cover.Trooper, row.cover)
		}
		if want := (table.MoveByClass{Trooper: row.trooper, Ground: row.ground, Repulsor: row.repulsor}); p.Move != want {
			t.Errorf("%s: move %+v, the table says %+v", p.Name, p.Move, want)
		}
		// The German label is the table's name (up to "/alternatives" and capitalisation).
		if de := strings.ToLower(strings.SplitN(row.de, "/", 2)[0]); !strings.HasPrefix(strings.ToLower(p.Label[1]), strings.Fields(de)[0]) {
			t.Errorf("%s: German label %q, the table says %q", p.Name, p.Label[1], row.de)
		}
		if p.Cite == "" {
			t.Errorf("%s: no citation", p.Name)
		}
	}
}

// Cover by defender class: barricades (and the other low obstacles) cover troopers only
// (RRG 2.0 Barrikaden L3201–3234), depressions cover troopers only (L1610–1631), every other row
// covers every class alike.
func TestTerrainPresetCoverByClass(t *testing.T) {
	trooperOnly := map[string]bool{"sandbags": true, "hedge-low": true, "earth-wall-low": true, "stone-wall-low": true,
		"barricade": true, "crater": true, "trench": true, "pit": true}
	for _, p := range TerrainPresets {
		want := table.CoverByClass{Trooper: p.Cover.Trooper, Creature: p.Cover.Trooper, Vehicle: p.Cover.Trooper}
		if trooperOnly[p.Name] {
			want.Creature, want.Vehicle = table.CoverNone, table.CoverNone
		}
		if p.Cover != want {
			t.Errorf("%s: cover %+v, want %+v", p.Name, p.Cover, want)
		}
	}
	if b, _ := TerrainPresetNamed("barricade"); b.Cover != (table.CoverByClass{Trooper: table.CoverHeavy, Creature: table.CoverNone, Vehicle: table.CoverNone}) {
		t.Errorf("barricade cover %+v", b.Cover)
	}
}

// Kinds: depressions are the crater, trench and pit (height 0); area terrain is what does not
// block sight (woods, grass, water, the see-through fence); the rest is solid.
func TestTerrainPresetKinds(t *testing.T) {
	want := map[string]table.TerrainKind{"crater": table.Depression, "trench": table.Depression, "pit": table.Depression,
		"woods-light": table.Area, "woods-dense": table.Area, "tall-grass": table.Area, "shallow-water": table.Area,
		"deep-water": table.Area, "fence": table.Area}
	for _, p := range TerrainPresets {
		k := want[p.Name] // table.Solid when not listed
		if p.Kind != k {
			t.Errorf("%s: kind %s, want %s", p.Name, p.Kind, k)
		}
		if (p.Kind == table.Depression) != (p.Height == 0) {
			t.Errorf("%s: kind %s with height %g", p.Name, p.Kind, p.Height)
		}
	}
}

// pieceJSON is the preset as a table-file piece centred on (x, y).
func pieceJSON(p TerrainPreset, id string, x, y float64) map[string]any {
	m := map[string]any{"id": id, "kind": p.Kind, "height": p.Height,
		"cover": p.Cover, "move": p.Move} // their words by MarshalText
	switch p.Shape {
	case "circle":
		m["circle"] = map[string]float64{"x": x, "y": y, "r": p.R}
	case "rect":
		m["polygon"] = [][2]float64{{x - p.W/2, y - p.D/2}, {x + p.W/2, y - p.D/2}, {x + p.W/2, y + p.D/2}, {x - p.W/2, y + p.D/2}}
	default:
		var pts [][2]float64
		for _, q := range p.Points {
			pts = append(pts, [2]float64{x + q[0], y + q[1]})
		}
		m["polygon"] = pts
	}
	return m
}

// Every preset makes a piece the table loader accepts, that fits in 12" and keeps its values.
func TestTerrainPresetsLoad(t *testing.T) {
	var pieces []any
	seen := map[string]bool{}
	for i, p := range TerrainPresets {
		if seen[p.Name] {
			t.Errorf("preset name %s twice", p.Name)
		}
		seen[p.Name] = true
		switch p.Shape {
		case "rect":
			if !(p.W > 0 && p.D > 0 && p.W <= 12 && p.D <= 12) {
				t.Errorf("%s: rect %g × %g", p.Name, p.W, p.D)
			}
		case "circle":
			if !(p.R > 0 && p.R <= 6) {
				t.Errorf("%s: radius %g", p.Name, p.R)
			}
		case "polygon":
			for _, q := range p.Points {
				if q[0] < -6 || q[0] > 6 || q[1] < -6 || q[1] > 6 {
					t.Errorf("%s: vertex %v beyond 6 of the centre", p.Name, q)
				}
			}
		default:
			t.Errorf("%s: unknown shape %q", p.Name, p.Shape)
		}
		pieces = append(pieces, pieceJSON(p, p.Name, float64(8+(i%5)*14), float64(7+(i/5)*14)))
	}
	data, _ := json.Marshal(map[string]any{"format": "holotable/1", "battlefield": map[string]float64{"width": 72, "depth": 60},
		"terrain": pieces})
	f, err := table.Load(data)
	if err != nil {
		t.Fatalf("presets do not load: %v", err)
	}
	for i, p := range TerrainPresets {
		got := f.Terrain[i]
		if got.Kind != p.Kind || got.Height != p.Height || got.Cover != p.Cover || got.Move != p.Move {
			t.Errorf("%s loads as %+v", p.Name, got)
		}
		if got.Standable != (p.Kind == table.Solid) {
			t.Errorf("%s: standable %v", p.Name, got.Standable)
		}
	}
}

func TestUnitPresets(t *testing.T) {
	prof := table.DefaultProfile("in")
	// Base sizes by type (digest §4.1, §13): troopers small 27 mm, creatures and emplacements
	// medium 50 mm, ground vehicles large 70 mm or huge 100 mm, repulsors large.
	wantBase := map[table.UnitType][]string{table.Trooper: {"small"}, table.Creature: {"medium"}, table.Emplacement: {"medium"},
		table.Ground: {"large", "huge"}, table.Repulsor: {"large"}}
	var units []any
	for i, p := range UnitPresets {
		if !slices.Contains(wantBase[p.Type], p.Base) {
			t.Errorf("%s: %s on a %s base", p.Name, p.Type, p.Base)
		}
		if _, ok := prof.Bases[p.Base]; !ok {
			t.Errorf("%s: base %q not in the default profile", p.Name, p.Base)
		}
		if (p.Type == table.Ground) != (p.CoverGiven != table.CoverNone) {
			t.Errorf("%s: %s with coverGiven %s", p.Name, p.Type, p.CoverGiven)
		}
		if !(p.MinN >= 1 && p.MinN <= p.N && p.N <= p.MaxN) || p.Speed < 1 || p.Speed > 3 {
			t.Errorf("%s: n %d in [%d, %d], speed %d", p.Name, p.N, p.MinN, p.MaxN, p.Speed)
		}
		var minis []any
		for k := 0; k < p.N; k++ {
			minis = append(minis, map[string]any{"id": fmt.Sprintf("%s-%d", p.Name, k+1), "leader": k == 0,
				"x": 4 + float64(i)*7, "y": 4 + float64(k)*3.5, "base": p.Base, "height": p.Height, "hover": p.Hover})
		}
		u := map[string]any{"id": p.Name, "type": p.Type, "speed": p.Speed, "minis": minis}
		if p.CoverGiven != table.CoverNone {
			u["coverGiven"] = p.CoverGiven
		}
		units = append(units, u)
	}
	data, _ := json.Marshal(map[string]any{"format": "holotable/1", "battlefield": map[string]float64{"width": 72, "depth": 36},
		"units_on_table": units})
	if _, err := table.Load(data); err != nil {
		t.Fatalf("unit presets do not load: %v", err)
	}
	tr, _ := UnitPresetNamed("trooper")
	if tr.Height != 1.65 || tr.MinN != 4 || tr.MaxN != 8 || prof.Bases[tr.Base] != 1.063 {
		t.Errorf("trooper preset %+v", tr)
	}
	for name, cover := range map[string]table.Cover{"walker-large": table.CoverLight, "walker-huge": table.CoverLight, "tank-large": table.CoverHeavy, "tank-huge": table.CoverHeavy} {
		if p, _ := UnitPresetNamed(name); p.CoverGiven != cover {
			t.Errorf("%s gives %s cover, want %s", name, p.CoverGiven, cover)
		}
	}
	if r, _ := UnitPresetNamed("repulsor"); !(r.Hover > 0 && r.Hover < r.Height) {
		t.Errorf("repulsor hover %g height %g", r.Hover, r.Height)
	}
}
