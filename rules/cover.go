package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// MaxModifier bounds Cover X, Sharpshooter X and the smoke tokens (the rulebook's X are 1 and 2;
// past 2 nothing changes, as cover has three levels).
const MaxModifier = 99

// CoverQuery is a ranged attack by unit Attacker on unit Defender, with the modifiers of the
// attack and of the defender (each count from 0 to MaxModifier).
type CoverQuery struct {
	Attacker, Defender string
	CoverModifiers
}

// CoverModifiers are what changes a defender's cover against one attack (RRG 2.0 Deckung
// L4488–4504, digest §7.5): improvements — Suppressed (counts for trooper and emplacement units),
// the defender's Cover X, Smoke (one per smoke token at range 1 of the defending or the attacking
// trooper leader) and Low Profile (light becomes heavy) — add up first and stop at heavy; then the
// attacker's Sharpshooter X lowers it; Blast ignores it.
type CoverModifiers struct {
	Suppressed   bool // the defender is suppressed (counts for trooper and emplacement units)
	CoverX       int  // the defender's Cover X
	Smoke        int  // smoke tokens improving the defender's cover
	LowProfile   bool // the defender has Low Profile
	Sharpshooter int  // the attacker's Sharpshooter X
	Blast        bool // the attack has Blast
}

// Obscurer is one thing that obscures a defending mini, and the cover it gives that mini's class.
type Obscurer struct {
	ID    string
	What  string // "terrain", "mini" or "depression"
	Cover table.Cover
}

// MiniCover is the cover analysis of one defending mini.
type MiniCover struct {
	Mini      string
	Hidden    bool        // fully hidden from the attacking leader
	Obscurers []Obscurer  // what obscures it (cover none does not count)
	Cover     table.Cover // the best cover among its obscurers
	Ignored   []string    // candidates not counted because the attacking leader touches them
}

// CoverAnswer is the defender's cover against the attack.
type CoverAnswer struct {
	Cover    table.Cover // after modifiers
	Obscured []string    // obscured minis, sorted
	Hidden   []string    // minis fully hidden from the attacking leader, sorted
	Minis    []MiniCover
	Reasons  []Reason
}

// candidate is a possible obscurer: a terrain piece or a mini treated as terrain.
type candidate struct {
	id    string
	what  string
	foot  geometry.Shape
	vols  []geometry.Volume
	cover table.Cover // for the defender's class
	mini  *Mini       // the mini, when what is "mini"
}

