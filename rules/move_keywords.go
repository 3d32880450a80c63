package rules

import (
	"maps"
	"slices"

	"holotable/table"
)

// The unit keywords that read or follow a standard move (issue 14, D125–D126):
//
//   - Schwerfällig (Plodding): after a unit with it has made a standard move in its activation, it
//     cannot make further standard moves in that activation, whether they are actions, free
//     actions or neither (RRG 2.0 Schwerfällig L10035–10048; CitePlodding). The move ops ask
//     MoveLimits with the move's kind (MoveKind) and MoveAftermath records the unit's standard
//     moves (RecordedMove).
//   - Agile X (Agil X): each time the unit performs a standard move action it gains X dodge tokens
//     (L2131–2158; CiteAgile); Tactical X (Taktisch X): X aim tokens (L10594–10621; CiteTactical).
//     Climbing, clambering, embarking, disembarking, pivots, reverse and strafe moves are not
//     standard move actions; a compulsory move is one (L2138–2144, Gleiter X L6754–6755); free and
//     non-free actions both trigger them; a standard move in the setup phase (Scout X) does not
//     (L2152–2158, L10615–10621). MoveAftermath gives the tokens when Aftermath.Keywords says so
//     (TriggersMoveKeywords).

// Cite sentences of the move keywords.
const (
	CitePlodding             = "RRG 2.0 Schwerfällig L10035–10048 (after a standard move in its activation, a unit with Schwerfällig makes no further standard moves in that activation, actions, free actions or neither)"
	CiteAgile                = "RRG 2.0 Agil X L2131–2158 (X dodge tokens each time the unit performs a standard move action; a compulsory move is one; not in the setup phase)"
	CiteTactical             = "RRG 2.0 Taktisch X L10594–10621 (X aim tokens each time the unit performs a standard move action; a compulsory move is one; not in the setup phase)"
	CiteCompulsoryIsStandard = "RRG 2.0 Gleiter X L6754–6755, Agil X L2144 (a compulsory move is a free standard move action)"
)

func init() {
	maps.Copy(gameWords, map[Code][2]string{
		"record.plodding":  {"%s has Plodding and made a standard move in this activation: no further standard move in it", "%s ist schwerfällig und hat in dieser Aktivierung eine Standardbewegung durchgeführt: keine weitere Standardbewegung darin"},
		"move.agile":       {"%s made a standard move: Agile %d gives it %d dodge tokens (%d → %d)", "%s hat eine Standardbewegung durchgeführt: Agil %d gibt ihr %d Ausweichmarker (%d → %d)"},
		"move.tactical":    {"%s made a standard move: Tactical %d gives it %d aim tokens (%d → %d)", "%s hat eine Standardbewegung durchgeführt: Taktisch %d gibt ihr %d Zielmarker (%d → %d)"},
		"move.setupNoGain": {"%s moved in the setup phase: Agile X and Tactical X give no tokens then", "%s hat sich in der Aufstellungsphase bewegt: Agil X und Taktisch X geben dann keine Marker"},
	})
}

// MoveKind is the kind of a move in mode for the move record's rules: MoveStandard for a standard
// or compulsory move (CiteCompulsoryIsStandard), MoveReverse for a reverse, MoveStrafe for a
// strafe.
func MoveKind(mode ManeuverMode) table.MoveEvent {
	switch mode {
	case ModeStandard, ModeCompulsory:
		return table.MoveStandard
	case ModeReverse:
		return table.MoveReverse
	}
	return table.MoveStrafe
}

// TriggersMoveKeywords reports whether a move of u in mode is a standard move action that gives u
// the tokens of its Agile X or Tactical X (X ≥ 1).
func TriggersMoveKeywords(u *table.Unit, mode ManeuverMode) bool {
	return MoveKind(mode) == table.MoveStandard && (u.Keywords.Agile.X >= 1 || u.Keywords.Tactical.X >= 1)
}

// ploddingLimit is why unit may not make a standard move now: it has Schwerfällig and the move
// record holds a standard move of it in this activation (did; a full one and a withdraw are
// standard moves, table.MoveEvent.Standard). Nil otherwise.
func (w *World) ploddingLimit(unit string, e table.MoveEvent, did []table.MoveEvent) []Reason {
	if !e.Standard() || !slices.ContainsFunc(did, table.MoveEvent.Standard) {
		return nil
	}
	if u, err := w.Unit(unit); err != nil || !u.Keywords.Plodding {
		return nil
	}
	return []Reason{say("record.plodding", CitePlodding, []string{unit}, unit)}
}

// moveKeywordTokens gives the moving unit r (its game record in the step's file) the tokens of
// its Agile X and Tactical X for a standard move action, with a reason each; in the setup phase
// none, with the reason.
func moveKeywordTokens(u *table.Unit, r *table.GameUnit, ph table.GamePhase) []Reason {
	if ph == table.PhaseSetup {
		return []Reason{say("move.setupNoGain", CiteAgile, []string{u.ID}, u.ID)}
	}
	var out []Reason
	for _, k := range []struct {
		x     table.KeywordX
		token table.TokenKind
		code  Code
		cite  string
	}{{u.Keywords.Agile, table.TokenDodge, "move.agile", CiteAgile}, {u.Keywords.Tactical, table.TokenAim, "move.tactical", CiteTactical}} {
		x := int(k.x.X)
		if x < 1 {
			continue
		}
		have := r.Tokens[k.token]
		setTokens(r, k.token, have+x)
		out = append(out, say(k.code, k.cite, []string{u.ID}, u.ID, x, x, have, have+x))
	}
	return out
}

// CiteWithdrawKeywords: a withdraw is a move action making a speed-1 (standard) move, but the
// withdrawing unit resolves no abilities or keywords — a creature or emplacement trooper still may.
const CiteWithdrawKeywords = "RRG 2.0 Rückzug L9499–9502, L9513, L9528–9532, Schlüsselwörter L9834 (a withdrawing unit resolves no abilities or keywords, a creature or emplacement trooper still uses its abilities; a keyword is an ability)"

// WithdrawTriggersKeywords reports whether u's withdraw gives it the tokens of its Agile X and
// Tactical X (X ≥ 1): only a creature or emplacement trooper's (CiteWithdrawKeywords).
func WithdrawTriggersKeywords(u *table.Unit) bool {
	return (u.Type == table.Creature || u.Type == table.Emplacement) && (u.Keywords.Agile.X >= 1 || u.Keywords.Tactical.X >= 1)
}
