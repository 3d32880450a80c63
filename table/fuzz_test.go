package table

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
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
	f.Add([]byte(diceDoc))
	f.Add(edit(f, withGame()...))
	f.Add(edit(f, withGame("game.moves", raw(movesRaw))...)) // the move record (game_moves.go)
	for _, c := range gameFaults {
		f.Add(c.doc(f))
	}
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

// TestRandomEdits is a structure-aware complement to FuzzLoad: it replaces, adds or deletes
// random fields of valid files with values of every JSON type, and checks the same properties.
func TestRandomEdits(t *testing.T) {
	docs := [][]byte{[]byte(baseDoc)}
	for _, c := range conformanceCases(t) {
		if !c.invalid {
			docs = append(docs, c.data)
		}
	}
	pool := []any{nil, true, false, "", "small", "heavy", "light", "none", "open", "difficult", "solid", "area",
		"depression", "ground", "repulsor", "a-1", "wall", "move", "range", json.Number("0"), json.Number("-1"),
		json.Number("1.5"), json.Number("2"), json.Number("3"), json.Number("1e300"), json.Number("-0"),
		json.Number("2.0"), []any{}, []any{json.Number("1"), json.Number("2")}, map[string]any{},
		map[string]any{"trooper": "heavy"}}
	rng := rand.New(rand.NewPCG(1, 2))
	loaded, rounds := 0, 4000
	if testing.Short() {
		rounds = 400
	}
	for i := 0; i < rounds; i++ {
		var doc any
		dec := json.NewDecoder(bytes.NewReader(docs[rng.IntN(len(docs))]))
		dec.UseNumber()
		if err := dec.Decode(&doc); err != nil {
			t.Fatal(err)
		}
		for n := 1 + rng.IntN(3); n > 0; n-- {
			mutate(rng, doc, pool)
		}
		data, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		first, err := Load(data)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("fault on several lines: %q", err.Error())
			}
			continue
		}
		loaded++
		out, err := Save(first)
		if err != nil {
			t.Fatalf("Save of a loaded file: %v\n%s", err, data)
		}
		second, err := Load(out)
		if err != nil || !reflect.DeepEqual(first, second) {
			t.Fatalf("round trip failed (%v) for\n%s", err, data)
		}
	}
	t.Logf("%d of %d edited files loaded", loaded, rounds)
	if loaded < rounds/5 {
		t.Errorf("only %d of the edited files loaded; the test explores too little", loaded)
	}
}

// mutate changes one random place of a decoded document: it walks down a random path and there
// replaces a value, deletes a key, adds a key or appends an element.
func mutate(rng *rand.Rand, v any, pool []any) {
	for {
		switch c := v.(type) {
		case map[string]any:
			if len(c) == 0 || rng.IntN(4) == 0 {
				c[[]string{"x", "kind", "base", "cover", "speed", "leader", "note"}[rng.IntN(7)]] = pool[rng.IntN(len(pool))]
				return
			}
			keys := sortedKeys(c)
			k := keys[rng.IntN(len(keys))]
			switch rng.IntN(5) {
			case 0:
				c[k] = pool[rng.IntN(len(pool))]
				return
			case 1:
				delete(c, k)
				return
			}
			v = c[k]
		case []any:
			if len(c) == 0 {
				return
			}
			j := rng.IntN(len(c))
			if rng.IntN(5) == 0 {
				c[j] = pool[rng.IntN(len(pool))]
				return
			}
			v = c[j]
		default:
			return
		}
	}
}
