package table

import (
	"fmt"
	"strconv"
	"strings"
)

// Error is why a table file is invalid. Field is the JSON path of the offending value, with
// indices (e.g. "terrain[3].polygon", "units_on_table[1].minis[0].x", or "file" for the document
// as a whole); Fault says what is wrong with it. The judge prints Error() as its one stderr line
// and exits with status 2, so the message is always a single line. TooLarge marks a file that is
// well formed but breaks one of holotable's limits (limits.go; the judge exits with status 3).
type Error struct {
	Field    string
	Fault    string
	TooLarge bool
}

// Error returns "Field: Fault", e.g. "terrain[3].polygon: edges 1 and 4 cross".
func (e *Error) Error() string { return e.Field + ": " + e.Fault }

// fileField is the Field of faults that concern the document as a whole (not JSON, not an object).
const fileField = "file"

// newError builds an *Error. Every user-supplied string that reaches a message is quoted with %q
// or strconv.Quote; oneLine is a last guard so that a message can never span lines.
func newError(field, format string, args ...any) *Error {
	return &Error{Field: oneLine(field), Fault: oneLine(fmt.Sprintf(format, args...))}
}

func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n\u2028\u2029") {
		return s
	}
	return strings.NewReplacer("\r", `\r`, "\n", `\n`, "\u2028", `\u2028`, "\u2029", `\u2029`).Replace(s)
}

// failure is the panic value that carries an *Error from deep inside the walk back to Load. Load
// recovers only this type; any other panic is a bug and is not swallowed.
type failure struct{ err *Error }

// guard runs fn and returns its result, or the zero value and the *Error of a fault raised inside
// it. Any other panic is a bug and is not swallowed.
func guard[T any](fn func() T) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			fl, ok := r.(failure)
			if !ok {
				panic(r)
			}
			var zero T
			v, err = zero, fl.err
		}
	}()
	return fn(), nil
}

// fail aborts the current Load with a fault at field.
func fail(field, format string, args ...any) {
	panic(failure{newError(field, format, args...)})
}

// key appends an object key to a JSON path: "a" + "b" = "a.b". Keys that are not plain
// identifiers are written quoted in brackets ("profile.bases[\"big one\"]") so that the path
// stays unambiguous and on one line.
func key(path, k string) string {
	if !plainKey(k) {
		return path + "[" + strconv.Quote(k) + "]"
	}
	if path == "" {
		return k
	}
	return path + "." + k
}

// index appends an array index to a JSON path: "terrain" + 3 = "terrain[3]".
func index(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

func plainKey(k string) bool {
	if k == "" {
		return false
	}
	for _, c := range k {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

// JSONType names the JSON type of a decoded value (ParseJSON), for "must be a number, got string".
func JSONType(v any) string { return jsonType(v) }

// jsonType names the JSON type of a decoded value, for "must be a number, got string".
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	default:
		return "number"
	}
}

// num formats a float for a message the way a JSON file would write it (1.063, 1e+21).
func num(v float64) string { return formatFloat(v) }
