package rules

import "holotable/table"

// Permission is whether a side may make a change that touches some units: Allowed when every
// unit touched is its own (or none is a side's), else the change is an Offer to Owner, who accepts
// or refuses it (CiteOwnUnits). Hot-seat play on one screen gives both sides the one screen: the
// rule is the same, the offer is accepted there.
type Permission struct {
	Allowed bool
	Offer   bool
	Owner   table.Colour // the other side whose units the change touches (Offer)
	Reasons []Reason
}

// PermOffer is the code of MayChange's reason for a unit of the other side: the change is an offer
// to its owner.
const PermOffer Code = "perm.offer"

// PermOfferFigure is the code of the reason for a grid figure of the other seat's squad (D132):
// the change is an offer to that seat. Its Args are the figure, the seat's word, the squad and the
// seat's word again; OfferOwner reads the seat.
const PermOfferFigure Code = "perm.offerFigure"

// FigureOffer is the reason a change to grid figure id of squad side, which seat owner plays, is
// offered to owner.
func FigureOffer(id, side string, owner table.Colour) Reason {
	return say(PermOfferFigure, CiteOwnUnits, []string{id}, id, colourWord(owner), side, colourWord(owner))
}

// OfferOwner is the seat a PermOfferFigure reason offers the change to (NoColour for another).
func OfferOwner(r Reason) table.Colour {
	if r.Rule != PermOfferFigure || len(r.Args) < 2 {
		return table.NoColour
	}
	for _, c := range []table.Colour{table.Blue, table.Red} {
		if r.Args[1] == any(colourWord(c)) {
			return c
		}
	}
	return table.NoColour
}

// MayChange answers whether actor may change the units touched (their game records and minis).
func (w *World) MayChange(actor table.Colour, touched ...string) (Permission, error) {
	if err := needColour(actor); err != nil {
		return Permission{}, err
	}
	p := Permission{Allowed: true}
	for _, id := range touched {
		switch c := w.ColourOfUnit(id); c {
		case actor:
			p.Reasons = append(p.Reasons, say("perm.own", CiteOwnUnits, []string{id}, colourWord(actor), id))
		case table.NoColour:
			p.Reasons = append(p.Reasons, say("perm.neutral", CiteOwnUnits, []string{id}, id))
		default:
			p.Allowed, p.Offer, p.Owner = false, true, c
			p.Reasons = append(p.Reasons, say(PermOffer, CiteOwnUnits, []string{id}, id, colourWord(c), colourWord(c)))
		}
	}
	if len(touched) == 0 {
		p.Reasons = []Reason{say("perm.shared", CiteOwnUnits, nil, colourWord(actor))}
	}
	return p, nil
}
