package scenes

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"holotable/protocol"
)

// Giving up an open attack roll (D131): the server refuses a second attack roll of another pool
// while the seat's attack roll is open, unless the roll names the open one in giveUp; the entry
// of the new roll then carries the roll given up, and every page says so on its message line. The
// page keeps its seat's open attack roll as the server does — the last attack roll of its seat
// that no game.attack of its seat has used since, read from the log in order (a reload reads it
// again) — and gives it up when its player rolls another pool (other weapons: a mistaken pool).

// openAttackEntry follows log entry m (taken in order) for the seat's open attack roll.
func (o *Online) openAttackEntry(m *protocol.Server) {
	if m.By != o.seat {
		return
	}
	if m.Roll != nil {
		if m.Roll.For == protocol.RollAttack {
			r := onlineRollOf(m)
			o.openAttack = &r
		}
		return
	}
	raws := m.Ops
	if m.Op != nil {
		raws = []json.RawMessage{m.Op}
	}
	for _, raw := range raws {
		var head struct {
			Op string `json:"op"`
		}
		if json.Unmarshal(raw, &head) == nil && head.Op == "game.attack" {
			o.openAttack = nil // used: the server closed it (cmd/tableserver used)
		}
	}
}

// giveUpFor is the open attack roll a roll for purpose with pool gives up: the seat's open attack
// roll when pool is another, "" otherwise (the same pool is answered by the open roll, D104).
func (o *Online) giveUpFor(purpose protocol.RollFor, pool map[string]int) string {
	if purpose != protocol.RollAttack || o.openAttack == nil || maps.Equal(o.openAttack.Dice, pool) {
		return ""
	}
	return o.openAttack.ID
}

// givenUpText is the message line of a roll entry that gave up an open roll.
func givenUpText(m *protocol.Server) string {
	g := m.Roll.GivenUp
	return T("online.givenUp", T("online.seat."+m.By.String()), g.ID, poolText(g.Dice), facesText(g.Result),
		poolText(m.Roll.Dice), facesText(m.Roll.Result))
}

// poolText is a pool as "2 × red attack die, 3 × black attack die" (by die id; a die without a
// name of the app's by its id).
func poolText(pool map[string]int) string {
	parts := make([]string, 0, len(pool))
	for _, id := range slices.Sorted(maps.Keys(pool)) {
		name := T("dice.name." + id)
		if name == "dice.name."+id {
			name = id
		}
		parts = append(parts, strconv.Itoa(pool[id])+" × "+name)
	}
	return strings.Join(parts, ", ")
}

func init() {
	RegisterStrings(map[string][2]string{
		"online.givenUp": {"%s gave up attack roll %s (%s: %s) and rolled another pool: %s: %s (the server's dice)",
			"%s gab Angriffswurf %s auf (%s: %s) und würfelte einen anderen Pool: %s: %s (Würfel des Servers)"},
	})
}