// Cover answers the cover of unit q.Defender against a ranged attack by unit q.Attacker
// (spec scenario-v1 "Cover"; RRG 2.0 Deckung L4441–4692).
func (w *World) Cover(q CoverQuery) (CoverAnswer, error) {
	u, err := w.Unit(q.Attacker)
	if err != nil {
		return CoverAnswer{}, err
	}
	v, err := w.Unit(q.Defender)
	if err != nil {
		return CoverAnswer{}, err
	}
	if err := q.check(); err != nil {
		return CoverAnswer{}, err
	}
	a := u.Leader
	class := v.DefenderClass()
	p := w.File.Profile
	cands := w.coverCandidates(class)
	// The candidates whose box meets the box of a's centre and v's base centres: only they can
	// meet the line between a's centre and a defender's (asked below for every mini of v), and
	// only for them does it matter whether a's base touches them.
	fan := r2.RectFromPoints(a.Centre())
	for _, b := range v.Minis {
		fan = fan.AddPoint(b.Centre())
	}
	near := make([]int, 0, len(cands))
	touched := make([]bool, len(cands))
	for k := range cands {
		if x := &cands[k]; !x.excluded(a, v) && x.foot.Bounds().Intersects(fan) {
			near = append(near, k)
			touched[k] = geometry.Distance(a.Foot, x.foot) <= p.ContactTolerance
		}
	}
	// unitSightSet leaves room after the sight blockers: each mini's view appends the
	// candidates on its line there, leaving sightVols as it is.
	sightVols, _, sightOwners := w.unitSightSet(a, v)
	// The answer's slices at their final sizes (Cover is asked for every pair of units).
	nm := len(v.Minis)
	ans := CoverAnswer{Minis: make([]MiniCover, 0, nm), Reasons: make([]Reason, 0, 1+nm+4)}
	names := make([]string, 0, 2*nm)
	ans.Obscured, ans.Hidden = names[:0:nm], names[nm:nm:2*nm]
	nLight, nHeavy := 0, 0
	for _, b := range v.Minis {
		mc := w.miniCover(a, b, v, cands, near, touched, sightVols, sightOwners)
		if mc.Hidden {
			ans.Hidden = append(ans.Hidden, b.ID)
		}
		switch mc.Cover {
		case table.CoverLight:
			nLight++
			ans.Obscured = append(ans.Obscured, b.ID)
		case table.CoverHeavy:
			nHeavy++
			ans.Obscured = append(ans.Obscured, b.ID)
		}
		ans.Minis = append(ans.Minis, mc)
	}
	sort.Strings(ans.Obscured)
	sort.Strings(ans.Hidden)
	if ans.Obscured == nil {
		ans.Obscured = []string{}
	}
	if ans.Hidden == nil {
		ans.Hidden = []string{}
	}
	n := len(v.Minis)
	level := table.CoverNone
	if 2*len(ans.Obscured) >= n && len(ans.Obscured) > 0 {
		level = table.CoverHeavy
		if nLight > nHeavy {
			level = table.CoverLight
		}
		ans.Reasons = append(ans.Reasons, Reason{Rule: "cover.unit", Cite: CiteUnitCover,
			Text: fmt.Sprintf("%d of %d minis are obscured (at least half): the unit has cover; %d behind light, %d behind heavy → %s", len(ans.Obscured), n, nLight, nHeavy, level),
			IDs:  ans.Obscured})
	} else {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "cover.unit", Cite: CiteUnitCover,
			Text: fmt.Sprintf("%d of %d minis are obscured (fewer than half): no cover", len(ans.Obscured), n),
			IDs:  ans.Obscured})
	}
	for _, mc := range ans.Minis {
		ans.Reasons = append(ans.Reasons, miniReason(a, mc))
	}
	level, mods := q.CoverModifiers.apply(level, v)
	ans.Reasons = append(ans.Reasons, mods...)
	ans.Cover = level
	return ans, nil
}

// check refuses a count outside 0–MaxModifier.
func (q CoverModifiers) check() error {
	for _, m := range []struct {
		name string
		x    int
	}{{"coverX", q.CoverX}, {"sharpshooter", q.Sharpshooter}, {"smoke", q.Smoke}} {
		if m.x < 0 || m.x > MaxModifier {
			return fmt.Errorf("%s %d is outside 0–%d", m.name, m.x, MaxModifier)
		}
	}
	return nil
}

// apply changes a defending unit's cover level by the modifiers, in order: improvements add up
// and cap at heavy (Low Profile improves light, after the others), then Sharpshooter lowers, and
// Blast ignores cover (RRG 2.0 Unauffällig L11063–11073).
func (q CoverModifiers) apply(from table.Cover, v *Unit) (table.Cover, []Reason) {
	var rs []Reason
	level := int(from) // counted as an int: Cover X and smoke may add more than heavy
	if q.Suppressed && (v.Type == table.Trooper || v.Type == table.Emplacement) {
		level++
		rs = append(rs, Reason{Rule: "cover.suppressed", Cite: CiteSuppressed, Text: "suppressed: cover +1"})
	}
	if q.CoverX > 0 {
		level += q.CoverX
		rs = append(rs, Reason{Rule: "cover.coverX", Cite: CiteCoverX, Text: fmt.Sprintf("Cover %d: cover +%d", q.CoverX, q.CoverX)})
	}
	if q.Smoke > 0 {
		level += q.Smoke
		rs = append(rs, Reason{Rule: "cover.smoke", Cite: CiteSmoke, Text: fmt.Sprintf("%d smoke token(s) at range 1 of a trooper leader: cover +%d", q.Smoke, q.Smoke)})
	}
	level = min(level, int(table.CoverHeavy))
	if q.LowProfile && level == int(table.CoverLight) {
		level = int(table.CoverHeavy)
		rs = append(rs, Reason{Rule: "cover.lowProfile", Cite: CiteLowProfile, Text: "Low Profile: light cover improves to heavy"})
	}
	if q.Sharpshooter > 0 {
		level = max(int(table.CoverNone), level-q.Sharpshooter)
		rs = append(rs, Reason{Rule: "cover.sharpshooter", Cite: CiteSharpshooter, Text: fmt.Sprintf("Sharpshooter %d: cover −%d after improvements", q.Sharpshooter, q.Sharpshooter)})
	}
	if q.Blast {
		level = int(table.CoverNone)
		rs = append(rs, Reason{Rule: "cover.blast", Cite: CiteBlast, Text: "Blast: the attack ignores cover"})
	}
	return table.Cover(level), rs
}

