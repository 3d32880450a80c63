package table

import (
	"fmt"
	"strings"
)

// A grid table embedded in another document (package ops's swm.import, D116): written as SaveSWM
// writes it, only compactly, and read back by LoadSWM's own code, so that a grid table in an
// operation obeys the same rules, in the same words, as a grid table file.

// SWMValue is the grid table as SaveSWM writes it (not checked: SaveSWM or DecodeSWM checks).
func SWMValue(f *SWMFile) (Value, error) {
	d, err := swmFileDoc(f)
	return Value{d}, err
}

// DecodeSWM reads a whole grid table from its decoded JSON (ParseJSON), as LoadSWM does.
func DecodeSWM(v any) (f *SWMFile, err error) {
	return guard(func() *SWMFile { return loadSWMRoot(v) })
}

// CheckSWM reports the first fault LoadSWM would find in f written by SaveSWM, or nil: what an
// edit of a grid table must pass (its field is the file's: "walls[3]", "figures[0]").
func CheckSWM(f *SWMFile) error {
	_, err := SaveSWM(f)
	return err
}

// The closed sets of a grid table as text (encoding.TextMarshaler): their names in a file, so an
// operation's field holds them as a file does ("low", "from", "held-open", "large", "flight").

func (s Square) MarshalText() ([]byte, error) { return enumText("square", s, squareNames[:]) }
func (b Bevel) MarshalText() ([]byte, error)  { return enumText("bevel", b, bevelNames[:]) }
func (s DoorState) MarshalText() ([]byte, error) {
	return enumText("state", s, doorStateNames[:])
}
func (s Size) MarshalText() ([]byte, error)    { return enumText("size", s, sizeNames[:]) }
func (a Ability) MarshalText() ([]byte, error) { return enumText("ability", a, abilityNames[:]) }

func (s *Square) UnmarshalText(b []byte) error { return enumOf("square", b, squareNames[:], s) }
func (b *Bevel) UnmarshalText(t []byte) error  { return enumOf("bevel", t, bevelNames[:], b) }
func (s *DoorState) UnmarshalText(b []byte) error {
	return enumOf("state", b, doorStateNames[:], s)
}
func (s *Size) UnmarshalText(b []byte) error    { return enumOf("size", b, sizeNames[:], s) }
func (a *Ability) UnmarshalText(b []byte) error { return enumOf("ability", b, abilityNames[:], a) }

func enumText[T ~uint8](what string, v T, names []string) ([]byte, error) {
	if int(v) >= len(names) {
		return nil, fmt.Errorf("no %s %d", what, v)
	}
	return []byte(names[v]), nil
}

func enumOf[T ~uint8](what string, b []byte, names []string, out *T) error {
	for i, n := range names {
		if n == string(b) {
			*out = T(i)
			return nil
		}
	}
	return fmt.Errorf("unknown %s %q (one of %s)", what, b, strings.Join(names, ", "))
}
