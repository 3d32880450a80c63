package table

import (
	"encoding/json"
	"math"
	"slices"
	"sort"
	"strconv"
)

// object is one decoded JSON object together with its path in the file, so that every fault
// found in it can name its field exactly.
type object struct {
	path string
	m    map[string]any
}

// asObject returns v as an object at path, or fails with "must be an object, got …".
func asObject(path string, v any) object {
	m, ok := v.(map[string]any)
	if !ok {
		fail(orFile(path), "must be an object, got %s", jsonType(v))
	}
	return object{path, m}
}

func (o object) field(k string) string { return key(o.path, k) }

// get returns the raw value of k and whether it is present.
func (o object) get(k string) (any, bool) {
	v, ok := o.m[k]
	return v, ok
}

// require returns the value of k, or fails with "<field>: missing" when k is absent.
func (o object) require(k string) any {
	v, ok := o.m[k]
	if !ok {
		fail(o.field(k), "missing")
	}
	return v
}

// number reads an optional number; ok is false when k is absent.
func (o object) number(k string) (v float64, ok bool) {
	raw, ok := o.m[k]
	if !ok {
		return 0, false
	}
	return toNumber(o.field(k), raw), true
}

// numberOr reads an optional number with a default.
func (o object) numberOr(k string, def float64) float64 {
	if v, ok := o.number(k); ok {
		return v
	}
	return def
}

// mustNumber reads a required number.
func (o object) mustNumber(k string) float64 {
	return toNumber(o.field(k), o.require(k))
}

// toNumber converts a decoded JSON number. decode has already rejected numbers that do not fit
// a float64; the check is repeated so that the walk never depends on it.
func toNumber(field string, raw any) float64 {
	n, ok := raw.(json.Number)
	if !ok {
		fail(field, "must be a number, got %s", jsonType(raw))
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil || !finite(f) {
		fail(field, "must be a finite number, got %s", string(n))
	}
	return f
}

// toInt converts a decoded JSON number that must be a whole number (2 and 2.0 both are) that
// fits in 32 bits, so that every build reads it alike.
func toInt(field string, raw any) int {
	f := toNumber(field, raw)
	if f != math.Trunc(f) {
		fail(field, "must be an integer, got %s", string(raw.(json.Number)))
	}
	if f < MinInt32 || f > MaxInt32 {
		fail(field, "must be an integer from %d to %d, got %s", MinInt32, MaxInt32, string(raw.(json.Number)))
	}
	return int(f)
}

// integer reads an optional whole number.
func (o object) integer(k string) (v int, ok bool) {
	raw, ok := o.m[k]
	if !ok {
		return 0, false
	}
	return toInt(o.field(k), raw), true
}

// str reads an optional string.
func (o object) str(k string) (v string, ok bool) {
	raw, ok := o.m[k]
	if !ok {
		return "", false
	}
	s, isStr := raw.(string)
	if !isStr {
		fail(o.field(k), "must be a string, got %s", jsonType(raw))
	}
	return s, true
}

// strOr reads an optional string with a default.
func (o object) strOr(k, def string) string {
	if v, ok := o.str(k); ok {
		return v
	}
	return def
}

// id reads a required, non-empty string identifier.
func (o object) id(k string) string {
	o.require(k)
	s, _ := o.str(k)
	if s == "" {
		fail(o.field(k), "must not be empty")
	}
	return s
}

// boolean reads an optional boolean.
func (o object) boolean(k string) (v bool, ok bool) {
	raw, ok := o.m[k]
	if !ok {
		return false, false
	}
	b, isBool := raw.(bool)
	if !isBool {
		fail(o.field(k), "must be a boolean, got %s", jsonType(raw))
	}
	return b, true
}

// array reads an optional array.
func (o object) array(k string) (v []any, ok bool) {
	raw, ok := o.m[k]
	if !ok {
		return nil, false
	}
	a, isArr := raw.([]any)
	if !isArr {
		fail(o.field(k), "must be an array, got %s", jsonType(raw))
	}
	return a, true
}

// arrayAtMost is array with a limit: more than n elements is a fault ("walls: 2001 walls, at most
// 2000").
func (o object) arrayAtMost(k string, n int) (v []any, ok bool) {
	v, ok = o.array(k)
	if len(v) > n {
		fail(o.field(k), "%d %s, at most %d", len(v), k, n)
	}
	return v, ok
}

// extra returns the fields of o not named in known, or nil when there are none.
func (o object) extra(known ...string) map[string]any {
	var out map[string]any
	for k, v := range o.m {
		if slices.Contains(known, k) {
			continue
		}
		if out == nil {
			out = map[string]any{}
		}
		out[k] = v
	}
	return out
}

// extraText is extra as a compact JSON object with sorted keys, "" when there is none; used where
// a map would make a type incomparable.
func (o object) extraText(known ...string) string {
	m := o.extra(known...)
	if m == nil {
		return ""
	}
	b, err := marshalCompact(m)
	if err != nil { // cannot happen: m holds decoded JSON values only
		fail(o.path, "cannot keep unknown fields: %v", err)
	}
	return string(b)
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// sortedKeys returns the keys of m in byte order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
