package rules

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/golang/geo/r2"
)

// TestReachableAgainstScan: on random walls, whenever a dense scan of joint directions finds a
// legal speed-1 path to a point, the exact search finds one too (the scan is only a lower bound:
// the exact search may also find narrow openings the scan misses).
func TestReachableAgainstScan(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	agree, exactOnly := 0, 0
	for n := 0; n < 300; n++ {
		var terr []string
		for k := 0; k < 1+rng.Intn(3); k++ {
			cx, cy := 8+rng.Float64()*4, 8+rng.Float64()*4
			a := rng.Float64() * math.Pi
			hl, hw := 0.5+rng.Float64()*2, 0.1+rng.Float64()*0.3
			c, s := math.Cos(a), math.Sin(a)
			var pts []string
			for _, p := range [][2]float64{{-hl, -hw}, {hl, -hw}, {hl, hw}, {-hl, hw}} {
				pts = append(pts, fmt.Sprintf("[%g,%g]", cx+p[0]*c-p[1]*s, cy+p[0]*s+p[1]*c))
			}
			terr = append(terr, fmt.Sprintf(`{"id":"w%d","polygon":[%s],"height":3,"kind":"solid","move":{"trooper":"impassable"}}`, k, strings.Join(pts, ",")))
		}
		doc := `{"format":"holotable/1","battlefield":{"width":72,"depth":36},"terrain":[` + strings.Join(terr, ",") + `],
		 "units_on_table":[{"id":"u","side":"red","type":"trooper","minis":[{"id":"l","leader":true,"x":10,"y":10,"base":"small","height":1.65}]}]}`
		w := world(t, doc)
		u, _ := w.Unit("u")
		obs := w.moveObstacles(u.Leader, true)
		ld := u.Leader
		for k := 0; k < 5; k++ {
			ang, d := rng.Float64()*2*math.Pi, rng.Float64()*4
			q := r2.Point{X: 10 + d*math.Cos(ang), Y: 10 + d*math.Sin(ang)}
			exact := w.reachable(u, ld, q, obs)
			scan := scanReachable(w, u, ld, q, obs)
			if scan && !exact {
				t.Fatalf("scene %d: the scan reaches %v but the exact search does not", n, q)
			}
			if exact && !scan {
				exactOnly++
			} else {
				agree++
			}
		}
	}
	t.Logf("%d agree, %d reachable only through openings the scan missed", agree, exactOnly)
}

// scanReachable tries 3600 joint directions and the straight path.
func scanReachable(w *World, u *Unit, ld *Mini, q r2.Point, obs []obstacle) bool {
	p := w.File.Profile
	r := ld.Radius()
	a, b := r+p.MoveTools[0]/2, p.MoveTools[0]/2+r
	s := ld.Centre()
	if len(w.endClashes(ld, q, true)) > 0 {
		return false
	}
	ok := func(path []r2.Point) bool {
		stop, by := w.sweep(path, r, obs)
		return by == "" || stop >= pathLen(path)-1e-9
	}
	if q.Sub(s).Norm() <= a+b && ok([]r2.Point{s, q}) {
		return true
	}
	for i := 0; i < 3600; i++ {
		psi := 2 * math.Pi * float64(i) / 3600
		j := s.Add(r2.Point{X: math.Cos(psi), Y: math.Sin(psi)}.Mul(a))
		jq := q.Sub(j)
		if jq.Norm() > b {
			continue
		}
		u1 := j.Sub(s)
		if jq.Norm() > 1e-12 && math.Abs(math.Atan2(u1.Cross(jq), u1.Dot(jq))) > p.MaxBend*math.Pi/180 {
			continue
		}
		if ok([]r2.Point{s, j, q}) {
			return true
		}
	}
	return false
}

func pathLen(p []r2.Point) float64 {
	l := 0.0
	for i := 1; i < len(p); i++ {
		l += p[i].Sub(p[i-1]).Norm()
	}
	return l
}
