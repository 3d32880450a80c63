package rules

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"holotable/geometry"
)

// Arc names one of the four firing arcs of a notched mini (spec v1.1 "Firing arcs"; RRG 2.0
// Feuerwinkel L6106–6148). Its JSON form is its String.
type Arc int

// The arcs, in the order of the gaps between the arc lines: front (between the fourth line and the
// first, holding the facing), left (first to second), rear (second to third), right (third to
// fourth). ArcFront is the zero value.
const (
	ArcFront Arc = iota
	ArcLeft
	ArcRear
	ArcRight
)

var arcWords = words[Arc]{"Arc", []string{"front", "left", "rear", "right"}, errArcWord}

// arcRules are the reasons' rule codes by arc.
var arcRules = [4]Code{"arc.front", "arc.left", "arc.rear", "arc.right"}

// Arcs are the four arcs in order.
var Arcs = [4]Arc{ArcFront, ArcLeft, ArcRear, ArcRight}

// String returns "front", "left", "rear" or "right".
func (a Arc) String() string { return arcWords.str(a) }

// ParseArc reads an arc's name.
func ParseArc(s string) (Arc, bool) { return arcWords.parse(s) }

// MarshalText writes the arc's name.
func (a Arc) MarshalText() ([]byte, error) { return arcWords.marshal(a) }

// UnmarshalText reads the arc's name.
func (a *Arc) UnmarshalText(b []byte) error { return arcWords.unmarshal(a, b) }

var errArcWord = errors.New("arc must be front, rear, left or right")

// errRoundBase is the sentence for arcs asked of a mini on a round base.
func errRoundBase(m *Mini) error {
	return fmt.Errorf("mini '%s' stands on a round base: no firing arcs", m.ID)
}

// ArcCone is the closed cone of arc a of the notched mini m: from its base centre, between the arc
// lines at facing + arcs[i] (the unit's arcs, default 45, 135, 225, 315), not ending at the base
// edge (spec v1.1; CiteArcs). A mini on a round base has no arcs: an error.
func (w *World) ArcCone(m *Mini, a Arc) (geometry.Cone, error) {
	if !m.Unit.Notched() {
		return geometry.Cone{}, errRoundBase(m)
	}
	if !arcWords.valid(a) {
		return geometry.Cone{}, errArcWord
	}
	lines := m.Unit.ArcLines()
	f := m.Facing
	switch a {
	case ArcFront:
		return geometry.NewCone(m.Centre(), f+lines[3], f+lines[0]), nil
	default:
		return geometry.NewCone(m.Centre(), f+lines[a-1], f+lines[a]), nil
	}
}

// inCone reports whether some point of the base outline s lies in the closed cone, within the
// profile's epsilon.
func (w *World) inCone(c geometry.Cone, s geometry.Shape) bool {
	return c.Distance(s) <= w.File.Profile.Epsilon
}

// ArcAnswer says whether a unit (or one mini) is in an arc of a notched mini, and which of its
// minis are.
type ArcAnswer struct {
	InArc   bool
	Minis   []string // the target's minis in the arc, sorted
	Reasons []Reason
}

