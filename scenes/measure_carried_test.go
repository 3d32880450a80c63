package scenes

import (
	"encoding/json"
	"math"
	"slices"
	"testing"

	"holotable/internal/tabletest"
	"holotable/table"
)

// carriedMeasureDoc: the open transport t (large base r 1.378 at (10, 10)) carrying sq (two
// minis), the red squad en (small base r 0.5315) at (28, 10).
const carriedMeasureDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "units_on_table":[
  {"id":"t","side":"blue","type":"repulsor","keywords":{"transport":{"capacity":1,"open":true}},
   "minis":[{"id":"t-1","leader":true,"x":10,"y":10,"base":"large","height":2,"facing":0}],
   "carried":[{"id":"sq","side":"blue","type":"trooper",
     "minis":[{"id":"sq-1","leader":true,"base":"small","height":1.65},{"id":"sq-2","base":"small","height":1.65}]}]},
  {"id":"en","side":"red","type":"trooper","minis":[{"id":"en-1","leader":true,"x":28,"y":10,"base":"small","height":1.65}]}]}`

// TestMeasureFromCarried (D109; RRG 2.0 Transportiert L10845–10849, L10877–10881): "select sq"
// selects t's leader and measures from sq: en's tag is 28 − 10 − 1.378 − 0.5315 = 16.0905, range
// 3, seen by 2 of sq's 2 minis (t alone: 1 of 1); the state names sq and the rule; the
// explanation of sq → en starts with it. Selecting t itself measures from t again.
func TestMeasureFromCarried(t *testing.T) {
	s := NewTableScene("carried", docOf(t, []byte(carriedMeasureDoc)))
	tick(s, Input{ScreenChanged: true})
	out := mustCommand(t, s, "select", "sq")
	var sel map[string]string
	if err := json.Unmarshal(out, &sel); err != nil || sel["selected"] != "t-1" || sel["unit"] != "t" || sel["from"] != "sq" {
		t.Fatalf("select sq: %s %v", out, err)
	}
	st := measureState(t, s)
	if st.From == nil || st.From.Unit != "sq" || st.From.Vehicle != "t" || len(st.From.Reasons) == 0 || st.From.Reasons[0].Rule != "transport.from" {
		t.Fatalf("from: %+v", st.From)
	}
	if len(st.Labels) != 1 || st.Labels[0].Unit != "en" || st.Labels[0].Band != 3 || !near4(st.Labels[0].Distance, 16.0905) ||
		st.Labels[0].LOS != 2 || st.Labels[0].Minis != 2 {
		t.Fatalf("labels from sq: %+v", st.Labels)
	}
	var x MeasureExplain
	if err := json.Unmarshal(mustCommand(t, s, "explain", map[string]string{"attacker": "sq", "defender": "en"}), &x); err != nil {
		t.Fatal(err)
	}
	if x.Attacker != "sq" || x.Leader != "sq-1" || !near4(x.Distance, 16.0905) || len(x.Reasons) == 0 || x.Reasons[0].Rule != "transport.from" {
		t.Errorf("explain sq → en: %+v", x)
	}
	mustCommand(t, s, "select", "t")
	st = measureState(t, s)
	if st.From != nil || len(st.Labels) != 1 || st.Labels[0].LOS != 1 || st.Labels[0].Minis != 1 || !near4(st.Labels[0].Distance, 16.0905) {
		t.Errorf("from t: from %+v labels %+v", st.From, st.Labels)
	}
	// A carried mini's id measures from its unit too.
	mustCommand(t, s, "select", "sq-2")
	if st := measureState(t, s); st.From == nil || st.From.Unit != "sq" {
		t.Errorf("select sq-2: %+v", st.From)
	}
}

// TestMeasureTagsToCarried (D138; RRG 2.0 Transportiert L10845–10852, L10877–10881,
// L10941–10943, L10949–10957): with en selected on the carried table (tabletest.Carried), the
// blue units carried by t and c have tags of their own, measured at their transport: sq in the
// open t at 28 − 10 − 1.378 − 0.5315 = 16.0905 (range 3, t's own distance), heavy cover; cq in
// the closed c at √(18² + 14²) − 1.378 − 0.5315 = 20.8940 (range 4), with the closed
// transport's "no attack". The explanation of en → sq starts with the stand-in reason and gives
// the heavy cover; the tag's first line says what carries it (EN/DE). From touch, which touches
// t, sq's tag says melee only.
func TestMeasureTagsToCarried(t *testing.T) {
	s := NewTableScene("carried", docOf(t, []byte(tabletest.Carried)))
	tick(s, Input{ScreenChanged: true})
	mustCommand(t, s, "select", "en")
	st := measureState(t, s)
	by := map[string]MeasureLabelState{}
	for _, lb := range st.Labels {
		by[lb.Unit] = lb
	}
	sq, cq := by["sq"], by["cq"]
	if sq.Carried != "t" || sq.Band != 3 || !near4(sq.Distance, 16.0905) || sq.Distance != by["t"].Distance ||
		sq.Cover != table.CoverHeavy || sq.LOS != 1 || len(sq.Transport) == 0 || sq.Transport[0].Rule != "transport.from" ||
		!slices.ContainsFunc(sq.Transport, func(r ReasonState) bool { return r.Rule == "transport.heavy" }) {
		t.Errorf("sq's tag: %+v (t's %+v)", sq, by["t"])
	}
	if cq.Carried != "c" || cq.Band != 4 || !near4(cq.Distance, math.Hypot(18, 14)-1.378-0.5315) ||
		!slices.ContainsFunc(cq.Transport, func(r ReasonState) bool { return r.Rule == "transport.closed" }) {
		t.Errorf("cq's tag: %+v", cq)
	}
	if by["t"].Carried != "" || by["t"].Transport != nil {
		t.Errorf("t's own tag: %+v", by["t"])
	}
	var x MeasureExplain
	if err := json.Unmarshal(mustCommand(t, s, "explain", map[string]string{"attacker": "en", "defender": "sq"}), &x); err != nil {
		t.Fatal(err)
	}
	if x.Defender != "sq" || !near4(x.Distance, 16.0905) || x.Cover != table.CoverHeavy || len(x.Reasons) < 3 ||
		x.Reasons[0].Rule != "transport.from" || x.Reasons[2].Rule != "transport.heavy" {
		t.Errorf("explain en → sq: %+v", x)
	}
	if st := measureState(t, s); st.Explain == nil || st.Explain.Defender != "sq" {
		t.Errorf("the explanation did not stay open: %+v", st.Explain)
	}
	var lb measureLabel
	for _, l := range s.Tool().(*measureTool).labels {
		if l.Defender == "cq" {
			lb = l
		}
	}
	en := carriedTagLines(lb)
	SetLanguage("de")
	de := carriedTagLines(lb)
	SetLanguage("en")
	if len(en) != 2 || en[0].Text != "cq, carried in c" || en[1].Text != "closed transport: no attack" ||
		de[0].Text != "cq, transportiert in c" || de[1].Text != "geschlossener Transporter: kein Angriff" {
		t.Errorf("cq's tag lines: %+v / %+v", en, de)
	}
	mustCommand(t, s, "select", "touch")
	for _, lb := range measureState(t, s).Labels {
		if lb.Unit == "sq" && !slices.ContainsFunc(lb.Transport, func(r ReasonState) bool { return r.Rule == "transport.contact" }) {
			t.Errorf("sq from touch: %+v", lb)
		}
	}
}
