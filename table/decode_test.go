package table

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// tokenDecode is the decoder Load used before it read the bytes itself (issue 18): encoding/json's
// token stream, a path written for every value. FuzzDecodeJSON holds the new one to its answers.
func tokenDecode(data []byte) (any, error) {
	return guard(func() any {
		if !json.Valid(data) {
			notJSON(data)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		next := func() json.Token {
			t, err := dec.Token()
			if err != nil {
				fail(fileField, "not JSON: %s", err.Error())
			}
			return t
		}
		var value func(tok json.Token, path string, depth int) any
		value = func(tok json.Token, path string, depth int) any {
			switch t := tok.(type) {
			case json.Delim:
				if depth >= maxDepth {
					fail(orFile(path), "nested deeper than %d levels", maxDepth)
				}
				if t == '[' {
					arr := []any{}
					for i := 0; ; i++ {
						n := next()
						if n == json.Delim(']') {
							return arr
						}
						arr = append(arr, value(n, index(path, i), depth+1))
					}
				}
				obj := map[string]any{}
				for {
					n := next()
					if n == json.Delim('}') {
						return obj
					}
					k, _ := n.(string)
					if _, dup := obj[k]; dup {
						fail(orFile(path), "key %q given twice", k)
					}
					obj[k] = value(next(), key(path, k), depth+1)
				}
			case json.Number:
				f, err := strconv.ParseFloat(string(t), 64)
				if err != nil || !finite(f) {
					fail(orFile(path), "must be a finite number, got %s", string(t))
				}
				return t
			default:
				return t
			}
		}
		v := value(next(), "", 0)
		if _, err := dec.Token(); err != io.EOF {
			fail(fileField, "not JSON: unexpected data after the top-level value")
		}
		return v
	})
}

// decodeSeeds are documents that reach every branch of the decoder: escapes, bytes that are not
// UTF-8, keys given twice, numbers past float64, nesting, white space and trailing data.
var decodeSeeds = []string{
	`{}`, `[]`, ` [ ] `, "\t{\r\n}\n", `"x"`, `1`, `-0.5e+3`, `true`, `false`, `null`,
	`{"a": [1, 2, {"b": null}], "c": "d"}`,
	`{"a\"b": "c\\d\/e\u00e9\ud83d\ude00\n"}`,
	"{\"k\": \"caf\xc3\xa9\", \"bad\": \"\xff\xfe\"}",
	`{"a": 1, "a": 2}`, `{"x": {"y": [0, {"z": 1, "z": 2}]}}`, `{"weird key": {"a": 1, "a": 1}}`,
	`{"n": 1e999}`, `[1, -1e400]`, `{"a": [[[1e309]]]}`,
	strings.Repeat("[", 300) + strings.Repeat("]", 300),
	`{"a": 1} x`, `{"a": 1} {}`, `{"a": 1`, ``, `   `, `{"a" 1}`,
	`{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}}`,
}

// FuzzDecodeJSON: the decoder gives exactly the values and the faults the token decoder gave.
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	for _, c := range conformanceCases(f) {
		f.Add(c.data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, gerr := DecodeJSON(data)
		want, werr := tokenDecode(data)
		if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
			t.Fatalf("%q: fault %v, want %v", data, gerr, werr)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %#v, want %#v", data, got, want)
		}
	})
}

// TestDecodeFaults: the faults of the decoder name the path of the value at fault.
func TestDecodeFaults(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{`{"a": 1, "a": 2}`, `file: key "a" given twice`},
		{`{"x": {"y": [0, {"z": 1, "z": 2}]}}`, `x.y[1]: key "z" given twice`},
		{`{"weird key": {"a": 1e999}}`, `["weird key"].a: must be a finite number, got 1e999`},
		{`[0, [1, -1e400]]`, `[1][1]: must be a finite number, got -1e400`},
		{strings.Repeat("[", 300) + strings.Repeat("]", 300), "[0]" + strings.Repeat("[0]", 255) + ": nested deeper than 256 levels"},
		{`{"a": 1} x`, `file: not JSON: invalid character 'x' after top-level value (line 1, column 10)`},
	} {
		_, err := DecodeJSON([]byte(c.doc))
		if err == nil || err.Error() != c.want {
			t.Errorf("%.40s: %v, want %s", c.doc, err, c.want)
		}
	}
}
