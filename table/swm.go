package table

import (
	"encoding/json"
	"fmt"
)

// A Star Wars Miniatures table (ruleset "swm", seed 004) is a map of 1-inch squares, not a
// free-form battlefield, so it has a file type of its own: SWMFile, read by LoadSWM and written by
// SaveSWM (table/swm_load.go, swm_save.go), documented in docs/format-swm.md. It shares the
// holotable/1 format string, the JSON decoding, the fault lines and the custom dice with File;
// RulesetOf tells the two apart without loading either.
//
// Coordinates are integers. Square (x, y) is [x, x+1] × [y, y+1], 0 ≤ x < Width, 0 ≤ y < Height;
// a lattice Point (x, y) is a corner of squares, 0 ≤ x ≤ Width, 0 ≤ y ≤ Height. Walls and doors
// run along grid lines between lattice points.

// RulesetSWM is the ruleset of a grid table.
const RulesetSWM = "swm"

// Limits of a grid table: far beyond any real map (the starter's map halves are about 30 × 20
// squares; a squad is rarely more than a dozen figures) and small enough that no file can make the
// judge's exact line of sight, reach or whole-map answers run away.
const (
	MaxGridSide   = 100  // squares along either side
	MaxWalls      = 2000 // entries of "walls"
	MaxDoors      = 500
	MaxFigures    = 100
	MaxSWMQueries = 1000
	MaxSpeed      = 50 // Accelerate 24 (seed 004 L882) is the fastest in the book
	MaxReach      = 6  // Melee Reach # (L1244 names 2)
)

// SWMFile is one grid table. After a successful LoadSWM every field is set and the file is valid:
// Squares has Width·Height entries, ids are unique, every figure stands on the map on squares it
// may end a move in, alone, and across no wall or closed door. Empty lists are nil.
type SWMFile struct {
	Format  string // Format
	Ruleset string // RulesetSWM
	Width   int    // squares along x, 1 … MaxGridSide
	Height  int    // squares along y
	// Squares is the terrain of every square, row by row: Squares[y*Width+x] is square (x, y).
	Squares []Square
	Walls   []Wall
	Doors   []Door
	Figures []Figure
	// DoorSquares is which squares count as adjacent to a door (the rule's figure is missing).
	DoorSquares DoorReach
	// Deployment is the two squads' set-up zones when the table marks its own (exactly two), nil
	// for the rule's: 4 squares from each short edge (seed 004 L134; swm.Board.Deployment).
	Deployment []Zone
	Queries    []SWMQuery
	// Dice are the custom dice saved with the table (table/dice.go).
	Dice []Die
	// Extra holds top-level fields this version does not know, kept for SaveSWM.
	Extra map[string]any
}

// At returns the terrain of square (x, y), which must be on the map.
func (f *SWMFile) At(x, y int) Square { return f.Squares[y*f.Width+x] }

// Square is the terrain of one square (seed 004 L754–830): a closed set.
type Square uint8

const (
	SquareOpen      Square = iota // nothing
	SquareLow                     // low objects (green): ×2 to enter, cover (L760–768)
	SquareDifficult               // difficult terrain (yellow): ×2 to enter (L770–778)
	SquarePit                     // pit (orange): blocks movement except Flight, never an end (L824–830)
	SquareSolid                   // counts as a wall on its four edges (L758, L782)
	squareKinds
)

var squareNames = [squareKinds]string{"open", "low", "difficult", "pit", "solid"}

// squareRunes are the characters of the "terrain" rows.
var squareRunes = [squareKinds]byte{'.', 'l', 'd', 'p', '#'}

func (s Square) String() string {
	if s < squareKinds {
		return squareNames[s]
	}
	return fmt.Sprintf("Square(%d)", uint8(s))
}

// Rune is the square's character in a "terrain" row.
func (s Square) Rune() byte { return squareRunes[s] }

// MarshalJSON writes the name ("low").
func (s Square) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// squareOf reads a "terrain" character.
func squareOf(c byte) (Square, bool) {
	for i, r := range squareRunes {
		if r == c {
			return Square(i), true
		}
	}
	return 0, false
}

// Zone is a block of squares: x ∈ [X, X+W), y ∈ [Y, Y+H), on the map, W and H at least 1.
type Zone struct{ X, Y, W, H int }

// Point is a lattice point: a corner of squares.
type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

// Bevel says which ends of a wall stop short of the grid intersection (a bevelled corner, whose
// magenta line does not reach the point): a character may move diagonally past such an end (seed
// 004 L520, L784; the digest's §1.4), and a sight line may pass through the point.
type Bevel uint8

