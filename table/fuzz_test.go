package table

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzLoad, seeded with the conformance cases and the fault cases, checks that Load never panics, that every fault is one "Field: Fault" line, and that
// whatever Load accepts Save writes and Load reads back unchanged.
func FuzzLoad(f *testing.F) {
	for _, c := range conformanceCases(f) {
		f.Add(c.data)
	}
	f.Add([]byte(baseDoc))
	for _, c := range faultCases {
		f.Add(c.doc(f))
	}
	f.Add([]byte(minimal))
	f.Fuzz(func(t *testing.T, data []byte) {
		first, err := Load(data)
		if err != nil {
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error %T %v, want *Error", err, err)
			}
			if first != nil || e.Field == "" || e.Fault == "" || strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("bad fault %q (file %v)", err.Error(), first != nil)
			}
			return
		}
		out, err := Save(first)
		if err != nil {
			t.Fatalf("Save of a loaded file: %v", err)
		}
		second, err := Load(out)
		if err != nil {
			t.Fatalf("Load of a saved file: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(first, second) {
			t.Fatalf("Load(Save(f)) differs from f\nf: %+v\ng: %+v\nsaved:\n%s", first, second, out)
		}
	})
}
