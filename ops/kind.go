package ops

import (
	"fmt"
	"reflect"
	"sort"
)

// Kind names an operation kind, as its JSON "op" field does ("terrain.move", "unit.move", …).
// Each kind is declared in its own file, with its struct, its Plan and its words, and registers
// itself there (Register in init): adding a kind is adding one file.
type Kind string

// String is the kind's name.
func (k Kind) String() string { return string(k) }

// Op is one operation: a plain value (a pointer to the kind's struct) whose exported fields
// tagged `op:"name"` are its JSON form (codec.go).
type Op interface {
	// Kind is the op's kind.
	Kind() Kind
	// Plan validates the op against s and returns what it does to s's file, or a *Refusal that
	// names the op's field at fault and the reasons with their rulebook citations. It must not
	// change s's file, and it must be deterministic.
	Plan(s *State) (Patch, error)
	// Describe says what the op does, in words a history shows (words.go).
	Describe() Words
}

// kindInfo is a registered kind: how to make an empty op of it.
type kindInfo struct {
	kind Kind
	typ  reflect.Type // the struct type; ops are pointers to it
}

// kinds is written only by Register, from init functions, and read-only afterwards.
var kinds = map[Kind]kindInfo{}

// Register makes a kind known to the decoder: T is the kind's struct type and *T its Op. It
// panics (at init) when the kind is registered twice, when *T's Kind is another, or when T's
// fields cannot be encoded (codec.go).
func Register[T any, P interface {
	*T
	Op
}](k Kind) {
	if _, dup := kinds[k]; dup {
		panic("ops: kind registered twice: " + string(k))
	}
	var zero T
	if got := P(&zero).Kind(); got != k {
		panic(fmt.Sprintf("ops: kind %q: its Op says %q", k, got))
	}
	t := reflect.TypeOf(zero)
	if err := prepareStruct(t, true); err != nil {
		panic(fmt.Sprintf("ops: kind %q: %v", k, err))
	}
	kinds[k] = kindInfo{kind: k, typ: t}
}

// Kinds lists the registered kinds, sorted.
func Kinds() []Kind {
	out := make([]Kind, 0, len(kinds))
	for k := range kinds {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// New returns an empty op of kind k (its fields zero), or false when k is not registered.
func New(k Kind) (Op, bool) {
	info, ok := kinds[k]
	if !ok {
		return nil, false
	}
	return reflect.New(info.typ).Interface().(Op), true
}
