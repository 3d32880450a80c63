package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"holotable/table"
)

// TestMillimetres: every conformance case (the public suite and the project's own) converted to
// millimetres exactly — every length × 25.4, "units": "mm" — gets the answers of the case, their
// lengths × 25.4 (numbers within the suite's 0.001, × 25.4). Where a case sits exactly on a
// boundary (p06: a centre line through a terrain corner), its millimetre coordinates are only
// within rounding of it, and the judge's tolerances, which scale with the unit, decide alike.
func TestMillimetres(t *testing.T) {
	n := 0
	for _, c := range caseFiles(t) {
		name := strings.TrimSuffix(filepath.Base(c), ".json")
		data, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		if m, ok := doc.(map[string]any); !ok || m["units"] == "mm" || m["ruleset"] == "swm" {
			continue // already in millimetres, or a grid table (counted in squares)
		}
		n++
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(c, ".json") + ".expect.json")
			if err != nil {
				t.Fatal(err)
			}
			var exp any
			if err := json.Unmarshal(want, &exp); err != nil {
				t.Fatal(err)
			}
			toMillimetres(doc)
			mm, err := json.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), name+".json")
			if err := os.WriteFile(path, mm, 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			status := run([]string{path}, &stdout, &stderr)
			if m, ok := exp.(map[string]any); ok && m["exitCode"] != nil {
				if float64(status) != m["exitCode"].(float64) || stdout.Len() != 0 {
					t.Fatalf("status %d (stderr %q), want %v", status, stderr.String(), m["exitCode"])
				}
				return
			}
			if status != 0 {
				t.Fatalf("status %d: %s", status, stderr.String())
			}
			var got any
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			answerLengths(exp)
			if d := diff(exp, got, "", 1e-3*table.MillimetresPerInch); d != "" {
				t.Fatal(d)
			}
		})
	}
	if n < 25 {
		t.Fatalf("only %d cases converted", n)
	}
}

// scale multiplies the numbers at the keys of m (or every number of a list there) by 25.4.
func scale(m map[string]any, keys ...string) {
	for _, k := range keys {
		switch v := m[k].(type) {
		case float64:
			m[k] = v * table.MillimetresPerInch
		case []any:
			for i, x := range v {
				if f, ok := x.(float64); ok {
					v[i] = f * table.MillimetresPerInch
				}
			}
		case map[string]any:
			for kk := range v {
				scale(v, kk)
			}
		}
	}
}

// objects calls f with every object of the list at key k of m.
func objects(m map[string]any, k string, f func(map[string]any)) {
	list, _ := m[k].([]any)
	for _, x := range list {
		if o, ok := x.(map[string]any); ok {
			f(o)
		}
	}
}

// toMillimetres converts a table file, decoded as generic JSON, from inches to millimetres: every
// length of spec scenario-v1 (battlefield, profile, terrain, minis, tokens, heat-map queries).
// Angles, counts and ids stay; values of the wrong type are left for the judge to refuse.
func toMillimetres(doc any) {
	root, ok := doc.(map[string]any)
	if !ok {
		return
	}
	root["units"] = "mm"
	if bf, ok := root["battlefield"].(map[string]any); ok {
		scale(bf, "width", "depth")
	}
	if p, ok := root["profile"].(map[string]any); ok {
		scale(p, "rangeSegment", "moveTools", "bases", "baseThickness", "contactTolerance", "epsilon")
	}
	objects(root, "terrain", func(o map[string]any) {
		scale(o, "height", "base")
		if c, ok := o["circle"].(map[string]any); ok {
			scale(c, "x", "y", "r")
		}
		if poly, ok := o["polygon"].([]any); ok {
			for _, p := range poly {
				if xy, ok := p.([]any); ok {
					for i, v := range xy {
						if f, ok := v.(float64); ok {
							xy[i] = f * table.MillimetresPerInch
						}
					}
				}
			}
		}
	})
	objects(root, "units_on_table", func(u map[string]any) {
		objects(u, "minis", func(m map[string]any) { scale(m, "x", "y", "base", "height", "z", "hover") })
	})
	objects(root, "tokens", func(k map[string]any) { scale(k, "x", "y", "r") })
	objects(root, "queries", func(q map[string]any) {
		if q["kind"] == "heatmap" {
			scale(q, "step", "base", "height")
		}
	})
}

// answerLengths converts expected answers to millimetres: the lengths x, y, z, distance, gap
// and a heat map's step.
func answerLengths(exp any) {
	if m, ok := exp.(map[string]any); ok {
		objects(m, "answers", func(a map[string]any) { scale(a, "x", "y", "z", "distance", "gap", "step") })
	}
}
