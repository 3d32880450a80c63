package scenes

import (
	"errors"

	"holotable/ops"
	"holotable/table"
)

// The players' hand on the game (issue 15, "every step is shown and can be adjusted by the players
// before it is applied"; the Golden Rule): a rolled attack's hits and crits after the attack dice
// are modified and its blocks after the defence dice are modified set by hand (the op's
// attackAfter and blocksAfter), the defending player's choice of the mini that takes the first
// wound and of the new leader (woundOrder, newLeader) — all resolved again before Apply, the
// attack still one op — and wounds placed on a unit outside an attack (op game.wounds).

// attackAdjust is what the panel changes in a rolled attack; a nil field stays as it is.
type attackAdjust struct {
	Hits, Crits, Blocks *int
	WoundOrder          []string
	NewLeader           *string
	Reset               bool // back to the dice as rolled, the rules' order
}

// adjust changes the rolled attack and resolves it again. When the hits and crits change, the
// defence dice (one per hit and crit) are rolled again for the new count: they are rolled after
// the attack dice are modified (RRG 2.0 Angriff step 7).
func (t *gameTool) adjust(s Context, in attackAdjust) error {
	a := t.attack
	if a == nil || a.op == nil {
		return t.refuse(s, errors.New(T("play.notRolled")))
	}
	op := *a.op
	if in.Reset {
		op.AttackAfter, op.BlocksAfter, op.WoundOrder, op.NewLeader = nil, nil, nil, ""
	}
	if in.Hits != nil || in.Crits != nil {
		now := ops.AttackResult{Hits: a.outcome.Final.Hits, Crits: a.outcome.Final.Crits}
		if in.Hits != nil {
			now.Hits = *in.Hits
		}
		if in.Crits != nil {
			now.Crits = *in.Crits
		}
		if now.Hits < 0 || now.Crits < 0 {
			return t.refuse(s, errors.New(T("play.adjustNegative")))
		}
		op.AttackAfter = &now
	}
	if in.Blocks != nil {
		if *in.Blocks < 0 {
			return t.refuse(s, errors.New(T("play.adjustNegative")))
		}
		b := *in.Blocks
		op.BlocksAfter = &b
	}
	if in.WoundOrder != nil {
		op.WoundOrder = in.WoundOrder
		if len(in.WoundOrder) == 0 {
			op.WoundOrder = nil
		}
	}
	if in.NewLeader != nil {
		op.NewLeader = *in.NewLeader
	}
	if in.Reset || in.Hits != nil || in.Crits != nil {
		if first, _ := s.World().ResolveAttack(a.answer, op.Roll()); first.DefenceDice != a.op.Defence.Block+a.op.Defence.Surge+a.op.Defence.Blank {
			return t.defence(s, a, &op, nil) // rolled again (by the server, online), then resolved
		}
	}
	return t.resolve(s, a, &op)
}

// wound places n wounds on unit by hand: mini (when given) takes the first one the rules let it,
// newLeader leads when the leader falls.
func (t *gameTool) wound(s Context, unit string, n int, mini, newLeader string) error {
	op := &ops.GameWounds{Unit: unit, Wounds: n, NewLeader: newLeader}
	if mini != "" {
		op.Order = []string{mini}
	}
	return t.submit(s, op)
}

// miniIDs are a unit's minis on the table, the leader first, then in unit order.
func miniIDs(u *table.Unit) []string {
	ids := make([]string, 0, len(u.Minis))
	for _, m := range u.Minis {
		if m.Leader {
			ids = append(ids, m.ID)
		}
	}
	for _, m := range u.Minis {
		if !m.Leader {
			ids = append(ids, m.ID)
		}
	}
	return ids
}
