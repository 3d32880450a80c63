//go:build !js

package main

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"holotable/ops"
	"holotable/protocol"
	"holotable/room"
	"holotable/rules"
	"holotable/table"
)

// The game's rolls on the server (D104; the dispute roll, D105): a page asks for a roll "for" an attack, a defence or an
// order draw; the server rolls it with the room's dice and logs it as a roll entry everyone sees;
// the op that follows (game.attack, game.activate) names that entry, and the server refuses it
// unless its faces are that roll's. A seat has at most one open roll of each purpose — the last
// asked for and not yet used by an op — and asking again for the same roll sends that entry again
// rather than rolling anew, so a page reloaded mid-attack gets back the dice it had.

var _ room.RollTable = (*opsTable)(nil)

// openRoll is a seat's logged roll that no op has used yet.
type openRoll struct {
	seq  uint64
	id   string
	roll *protocol.Roll
}

// Roll rolls a roll message of seat's: the dice tool's pool (the table's own dice included,
// rules.DiceFor), or a roll of the game — an attack's or a defence's pool of built-in dice, or an
// order token of the seat's colour drawn from its pool (rules.World.DrawOrder). The seat's open
// roll of the same purpose and pool (a draw: of a pool still holding what it drew) is answered by
// its entry again.
func (t *opsTable) Roll(seat protocol.Seat, m *protocol.Client) (*protocol.Roll, uint64, error) {
	switch m.For {
	case protocol.RollDice:
		pool, err := rules.PoolFrom(rules.DiceFor(t.log.File().Dice), m.Dice)
		if err != nil {
			return nil, 0, err
		}
		return &protocol.Roll{Dice: m.Dice, Result: t.roller.Roll(pool)}, 0, nil
	case protocol.RollAttack, protocol.RollDefence:
		suffix := "-" + m.For.String()
		for id := range m.Dice {
			if !strings.HasSuffix(id, suffix) {
				return nil, 0, fmt.Errorf("dice: %s is not an %s die", id, m.For)
			}
		}
		o, open := t.open[seat][m.For]
		if open && maps.Equal(o.roll.Dice, m.Dice) && m.GiveUp == "" {
			return nil, o.seq, nil
		}
		given, err := t.giveUp(seat, m, o, open)
		if err != nil {
			return nil, 0, err
		}
		pool, err := rules.PoolOf(m.Dice)
		if err != nil {
			return nil, 0, err
		}
		return &protocol.Roll{Dice: m.Dice, For: m.For, Result: t.roller.Roll(pool), GivenUp: given}, 0, nil
	case protocol.RollDraw:
		c, err := table.ParseColour(seat.String())
		if err != nil {
			return nil, 0, err
		}
		if o, ok := t.open[seat][m.For]; ok && t.stillDrawable(c, o.roll.Draw) {
			return nil, o.seq, nil
		}
		d, err := t.log.State().World().DrawOrder(c, t.roller)
		if err != nil {
			return nil, 0, errors.New("draw: " + err.Error())
		}
		out := &protocol.Draw{Rank: d.Rank.String()}
		for _, r := range d.Discarded {
			out.Discarded = append(out.Discarded, r.String())
		}
		return &protocol.Roll{For: m.For, Draw: out}, 0, nil
	case protocol.RollDispute:
		d := t.roller.Dispute()
		return &protocol.Roll{For: m.For, Dice: map[string]int{d.Face.Die: 1},
			Result: rules.Roll{Dice: []rules.RolledDie{d.Face}, Tally: map[string]int{d.Face.Symbol: 1}}}, 0, nil
	}
	return nil, 0, fmt.Errorf("for: %q is not a roll this server makes", m.For)
}

