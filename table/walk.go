package table

import (
	"slices"
	"strings"
)

// The strict reading of the table file, offered to other JSON formats (army lists in package
// army): DecodeJSON for the syntax, then a Walk over JSONObject values whose accessors name the
// path of every fault ("units[2].upgrades[0]: must be a string, got number"). A walk stops at its
// first fault, which Walk returns as an *Error; Fail reports a fault of the format's own.

// Walk runs fn, which reads decoded JSON with JSONObject's accessors and Fail, and returns its
// result, or the first fault as an *Error. Accessors and Fail must only be called inside a Walk.
func Walk[T any](fn func() T) (T, error) { return guard(fn) }

// Fail ends the current Walk with a fault at field ("field: fault").
func Fail(field, format string, args ...any) { fail(field, format, args...) }

// Index appends an array index to a path: Index("units", 2) = "units[2]".
func Index(path string, i int) string { return index(path, i) }

// JSONObject is one decoded JSON object and its path.
type JSONObject struct{ o object }

// AsObject is v as an object at path; anything else fails "must be an object, got …".
func AsObject(path string, v any) JSONObject { return JSONObject{asObject(path, v)} }

// Path is the object's own path.
func (j JSONObject) Path() string { return j.o.path }

// Field is the path of key k in the object.
func (j JSONObject) Field(k string) string { return j.o.field(k) }

// Has reports whether k is present.
func (j JSONObject) Has(k string) bool { _, ok := j.o.get(k); return ok }

// Get is the raw value of k and whether it is present.
func (j JSONObject) Get(k string) (any, bool) { return j.o.get(k) }

// Str reads an optional string.
func (j JSONObject) Str(k string) (string, bool) { return j.o.str(k) }

// StrOr reads an optional string with a default.
func (j JSONObject) StrOr(k, def string) string { return j.o.strOr(k, def) }

// Integer reads an optional whole number.
func (j JSONObject) Integer(k string) (int, bool) { return j.o.integer(k) }

// Number reads an optional finite number.
func (j JSONObject) Number(k string) (float64, bool) { return j.o.number(k) }

// Bool reads an optional boolean.
func (j JSONObject) Bool(k string) (bool, bool) { return j.o.boolean(k) }

// Array reads an optional array.
func (j JSONObject) Array(k string) ([]any, bool) { return j.o.array(k) }

// Require fails "missing" when k is absent, and returns its value.
func (j JSONObject) Require(k string) any { return j.o.require(k) }

// Strings reads an optional array of non-empty strings (nil when absent or empty); with unique,
// a string given twice fails at its second occurrence.
func (j JSONObject) Strings(k string, unique bool) []string { return stringList(j.o, k, unique) }

// Only fails at the first key (in byte order) that is not one of known: "k: unknown field".
func (j JSONObject) Only(known ...string) {
	for _, k := range sortedKeys(j.o.m) {
		if !slices.Contains(known, k) {
			fail(j.o.field(k), "unknown field (known: %s)", strings.Join(known, ", "))
		}
	}
}
