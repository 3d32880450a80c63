package rules

import (
	"fmt"
	"slices"
)

// words are the spec's words for the values of a closed set held in an int type (the value is the
// word's index): ManeuverMode, Arc, ClimbMode. Each type's String, Parse, MarshalText and
// UnmarshalText are one line over it.
type words[T ~int] struct {
	kind  string   // the type's name, for a value out of range
	names []string // the word of each value
	err   error    // the sentence for a word not in the set
}

func (w words[T]) str(v T) string {
	if v >= 0 && int(v) < len(w.names) {
		return w.names[v]
	}
	return fmt.Sprintf("%s(%d)", w.kind, int(v))
}

func (w words[T]) parse(s string) (T, bool) {
	i := slices.Index(w.names, s)
	return T(i), i >= 0
}

func (w words[T]) valid(v T) bool { return v >= 0 && int(v) < len(w.names) }

func (w words[T]) marshal(v T) ([]byte, error) {
	if !w.valid(v) {
		return nil, fmt.Errorf("rules: no %s %d", w.kind, int(v))
	}
	return []byte(w.names[v]), nil
}

func (w words[T]) unmarshal(v *T, b []byte) error {
	x, ok := w.parse(string(b))
	if !ok {
		return w.err
	}
	*v = x
	return nil
}
