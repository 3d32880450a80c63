package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"holotable/rules"
	"holotable/table"
)

// FuzzJudge builds a random table from the fuzzer's bytes — terrain of every kind (some polygons
// not simple), units of every type, tokens — and asks every query kind the format knows
// (table.QueryKinds, so kinds added later are asked too), with fields of the right JSON type drawn
// from the table's ids, the values the conformance cases use, and odd numbers. Whatever it gets,
// the judge answers or refuses with one line (invalid, or too large) and never panics; every
// answer it gives holds no null but a move's blockedBy, and every position it answers (x, y) lies
// on the table.
func FuzzJudge(f *testing.F) {
	vocab := queryVocabulary(f)
	f.Add([]byte{})
	f.Add([]byte{3, 2, 1, 0, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97})
	f.Add([]byte("a table with a few pieces and units, asked everything"))
	for i := range 4 {
		seed := make([]byte, 64)
		for k := range seed {
			seed[k] = byte(k*(7+2*i) + i)
		}
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, bf := randomTable(&byteSource{data: data}, vocab)
		out, err := answer(doc, false)
		if err != nil {
			var te *table.Error
			var tl *rules.TooLargeError
			if !errors.As(err, &te) && !errors.As(err, &tl) || strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("refused with %T %q\n%s", err, err, doc)
			}
			return
		}
		var res struct {
			Answers []map[string]any `json:"answers"`
		}
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, out)
		}
		for _, a := range res.Answers {
			checkAnswer(t, a, bf, doc)
		}
	})
}

// checkAnswer fails on a null other than a move's blockedBy, and on a position off the table
// (a base centre may lie on the edge, not beyond it).
func checkAnswer(t *testing.T, a map[string]any, bf table.Battlefield, doc []byte) {
	t.Helper()
	for k, v := range a {
		if v == nil && k != "blockedBy" {
			t.Fatalf("answer %v: %s is null\n%s", a, k, doc)
		}
	}
	for k, lim := range map[string]float64{"x": bf.Width, "y": bf.Depth} {
		if v, ok := a[k]; ok {
			x, isNum := v.(float64)
			if !isNum || math.IsNaN(x) || x < -1e-4 || x > lim+1e-4 {
				t.Fatalf("answer %v: %s = %v is off the table (0..%g)\n%s", a, k, v, lim, doc)
			}
		}
	}
}

// queryVocabulary collects, for every query field, the strings the conformance cases give it
// (modes, arcs, viewer sets, sides): a kind added with its cases brings its words along.
func queryVocabulary(t testing.TB) map[string][]string {
	vocab := map[string][]string{}
	seen := map[string]bool{}
	for _, c := range caseFiles(t) {
		data, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Queries []map[string]any `json:"queries"`
		}
		if json.Unmarshal(data, &doc) != nil {
			continue
		}
		for _, q := range doc.Queries {
			for k, v := range q {
				if s, ok := v.(string); ok && k != "id" && !seen[k+"\x00"+s] {
					seen[k+"\x00"+s] = true
					vocab[k] = append(vocab[k], s)
				}
			}
		}
	}
	return vocab
}

// byteSource hands out the fuzzer's bytes as choices, then zeros.
type byteSource struct {
	data []byte
	i    int
}

func (b *byteSource) byte() byte {
	if b.i >= len(b.data) {
		return 0
	}
	b.i++
	return b.data[b.i-1]
}

// n is a choice in [0, k).
func (b *byteSource) n(k int) int { return int(b.byte()) % k }

// f is a number in [lo, hi] in 256 steps.
func (b *byteSource) f(lo, hi float64) float64 { return lo + (hi-lo)*float64(b.byte())/255 }

func pick[T any](b *byteSource, list []T) T { return list[b.n(len(list))] }

