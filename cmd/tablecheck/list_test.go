package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tablecheck -list prints the units an army list would place, as JSON.
func TestListCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := run([]string{"-list", "../../army/examples/imperial-800.json"}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	var out listOutput
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if out.Faction != "empire" || out.Points != 798 || out.Size != "Escalation" || len(out.Units) != 9 || len(out.Unknown) != 0 {
		t.Fatalf("got %+v", out)
	}
	strike := out.Units[5]
	if strike != (listUnit{Name: "Scout Troopers Strike Team", Type: "trooper", Rank: "special", Base: "small", Diameter: 1.06299,
		Minis: 2, Leader: "DLT-19X Sniper", SilhouetteHeight: 1.65, Points: 20}) {
		t.Fatalf("strike team: %+v", strike)
	}
	if atst := out.Units[7]; atst.Base != "huge" || atst.SilhouetteHeight != 8.84 || atst.Type != "ground" {
		t.Fatalf("AT-ST: %+v", atst)
	}
	if len(out.Notes) != 2 {
		t.Fatalf("notes: %q (the two renamed names)", out.Notes)
	}
}

// A list with an unknown unit prints the rest and names the unknown one; a list that cannot be
// read prints one line on stderr and exits 2.
func TestListCommandFaults(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var stdout, stderr bytes.Buffer
	p := write("partial.json", `{"armyFaction": "rebel", "units": [{"name": "Rebel Troopers"}, {"name": "Ewok Hunters"}]}`)
	if status := run([]string{"-list", p}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	var out listOutput
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Units) != 1 || len(out.Unknown) != 1 || !strings.Contains(out.Unknown[0], `"Ewok Hunters"`) {
		t.Fatalf("got %+v", out)
	}
	big := write("big.json", strings.Repeat(" ", 2<<20))
	for _, tc := range []struct{ path, fault string }{
		{write("bad.json", `{"armyFaction": "rebel", "units": [{"name": 7}]}`), "list: units[0].name: must be a string, got number"},
		{write("none.json", `{"armyFaction": "rebel", "units": [{"name": "Ewok Hunters"}]}`), "list: units: none of the 1 units"},
		{big, "list: file: larger than 1048576 bytes"},
		{filepath.Join(dir, "missing.json"), "no such file"},
	} {
		stdout.Reset()
		stderr.Reset()
		status := run([]string{"-list", tc.path}, &stdout, &stderr)
		lines := strings.Split(strings.TrimRight(stderr.String(), "\n"), "\n")
		if status != 2 || stdout.Len() != 0 || len(lines) != 1 || !strings.Contains(lines[0], tc.fault) {
			t.Errorf("%s: status %d stdout %q stderr %q; want 2, nothing, one line with %q", filepath.Base(tc.path), status, stdout.String(), stderr.String(), tc.fault)
		}
	}
}
