package table

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
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
	d := &decoder{dec: json.NewDecoder(bytes.NewReader(data))}
	d.dec.UseNumber()
	tok := d.token()
	v := d.value(tok, "", 0)
	if _, err := d.dec.Token(); err != io.EOF {
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

// decoder builds generic values from the token stream of an already validated document.
type decoder struct {
	dec *json.Decoder
}

// token reads the next token. The input is valid JSON (decode checked), so an error here is
// unexpected; it is still reported as a fault rather than a panic.
func (d *decoder) token() json.Token {
	tok, err := d.dec.Token()
	if err != nil {
		fail(fileField, "not JSON: %s", err.Error())
	}
	return tok
}

// value builds the value that starts with tok, found at path, depth levels down.
func (d *decoder) value(tok json.Token, path string, depth int) any {
	switch t := tok.(type) {
	case json.Delim:
		if depth >= maxDepth {
			fail(orFile(path), "nested deeper than %d levels", maxDepth)
		}
		if t == '[' {
			arr := []any{}
			for i := 0; ; i++ {
				next := d.token()
				if next == json.Delim(']') {
					return arr
				}
				arr = append(arr, d.value(next, index(path, i), depth+1))
			}
		}
		// t == '{': the decoder never returns a closing delimiter here.
		obj := map[string]any{}
		for {
			next := d.token()
			if next == json.Delim('}') {
				return obj
			}
			k, _ := next.(string) // object keys are always strings
			if _, dup := obj[k]; dup {
				fail(orFile(path), "key %q given twice", k)
			}
			obj[k] = d.value(d.token(), key(path, k), depth+1)
		}
	case json.Number:
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil || !finite(f) {
			fail(orFile(path), "must be a finite number, got %s", string(t))
		}
		return t
	default: // string, bool, nil
		return t
	}
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
