package rules

import (
	"fmt"
	"math"
	"math/rand"
	"sort"
	"strings"
	"testing"
	"time"

	"holotable/table"
)

// benchWorld is a 72×36 table with 40 terrain pieces (buildings, walls, woods, barricades) and
// two forces of 12 units each: per side ten 5-mini trooper units, one creature and one ground
// vehicle (62 minis a side), on open ground with their leaders in the middle.
func benchWorld(tb testing.TB) *World {
	rng := rand.New(rand.NewSource(2))
	var terr []string
	type box struct{ x0, y0, x1, y1 float64 }
	var used []box
	free := func(b box) bool {
		for _, u := range used {
			if b.x0 < u.x1+0.2 && u.x0 < b.x1+0.2 && b.y0 < u.y1+0.2 && u.y0 < b.y1+0.2 {
				return false
			}
		}
		return true
	}
	for len(terr) < 40 {
		cx, cy := 4+rng.Float64()*64, 6+rng.Float64()*24
		k := len(terr) % 4
		hw, hh := []float64{2, 3, 2.5, 1.5}[k], []float64{2, 0.3, 2, 0.25}[k]
		if rng.Intn(2) == 0 {
			hw, hh = hh, hw
		}
		b := box{cx - hw, cy - hh, cx + hw, cy + hh}
		if b.x0 < 0.5 || b.x1 > 71.5 || !free(b) {
			continue
		}
		used = append(used, b)
		poly := fmt.Sprintf("[[%g,%g],[%g,%g],[%g,%g],[%g,%g]]", b.x0, b.y0, b.x1, b.y0, b.x1, b.y1, b.x0, b.y1)
		switch k {
		case 0:
			terr = append(terr, fmt.Sprintf(`{"id":"bldg-%d","polygon":%s,"height":4,"kind":"solid","cover":"heavy","move":{"trooper":"impassable","ground":"impassable","repulsor":"impassable"}}`, len(terr), poly))
		case 1:
			terr = append(terr, fmt.Sprintf(`{"id":"wall-%d","polygon":%s,"height":2.5,"kind":"solid","cover":"heavy","move":{"trooper":"impassable","ground":"impassable","repulsor":"impassable"}}`, len(terr), poly))
		case 2:
			terr = append(terr, fmt.Sprintf(`{"id":"woods-%d","polygon":%s,"height":3,"kind":"area","cover":"light","move":{"trooper":"difficult"}}`, len(terr), poly))
		default:
			terr = append(terr, fmt.Sprintf(`{"id":"barricade-%d","polygon":%s,"height":1,"kind":"solid","cover":{"trooper":"heavy"},"move":{"trooper":"difficult"}}`, len(terr), poly))
		}
	}
	var units []string
	for side, y0 := range map[string]float64{"red": 0.8, "blue": 30.2} {
		for i := 0; i < 12; i++ {
			x := 3 + float64(i)*5.8
			var minis []string
			typ, n, base, h := "trooper", 5, "small", 1.65
			switch i {
			case 4:
				typ, n, base, h = "creature", 1, "medium", 2.2
			case 8:
				typ, n, base, h = "ground", 1, "large", 3
			}
			for m := 0; m < n; m++ {
				mx, my := x+float64(m%3)*1.3, y0+float64(m/3)*1.3+0.6
				lead := ""
				if m == 0 {
					lead = `"leader":true,`
				}
				minis = append(minis, fmt.Sprintf(`{"id":"%s-%d-%d",%s"x":%g,"y":%g,"base":"%s","height":%g}`, side, i, m, lead, mx, my, base, h))
			}
			units = append(units, fmt.Sprintf(`{"id":"%s-%d","side":"%s","type":"%s","minis":[%s]}`, side, i, side, typ, strings.Join(minis, ",")))
		}
	}
	sort.Strings(units)
	doc := `{"format":"holotable/1","battlefield":{"width":72,"depth":36},"terrain":[` + strings.Join(terr, ",") + `],"units_on_table":[` + strings.Join(units, ",") + `]}`
	return world(tb, doc)
}

// BenchmarkCoverUnit: the cover of one 7-mini unit against one attacker over 40 terrain pieces
// (with LOS to every defending mini, the obscured test and the hidden list). median-ns is per
// question over the 24 attacker units.
func BenchmarkCoverUnit(b *testing.B) {
	w := benchWorld(b)
	// A 7-mini unit in the middle of the table.
	doc := w.File
	_ = doc
	var attackers []string
	for _, u := range w.Units {
		if strings.HasPrefix(u.ID, "red-") {
			attackers = append(attackers, u.ID)
		}
	}
	w7 := withSevenMiniUnit(b)
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := w7.Cover(CoverQuery{Attacker: attackers[i%len(attackers)], Defender: "seven"}); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns")
	b.ReportMetric(float64(times[len(times)-1].Nanoseconds()), "max-ns")
}

// withSevenMiniUnit is benchWorld with a 7-mini blue trooper unit added at the table's centre.
func withSevenMiniUnit(tb testing.TB) *World {
	w := benchWorld(tb)
	f := *w.File
	u := f.UnitsOnTable[0]
	u.ID, u.Side, u.Type = "seven", "blue", table.Trooper
	u.Minis = nil
	for m := 0; m < 7; m++ {
		mini := f.UnitsOnTable[0].Minis[0]
		mini.ID = fmt.Sprintf("seven-%d", m)
		mini.Leader = m == 0
		mini.X, mini.Y = 33+float64(m%4)*1.3, 17+float64(m/4)*1.3
		mini.Z = 0
		u.Minis = append(u.Minis, mini)
	}
	f.UnitsOnTable = append(append([]table.Unit(nil), f.UnitsOnTable...), u)
	return NewWorld(&f)
}

// BenchmarkAllPairs: for every red unit against every blue unit and back (288 ordered pairs), the
// attack range, LOS from the leader to every defending mini, and cover — the whole table's
// answers after one mini moves.
func BenchmarkAllPairs(b *testing.B) {
	w := benchWorld(b)
	var red, blue []*Unit
	for _, u := range w.Units {
		if u.Side == "red" {
			red = append(red, u)
		} else {
			blue = append(blue, u)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, pair := range [][2][]*Unit{{red, blue}, {blue, red}} {
			for _, a := range pair[0] {
				for _, d := range pair[1] {
					if _, err := w.Range(a.ID, d.ID, true); err != nil {
						b.Fatal(err)
					}
					if _, err := w.VisibleMinis(a.Leader.ID, d.ID); err != nil {
						b.Fatal(err)
					}
					if _, err := w.Cover(CoverQuery{Attacker: a.ID, Defender: d.ID}); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	}
	_ = math.Pi
}
