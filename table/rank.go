package table

import "fmt"

// Rank is a unit's rank, the symbol on its order token (RRG 2.0 Rang L8939–9018, Befehlsmarker
// L3445–3494): commander, operative, corps, special forces, support or heavy. The zero value is no
// rank. In a file a rank is its String ("corps").
type Rank uint8

// Ranks in the rulebook's order.
const (
	RankNone Rank = iota
	RankCommander
	RankOperative
	RankCorps
	RankSpecial
	RankSupport
	RankHeavy
)

var rankNames = [...]string{"", "commander", "operative", "corps", "special", "support", "heavy"}

// Ranks lists every rank in the rulebook's order (commander first).
var Ranks = []Rank{RankCommander, RankOperative, RankCorps, RankSpecial, RankSupport, RankHeavy}

// String is the rank's word in a file: "commander", "operative", "corps", "special", "support",
// "heavy"; "" for RankNone.
func (r Rank) String() string {
	if int(r) < len(rankNames) {
		return rankNames[r]
	}
	return fmt.Sprintf("Rank(%d)", uint8(r))
}

// ParseRank reads a rank's word; "" and unknown words are an error naming the ranks.
func ParseRank(s string) (Rank, error) {
	for i, n := range rankNames {
		if i > 0 && n == s {
			return Rank(i), nil
		}
	}
	return RankNone, fmt.Errorf("unknown rank %q (commander, operative, corps, special, support or heavy)", s)
}

// MarshalText writes the rank's word.
func (r Rank) MarshalText() ([]byte, error) {
	if r == RankNone || int(r) >= len(rankNames) {
		return nil, fmt.Errorf("table: no word for %v", r)
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads a rank's word.
func (r *Rank) UnmarshalText(b []byte) error {
	v, err := ParseRank(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Colour is a player's colour, blue or red (RRG 2.0 Blauer und roter Spieler L4206–4208,
// Spielaufbau step 4 L834–841). The zero value is no colour. In a file it is "blue" or "red".
type Colour uint8

// Colours.
const (
	NoColour Colour = iota
	Blue
	Red
)

// Colours lists both colours, blue first (blue acts first where the rulebook leaves a tie).
var Colours = []Colour{Blue, Red}

// String is "blue", "red", or "" for NoColour.
func (c Colour) String() string {
	switch c {
	case Blue:
		return "blue"
	case Red:
		return "red"
	case NoColour:
		return ""
	}
	return fmt.Sprintf("Colour(%d)", uint8(c))
}

// Other is the opposing colour (NoColour for NoColour).
func (c Colour) Other() Colour {
	switch c {
	case Blue:
		return Red
	case Red:
		return Blue
	}
	return NoColour
}

// ParseColour reads "blue" or "red".
func ParseColour(s string) (Colour, error) {
	switch s {
	case "blue":
		return Blue, nil
	case "red":
		return Red, nil
	}
	return NoColour, fmt.Errorf("unknown colour %q (blue or red)", s)
}

// MarshalText writes "blue" or "red".
func (c Colour) MarshalText() ([]byte, error) {
	if c != Blue && c != Red {
		return nil, fmt.Errorf("table: no word for %v", c)
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads "blue" or "red".
func (c *Colour) UnmarshalText(b []byte) error {
	v, err := ParseColour(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}
