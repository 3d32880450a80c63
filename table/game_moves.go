package table

import "slices"

// The round's move record (issue 14, D111): what units did this round that a later rule of the
// rulebook reads — the transport's standard and reverse moves (disembarking from a transport that
// made more than one this round uses the whole activation, RRG 2.0 Ein- und Aussteigen
// L5164–5169), embarking and disembarking (not both in one activation, L5192–5193), a disembark
// that used the whole activation, and the suppression a unit gained from displacement (at most 1
// per activation, Verdrängung L11413–11416). "game.moves" lists them in order:
//
//	"moves": [{"unit": "t", "move": "standard", "during": "t"}, {"unit": "sq", "move": "disembark", "during": "sq"}]
//
// "during" is the unit being activated when it happened (game.active; absent when none), so
// (round, during) names one activation: a unit activates once a round. The end of the round
// empties the record.

// MoveEvent is one kind of entry of the move record.
type MoveEvent uint8

// Standard reports whether the entry is a standard move: a standard move, a full one, or a
// withdraw (a speed-1 move; every speed-X move is a standard move, RRG 2.0 Standardbewegung
// L10449–10450).
func (e MoveEvent) Standard() bool {
	return e == MoveStandard || e == MoveStandardFull || e == MoveWithdraw
}

// Moved reports whether the entry is a move the unit made that is not a pivot (Sperrig
// L10314–10319 excepts pivots only): every entry but displaced and cumbersomeAttack. A
// displaced unit is set aside and re-placed by the other player; it makes no move.
func (e MoveEvent) Moved() bool {
	return e != MoveNone && e != MoveDisplaced && e != MoveCumbersomeAttack
}

// The entries.
const (
	MoveNone           MoveEvent = iota
	MoveStandard                 // a standard move (Standardbewegung)
	MoveReverse                  // a reverse move (Rückwärtsbewegung)
	MoveEmbark                   // the unit embarked on a transport
	MoveDisembark                // the unit disembarked
	MoveDisembarkWhole           // the unit disembarked, and that used its whole activation (L5164–5169)
	MoveDisplaced                // the unit gained 1 suppression from being displaced
	// Added for Ram X, Sperrig and the withdraw (D133–D135); the words keep their numbers above.
	MoveStandardFull     // a full standard move at maximum speed (Rammen X L8925–8933); a standard move
	MoveStrafe           // a strafe (Seitwärtsbewegung)
	MoveClimb            // a climb or clamber (Klettern, Klimmen)
	MoveWithdraw         // a withdraw: a speed-1 move, so a standard move (Rückzug L9495–9496, Standardbewegung L10449–10450)
	MoveCumbersomeAttack // the unit attacked with a Sperrig (Cumbersome) weapon, not a standby attack (Sperrig L10314–10338)
)

var moveEventWords = wordSet[MoveEvent]{"MoveEvent", []string{"", "standard", "reverse", "embark", "disembark", "disembarkWhole", "displaced",
	"standardFull", "strafe", "climb", "withdraw", "cumbersomeAttack"}, "move"}

// String is the entry's word: "standard", "reverse", "embark", "disembark", "disembarkWhole",
// "displaced", "standardFull", "strafe", "climb", "withdraw" or "cumbersomeAttack".
func (e MoveEvent) String() string { return moveEventWords.str(e) }

// ParseMoveEvent reads an entry's word.
func ParseMoveEvent(s string) (MoveEvent, error) { return moveEventWords.parse(s) }

// MarshalText writes the entry's word.
func (e MoveEvent) MarshalText() ([]byte, error) { return moveEventWords.marshal(e) }

// UnmarshalText reads the entry's word.
func (e *MoveEvent) UnmarshalText(b []byte) error { return moveEventWords.unmarshal(e, b) }

// GameMove is one entry of the move record: Unit did Move while During was being activated ("":
// no unit was).
type GameMove struct {
	Unit   string
	Move   MoveEvent
	During string
}

// MaxGameMoves bounds the move record (a round of a Legion game has a few dozen moves).
const MaxGameMoves = 4096

var gameMoveFields = []string{"unit", "move", "during"}

// loadGameMoves reads game.moves: each entry's unit and during a unit of the game (known: on the
// table, carried, in the reserve or with a game record).
func loadGameMoves(o object, known func(string) bool) []GameMove {
	arr, ok := o.array("moves")
	if !ok {
		return nil
	}
	checkCount(o.field("moves"), "moves", len(arr), MaxGameMoves)
	out := make([]GameMove, 0, len(arr))
	for i, raw := range arr {
		mo := asObject(index(o.field("moves"), i), raw)
		for _, k := range sortedKeys(mo.m) {
			if !slices.Contains(gameMoveFields, k) {
				fail(mo.field(k), "unknown field of a move record entry (unit, move, during)")
			}
		}
		m := GameMove{Unit: mo.id("unit")}
		if !known(m.Unit) {
			fail(mo.field("unit"), "no unit %q in the game", m.Unit)
		}
		e, err := ParseMoveEvent(mo.id("move"))
		if err != nil {
			fail(mo.field("move"), "%v (standard, reverse, embark, disembark, disembarkWhole, displaced, standardFull, strafe, climb, withdraw or cumbersomeAttack)", err)
		}
		m.Move = e
		if d, ok := mo.str("during"); ok && d != "" {
			if !known(d) {
				fail(mo.field("during"), "no unit %q in the game", d)
			}
			m.During = d
		}
		out = append(out, m)
	}
	return out
}

// gameMovesDoc writes the record (nil when empty).
func gameMovesDoc(ms []GameMove) []any {
	if len(ms) == 0 {
		return nil
	}
	out := make([]any, len(ms))
	for i, m := range ms {
		d := ordered{{"unit", m.Unit}, {"move", m.Move.String()}}
		if m.During != "" {
			d.add("during", m.During)
		}
		out[i] = d
	}
	return out
}

// MovesIn are the entries of unit u made during the activation of during (a unit id; "" matches
// nothing: outside an activation no activation's limits apply).
func (g *Game) MovesIn(u, during string) []MoveEvent {
	if during == "" {
		return nil
	}
	var out []MoveEvent
	for _, m := range g.Moves {
		if m.Unit == u && m.During == during {
			out = append(out, m.Move)
		}
	}
	return out
}

// CountMoves counts unit u's entries of the kinds given this round.
func (g *Game) CountMoves(u string, kinds ...MoveEvent) int {
	n := 0
	for _, m := range g.Moves {
		if m.Unit == u && slices.Contains(kinds, m.Move) {
			n++
		}
	}
	return n
}