// giveUp is what a roll message m of seat's gives up of its open roll o of the same purpose (open:
// there is one) before the server rolls m's pool (D131): nothing when none is open. An open attack
// roll is replaced only when m names it in giveUp — so changing the weapons after seeing the dice
// is in the log with the dice it discarded; a defence roll (its pool follows the attack's hits,
// D90) is replaced by asking. A giveUp naming anything but the open attack roll is refused.
func (t *opsTable) giveUp(seat protocol.Seat, m *protocol.Client, o openRoll, open bool) (*protocol.GivenUp, error) {
	switch {
	case m.For != protocol.RollAttack:
		return nil, nil
	case !open && m.GiveUp != "":
		return nil, fmt.Errorf("giveUp: %s has no open attack roll to give up", seat)
	case !open:
		return nil, nil
	case m.GiveUp == "":
		return nil, fmt.Errorf("dice: %s's attack roll %s (%s: %s) is open: use it, or give it up by naming it in giveUp", seat, o.id, diceText(o.roll.Dice), tallyText(o.roll.Result.Tally))
	case m.GiveUp != o.id:
		return nil, fmt.Errorf("giveUp: %q is not %s's open attack roll (%s)", m.GiveUp, seat, o.id)
	case maps.Equal(o.roll.Dice, m.Dice):
		return nil, fmt.Errorf("giveUp: roll %s rolled the same pool (%s): a roll is given up only for another pool", o.id, diceText(m.Dice))
	}
	return &protocol.GivenUp{ID: o.id, Dice: o.roll.Dice, Result: o.roll.Result}, nil
}

// stillDrawable reports whether colour's order pool still holds every token of draw d (the
// discarded ones and the one drawn): nothing took them out since it was drawn.
func (t *opsTable) stillDrawable(c table.Colour, d *protocol.Draw) bool {
	g := t.log.File().Game
	if g == nil || d == nil {
		return false
	}
	pool := append([]table.Rank(nil), g.Side(c).Pool...)
	for _, s := range append([]string{d.Rank}, d.Discarded...) {
		k := slices.IndexFunc(pool, func(r table.Rank) bool { return r.String() == s })
		if k < 0 {
			return false
		}
		pool = slices.Delete(pool, k, k+1)
	}
	return true
}

// Rolled keeps a logged roll of the game as the seat's open roll of its purpose; a new attack roll
// closes the seat's defence roll (a defence belongs to an attack).
func (t *opsTable) Rolled(seq uint64, by protocol.Seat, id string, roll *protocol.Roll) {
	if roll.For == protocol.RollDice || roll.For == protocol.RollDispute {
		return // nothing names them
	}
	if t.open == nil {
		t.open = map[protocol.Seat]map[protocol.RollFor]openRoll{}
	}
	if t.open[by] == nil {
		t.open[by] = map[protocol.RollFor]openRoll{}
	}
	if roll.For == protocol.RollAttack {
		delete(t.open[by], protocol.RollDefence)
	}
	t.open[by][roll.For] = openRoll{seq: seq, id: id, roll: roll}
}

