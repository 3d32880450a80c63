package scenes

import (
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/render"
	"holotable/rules"
)

// Where a drag leaves minis (issue 17, item 1). A drag that would leave a base on another base or
// a token, in impassable terrain, or the unit out of cohesion (rules.World.Standing) is not made:
// the message says which rule it breaks, and the page offers "Place anyway" — players may agree
// otherwise (the Golden Rule). A mini that stands where the rules would not let it is marked on the
// table until it stands well again (moved, or the placement undone).

// pendingPlace is a placement that was held back, waiting for "Place anyway".
type pendingPlace struct {
	op      ops.Op
	units   []string
	reasons []rules.Reason
}

// standing is the scene's part of it: the held-back placement, the minis at fault on the table
// (asked for the document revision rev), and the scan of the units for a newer revision while it
// runs.
type standing struct {
	pending *pendingPlace
	asked   bool
	rev     int
	marked  []string
	scan    standScan
	over    render.Overlay
}

// standScan is the question "where does every deployed unit stand" for one revision of the
// document, asked unit by unit so that it can be spread over frames (SetStepBudget).
type standScan struct {
	on     bool
	rev    int
	world  *rules.World
	next   int      // the index in world.Units of the next unit to ask
	marked []string // the minis at fault among the units asked so far
}

// StandingState is the page's view: the reasons of a held-back placement (the page shows "Place
// anyway" beside them), and the minis marked as placed against the rules.
type StandingState struct {
	Pending []ReasonState `json:"pending,omitempty"`
	Marked  []string      `json:"marked,omitempty"`
}

// Place commits op, which moves minis of units, when every one of those units stands where the
// rules let minis stand afterwards; otherwise nothing changes, the message says why, and the
// placement waits for the "placeAnyway" command until the next action. placed reports whether op
// was committed; err is the op's own refusal.
func (s *TableScene) Place(op ops.Op, units ...string) (placed bool, err error) {
	if s.history != nil {
		return false, errors.New(TFor(s.fingers(), "history.readOnly"))
	}
	f, _, err := ops.Preview(op, s.doc.State())
	if err != nil {
		return false, err
	}
	w := rules.NewWorld(f)
	var faults []rules.Reason
	for _, u := range units {
		a, err := w.Standing(u)
		if err != nil {
			return false, err
		}
		if !a.OK {
			faults = append(faults, a.Reasons...)
		}
	}
	if len(faults) == 0 {
		return true, s.Submit(op)
	}
	s.setPreview(nil, nil)
	s.stand.pending = &pendingPlace{op: op, units: units, reasons: faults}
	s.message = standMessage("stand.refused", faults)
	return false, nil
}

// placeAnyway commits the held-back placement and marks its units.
func (s *TableScene) placeAnyway() error {
	p := s.stand.pending
	if p == nil {
		return errors.New(T("stand.nothing"))
	}
	s.stand.pending = nil
	if err := s.Submit(p.op); err != nil {
		return err
	}
	s.message = standMessage("stand.placedAnyway", p.reasons)
	return nil
}

// standMessage is the message of a placement with faults: the first fault's words and how many
// more there are (the page lists them all, with their rules, under it).
func standMessage(key string, faults []rules.Reason) string {
	first := reasonText(faults[0])
	if n := len(faults) - 1; n > 0 {
		first += T("stand.more", n)
	}
	return T(key, first)
}

// markedMinis are the minis on the table that stand where the rules would not let them: every
// deployed unit is asked (rules.World.Standing) when the document changes, so a mark lasts until
// the unit stands well again — moved, or the placement undone — and comes back with the table
// after a reload. (On the default table all twelve units take 1.7 ms natively; on the largest
// table the limits accept, 256 units, about 2 s natively.)
//
// With a step budget (SetStepBudget, the app's loop) one call asks units until the budget is
// spent (at least one unit) and the scan goes on at the next call; until it has asked every unit,
// the marks of the last finished scan are the answer, so a page is never held by the scan of a
// large table. Without a budget (tests, commands run at once) the scan finishes in one call.
func (s *TableScene) markedMinis() []string {
	st := &s.stand
	rev := s.doc.Rev()
	if st.rev == rev && st.asked {
		return st.marked
	}
	sc := &st.scan
	if !sc.on || sc.rev != rev {
		*sc = standScan{on: true, rev: rev, world: s.doc.World()}
	}
	t0 := time.Now()
	for sc.next < len(sc.world.Units) {
		if a, err := sc.world.Standing(sc.world.Units[sc.next].ID); err == nil && !a.OK {
			sc.marked = append(sc.marked, a.Marked...)
		}
		sc.next++
		if s.stepBudget > 0 && time.Since(t0) >= s.stepBudget {
			break
		}
	}
	if sc.next < len(sc.world.Units) {
		return st.marked
	}
	// Done: the scan's marks become the answer for rev. (A new slice each time: the snapshot the
	// page reads holds the last one.)
	st.marked, st.rev, st.asked = sc.marked, rev, true
	*sc = standScan{}
	return st.marked
}

// standingState is the page's view of it (nil when there is nothing to show).
func (s *TableScene) standingState() *StandingState {
	st := &StandingState{Marked: s.markedMinis()}
	if p := s.stand.pending; p != nil {
		st.Pending = reasonStates(p.reasons)
	}
	if st.Pending == nil && len(st.Marked) == 0 {
		return nil
	}
	return st
}

// drawMarks rings every marked mini in red with a cross over it.
func (s *TableScene) drawMarks(screen *ebiten.Image) {
	marked := s.stand.marked // as the last snapshot left them (drawing does not advance the scan)
	if len(marked) == 0 || s.history != nil {
		return
	}
	k := float32(s.scale())
	o := &s.stand.over
	o.Reset()
	for _, pm := range s.minis {
		if !slices.Contains(marked, pm.mini.ID) {
			continue
		}
		x, y := s.cam.WorldToScreen(pm.mini.X, pm.mini.Y)
		r := float32(s.cam.Length(pm.mini.Base / 2))
		o.Ring(float32(x), float32(y), r+3*k, 2.5*k, render.HiddenMark)
		o.Cross(float32(x), float32(y), r*0.6, 1.5*k, render.HiddenMark)
	}
	o.Draw(screen)
}

func init() {
	RegisterStrings(map[string][2]string{
		"stand.refused": {"not placed: %s. Players may agree otherwise (Golden Rule)",
			"nicht aufgestellt: %s. Die Spieler können sich anders einigen (Goldene Regel)"},
		"stand.placedAnyway": {"placed anyway, marked until fixed: %s", "trotzdem aufgestellt, markiert bis behoben: %s"},
		"stand.more":         {" (and %d more)", " (und %d weitere)"},
		"stand.nothing":      {"no placement is waiting", "keine Aufstellung wartet"},
		"ui.placeAnyway":     {"Place anyway", "Trotzdem aufstellen"},
		"ui.placeAnyway.tip": {"Place the minis where they were dropped; they stay marked until they stand where the rules let them", "Die Miniaturen dort aufstellen, wo sie abgelegt wurden; sie bleiben markiert, bis sie regelgerecht stehen"},
	})
	RegisterCommand("placeAnyway", func(s *TableScene, _ json.RawMessage) (any, error) {
		return nil, s.placeAnyway()
	})
}
