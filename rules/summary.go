package rules

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"

	"holotable/table"
)

// Summaries for the measure tool: one answer per pair of units that puts together what the
// judge answers separately (range with attack=true, LOS per mini pair, cover), so that what the
// app shows is exactly what cmd/tablecheck prints for the same questions.

// Engagement is a ranged attack by unit Attacker on unit Defender at a glance.
type Engagement struct {
	Attacker, Defender string
	// Band and Distance are Range(Attacker, Defender, attack=true): from the attacker's leader to
	// the nearest defending mini (From and To).
	Band     int
	Distance float64
	From, To string
	// LOSCount of the Minis attacking minis see at least one defending mini (LOS per mini pair);
	// Seeing lists them, in unit order.
	LOSCount int
	Minis    int
	Seeing   []string
	// Cover, Obscured and Hidden are Cover(Attacker, Defender) without modifiers.
	Cover    table.Cover
	Obscured []string
	Hidden   []string
	// Reasons: the range's, one for the LOS count, then the cover's.
	Reasons []Reason
}

// Engagement answers range, line of sight and cover for an attack by unit attacker on unit
// defender.
func (w *World) Engagement(attacker, defender string) (Engagement, error) {
	return w.engagement(attacker, defender, nil)
}

// Engagement is World.Engagement, remembering the slow parts (cover, and which attacking minis see
// the defending unit) across worlds, keyed by everything they depend on: the minis involved, every
// mini that may block sight or obscure (all but troopers), the terrain, the profile and the
// ruleset. While one trooper is dragged, only the answers that involve it are computed again.
func (c *EngagementCache) Engagement(w *World, attacker, defender string) (Engagement, error) {
	return w.engagement(attacker, defender, c)
}

// EngagementCache remembers parts of engagements; the zero value is ready to use. It is not safe
// for concurrent use.
type EngagementCache struct {
	world   *World
	scenery string // key of w's terrain, profile, ruleset and sight-blocking or obscuring minis
	sees    map[string]bool
	cover   map[string]CoverAnswer
	buf     []byte
}

// cacheLimit bounds each map of an EngagementCache; a full map starts again empty.
const cacheLimit = 4096

func (w *World) engagement(attacker, defender string, cache *EngagementCache) (Engagement, error) {
	e, _, err := w.engagementCover(attacker, defender, cache)
	return e, err
}

// engagementCover is the engagement and the cover answer it took its cover from.
func (w *World) engagementCover(attacker, defender string, cache *EngagementCache) (Engagement, CoverAnswer, error) {
	u, err := w.Unit(attacker)
	if err != nil {
		return Engagement{}, CoverAnswer{}, err
	}
	v, err := w.Unit(defender)
	if err != nil {
		return Engagement{}, CoverAnswer{}, err
	}
	r, err := w.Range(attacker, defender, true)
	if err != nil {
		return Engagement{}, CoverAnswer{}, err
	}
	var c CoverAnswer
	var key []byte
	if cache != nil {
		cache.use(w)
		// Cover looks from the leader only; the attacker's other minis count only as possible
		// obscurers (not troopers: in the scenery).
		key = appendMini(append(appendStrings(append(cache.keyStart(), 'c'), u.ID), byte(u.Type)), u.Leader)
		key = cache.unitKey(key, v)
		var ok bool
		if c, ok = cache.cover[string(key)]; !ok {
			if c, err = w.Cover(CoverQuery{Attacker: attacker, Defender: defender}); err != nil {
				return Engagement{}, CoverAnswer{}, err
			}
			if len(cache.cover) >= cacheLimit {
				cache.cover = map[string]CoverAnswer{}
			}
			cache.cover[string(key)] = c
		}
	} else if c, err = w.Cover(CoverQuery{Attacker: attacker, Defender: defender}); err != nil {
		return Engagement{}, CoverAnswer{}, err
	}
	e := Engagement{Attacker: attacker, Defender: defender, Band: r.Band, Distance: r.Distance, From: r.From, To: r.To,
		Minis: len(u.Minis), Seeing: []string{}, Cover: c.Cover, Obscured: c.Obscured, Hidden: c.Hidden}
	for _, a := range u.Minis {
		var sees bool
		switch {
		case a == u.Leader:
			// The cover answer has already looked from the leader at every defending mini (with
			// the same blockers as LOS): it sees the unit unless every mini is fully hidden.
			sees = len(c.Hidden) < len(v.Minis)
		case cache != nil:
			key = cache.unitKey(appendMini(append(cache.keyStart(), 's'), a), v)
			var ok bool
			if sees, ok = cache.sees[string(key)]; !ok {
				sees = w.seesUnit(a, v)
				if len(cache.sees) >= cacheLimit {
					cache.sees = map[string]bool{}
				}
				cache.sees[string(key)] = sees
			}
		default:
			sees = w.seesUnit(a, v)
		}
		if sees {
			e.Seeing = append(e.Seeing, a.ID)
		}
	}
	e.LOSCount = len(e.Seeing)
	e.Reasons = append(e.Reasons, r.Reasons...)
	e.Reasons = append(e.Reasons, Reason{Rule: "los.count", Cite: CiteLOS,
		Text: fmt.Sprintf("%d of %d minis of %s see at least one mini of %s", e.LOSCount, e.Minis, attacker, defender),
		IDs:  e.Seeing})
	e.Reasons = append(e.Reasons, c.Reasons...)
	return e, c, nil
}

