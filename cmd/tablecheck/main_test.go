package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestConformance runs every case of testdata/conformance (the public suite, copied from
// shared/conformance) and testdata/cases (the project's own, each with its hand derivation in
// "note") through the judge and compares the output
// with the case's .expect.json by the suite's rules: exact keys, lists in order, numbers within
// 0.001, an expected "error" matching any non-empty sentence, {"exitCode": 2} meaning status 2,
// one line on stderr and nothing on stdout.
func TestConformance(t *testing.T) {
	cases := caseFiles(t)
	for _, c := range cases {
		name := strings.TrimSuffix(filepath.Base(c), ".json")
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(c, ".json") + ".expect.json")
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			status := run([]string{c}, &stdout, &stderr)
			var exp any
			if err := json.Unmarshal(want, &exp); err != nil {
				t.Fatal(err)
			}
			if m, ok := exp.(map[string]any); ok {
				if code, ok := m["exitCode"]; ok {
					if float64(status) != code.(float64) {
						t.Fatalf("exit status %d, want %v (stderr %q)", status, code, stderr.String())
					}
					if stdout.Len() != 0 {
						t.Fatalf("stdout not empty: %q", stdout.String())
					}
					if lines := strings.Split(strings.TrimSpace(stderr.String()), "\n"); len(lines) != 1 || lines[0] == "" {
						t.Fatalf("want one line on stderr, got %q", stderr.String())
					}
					return
				}
			}
			if status != 0 {
				t.Fatalf("exit status %d: %s", status, stderr.String())
			}
			var got any
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatalf("stdout is not JSON: %v\n%s", err, stdout.String())
			}
			if d := diff(exp, got, "", 1e-3); d != "" {
				t.Fatal(d)
			}
		})
	}
	if len(cases) < 52 {
		t.Fatalf("only %d cases found: the public suite has 34, the project's own 18", len(cases))
	}
}

// caseFiles lists the case files (not their .expect.json) of testdata/conformance and
// testdata/cases, sorted.
func caseFiles(t testing.TB) []string {
	t.Helper()
	all, err := filepath.Glob("../../testdata/conformance/*.json")
	if err != nil {
		t.Fatal(err)
	}
	own, _ := filepath.Glob("../../testdata/cases/*.json")
	var cases []string
	for _, c := range append(all, own...) {
		if !strings.HasSuffix(c, ".expect.json") {
			cases = append(cases, c)
		}
	}
	sort.Strings(cases)
	return cases
}

// diff compares an expected answer with the judge's: numbers within tol.
func diff(exp, got any, path string, tol float64) string {
	switch e := exp.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: expected an object, got %v", path, got)
		}
		for k := range e {
			if _, ok := g[k]; !ok {
				return fmt.Sprintf("%s: missing field %s", path, k)
			}
		}
		for k := range g {
			if _, ok := e[k]; !ok {
				return fmt.Sprintf("%s: unexpected field %s", path, k)
			}
		}
		for k, v := range e {
			if k == "error" {
				if s, ok := g[k].(string); !ok || strings.TrimSpace(s) == "" {
					return fmt.Sprintf("%s.error: want a sentence, got %v", path, g[k])
				}
				continue
			}
			if d := diff(v, g[k], path+"."+k, tol); d != "" {
				return d
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(e) {
			return fmt.Sprintf("%s: expected %v, got %v", path, exp, got)
		}
		for i := range e {
			if d := diff(e[i], g[i], fmt.Sprintf("%s[%d]", path, i), tol); d != "" {
				return d
			}
		}
	case float64:
		g, ok := got.(float64)
		if !ok || math.Abs(e-g) > tol+1e-9 {
			return fmt.Sprintf("%s: expected %v, got %v", path, exp, got)
		}
	default:
		if exp != got {
			return fmt.Sprintf("%s: expected %v, got %v", path, exp, got)
		}
	}
	return ""
}

// TestExplain: -explain adds reasons with rulebook references to every answer.
func TestExplain(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if s := run([]string{"-explain", "../../testdata/conformance/10-cover-majority.json"}, &stdout, &stderr); s != 0 {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	var out struct {
		Answers []struct {
			Explain []string `json:"explain"`
		} `json:"answers"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	for i, a := range out.Answers {
		if len(a.Explain) == 0 || !strings.Contains(strings.Join(a.Explain, " "), "RRG 2.0") {
			t.Errorf("answer %d: explain %v lacks a rulebook reference", i, a.Explain)
		}
	}
}

// TestUsage: no file is a usage error with status 2.
func TestUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if s := run(nil, &stdout, &stderr); s != 2 || stdout.Len() != 0 {
		t.Fatalf("status %d, stdout %q", s, stdout.String())
	}
}

// TestTooLarge: a file beyond one of the limits — at load, by its questions' estimated work, or
// by its size before it is read whole — exits with status 3, one line on stderr naming the
// field, and nothing on stdout; an invalid file keeps status 2.
func TestTooLarge(t *testing.T) {
	doc := func(tokens int, queries string) string {
		var ks []string
		for i := range tokens {
			ks = append(ks, fmt.Sprintf(`{"id": "k%d", "x": %d, "y": 1, "r": 0.5}`, i, i%72))
		}
		return `{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "tokens": [` + strings.Join(ks, ",") + `],
			"units_on_table": [{"id": "u", "side": "red", "type": "trooper", "minis": [{"id": "m", "leader": true, "x": 5, "y": 5, "base": "small", "height": 1.65}]}],
			"queries": [` + queries + `]}`
	}
	big := `{"format": "holotable/1", "note": "` + strings.Repeat("x", 3<<20) + `"}`
	cases := []struct {
		name, data, line string
		status           int
	}{
		{"tokens", doc(257, ""), "tokens: 257 tokens, more than the limit of 256 (too large)", 3},
		{"heat map cells × viewers", doc(1, `{"id": "h", "kind": "heatmap", "side": "blue", "step": 0.02}`),
			"queries[0]: a heat map of 6480000 cells × 1 viewers = 6480000, more than the limit of 4194304 (too large)", 3},
		{"file size", big, fmt.Sprintf("file: %d bytes, more than the limit of 2097152 (too large)", len(big)), 3},
		{"invalid", doc(1, `{"id": "d", "kind": "distance", "a": "m"}`), "queries[0].b: missing", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "table.json")
			if err := os.WriteFile(path, []byte(c.data), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if s := run([]string{path}, &stdout, &stderr); s != c.status || stdout.Len() != 0 || stderr.String() != c.line+"\n" {
				t.Fatalf("status %d, stdout %d bytes, stderr %q; want %d and %q", s, stdout.Len(), stderr.String(), c.status, c.line)
			}
		})
	}
}

// TestExplainGrid: the answers about a grid table cite seed 004.
func TestExplainGrid(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if s := run([]string{"-explain", "../../testdata/cases/swm-02-targets.json"}, &stdout, &stderr); s != 0 {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	if n := strings.Count(stdout.String(), "SWM seed 004"); n < 6 {
		t.Errorf("%d citations of seed 004 in\n%s", n, stdout.String())
	}
}
