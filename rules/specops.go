package rules

import (
	"fmt"
	"math"

	"github.com/golang/geo/r2"

	"holotable/maps"
)

// Spezialeinsätze (ruleset "specops", seed 003 = SO, by line): the Sprint action and the geometry
// the missions' text states — the radii in inches, base contact with markers and the vehicle, the
// vehicle at the centre, and the detonator dice by full inches. The mission maps were pictures
// and are not in the seeds (maps/missions), so nothing here places a zone or a marker.

// Rulebook references of the specops answers.
const (
	CiteSprint      = "SO L112–115 (a unit may not repeat an action, Move included; Spurten: a speed-1 move, but no climbing)"
	CiteTapeMeasure = "SO L70–75 (weapon and special-rule distances with a tape measure in inches; a range segment is 6\")"
	CiteInDistance  = "RRG 2.0 L9152–9176 (\"in\" a distance: the nearest point of the base within it), read for SO's inch distances"
	CiteVehicle     = "SO L332–334 (the immobilised vehicle at the centre of the battlefield, on the unclaimed objective marker)"
	CiteDetonator   = "SO L361–368 (in line of sight: 10 white attack dice, one less per full inch (2.54 cm) between the unit leader and the vehicle)"
)

// mission is the mission of the file's setup (an error when the table is not a specops table
// with a mission chosen).
func (w *World) mission() (maps.Mission, error) {
	f := w.File
	if f.Ruleset != "specops" {
		return maps.Mission{}, fmt.Errorf("this is a %s table: only Spezialeinsätze has missions", f.Ruleset)
	}
	if f.Setup == nil || f.Setup.Mission == "" {
		return maps.Mission{}, fmt.Errorf("no mission is chosen (setup.mission)")
	}
	return maps.MissionByID(f.Setup.Mission)
}

// SprintQuery is a Sprint action of a unit leader: the move tool's heading, bend and fraction as
// in MoveQuery. Faster asks for the mission's faster sprint (Transmit the Codes: a speed-2 move
// for the unit carrying the code, SO L300–301).
type SprintQuery struct {
	Mini                    string
	Heading, Bend, Fraction float64
	Faster                  bool
}

// SprintAnswer is the move a Sprint makes (Move's answer at the sprint's speed) and the reasons.
type SprintAnswer struct {
	Speed   int
	Move    MoveAnswer
	Reasons []Reason
}

// Sprint answers a Sprint action (CiteSprint): a standard move at speed 1 — or the mission's
// faster speed — with the same tool and sweep as every move. The move tool never climbs, so "no
// climbing" holds by construction; the reasons say so.
func (w *World) Sprint(q SprintQuery) (SprintAnswer, error) {
	if w.File.Ruleset != "specops" {
		return SprintAnswer{}, fmt.Errorf("Sprint is a Spezialeinsätze action (%s); this is a %s table", CiteSprint, w.File.Ruleset)
	}
	speed, cite, txt := 1, CiteSprint, "Sprint: a speed-1 move, no climbing"
	if q.Faster {
		m, err := w.mission()
		if err != nil {
			return SprintAnswer{}, err
		}
		if m.Sprint == nil || m.Sprint.FasterSpeed == 0 {
			return SprintAnswer{}, fmt.Errorf("mission %s has no faster sprint", m.ID)
		}
		speed, cite = m.Sprint.FasterSpeed, m.Sprint.Cite
		txt = fmt.Sprintf("Sprint in %s: %s may make a speed-%d move instead, no climbing", m.Name.EN, m.Sprint.FasterWho, speed)
	}
	mv, err := w.Move(MoveQuery{Mini: q.Mini, Speed: speed, Heading: q.Heading, Bend: q.Bend, Fraction: q.Fraction})
	if err != nil {
		return SprintAnswer{}, err
	}
	rs := append([]Reason{{Rule: "sprint.speed", Cite: cite, IDs: []string{q.Mini}, Text: txt}}, mv.Reasons...)
	return SprintAnswer{Speed: speed, Move: mv, Reasons: rs}, nil
}

// InchesAnswer is a distance in inches against a radius the mission gives.
type InchesAnswer struct {
	In       bool    // the nearest point of a's outline is within Inches of b's
	Distance float64 // in inches, top-down, outline to outline
	Inches   float64
	Reasons  []Reason
}

