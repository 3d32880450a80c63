package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// ordered is a JSON object whose keys are written in the order given (known fields in spec
// order); map[string]any values are written with sorted keys.
type ordered []member

type member struct {
	key   string
	value any
}

func (o *ordered) add(k string, v any) { *o = append(*o, member{k, v}) }

// addExtra appends unknown fields, sorted, after the known ones; a key that is also a known field
// is skipped so that the output never holds a key twice.
func (o *ordered) addExtra(extra map[string]any) {
	for _, k := range sortedKeys(extra) {
		dup := false
		for _, m := range *o {
			if m.key == k {
				dup = true
				break
			}
		}
		if !dup {
			o.add(k, extra[k])
		}
	}
}

// writer produces indented JSON: two spaces per level. A "flat" array or object (see flat) is
// written on one line, so that a point, a polygon, a cover object or a mini is one line as in the
// spec's examples; everything else has one member or element per line.
//
// A compact writer writes the same values with no whitespace at all (entities embedded in other
// JSON documents, entity.go).
type writer struct {
	buf     bytes.Buffer
	compact bool
}

func (w *writer) indent(depth int) {
	if w.compact {
		return
	}
	w.buf.WriteByte('\n')
	for i := 0; i < depth; i++ {
		w.buf.WriteString("  ")
	}
}

// value writes v; path names it in an error (a non-finite number cannot be written).
func (w *writer) value(v any, path string, depth int) error {
	switch t := v.(type) {
	case nil:
		w.buf.WriteString("null")
	case bool:
		w.buf.WriteString(strconv.FormatBool(t))
	case string:
		w.str(t)
	case int:
		w.buf.WriteString(strconv.Itoa(t))
	case float64:
		if !finite(t) {
			return newError(orFile(path), "must be a finite number, got %v", t)
		}
		w.buf.WriteString(formatFloat(t))
	case json.Number:
		if _, err := strconv.ParseFloat(string(t), 64); err != nil || !json.Valid([]byte(t)) {
			return newError(orFile(path), "not a JSON number: %q", string(t))
		}
		w.buf.WriteString(string(t))
	case ordered:
		if len(t) == 0 {
			w.buf.WriteString("{}")
			return nil
		}
		inline := flat(t)
		w.buf.WriteByte('{')
		for i, m := range t {
			if i > 0 {
				w.buf.WriteByte(',')
				if inline && !w.compact {
					w.buf.WriteByte(' ')
				}
			}
			if !inline {
				w.indent(depth + 1)
			}
			w.str(m.key)
			w.buf.WriteByte(':')
			if !w.compact {
				w.buf.WriteByte(' ')
			}
			if err := w.value(m.value, key(path, m.key), depth+1); err != nil {
				return err
			}
		}
		if !inline {
			w.indent(depth)
		}
		w.buf.WriteByte('}')
	case map[string]any:
		o := make(ordered, 0, len(t))
		for _, k := range sortedKeys(t) {
			o.add(k, t[k])
		}
		return w.value(o, path, depth)
	case lines:
		return w.array(t, false, path, depth)
	case []any:
		return w.array(t, flat(t), path, depth)
	default:
		return newError(orFile(path), "cannot write a %T", v)
	}
	return nil
}

// lines is an array written one element per line even when its elements are scalars (a grid
// table's terrain rows).
type lines []any

// array writes the elements of t, on one line when flat.
func (w *writer) array(t []any, flat bool, path string, depth int) error {
	if len(t) == 0 {
		w.buf.WriteString("[]")
		return nil
	}
	w.buf.WriteByte('[')
	for i, e := range t {
		if i > 0 {
			w.buf.WriteByte(',')
			if flat && !w.compact {
				w.buf.WriteByte(' ')
			}
		}
		if !flat {
			w.indent(depth + 1)
		}
		if err := w.value(e, index(path, i), depth+1); err != nil {
			return err
		}
	}
	if !flat {
		w.indent(depth)
	}
	w.buf.WriteByte(']')
	return nil
}

// str writes a JSON string without HTML escaping.
func (w *writer) str(s string) {
	if plainString(s) { // as encoding/json writes it, without its cost (most of a large file's ids)
		w.buf.WriteByte('"')
		w.buf.WriteString(s)
		w.buf.WriteByte('"')
		return
	}
	b, _ := marshalCompact(s) // a string always marshals
	w.buf.Write(b)
}

// plainString reports whether encoding/json (without HTML escaping) writes s as it is between
// quotes: printable ASCII without a quote or a backslash.
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// marshalCompact is json.Marshal without HTML escaping and without the trailing newline.
func marshalCompact(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'}), nil
}

// FormatNumber writes a finite number as the file does (and encoding/json): the shortest text that
// reads back as the same float64, with an exponent only below 1e-6 and from 1e21.
func FormatNumber(v float64) string { return formatFloat(v) }

// formatFloat writes a finite float the way encoding/json does: the shortest text that reads back
// as the same float64, with an exponent only for very large or very small magnitudes.
func formatFloat(f float64) string {
	if !finite(f) {
		return fmt.Sprint(f)
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	s := strconv.FormatFloat(f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9, as encoding/json does
		n := len(s)
		if n >= 4 && s[n-4] == 'e' && s[n-3] == '-' && s[n-2] == '0' {
			s = s[:n-2] + s[n-1:]
		}
	}
	return s
}

// flat reports whether v goes on one line: a scalar, or an array or object whose elements are
// scalars or arrays of scalars.
func flat(v any) bool {
	var elems []any
	switch t := v.(type) {
	case []any:
		elems = t
	case ordered:
		for _, m := range t {
			elems = append(elems, m.value)
		}
	case map[string]any:
		for _, e := range t {
			elems = append(elems, e)
		}
	default:
		return true
	}
	for _, e := range elems {
		switch et := e.(type) {
		case ordered, map[string]any, lines:
			return false
		case []any:
			for _, x := range et {
				if !scalar(x) {
					return false
				}
			}
		}
	}
	return true
}

func scalar(v any) bool {
	switch v.(type) {
	case ordered, map[string]any, []any, lines:
		return false
	}
	return true
}
