package rules

import (
	"math"
	"slices"
	"strings"
	"testing"

	"holotable/table"
)

// fuzzMovesDoc is the table of FuzzAskMoves: notched units of every kind (a Speeder bike near the
// edge, a hovering landspeeder with side notches, a tank, a creature, an emplacement), troopers, a
// low wall, a tall building, woods, a token; its queries are replaced by the fuzzed one.
const fuzzMovesDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "terrain":[
  {"id":"wall","polygon":[[20,10],[21,10],[21,20],[20,20]],"height":2,"kind":"solid","cover":"heavy","move":"impassable"},
  {"id":"bldg","polygon":[[30,4],[36,4],[36,10],[30,10]],"height":4,"kind":"solid","cover":"heavy","move":"impassable"},
  {"id":"woods","polygon":[[40,20],[48,20],[48,28],[40,28]],"height":3,"kind":"area","cover":"light","move":"difficult"}],
 "units_on_table":[
  {"id":"bike","side":"red","type":"repulsor","speed":3,"keywords":{"speeder":1},"minis":[{"id":"bk-1","leader":true,"x":66,"y":30,"base":"medium","height":2,"facing":10,"hover":0.5}]},
  {"id":"ls","side":"red","type":"repulsor","speed":3,"keywords":{"hover":0.5,"sideNotches":true},"arcs":[30,150,210,330],"minis":[{"id":"ls-1","leader":true,"x":16,"y":15,"base":"large","height":2.5,"facing":-30,"hover":0.8}]},
  {"id":"tank","side":"blue","type":"ground","minis":[{"id":"tk-1","leader":true,"x":50,"y":12,"base":"large","height":3,"facing":200}]},
  {"id":"beast","side":"blue","type":"creature","speed":3,"minis":[{"id":"bs-1","leader":true,"x":44,"y":24,"base":"medium","height":2.2,"facing":90}]},
  {"id":"gun","side":"blue","type":"emplacement","speed":1,"minis":[{"id":"gn-1","leader":true,"x":60,"y":4,"base":"medium","height":1.5,"facing":0}]},
  {"id":"squad","side":"red","type":"trooper","keywords":{"expertClimber":true},"minis":[
   {"id":"sq-1","leader":true,"x":29.4685,"y":7,"base":"small","height":1.65},{"id":"sq-2","x":28,"y":7,"base":"small","height":1.65}]},
  {"id":"rebels","side":"blue","type":"trooper","minis":[{"id":"rb-1","leader":true,"x":8,"y":30,"base":"small","height":1.65}]}],
 "tokens":[{"id":"obj","kind":"objective","x":60,"y":20,"r":0.75}],
 "queries":[QUERY]}`

// FuzzAskMoves puts one query of the v1.1 kinds, given as raw JSON text, to the judge on a table
// with every kind of notched unit: Load never panics, the answer is an error sentence or the
// spec's fields, and the fields keep their promises — a maneuver's facing in [0, 360), the leader
// on the table, wounds 0 or the unit's speed, a compulsory move always legal; an arc's minis
// sorted and the target's; a climb that is not legal leaves the leader where it stands with no
// actions or dice. The seeds run in go test.
func FuzzAskMoves(f *testing.F) {
	for _, q := range []string{
		`{"id":"m","kind":"maneuver","mini":"ls-1","mode":"strafe-left","speed":2,"bend":40,"fraction":0.7}`,
		`{"id":"m","kind":"maneuver","mini":"bk-1","mode":"compulsory","bend":-90}`,
		`{"id":"m","kind":"maneuver","mini":"bk-1","mode":"compulsory","speed":3}`,
		`{"id":"m","kind":"maneuver","mini":"tk-1","mode":"reverse","speed":1}`,
		`{"id":"m","kind":"maneuver","mini":"bs-1","mode":"standard","speed":3,"bend":90}`,
		`{"id":"m","kind":"maneuver","mini":"gn-1","mode":"reverse","speed":1,"fraction":0}`,
		`{"id":"m","kind":"maneuver","mini":"sq-1","mode":"standard","speed":2,"heading":180}`,
		`{"id":"m","kind":"maneuver","mini":"tk-1","mode":"standard","speed":2,"heading":0}`,
		`{"id":"a","kind":"arc","from":"ls-1","to":"squad","arc":"rear"}`,
		`{"id":"a","kind":"arc","from":"tk-1","to":"bs-1","arc":"left"}`,
		`{"id":"a","kind":"arc","from":"sq-1","to":"tank","arc":"front"}`,
		`{"id":"c","kind":"climb","mini":"sq-1","onto":"bldg","mode":"clamber"}`,
		`{"id":"c","kind":"climb","mini":"sq-1","onto":"wall","mode":"climb"}`,
		`{"id":"c","kind":"climb","mini":"bs-1","onto":"bldg","mode":"climb"}`,
	} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, query string) {
		file, err := table.Load([]byte(strings.Replace(fuzzMovesDoc, "QUERY", query, 1)))
		if err != nil {
			return
		}
		w := NewWorld(file)
		for _, q := range file.Queries {
			a := w.Ask(q)
			if a.Err != nil {
				if a.Err.Error() == "" || len(a.Fields) != 0 {
					t.Fatalf("%s: error %q with fields %v", query, a.Err, a.Fields)
				}
				continue
			}
			v := map[string]any{}
			for _, fl := range a.Fields {
				if x, ok := fl.Value.(float64); ok && (math.IsNaN(x) || math.IsInf(x, 0)) {
					t.Fatalf("%s: %s = %v", query, fl.Key, x)
				}
				v[fl.Key] = fl.Value
			}
			switch q.Kind {
			case "maneuver":
				m, _ := w.Mini(q.Mini)
				r := m.Radius()
				x, y, facing := v["x"].(float64), v["y"].(float64), v["facing"].(float64)
				wounds := v["wounds"].(int)
				if !(facing >= 0 && facing < 360) || x < r-1e-4 || y < r-1e-4 || x > 72-r+1e-4 || y > 36-r+1e-4 {
					t.Fatalf("%s: facing %v at (%v, %v)", query, facing, x, y)
				}
				if wounds != 0 && (q.Mode != "compulsory" || wounds != m.Unit.Speed) || q.Mode == "compulsory" && !v["legal"].(bool) {
					t.Fatalf("%s: wounds %d legal %v", query, wounds, v["legal"])
				}
			case "arc":
				minis := v["minis"].([]string)
				if !slices.IsSorted(minis) || v["inArc"].(bool) != (len(minis) > 0) {
					t.Fatalf("%s: %v", query, v)
				}
			case "climb":
				m, _ := w.Mini(q.Mini)
				if !v["legal"].(bool) && (v["x"] != round4(m.X) || v["y"] != round4(m.Y) || v["z"] != round4(m.Z) || v["actions"] != 0 || v["dice"] != 0) {
					t.Fatalf("%s: not legal, but %v", query, v)
				}
			}
		}
	})
}
