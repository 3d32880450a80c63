package swm

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/table"
)

// FuzzAsk: for every grid table LoadSWM accepts, every query is answered (an answer or an error
// sentence, never a panic), twice the same, and every answer marshals to JSON. The seeds are the
// judge's grid cases and the example map with one query of each kind.
func FuzzAsk(f *testing.F) {
	cases, _ := filepath.Glob("../testdata/cases/swm-*.json")
	for _, c := range cases {
		if strings.HasSuffix(c, ".expect.json") {
			continue
		}
		if b, err := os.ReadFile(c); err == nil {
			f.Add(b)
		}
	}
	ex := strings.TrimSuffix(strings.TrimSpace(string(maps.SWMExample())), "}") + `, "queries": [
		{"id": "a", "kind": "los", "from": "obi-wan", "to": "vader"},
		{"id": "b", "kind": "cover", "attacker": "vader", "defender": "rebel-heavy"},
		{"id": "c", "kind": "distance", "from": "obi-wan", "to": "vader", "mode": "commander"},
		{"id": "d", "kind": "within", "figure": "vader", "n": 6},
		{"id": "e", "kind": "reach", "figure": "obi-wan", "double": true, "force": true, "x": 8, "y": 4},
		{"id": "f", "kind": "targets", "figure": "rebel-captain", "ignoreStealth": true}]}`
	f.Add([]byte(ex))
	f.Fuzz(func(t *testing.T, data []byte) {
		tf, err := table.LoadSWM(data)
		if err != nil {
			return
		}
		b := NewBoard(tf)
		for _, q := range tf.Queries {
			first, second := b.Ask(q), b.Ask(q)
			if !reflect.DeepEqual(first, second) {
				t.Fatalf("query %s answered twice differently", q.ID)
			}
			if first.Err != nil && strings.ContainsAny(first.Err.Error(), "\r\n") {
				t.Fatalf("query %s: a multi-line error", q.ID)
			}
			if _, err := json.Marshal(first); err != nil {
				t.Fatalf("query %s: %v", q.ID, err)
			}
		}
	})
}
