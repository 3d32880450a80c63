package swm

import (
	"fmt"

	"holotable/rules"
	"holotable/table"
)

// Ask answers one query of a grid table (docs/format-swm.md), in the judge's answer form: the
// fields in the documented order, or an error sentence for a query that names a missing figure or
// asks for something impossible.
func (b *Board) Ask(q table.SWMQuery) rules.Answer {
	a := rules.Answer{ID: q.ID}
	set := func(kv ...any) {
		for i := 0; i+1 < len(kv); i += 2 {
			a.Fields = append(a.Fields, rules.Field{Key: kv[i].(string), Value: kv[i+1]})
		}
	}
	switch q.Kind {
	case "los":
		sa, sc, err := b.spaces(q.From, q.To)
		if err != nil {
			a.Err = err
			break
		}
		r := b.LOS(sa, sc)
		a.Reasons = r.Reasons // the clear line, when there is one, is in the reason's text
		set("los", r.Visible, "method", r.Method)
	case "cover":
		r, err := b.CoverOf(q.Attacker, q.Defender)
		a.Err, a.Reasons = err, r.Reasons
		var corner any
		if r.Corner != nil {
			corner = [2]int{r.Corner.X, r.Corner.Y}
		}
		by := r.By
		if by == nil {
			by = []string{}
		}
		set("cover", r.Cover, "los", r.LOS, "adjacent", r.Adjacent, "corner", corner, "by", by)
	case "distance":
		mode, err := ParseMode(q.Mode)
		if err != nil {
			a.Err = err
			break
		}
		r, err := b.DistanceOf(q.From, q.To, mode)
		a.Err, a.Reasons = err, r.Reasons
		var d any
		if r.Reachable {
			d = r.Squares
		}
		set("distance", d)
	case "within":
		mode, err := ParseMode(q.Mode)
		if err != nil {
			a.Err = err
			break
		}
		r, err := b.WithinOf(q.Figure, q.N, mode)
		a.Err, a.Reasons = err, r.Reasons
		set("figures", r.Figures, "squares", len(r.Squares))
	case "reach":
		r, err := b.ReachOf(q.Figure, ReachOptions{Double: q.Double, Force: q.Force, Bonus: q.Bonus, ForceLeap: q.ForceLeap})
		if err != nil {
			a.Err = err
			break
		}
		a.Reasons = r.Reasons
		ends := make([][3]int, len(r.Ends))
		for i, e := range r.Ends {
			ends[i] = [3]int{e.X, e.Y, e.Cost}
		}
		set("budget", r.Budget, "count", len(ends), "ends", ends)
		if q.Has["x"] || q.Has["y"] {
			path, ok := r.PathTo(q.X, q.Y)
			if path == nil {
				path = []Step{}
			}
			set("reachable", ok, "path", path)
		}
	case "targets":
		r, err := b.TargetsOf(q.Figure, TargetOptions{IgnoreStealth: q.IgnoreStealth})
		a.Err, a.Reasons = err, r.Reasons
		var nearest any
		if r.Nearest >= 0 {
			nearest = r.Nearest
		}
		set("targets", r.Legal, "adjacentOnly", r.AdjacentOnly, "nearest", nearest, "enemies", r.Enemies)
	default:
		a.Err = fmt.Errorf("unknown query kind '%s'", q.Kind)
	}
	if a.Err != nil {
		a.Fields, a.Reasons = nil, nil
	}
	return a
}

// spaces returns the spaces of two different figures.
func (b *Board) spaces(from, to string) (Space, Space, error) {
	ga, ia, err := b.Figure(from)
	if err != nil {
		return Space{}, Space{}, err
	}
	gc, ic, err := b.Figure(to)
	if err != nil {
		return Space{}, Space{}, err
	}
	if ia == ic {
		return Space{}, Space{}, fmt.Errorf("'%s' is the same figure", from)
	}
	return SpaceOf(ga), SpaceOf(gc), nil
}
