package ops

import (
	"github.com/golang/geo/r2"

	"holotable/rules"
	"holotable/table"
)

// KindSetupToken places the next objective or condition token (setup step 7, RRG 2.0 L859–863) or
// a Spezialeinsätze mission marker, for the player whose turn it is (blue when nobody's is), where
// the chosen cards allow it (World.PlaceToken); a place a card allows only as its fallback needs
// the player's Fallback. A card that puts its tokens on terrain pieces puts them at the piece's
// centre when that lies on the piece (CheckToken).
const KindSetupToken Kind = "setup.token"

// SetupToken places Token (its kind the one the setup expects next, its id unused, its centre where
// CheckToken puts it, rounded to 1e-4) for Colour.
type SetupToken struct {
	Colour   table.Colour `op:"colour"`
	Token    table.Token  `op:"token"`
	Fallback bool         `op:"fallback,omitempty"`
}

// TokenRadius is the radius of an objective token or mission marker, in inches: a 1" disc (the
// seeds give no token sizes, rules-legion.md §15; rules/cards_test.go uses the same).
const TokenRadius = 0.5

const codeTokenPlace = "setup.tokenPlace"

func init() {
	Register[SetupToken](KindSetupToken)
	RegisterWords(map[string][2]string{
		"op.setup.token":           {"%s places %s", "%s setzt %s"},
		"reason." + codeTokenPlace: {"the token goes at the piece's centre (%g, %g)", "der Marker kommt in die Mitte des Teils (%g, %g)"},
	})
}

func (o *SetupToken) Kind() Kind { return KindSetupToken }
func (o *SetupToken) Describe() Words {
	return Words{Key: "op.setup.token", Args: []any{colourWords(o.Colour), o.Token.ID}}
}

// TokenCheck is the rules' answer for the next token at a point: where it would go (on a piece's
// centre when the card puts tokens on terrain), legal or not, and why; Refusal is set (and Err its
// English text) when no token can go there at all.
type TokenCheck struct {
	X        float64        `json:"x"`
	Y        float64        `json:"y"`
	Kind     string         `json:"kind"`
	Piece    string         `json:"piece,omitempty"`
	Legal    bool           `json:"legal"`
	Fallback bool           `json:"fallback,omitempty"`
	Reasons  []rules.Reason `json:"reasons,omitempty"`
	Err      string         `json:"error,omitempty"`
	Refusal  *Refusal       `json:"-"`
}

// CheckToken asks rules.PlaceToken whether the next token of the setup (sum, the summary of s), of
// radius r, may go at (x, y).
func CheckToken(s *State, sum rules.SetupSummary, x, y, r float64) TokenCheck {
	w, f := s.World(), s.File()
	c := TokenCheck{X: x, Y: y, Kind: sum.TokenKind}
	fail := func(r *Refusal) TokenCheck {
		c.Refusal, c.Err = r, r.Error()
		return c
	}
	if sum.TokenKind == "" || sum.TokensPlaced >= sum.TokensToPlace {
		return fail(refuse("", codeNoTokens, rules.CiteSetupSteps))
	}
	if o := sum.Objective; sum.Mission == nil && o != nil && o.Placement != nil && o.Placement.On == "terrain" {
		c.Piece = w.PieceAt(r2.Point{X: x, Y: y}, 0)
		if c.Piece == "" {
			return fail(refuse("", codeNotOnPiece, rules.CiteSetupSteps))
		}
		// The token goes to the piece's centre when that lies on the piece (not for an L-shaped
		// ruin, whose box centre is outside it): there the clicked point stays.
		if i := pieceAt(f, c.Piece); i >= 0 {
			if p := Centre(&f.Terrain[i]); w.PieceAt(p, 0) == c.Piece {
				c.X, c.Y = p.X, p.Y
			}
		}
	}
	a, err := w.PlaceToken(rules.TokenQuery{Kind: c.Kind, X: c.X, Y: c.Y, R: r})
	if err != nil {
		return fail(refuse("", codeRules, rules.CiteSetupSteps, err.Error()))
	}
	c.Legal, c.Fallback, c.Reasons = a.OK, a.Fallback, a.Reasons
	return c
}

// LengthScale is what inches are multiplied by in f's length unit.
func LengthScale(f *table.File) float64 {
	if f.Units == "mm" {
		return table.MillimetresPerInch
	}
	return 1
}

func (o *SetupToken) Plan(s *State) (Patch, error) {
	if err := needPhase(s, table.PhaseTokens); err != nil {
		return Patch{}, err
	}
	if err := needColour("colour", o.Colour); err != nil {
		return Patch{}, err
	}
	sum := rules.SetupState(s.World())
	k := o.Token
	c := CheckToken(s, sum, k.X, k.Y, k.R)
	if c.Refusal != nil {
		c.Refusal.Field = "token"
		return Patch{}, c.Refusal
	}
	if k.Kind != c.Kind {
		return Patch{}, refuse("token.kind", codeTokenKind, rules.CiteSetupSteps, c.Kind, k.Kind)
	}
	if Snap(c.X, 1e-4) != k.X || Snap(c.Y, 1e-4) != k.Y {
		return Patch{}, refuse("token", codeTokenPlace, rules.CiteSetupSteps, Snap(c.X, 1e-4), Snap(c.Y, 1e-4))
	}
	who := sum.Turn
	if who == table.NoColour {
		who = table.Blue // Key Positions' first token, and the missions' markers: nobody's turn
	}
	if who != o.Colour {
		return Patch{}, refuse("colour", codeNotYourTurn, rules.CiteSetupSteps, colourWords(who), colourWords(o.Colour))
	}
	if !c.Legal && !(o.Fallback && c.Fallback) {
		return Patch{}, refuseWith("token", c.Reasons)
	}
	return Patch{[]edit{&tokenEdit{field: "token", at: len(s.File().Tokens), to: &k}}}, nil
}