const (
	BevelNone Bevel = iota
	BevelFrom
	BevelTo
	BevelBoth
	bevelKinds
)

var bevelNames = [bevelKinds]string{"none", "from", "to", "both"}

func (b Bevel) String() string {
	if b < bevelKinds {
		return bevelNames[b]
	}
	return fmt.Sprintf("Bevel(%d)", uint8(b))
}

// MarshalJSON writes the name ("from").
func (b Bevel) MarshalJSON() ([]byte, error) { return json.Marshal(b.String()) }

// Open reports whether the From (from = true) or To end is bevelled.
func (b Bevel) Open(from bool) bool {
	if from {
		return b == BevelFrom || b == BevelBoth
	}
	return b == BevelTo || b == BevelBoth
}

// Wall is a wall along a grid line from one lattice point to another (horizontal or vertical,
// length ≥ 1), magenta on the map (seed 004 L780–788).
type Wall struct {
	From, To Point
	Bevel    Bevel
	// Extra holds the wall's unknown fields (nil when none).
	Extra map[string]any
}

// DoorState is a door's state (seed 004 L812–822, L1024, L1282, L1354).
type DoorState uint8

const (
	DoorClosed     DoorState = iota // counts as a wall
	DoorOpen                        // as if absent; closes at the end of a turn with no one adjacent
	DoorHeldOpen                    // opened by Door Gimmick or Override (HeldBy), stays open
	DoorHeldClosed                  // closed by Override (HeldBy), stays closed
	DoorRemoved                     // Satchel Charge: open for good
	doorStates
)

var doorStateNames = [doorStates]string{"closed", "open", "held-open", "held-closed", "removed"}

func (s DoorState) String() string {
	if s < doorStates {
		return doorStateNames[s]
	}
	return fmt.Sprintf("DoorState(%d)", uint8(s))
}

// MarshalJSON writes the name ("held-open").
func (s DoorState) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// Blocks reports whether the door counts as a wall in this state.
func (s DoorState) Blocks() bool { return s == DoorClosed || s == DoorHeldClosed }

// Held reports whether an ability holds the door in its state.
func (s DoorState) Held() bool { return s == DoorHeldOpen || s == DoorHeldClosed }

// Door is a door along a grid line (blue on the map). HeldBy names the figure whose Door Gimmick
// or Override holds it ("" when not held or not known).
type Door struct {
	ID       string
	From, To Point
	State    DoorState
	HeldBy   string
	Extra    map[string]any
}

// DoorReach is which squares count as adjacent to a door. The rule's figure ("one of the shaded
// squares", seed 004 L814) is not in the seed, so it is the table's choice.
type DoorReach uint8

const (
	// DoorEdge: the squares on either side of the door's edges (the default).
	DoorEdge DoorReach = iota
	// DoorTouch: every square with a corner or edge on the door (also the diagonal ones at its ends).
	DoorTouch
	doorReaches
)

var doorReachNames = [doorReaches]string{"edge", "touch"}

func (r DoorReach) String() string {
	if r < doorReaches {
		return doorReachNames[r]
	}
	return fmt.Sprintf("DoorReach(%d)", uint8(r))
}

// MarshalJSON writes the name ("edge").
func (r DoorReach) MarshalJSON() ([]byte, error) { return json.Marshal(r.String()) }

// Size is a figure's size (seed 004 L1152, L1166, L1186, L1238, L1392, L1402).
type Size uint8

const (
	SizeMedium Size = iota // 1 square (the default; "most characters are Medium")
	SizeSmall              // 1 square
	SizeLarge              // 2 × 2
	SizeHuge               // 3 × 3 (L1402's "8 squares" is a slip for 9)
	sizeKinds
)

var sizeNames = [sizeKinds]string{"medium", "small", "large", "huge"}

func (s Size) String() string {
	if s < sizeKinds {
		return sizeNames[s]
	}
	return fmt.Sprintf("Size(%d)", uint8(s))
}

// MarshalJSON writes the name ("large").
func (s Size) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// Squares is the side of the figure's square space: 1, 2 or 3.
func (s Size) Squares() int {
	switch s {
	case SizeLarge:
		return 2
	case SizeHuge:
		return 3
	}
	return 1
}

// Ability is one stat-card ability the grid rules read (seed 004 glossary).
type Ability uint8

const (
	AbilityFlight       Ability = iota // L1066
	AbilityWallClimber                 // L1476
	AbilityRigid                       // L1346: cannot squeeze
	AbilitySniper                      // L1394–1396
	AbilityStealth                     // L1422
	AbilityMeleeAttack                 // L1240: attacks adjacent enemies only
	AbilityAccurateShot                // L884
	abilityKinds
)

