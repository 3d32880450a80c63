package scenes

import (
	"encoding/json"

	"holotable/protocol"
)

// Both players see the same reasons (issue 13): the explanation a player opens in the measure
// tool (attacker → defender: range, line of sight, cover, with their reasons) is offered to the
// others as an `explain` message (docs/protocol.md), its query the table file's cover query
// ({"kind":"cover","attacker":…,"defender":…}). The other pages say "blue shows you: A → D" with
// a button that opens the same explanation in their own measure tool (the page command
// "explain"); it is computed there from the same table by the same rules, so both see the same
// reasons. Relayed, not logged.

// OnlineShown is an explanation another player offered.
type OnlineShown struct {
	Seat     string `json:"seat"`
	Attacker string `json:"attacker"`
	Defender string `json:"defender"`
}

// explainQuery is the query an offered explanation carries.
type explainQuery struct {
	Kind     string `json:"kind"`
	Attacker string `json:"attacker"`
	Defender string `json:"defender"`
}

// explainTick offers the explanation this page's measure tool has open, once per pair opened;
// opening the one another player offered settles that offer.
func (o *Online) explainTick(s *TableScene) {
	t, _ := s.tools["measure"].(*measureTool)
	if t == nil || t.explain == nil || s.tool != Tool(t) {
		o.explSent = measurePair{}
		return
	}
	p := *t.explain
	if sh := o.shown; sh != nil && sh.Attacker == p.Attacker && sh.Defender == p.Defender {
		o.shown = nil
	}
	if p == o.explSent || !o.up || !o.seat.Plays() {
		return
	}
	q, _ := json.Marshal(explainQuery{Kind: "cover", Attacker: p.Attacker, Defender: p.Defender})
	if o.send(&protocol.Client{T: protocol.TExplain, Query: q}) == nil {
		o.explSent = p
	}
}

// explained takes another player's offered explanation: a line for the message line, or "" for
// a query this page does not show.
func (o *Online) explained(m *protocol.Server) string {
	var q explainQuery
	if json.Unmarshal(m.Query, &q) != nil || q.Kind != "cover" || q.Attacker == "" || q.Defender == "" {
		return ""
	}
	o.shown = &OnlineShown{Seat: m.Seat.String(), Attacker: q.Attacker, Defender: q.Defender}
	return T("online.shows", T("online.seat."+o.shown.Seat), q.Attacker, q.Defender)
}

func init() {
	RegisterStrings(map[string][2]string{
		"online.shows":     {"%s shows you: %s → %s", "%s zeigt dir: %s → %s"},
		"ui.online.openIt": {"Open", "Öffnen"},
	})
}
