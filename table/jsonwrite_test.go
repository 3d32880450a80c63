package table

import "testing"

// TestWriterStrings: the writer writes every string as encoding/json (without HTML escaping) does,
// by its own path for plain ones: every byte alone and between letters, escapes, UTF-8 and bytes
// that are not.
func TestWriterStrings(t *testing.T) {
	cases := []string{"", "red-1", "weird key", "caf\u00e9", "\u2028", "a\"b", `a\b`, "\xff", "<&>", "tab\there"}
	for c := range 256 {
		cases = append(cases, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"z")
	}
	for _, s := range cases {
		var w writer
		w.str(s)
		want, err := marshalCompact(s)
		if err != nil || w.buf.String() != string(want) {
			t.Errorf("%q: wrote %s, encoding/json %s (%v)", s, w.buf.String(), want, err)
		}
	}
}