// checkRolls refuses an op of seat's whose random part the server rolls in a roll entry (D104)
// unless it names the seat's open roll of that purpose and carries its faces: a game.attack's
// attack dice and defence dice (the faces as rolled: attackRolled/defenceRolled when the players
// set single dice, D113, whose own check is ops'), a game.activate's draw. Other ops pass.
func (t *opsTable) checkRolls(seat protocol.Seat, op ops.Op) error {
	s := t.log.State()
	switch o := op.(type) {
	case *ops.GameAttack:
		if _, err := t.named(seat, protocol.RollAttack, "attackRoll", o.AttackRoll, nil); err != nil {
			return err // first, whatever the table now says of the attack
		}
		want, err := o.AttackDice(s)
		if err != nil {
			return err
		}
		r, err := t.named(seat, protocol.RollAttack, "attackRoll", o.AttackRoll, want)
		if err != nil {
			return err
		}
		rolled := o.Attack // the faces as the dice fell: the set ones' own record when a die was set (D113)
		if o.AttackRolled != nil {
			rolled = *o.AttackRolled
		}
		if got := ops.AttackFacesOf(r.Result.Tally); got != rolled {
			return fmt.Errorf("attack: the faces are not those of roll %s (%s)", o.AttackRoll, tallyText(r.Result.Tally))
		}
		if want, err = o.DefenceDice(s); err != nil {
			return err
		}
		if len(want) == 0 {
			if o.DefenceRoll != "" || o.Defence != (ops.DefenceFaces{}) {
				return errors.New("defence: no defence dice are rolled (no hit or crit is left to block)")
			}
			return nil
		}
		if r, err = t.named(seat, protocol.RollDefence, "defenceRoll", o.DefenceRoll, want); err != nil {
			return err
		}
		rolledDef := o.Defence
		if o.DefenceRolled != nil {
			rolledDef = *o.DefenceRolled
		}
		if got := ops.DefenceFacesOf(r.Result.Tally); got != rolledDef {
			return fmt.Errorf("defence: the faces are not those of roll %s (%s)", o.DefenceRoll, tallyText(r.Result.Tally))
		}
	case *ops.GameActivate:
		if o.Rank == table.RankNone && len(o.Discarded) == 0 && o.DrawRoll == "" {
			return nil // a face-up order: nothing drawn
		}
		r, err := t.named(seat, protocol.RollDraw, "drawRoll", o.DrawRoll, nil)
		if err != nil {
			return err
		}
		got := protocol.Draw{Rank: o.Rank.String()}
		for _, k := range o.Discarded {
			got.Discarded = append(got.Discarded, k.String())
		}
		if got.Rank != r.Draw.Rank || !slices.Equal(got.Discarded, r.Draw.Discarded) {
			return fmt.Errorf("rank: the draw is not that of roll %s (%s)", o.DrawRoll, drawText(r.Draw))
		}
	}
	return nil
}

// named is the seat's open roll of purpose for is the op's field (its value id) names, with the
// dice want (nil: a draw, no dice), or the refusal naming the field.
func (t *opsTable) named(seat protocol.Seat, purpose protocol.RollFor, field, id string, want map[string]int) (*protocol.Roll, error) {
	if id == "" {
		return nil, fmt.Errorf("%s: on an online table the server rolls: send a roll for %q and name its id", field, purpose)
	}
	o, ok := t.open[seat][purpose]
	if !ok || o.id != id {
		return nil, fmt.Errorf("%s: %q is not %s's open %s roll (the last one asked for and not yet used)", field, id, seat, purpose)
	}
	if want != nil && !maps.Equal(o.roll.Dice, want) {
		return nil, fmt.Errorf("%s: roll %s rolled %s, the attack asks for %s", field, id, diceText(o.roll.Dice), diceText(want))
	}
	return o.roll, nil
}

// used closes the open rolls an applied op of author's used.
func (t *opsTable) used(author string, op ops.Op) {
	seat, ok := protocol.ParseSeat(author)
	if !ok {
		return
	}
	switch o := op.(type) {
	case *ops.GameAttack:
		delete(t.open[seat], protocol.RollAttack)
		delete(t.open[seat], protocol.RollDefence)
	case *ops.GameActivate:
		if o.DrawRoll != "" {
			delete(t.open[seat], protocol.RollDraw)
		}
	}
}

// diceText is a pool as "2 black-attack, 1 red-attack" (by die id).
func diceText(d map[string]int) string {
	ids := slices.Sorted(maps.Keys(d))
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.Itoa(d[id]) + " " + id
	}
	return strings.Join(parts, ", ")
}

// tallyText is a roll's faces as "1 crit, 2 hit" (by symbol).
func tallyText(t map[string]int) string {
	syms := make([]string, 0, len(t))
	for s, n := range t {
		if n > 0 {
			syms = append(syms, s)
		}
	}
	sort.Strings(syms)
	parts := make([]string, len(syms))
	for i, s := range syms {
		parts[i] = strconv.Itoa(t[s]) + " " + s
	}
	return strings.Join(parts, ", ")
}

// drawText is a draw as "corps (discarded: special)".
func drawText(d *protocol.Draw) string {
	if len(d.Discarded) == 0 {
		return d.Rank
	}
	return d.Rank + " (discarded: " + strings.Join(d.Discarded, ", ") + ")"
}
