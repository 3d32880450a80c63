package rules

import (
	"fmt"
	"math"
	"sort"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/maps"
	"holotable/table"
)

// Battle cards on the table: a deployment card's zones as shapes in the table's units, the
// objective tokens a card puts at fixed places, and the checks for tokens the players place.

// Cite lines of the battle-card answers (RRG 2.0 = seed 000).
const (
	CiteZones        = "RRG 2.0 Aufstellung L2784–2792 (zones drawn on the deployment card in range units, measured with the ruler)"
	CiteBlueEdge     = "RRG 2.0 Spielaufbau steps 4–5 L834–847, Schlachtfeld definieren L9803–9805 (blue picks a long edge; cards are read from blue's side)"
	CiteTokenNoTerr  = "RRG 2.0 Einsatzzielmarker L5350–5457 (objective tokens may not overlap each other or be placed under terrain)"
	CiteTokenOverlap = "RRG 2.0 Einsatzzielmarker L5350–5457, Bedingungsmarker L3345–3347 (objective tokens overlap no other objective or condition token)"
	CiteDeployZone   = "RRG 2.0 Aufstellung L2810–2817 (every mini with a round base wholly inside a zone of its player's colour)"
	CiteTokenOnTable = "RRG 2.0 L902–903 (tokens are placed on the battlefield), Einsatzzielmarker L5350–5457 (never off the battlefield)"
)

// Blue's long edge: South puts blue's edge at y = 0 (the card as drawn), North at y = depth
// (the card turned half round, so blue's left is still blue's left).
const (
	BlueSouth = "south"
	BlueNorth = "north"
)

// Zone is one deployment zone on the table.
type Zone struct {
	Colour table.Colour
	Index  int // the zone's index among its colour's zones on the card
	Shape  geometry.Shape
}

// Name is "blue zone 1" (1-based).
func (z Zone) Name() string { return fmt.Sprintf("%s zone %d", z.Colour, z.Index+1) }

// cardFrame checks that the table is the battlefield the card is drawn for, in range units.
func cardFrame(card maps.Card, f *table.File, blueEdge string) error {
	if blueEdge != BlueSouth && blueEdge != BlueNorth {
		return fmt.Errorf("blue's edge %q is neither %q nor %q", blueEdge, BlueSouth, BlueNorth)
	}
	seg, eps := f.Profile.RangeSegment, f.Profile.Epsilon
	if !(seg > 0) {
		return fmt.Errorf("the table's rangeSegment %g is not positive", seg)
	}
	if card.Type == "deployment" {
		w, d := card.Frame[0]*seg, card.Frame[1]*seg
		if math.Abs(f.Battlefield.Width-w) > eps || math.Abs(f.Battlefield.Depth-d) > eps {
			return fmt.Errorf("%s is drawn for a %g × %g range battlefield (%g × %g at range %g); this table is %g × %g",
				card.ID, card.Frame[0], card.Frame[1], w, d, seg, f.Battlefield.Width, f.Battlefield.Depth)
		}
	}
	return nil
}

// turn puts a shape drawn from blue's south edge on the table for blue's edge.
func turn(s geometry.Shape, f *table.File, blueEdge string) geometry.Shape {
	if blueEdge == BlueNorth {
		return s.Rotate(r2.Point{X: f.Battlefield.Width / 2, Y: f.Battlefield.Depth / 2}, 180)
	}
	return s
}

// DeploymentZones turns a deployment card into zones on the table f, scaled by the profile's
// rangeSegment (the card's range units), for blue at blueEdge. The table must be the card's
// frame (12 × 6 range: 72 × 36 at 6 per range). Zones come blue first, each colour in card order.
// The reasons say where the geometry comes from, including that it is inferred when it is.
func DeploymentZones(card maps.Card, f *table.File, blueEdge string) ([]Zone, []Reason, error) {
	if card.Type != "deployment" || card.Zones == nil {
		return nil, nil, fmt.Errorf("%s is a %s card, not a deployment card", card.ID, card.Type)
	}
	if err := cardFrame(card, f, blueEdge); err != nil {
		return nil, nil, err
	}
	seg := f.Profile.RangeSegment
	var zones []Zone
	var reasons []Reason
	for _, col := range table.Colours {
		for i, poly := range card.Zones.Of(col.String()) {
			pts := make([]r2.Point, len(poly))
			for k, p := range poly {
				pts[k] = r2.Point{X: p[0] * seg, Y: p[1] * seg}
			}
			s, err := geometry.NewPolygon(pts)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: zones.%s[%d]: %v", card.ID, col, i, err)
			}
			z := Zone{Colour: col, Index: i, Shape: turn(s, f, blueEdge)}
			zones = append(zones, z)
			reasons = append(reasons, Reason{Rule: "zone", Cite: card.Cite + "; " + CiteZones,
				Text: fmt.Sprintf("%s of %s: %d corners, area %.4g (%g range units by the card)", z.Name(), card.Name.EN, len(poly), z.Shape.Area(), s.Area()/(seg*seg))})
		}
	}
	if card.Geometry == maps.GeometryNotInSeeds {
		reasons = append(reasons, Reason{Rule: "zone.inferred", Cite: card.Cite,
			Text: "the card's map is not in the seeds; these zones are inferred: " + card.Inferred})
	}
	reasons = append(reasons, Reason{Rule: "zone.side", Cite: CiteBlueEdge, Text: "blue's long edge is the " + blueEdge + " edge"})
	return zones, reasons, nil
}

