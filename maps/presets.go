package maps

import "holotable/table"

// Presets: the templates the layout tools place. Terrain presets are the rows of the rulebook's
// terrain tables (RRG 2.0 L1501–1523, L1642–1697; digest rules-legion.md §11.3) with the cover and
// movement class each row gives, a kind (how the engine treats the piece's volume) and a default
// height, shape and size. Unit presets are the Legion unit types on their bases (digest §4.1, §13).
// Lengths are in inches; a tool placing a preset on a table in millimetres multiplies them by
// table.MillimetresPerInch. Players declare terrain before the game (RRG 2.0 Gelände festlegen
// L1461–1474: the tables are guidelines), so every value here is only a starting point the
// terrain tool lets them change.

// TerrainPreset is one kind of terrain piece.
type TerrainPreset struct {
	Name   string    // id stem and command name: "building", "ruins", …
	Label  [2]string // English, German
	Kind   table.TerrainKind
	Height float64 // top above the table, inches (1 height = 6")
	Cover  table.CoverByClass
	Move   table.MoveByClass
	// Shape is the default footprint: "rect" (W × D), "circle" (radius R) or "polygon" (Points,
	// relative to the piece's centre, counter-clockwise).
	Shape  string
	W, D   float64
	R      float64
	Points [][2]float64
	// Cite is where the row's cover and movement come from; Note says what was decided beyond it.
	Cite string
	Note string
}

// Rulebook rows (seed 000 lines).
const (
	citeTable1 = "RRG 2.0 Gelände, Tabelle L1501–1523"
	citeTable2 = "RRG 2.0 Barrikaden, Tabelle L1642–1663"
	citeTable3 = "RRG 2.0 Gruben und Gräben, Tabelle L1665–1678"
	citeTable4 = "RRG 2.0 Gelände, Tabelle L1680–1697"
)

// Notes on the choices the rulebook leaves open.
const (
	noteLow = "low obstacle: cover for troopers only; it hides no half of a creature or vehicle " +
		"(RRG 2.0 Barrikaden L3201–3234, Gelände festlegen L1461–1466)"
	noteDepression = "depression: cover for a trooper wholly inside it, none for creatures and vehicles " +
		"(RRG 2.0 Gruben und Gräben L1610–1631)"
	noteSeeThrough = "see-through: area kind, so it never blocks line of sight"
	noteWater      = "water: flat area terrain that gives no cover"
)

func uniform(c table.Cover) table.CoverByClass {
	return table.CoverByClass{Trooper: c, Creature: c, Vehicle: c}
}
func trooperOnly(c table.Cover) table.CoverByClass {
	return table.CoverByClass{Trooper: c, Creature: table.CoverNone, Vehicle: table.CoverNone}
}
func move(tr, gr, rp table.Passage) table.MoveByClass {
	return table.MoveByClass{Trooper: tr, Ground: gr, Repulsor: rp}
}

// Default footprints.
var (
	// ruinL is an L of 6 × 6 with 2.5-wide arms, centred on its bounding box.
	ruinL = [][2]float64{{-3, -3}, {3, -3}, {3, -0.5}, {-0.5, -0.5}, {-0.5, 3}, {-3, 3}}
	// blob is a rounded hexagon about 10 × 8 (woods, hills).
	blob = [][2]float64{{-5, -1.5}, {-2, -4}, {3, -3.5}, {5, 0}, {2.5, 4}, {-3, 3.5}}
	// smallBlob is about 6 × 4 (tall grass, shallow water).
	smallBlob = [][2]float64{{-3, -1}, {-1, -2}, {2, -1.8}, {3, 0.5}, {1, 2}, {-2.2, 1.8}}
)