var abilityNames = [abilityKinds]string{"flight", "wall-climber", "rigid", "sniper", "stealth", "melee-attack", "accurate-shot"}

func (a Ability) String() string {
	if a < abilityKinds {
		return abilityNames[a]
	}
	return fmt.Sprintf("Ability(%d)", uint8(a))
}

// MarshalJSON writes the name ("wall-climber").
func (a Ability) MarshalJSON() ([]byte, error) { return json.Marshal(a.String()) }

// Abilities is a set of abilities.
type Abilities uint16

// Has reports whether a is in the set.
func (s Abilities) Has(a Ability) bool { return s&(1<<a) != 0 }

// With returns the set with a added.
func (s Abilities) With(a Ability) Abilities { return s | 1<<a }

// List returns the abilities in the set, in the order of the constants.
func (s Abilities) List() []Ability {
	var out []Ability
	for a := Ability(0); a < abilityKinds; a++ {
		if s.Has(a) {
			out = append(out, a)
		}
	}
	return out
}

// MarshalJSON writes the names as a list.
func (s Abilities) MarshalJSON() ([]byte, error) {
	names := []string{}
	for _, a := range s.List() {
		names = append(names, a.String())
	}
	return json.Marshal(names)
}

// Figure is one character on the map: its anchor square (the space's square with the least x and
// y), size, side and what its stat card says that the grid rules read. Stat cards are the players'
// to type in; fields this version does not know are kept in Extra.
type Figure struct {
	ID        string
	Name      string // display name, "" when not given
	Side      string // the squad; figures of other sides are enemies (seed 004 L278–280)
	X, Y      int
	Size      Size
	Speed     int // squares (default 6, L508, L1404)
	Reach     int // Melee Reach # (default 1: adjacent only; L1244)
	Abilities Abilities
	Extra     map[string]any
}

// SWMQuery is one question to the judge about a grid table (docs/format-swm.md). Kind selects the
// fields that matter; the others stay zero. As with Query, Load checks only the shape: whether the
// figures exist is the judge's to answer.
type SWMQuery struct {
	ID   string
	Kind string // los, cover, distance, within, reach, targets
	// los, distance: from, to (figure ids)
	From, To string
	// cover: attacker, defender
	Attacker, Defender string
	// reach, targets, within: figure
	Figure string
	// distance, within: mode "range" (default) or "commander"
	Mode string
	// within: n squares
	N int
	// reach: double (move 2 × speed, no attack), force (spend a Force point: +2), bonus (further
	// squares, e.g. Knight Speed +4), forceLeap (through enemies, no attacks of opportunity), and
	// x, y: an end square to show the path to (Has["x"])
	Double, Force, ForceLeap bool
	Bonus                    int
	X, Y                     int
	// targets: ignoreStealth (Force Sense, It's a Trap)
	IgnoreStealth bool
	// Has records which of the kind's fields the file gave; never nil after LoadSWM.
	Has map[string]bool
	// Extra holds the query's fields its kind does not read (nil when none).
	Extra map[string]any
}

// swmQueryKinds lists, for every query kind, the fields it reads, in the order SaveSWM writes them.
var swmQueryKinds = map[string][]queryField{
	"los":      {{"from", tString, true}, {"to", tString, true}},
	"cover":    {{"attacker", tString, true}, {"defender", tString, true}},
	"distance": {{"from", tString, true}, {"to", tString, true}, {"mode", tString, false}},
	"within":   {{"figure", tString, true}, {"n", tInt, true}, {"mode", tString, false}},
	"reach": {{"figure", tString, true}, {"double", tBool, false}, {"force", tBool, false},
		{"bonus", tInt, false}, {"forceLeap", tBool, false}, {"x", tInt, false}, {"y", tInt, false}},
	"targets": {{"figure", tString, true}, {"ignoreStealth", tBool, false}},
}

func (q *SWMQuery) slot(name string) any {
	switch name {
	case "from":
		return &q.From
	case "to":
		return &q.To
	case "attacker":
		return &q.Attacker
	case "defender":
		return &q.Defender
	case "figure":
		return &q.Figure
	case "mode":
		return &q.Mode
	case "n":
		return &q.N
	case "double":
		return &q.Double
	case "force":
		return &q.Force
	case "bonus":
		return &q.Bonus
	case "forceLeap":
		return &q.ForceLeap
	case "x":
		return &q.X
	case "y":
		return &q.Y
	case "ignoreStealth":
		return &q.IgnoreStealth
	}
	panic("table: no swm query field " + name)
}