// ObjectiveTokens are the token centres a card fixes, on the table f for blue at blueEdge (for
// Intercept the Transmissions the centre and halfway between it and each short edge), with a
// reason citing each. A card that fixes none gives none.
func ObjectiveTokens(card maps.Card, f *table.File, blueEdge string) ([]r2.Point, []Reason, error) {
	if err := cardFrame(card, f, blueEdge); err != nil {
		return nil, nil, err
	}
	var pts []r2.Point
	var reasons []Reason
	for _, t := range card.Tokens {
		p := geometry.Circle(r2.Point{X: t.FX * f.Battlefield.Width, Y: t.FY * f.Battlefield.Depth}, 0)
		c := turn(p, f, blueEdge).Core()[0]
		pts = append(pts, c)
		reasons = append(reasons, Reason{Rule: "token.fixed", Cite: t.Cite,
			Text: fmt.Sprintf("%s places a token at (%.4g, %.4g)", card.Name.EN, c.X, c.Y)})
	}
	return pts, reasons, nil
}

// ObjectivePlacementQuery asks whether an objective token of radius R may go at (X, Y) under
// the objective card's placement rule, with the deployment card's zones for blue at BlueEdge.
// The other objective tokens are the world's tokens of kind "objective", except Self (the token
// being moved, if it is already on the table).
type ObjectivePlacementQuery struct {
	Objective, Deployment maps.Card
	BlueEdge              string
	X, Y, R               float64
	Self                  string
}

// ObjectivePlacement is the answer: Legal when every check passes; the nearest zone and token
// with their top-down gaps (+Inf when there is none); the terrain pieces the token would lie
// under; and a reason per check.
type ObjectivePlacement struct {
	Legal         bool
	NearestZone   string
	ZoneDistance  float64
	NearestToken  string
	TokenDistance float64
	UnderTerrain  []string
	OffTable      bool
	Reasons       []Reason
}