// InArc answers whether the unit or mini to is in arc a of the notched mini from: a mini is in the
// arc when some point of its base lies in the closed cone (within epsilon), a unit when any of its
// minis is (spec v1.1 "Firing arcs"; CiteArcs).
func (w *World) InArc(from, to string, a Arc) (ArcAnswer, error) {
	m, err := w.Mini(from)
	if err != nil {
		return ArcAnswer{}, err
	}
	if !m.Unit.Notched() {
		return ArcAnswer{}, errRoundBase(m)
	}
	if !arcWords.valid(a) {
		return ArcAnswer{}, errArcWord
	}
	var targets []*Mini
	switch v := w.byID[to].(type) {
	case *Unit:
		targets = v.Minis
	case *Mini:
		targets = []*Mini{v}
	default:
		return ArcAnswer{}, fmt.Errorf("no unit or mini '%s'", to)
	}
	cone, _ := w.ArcCone(m, a)
	// One allocation for the reason's ids and the answer's minis: ids = [from, minis…].
	ids := make([]string, 1, 1+len(targets))
	ids[0] = m.ID
	for _, t := range targets {
		if w.inCone(cone, t.Foot) {
			ids = append(ids, t.ID)
		}
	}
	ans := ArcAnswer{Minis: ids[1:len(ids):len(ids)]}
	if len(ans.Minis) > 1 {
		slices.Sort(ans.Minis)
	}
	ans.InArc = len(ans.Minis) > 0
	// The reason, built in one buffer without fmt (an arc answer is asked for every tag the app
	// draws).
	lines := m.Unit.ArcLines()
	var buf [192]byte
	b := buf[:0]
	b = append(append(append(append(b, m.ID...), "'s "...), a.String()...), " arc runs from "...)
	b = append(append4(b, answerDeg(cone.From)), "° to "...)
	b = append(append4(b, answerDeg(cone.From+cone.Width)), "° (facing "...)
	b = append(append4(b, answerDeg(m.Facing)), "° + its arc lines "...)
	for i, l := range lines {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append4(b, l)
	}
	if ans.InArc {
		b = append(b, "): part of the base of "...)
		for i, id := range ans.Minis {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(b, id...)
		}
		b = append(b, " lies in it"...)
	} else {
		b = append(append(append(b, "): no part of the base of "...), to...), " lies in it"...)
	}
	text := string(b)
	ans.Reasons = []Reason{{Rule: arcRules[a], Cite: CiteArcs, Text: text, IDs: ids}}
	return ans, nil
}

// append4 appends a number (an angle, a length) rounded to 4 decimals, without trailing zeros
// ("239.5", "30", "3.838"), by integer arithmetic on small numbers (float and 64-bit integer
// formatting were a third of an arc answer's time under WebAssembly).
func append4(b []byte, x float64) []byte {
	n := math.Round(x * 1e4)
	if !(math.Abs(n) < 1e17) {
		return strconv.AppendFloat(b, x, 'g', -1, 64)
	}
	v := int64(n)
	if v < 0 {
		b, v = append(b, '-'), -v
	}
	b = appendSmall(b, v/10000)
	if f := v % 10000; f != 0 {
		digits := [4]byte{byte('0' + f/1000), byte('0' + f/100%10), byte('0' + f/10%10), byte('0' + f%10)}
		k := 4
		for digits[k-1] == '0' {
			k--
		}
		b = append(append(b, '.'), digits[:k]...)
	}
	return b
}

// appendSmall appends a whole number ≥ 0, by hand below 10000 (an angle's degrees).
func appendSmall(b []byte, v int64) []byte {
	switch {
	case v >= 10000:
		return strconv.AppendInt(b, v, 10)
	case v >= 1000:
		return append(b, byte('0'+v/1000), byte('0'+v/100%10), byte('0'+v/10%10), byte('0'+v%10))
	case v >= 100:
		return append(b, byte('0'+v/100), byte('0'+v/10%10), byte('0'+v%10))
	case v >= 10:
		return append(b, byte('0'+v/10), byte('0'+v%10))
	}
	return append(b, byte('0'+v))
}

// ArcsHolding lists the arcs of the notched mini m that hold some point of the shape s (within
// epsilon), in arc order; a shape on an arc line is in both arcs. For the app's tags.
func (w *World) ArcsHolding(m *Mini, s geometry.Shape) ([]Arc, error) {
	var out []Arc
	for _, a := range Arcs {
		c, err := w.ArcCone(m, a)
		if err != nil {
			return nil, err
		}
		if w.inCone(c, s) {
			out = append(out, a)
		}
	}
	return out, nil
}

// ArcLines are the four arc-line directions of the notched mini m (degrees, facing + arcs[i],
// in [0, 360)), for drawing them across the table.
func (w *World) ArcLines(m *Mini) ([4]float64, error) {
	if !m.Unit.Notched() {
		return [4]float64{}, errRoundBase(m)
	}
	var out [4]float64
	for i, a := range m.Unit.ArcLines() {
		out[i] = answerDeg(m.Facing + a)
	}
	return out, nil
}

// shapeInArc reports whether some point of s lies in arc a of the notched mini m (within
// epsilon); false for a mini on a round base.
func (w *World) shapeInArc(m *Mini, a Arc, s geometry.Shape) bool {
	c, err := w.ArcCone(m, a)
	return err == nil && w.inCone(c, s)
}