// TerrainPresets lists every terrain preset, in the order of the rulebook's tables.
var TerrainPresets = []TerrainPreset{
	// Table 1 (L1501–1523).
	{Name: "shallow-water", Label: [2]string{"shallow water", "flaches Gewässer"}, Kind: table.Area, Height: 0.25,
		Cover: uniform(table.CoverNone), Move: move(table.Difficult, table.Difficult, table.Open), Shape: "polygon", Points: smallBlob,
		Cite: citeTable1, Note: noteWater},
	{Name: "deep-water", Label: [2]string{"deep water", "tiefes Gewässer"}, Kind: table.Area, Height: 0.25,
		Cover: uniform(table.CoverNone), Move: move(table.Impassable, table.Impassable, table.Open), Shape: "polygon", Points: blob,
		Cite: citeTable1, Note: noteWater},
	{Name: "tall-grass", Label: [2]string{"tall grass", "hohes Gras"}, Kind: table.Area, Height: 1,
		Cover: uniform(table.CoverLight), Move: move(table.Open, table.Open, table.Open), Shape: "polygon", Points: smallBlob,
		Cite: citeTable1},
	{Name: "woods-light", Label: [2]string{"light woods", "lichter Wald"}, Kind: table.Area, Height: 3,
		Cover: uniform(table.CoverLight), Move: move(table.Open, table.Open, table.Open), Shape: "polygon", Points: blob,
		Cite: citeTable1},
	{Name: "ruins", Label: [2]string{"ruins", "Ruinen"}, Kind: table.Solid, Height: 2.5,
		Cover: uniform(table.CoverHeavy), Move: move(table.Difficult, table.Difficult, table.Difficult), Shape: "polygon", Points: ruinL,
		Cite: citeTable1},
	{Name: "woods-dense", Label: [2]string{"dense woods", "dichter Wald"}, Kind: table.Area, Height: 3.5,
		Cover: uniform(table.CoverHeavy), Move: move(table.Difficult, table.Difficult, table.Impassable), Shape: "polygon", Points: blob,
		Cite: citeTable1},
	// Table 2, linear obstacles (L1642–1663).
	{Name: "fence", Label: [2]string{"fence", "Zaun"}, Kind: table.Area, Height: 1,
		Cover: uniform(table.CoverNone), Move: move(table.Difficult, table.Open, table.Open), Shape: "rect", W: 5, D: 0.3,
		Cite: citeTable2, Note: noteSeeThrough},
	{Name: "sandbags", Label: [2]string{"sandbags", "Sandsäcke"}, Kind: table.Solid, Height: 0.9,
		Cover: trooperOnly(table.CoverLight), Move: move(table.Difficult, table.Open, table.Open), Shape: "rect", W: 4, D: 0.8,
		Cite: citeTable2, Note: noteLow},
	{Name: "hedge-low", Label: [2]string{"low hedge", "niedrige Hecke"}, Kind: table.Solid, Height: 1,
		Cover: trooperOnly(table.CoverLight), Move: move(table.Difficult, table.Open, table.Open), Shape: "rect", W: 6, D: 0.8,
		Cite: citeTable2, Note: noteLow},
	{Name: "earth-wall-low", Label: [2]string{"low earthen wall", "niedriger Lehmwall"}, Kind: table.Solid, Height: 1,
		Cover: trooperOnly(table.CoverLight), Move: move(table.Difficult, table.Open, table.Open), Shape: "rect", W: 6, D: 1,
		Cite: citeTable2, Note: noteLow},
	{Name: "stone-wall-low", Label: [2]string{"low stone wall", "niedrige Steinmauer"}, Kind: table.Solid, Height: 1,
		Cover: trooperOnly(table.CoverHeavy), Move: move(table.Difficult, table.Open, table.Open), Shape: "rect", W: 6, D: 0.6,
		Cite: citeTable2, Note: noteLow},
	{Name: "barricade", Label: [2]string{"barricades", "Barrikaden"}, Kind: table.Solid, Height: 1,
		Cover: trooperOnly(table.CoverHeavy), Move: move(table.Difficult, table.Open, table.Open), Shape: "rect", W: 5, D: 0.8,
		Cite: citeTable2 + ", Barrikaden L3201–3234 (heavy for troopers, none for creatures; vehicles normally none)"},
	// Table 3, depressions (L1665–1678).
	{Name: "crater", Label: [2]string{"bomb crater", "Bombenkrater"}, Kind: table.Depression, Height: 0,
		Cover: trooperOnly(table.CoverLight), Move: move(table.Difficult, table.Open, table.Open), Shape: "circle", R: 3,
		Cite: citeTable3, Note: noteDepression},
	{Name: "trench", Label: [2]string{"trench", "Schützengraben"}, Kind: table.Depression, Height: 0,
		Cover: trooperOnly(table.CoverHeavy), Move: move(table.Difficult, table.Open, table.Open), Shape: "rect", W: 10, D: 1.5,
		Cite: citeTable3, Note: noteDepression},
	{Name: "pit", Label: [2]string{"pit", "Grube"}, Kind: table.Depression, Height: 0,
		Cover: trooperOnly(table.CoverHeavy), Move: move(table.Difficult, table.Difficult, table.Open), Shape: "circle", R: 2.5,
		Cite: citeTable3, Note: noteDepression},
	// Table 4 (L1680–1697).
	{Name: "hill", Label: [2]string{"hill", "Hügel"}, Kind: table.Solid, Height: 1.5,
		Cover: uniform(table.CoverLight), Move: move(table.Open, table.Open, table.Open), Shape: "polygon", Points: blob,
		Cite: citeTable4, Note: "standable: minis may stand on it"},
	{Name: "hedge-tall", Label: [2]string{"tall hedge", "hohe Hecke"}, Kind: table.Solid, Height: 3,
		Cover: uniform(table.CoverLight), Move: move(table.Difficult, table.Impassable, table.Impassable), Shape: "rect", W: 6, D: 1,
		Cite: citeTable4},
	{Name: "earth-wall-tall", Label: [2]string{"tall earthen wall", "hoher Lehmwall"}, Kind: table.Solid, Height: 3,
		Cover: uniform(table.CoverLight), Move: move(table.Impassable, table.Impassable, table.Impassable), Shape: "rect", W: 6, D: 1.2,
		Cite: citeTable4},
	{Name: "stone-wall-tall", Label: [2]string{"tall stone wall", "hohe Steinmauer"}, Kind: table.Solid, Height: 3,
		Cover: uniform(table.CoverHeavy), Move: move(table.Impassable, table.Impassable, table.Impassable), Shape: "rect", W: 6, D: 0.8,
		Cite: citeTable4},
	{Name: "building", Label: [2]string{"building", "Gebäude"}, Kind: table.Solid, Height: 5.5,
		Cover: uniform(table.CoverHeavy), Move: move(table.Impassable, table.Impassable, table.Impassable), Shape: "rect", W: 8, D: 8,
		Cite: citeTable4},
}