// seesUnit reports whether a sees at least one mini of v (LOS per mini pair, as VisibleMinis).
func (w *World) seesUnit(a *Mini, v *Unit) bool { return len(w.visibleMinis(a, v, true)) > 0 }

// use prepares the cache for questions about w: the scenery key is computed once per world.
func (c *EngagementCache) use(w *World) {
	if c.world == w {
		return
	}
	if c.sees == nil {
		c.sees, c.cover = map[string]bool{}, map[string]CoverAnswer{}
	}
	c.world = w
	b := append(c.buf[:0], w.File.Ruleset...)
	p := w.File.Profile
	b = appendFloats(b, p.RangeSegment, p.BaseThickness, p.ContactTolerance, p.Epsilon)
	for _, t := range w.Terrain {
		b = append(appendStrings(b, t.ID), byte(t.Kind), byte(t.Cover.Trooper), byte(t.Cover.Creature), byte(t.Cover.Vehicle))
		b = appendFloats(b, t.Base, t.Height, float64(len(t.Polygon)))
		for _, q := range t.Polygon {
			b = appendFloats(b, q[0], q[1])
		}
		if t.Circle != nil {
			b = appendFloats(b, t.Circle.X, t.Circle.Y, t.Circle.R)
		}
	}
	for _, m := range w.Minis {
		if m.Unit.Type != table.Trooper { // troopers neither block sight nor obscure
			b = append(appendStrings(b, m.Unit.ID), byte(m.Unit.Type), byte(m.Unit.CoverGiven))
			b = appendMini(b, m)
		}
	}
	c.scenery, c.buf = string(b), b[:0]
}

// keyStart starts a key with the scenery.
func (c *EngagementCache) keyStart() []byte { return append(c.buf[:0], c.scenery...) }

// unitKey appends a unit's id, type and minis to a key.
func (c *EngagementCache) unitKey(b []byte, u *Unit) []byte {
	b = append(appendStrings(b, u.ID), byte(u.Type))
	for _, m := range u.Minis {
		b = appendMini(b, m)
	}
	c.buf = b
	return b
}

func appendMini(b []byte, m *Mini) []byte {
	b = append(appendStrings(b, m.ID), byte(m.Unit.Type))
	return appendFloats(b, m.X, m.Y, m.Z, m.Base, m.Height, m.Hover)
}

