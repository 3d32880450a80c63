package scenes

import (
	"errors"
	"sort"
	"strconv"
	"strings"

	"holotable/protocol"
	"holotable/rules"
)

// Dice on an online table (D84): the dice tool's rolls are the server's. The tool sends its pool
// as a `roll` message (docs/protocol.md); the server rolls it with its own dice and logs the faces
// as an entry of the room, which every page receives in order: each page's dice tool shows that
// roll, and the message line says who rolled what. A reload replays the log and shows the same
// faces; nobody rolls again by reloading. Offline, the dice tool does not roll: the roll is the
// server's or none.

// OnlineRoll is a roll of the room's log: its entry, the seat it was rolled for, the pool and the
// faces.
type OnlineRoll struct {
	Seq    uint64           `json:"seq"`
	ID     string           `json:"id"`
	By     string           `json:"by"`
	Dice   map[string]int   `json:"dice"`
	Result rules.Roll       `json:"result"`
	For    protocol.RollFor `json:"for,omitempty"`  // a roll of the game (D104): attack, defence, draw
	Draw   *protocol.Draw   `json:"draw,omitempty"` // a draw's order tokens
}

// onlineRollOf is roll entry m as the page keeps it.
func onlineRollOf(m *protocol.Server) OnlineRoll {
	return OnlineRoll{Seq: m.Seq, ID: m.ID, By: m.By.String(), Dice: m.Roll.Dice, Result: m.Roll.Result, For: m.Roll.For, Draw: m.Roll.Draw}
}

// shownRolls is how many of the log's last rolls the page's state lists.
const shownRolls = 5

// rollEntry takes a roll entry of the log (entry m, in order): kept for the dice tool and the
// page's state, and said on the message line.
func (o *Online) rollEntry(m *protocol.Server) string {
	r := onlineRollOf(m)
	o.rolls = append(o.rolls, r)
	if len(o.rolls) > shownRolls {
		o.rolls = o.rolls[len(o.rolls)-shownRolls:]
	}
	o.freshRolls = append(o.freshRolls, r)
	if r.Draw != nil {
		return T("online.drew", T("online.seat."+r.By), T("play.rank."+r.Draw.Rank))
	}
	if m.Roll.GivenUp != nil {
		return givenUpText(m)
	}
	if r.For == protocol.RollDispute && len(r.Result.Dice) == 1 {
		return T("online.dispute", T("online.seat."+r.By), reasonsText(rules.DisputeOf(r.Result.Dice[0]).Reasons))
	}
	return T("online.rolled", T("online.seat."+r.By), facesText(r.Result))
}

// facesText lists a roll's faces by symbol, most first ("2 hit, 1 crit").
func facesText(r rules.Roll) string {
	syms := make([]string, 0, len(r.Tally))
	for s := range r.Tally {
		syms = append(syms, s)
	}
	sort.Slice(syms, func(i, j int) bool {
		if a, b := r.Tally[syms[i]], r.Tally[syms[j]]; a != b {
			return a > b
		}
		return syms[i] < syms[j]
	})
	parts := make([]string, 0, len(syms)+1)
	for _, s := range syms {
		parts = append(parts, strconv.Itoa(r.Tally[s])+" "+symbolWord(s))
	}
	if r.Total != 0 {
		parts = append(parts, T("dice.total", r.Total))
	}
	return strings.Join(parts, ", ")
}

// symbolWord is a die symbol in the current language (the dice tool's words), else as it is.
func symbolWord(s string) string {
	if w := T("dice.sym." + s); w != "dice.sym."+s {
		return w
	}
	return s
}

// diceTick hands the dice tool of s its way to the server and the rolls that arrived since the
// last tick (the last one stays shown).
func (o *Online) diceTick(s *TableScene) {
	t := diceToolOf(s)
	t.remote = o.rollFor
	g := gameToolOf(s)
	g.server = o.rollFor
	for _, r := range o.freshRolls {
		if r.By == o.seat.String() && g.wait != nil && g.wait.For == r.For {
			_ = g.arrived(s, r) // a refusal is on the message line
		}
		switch {
		case r.For == protocol.RollDispute && len(r.Result.Dice) == 1:
			t.showDispute(r.Result.Dice[0])
		case r.Draw == nil:
			_ = t.showServer(r.Seq, r.By, r.Dice, r.Result)
		}
	}
	o.freshRolls = nil
}

// rollFor asks the server to roll pool for this page's seat: the dice tool's (RollDice), a roll of the
// game (D104; a draw: no pool) or the dispute roll (D105, no pool).
func (o *Online) rollFor(purpose protocol.RollFor, pool map[string]int) error {
	if !o.seat.Plays() {
		return errors.New(T("online.spectatorRoll"))
	}
	if !o.up || o.send(&protocol.Client{T: protocol.TRoll, ID: o.doc.nextID(), For: purpose, Dice: pool, GiveUp: o.giveUpFor(purpose, pool)}) != nil {
		return errors.New(T("online.offlineRoll"))
	}
	return nil
}

func init() {
	RegisterStrings(map[string][2]string{
		"online.rolled":        {"%s rolled: %s (the server's dice)", "%s würfelte: %s (Würfel des Servers)"},
		"online.dispute":       {"%s rolled the dispute roll: %s", "%s würfelte die Streitfrage: %s"},
		"online.drew":          {"%s drew an order token: %s (drawn by the server)", "%s zog einen Befehlsmarker: %s (vom Server gezogen)"},
		"online.offlineRoll":   {"offline: on an online table the server rolls; roll again once the table is back online", "offline: an einem Online-Tisch würfelt der Server; würfle wieder, sobald der Tisch online ist"},
		"online.spectatorRoll": {"spectators watch: only blue and red roll", "Zuschauer sehen zu: nur Blau und Rot würfeln"},
	})
}
