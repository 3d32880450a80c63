// Package table holds the holotable/1 table file: the layout of a battlefield (terrain, units,
// tokens) and, for the judge, the questions put to it. It parses, validates and saves the format
// defined in shared/spec/scenario-v1.md. It knows no rules and no drawing.
//
// Load turns file bytes into a *File with every default filled in, or into an *Error naming the
// first fault as "field: fault" (the judge's exit-2 line). Save writes a File back as
// deterministic, indented v1 JSON that Load reads back unchanged. The struct tags below only serve
// debugging dumps with encoding/json (they leave out a mini's base and every Extra); the file form
// is what Load and Save read and write.
//
// A Star Wars Miniatures grid table ("ruleset": "swm") is a file type of its own, SWMFile (swm.go,
// swm_load.go, swm_save.go; docs/format-swm.md); RulesetOf tells the two apart. Dice, the custom
// ones a table carries and the die files of maps/dice, are dice.go (docs/format-dice.md).
//
// Files: file.go (types), load.go (Load, top level, tokens, ids), terrain.go, units.go,
// profile.go, query.go, setup.go, dice.go, swm.go, swm_load.go, swm_save.go, decode.go (JSON syntax
// and numbers), fields.go (typed field access with paths), errors.go, save.go, jsonwrite.go (the
// indented writer), lookup.go (id look-up helpers).
package table

// Format is the only format string a v1 file may carry.
const Format = "holotable/1"

// File is one table file. Lengths are in the file's own Units ("in" or "mm"); Load fills every
// default, so after a successful Load every field is set and the file is valid. Empty lists are
// nil. Save writes it back in the v1 format; Load(Save(f)) equals f for every f that Load returned.
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
	// Setup is the optional setup state (table/setup.go, docs/format-setup.md); nil when absent.
	Setup *Setup `json:"-"`
	// Dice are the custom dice saved with the table (table/dice.go, docs/format-dice.md); nil
	// when there are none.
	Dice []Die `json:"-"`
	// Game is the optional state of a game in play (table/game.go, docs/format-game.md); nil
	// when absent.
	Game *Game `json:"-"`
	// Extra holds top-level fields this version does not know (for example "note"), kept so that a
	// save after a load loses nothing.
	Extra map[string]any `json:"-"`
}

// Battlefield is the table rectangle [0, Width] × [0, Depth].
type Battlefield struct {
	Width float64 `json:"width"`
	Depth float64 `json:"depth"`
}

// Profile is the component profile: the physical lengths the rules are measured with, in the
// file's units (see DefaultProfile). Load merges a given profile over the defaults.
type Profile struct {
	RangeSegment     float64            `json:"rangeSegment"`     // one range band, and height 1
	MoveTools        [3]float64         `json:"moveTools"`        // tool length for speed 1, 2, 3
	MaxBend          float64            `json:"maxBend"`          // degrees each way, in (0, 180]
	Bases            map[string]float64 `json:"bases"`            // base diameter by name
	BaseThickness    float64            `json:"baseThickness"`    // vertical tolerance of base contact
	ContactTolerance float64            `json:"contactTolerance"` // top-down gap still in contact
	Epsilon          float64            `json:"epsilon"`          // lengths closer than this are equal
}

// Terrain is one terrain piece: a polygon or circle footprint (exactly one is set) extruded from
// Base to Height. Load defaults Kind to Solid, Cover to none, Move to open and Standable to true
// for solid pieces only.
type Terrain struct {
	ID        string       `json:"id"`
	Polygon   [][2]float64 `json:"polygon,omitempty"`
	Circle    *Circle      `json:"circle,omitempty"`
	Height    float64      `json:"height"`
	Base      float64      `json:"base"`
	Kind      TerrainKind  `json:"kind"`
	Cover     CoverByClass `json:"cover"`
	Move      MoveByClass  `json:"move"`
	Standable bool         `json:"standable"`
	// Extra holds the piece's fields this version does not know, kept for Save (nil when none).
	Extra map[string]any `json:"-"`
}

// Circle is a circular footprint: centre (X, Y) and radius R > 0.
type Circle struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	R float64 `json:"r"`
}

// CoverByClass is the cover a piece gives each defender class. In a file it is either one word
// ("none", "light" or "heavy") for every class or an object by class (a missing class means none).
type CoverByClass struct {
	Trooper  Cover `json:"trooper"`
	Creature Cover `json:"creature"`
	Vehicle  Cover `json:"vehicle"`
}

// MoveByClass is the movement class of a piece for each mover class: open, difficult or
// impassable (default open). Creature and emplacement units move as Trooper. Load also accepts
// one word for every class, like cover.
type MoveByClass struct {
	Trooper  Passage `json:"trooper"`
	Ground   Passage `json:"ground"`
	Repulsor Passage `json:"repulsor"`
}

