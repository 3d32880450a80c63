package maps

import (
	"strings"
	"testing"
)

func TestLoadMissionsAll(t *testing.T) {
	ms, err := LoadMissions()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range ms {
		ids = append(ids, m.ID)
		if m.Map != MapNotInSeeds || m.Inferred == "" || m.Rounds != 4 || !strings.HasPrefix(m.Cite, "SO L") {
			t.Errorf("%s: map %q inferred %q rounds %d cite %q", m.ID, m.Map, m.Inferred, m.Rounds, m.Cite)
		}
	}
	want := "deactivate-the-shields,disabled-vehicle,shifting-priorities,transmit-the-codes"
	if strings.Join(ids, ",") != want {
		t.Errorf("missions %v, want %s", ids, want)
	}
}

// The numbers the seed states, checked against SO's text.
func TestMissionData(t *testing.T) {
	dv, err := MissionByID("disabled-vehicle")
	if err != nil {
		t.Fatal(err)
	}
	if dv.Vehicle == nil || dv.Vehicle.At != "centre" || dv.Vehicle.OnMarker != "objective" {
		t.Errorf("vehicle %+v: at the centre on the objective marker (SO L332–334)", dv.Vehicle)
	}
	if d := dv.Detonator; d == nil || d.Dice != 10 || d.Die != "white-attack" || d.LessPerFullInch != 1 {
		t.Errorf("detonator %+v: 10 white attack dice, 1 less per full inch (SO L364–365)", dv.Detonator)
	}
	if dv.Markers[1].Kind != "ambush" || dv.Markers[1].Count != 4 || dv.Markers[0].At != "centre" {
		t.Errorf("markers %+v: the centre objective and 4 ambush points (SO L332–335)", dv.Markers)
	}
	if dv.Deploy[0] != (MissionDeploy{"blue", "vehicleContact", "SO L335–337", ""}) {
		t.Errorf("blue deploys in base contact with the vehicle: %+v", dv.Deploy[0])
	}

	sp, _ := MissionByID("shifting-priorities")
	if c := sp.Distances[0]; c.Kind != "control" || c.Inches != 3 || c.Measure != "within" {
		t.Errorf("control %+v: most leaders within 3\" (SO L397–399)", c)
	}
	if p := sp.Primary; p == nil || p.From != 2 || p.Faces["crit"] != "right" || p.Faces["surge"] != "left" || p.Faces["hit"] != "middle" || p.Faces["blank"] != "" {
		t.Errorf("primary %+v (SO L386–394)", sp.Primary)
	}

	tc, _ := MissionByID("transmit-the-codes")
	if tc.Markers[0].Kind != "transmitter" || tc.Markers[0].Count != 3 || tc.Sprint == nil || tc.Sprint.FasterSpeed != 2 {
		t.Errorf("codes: 3 transmitters, [F2285] sprint at speed 2: %+v %+v", tc.Markers, tc.Sprint)
	}
	for _, d := range tc.Distances {
		if d.Inches != 3 || d.Measure != "in" {
			t.Errorf("codes distance %+v: 3\", measured \"in\"", d)
		}
	}

	ds, _ := MissionByID("deactivate-the-shields")
	if len(ds.Markers) != 2 || ds.Markers[0].Count != 3 || ds.Markers[0].Kind != "console" || ds.Markers[1].Count != 1 {
		t.Errorf("shields: 3 consoles and 1 transmitter (SO L224–226): %+v", ds.Markers)
	}
}

func TestMissionByIDRefuses(t *testing.T) {
	for _, id := range []string{"", "nope", "../cards/breakthrough", "disabled-vehicle.json"} {
		if _, err := MissionByID(id); err == nil {
			t.Errorf("MissionByID(%q) found something", id)
		}
	}
}

func TestParseMissionFaults(t *testing.T) {
	ok := `{"id": "m", "name": {"en": "M", "de": "M"}, "cite": "SO L1", "text": "t", "map": "not in the seeds",
	 "inferred": "i", "rounds": 4, "defender": "blue", "deploy": [{"colour": "red", "rule": "zone", "cite": "c"}]`
	if _, err := ParseMission("missions/m.json", []byte(ok+"}")); err != nil {
		t.Fatalf("the base case fails: %v", err)
	}
	cases := []struct{ extra, want string }{
		{`, "colour": "x"`, `missions/m.json: unknown field "colour"`},
		{`, "markers": [{"kind": "crate", "count": 1, "face": "claimed", "cite": "c", "inferred": "i"}]`, `missions/m.json: markers[0].kind: "crate" is not one of console, transmitter, ambush, objective`},
		{`, "markers": [{"kind": "ambush", "count": 4, "face": "claimed", "cite": "c"}]`, `missions/m.json: markers[0].inferred: missing: a marker the players place needs the note that its map position is not in the seeds`},
		{`, "markers": [{"kind": "ambush", "count": 0, "face": "claimed", "cite": "c", "inferred": "i"}]`, `missions/m.json: markers[0].count: 0: at least 1`},
		{`, "distances": [{"kind": "control", "inches": 3, "measure": "near", "cite": "c"}]`, `missions/m.json: distances[0].measure: "near" is not in or within`},
		{`, "detonator": {"dice": 10, "die": "white-attack", "lessPerFullInch": 1, "from": "leader", "cite": "c"}`, `missions/m.json: detonator: a detonator is thrown at the vehicle: vehicle is missing`},
		{`, "vehicle": {"at": "corner", "onMarker": "objective", "cite": "c"}`, `missions/m.json: vehicle: at must be "centre" (SO L332–334) and cite is required`},
		{`, "primary": {"die": "black-attack", "from": 2, "faces": {"crit": "right", "surge": "left", "hit": "middle"}, "cite": "c"}`, `missions/m.json: primary.faces: face "blank" missing`},
	}
	for _, c := range cases {
		_, err := ParseMission("missions/m.json", []byte(ok+c.extra+"}"))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.extra, err, c.want)
		}
	}
	if _, err := ParseMission("missions/other.json", []byte(ok+"}")); err == nil || !strings.Contains(err.Error(), `id: "m" does not match the file name "other"`) {
		t.Errorf("id check: %v", err)
	}
	if _, err := ParseMission("missions/m.json", []byte(strings.Replace(ok, `"not in the seeds"`, `"rulebook"`, 1)+"}")); err == nil || !strings.Contains(err.Error(), "map:") {
		t.Errorf("map check: %v", err)
	}
}
