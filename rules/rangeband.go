package rules

import (
	"fmt"
	"math"

	"github.com/golang/geo/r2"

	"holotable/geometry"
)

// Band is the range band of a top-down distance d for a ruler segment seg:
// max(1, ceil(d/seg)), where a d within eps of k·seg is band k (a base touching a band line is
// in the lower band, RRG 2.0 Reichweite L9101–9105). There is no upper cap: range 5 and beyond
// are measured the same way.
func Band(d, seg, eps float64) int {
	k := math.Round(d / seg)
	if math.Abs(d-k*seg) <= eps {
		return max(1, int(k))
	}
	return max(1, int(math.Ceil(d/seg)))
}

// DistanceAnswer is the least top-down distance between two outlines.
type DistanceAnswer struct {
	Distance float64
	Reasons  []Reason
}

// Distance answers the distance between two minis, terrain pieces or tokens (any mix): the least
// top-down distance between their outlines, 0 when they touch or overlap. Heights never count.
func (w *World) Distance(a, b string) (DistanceAnswer, error) {
	sa, err := w.Outline(a)
	if err != nil {
		return DistanceAnswer{}, err
	}
	sb, err := w.Outline(b)
	if err != nil {
		return DistanceAnswer{}, err
	}
	d := geometry.Distance(sa, sb)
	return DistanceAnswer{Distance: d, Reasons: []Reason{{
		Rule: "distance.outline", Cite: CiteRange,
		Text: fmt.Sprintf("the nearest points of the outlines of %s and %s are %.4g apart, measured top-down", a, b, d),
		IDs:  []string{a, b},
	}}}, nil
}

// RangeAnswer is a unit-to-unit range: the distance and its band, and which two minis it was
// measured between.
type RangeAnswer struct {
	Distance float64
	Band     int
	From, To string // the minis the range runs between
	Reasons  []Reason
}

// Range answers the range from unit from to unit to. For an attack it runs from the attacker's
// leader to the nearest mini of the defender; for anything else from the nearest mini to the
// nearest mini.
func (w *World) Range(from, to string, attack bool) (RangeAnswer, error) {
	u, err := w.Unit(from)
	if err != nil {
		return RangeAnswer{}, err
	}
	v, err := w.Unit(to)
	if err != nil {
		return RangeAnswer{}, err
	}
	origins := u.Minis
	if attack {
		origins = []*Mini{u.Leader}
	}
	best := RangeAnswer{Distance: math.Inf(1)}
	for _, a := range origins {
		for _, b := range v.Minis {
			if d := geometry.Distance(a.Foot, b.Foot); d < best.Distance {
				best.Distance, best.From, best.To = d, a.ID, b.ID
			}
		}
	}
	p := w.File.Profile
	best.Band = Band(best.Distance, p.RangeSegment, p.Epsilon)
	var how Reason
	if attack {
		how = Reason{Rule: "range.attack", Cite: CiteRangeAttack,
			Text: "an attack: measured from " + from + "'s leader " + best.From + " to the nearest mini of " + to + " (" + best.To + ")",
			IDs:  []string{best.From, best.To}}
	} else {
		how = Reason{Rule: "range.effect", Cite: CiteRangeEffect,
			Text: "not an attack: measured from the nearest mini of " + from + " (" + best.From + ") to the nearest mini of " + to + " (" + best.To + ")",
			IDs:  []string{best.From, best.To}}
	}
	best.Reasons = []Reason{how, bandReason(best.Distance, best.Band, p.RangeSegment, p.Epsilon)}
	return best, nil
}

func bandReason(d float64, band int, seg, eps float64) Reason {
	if math.Abs(d-float64(band)*seg) <= eps {
		return Reason{Rule: "range.boundary", Cite: CiteRangeBoundary,
			Text: fmt.Sprintf("%.4g lies on the line between range %d and %d: the lower range, %d", d, band, band+1, band)}
	}
	return Reason{Rule: "range.band", Cite: CiteRange,
		Text: fmt.Sprintf("%.4g edge to edge, with segments of %g: range %d", d, seg, band)}
}

// WithinAnswer says whether every point of every mini of the target unit lies within N ruler
// segments of the nearest mini of the origin unit, and which mini reaches farthest.
type WithinAnswer struct {
	Within  bool
	Reasons []Reason
}

// Within answers "unit to is within range band of unit from": every point of every mini outline
// of to lies no farther than band·rangeSegment (+ epsilon) from the nearest mini outline of from.
func (w *World) Within(from, to string, band int) (WithinAnswer, error) {
	u, err := w.Unit(from)
	if err != nil {
		return WithinAnswer{}, err
	}
	v, err := w.Unit(to)
	if err != nil {
		return WithinAnswer{}, err
	}
	if band < 0 {
		return WithinAnswer{}, fmt.Errorf("band %d is negative", band)
	}
	p := w.File.Profile
	limit := float64(band)*p.RangeSegment + p.Epsilon
	centres := make([]r2.Point, len(u.Minis))
	radii := make([]float64, len(u.Minis))
	for i, a := range u.Minis {
		centres[i], radii[i] = a.Centre(), a.Radius()+limit
	}
	for _, b := range v.Minis {
		var ok bool
		if len(u.Minis) == 1 {
			ok = geometry.FarthestDistance(u.Minis[0].Foot, b.Foot) <= limit
		} else {
			ok = geometry.CoveredByDiscs(b.Foot, centres, radii)
		}
		if !ok {
			return WithinAnswer{Within: false, Reasons: []Reason{{Rule: "within.outside", Cite: CiteWithin,
				Text: fmt.Sprintf("part of %s's base lies farther than range %d (%g) from every mini of %s", b.ID, band, float64(band)*p.RangeSegment, from),
				IDs:  []string{b.ID}}}}, nil
		}
	}
	return WithinAnswer{Within: true, Reasons: []Reason{{Rule: "within.inside", Cite: CiteWithin,
		Text: fmt.Sprintf("every base of %s lies wholly within range %d of %s", to, band, from)}}}, nil
}

// Beyond answers "unit to is beyond range band of unit from": the nearest-to-nearest distance is
// more than band·rangeSegment + epsilon.
func (w *World) Beyond(from, to string, band int) (bool, []Reason, error) {
	r, err := w.Range(from, to, false)
	if err != nil {
		return false, nil, err
	}
	p := w.File.Profile
	beyond := r.Distance > float64(band)*p.RangeSegment+p.Epsilon
	return beyond, []Reason{{Rule: "beyond", Cite: CiteBeyond,
		Text: fmt.Sprintf("the nearest minis are %.4g apart; beyond range %d means more than %g", r.Distance, band, float64(band)*p.RangeSegment),
		IDs:  []string{r.From, r.To}}}, nil
}