// ObjectivePlacement checks a token the players place (Recover the Supplies: beyond range 1 of
// every deployment zone and of every other objective token, RRG 2.0 L901–906), and that it lies
// on the battlefield and under no terrain piece (Einsatzzielmarker L5350–5457). "Beyond range N"
// means no part of the token within N × rangeSegment (+ epsilon; a token at exactly range N is
// in range N, CiteRangeBoundary).
func (w *World) ObjectivePlacement(q ObjectivePlacementQuery) (ObjectivePlacement, error) {
	pl := q.Objective.Placement
	if q.Objective.Type != "objective" || pl == nil || pl.On != "battlefield" {
		return ObjectivePlacement{}, fmt.Errorf("%s has no tokens the players place on the battlefield", q.Objective.ID)
	}
	if !(q.R > 0) {
		return ObjectivePlacement{}, fmt.Errorf("token radius %g is not positive", q.R)
	}
	f := w.File
	zones, _, err := DeploymentZones(q.Deployment, f, q.BlueEdge)
	if err != nil {
		return ObjectivePlacement{}, err
	}
	p, seg := f.Profile, f.Profile.RangeSegment
	tok := geometry.Circle(r2.Point{X: q.X, Y: q.Y}, q.R)
	a := ObjectivePlacement{Legal: true, ZoneDistance: math.Inf(1), TokenDistance: math.Inf(1)}
	cite := pl.Cite

	field, _ := geometry.NewPolygon([]r2.Point{{}, {X: f.Battlefield.Width}, {X: f.Battlefield.Width, Y: f.Battlefield.Depth}, {Y: f.Battlefield.Depth}})
	if !geometry.Inside(tok, field) {
		a.Legal, a.OffTable = false, true
		a.Reasons = append(a.Reasons, Reason{Rule: "token.offTable", Cite: CiteTokenOnTable,
			Text: fmt.Sprintf("the token at (%.4g, %.4g) is not wholly on the battlefield", q.X, q.Y)})
	}

	lim := pl.BeyondZones * seg
	for _, z := range zones {
		if d := geometry.Distance(tok, z.Shape); d < a.ZoneDistance {
			a.ZoneDistance, a.NearestZone = d, z.Name()
		}
	}
	if pl.BeyondZones > 0 {
		if a.ZoneDistance > lim+p.Epsilon {
			a.Reasons = append(a.Reasons, Reason{Rule: "token.zones", Cite: cite,
				Text: fmt.Sprintf("%.4g from the nearest zone (%s of %s): beyond range %g (more than %g)", a.ZoneDistance, a.NearestZone, q.Deployment.Name.EN, pl.BeyondZones, lim)})
		} else {
			a.Legal = false
			a.Reasons = append(a.Reasons, Reason{Rule: "token.zones", Cite: cite,
				Text: fmt.Sprintf("only %.4g from %s of %s: within range %g (needs more than %g)", a.ZoneDistance, a.NearestZone, q.Deployment.Name.EN, pl.BeyondZones, lim)})
		}
	}

	lim = pl.BeyondTokens * seg
	for _, t := range w.Tokens {
		if t.Kind != "objective" || t.ID == q.Self {
			continue
		}
		if d := geometry.Distance(tok, t.Foot); d < a.TokenDistance {
			a.TokenDistance, a.NearestToken = d, t.ID
		}
	}
	switch {
	case a.NearestToken == "":
		a.Reasons = append(a.Reasons, Reason{Rule: "token.tokens", Cite: cite, Text: "no other objective token is on the table"})
	case pl.BeyondTokens > 0 && a.TokenDistance > lim+p.Epsilon:
		a.Reasons = append(a.Reasons, Reason{Rule: "token.tokens", Cite: cite, IDs: []string{a.NearestToken},
			Text: fmt.Sprintf("%.4g from the nearest objective token %s: beyond range %g (more than %g)", a.TokenDistance, a.NearestToken, pl.BeyondTokens, lim)})
	case pl.BeyondTokens > 0:
		a.Legal = false
		a.Reasons = append(a.Reasons, Reason{Rule: "token.tokens", Cite: cite, IDs: []string{a.NearestToken},
			Text: fmt.Sprintf("only %.4g from objective token %s: within range %g (needs more than %g)", a.TokenDistance, a.NearestToken, pl.BeyondTokens, lim)})
	}

	var overlaps []string
	for _, t := range w.Tokens {
		if t.ID != q.Self && geometry.Overlap(tok, t.Foot) {
			overlaps = append(overlaps, t.ID)
		}
	}
	if len(overlaps) > 0 {
		a.Legal = false
		a.Reasons = append(a.Reasons, Reason{Rule: "token.overlap", Cite: CiteTokenOverlap, IDs: overlaps,
			Text: "the token would overlap " + joinIDs(overlaps)})
	}

	if pl.NotUnderTerrain {
		for _, t := range w.Terrain {
			if geometry.Overlap(tok, t.Foot) {
				a.UnderTerrain = append(a.UnderTerrain, t.ID)
			}
		}
		if len(a.UnderTerrain) > 0 {
			a.Legal = false
			a.Reasons = append(a.Reasons, Reason{Rule: "token.terrain", Cite: CiteTokenNoTerr, IDs: a.UnderTerrain,
				Text: "the token would lie under terrain: " + joinIDs(a.UnderTerrain)})
		} else {
			a.Reasons = append(a.Reasons, Reason{Rule: "token.terrain", Cite: CiteTokenNoTerr, Text: "the token overlaps no terrain piece"})
		}
	}
	return a, nil
}

// KeyPositionCentre lists the terrain pieces closest to the battlefield's centre (top-down
// distance from the centre point to the footprint, 0 when the centre is on the piece), sorted;
// more than one when they tie within epsilon, and then blue chooses (Key Positions, RRG 2.0
// errata L12296–12299).
func (w *World) KeyPositionCentre() ([]string, float64, []Reason) {
	f := w.File
	centre := geometry.Circle(r2.Point{X: f.Battlefield.Width / 2, Y: f.Battlefield.Depth / 2}, 0)
	best := math.Inf(1)
	ds := make([]float64, len(w.Terrain))
	for i, t := range w.Terrain {
		ds[i] = geometry.Distance(centre, t.Foot)
		best = math.Min(best, ds[i])
	}
	var ids []string
	for i, t := range w.Terrain {
		if ds[i] <= best+f.Profile.Epsilon {
			ids = append(ids, t.ID)
		}
	}
	sort.Strings(ids)
	const cite = "RRG 2.0 errata L12296–12299 (the first token on the terrain piece closest to the centre; blue chooses on a tie)"
	switch len(ids) {
	case 0:
		return nil, best, []Reason{{Rule: "keypos.centre", Cite: cite, Text: "there is no terrain piece"}}
	case 1:
		return ids, best, []Reason{{Rule: "keypos.centre", Cite: cite, IDs: ids,
			Text: fmt.Sprintf("%s is closest to the centre (%.4g)", ids[0], best)}}
	}
	return ids, best, []Reason{{Rule: "keypos.centre", Cite: cite, IDs: ids,
		Text: fmt.Sprintf("%s tie closest to the centre (%.4g): blue chooses", joinIDs(ids), best)}}
}

