// Package table holds the holotable/1 table file: the layout of a battlefield (terrain, units,
// tokens) and, for the judge, the questions put to it. It parses, validates and saves the format
// defined in shared/spec/scenario-v1.md. It knows no rules and no drawing.
package table

// Format is the only format string a v1 file may carry.
const Format = "holotable/1"

// File is one table file. Lengths are in the file's own Units ("in" or "mm"); Load fills every
// default, so after a successful Load every field is set.
type File struct {
	Format       string      `json:"format"`
	Ruleset      string      `json:"ruleset"` // "legion" or "specops"
	Units        string      `json:"units"`   // "in" or "mm"
	Battlefield  Battlefield `json:"battlefield"`
	Profile      Profile     `json:"profile"`
	Terrain      []Terrain   `json:"terrain"`
	UnitsOnTable []Unit      `json:"units_on_table"`
	Tokens       []Token     `json:"tokens"`
	Queries      []Query     `json:"queries,omitempty"`
	// Extra holds top-level fields this version does not know (for example "note"), kept so that a
	// save after a load loses nothing.
	Extra map[string]any `json:"-"`
}

// Battlefield is the table rectangle [0, Width] × [0, Depth].
type Battlefield struct {
	Width float64 `json:"width"`
	Depth float64 `json:"depth"`
}

// Profile is the component profile: the physical lengths the rules are measured with.
type Profile struct {
	RangeSegment     float64            `json:"rangeSegment"`
	MoveTools        [3]float64         `json:"moveTools"`
	MaxBend          float64            `json:"maxBend"`
	Bases            map[string]float64 `json:"bases"`
	BaseThickness    float64            `json:"baseThickness"`
	ContactTolerance float64            `json:"contactTolerance"`
	Epsilon          float64            `json:"epsilon"`
}

// Terrain is one terrain piece: a polygon or circle footprint extruded from Base to Height.
type Terrain struct {
	ID        string       `json:"id"`
	Polygon   [][2]float64 `json:"polygon,omitempty"`
	Circle    *Circle      `json:"circle,omitempty"`
	Height    float64      `json:"height"`
	Base      float64      `json:"base"`
	Kind      string       `json:"kind"` // "solid", "area", "depression"
	Cover     CoverByClass `json:"cover"`
	Move      MoveByClass  `json:"move"`
	Standable bool         `json:"standable"`
}

// Circle is a circular footprint.
type Circle struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	R float64 `json:"r"`
}

// CoverByClass is the cover a piece gives each defender class: "none", "light" or "heavy".
// In a file it is either one string for every class or an object by class (a missing class means none).
type CoverByClass struct {
	Trooper  string `json:"trooper"`
	Creature string `json:"creature"`
	Vehicle  string `json:"vehicle"`
}

// MoveByClass is the movement class of a piece for each mover class: "open", "difficult" or
// "impassable" (default open).
type MoveByClass struct {
	Trooper  string `json:"trooper"`
	Ground   string `json:"ground"`
	Repulsor string `json:"repulsor"`
}

// Unit is one unit on the table.
type Unit struct {
	ID         string `json:"id"`
	Side       string `json:"side"`
	Type       string `json:"type"` // trooper, creature, emplacement, ground, repulsor
	Speed      int    `json:"speed"`
	CoverGiven string `json:"coverGiven,omitempty"` // ground only: light or heavy (default heavy)
	Minis      []Mini `json:"minis"`
}

// Mini is one miniature: its base centre, base diameter (BaseName keeps the profile name it was
// given by, if any), height above its base bottom, and elevation.
type Mini struct {
	ID       string  `json:"id"`
	Leader   bool    `json:"leader,omitempty"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	BaseName string  `json:"-"`
	Base     float64 `json:"-"` // diameter
	Height   float64 `json:"height"`
	Z        float64 `json:"z"`
	Facing   float64 `json:"facing"`
	Hover    float64 `json:"hover"`
}

// Token is a disc on the table (objective, condition, …).
type Token struct {
	ID   string  `json:"id"`
	Kind string  `json:"kind"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	R    float64 `json:"r"`
}

// Query is one question to the judge. Kind selects which fields matter; Raw keeps the whole
// object so that unknown fields survive a save.
type Query struct {
	ID   string
	Kind string
	// distance, contact
	A, B string
	// range, within
	From, To string
	Attack   bool
	Band     int
	// los uses From, To (mini ids)
	// cover
	Attacker, Defender string
	Suppressed         bool
	CoverX             int
	Sharpshooter       int
	Blast              bool
	// move
	Mini                    string
	MoveSpeed               int
	Heading, Bend, Fraction float64
	// cohesion
	Unit string
	// Has records which optional fields were present in the file (e.g. "speed").
	Has map[string]bool
	// Extra holds fields this version does not know.
	Extra map[string]any
}