// coverCandidates lists what may obscure minis of a unit of the given class: solid and area
// terrain, and ground, creature and emplacement minis (repulsors never obscure). The list is the
// world's, shared: a question about attacker a and defender v skips the candidates for which
// excluded(a, v) holds.
func (w *World) coverCandidates(class DefenderClass) []candidate {
	cl := &w.cands[class]
	cl.once.Do(func() { cl.list = w.buildCandidates(class) })
	return cl.list
}

// buildCandidates is coverCandidates' list for a class.
func (w *World) buildCandidates(class DefenderClass) []candidate {
	var tc []candidate
	for _, p := range w.Terrain {
		if (p.Kind == table.Solid || p.Kind == table.Area) && p.Cover != (table.CoverByClass{}) {
			if c := coverFor(p.Cover, class); c != table.CoverNone {
				tc = append(tc, candidate{id: p.ID, what: "terrain", foot: p.Foot, vols: p.vols, cover: c})
			}
		}
	}
	// The minis treated as terrain follow, the same for every class.
	for _, m := range w.Minis {
		var c table.Cover
		switch m.Unit.Type {
		case table.Ground:
			c = m.Unit.CoverGiven
			if c == table.CoverNone {
				c = table.CoverHeavy
			}
		case table.Creature, table.Emplacement:
			c = table.CoverLight
		default:
			continue
		}
		tc = append(tc, candidate{id: m.ID, what: "mini", foot: m.Foot, vols: m.Volume(), cover: c, mini: m})
	}
	return tc
}

// excluded reports whether x cannot obscure minis of v from a: it is a or a mini of v.
func (x *candidate) excluded(a *Mini, v *Unit) bool {
	return x.mini != nil && (x.mini == a || x.mini.Unit == v)
}