// KeyPositionQuery asks whether a Key Positions token may go on terrain piece Piece, with the
// pieces that already carry a token in Marked.
type KeyPositionQuery struct {
	Objective, Deployment maps.Card
	BlueEdge              string
	Piece                 string
	Marked                []string
}

// KeyPosition is the answer: Legal under the card's rule (completely outside all deployment
// zones and beyond range 1 of every other marked piece); Fallback when only the card's fallback
// allows it (outside all zones, no token yet), which a player may use only if no piece meets
// the rule.
type KeyPosition struct {
	Legal, Fallback bool
	InZones         []string // zones the piece overlaps
	Near            []string // marked pieces within range
	Reasons         []Reason
}

// KeyPosition checks one piece for the Key Positions card (RRG 2.0 errata L12296–12307).
// "Completely outside" a zone means the footprints' interiors do not meet (touching a zone's
// border is outside).
func (w *World) KeyPosition(q KeyPositionQuery) (KeyPosition, error) {
	pl := q.Objective.Placement
	if q.Objective.Type != "objective" || pl == nil || pl.On != "terrain" {
		return KeyPosition{}, fmt.Errorf("%s has no tokens placed on terrain", q.Objective.ID)
	}
	piece, ok := w.byID[q.Piece].(*Piece)
	if !ok {
		return KeyPosition{}, w.notA("terrain piece", q.Piece)
	}
	zones, _, err := DeploymentZones(q.Deployment, w.File, q.BlueEdge)
	if err != nil {
		return KeyPosition{}, err
	}
	p := w.File.Profile
	var a KeyPosition
	for _, z := range zones {
		if geometry.Overlap(piece.Foot, z.Shape) {
			a.InZones = append(a.InZones, z.Name())
		}
	}
	marked := false
	lim := pl.BeyondMarkedTerrain * p.RangeSegment
	for _, id := range q.Marked {
		if id == q.Piece {
			marked = true
			continue
		}
		o, ok := w.byID[id].(*Piece)
		if !ok {
			return KeyPosition{}, w.notA("terrain piece", id)
		}
		if geometry.Distance(piece.Foot, o.Foot) <= lim+p.Epsilon {
			a.Near = append(a.Near, id)
		}
	}
	cite := pl.Cite
	if len(a.InZones) > 0 {
		a.Reasons = append(a.Reasons, Reason{Rule: "keypos.zones", Cite: cite, IDs: []string{q.Piece},
			Text: fmt.Sprintf("%s is not completely outside the deployment zones: it overlaps %s", q.Piece, joinIDs(a.InZones))})
	} else {
		a.Reasons = append(a.Reasons, Reason{Rule: "keypos.zones", Cite: cite, IDs: []string{q.Piece},
			Text: fmt.Sprintf("%s is completely outside all deployment zones", q.Piece)})
	}
	if marked {
		a.Reasons = append(a.Reasons, Reason{Rule: "keypos.marked", Cite: cite, IDs: []string{q.Piece},
			Text: fmt.Sprintf("%s already has an objective token", q.Piece)})
	}
	if len(a.Near) > 0 {
		a.Reasons = append(a.Reasons, Reason{Rule: "keypos.near", Cite: cite, IDs: a.Near,
			Text: fmt.Sprintf("%s is within range %g of %s, which already has a token", q.Piece, pl.BeyondMarkedTerrain, joinIDs(a.Near))})
	} else {
		a.Reasons = append(a.Reasons, Reason{Rule: "keypos.near", Cite: cite,
			Text: fmt.Sprintf("%s is beyond range %g of every other piece with a token", q.Piece, pl.BeyondMarkedTerrain)})
	}
	a.Legal = len(a.InZones) == 0 && !marked && len(a.Near) == 0
	a.Fallback = !a.Legal && len(a.InZones) == 0 && !marked
	if a.Fallback {
		a.Reasons = append(a.Reasons, Reason{Rule: "keypos.fallback", Cite: cite,
			Text: "allowed only by the fallback, when no piece meets the rule: " + pl.Fallback})
	}
	return a, nil
}

