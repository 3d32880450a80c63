package protocol

import "fmt"

// RollFor is what a roll is for (a roll message's and a roll entry's "for"): the dice tool's pool
// (""), a roll of the game that an op then names (D104) — the attack dice, the defence dice, an
// order token drawn — or the rulebook's dispute roll (D105).
type RollFor string

const (
	RollDice    RollFor = ""        // the dice tool's pool: nothing names it
	RollAttack  RollFor = "attack"  // a game.attack's attack dice (its attackRoll)
	RollDefence RollFor = "defence" // a game.attack's defence dice (its defenceRoll)
	RollDraw    RollFor = "draw"    // a game.activate's order token (its drawRoll); no dice
	RollDispute RollFor = "dispute" // the dispute roll: one red defence die the server picks; no dice
)

// RollFors lists the purposes in the order docs/protocol.md gives them.
var RollFors = []RollFor{RollDice, RollAttack, RollDefence, RollDraw, RollDispute}

// String is the purpose's name ("" for the dice tool's).
func (f RollFor) String() string { return string(f) }

// ParseRollFor reads a purpose; the error names the value.
func ParseRollFor(s string) (RollFor, error) {
	for _, f := range RollFors {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("for: %q is not attack, defence, draw or dispute", clip(s))
}

// UnmarshalText reads a purpose strictly (an unknown one is refused when the message is decoded).
func (f *RollFor) UnmarshalText(b []byte) error {
	v, err := ParseRollFor(string(b))
	if err != nil {
		return err
	}
	*f = v
	return nil
}
