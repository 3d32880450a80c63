package rules

import (
	"testing"

	"github.com/golang/geo/r2"
)

// transportDoc: a friendly open transport (capacity 1, large base at (20, 18)), a light transport
// and an enemy transport, a 1-mini and a 2-mini trooper unit, an enemy trooper.
const transportDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "units_on_table":[
  {"id":"barge","side":"red","type":"repulsor","keywords":{"transport":{"capacity":1,"open":true}},"minis":[{"id":"bg-1","leader":true,"x":20,"y":18,"base":"large","height":2,"facing":0,"hover":0.5}]},
  {"id":"speeder","side":"red","type":"repulsor","keywords":{"transport":{"capacity":1,"light":true}},"minis":[{"id":"sp-1","leader":true,"x":40,"y":18,"base":"medium","height":2,"facing":0,"hover":0.5}]},
  {"id":"aat","side":"blue","type":"ground","keywords":{"transport":{"capacity":2}},"minis":[{"id":"aat-1","leader":true,"x":60,"y":18,"base":"large","height":3,"facing":0}]},
  {"id":"squad","side":"red","type":"trooper","minis":[
   {"id":"sq-1","leader":true,"x":14.5,"y":18,"base":"small","height":1.65},
   {"id":"sq-2","x":13.5,"y":19,"base":"small","height":1.65}]},
  {"id":"agent","side":"red","type":"trooper","minis":[{"id":"ag-1","leader":true,"x":35,"y":18,"base":"small","height":1.65}]},
  {"id":"rebel","side":"blue","type":"trooper","minis":[{"id":"rb-1","leader":true,"x":20,"y":24,"base":"small","height":1.65}]}]}`

// TestEmbark: "wendet eine Einheit 1 Aktion auf, um eine Geschwindigkeit‑1‑Bewegung
// durchzuführen, die ihren Einheitenführer in Basiskontakt mit einem befreundeten Fahrzeug
// platziert, das diesen Einheitentyp transportieren kann" (seed 000 Ein- und Aussteigen
// L5132–5145). sq-1 stands 4.5 west of the barge's centre: a speed-1 move east stops short of
// contact at full (it would overlap: 14.5 + 4.013 = 18.513 > 20 − 1.9095), so it is made partial,
// to 20 − 1.9095 = 18.0905 (touching).
func TestEmbark(t *testing.T) {
	w := world(t, transportDoc)
	touch := 20 - 1.378 - 0.5315
	frac := (touch - 14.5) / 4.013
	a, err := w.Embark(EmbarkQuery{Vehicle: "barge", Move: ManeuverQuery{Mini: "sq-1", Fraction: frac, HasFraction: true}}, ContactFlags{})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Legal || !near4(a.Move.X, touch) {
		t.Errorf("embark: legal %v x %v: %v", a.Legal, a.Move.X, a.Reasons)
	}
	if short, _ := w.Embark(EmbarkQuery{Vehicle: "barge", Move: ManeuverQuery{Mini: "sq-1", Fraction: frac / 2, HasFraction: true}}, ContactFlags{}); short.Legal {
		t.Error("embarked without reaching the vehicle")
	}
	for name, q := range map[string]EmbarkQuery{
		"full transport":                  {Vehicle: "barge", Carried: 1, Move: ManeuverQuery{Mini: "sq-1"}},
		"enemy transport":                 {Vehicle: "aat", Move: ManeuverQuery{Mini: "sq-1"}},
		"no transport":                    {Vehicle: "squad", Move: ManeuverQuery{Mini: "ag-1"}},
		"two minis on a light transport":  {Vehicle: "speeder", Move: ManeuverQuery{Mini: "sq-1"}},
		"a vehicle onto a transport":      {Vehicle: "barge", Move: ManeuverQuery{Mini: "sp-1"}},
		"a reverse is no speed-1 move":    {Vehicle: "barge", Move: ManeuverQuery{Mini: "sq-1", Mode: ModeReverse}},
		"a transport carrying itself":     {Vehicle: "barge", Move: ManeuverQuery{Mini: "bg-1"}},
		"a unit that names no transport":  {Vehicle: "nobody", Move: ManeuverQuery{Mini: "sq-1"}},
		"a mini that is not on the table": {Vehicle: "barge", Move: ManeuverQuery{Mini: "ghost"}},
		"a full light transport":          {Vehicle: "speeder", Carried: 1, Move: ManeuverQuery{Mini: "ag-1"}},
	} {
		if _, err := w.Embark(q, ContactFlags{}); err == nil {
			t.Errorf("%s: embarked", name)
		}
	}
	// A single-mini trooper on a round base may use the light transport (3.484 short of touching it).
	if a, err := w.Embark(EmbarkQuery{Vehicle: "speeder", Move: ManeuverQuery{Mini: "ag-1", Fraction: (40 - 0.9845 - 0.5315 - 35) / 4.013, HasFraction: true}}, ContactFlags{}); err != nil || !a.Legal {
		t.Errorf("light transport: %v %+v", err, a.Reasons)
	}
}

// TestDisembark: "wendet eine Einheit … 1 Aktion auf, um ihren Einheitenführer in Basiskontakt mit
// dem Fahrzeug zu platzieren und führt dann eine Geschwindigkeit‑1‑Bewegung mit der Einheit durch
// … Ein Einheitenführer kann nicht in Basiskontakt mit einer feindlichen Einheit platziert
// werden … kann sie sich nicht in Basiskontakt mit einer feindlichen Einheit bewegen" (seed 000
// L5151–5181). The squad leaves the barge: placed touching its north side, then a speed-1 move
// north; a move that ends touching the rebel, a place not touching the barge, are refused. The
// unit measures range from the barge while carried (L10843–10848).
func TestDisembark(t *testing.T) {
	w := world(t, transportDoc)
	north := r2.Point{X: 20, Y: 18 + 1.378 + 0.5315}
	a, err := w.Disembark(DisembarkQuery{Vehicle: "barge", Place: north, Move: ManeuverQuery{Mini: "sq-1", Heading: 0}}, ContactFlags{})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Legal || !near4(a.Move.X, 24.013) || !near4(a.Move.Y, north.Y) {
		t.Errorf("disembark east: legal %v end (%v, %v): %v", a.Legal, a.Move.X, a.Move.Y, a.Reasons)
	}
	// North ends 4.013 further, y 23.9225: touching the rebel at y 24 (gap 24 − 23.9225 − 1.063 < 0: overlapping) — refused.
	if b, _ := w.Disembark(DisembarkQuery{Vehicle: "barge", Place: north, Move: ManeuverQuery{Mini: "sq-1", Heading: 90}}, ContactFlags{}); b.Legal {
		t.Error("disembarked into the rebel")
	}
	if c, _ := w.Disembark(DisembarkQuery{Vehicle: "barge", Place: r2.Point{X: 20, Y: 21}, Move: ManeuverQuery{Mini: "sq-1", Heading: 0}}, ContactFlags{}); c.Legal {
		t.Error("placed away from the vehicle")
	}
	v, why, err := w.MeasuresFrom("barge")
	if err != nil || v.ID != "barge" || why.Cite != CiteTransported {
		t.Errorf("MeasuresFrom: %v %v %v", v, why, err)
	}
	if _, _, err := w.MeasuresFrom("squad"); err == nil {
		t.Error("a squad carries units")
	}
}
