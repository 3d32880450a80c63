package table

import (
	"fmt"
	"slices"
)

// The closed sets of a table file held as small integers: a terrain piece's kind, the cover it
// gives and how units move through it, and a unit's type. Each has String (the file's word),
// Parse…, MarshalText and UnmarshalText (the same word; the file format is unchanged). The
// loader checks the words with its own faults ("unknown kind "x""), so a file reads as before.

// wordSet is the words of a closed set held in a uint8 type (the value is the word's index).
type wordSet[T ~uint8] struct {
	kind  string   // the type's name, for a value out of range
	names []string // the word of each value
	what  string   // what a fault calls it ("cover")
}

func (w wordSet[T]) str(v T) string {
	if int(v) < len(w.names) {
		return w.names[v]
	}
	return fmt.Sprintf("%s(%d)", w.kind, uint8(v))
}

func (w wordSet[T]) parse(s string) (T, error) {
	if i := slices.Index(w.names, s); i >= 0 && s != "" {
		return T(i), nil
	}
	return 0, fmt.Errorf("unknown %s %q", w.what, s)
}

func (w wordSet[T]) marshal(v T) ([]byte, error) {
	if int(v) >= len(w.names) || w.names[v] == "" {
		return nil, fmt.Errorf("table: no %s %d", w.kind, uint8(v))
	}
	return []byte(w.names[v]), nil
}

func (w wordSet[T]) unmarshal(v *T, b []byte) error {
	x, err := w.parse(string(b))
	if err != nil {
		return err
	}
	*v = x
	return nil
}

// Cover is a cover level: none, light or heavy. The levels are in order, so they compare and
// count up (the rules cap improvements at CoverHeavy).
type Cover uint8

// Cover levels.
const (
	CoverNone Cover = iota
	CoverLight
	CoverHeavy
)

var coverWords = wordSet[Cover]{"Cover", []string{"none", "light", "heavy"}, "cover"}

// String is "none", "light" or "heavy".
func (c Cover) String() string { return coverWords.str(c) }

// ParseCover reads "none", "light" or "heavy".
func ParseCover(s string) (Cover, error) { return coverWords.parse(s) }

// MarshalText writes the cover's word.
func (c Cover) MarshalText() ([]byte, error) { return coverWords.marshal(c) }

// UnmarshalText reads the cover's word.
func (c *Cover) UnmarshalText(b []byte) error { return coverWords.unmarshal(c, b) }

// TerrainKind is what a piece is: solid (the default), area terrain or a depression.
type TerrainKind uint8

// Terrain kinds.
const (
	Solid TerrainKind = iota
	Area
	Depression
)

var terrainKindWords = wordSet[TerrainKind]{"TerrainKind", []string{"solid", "area", "depression"}, "kind"}

// String is "solid", "area" or "depression".
func (k TerrainKind) String() string { return terrainKindWords.str(k) }

// ParseTerrainKind reads "solid", "area" or "depression".
func ParseTerrainKind(s string) (TerrainKind, error) { return terrainKindWords.parse(s) }

// MarshalText writes the kind's word.
func (k TerrainKind) MarshalText() ([]byte, error) { return terrainKindWords.marshal(k) }

// UnmarshalText reads the kind's word.
func (k *TerrainKind) UnmarshalText(b []byte) error { return terrainKindWords.unmarshal(k, b) }

// Passage is how a mover class gets through a piece: open (the default), difficult or
// impassable.
type Passage uint8

// Passages.
const (
	Open Passage = iota
	Difficult
	Impassable
)

var passageWords = wordSet[Passage]{"Passage", []string{"open", "difficult", "impassable"}, "move"}

// String is "open", "difficult" or "impassable".
func (p Passage) String() string { return passageWords.str(p) }

// ParsePassage reads "open", "difficult" or "impassable".
func ParsePassage(s string) (Passage, error) { return passageWords.parse(s) }

// MarshalText writes the passage's word.
func (p Passage) MarshalText() ([]byte, error) { return passageWords.marshal(p) }

// UnmarshalText reads the passage's word.
func (p *Passage) UnmarshalText(b []byte) error { return passageWords.unmarshal(p, b) }

// UnitType is a unit's type: trooper, creature, emplacement (troopers of other kinds), ground or
// repulsor (vehicles). The zero value is no type, which a loaded file never has.
type UnitType uint8

// Unit types.
const (
	NoUnitType UnitType = iota
	Trooper
	Creature
	Emplacement
	Ground
	Repulsor
)

var unitTypeWords = wordSet[UnitType]{"UnitType", []string{"", "trooper", "creature", "emplacement", "ground", "repulsor"}, "type"}

// UnitTypes are the unit types in the file's order.
var UnitTypes = []UnitType{Trooper, Creature, Emplacement, Ground, Repulsor}

// String is the type's word ("trooper", …; "" for NoUnitType).
func (t UnitType) String() string { return unitTypeWords.str(t) }

// ParseUnitType reads a unit type's word.
func ParseUnitType(s string) (UnitType, error) { return unitTypeWords.parse(s) }

// MarshalText writes the type's word.
func (t UnitType) MarshalText() ([]byte, error) { return unitTypeWords.marshal(t) }

// UnmarshalText reads the type's word.
func (t *UnitType) UnmarshalText(b []byte) error { return unitTypeWords.unmarshal(t, b) }

// Vehicle reports whether the type is a vehicle's (ground or repulsor).
func (t UnitType) Vehicle() bool { return t == Ground || t == Repulsor }