// TerrainPresetNamed returns the terrain preset with the given name.
func TerrainPresetNamed(name string) (TerrainPreset, bool) {
	for _, p := range TerrainPresets {
		if p.Name == name {
			return p, true
		}
	}
	return TerrainPreset{}, false
}

// UnitPreset is one kind of unit: its type, base, mini height and usual number of minis.
type UnitPreset struct {
	Name       string    // id stem and command name: "trooper", "walker-huge", …
	Label      [2]string // English, German
	Type       table.UnitType
	Base       string  // profile base name: small 27 mm, medium 50 mm, large 70 mm, huge 100 mm
	Height     float64 // mini height above its base bottom, inches
	Hover      float64 // repulsors: body above the base bottom, inches
	Speed      int
	CoverGiven table.Cover // ground vehicles: light (legged) or heavy (tracked, wheeled)
	N          int         // default number of minis
	MinN, MaxN int
}

// UnitPresets lists every unit preset. Bases: RRG 2.0 Truppler L10961–11016 (small round),
// Kreaturentruppler L8003–8063 and Stellungstruppler L10474–10517 (medium notched and up),
// Fahrzeuge L5763–5843; sizes from the digest §13. coverGiven: RRG 2.0 Weitere Geländeregeln
// L1600–1608 (a vehicle gives the cover it is declared to give).
var UnitPresets = []UnitPreset{
	{Name: "trooper", Label: [2]string{"trooper unit", "Trupplereinheit"}, Type: table.Trooper, Base: "small",
		Height: 1.65, Speed: 2, N: 4, MinN: 4, MaxN: 8},
	{Name: "hero", Label: [2]string{"commander / operative", "Kommandant / Agent"}, Type: table.Trooper, Base: "small",
		Height: 1.65, Speed: 2, N: 1, MinN: 1, MaxN: 1},
	{Name: "creature", Label: [2]string{"creature trooper", "Kreaturentruppler"}, Type: table.Creature, Base: "medium",
		Height: 2.4, Speed: 2, N: 1, MinN: 1, MaxN: 4},
	{Name: "emplacement", Label: [2]string{"emplacement trooper", "Stellungstruppler"}, Type: table.Emplacement, Base: "medium",
		Height: 1.5, Speed: 1, N: 1, MinN: 1, MaxN: 3},
	{Name: "walker-large", Label: [2]string{"legged vehicle, large", "Läufer, groß"}, Type: table.Ground, Base: "large",
		Height: 3.5, Speed: 2, CoverGiven: table.CoverLight, N: 1, MinN: 1, MaxN: 3},
	{Name: "walker-huge", Label: [2]string{"legged vehicle, huge", "Läufer, riesig"}, Type: table.Ground, Base: "huge",
		Height: 6, Speed: 2, CoverGiven: table.CoverLight, N: 1, MinN: 1, MaxN: 1},
	{Name: "tank-large", Label: [2]string{"tracked or wheeled vehicle, large", "Ketten- oder Radfahrzeug, groß"}, Type: table.Ground, Base: "large",
		Height: 2, Speed: 2, CoverGiven: table.CoverHeavy, N: 1, MinN: 1, MaxN: 2},
	{Name: "tank-huge", Label: [2]string{"tracked or wheeled vehicle, huge", "Ketten- oder Radfahrzeug, riesig"}, Type: table.Ground, Base: "huge",
		Height: 3, Speed: 2, CoverGiven: table.CoverHeavy, N: 1, MinN: 1, MaxN: 1},
	{Name: "repulsor", Label: [2]string{"repulsor vehicle", "Repulsorfahrzeug"}, Type: table.Repulsor, Base: "large",
		Height: 2.5, Hover: 0.2, Speed: 3, N: 1, MinN: 1, MaxN: 3},
}

// UnitPresetNamed returns the unit preset with the given name.
func UnitPresetNamed(name string) (UnitPreset, bool) {
	for _, p := range UnitPresets {
		if p.Name == name {
			return p, true
		}
	}
	return UnitPreset{}, false
}