func appendStrings(b []byte, ss ...string) []byte {
	for _, s := range ss {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return b
}

func appendFloats(b []byte, fs ...float64) []byte {
	for _, f := range fs {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
	}
	return b
}

// SightRay is the sight line from the attacking leader's eye to one defending mini: to a point of
// it that is seen (Seen), or, when the mini is fully hidden, to the top of the mini above its base
// centre.
type SightRay struct {
	Mini     string
	Seen     bool
	From, To r3.Vector
}

// CentreLine is the top-down line between the base centres of the attacking leader and one
// defending mini: what lies on it may obscure that mini (RRG 2.0 Deckung L4509–4527).
type CentreLine struct {
	Mini     string
	From, To r2.Point
}

// Explanation is an Engagement with what the cover decision rests on, for drawing: the sight
// rays and centre lines from the attacking leader to each defending mini, the cover analysis of
// each mini, and the ids of everything that obscures some defending mini.
type Explanation struct {
	Engagement
	Leader      string
	Rays        []SightRay
	CentreLines []CentreLine
	MiniCover   []MiniCover
	Obscurers   []string // terrain pieces and minis obscuring some defending mini, sorted
	Ignored     []string // candidates not counted because the attacking leader touches them, sorted
}

// Explain answers Engagement(attacker, defender) with its sight rays, centre lines and obscurers.
func (w *World) Explain(attacker, defender string) (Explanation, error) {
	return w.explain(attacker, defender, nil)
}

// Explain is World.Explain with the engagement's parts from the cache (see Engagement).
func (c *EngagementCache) Explain(w *World, attacker, defender string) (Explanation, error) {
	return w.explain(attacker, defender, c)
}

func (w *World) explain(attacker, defender string, cache *EngagementCache) (Explanation, error) {
	e, c, err := w.engagementCover(attacker, defender, cache)
	if err != nil {
		return Explanation{}, err
	}
	u, _ := w.Unit(attacker)
	v, _ := w.Unit(defender)
	a := u.Leader
	x := Explanation{Engagement: e, Leader: a.ID, MiniCover: c.Minis, Obscurers: []string{}, Ignored: []string{}}
	obscurers, ignored := map[string]bool{}, map[string]bool{}
	for _, mc := range c.Minis {
		for _, o := range mc.Obscurers {
			obscurers[o.ID] = true
		}
		for _, id := range mc.Ignored {
			ignored[id] = true
		}
	}
	for id := range obscurers {
		x.Obscurers = append(x.Obscurers, id)
	}
	for id := range ignored {
		x.Ignored = append(x.Ignored, id)
	}
	sort.Strings(x.Obscurers)
	sort.Strings(x.Ignored)
	for _, b := range v.Minis {
		vis, _, witness := w.sight(a, b)
		ray := SightRay{Mini: b.ID, Seen: vis, From: a.Eye(), To: witness}
		if !vis {
			ray.To = b.Eye()
		}
		x.Rays = append(x.Rays, ray)
		x.CentreLines = append(x.CentreLines, CentreLine{Mini: b.ID, From: a.Centre(), To: b.Centre()})
	}
	return x, nil
}

// RulerEnd is one end of a ruler: the base of a mini or a token (ID), or, when ID is "", the
// table point (X, Y).
type RulerEnd struct {
	ID   string
	X, Y float64
}

// RulerAnswer is the distance between two ruler ends, its range band, and the nearest points of
// the two ends between which it is measured.
type RulerAnswer struct {
	Distance float64
	Band     int
	From, To r2.Point
	Reasons  []Reason
}

// disc is a ruler end as a disc (a point is a disc of radius 0).
func (w *World) rulerDisc(e RulerEnd) (r2.Point, float64, error) {
	if e.ID == "" {
		if math.IsNaN(e.X) || math.IsNaN(e.Y) || math.IsInf(e.X, 0) || math.IsInf(e.Y, 0) {
			return r2.Point{}, 0, fmt.Errorf("a ruler point must be finite, got (%g, %g)", e.X, e.Y)
		}
		return r2.Point{X: e.X, Y: e.Y}, 0, nil
	}
	switch v := w.byID[e.ID].(type) {
	case *Mini:
		return v.Centre(), v.Radius(), nil
	case *Token:
		return r2.Point{X: v.X, Y: v.Y}, v.R, nil
	}
	return r2.Point{}, 0, w.notA("mini or token", e.ID)
}

// Ruler measures from one ruler end to another, edge to edge: the least top-down distance
// between a base's outline (or a point) and another base's outline (or a point), 0 when they
// touch or overlap, and its range band (RRG 2.0 Reichweite L9084–9113).
func (w *World) Ruler(from, to RulerEnd) (RulerAnswer, error) {
	ca, ra, err := w.rulerDisc(from)
	if err != nil {
		return RulerAnswer{}, err
	}
	cb, rb, err := w.rulerDisc(to)
	if err != nil {
		return RulerAnswer{}, err
	}
	// Two discs: the nearest points lie on the line between the centres.
	d := cb.Sub(ca)
	l := d.Norm()
	ans := RulerAnswer{Distance: math.Max(0, l-ra-rb)}
	switch {
	case ans.Distance == 0 && l > 0:
		// Touching or overlapping: the ruler shrinks to the middle of the stretch of the centre
		// line that lies in both discs ([−ra, ra] and [l − rb, l + rb] from ca).
		lo, hi := math.Max(-ra, l-rb), math.Min(ra, l+rb)
		m := ca.Add(d.Mul((lo + hi) / 2 / l))
		ans.From, ans.To = m, m
	case ans.Distance == 0:
		ans.From, ans.To = ca, ca
	default:
		u := d.Mul(1 / l)
		ans.From, ans.To = ca.Add(u.Mul(ra)), cb.Sub(u.Mul(rb))
	}
	p := w.File.Profile
	ans.Band = Band(ans.Distance, p.RangeSegment, p.Epsilon)
	ans.Reasons = []Reason{{Rule: "ruler.distance", Cite: CiteRange,
		Text: fmt.Sprintf("the nearest points of %s and %s are %.4g apart, measured top-down", endName(from), endName(to), ans.Distance)},
		bandReason(ans.Distance, ans.Band, p.RangeSegment, p.Epsilon)}
	return ans, nil
}

func endName(e RulerEnd) string {
	if e.ID != "" {
		return e.ID
	}
	return fmt.Sprintf("the point (%.4g, %.4g)", e.X, e.Y)
}

// DistanceFromPoint is the least top-down distance from the point p to the outline of a mini,
// terrain piece or token (0 when p is on or inside it).
func (w *World) DistanceFromPoint(id string, p r2.Point) (float64, error) {
	s, err := w.Outline(id)
	if err != nil {
		return 0, err
	}
	return s.DistanceToPoint(p), nil
}
