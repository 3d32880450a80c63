package table

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxDepth bounds the nesting of arrays and objects; a table file needs four levels, the rest is
// headroom for unknown fields.
const maxDepth = 256

// decode parses data as exactly one JSON value into generic values (map[string]any, []any,
// string, json.Number, bool, nil). Syntax errors, including data after the value, are reported
// with their line and column; on the way it also refuses what encoding/json would let through
// silently: a key given twice in one object, a number that does not fit a float64 (1e999), and
// absurd nesting. Numbers stay json.Number so that unknown fields are saved
// back exactly as they were read.
func decode(data []byte) any {
	if !json.Valid(data) {
		notJSON(data)
	}
	d := &decoder{data: data}
	d.space()
	v := d.value(0)
	if d.space(); d.i != len(d.data) {
		fail(fileField, "not JSON: unexpected data after the top-level value")
	}
	return v
}

// notJSON fails with the syntax error of data, which json.Valid has refused, and where it is.
func notJSON(data []byte) {
	if len(bytes.TrimSpace(data)) == 0 {
		fail(fileField, "not JSON: empty input")
	}
	var raw json.RawMessage
	err := json.Unmarshal(data, &raw)
	var syn *json.SyntaxError
	if errors.As(err, &syn) && syn.Offset > 0 && syn.Offset <= int64(len(data)) && !strings.Contains(syn.Error(), "end of JSON input") {
		// Offset counts the bytes read up to and including the offending one.
		fail(fileField, "not JSON: %s (%s)", syn.Error(), position(data, syn.Offset-1))
	}
	if err == nil || errors.As(err, &syn) {
		fail(fileField, "not JSON: unexpected end of input")
	}
	fail(fileField, "not JSON: %s", err.Error())
}

// position turns the byte index i of data into "line L, column C" (1-based, columns in bytes).
func position(data []byte, i int64) string {
	before := data[:i]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := int(i) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return "line " + strconv.Itoa(line) + ", column " + strconv.Itoa(col)
}

// decoder builds generic values from a document json.Valid has accepted, reading its bytes
// directly: encoding/json's token stream cost most of a large file's load (issue 18: the import of
// the largest file held the page), and so did writing every value's path, which is needed only
// for a fault: the decoder keeps the path as a stack and writes it then (path).
type decoder struct {
	data []byte
	i    int       // the next byte to read
	at   []pathKey // where the value being read is: the keys and indices down to it
}

// pathKey is one step of a path: an object's key, or (key "" and isKey false) an array's index.
type pathKey struct {
	key   string
	index int
	isKey bool
}

// path is where the value being read is, as the table's faults name it ("terrain[3].polygon";
// the document itself is fileField).
func (d *decoder) path() string {
	p := ""
	for _, k := range d.at {
		if k.isKey {
			p = key(p, k.key)
		} else {
			p = index(p, k.index)
		}
	}
	return orFile(p)
}

// space skips JSON white space.
func (d *decoder) space() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// value builds the value at d.i (no white space before it), depth levels down, and leaves d.i
// after it.
func (d *decoder) value(depth int) any {
	switch c := d.data[d.i]; c {
	case '[', '{':
		if depth >= maxDepth {
			fail(d.path(), "nested deeper than %d levels", maxDepth)
		}
		d.i++
		d.space()
		if c == '[' {
			arr := []any{}
			if d.data[d.i] == ']' {
				d.i++
				return arr
			}
			for k := 0; ; k++ {
				d.at = append(d.at, pathKey{index: k})
				arr = append(arr, d.value(depth+1))
				d.at = d.at[:len(d.at)-1]
				d.space()
				if d.data[d.i] == ']' {
					d.i++
					return arr
				}
				d.i++ // ','
				d.space()
			}
		}
		obj := map[string]any{}
		if d.data[d.i] == '}' {
			d.i++
			return obj
		}
		for {
			k := d.str()
			if _, dup := obj[k]; dup {
				fail(d.path(), "key %q given twice", k)
			}
			d.space()
			d.i++ // ':'
			d.space()
			d.at = append(d.at, pathKey{key: k, isKey: true})
			obj[k] = d.value(depth + 1)
			d.at = d.at[:len(d.at)-1]
			d.space()
			if d.data[d.i] == '}' {
				d.i++
				return obj
			}
			d.i++ // ','
			d.space()
		}
	case '"':
		return d.str()
	case 't':
		d.i += len("true")
		return true
	case 'f':
		d.i += len("false")
		return false
	case 'n':
		d.i += len("null")
		return nil
	default: // a number
		start := d.i
		for d.i < len(d.data) && isNumberByte(d.data[d.i]) {
			d.i++
		}
		t := json.Number(d.data[start:d.i])
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil || !finite(f) {
			fail(d.path(), "must be a finite number, got %s", string(t))
		}
		return t
	}
}

// str reads the string at d.i and leaves d.i after it. A string with an escape or with bytes that
// are not UTF-8 is read by encoding/json, whose reading (U+FFFD for a bad byte) it keeps.
func (d *decoder) str() string {
	start := d.i
	d.i++
	plain := true
	for {
		c := d.data[d.i]
		if c == '"' {
			break
		}
		if c == '\\' {
			plain = false
			d.i++ // the escaped byte: never the closing quote
		} else if c >= utf8.RuneSelf {
			plain = false
		}
		d.i++
	}
	d.i++
	raw := d.data[start:d.i]
	if plain || utf8.Valid(raw) && bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		fail(fileField, "not JSON: %s", err.Error())
	}
	return s
}

// isNumberByte reports whether c can be part of a JSON number.
func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// orFile names the document itself when a fault is at the top level (path "").
func orFile(path string) string {
	if path == "" {
		return fileField
	}
	return path
}

// DecodeJSON parses data as exactly one JSON value by the rules Load reads a file with (syntax
// errors with line and column, no key twice in an object, every number a finite float64, nesting
// at most 256 levels deep) and returns it as generic values: map[string]any, []any, string,
// json.Number, bool or nil. Other formats with their own schema (army lists, unit-card files) use
// it so that they refuse what Load refuses; a fault is an *Error with its path.
func DecodeJSON(data []byte) (any, error) {
	return guard(func() any { return decode(data) })
}