// randomTable writes a table file from the choices of b, and returns its battlefield.
func randomTable(b *byteSource, vocab map[string][]string) ([]byte, table.Battlefield) {
	bf := pick(b, []table.Battlefield{{Width: 12, Depth: 6}, {Width: 24, Depth: 12}, {Width: 36, Depth: 36}, {Width: 72, Depth: 36}})
	var ids, miniIDs, unitIDs []string
	var terrain, units, tokens []string
	for i := range b.n(7) {
		id := fmt.Sprintf("t%d", i)
		ids = append(ids, id)
		cx, cy := b.f(0, bf.Width), b.f(0, bf.Depth)
		var foot string
		if b.n(3) == 0 {
			foot = fmt.Sprintf(`"circle": {"x": %g, "y": %g, "r": %g}`, cx, cy, b.f(0.1, 4))
		} else {
			var pts []string
			n := 3 + b.n(6)
			for k := range n {
				a := 2 * math.Pi * (float64(k) + b.f(0, 0.9)) / float64(n)
				if b.n(8) == 0 {
					a = b.f(0, 2*math.Pi) // now and then out of order: maybe not simple
				}
				r := b.f(0.2, 5)
				pts = append(pts, fmt.Sprintf("[%g, %g]", cx+r*math.Cos(a), cy+r*math.Sin(a)))
			}
			foot = `"polygon": [` + strings.Join(pts, ", ") + `]`
		}
		h := b.f(0, 6)
		extra := ""
		if b.n(5) == 0 {
			extra = fmt.Sprintf(`, "base": %g, "standable": %t`, b.f(0, h), b.n(2) == 0)
		}
		terrain = append(terrain, fmt.Sprintf(`{"id": %q, %s, "height": %g, "kind": %q, "cover": %q, "move": {"trooper": %q, "ground": %q, "repulsor": %q}%s}`,
			id, foot, h, pick(b, []string{"solid", "solid", "area", "depression"}), pick(b, []string{"none", "light", "heavy"}),
			pick(b, []string{"open", "difficult", "impassable"}), pick(b, []string{"open", "difficult", "impassable"}),
			pick(b, []string{"open", "difficult", "impassable"}), extra))
	}
	for i := range 1 + b.n(6) {
		id := fmt.Sprintf("u%d", i)
		ids, unitIDs = append(ids, id), append(unitIDs, id)
		typ := pick(b, []string{"trooper", "trooper", "creature", "emplacement", "ground", "repulsor"})
		base := pick(b, []string{`"small"`, `"medium"`, `"large"`, `"huge"`, "0.8", "2.5"})
		x0, y0 := b.f(2, bf.Width-2), b.f(2, bf.Depth-2)
		var minis []string
		for k := range 1 + b.n(4) {
			mid := fmt.Sprintf("m%d-%d", i, k)
			ids, miniIDs = append(ids, mid), append(miniIDs, mid)
			x := math.Min(math.Max(x0+b.f(-3, 3), 2), bf.Width-2)
			y := math.Min(math.Max(y0+b.f(-3, 3), 2), bf.Depth-2)
			minis = append(minis, fmt.Sprintf(`{"id": %q, "leader": %t, "x": %g, "y": %g, "base": %s, "height": %g, "z": %g, "facing": %g, "hover": %g}`,
				mid, k == 0, x, y, base, b.f(0.5, 5), pick(b, []float64{0, 0, 0, 1, 3}), b.f(-720, 720), b.f(0, 1)))
		}
		units = append(units, fmt.Sprintf(`{"id": %q, "side": %q, "type": %q, "speed": %d, "minis": [%s]}`,
			id, pick(b, []string{"red", "blue", "green"}), typ, 1+b.n(3), strings.Join(minis, ", ")))
	}
	for i := range b.n(3) {
		id := fmt.Sprintf("k%d", i)
		ids = append(ids, id)
		tokens = append(tokens, fmt.Sprintf(`{"id": %q, "kind": "objective", "x": %g, "y": %g, "r": %g}`, id, b.f(0, bf.Width), b.f(0, bf.Depth), b.f(0.2, 1.5)))
	}
	var queries []string
	for _, kind := range table.QueryKinds() {
		for range 1 + b.n(2) {
			fields := []string{fmt.Sprintf(`"id": "q%d", "kind": %q`, len(queries), kind)}
			for _, qf := range table.QueryFields(kind) {
				if !qf.Required && b.n(3) == 0 {
					continue
				}
				var v string
				switch qf.Type {
				case "string": // mostly an id of the table, else a word the cases use, or none
					words := append([]string{"nobody"}, vocab[qf.Name]...)
					if b.n(4) > 0 {
						words = pick(b, [][]string{ids, miniIDs, unitIDs, unitIDs})
					}
					v = fmt.Sprintf("%q", pick(b, words))
				case "bool":
					v = fmt.Sprint(b.n(2) == 0)
				case "int":
					v = fmt.Sprint(pick(b, []int{-1, 0, 1, 1, 2, 2, 3, 4, 1 << 30}))
				default:
					v = fmt.Sprint(pick(b, []float64{0, 0.25, 0.5, 1, 1, 2, -1, 45, -90, 180, 400, 1e6, 1e7, b.f(-360, 360), b.f(0, 1)}))
				}
				fields = append(fields, fmt.Sprintf("%q: %s", qf.Name, v))
			}
			queries = append(queries, "{"+strings.Join(fields, ", ")+"}")
		}
	}
	doc := fmt.Sprintf(`{"format": "holotable/1", "ruleset": %q, "battlefield": {"width": %g, "depth": %g}, "terrain": [%s], "units_on_table": [%s], "tokens": [%s], "queries": [%s]}`,
		pick(b, []string{"legion", "specops"}), bf.Width, bf.Depth, strings.Join(terrain, ", "), strings.Join(units, ", "), strings.Join(tokens, ", "), strings.Join(queries, ", "))
	return []byte(doc), bf
}