// miniCover decides whether b is obscured from a, by what, and how well. near lists the
// candidates that can meet the line between the base centres; touched[k] says whether a's base
// touches candidate k (of near). The candidates' volumes are appended in the room after
// sightVols's length (see unitSightSet), which stays as it is.
func (w *World) miniCover(a, b *Mini, v *Unit, cands []candidate, near []int, touched []bool, sightVols []geometry.Volume, sightOwners []*Mini) MiniCover {
	mc := MiniCover{Mini: b.ID}
	// (b) first, as it is cheap: the candidates the top-down line between the base centres meets.
	ac, bc := a.Centre(), b.Centre()
	lineBox := r2.RectFromPoints(ac, bc)
	var onBuf [8]int
	onLine := onBuf[:0]
	for _, k := range near {
		x := &cands[k]
		if x.cover == table.CoverNone {
			continue
		}
		if x.foot.Bounds().Intersects(lineBox) && geometry.SegmentMeets(ac, bc, x.foot) {
			onLine = append(onLine, k)
		}
	}
	// One view from a's eye to b, against the sight blockers followed by those candidates.
	// Only a vehicle among the defenders needs itself taken out.
	vols := sightVols
	if b.Unit.Type == table.Ground || b.Unit.Type == table.Repulsor {
		vols = make([]geometry.Volume, 0, len(sightVols)+len(onLine)+2)
		for i, vol := range sightVols {
			if sightOwners[i] != b {
				vols = append(vols, vol)
			}
		}
	}
	nSight := len(vols)
	var firstBuf [8]int
	first := firstBuf[:0]
	for range len(onLine) + 1 {
		first = append(first, 0)
	}
	for n, k := range onLine {
		first[n] = len(vols)
		vols = append(vols, cands[k].vols...)
	}
	first[len(onLine)] = len(vols)
	view := geometry.NewView(a.Eye(), b.Volume(), vols)
	defer view.Close()
	mc.Hidden = !view.VisiblePast(nSight)
	best := table.CoverNone
	for n, k := range onLine {
		x := &cands[k]
		// The attacking leader touching a piece: it cannot obscure unless b is fully hidden.
		if touched[k] && !mc.Hidden {
			mc.Ignored = append(mc.Ignored, x.id)
			continue
		}
		// (a) some segment from the eye to b passes through the piece's volume.
		hides := false
		for i := first[n]; i < first[n+1] && !hides; i++ {
			hides = view.Hides(i)
		}
		if !hides {
			continue
		}
		if mc.Obscurers == nil {
			mc.Obscurers = make([]Obscurer, 0, len(onLine)-n+1)
		}
		mc.Obscurers = append(mc.Obscurers, Obscurer{ID: x.id, What: x.what, Cover: x.cover})
		best = max(best, x.cover)
	}
	// A trooper or emplacement wholly inside a crater or trench is obscured by it.
	if v.Type == table.Trooper || v.Type == table.Emplacement {
		for _, p := range w.Terrain {
			if p.Kind != table.Depression {
				continue
			}
			c := coverFor(p.Cover, TrooperClass)
			if c == table.CoverNone || !geometry.Inside(b.Foot, p.Foot) {
				continue
			}
			mc.Obscurers = append(mc.Obscurers, Obscurer{ID: p.ID, What: "depression", Cover: c})
			best = max(best, c)
		}
	}
	mc.Cover = best
	return mc
}

func miniReason(a *Mini, mc MiniCover) Reason {
	// Plain concatenation rather than fmt: this runs for every mini of every cover answer.
	ids := make([]string, 1, 1+len(mc.Obscurers))
	ids[0] = mc.Mini
	for _, o := range mc.Obscurers {
		ids = append(ids, o.ID)
	}
	r := Reason{Rule: "cover.mini", Cite: CiteObscured, IDs: ids}
	switch {
	case len(mc.Obscurers) == 0 && len(mc.Ignored) > 0:
		r.Rule, r.Cite = "cover.touching", CiteTouching
		r.Text = mc.Mini + ": not obscured; " + a.ID + " touches " + joinIDs(mc.Ignored) + ", which therefore cannot obscure it"
	case len(mc.Obscurers) == 0:
		r.Text = mc.Mini + ": not obscured (nothing that gives its class cover both hides part of it from " + a.ID + " and lies on the line between the base centres)"
	default:
		// "b: obscured by x (what, cover), y (what, cover) → cover" in one allocation.
		var sb strings.Builder
		sb.Grow(len(mc.Mini) + 24 + 40*len(mc.Obscurers) + 64)
		sb.WriteString(mc.Mini)
		sb.WriteString(": obscured by ")
		for i, o := range mc.Obscurers {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(o.ID)
			sb.WriteString(" (")
			sb.WriteString(o.What)
			sb.WriteString(", ")
			sb.WriteString(o.Cover.String())
			sb.WriteString(")")
		}
		sb.WriteString(" → ")
		sb.WriteString(mc.Cover.String())
		if mc.Hidden {
			sb.WriteString("; fully hidden from ")
			sb.WriteString(a.ID)
			sb.WriteString(", it cannot be wounded")
		}
		r.Text = sb.String()
		for _, o := range mc.Obscurers {
			switch o.What {
			case "depression":
				r.Cite = CiteDepression
			case "mini":
				r.Cite = CiteUnitsTerrain
			}
		}
	}
	if mc.Hidden && len(mc.Obscurers) == 0 {
		r.Text += "; fully hidden from " + a.ID + ", it cannot be wounded"
	}
	return r
}
