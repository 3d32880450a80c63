package rules

import (
	"fmt"
	"math"

	"holotable/geometry"
)

// ContactAnswer says whether two things are in base contact, and the top-down gap between them.
type ContactAnswer struct {
	Contact bool
	Gap     float64
	Reasons []Reason
}

// Contact answers base contact between two minis, or a mini (or any outline) and a terrain piece
// or token. Two minis are in contact when the top-down gap between their outlines is at most
// contactTolerance and their base bottoms differ by less than baseThickness; against terrain or a
// token only the gap counts (RRG 2.0 Basiskontakt L3268–3306).
func (w *World) Contact(a, b string) (ContactAnswer, error) {
	sa, err := w.Outline(a)
	if err != nil {
		return ContactAnswer{}, err
	}
	sb, err := w.Outline(b)
	if err != nil {
		return ContactAnswer{}, err
	}
	p := w.File.Profile
	gap := geometry.Distance(sa, sb)
	ans := ContactAnswer{Gap: gap, Contact: gap <= p.ContactTolerance+p.Epsilon}
	ma, aMini := w.byID[a].(*Mini)
	mb, bMini := w.byID[b].(*Mini)
	ans.Reasons = append(ans.Reasons, Reason{Rule: "contact.gap", Cite: CiteContact,
		Text: fmt.Sprintf("the top-down gap between %s and %s is %.4g (contact up to %g)", a, b, gap, p.ContactTolerance),
		IDs:  []string{a, b}})
	if aMini && bMini {
		dz := math.Abs(ma.Z - mb.Z)
		if dz >= p.BaseThickness {
			ans.Contact = false
		}
		ans.Reasons = append(ans.Reasons, Reason{Rule: "contact.height", Cite: CiteContact,
			Text: fmt.Sprintf("their base bottoms differ by %.4g (contact needs less than a base's thickness, %g)", dz, p.BaseThickness),
			IDs:  []string{a, b}})
	}
	return ans, nil
}
