package scenes

import (
	"errors"

	"holotable/protocol"
	"holotable/rules"
	"holotable/table"
)

// The game tool's random steps — an attack's dice, a defence's, an order token drawn — through one
// path (D104): in hot-seat play the tool rolls them now with its roller; on an online table
// (server set by the session each tick) it asks the server, which rolls and logs the roll as an
// entry every page sees, and the step goes on when that entry comes back (arrived), the op then
// naming the entry. Asking again for an open roll (a reloaded page) brings back the same entry.

// gameWait is a roll asked of the server: its purpose, and the step that takes it.
type gameWait struct {
	For  protocol.RollFor
	then func(s Context, r OnlineRoll) error
}

// dice rolls for purpose: local rolls it now, else the server is asked for pool (nil: a draw) and
// then runs when its entry arrives. then gets the roll (its ID "" when rolled here).
func (t *gameTool) dice(s Context, purpose protocol.RollFor, pool map[string]int, local func() (OnlineRoll, error), then func(s Context, r OnlineRoll) error) error {
	if t.server == nil {
		r, err := local()
		if err != nil {
			return t.refuse(s, err)
		}
		return then(s, r)
	}
	if err := t.server(purpose, pool); err != nil {
		return t.refuse(s, err)
	}
	t.wait = &gameWait{For: purpose, then: then}
	s.SetMessage(T("play.waitServer"))
	return nil
}

// arrived takes the server's roll the tool waits for.
func (t *gameTool) arrived(s Context, r OnlineRoll) error {
	w := t.wait
	t.wait = nil
	s.SetMessage("")
	return w.then(s, r)
}

// tallyRoll is a local roll's tally as the roll the steps take.
func tallyRoll(tally map[string]int, err error) (OnlineRoll, error) {
	return OnlineRoll{Result: rules.Roll{Tally: tally}}, err
}

// orderDrawOf is a server's draw as the rules take it.
func orderDrawOf(d *protocol.Draw) (rules.OrderDraw, error) {
	if d == nil {
		return rules.OrderDraw{}, errors.New(T("play.noDraw"))
	}
	rank, err := table.ParseRank(d.Rank)
	if err != nil {
		return rules.OrderDraw{}, err
	}
	out := rules.OrderDraw{Rank: rank}
	for _, s := range d.Discarded {
		k, err := table.ParseRank(s)
		if err != nil {
			return rules.OrderDraw{}, err
		}
		out.Discarded = append(out.Discarded, k)
	}
	return out, nil
}

func init() {
	RegisterStrings(map[string][2]string{
		"play.waitServer":  {"the server is rolling…", "der Server würfelt …"},
		"play.serverRolls": {"on an online table the server rolls the dice: faces cannot be entered", "an einem Online-Tisch würfelt der Server: Würfelseiten können nicht eingegeben werden"},
		"play.noDraw":      {"the server's entry holds no draw", "der Eintrag des Servers enthält keine Ziehung"},
	})
}
