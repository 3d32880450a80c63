package scenes

import (
	"errors"
	"strings"

	"holotable/ops"
	"holotable/table"
)

// Offers on an online table (issue 15, D85): a page's change to a unit of the other side is
// refused by the ops (each side changes its own units, D83); the Doc then logs it as an offer to
// the unit's owner instead (ops.OfferMake), and the message line says so. The owner's page lists
// the offer with Accept and Refuse (OnlineState.Offers, the page's "offer" command); accepting
// applies the change as the owner's op. The maker's page lists it as waiting, with Withdraw.
// A group of ops (one change of several ops) that touches the other side's unit is offered as one
// offer, accepted or refused whole (D107); the maker's undo of an offer withdraws it.

// OfferedError is the answer to a change that was offered to its owner instead of made: the
// table is unchanged until the owner accepts. Its message is for the message line.
type OfferedError struct {
	To   table.Colour
	What string // the change in words
}

func (e *OfferedError) Error() string {
	return T("offer.made", T("online.seat."+e.To.String()), e.What)
}

// offer logs list (one op, or the ops of one group) as an offer to the owner its refusal names,
// when the Doc offers (online) and err is such a refusal; otherwise it returns err.
func (d *Doc) offer(list []ops.Op, err error) error {
	to := ops.OfferTo(err, d.File())
	if !d.offers || to == table.NoColour {
		return err
	}
	m := &ops.OfferMake{To: to, Proposal: ops.Carried{Op: list[0]}}
	for _, op := range list[1:] {
		m.Then = append(m.Then, ops.Carried{Op: op})
	}
	if _, oerr := d.log.Submit(ops.Entry{ID: d.nextID(), Author: d.author, Op: m}); oerr != nil {
		return err
	}
	d.changed()
	return &OfferedError{To: to, What: offerText(m)}
}

// offerText is what an offer proposes, in the current language: its ops' words, one after the
// other.
func offerText(m *ops.OfferMake) string {
	var parts []string
	for _, op := range m.Proposals() {
		if op != nil {
			parts = append(parts, op.Describe().In(Language()))
		}
	}
	return strings.Join(parts, "; ")
}

// OnlineOffer is an open offer as the page lists it.
type OnlineOffer struct {
	ID   string `json:"id"`
	From string `json:"from"` // the seat that made it
	To   string `json:"to"`   // the owner, who accepts or refuses it
	Text string `json:"text"` // the change, in the current language
	// Answer: this page's seat is the owner (accept or refuse); Mine: it made it (withdraw).
	Answer bool `json:"answer,omitempty"`
	Mine   bool `json:"mine,omitempty"`
}

// offers are the open offers of the Doc's log.
func (o *Online) offers() []OnlineOffer {
	var out []OnlineOffer
	for _, e := range o.doc.log.Offers() {
		m, _ := ops.OfferOf(e)
		out = append(out, OnlineOffer{ID: e.ID, From: e.Author, To: m.To.String(), Text: offerText(m),
			Answer: m.To.String() == o.seat.String(), Mine: e.Author == o.seat.String()})
	}
	return out
}

// cmdOffer answers an open offer: {id, accept} — accept (the owner), or refuse (the owner) or
// withdraw (its maker) with accept false.
func cmdOffer(s *TableScene, arg jsonRaw) (any, error) {
	a := struct {
		ID     string
		Accept bool
	}{}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	if a.ID == "" {
		return nil, errors.New(T("offer.noID"))
	}
	if err := s.doc.Submit(&ops.OfferAnswer{Of: a.ID, Accept: a.Accept}); err != nil {
		return nil, errors.New(errText(err))
	}
	return nil, nil
}

func init() {
	RegisterCommand("offer", cmdOffer)
	RegisterStrings(map[string][2]string{
		"offer.made": {"Offered to %s: %s. The change is theirs to accept or refuse.",
			"%s angeboten: %s. Die Änderung nimmt die andere Seite an oder lehnt sie ab."},
		"offer.noID":          {"offer: id: the offer to answer", "offer: id: das zu beantwortende Angebot"},
		"ui.online.offerFrom": {"%s offers: %s", "%s bietet an: %s"},
		"ui.online.offerTo":   {"offered to %s: %s", "%s angeboten: %s"},
		"ui.online.accept":    {"Accept", "Annehmen"},
		"ui.online.refuse":    {"Refuse", "Ablehnen"},
		"ui.online.withdraw":  {"Withdraw", "Zurückziehen"},
	})
}