// Unit is one unit on the table: its minis, exactly one of which is the leader.
type Unit struct {
	ID    string   `json:"id"`
	Side  string   `json:"side"` // free text, "" when not given
	Type  UnitType `json:"type"`
	Speed int      `json:"speed"`
	// CoverGiven is CoverLight or CoverHeavy when given. Load defaults it to CoverHeavy for ground
	// units and leaves it CoverNone (not given) for other types unless the file gives it (only
	// ground units use it).
	CoverGiven Cover `json:"coverGiven,omitempty"`
	// Keywords are the unit's keywords the rules read (the zero value: none).
	Keywords Keywords `json:"-"`
	// Arcs are the arc lines on its notched bases as the file gives them; the zero value (none
	// given) means DefaultArcs: read them with ArcLines. Trooper units (round bases) have no arcs;
	// theirs are kept but not read.
	Arcs Arcs `json:"arcs"`
	// Card is its unit card's values (docs/format-game.md), nil when not given.
	Card  *UnitCard `json:"-"`
	Minis []Mini    `json:"minis"`
	// Carried are the units this transport carries (carried.go): off the table, their minis
	// without places; nil when it carries none.
	Carried []Unit `json:"-"`
	// Extra holds the unit's fields this version does not know, kept for Save (nil when none).
	Extra map[string]any `json:"-"`
}

// Mini is one miniature: its base centre, base diameter (BaseName keeps the profile name it was
// given by, if any), height above its base bottom, and elevation. Mini stays comparable with ==,
// which is why its unknown fields are kept as text rather than a map.
type Mini struct {
	ID       string  `json:"id"`
	Leader   bool    `json:"leader,omitempty"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	BaseName string  `json:"-"`      // the profile.bases name, "" when given as a number
	Base     float64 `json:"-"`      // diameter
	Height   float64 `json:"height"` // top of the mini above its base bottom; its eye height
	Z        float64 `json:"z"`      // elevation of the base bottom (default 0)
	Facing   float64 `json:"facing"` // degrees, counter-clockwise from +x
	Hover    float64 `json:"hover"`  // repulsors: the body starts this far above the base bottom
	// From is the upgrade that added the mini to its unit ("" for the unit card's own minis): the
	// weapons of that upgrade are its (docs/format-game.md).
	From string `json:"from,omitempty"`
	// Extra holds the mini's unknown fields as a compact JSON object with sorted keys ("" when
	// none), kept for Save.
	Extra string `json:"-"`
}

// Token is a disc on the table (objective, condition, …). Tokens may overhang the edge.
type Token struct {
	ID   string  `json:"id"`
	Kind string  `json:"kind"` // free text, "" when not given
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	R    float64 `json:"r"`
	// Extra holds the token's unknown fields as a compact JSON object with sorted keys ("" when
	// none), kept for Save. A string, so that Token stays comparable with ==.
	Extra string `json:"-"`
}

// Query is one question to the judge (spec "queries and answers"). Kind selects which fields
// matter; the others stay zero. Load checks only the shape of a query (its id is unique among the
// queries, its kind is known, its fields have the right JSON type and the required ones are
// there); whether the ids it names exist and whether its values are in range is for the judge to
// answer, query by query.
type Query struct {
	ID   string
	Kind string // distance, range, within, los, cover, move, cohesion, contact, heatmap, maneuver, arc, climb
	// distance, contact: a, b (mini, terrain or token ids)
	A, B string
	// range, within: from, to (unit ids); range: attack (default false); within: band
	From, To string
	Attack   bool
	Band     int
	// los uses From, To (mini ids)
	// cover: attacker, defender (unit ids); optional suppressed, coverX, sharpshooter, blast
	Attacker, Defender string
	Suppressed         bool
	CoverX             int
	Sharpshooter       int
	Blast              bool
	// move: mini (a leader), speed (JSON "speed"), heading and bend (default 0), fraction
	// (default 1)
	Mini                    string
	MoveSpeed               int
	Heading, Bend, Fraction float64
	// maneuver: mini, mode, speed, bend, fraction, heading (all optional but mini and mode; Has
	// tells which were given). arc: from (a notched mini), to (a unit or mini), arc. climb: mini,
	// onto (a terrain id), mode. Mode and Arc stay strings here: a value outside their set is
	// answered by the judge with an error sentence, not refused by Load.
	Mode, Arc, Onto string
	// cohesion: unit
	Unit string
	// heatmap (docs/format-heatmap.md): side, viewers, unit, step, base, height, all optional
	Side, Viewers      string
	Step, Base, Height float64
	// Has records which of the kind's fields were present in the file (e.g. "speed",
	// "fraction"), so that a default can be told from a value given; never nil after Load.
	Has map[string]bool
	// Extra holds the query's fields its kind does not read (nil when none), kept for Save.
	Extra map[string]any
}
