package maps

// Spezialeinsätze (specops) missions as data: one JSON file per mission in maps/missions/, named
// <id>.json. The source is seed 003 (SO, by line); its mission maps were pictures and are not in
// the seeds, so no file gives a zone or a marker position except where the text states one (the
// vehicle at the centre). Players place the markers; the app enforces what the text does say.
//
// Schema (every field not listed is refused, so a typo is an error):
//
//	id         string   the file's base name: "disabled-vehicle"
//	name       {en, de} en is our translation, de the seed's title; both required
//	cite       string   the mission's lines in seed 003; required
//	text       string   the mission's rules in English, as far as the seed gives them; required
//	map        string   "not in the seeds" (every mission: the maps were pictures)
//	inferred   string   what is missing or inferred and why; required
//	rounds     int      rounds played (4, SO L3–4)
//	defender   string   "blue", "red" or "" (no defender)
//	markers    [{kind, count, face, at, cite, inferred}] markers placed in setup: kind is the token
//	           kind the table uses ("console", "transmitter", "ambush", "objective"), count ≥ 1,
//	           face "claimed" or "unclaimed", at "" (players place them) or "centre"
//	deploy     [{colour, rule, cite, inferred}] how each colour deploys: rule "zone" (in its zone),
//	           "twoZones" (alternating between its two zones after the first unit), "vehicleContact"
//	           (in base contact with the vehicle), "zoneOrAmbush" (in its zone or into the ambush
//	           network), "partial" (only some ranks at the start, the rest by reinforcement)
//	distances  [{kind, inches, measure, cite, inferred}] the radii the text gives: measure "in" (the
//	           nearest point of the base within the distance) or "within" (the whole base)
//	contacts   [{kind, with, cite, inferred}] the base-contact rules: with "console", "transmitter",
//	           "vehicle", "ambush", "condition"
//	vehicle    {at, onMarker, cite, inferred}: the immobilised vehicle ("centre", on the objective
//	           marker)
//	detonator  {dice, die, lessPerFullInch, from, cite, inferred}
//	primary    {die, from, faces {face: "left"|"middle"|"right"|""}, cite, inferred}
//	sprint     {speed, fasterSpeed, fasterWho, cite}: mission changes to the Sprint action
//	scoring    {perMarker, primary, control, cite}: victory points in every end phase — perMarker per
//	           marker a side controls, primary more for the primary one; control names the
//	           distances entry that decides control (the side with more unit leaders in it)
//
// LoadMissions reads and checks them all; an error is one line naming the file and the field.

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed missions/*.json
var missionFiles embed.FS

// MapNotInSeeds is the only map value: the mission maps are pictures in seed 003.
const MapNotInSeeds = "not in the seeds"

// Mission is one Spezialeinsätze mission.
type Mission struct {
	ID        string             `json:"id"`
	Name      CardName           `json:"name"`
	Cite      string             `json:"cite"`
	Text      string             `json:"text"`
	Map       string             `json:"map"`
	Inferred  string             `json:"inferred"`
	Rounds    int                `json:"rounds"`
	Defender  string             `json:"defender"`
	Markers   []MissionMarker    `json:"markers,omitempty"`
	Deploy    []MissionDeploy    `json:"deploy"`
	Distances []MissionDistance  `json:"distances,omitempty"`
	Contacts  []MissionContact   `json:"contacts,omitempty"`
	Vehicle   *MissionVehicle    `json:"vehicle,omitempty"`
	Detonator *MissionDetonator  `json:"detonator,omitempty"`
	Primary   *MissionPrimary    `json:"primary,omitempty"`
	Sprint    *MissionSprintRule `json:"sprint,omitempty"`
	Scoring   *MissionScoring    `json:"scoring,omitempty"`
}

// MissionScoring is a mission's end-phase victory points: PerMarker for each marker a side
// controls and Primary more for the round's primary marker; Control is the kind of the distances
// entry whose radius decides control.
type MissionScoring struct {
	PerMarker int    `json:"perMarker"`
	Primary   int    `json:"primary"`
	Control   string `json:"control"`
	Cite      string `json:"cite"`
	Inferred  string `json:"inferred,omitempty"`
}

// MissionMarker is a kind of marker the mission places in setup.
type MissionMarker struct {
	Kind     string `json:"kind"`
	Count    int    `json:"count"`
	Face     string `json:"face"`
	At       string `json:"at,omitempty"`
	Cite     string `json:"cite"`
	Inferred string `json:"inferred,omitempty"`
}

// MissionDeploy is how one colour deploys.
type MissionDeploy struct {
	Colour   string `json:"colour"`
	Rule     string `json:"rule"`
	Cite     string `json:"cite"`
	Inferred string `json:"inferred,omitempty"`
}

// MissionDistance is a radius the mission text gives, in inches.
type MissionDistance struct {
	Kind     string  `json:"kind"`
	Inches   float64 `json:"inches"`
	Measure  string  `json:"measure"`
	Cite     string  `json:"cite"`
	Inferred string  `json:"inferred,omitempty"`
}

// MissionContact is a base-contact rule of the mission.
type MissionContact struct {
	Kind     string `json:"kind"`
	With     string `json:"with"`
	Cite     string `json:"cite"`
	Inferred string `json:"inferred,omitempty"`
}

// MissionVehicle is the immobilised vehicle.
type MissionVehicle struct {
	At       string `json:"at"`
	OnMarker string `json:"onMarker"`
	Cite     string `json:"cite"`
	Inferred string `json:"inferred,omitempty"`
}

// MissionDetonator is the detonator roll: Dice dice of Die, less LessPerFullInch per full inch
// from the unit leader (From) to the vehicle.
type MissionDetonator struct {
	Dice            int    `json:"dice"`
	Die             string `json:"die"`
	LessPerFullInch int    `json:"lessPerFullInch"`
	From            string `json:"from"`
	Cite            string `json:"cite"`
	Inferred        string `json:"inferred,omitempty"`
}

// MissionPrimary is the primary-objective roll: which marker each face of Die makes primary.
type MissionPrimary struct {
	Die      string            `json:"die"`
	From     int               `json:"from"`
	Faces    map[string]string `json:"faces"`
	Cite     string            `json:"cite"`
	Inferred string            `json:"inferred,omitempty"`
}

// MissionSprintRule is a mission's change to the Sprint action.
type MissionSprintRule struct {
	FasterSpeed int    `json:"fasterSpeed"`
	FasterWho   string `json:"fasterWho"`
	Cite        string `json:"cite"`
}

// LoadMissions reads every embedded mission, checked, sorted by id.
func LoadMissions() ([]Mission, error) {
	names, err := fs.Glob(missionFiles, "missions/*.json")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := make([]Mission, 0, len(names))
	for _, n := range names {
		b, err := missionFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		m, err := ParseMission(n, b)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// MissionByID returns the embedded mission with the given id.
func MissionByID(id string) (Mission, error) {
	if id == "" || strings.ContainsAny(id, "/\\.") {
		return Mission{}, fmt.Errorf("maps: no mission %q", id)
	}
	name := "missions/" + id + ".json"
	b, err := missionFiles.ReadFile(name)
	if err != nil {
		return Mission{}, fmt.Errorf("maps: no mission %q", id)
	}
	return ParseMission(name, b)
}

// Known words of the mission schema.
var (
	missionMarkerKinds = []string{"console", "transmitter", "ambush", "objective"}
	missionDeployRules = []string{"zone", "twoZones", "vehicleContact", "zoneOrAmbush", "partial"}
	missionContactWith = []string{"console", "transmitter", "vehicle", "ambush", "condition"}
	dieFaces           = []string{"crit", "surge", "hit", "blank"}
)

// ParseMission decodes and checks one mission file; file is its path, used in errors and to
// check the id. The error is one line: "missions/x.json: field: what is wrong".
func ParseMission(file string, data []byte) (Mission, error) {
	var m Mission
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return Mission{}, fmt.Errorf("%s: %s", file, strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return Mission{}, fmt.Errorf("%s: trailing data after the mission object", file)
	}
	bad := func(field, format string, args ...any) (Mission, error) {
		return Mission{}, fmt.Errorf("%s: %s: %s", file, field, fmt.Sprintf(format, args...))
	}
	has := func(list []string, s string) bool {
		for _, x := range list {
			if x == s {
				return true
			}
		}
		return false
	}
	colour := func(c string) bool { return c == "blue" || c == "red" }
	base := strings.TrimSuffix(path.Base(file), ".json")
	switch {
	case m.ID == "":
		return bad("id", "missing")
	case m.ID != base:
		return bad("id", "%q does not match the file name %q", m.ID, base)
	case m.Name.EN == "" || m.Name.DE == "":
		return bad("name", "en and de are required")
	case m.Cite == "":
		return bad("cite", "missing: every mission cites its seed lines")
	case m.Text == "":
		return bad("text", "missing")
	case m.Map != MapNotInSeeds:
		return bad("map", "%q: the mission maps are not in the seeds; write %q", m.Map, MapNotInSeeds)
	case m.Inferred == "":
		return bad("inferred", "missing: say what is missing or inferred")
	case m.Rounds < 1:
		return bad("rounds", "%d: at least 1", m.Rounds)
	case m.Defender != "" && !colour(m.Defender):
		return bad("defender", "%q is not blue, red or empty", m.Defender)
	case len(m.Deploy) == 0:
		return bad("deploy", "missing: how each colour deploys")
	}
	for i, k := range m.Markers {
		f := fmt.Sprintf("markers[%d]", i)
		switch {
		case !has(missionMarkerKinds, k.Kind):
			return bad(f+".kind", "%q is not one of %s", k.Kind, strings.Join(missionMarkerKinds, ", "))
		case k.Count < 1:
			return bad(f+".count", "%d: at least 1", k.Count)
		case k.Face != "claimed" && k.Face != "unclaimed":
			return bad(f+".face", "%q is not claimed or unclaimed", k.Face)
		case k.At != "" && k.At != "centre":
			return bad(f+".at", "%q: the text fixes no place but the centre", k.At)
		case k.Cite == "":
			return bad(f+".cite", "missing")
		case k.At == "" && k.Inferred == "":
			return bad(f+".inferred", "missing: a marker the players place needs the note that its map position is not in the seeds")
		}
	}
	for i, d := range m.Deploy {
		f := fmt.Sprintf("deploy[%d]", i)
		switch {
		case !colour(d.Colour):
			return bad(f+".colour", "%q is not blue or red", d.Colour)
		case !has(missionDeployRules, d.Rule):
			return bad(f+".rule", "%q is not one of %s", d.Rule, strings.Join(missionDeployRules, ", "))
		case d.Cite == "":
			return bad(f+".cite", "missing")
		}
	}
	for i, d := range m.Distances {
		f := fmt.Sprintf("distances[%d]", i)
		switch {
		case d.Kind == "":
			return bad(f+".kind", "missing")
		case !(d.Inches > 0):
			return bad(f+".inches", "%g: must be positive", d.Inches)
		case d.Measure != "in" && d.Measure != "within":
			return bad(f+".measure", "%q is not in or within", d.Measure)
		case d.Cite == "":
			return bad(f+".cite", "missing")
		}
	}
	for i, c := range m.Contacts {
		f := fmt.Sprintf("contacts[%d]", i)
		switch {
		case c.Kind == "":
			return bad(f+".kind", "missing")
		case !has(missionContactWith, c.With):
			return bad(f+".with", "%q is not one of %s", c.With, strings.Join(missionContactWith, ", "))
		case c.Cite == "":
			return bad(f+".cite", "missing")
		}
	}
	if v := m.Vehicle; v != nil && (v.At != "centre" || v.Cite == "") {
		return bad("vehicle", "at must be \"centre\" (SO L332–334) and cite is required")
	}
	if d := m.Detonator; d != nil {
		switch {
		case d.Dice < 1 || d.LessPerFullInch < 1:
			return bad("detonator", "dice and lessPerFullInch must be at least 1")
		case d.Die == "" || d.From == "" || d.Cite == "":
			return bad("detonator", "die, from and cite are required")
		case m.Vehicle == nil:
			return bad("detonator", "a detonator is thrown at the vehicle: vehicle is missing")
		}
	}
	if p := m.Primary; p != nil {
		if p.Die == "" || p.From < 1 || p.Cite == "" {
			return bad("primary", "die, from (a round ≥ 1) and cite are required")
		}
		for _, face := range dieFaces {
			v, ok := p.Faces[face]
			if !ok {
				return bad("primary.faces", "face %q missing", face)
			}
			if v != "" && v != "left" && v != "middle" && v != "right" {
				return bad("primary.faces."+face, "%q is not left, middle, right or empty", v)
			}
		}
		if len(p.Faces) != len(dieFaces) {
			return bad("primary.faces", "only crit, surge, hit and blank")
		}
	}
	if sc := m.Scoring; sc != nil {
		found := false
		for _, d := range m.Distances {
			found = found || d.Kind == sc.Control
		}
		switch {
		case sc.PerMarker < 1 || sc.Primary < 0 || sc.Cite == "":
			return bad("scoring", "perMarker ≥ 1, primary ≥ 0 and cite are required")
		case !found:
			return bad("scoring.control", "%q is not a kind of distances", sc.Control)
		}
	}
	if s := m.Sprint; s != nil && (s.FasterSpeed < 1 || s.FasterSpeed > 3 || s.FasterWho == "" || s.Cite == "") {
		return bad("sprint", "fasterSpeed 1–3, fasterWho and cite are required")
	}
	return m, nil
}
