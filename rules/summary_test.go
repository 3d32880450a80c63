package rules

import (
	"math"
	"reflect"
	"testing"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"

	"holotable/geometry"
	"holotable/maps"
	"holotable/table"
)

// wallAndWoods: a 3-high wall (heavy cover) at x ∈ [20, 21], y ∈ [14, 22] and 3-high woods (area,
// light) at x ∈ [18, 22], y ∈ [2, 8]; all minis are small troopers (r = 0.5315, height 1.65).
//
//	red    r-1 (10,18) leader, r-2 (10,30)      scout  s-1 (10,5)
//	blue   b-1 (30,18) leader, b-2 (30,30)      grove  g-1 (30,5)
const wallAndWoods = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "terrain":[
  {"id":"wall","polygon":[[20,14],[21,14],[21,22],[20,22]],"height":3,"kind":"solid","cover":"heavy"},
  {"id":"woods","polygon":[[18,2],[22,2],[22,8],[18,8]],"height":3,"kind":"area","cover":"light"}],
 "units_on_table":[
  {"id":"red","side":"red","type":"trooper","minis":[
   {"id":"r-1","leader":true,"x":10,"y":18,"base":"small","height":1.65},
   {"id":"r-2","x":10,"y":30,"base":"small","height":1.65}]},
  {"id":"scout","side":"red","type":"trooper","minis":[{"id":"s-1","leader":true,"x":10,"y":5,"base":"small","height":1.65}]},
  {"id":"blue","side":"blue","type":"trooper","minis":[
   {"id":"b-1","leader":true,"x":30,"y":18,"base":"small","height":1.65},
   {"id":"b-2","x":30,"y":30,"base":"small","height":1.65}]},
  {"id":"grove","side":"blue","type":"trooper","minis":[{"id":"g-1","leader":true,"x":30,"y":5,"base":"small","height":1.65}]}]}`

// TestEngagementHandCases: range from the attacking leader, the LOS count and cover, worked by
// hand. Lengths: two small bases 20 apart centre to centre are 20 − 1.063 = 18.937 apart edge to
// edge (range 4 with 6" segments: 18 < 18.937 ≤ 24); (10,18)–(30,30) and (10,5)–(30,18) are
// hypot(20, 12) − 1.063 = 22.2608 and hypot(20, 13) − 1.063 = 22.7907 (range 4).
func TestEngagementHandCases(t *testing.T) {
	w := world(t, wallAndWoods)
	cases := []struct {
		att, def string
		band     int
		dist     float64
		to       string
		seeing   []string
		minis    int
		cover    table.Cover
		obscured []string
		hidden   []string
	}{
		// r-1 → b-1 runs along y = 18 through the wall: b-1 is fully hidden from the leader, and
		// the wall lies on the centre line, so b-1 is obscured (heavy). r-1 → b-2 passes x = 20 at
		// y = 24 > 22: clear, and r-2 → b-1 likewise: both red minis see a blue one (2/2). One of
		// two obscured is at least half: heavy.
		{"red", "blue", 4, 18.937, "b-1", []string{"r-1", "r-2"}, 2, table.CoverHeavy, []string{"b-1"}, []string{"b-1"}},
		// r-1 → g-1 passes x = 20 at y = 11.5 (below the wall) and the woods (y ≤ 8) at
		// y ∈ [10.2, 12.8]: clear, no cover. r-2 (10,30) → g-1 (30,5) crosses x ∈ [20, 21] at
		// y ∈ [16.25, 17.5] (± 0.27 for the base), inside the wall and under its top: 1 of 2 see.
		{"red", "grove", 4, 22.7907, "g-1", []string{"r-1"}, 2, table.CoverNone, []string{}, []string{}},
		// Along y = 5 through the woods: area terrain never blocks sight (1/1) but the woods hide
		// part of g-1 and lie on the centre line: light cover.
		{"scout", "grove", 4, 18.937, "g-1", []string{"s-1"}, 1, table.CoverLight, []string{"g-1"}, []string{}},
		// (10,5) → (30,18) passes x ∈ [20, 21] at y ∈ [11.5, 12.15], below the wall; the woods
		// end at y = 8 where the line is at x ≈ 14.6 < 18: b-1 is seen, in the open, and nearest.
		// (10,5) → (30,30) passes x ∈ [20, 21] at y ∈ [17.5, 18.75]: b-2 is hidden by the wall,
		// which lies on its centre line: 1 of 2 obscured, heavy.
		{"scout", "blue", 4, 22.7907, "b-1", []string{"s-1"}, 1, table.CoverHeavy, []string{"b-2"}, []string{"b-2"}},
	}
	for _, c := range cases {
		e, err := w.Engagement(c.att, c.def)
		if err != nil {
			t.Fatal(err)
		}
		if e.Band != c.band || math.Abs(e.Distance-c.dist) > 1e-4 || e.To != c.to || e.From != w.mustUnit(t, c.att).Leader.ID {
			t.Errorf("%s → %s: range %d %.4f %s→%s, want %d %.4f to %s", c.att, c.def, e.Band, e.Distance, e.From, e.To, c.band, c.dist, c.to)
		}
		if e.LOSCount != len(c.seeing) || e.Minis != c.minis || !reflect.DeepEqual(e.Seeing, c.seeing) {
			t.Errorf("%s → %s: LOS %d/%d %v, want %d/%d %v", c.att, c.def, e.LOSCount, e.Minis, e.Seeing, len(c.seeing), c.minis, c.seeing)
		}
		if e.Cover != c.cover || !reflect.DeepEqual(e.Obscured, c.obscured) || !reflect.DeepEqual(e.Hidden, c.hidden) {
			t.Errorf("%s → %s: cover %s obscured %v hidden %v, want %s %v %v", c.att, c.def, e.Cover, e.Obscured, e.Hidden, c.cover, c.obscured, c.hidden)
		}
		rules := map[string]bool{}
		for _, r := range e.Reasons {
			rules[string(r.Rule)] = true
			if r.Cite == "" || r.Text == "" {
				t.Errorf("%s → %s: reason %+v lacks text or citation", c.att, c.def, r)
			}
		}
		for _, want := range []string{"range.attack", "los.count", "cover.unit", "cover.mini"} {
			if !rules[want] {
				t.Errorf("%s → %s: no %s reason in %v", c.att, c.def, want, e.Reasons)
			}
		}
	}
	if _, err := w.Engagement("red", "nobody"); err == nil {
		t.Error("an unknown defender gave no error")
	}
	if _, err := w.Engagement("r-1", "blue"); err == nil {
		t.Error("a mini as the attacker gave no error")
	}
}

func (w *World) mustUnit(t *testing.T, id string) *Unit {
	t.Helper()
	u, err := w.Unit(id)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestEngagementAgreesWithTheJudge: on the default map, every engagement between the sides is
// exactly what the judge's separate questions answer (range attack=true, LOS per mini pair,
// cover) — the numbers the measure tool shows and cmd/tablecheck prints.
func TestEngagementAgreesWithTheJudge(t *testing.T) {
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	w := NewWorld(f)
	pairs := 0
	for _, u := range w.Units {
		for _, v := range w.Units {
			if u.Side == v.Side {
				continue
			}
			pairs++
			e, err := w.Engagement(u.ID, v.ID)
			if err != nil {
				t.Fatal(err)
			}
			r, _ := w.Range(u.ID, v.ID, true)
			c, _ := w.Cover(CoverQuery{Attacker: u.ID, Defender: v.ID})
			n := 0
			for _, a := range u.Minis {
				for _, b := range v.Minis {
					if l, _ := w.LOS(a.ID, b.ID); l.LOS {
						n++
						break
					}
				}
			}
			if e.Band != r.Band || e.Distance != r.Distance || e.LOSCount != n || e.Minis != len(u.Minis) ||
				e.Cover != c.Cover || !reflect.DeepEqual(e.Obscured, c.Obscured) || !reflect.DeepEqual(e.Hidden, c.Hidden) {
				t.Errorf("%s → %s: engagement %+v; judge: range %d %.4f, LOS %d/%d, cover %s %v %v",
					u.ID, v.ID, e, r.Band, r.Distance, n, len(u.Minis), c.Cover, c.Obscured, c.Hidden)
			}
		}
	}
	if pairs != 72 {
		t.Errorf("%d pairs, want 6×6×2", pairs)
	}
}

// TestExplain: the sight rays go to a seen point of each seen mini (past every blocker) and to the
// top of each fully hidden one; the centre lines join the base centres; the wall is the obscurer.
func TestExplain(t *testing.T) {
	w := world(t, wallAndWoods)
	x, err := w.Explain("red", "blue")
	if err != nil {
		t.Fatal(err)
	}
	if x.Leader != "r-1" || x.Cover != table.CoverHeavy || !reflect.DeepEqual(x.Obscurers, []string{"wall"}) || len(x.Ignored) != 0 {
		t.Errorf("leader %s cover %s obscurers %v ignored %v", x.Leader, x.Cover, x.Obscurers, x.Ignored)
	}
	eye := r3.Vector{X: 10, Y: 18, Z: 1.65}
	if len(x.Rays) != 2 || x.Rays[0].Mini != "b-1" || x.Rays[0].Seen || x.Rays[0].From != eye || x.Rays[0].To != (r3.Vector{X: 30, Y: 18, Z: 1.65}) {
		t.Fatalf("rays %+v", x.Rays)
	}
	seen := x.Rays[1]
	b2 := w.byID["b-2"].(*Mini)
	wall := w.byID["wall"].(*Piece)
	if seen.Mini != "b-2" || !seen.Seen || seen.From != eye ||
		b2.Foot.DistanceToPoint(r2.Point{X: seen.To.X, Y: seen.To.Y}) > 1e-9 || seen.To.Z < 0 || seen.To.Z > 1.65 ||
		geometry.SegmentThroughVolume(eye, seen.To, wall.Volume()) {
		t.Errorf("seen ray %+v", seen)
	}
	want := []CentreLine{{"b-1", r2.Point{X: 10, Y: 18}, r2.Point{X: 30, Y: 18}}, {"b-2", r2.Point{X: 10, Y: 18}, r2.Point{X: 30, Y: 30}}}
	if !reflect.DeepEqual(x.CentreLines, want) {
		t.Errorf("centre lines %+v", x.CentreLines)
	}
	if len(x.MiniCover) != 2 || x.MiniCover[0].Cover != table.CoverHeavy || !x.MiniCover[0].Hidden || x.MiniCover[1].Cover != table.CoverNone {
		t.Errorf("mini cover %+v", x.MiniCover)
	}
	// The LOS answer carries the same eye and a witness in the target.
	l, _ := w.LOS("r-1", "b-2")
	if l.Eye != eye || b2.Foot.DistanceToPoint(r2.Point{X: l.Witness.X, Y: l.Witness.Y}) > 1e-9 {
		t.Errorf("LOS eye %v witness %v", l.Eye, l.Witness)
	}
	if l, _ := w.LOS("r-1", "b-1"); l.LOS || l.Witness != (r3.Vector{}) {
		t.Errorf("hidden LOS has witness %v", l.Witness)
	}
}

// TestRuler: edge to edge between bases and points, with nearest points on the centre line.
func TestRuler(t *testing.T) {
	w := world(t, wallAndWoods)
	const r = 1.063 / 2
	pt := func(x, y float64) RulerEnd { return RulerEnd{X: x, Y: y} }
	id := func(s string) RulerEnd { return RulerEnd{ID: s} }
	cases := []struct {
		name     string
		from, to RulerEnd
		dist     float64
		band     int
		a, b     r2.Point
	}{
		{"point to point 3-4-5", pt(0, 0), pt(3, 4), 5, 1, r2.Point{}, r2.Point{X: 3, Y: 4}},
		{"base to point", id("r-1"), pt(16, 18), 6 - r, 1, r2.Point{X: 10 + r, Y: 18}, r2.Point{X: 16, Y: 18}},
		// Exactly one segment from the base edge: on the line, the lower band.
		{"base to point on the band line", id("r-1"), pt(16+r, 18), 6, 1, r2.Point{X: 10 + r, Y: 18}, r2.Point{X: 16 + r, Y: 18}},
		{"just past the line", id("r-1"), pt(16.01+r, 18), 6.01, 2, r2.Point{X: 10 + r, Y: 18}, r2.Point{X: 16.01 + r, Y: 18}},
		{"base to base", id("r-1"), id("b-1"), 20 - 2*r, 4, r2.Point{X: 10 + r, Y: 18}, r2.Point{X: 30 - r, Y: 18}},
		{"point inside a base", pt(30.2, 18), id("b-1"), 0, 1, r2.Point{X: 30.2, Y: 18}, r2.Point{X: 30.2, Y: 18}},
		// r-1 (10,18) to b-2 (30,30): hypot(20, 12) = 23.3238 between centres.
		{"diagonal", id("r-1"), id("b-2"), math.Hypot(20, 12) - 2*r, 4,
			r2.Point{X: 10 + r*20/math.Hypot(20, 12), Y: 18 + r*12/math.Hypot(20, 12)},
			r2.Point{X: 30 - r*20/math.Hypot(20, 12), Y: 30 - r*12/math.Hypot(20, 12)}},
	}
	for _, c := range cases {
		got, err := w.Ruler(c.from, c.to)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if math.Abs(got.Distance-c.dist) > 1e-9 || got.Band != c.band || got.From.Sub(c.a).Norm() > 1e-9 || got.To.Sub(c.b).Norm() > 1e-9 {
			t.Errorf("%s: %.6f band %d %v→%v, want %.6f band %d %v→%v", c.name, got.Distance, got.Band, got.From, got.To, c.dist, c.band, c.a, c.b)
		}
		if len(got.Reasons) != 2 || got.Reasons[0].Cite != CiteRange {
			t.Errorf("%s: reasons %+v", c.name, got.Reasons)
		}
	}
	// The ruler between two bases is the judge's distance.
	if d, _ := w.Distance("r-1", "b-2"); math.Abs(d.Distance-(math.Hypot(20, 12)-2*r)) > 1e-9 {
		t.Errorf("judge distance %v", d.Distance)
	}
	for _, bad := range []RulerEnd{id("wall"), id("red"), id("nobody"), pt(math.NaN(), 0)} {
		if _, err := w.Ruler(bad, pt(0, 0)); err == nil {
			t.Errorf("ruler from %+v gave no error", bad)
		}
	}
	if d, err := w.DistanceFromPoint("wall", r2.Point{X: 25, Y: 18}); err != nil || d != 4 {
		t.Errorf("DistanceFromPoint(wall, (25,18)) = %v, %v; want 4", d, err)
	}
	if d, _ := w.DistanceFromPoint("b-1", r2.Point{X: 30, Y: 20}); math.Abs(d-(2-r)) > 1e-12 {
		t.Errorf("DistanceFromPoint(b-1, (30,20)) = %v, want %v", d, 2-r)
	}
}

// BenchmarkEngagementsAfterAMove: what the measure tool does each frame while a mini is dragged
// with a unit selected on the default map: rebuild the world, then one engagement per enemy unit.
func BenchmarkEngagementsAfterAMove(b *testing.B) {
	f, err := table.Load(maps.Default())
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		f.UnitsOnTable[0].Minis[1].X = 6 + float64(i%10)*0.01
		w := NewWorld(f)
		for _, v := range w.Units {
			if v.Side != "red" {
				if _, err := w.Engagement("red-storm-1", v.ID); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkCachedEngagements: the same with an EngagementCache, dragging a trooper that is not
// the leader (only its LOS row is computed again) or the leader (cover too).
func BenchmarkCachedEngagements(b *testing.B) {
	for _, mi := range []int{1, 0} {
		name := map[int]string{0: "leader", 1: "trooper"}[mi]
		b.Run(name, func(b *testing.B) {
			f, err := table.Load(maps.Default())
			if err != nil {
				b.Fatal(err)
			}
			var cache EngagementCache
			x0 := f.UnitsOnTable[0].Minis[mi].X
			for i := 0; b.Loop(); i++ {
				f.UnitsOnTable[0].Minis[mi].X = x0 + float64(i%1000)*0.001
				w := NewWorld(f)
				for _, v := range w.Units {
					if v.Side != "red" {
						if _, err := cache.Engagement(w, "red-storm-1", v.ID); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
		})
	}
}

// TestEngagementCache: cached answers (and explanations) equal fresh ones while minis of every kind move (a trooper
// of the attacker, its leader, an enemy trooper, a ground vehicle that blocks and obscures, a
// creature that obscures), back and forth so that old entries are hit again.
func TestEngagementCache(t *testing.T) {
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	var cache EngagementCache
	moves := []struct {
		unit, mini int
		dx, dy     float64
	}{{0, 1, 3, 8}, {0, 0, 2, 10}, {6, 2, -4, -6}, {10, 0, 0, -12}, {9, 0, -4, -10}, {0, 1, 0, 0}}
	for step := 0; step < 2*len(moves); step++ {
		mv := moves[step%len(moves)]
		m := &f.UnitsOnTable[mv.unit].Minis[mv.mini]
		if step < len(moves) {
			m.X, m.Y = m.X+mv.dx, m.Y+mv.dy
		} else {
			m.X, m.Y = m.X-mv.dx, m.Y-mv.dy
		}
		w := NewWorld(f)
		for _, u := range w.Units {
			for _, v := range w.Units {
				if u.Side == v.Side {
					continue
				}
				want, _ := w.Engagement(u.ID, v.ID)
				got, err := cache.Engagement(w, u.ID, v.ID)
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d, %s → %s: cached %+v (%v), fresh %+v", step, u.ID, v.ID, got, err, want)
				}
				if u.Index == 0 {
					wantX, _ := w.Explain(u.ID, v.ID)
					gotX, err := cache.Explain(w, u.ID, v.ID)
					if err != nil || !reflect.DeepEqual(gotX, wantX) {
						t.Fatalf("step %d, %s → %s: cached explanation %+v (%v), fresh %+v", step, u.ID, v.ID, gotX, err, wantX)
					}
				}
			}
		}
	}
}
