package scenes

import (
	"strings"

	"holotable/render"
	"holotable/rules"
	"holotable/table"
)

// The measure tool's tags say, for each enemy unit, in which firing arcs it stands (issue 14;
// RRG 2.0 Feuerwinkel L6106–6148): in which arcs of the selected mini — when that mini stands on a
// notched base — some part of the unit's bases lies (rules.World.InArc, the judge's arc query), in
// which arcs of the enemy's leader — when it is notched too — the selected unit's leader stands
// (what Weak Point reads: rules.World.ArcsHolding), and, for each fixed-arc weapon on the selected
// unit's card, whether it may add its dice against the unit (rules.World.FixedArc, Fester
// Feuerwinkel L6008–6031). For an enemy whose unit has Weak Point X: Rear/Sides (keywords.weakPoint)
// the tag says, whatever base the selected unit stands on, whether an attack by it gains Impact X
// — our leader in the named arc (rules.World.WeakPoints, Schwachstelle X L9923–9939). Otherwise,
// with a trooper selected, nothing is asked (the live labels follow a dragged mini every frame).

// ArcTagState is a tag's arcs in the measure tool's state (labels[].arcs; null when neither unit
// has arcs).
type ArcTagState struct {
	In    []string        `json:"in"`    // arcs of the selected mini holding the unit; null: it has no arcs
	Of    []string        `json:"of"`    // arcs of the unit's leader holding the selected leader; null: none
	Fixed []FixedTagState `json:"fixed"` // the selected unit's fixed-arc weapons
	Weak  []WeakTagState  `json:"weak"`  // the unit's Weak Point sides; null: it has none
}

// WeakTagState is one side of a tag's unit's Weak Point X against the selected unit.
type WeakTagState struct {
	Side    string `json:"side"`    // "rear" or "sides"
	X       int    `json:"x"`       // the Impact it gives
	Applies bool   `json:"applies"` // the selected unit's leader is in that arc of the unit
}

// FixedTagState is one fixed-arc weapon of the selected unit against a tag's unit.
type FixedTagState struct {
	Weapon  string `json:"weapon"`
	Arc     string `json:"arc"`     // "front" or "rear"
	Applies bool   `json:"applies"` // some attacking mini has a defending mini in its arc
}

func init() {
	RegisterStrings(map[string][2]string{
		"arc.front":        {"front", "vorne"},
		"arc.left":         {"left", "links"},
		"arc.rear":         {"rear", "hinten"},
		"arc.right":        {"right", "rechts"},
		"arc.tag.in":       {"in our %s arc", "in unserem Feuerwinkel %s"},
		"arc.tag.notIn":    {"in none of our arcs", "in keinem unserer Feuerwinkel"},
		"arc.tag.of":       {"we are in its %s arc", "wir sind in seinem Feuerwinkel %s"},
		"arc.tag.fixed":    {"%s (Fixed: %s): adds its dice", "%s (Fester Feuerwinkel: %s): Würfel zählen"},
		"arc.tag.fixedNot": {"%s (Fixed: %s): out of arc", "%s (Fester Feuerwinkel: %s): außerhalb"},
		"arc.tag.weak":     {"Weak Point %d: %s: Impact %d from here", "Schwachstelle %d: %s: Wucht %d von hier"},
		"arc.tag.weakNot":  {"Weak Point %d: %s: not from here", "Schwachstelle %d: %s: nicht von hier"},
		"weak.rear":        {"Rear", "Heck"},
		"weak.sides":       {"Sides", "Seiten"},
	})
}

// arcTag is the arcs of enemy unit v from the selected mini sel (of unit su); nil when sel stands
// on a round base and v has no Weak Point.
func arcTag(w *rules.World, sel string, su, v *table.Unit) *ArcTagState {
	var a ArcTagState
	m, err := w.Mini(sel)
	if err != nil {
		return nil
	}
	if wp, err := w.WeakPoints(su.ID, v.ID); err == nil {
		for _, side := range wp.Sides {
			a.Weak = append(a.Weak, WeakTagState{Side: side.Side.String(), X: side.X, Applies: side.Applies})
		}
	}
	if !m.Unit.Notched() {
		if a.Weak == nil {
			return nil
		}
		return &a
	}
	a.In = []string{}
	for _, arc := range rules.Arcs {
		if ans, err := w.InArc(sel, v.ID, arc); err == nil && ans.InArc {
			a.In = append(a.In, arc.String())
		}
	}
	ru, err := w.Unit(v.ID)
	if err != nil {
		return nil
	}
	if own, err := w.Unit(su.ID); err == nil && ru.Notched() {
		if arcs, err := w.ArcsHolding(ru.Leader, own.Leader.Foot); err == nil {
			for _, arc := range arcs {
				a.Of = append(a.Of, arc.String())
			}
		}
	}
	if own, err := w.Unit(su.ID); err == nil && own.Notched() && own.Card != nil {
		for _, wp := range own.Card.Weapons {
			arc, ok := rules.ParseArc(wp.Keywords.Fixed)
			if !ok {
				continue
			}
			if ans, err := w.FixedArc(su.ID, v.ID, arc); err == nil {
				a.Fixed = append(a.Fixed, FixedTagState{Weapon: wp.Name, Arc: arc.String(), Applies: ans.Any})
			}
		}
	}
	return &a
}

// arcWords names arcs in the current language: "front", "left / right".
func arcWords(arcs []string) string {
	out := make([]string, len(arcs))
	for i, a := range arcs {
		out[i] = T("arc." + a)
	}
	return strings.Join(out, " / ")
}

// lines are the tag's lines for the arcs.
func (a *ArcTagState) lines() []render.TextLine {
	if a == nil {
		return nil
	}
	var out []render.TextLine
	switch {
	case a.In == nil:
	case len(a.In) == 0:
		out = append(out, render.TextLine{Text: T("arc.tag.notIn"), Color: render.NoLOSColor})
	default:
		out = append(out, render.TextLine{Text: T("arc.tag.in", arcWords(a.In))})
	}
	if len(a.Of) > 0 {
		out = append(out, render.TextLine{Text: T("arc.tag.of", arcWords(a.Of))})
	}
	for _, f := range a.Fixed {
		key, c := "arc.tag.fixed", render.LabelColor
		if !f.Applies {
			key, c = "arc.tag.fixedNot", render.NoLOSColor
		}
		out = append(out, render.TextLine{Text: T(key, f.Weapon, T("arc."+f.Arc)), Color: c})
	}
	for _, wp := range a.Weak {
		side := T("weak." + wp.Side)
		if wp.Applies {
			out = append(out, render.TextLine{Text: T("arc.tag.weak", wp.X, side, wp.X)})
		} else {
			out = append(out, render.TextLine{Text: T("arc.tag.weakNot", wp.X, side), Color: render.NoLOSColor})
		}
	}
	return out
}
