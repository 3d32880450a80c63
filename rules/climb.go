package rules

import (
	"errors"
	"fmt"

	"holotable/geometry"
	"holotable/table"
)

// ClimbMode is how a trooper unit goes up a piece of terrain: clamber (Klimmen) or climb
// (Klettern) (spec v1.1 "Climbing and clambering"; RRG 2.0 Klimmen und Klettern L7453–7621). Its
// JSON form is its String.
type ClimbMode int

// The climb modes. Clamber is the zero value.
const (
	Clamber ClimbMode = iota
	Climb
)

var climbModeWords = words[ClimbMode]{"ClimbMode", []string{"clamber", "climb"}, errClimbWord}

// String returns "clamber" or "climb".
func (c ClimbMode) String() string { return climbModeWords.str(c) }

// ParseClimbMode reads "clamber" or "climb".
func ParseClimbMode(s string) (ClimbMode, bool) { return climbModeWords.parse(s) }

// MarshalText writes the mode's word.
func (c ClimbMode) MarshalText() ([]byte, error) { return climbModeWords.marshal(c) }

// UnmarshalText reads the mode's word.
func (c *ClimbMode) UnmarshalText(b []byte) error { return climbModeWords.unmarshal(c, b) }

var errClimbWord = errors.New("mode must be clamber or climb")

// ClimbAnswer is where a clambering or climbing leader ends (X, Y, its base centre; Z, its base
// bottom), the actions it costs and the white defence dice the unit rolls; when the move is not
// legal, X, Y, Z are where the leader stands and Actions and Dice are 0.
type ClimbAnswer struct {
	X, Y, Z float64
	Actions int
	Dice    int
	Legal   bool
	Reasons []Reason
}

// ClimbOnto answers a trooper unit leader clambering or climbing onto the terrain piece onto (spec
// v1.1 "Climbing and clambering"): legal when the leader's base is in base contact with the piece
// (top-down gap ≤ contactTolerance), the piece is solid, standable and not raised (base 0), its
// top is above the leader's z, the rise h = height − z is within reach (clamber: height 1; climb:
// height 2), and the leader's base fits wholly on the top. The leader is placed, at z = height,
// at the position nearest its present centre where its base lies wholly inside the footprint (ties:
// smaller x, then smaller y); if that position overlaps another unit's base (top-down), it is not
// legal. Clamber: 2 actions, no dice. Climb: 1 action and one white die per mini up to height 1, 2
// actions and two dice per mini up to height 2; none with Expert Climber.
func (w *World) ClimbOnto(mini, onto string, mode ClimbMode) (ClimbAnswer, error) {
	m, err := w.Mini(mini)
	if err != nil {
		return ClimbAnswer{}, err
	}
	u, p := m.Unit, w.File.Profile
	if u.Type != table.Trooper {
		return ClimbAnswer{}, fmt.Errorf("only trooper units clamber or climb (unit %s is %s)", u.ID, u.Type)
	}
	if !m.Leader {
		return ClimbAnswer{}, fmt.Errorf("mini '%s' is not a unit leader", m.ID)
	}
	piece, ok := w.byID[onto].(*Piece)
	if !ok {
		return ClimbAnswer{}, w.notA("terrain piece", onto)
	}
	if !climbModeWords.valid(mode) {
		return ClimbAnswer{}, errClimbWord
	}
	ans := ClimbAnswer{X: m.X, Y: m.Y, Z: m.Z}
	refuse := func(cite, format string, args ...any) (ClimbAnswer, error) {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "climb.no", Cite: cite, Text: fmt.Sprintf(format, args...), IDs: []string{m.ID, piece.ID}})
		return ans, nil
	}
	gap := geometry.Distance(m.Foot, piece.Foot)
	h := piece.Height - m.Z
	switch {
	case gap > p.ContactTolerance+p.Epsilon:
		return refuse(CiteClamber, "%s is not in base contact with %s (gap %.4g)", m.ID, piece.ID, gap)
	case piece.Kind != table.Solid || !piece.Standable:
		return refuse(CiteClamber, "%s is not solid terrain with a top to stand on", piece.ID)
	case piece.Base > p.Epsilon:
		return refuse(CiteClamber, "%s is raised (its bottom is %.4g above the table): it cannot be climbed onto", piece.ID, piece.Base)
	case !(h > p.Epsilon):
		return refuse(CiteClamber, "the top of %s (%.4g) is not above %s's base (%.4g)", piece.ID, piece.Height, m.ID, m.Z)
	}
	reach := 1
	if mode == Climb {
		reach = 2
	}
	levels := 1
	if h > p.RangeSegment+p.Epsilon {
		levels = 2
	}
	if h > float64(reach)*p.RangeSegment+p.Epsilon {
		cite := CiteClamber
		if mode == Climb {
			cite = CiteClimb
		}
		return refuse(cite, "a %s reaches up to height %d (%.4g); the top of %s is %.4g above %s", mode, reach, float64(reach)*p.RangeSegment, piece.ID, h, m.ID)
	}
	spot, fits := geometry.NearestFit(piece.Foot, m.Radius(), m.Centre(), p.Epsilon)
	if !fits {
		return refuse(CiteClimbFits, "%s's base does not fit on the top of %s", m.ID, piece.ID)
	}
	foot := geometry.Circle(spot, m.Radius())
	var clash []string
	for _, o := range w.Minis {
		if o.Unit != u && geometry.Overlap(foot, o.Foot) {
			clash = append(clash, o.ID)
		}
	}
	if len(clash) > 0 {
		return refuse(CiteClimbPlace, "the place on %s nearest %s, (%.4g, %.4g), overlaps %s", piece.ID, m.ID, spot.X, spot.Y, joinIDs(clash))
	}
	ans.X, ans.Y, ans.Z, ans.Legal = spot.X, spot.Y, piece.Height, true
	ans.Reasons = append(ans.Reasons, Reason{Rule: "climb.place", Cite: CiteClimbPlace,
		Text: fmt.Sprintf("%s goes up %.4g onto %s and is placed at (%.4g, %.4g), the nearest place where its base lies wholly on the top", m.ID, h, piece.ID, spot.X, spot.Y),
		IDs:  []string{m.ID, piece.ID}})
	switch {
	case mode == Clamber:
		ans.Actions = 2
		ans.Reasons = append(ans.Reasons, Reason{Rule: "climb.clamber", Cite: CiteClamber, Text: "clambering up to height 1 costs 2 actions and rolls no dice"})
	case u.Keywords.ExpertClimber:
		ans.Actions = levels
		ans.Reasons = append(ans.Reasons, Reason{Rule: "climb.expert", Cite: CiteExpertClimber,
			Text: fmt.Sprintf("climbing to height %d costs %d action(s); %s is an expert climber and rolls no dice", levels, levels, u.ID)})
	default:
		ans.Actions, ans.Dice = levels, levels*len(u.Minis)
		ans.Reasons = append(ans.Reasons, Reason{Rule: "climb.climb", Cite: CiteClimb,
			Text: fmt.Sprintf("climbing to height %d costs %d action(s) and %d white defence dice per mini: %d for %d minis", levels, levels, levels, ans.Dice, len(u.Minis))})
	}
	return ans, nil
}