// InInches answers whether a (a mini, piece or token) is "in" the mission's radius kind of b
// (e.g. "handoff": 3", Transmit the Codes): the least top-down distance between their outlines
// at most the radius plus epsilon (CiteInDistance, CiteTapeMeasure). A file in mm is measured in
// mm and reported in inches.
func (w *World) InInches(kind, a, b string) (InchesAnswer, error) {
	m, err := w.mission()
	if err != nil {
		return InchesAnswer{}, err
	}
	var rd *maps.MissionDistance
	for i := range m.Distances {
		if m.Distances[i].Kind == kind {
			rd = &m.Distances[i]
		}
	}
	if rd == nil {
		return InchesAnswer{}, fmt.Errorf("mission %s gives no %q distance", m.ID, kind)
	}
	d, err := w.Distance(a, b)
	if err != nil {
		return InchesAnswer{}, err
	}
	inch := w.inch()
	dist := d.Distance / inch
	ans := InchesAnswer{Distance: dist, Inches: rd.Inches, In: d.Distance <= rd.Inches*inch+w.File.Profile.Epsilon}
	word := map[bool]string{true: "in", false: "not in"}[ans.In]
	ans.Reasons = []Reason{
		{Rule: Code("specops." + kind), Cite: rd.Cite, IDs: []string{a, b}, Text: fmt.Sprintf("%s is %.4g\" from %s: %s %g\"", a, dist, b, word, rd.Inches)},
		{Rule: "specops.in", Cite: CiteInDistance, Text: "measured from the nearest points of the bases, top-down, with a tape in inches"},
	}
	return ans, nil
}

// inch is one inch in the file's length unit.
func (w *World) inch() float64 {
	if w.File.Units == "mm" {
		return 25.4
	}
	return 1
}

// VehicleAtCentre answers whether the immobilised vehicle (a mini) stands at the centre of the
// battlefield (CiteVehicle): its base centre on the centre point, within epsilon.
func (w *World) VehicleAtCentre(vehicle string) (bool, []Reason, error) {
	v, err := w.Mini(vehicle)
	if err != nil {
		return false, nil, err
	}
	bf := w.File.Battlefield
	c := r2.Point{X: bf.Width / 2, Y: bf.Depth / 2}
	off := math.Hypot(v.X-c.X, v.Y-c.Y)
	ok := off <= w.File.Profile.Epsilon
	txt := fmt.Sprintf("%s stands at the centre (%g, %g)", vehicle, c.X, c.Y)
	if !ok {
		txt = fmt.Sprintf("%s stands %.4g from the centre (%g, %g)", vehicle, off, c.X, c.Y)
	}
	return ok, []Reason{{Rule: "specops.vehicle", Cite: CiteVehicle, IDs: []string{vehicle}, Text: txt}}, nil
}

// DetonatorAnswer is a detonator throw: whether the unit leader sees the vehicle, the distance,
// its full inches and the white attack dice rolled.
type DetonatorAnswer struct {
	LOS        bool
	Distance   float64 // inches, top-down between the bases
	FullInches int
	Dice       int
	Reasons    []Reason
}

// Detonator answers a detonator throw of Disabled Vehicle (CiteDetonator, the mission's
// detonator data): the unit leader needs line of sight to the vehicle (LOS); it rolls Dice white
// attack dice less LessPerFullInch per full inch of the distance between its base and the
// vehicle's, never fewer than none.
func (w *World) Detonator(leader, vehicle string) (DetonatorAnswer, error) {
	m, err := w.mission()
	if err != nil {
		return DetonatorAnswer{}, err
	}
	if m.Detonator == nil {
		return DetonatorAnswer{}, fmt.Errorf("mission %s has no detonator", m.ID)
	}
	dt := m.Detonator
	los, err := w.LOS(leader, vehicle)
	if err != nil {
		return DetonatorAnswer{}, err
	}
	d, err := w.Distance(leader, vehicle)
	if err != nil {
		return DetonatorAnswer{}, err
	}
	dist := d.Distance / w.inch()
	// Full inches: the whole inches in the distance; a distance within epsilon below a whole
	// inch counts as that inch (the same tolerance as every boundary, D2).
	full := int(math.Floor(dist + w.File.Profile.Epsilon/w.inch()))
	ans := DetonatorAnswer{LOS: los.LOS, Distance: dist, FullInches: full}
	if los.LOS {
		ans.Dice = max(0, dt.Dice-dt.LessPerFullInch*full)
	}
	ans.Reasons = append(ans.Reasons, Reason{Rule: "detonator.los", Cite: CiteDetonator, IDs: []string{leader, vehicle},
		Text: fmt.Sprintf("%s %s the vehicle %s", leader, map[bool]string{true: "sees", false: "does not see"}[los.LOS], vehicle)})
	if los.LOS {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "detonator.dice", Cite: dt.Cite, IDs: []string{leader, vehicle},
			Text: fmt.Sprintf("%.4g\" = %d full inches: %d − %d = %d %s dice", dist, full, dt.Dice, dt.LessPerFullInch*full, ans.Dice, dt.Die)})
	} else {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "detonator.dice", Cite: dt.Cite, Text: "without line of sight the detonator cannot be thrown"})
	}
	return ans, nil
}