// ZoneCheck says whether every mini of a unit lies wholly inside a deployment zone of the given
// colour: Outside lists the minis that do not (in unit order), Zones the zone each other mini is in.
type ZoneCheck struct {
	OK      bool
	Outside []string
	Zones   map[string]string
	Reasons []Reason
}

// InZone checks a deployed unit against zones (from DeploymentZones) of colour: every round
// base wholly inside one zone of that colour, touching its border allowed (CiteDeployZone).
// Elongated bases (which may overhang) are not modelled: every mini here has a round base.
func (w *World) InZone(unit string, colour table.Colour, zones []Zone) (ZoneCheck, error) {
	u, err := w.Unit(unit)
	if err != nil {
		return ZoneCheck{}, err
	}
	if colour != table.Blue && colour != table.Red {
		return ZoneCheck{}, fmt.Errorf("colour %q is neither blue nor red", colour)
	}
	c := ZoneCheck{OK: true, Zones: map[string]string{}}
	for _, m := range u.Minis {
		in := ""
		for _, z := range zones {
			if z.Colour == colour && geometry.Inside(m.Foot, z.Shape) {
				in = z.Name()
				break
			}
		}
		if in == "" {
			c.OK = false
			c.Outside = append(c.Outside, m.ID)
			continue
		}
		c.Zones[m.ID] = in
	}
	if c.OK {
		c.Reasons = []Reason{{Rule: "deploy.zone", Cite: CiteDeployZone, IDs: []string{u.ID},
			Text: fmt.Sprintf("every mini of %s lies wholly inside a %s zone", u.ID, colour)}}
	} else {
		c.Reasons = []Reason{{Rule: "deploy.zone", Cite: CiteDeployZone, IDs: c.Outside,
			Text: fmt.Sprintf("not wholly inside a %s zone: %s", colour, joinIDs(c.Outside))}}
	}
	return c, nil
}

// AttackLimit is the range beyond which no ranged attack may be made in round under a condition
// card (Limited Visibility: range 2 in round 1, range 3 in round 2, RRG 2.0 errata L12286–12289),
// and whether there is such a limit that round.
func AttackLimit(condition maps.Card, round int) (maxRange float64, limited bool, reasons []Reason) {
	for _, e := range condition.Effects {
		if e.Kind == "noRangedAttackBeyond" && e.Round == round {
			return e.Range, true, []Reason{{Rule: "condition.attackLimit", Cite: e.Cite,
				Text: fmt.Sprintf("%s: in round %d no ranged attacks beyond range %g", condition.Name.EN, round, e.Range)}}
		}
	}
	return 0, false, []Reason{{Rule: "condition.attackLimit", Cite: condition.Cite,
		Text: fmt.Sprintf("%s sets no range limit in round %d", condition.Name.EN, round)}}
}

// EveryZoneUsed checks a deployment card's minimum per zone (Disarray: each player deploys at
// least 1 unit in each of their zones, RRG 2.0 L993–1001) for the units of one colour: a unit
// counts for the zone its leader is wholly inside. Empty lists the zones of that colour with
// fewer units than the card asks. A card without a minimum is always satisfied.
func (w *World) EveryZoneUsed(card maps.Card, colour table.Colour, units []string, zones []Zone) (ok bool, empty []string, reasons []Reason, err error) {
	count := map[string]int{}
	for _, id := range units {
		u, err := w.Unit(id)
		if err != nil {
			return false, nil, nil, err
		}
		if u.Leader == nil {
			continue
		}
		for _, z := range zones {
			if z.Colour == colour && geometry.Inside(u.Leader.Foot, z.Shape) {
				count[z.Name()]++
				break
			}
		}
	}
	for _, z := range zones {
		if z.Colour == colour && count[z.Name()] < card.MinPerZone {
			empty = append(empty, z.Name())
		}
	}
	if len(empty) > 0 {
		return false, empty, []Reason{{Rule: "deploy.everyZone", Cite: card.Cite,
			Text: fmt.Sprintf("%s asks for at least %d unit(s) in each zone; too few in %s", card.Name.EN, card.MinPerZone, joinIDs(empty))}}, nil
	}
	return true, nil, []Reason{{Rule: "deploy.everyZone", Cite: card.Cite,
		Text: fmt.Sprintf("%s: each %s zone has the units the card asks for", card.Name.EN, colour)}}, nil
}
