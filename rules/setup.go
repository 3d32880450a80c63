package rules

import (
	"fmt"
	"math"
	"slices"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/maps"
	"holotable/table"
)

// Game setup (issue 5): the meaning of the table file's "setup" object (table/setup.go,
// docs/format-setup.md) and one check per placement the players make during setup. Every check
// answers a SetupCheck: OK when the rule is met, with a reason per condition and its citation.

// SetupCheck is the answer of a setup placement check. OK: the rule is met. Fallback: the rule is
// not met, but its fallback allows the placement, which a player may use only when nothing meets
// the rule (competitive terrain: within range 1 but not touching; Key Positions: outside all zones
// but near a marked piece). The reasons explain both.
type SetupCheck struct {
	OK       bool
	Fallback bool
	Reasons  []Reason
	// failed are the indices in Reasons of the conditions that are not met (add, fail); a check
	// built from its reasons alone has none marked.
	failed []int
}

func (c *SetupCheck) add(ok bool, r Reason) {
	if !ok {
		c.fail(r)
		return
	}
	c.Reasons = append(c.Reasons, r)
}

// fail adds reasons of conditions that are not met.
func (c *SetupCheck) fail(rs ...Reason) {
	c.OK = false
	for _, r := range rs {
		c.failed = append(c.failed, len(c.Reasons))
		c.Reasons = append(c.Reasons, r)
	}
}

// Faults are the reasons of the conditions that are not met, for a refusal: a player told why a
// placement is refused reads what to fix, not the checks it passed (issue 17, item 6). A check
// whose failing reasons are not marked (built from another answer's reasons) gives them all.
func (c *SetupCheck) Faults() []Reason {
	if len(c.failed) == 0 {
		return c.Reasons
	}
	out := make([]Reason, len(c.failed))
	for i, k := range c.failed {
		out[i] = c.Reasons[k]
	}
	return out
}

func setupFault(field, format string, args ...any) error {
	return &table.Error{Field: field, Fault: fmt.Sprintf(format, args...)}
}

// draftRowFields are the file's names of the draft rows, in row order.
var draftRowFields = [3]string{"objectives", "deployments", "conditions"}

// ReplayDraft rebuilds the battle-card draft of a setup from its dealt rows and steps, checking
// that every card exists and is of its row's type and that every step is legal when replayed. It
// returns nil, nil when there is no draft. A fault is a *table.Error naming the field, e.g.
// "setup.draft.steps[3].row: the condition row's last card … cannot be discarded …".
func ReplayDraft(s *table.Setup) (*Draft, error) {
	if s == nil || s.Draft == nil {
		return nil, nil
	}
	rows := [3][]string{s.Draft.Objectives, s.Draft.Deployments, s.Draft.Conditions}
	for i, row := range rows {
		field := "setup.draft." + draftRowFields[i]
		if len(row) != 3 {
			return nil, setupFault(field, "has %d cards; setup step 5 deals 3 of each category (RRG 2.0 L843–847)", len(row))
		}
		for k, id := range row {
			c, err := maps.CardByID(id)
			if err != nil {
				return nil, setupFault(fmt.Sprintf("%s[%d]", field, k), "no battle card %q in maps/cards", id)
			}
			if c.Type != RowName(i) {
				return nil, setupFault(fmt.Sprintf("%s[%d]", field, k), "%q is a %s card, not a %s card", id, c.Type, RowName(i))
			}
		}
	}
	d, err := NewDraft(rows[0], rows[1], rows[2])
	if err != nil {
		return nil, setupFault("setup.draft", "%v", err)
	}
	for i, st := range s.Draft.Steps {
		field := fmt.Sprintf("setup.draft.steps[%d]", i)
		if d.Done() {
			return nil, setupFault(field, "the draft is over: each player has had %d opportunities (%s)", DraftOpportunities, CiteDraft)
		}
		switch st.Action {
		case table.StepPass:
			err = d.Pass()
		case table.StepEliminate:
			row := -1
			for k, name := range table.DraftRows {
				if name == st.Row {
					row = k
				}
			}
			if err = d.Eliminate(row); err != nil {
				return nil, setupFault(field+".row", "%v", err)
			}
		default:
			err = fmt.Errorf("unknown action %q", st.Action)
		}
		if err != nil {
			return nil, setupFault(field+".action", "%v", err)
		}
	}
	return d, nil
}

// CheckSetup checks what a file's setup means (table.Load has checked its shape): the ruleset
// matches a mission or a draft, the draft replays legally (ReplayDraft), the mission exists, the
// terrain turns name pieces of the table once each and alternate colours, and the deployed units
// exist and belong to blue or red. The fault is a *table.Error naming the field; nil when the
// file has no setup or it is consistent.
func CheckSetup(f *table.File) error {
	s := f.Setup
	if s == nil {
		return nil
	}
	switch {
	case f.Ruleset != "specops" && s.Mission != "":
		return setupFault("setup.mission", "only a specops game has a mission; a legion game uses battle cards (%s)", CiteSetupSteps)
	case f.Ruleset == "specops" && s.Draft != nil:
		return setupFault("setup.draft", "a specops game uses no battle cards (%s)", CiteSpecOpsNoCards)
	}
	if s.Mission != "" {
		if _, err := maps.MissionByID(s.Mission); err != nil {
			return setupFault("setup.mission", "no mission %q in maps/missions", s.Mission)
		}
	}
	if _, err := ReplayDraft(s); err != nil {
		return err
	}
	idx := f.Index()
	seen := map[string]int{}
	for i, t := range s.TerrainTurns {
		field := fmt.Sprintf("setup.terrainTurns[%d]", i)
		if r, ok := idx[t.Piece]; !ok || r.Kind != table.TerrainThing {
			return setupFault(field+".piece", "no terrain piece %q on the table", t.Piece)
		}
		if j, dup := seen[t.Piece]; dup {
			return setupFault(field+".piece", "%q was already placed at setup.terrainTurns[%d]", t.Piece, j)
		}
		seen[t.Piece] = i
		if i > 0 && s.TerrainTurns[i-1].Colour == t.Colour {
			return setupFault(field+".colour", "%s placed the previous piece too; the players alternate (%s)", t.Colour, CiteTerrainTurns)
		}
	}
	for i, id := range s.Deployed {
		field := fmt.Sprintf("setup.deployed[%d]", i)
		r, ok := idx[id]
		if !ok || r.Kind != table.UnitThing {
			return setupFault(field, "no unit %q on the table", id)
		}
		if s.Blue == "" || s.Red == "" {
			return setupFault(field, "units are deployed before blue and red are chosen (%s)", CiteSides)
		}
		if side := r.Unit.Side; side != s.Blue && side != s.Red {
			return setupFault(field, "unit %q is on side %q, neither blue's %q nor red's %q", id, side, s.Blue, s.Red)
		}
	}
	return nil
}

// ColourOf is "blue" or "red" for a unit whose side is the setup's blue or red side, else "".
func (w *World) ColourOf(unit string) table.Colour {
	s := w.File.Setup
	u, err := w.Unit(unit)
	if s == nil || err != nil {
		return table.NoColour
	}
	switch {
	case s.Blue != "" && u.Side == s.Blue:
		return table.Blue
	case s.Red != "" && u.Side == s.Red:
		return table.Red
	}
	return table.NoColour
}

// onBattlefield reports whether a unit counts as deployed: every unit when the file has no setup,
// else the units listed in setup.deployed (the others stand where the app keeps them until then).
func (w *World) onBattlefield(u *Unit) bool {
	s := w.File.Setup
	if s == nil {
		return true
	}
	for _, id := range s.Deployed {
		if id == u.ID {
			return true
		}
	}
	return false
}

// enemies lists the deployed units of the other colour.
func (w *World) enemies(colour table.Colour) []*Unit {
	var out []*Unit
	for _, u := range w.Units {
		if c := w.ColourOf(u.ID); c != table.NoColour && c != colour && w.onBattlefield(u) {
			out = append(out, u)
		}
	}
	return out
}

// SetupCards are the battle cards a setup uses and the zones of its deployment card.
type SetupCards struct {
	Draft                            *Draft     // nil without a draft
	Final                            bool       // the draft is done: the cards below are the ones used
	Objective, Deployment, Condition *maps.Card // the left-most remaining card of each row; nil without a draft
	Zones                            []Zone     // the deployment card's zones for blue's edge; nil until the edge is chosen
	Reasons                          []Reason
}

// SetupCards replays the file's draft and lays out the chosen deployment card's zones.
func (w *World) SetupCards() (SetupCards, error) {
	var sc SetupCards
	s := w.File.Setup
	d, err := ReplayDraft(s)
	if err != nil || d == nil {
		return sc, err
	}
	sc.Draft, sc.Final = d, d.Done()
	sc.Reasons = d.Reasons()
	chosen := d.Chosen()
	cards := [3]**maps.Card{&sc.Objective, &sc.Deployment, &sc.Condition}
	for i, id := range chosen {
		c, err := maps.CardByID(id)
		if err != nil {
			return sc, err
		}
		*cards[i] = &c
	}
	if s.BlueEdge != "" {
		zones, reasons, err := DeploymentZones(*sc.Deployment, w.File, s.BlueEdge)
		if err != nil {
			return sc, err
		}
		sc.Zones = zones
		sc.Reasons = append(sc.Reasons, reasons...)
	}
	return sc, nil
}

// TerrainTurn checks the piece just placed in competitive terrain placement by colour: it is
// colour's turn (the players alternate, CiteTerrainTurns; setup.terrainTurns holds the order, and
// the piece's own entry, if it is already listed, is compared with the one before it), and the
// piece is beyond range 1 of every other piece (OK), or else touches none (Fallback), with
// TerrainPlacement's reason.
func (w *World) TerrainTurn(colour table.Colour, piece string) (SetupCheck, error) {
	if colour != table.Blue && colour != table.Red {
		return SetupCheck{}, fmt.Errorf("colour %q is neither blue nor red", colour)
	}
	p, ok := w.byID[piece].(*Piece)
	if !ok {
		return SetupCheck{}, w.notA("terrain piece", piece)
	}
	c := SetupCheck{OK: true}
	var turns []table.TerrainTurn
	if s := w.File.Setup; s != nil {
		turns = s.TerrainTurns
	}
	prev := table.NoColour
	for i, t := range turns {
		if t.Piece == piece {
			turns = turns[:i]
			break
		}
	}
	if len(turns) > 0 {
		prev = turns[len(turns)-1].Colour
	}
	switch prev {
	case table.NoColour:
		c.add(true, Reason{Rule: "terrain.turn", Cite: CiteTerrainTurns,
			Text: fmt.Sprintf("%s places the first piece (the player with the lower army cost begins)", colour)})
	case colour:
		c.add(false, Reason{Rule: "terrain.turn", Cite: CiteTerrainTurns,
			Text: fmt.Sprintf("it is %s's turn: %s placed the previous piece", colour.Other(), colour)})
	default:
		c.add(true, Reason{Rule: "terrain.turn", Cite: CiteTerrainTurns,
			Text: fmt.Sprintf("%s's turn: %s placed the previous piece", colour, prev)})
	}
	pc := w.TerrainPlacement()[p.Index]
	switch {
	case pc.Touching:
		c.add(false, pc.Reasons[0])
	case !pc.OK:
		c.Fallback = c.OK
		c.add(false, pc.Reasons[0])
	default:
		c.add(true, pc.Reasons[0])
	}
	return c, nil
}

// TokenQuery asks whether a token of Kind "objective" or "condition" with radius R may go at
// (X, Y) during setup. Self is the token being moved if it is on the table already.
type TokenQuery struct {
	Kind    string
	X, Y, R float64
	Self    string
}

// PlaceToken checks a token the players place during setup (setup step 7), by the chosen cards:
//   - objective, at a place the objective card fixes (ObjectiveTokens): OK;
//   - objective, for a card whose tokens go on the battlefield (Recover the Supplies): the card's
//     distances to zones and other tokens, on the table, under no terrain (ObjectivePlacement);
//   - objective, for a card whose tokens go on terrain (Key Positions): on a piece (its centre
//     over the piece), the first one on the piece closest to the centre (KeyPositionCentre), the
//     others by KeyPosition (OK, or Fallback);
//   - condition: on the table, under no terrain, overlapping no objective or Bane token
//     (CiteConditionToken); where the condition card's own placement text is not in the seeds
//     the reasons say so.
//
// In a specops game the players place the mission's markers (any Kind the mission names): the
// mission maps are not in the seeds, so only what the text does say is checked (placeMarker).
func (w *World) PlaceToken(q TokenQuery) (SetupCheck, error) {
	if !(q.R > 0) {
		return SetupCheck{}, fmt.Errorf("token radius %g is not positive", q.R)
	}
	if w.File.Ruleset == "specops" {
		return w.placeMarker(q), nil
	}
	sc, err := w.SetupCards()
	if err != nil {
		return SetupCheck{}, err
	}
	if sc.Draft == nil {
		return SetupCheck{}, fmt.Errorf("the table has no battle-card draft (setup.draft), so no card says where tokens go")
	}
	edge := w.File.Setup.BlueEdge
	if edge == "" {
		return SetupCheck{}, fmt.Errorf("blue's edge is not chosen yet (setup.blueEdge): the cards are read from it (%s)", CiteBlueEdge)
	}
	switch q.Kind {
	case "objective":
		return w.placeObjective(q, *sc.Objective, *sc.Deployment, edge)
	case "condition":
		return w.placeCondition(q, *sc.Condition), nil
	}
	return SetupCheck{}, fmt.Errorf("token kind %q is neither objective nor condition", q.Kind)
}

func (w *World) placeObjective(q TokenQuery, obj, dep maps.Card, edge string) (SetupCheck, error) {
	f, p := w.File, w.File.Profile
	fixed, reasons, err := ObjectiveTokens(obj, f, edge)
	if err != nil {
		return SetupCheck{}, err
	}
	at := r2.Point{X: q.X, Y: q.Y}
	for i, pt := range fixed {
		if pt.Sub(at).Norm() <= p.Epsilon {
			c := SetupCheck{OK: true, Reasons: []Reason{reasons[i]}}
			w.tokenOverlaps(&c, q, nil)
			return c, nil
		}
	}
	pl := obj.Placement
	switch {
	case pl == nil:
		return SetupCheck{Reasons: append([]Reason{{Rule: "token.card", Cite: obj.Cite,
			Text: fmt.Sprintf("%s places no tokens where the players choose; its fixed places are:", obj.Name.EN)}}, reasons...)}, nil
	case pl.On == "battlefield":
		a, err := w.ObjectivePlacement(ObjectivePlacementQuery{Objective: obj, Deployment: dep, BlueEdge: edge, X: q.X, Y: q.Y, R: q.R, Self: q.Self})
		if err != nil {
			return SetupCheck{}, err
		}
		return SetupCheck{OK: a.Legal, Reasons: a.Reasons}, nil
	}
	// On terrain (Key Positions): the piece under the token's centre.
	piece := ""
	for i := len(w.Terrain) - 1; i >= 0 && piece == ""; i-- {
		if w.Terrain[i].Foot.ContainsPoint(at) {
			piece = w.Terrain[i].ID
		}
	}
	if piece == "" {
		return SetupCheck{Reasons: []Reason{{Rule: "keypos.piece", Cite: pl.Cite,
			Text: fmt.Sprintf("%s puts its tokens on terrain pieces; (%.4g, %.4g) is on none", obj.Name.EN, q.X, q.Y)}}}, nil
	}
	var marked []string
	for _, t := range w.Tokens {
		if t.Kind != "objective" || t.ID == q.Self {
			continue
		}
		for _, tp := range w.Terrain {
			if tp.Foot.ContainsPoint(r2.Point{X: t.X, Y: t.Y}) {
				marked = append(marked, tp.ID)
				break
			}
		}
	}
	var c SetupCheck
	if len(marked) == 0 {
		ids, _, rs := w.KeyPositionCentre()
		c.OK = slices.Contains(ids, piece)
		c.Reasons = rs
		if !c.OK {
			c.Reasons = append(c.Reasons, Reason{Rule: "keypos.first", Cite: pl.Cite, IDs: []string{piece},
				Text: fmt.Sprintf("the first token goes on the piece closest to the centre (%s), not on %s", joinIDs(ids), piece)})
		}
	} else {
		a, err := w.KeyPosition(KeyPositionQuery{Objective: obj, Deployment: dep, BlueEdge: edge, Piece: piece, Marked: marked})
		if err != nil {
			return SetupCheck{}, err
		}
		c = SetupCheck{OK: a.Legal, Fallback: a.Fallback, Reasons: a.Reasons}
	}
	w.tokenOverlaps(&c, q, nil)
	return c, nil
}

// tokenOverlaps adds the overlap check of a token with the other tokens (of the given kinds, or
// all when kinds is nil).
func (w *World) tokenOverlaps(c *SetupCheck, q TokenQuery, kinds []string) {
	tok := geometry.Circle(r2.Point{X: q.X, Y: q.Y}, q.R)
	var over []string
	for _, t := range w.Tokens {
		if t.ID != q.Self && (kinds == nil || slices.Contains(kinds, t.Kind)) && geometry.Overlap(tok, t.Foot) {
			over = append(over, t.ID)
		}
	}
	cite := CiteTokenOverlap
	if q.Kind == "condition" {
		cite = CiteConditionToken
	}
	if len(over) > 0 {
		c.OK, c.Fallback = false, false
		c.Reasons = append(c.Reasons, Reason{Rule: "token.overlap", Cite: cite, IDs: over, Text: "the token would overlap " + joinIDs(over)})
	}
}

// placeMarker checks a specops mission marker: wholly on the battlefield and overlapping no
// other token (RRG 2.0 L3360–3361 for tokens); where it goes is on the mission map, which is a
// picture in seed 003, so the reasons say the position itself is the players' (CiteSpecOpsMarkers).
func (w *World) placeMarker(q TokenQuery) SetupCheck {
	f := w.File
	c := SetupCheck{OK: true}
	c.add(true, Reason{Rule: "marker.map", Cite: CiteSpecOpsMarkers,
		Text: "the mission map is not in the seeds: the players place the markers as the map shows"})
	tok := geometry.Circle(r2.Point{X: q.X, Y: q.Y}, q.R)
	field, _ := geometry.NewPolygon([]r2.Point{{}, {X: f.Battlefield.Width}, {X: f.Battlefield.Width, Y: f.Battlefield.Depth}, {Y: f.Battlefield.Depth}})
	on := geometry.Inside(tok, field)
	c.add(on, Reason{Rule: "token.onTable", Cite: CiteTokenOnTable,
		Text: fmt.Sprintf("the marker at (%.4g, %.4g) is %s on the battlefield", q.X, q.Y, map[bool]string{true: "wholly", false: "not wholly"}[on])})
	w.tokenOverlaps(&c, q, nil)
	return c
}

func (w *World) placeCondition(q TokenQuery, cond maps.Card) SetupCheck {
	f := w.File
	c := SetupCheck{OK: true}
	if cond.Geometry == maps.GeometryNotInSeeds {
		c.Reasons = append(c.Reasons, Reason{Rule: "token.card", Cite: cond.Cite,
			Text: fmt.Sprintf("%s: where its condition tokens go is not in the seeds (%s); only the general condition-token rules are checked", cond.Name.EN, cond.Inferred)})
	}
	tok := geometry.Circle(r2.Point{X: q.X, Y: q.Y}, q.R)
	field, _ := geometry.NewPolygon([]r2.Point{{}, {X: f.Battlefield.Width}, {X: f.Battlefield.Width, Y: f.Battlefield.Depth}, {Y: f.Battlefield.Depth}})
	on := geometry.Inside(tok, field)
	c.add(on, Reason{Rule: "token.onTable", Cite: CiteTokenOnTable,
		Text: fmt.Sprintf("the token at (%.4g, %.4g) is %s on the battlefield", q.X, q.Y, map[bool]string{true: "wholly", false: "not wholly"}[on])})
	var under []string
	for _, t := range w.Terrain {
		if geometry.Overlap(tok, t.Foot) {
			under = append(under, t.ID)
		}
	}
	if len(under) > 0 {
		c.add(false, Reason{Rule: "token.terrain", Cite: CiteConditionToken, IDs: under, Text: "the token would lie under terrain: " + joinIDs(under)})
	} else {
		c.add(true, Reason{Rule: "token.terrain", Cite: CiteConditionToken, Text: "the token overlaps no terrain piece"})
	}
	w.tokenOverlaps(&c, q, []string{"objective", "bane"})
	return c
}

// ElongatedInZone checks a mini with an elongated (non-round) base whose outline (a simple
// polygon in table coordinates) is given, against the zones of colour (from DeploymentZones or
// SetupCards): the base is wholly on the battlefield and either wholly inside one of the zones,
// or it touches the battlefield edge (within contactTolerance) at a part of the edge inside that
// zone and at least half of its area is inside that zone (CiteElongated).
func (w *World) ElongatedInZone(outline [][2]float64, colour table.Colour, zones []Zone) (SetupCheck, error) {
	pts := make([]r2.Point, len(outline))
	for i, p := range outline {
		pts[i] = r2.Point{X: p[0], Y: p[1]}
	}
	foot, err := geometry.NewPolygon(pts)
	if err != nil {
		return SetupCheck{}, fmt.Errorf("elongated base outline: %v", err)
	}
	return w.elongatedIn(foot, colour, zones), nil
}

func (w *World) elongatedIn(foot geometry.Shape, colour table.Colour, zones []Zone) SetupCheck {
	f, p := w.File, w.File.Profile
	bf := f.Battlefield
	rect := r2.RectFromPoints(r2.Point{}, r2.Point{X: bf.Width, Y: bf.Depth})
	field, _ := geometry.NewPolygon([]r2.Point{{}, {X: bf.Width}, {X: bf.Width, Y: bf.Depth}, {Y: bf.Depth}})
	if !geometry.Inside(foot, field) {
		return SetupCheck{Reasons: []Reason{{Rule: "deploy.edge", Cite: CiteEdge, Text: "the base is not wholly on the battlefield"}}}
	}
	area := foot.Area()
	tol := p.ContactTolerance + p.Epsilon
	best := SetupCheck{}
	bestShare := -1.0
	for _, z := range zones {
		if z.Colour != colour {
			continue
		}
		if geometry.Inside(foot, z.Shape) {
			return SetupCheck{OK: true, Reasons: []Reason{{Rule: "deploy.elongated", Cite: CiteElongated,
				Text: fmt.Sprintf("the elongated base lies wholly inside %s", z.Name())}}}
		}
		inter := area + z.Shape.Area() - geometry.UnionArea([]geometry.Shape{foot, z.Shape}, rect)
		share := inter / area
		touch := edgeTouchInZone(foot, z.Shape, bf, tol)
		half := inter >= area/2-p.Epsilon*foot.Perimeter()
		if share > bestShare {
			bestShare = share
			best = SetupCheck{OK: touch && half}
			t := "touches the battlefield edge inside " + z.Name()
			if !touch {
				t = "does not touch the battlefield edge inside " + z.Name()
			}
			best.Reasons = []Reason{{Rule: "deploy.elongated", Cite: CiteElongated,
				Text: fmt.Sprintf("the elongated base overhangs %s: %.1f%% of its area is inside (needs at least half) and it %s", z.Name(), 100*share, t)}}
		}
	}
	if bestShare < 0 {
		best.Reasons = []Reason{{Rule: "deploy.elongated", Cite: CiteElongated, Text: "there is no " + colour.String() + " zone"}}
	}
	return best
}

// edgeTouchInZone reports whether foot comes within tol of a battlefield edge at a stretch of
// that edge where the zone also reaches it: along each edge, the interval of the line tol inside
// the table that foot covers meets the interval that the zone covers.
func edgeTouchInZone(foot, zone geometry.Shape, bf table.Battlefield, tol float64) bool {
	W, D := bf.Width, bf.Depth
	lines := [][2]r2.Point{
		{{X: 0, Y: tol}, {X: W, Y: tol}}, {{X: 0, Y: D - tol}, {X: W, Y: D - tol}},
		{{X: tol, Y: 0}, {X: tol, Y: D}}, {{X: W - tol, Y: 0}, {X: W - tol, Y: D}},
	}
	for _, l := range lines {
		for _, a := range foot.ClipSegment(l[0], l[1]) {
			for _, b := range zone.ClipSegment(l[0], l[1]) {
				if a.Intersects(b) {
					return true
				}
			}
		}
	}
	return false
}

// Infiltrate checks a unit with Infiltrate deployed outside its zones: every deployed enemy unit
// is beyond range 3 of it (nearest mini to nearest mini more than 3 × rangeSegment + epsilon);
// with no enemy on the battlefield it may go anywhere (CiteInfiltrate).
func (w *World) Infiltrate(unit string) (SetupCheck, error) {
	u, err := w.Unit(unit)
	if err != nil {
		return SetupCheck{}, err
	}
	colour := w.ColourOf(unit)
	if colour == table.NoColour {
		return SetupCheck{}, fmt.Errorf("unit %q is neither blue's nor red's (setup.blue, setup.red)", unit)
	}
	c := SetupCheck{OK: true}
	en := w.enemies(colour)
	if len(en) == 0 {
		c.add(true, Reason{Rule: "infiltrate.alone", Cite: CiteInfiltrate, IDs: []string{u.ID},
			Text: "no enemy unit is on the battlefield: a unit with Infiltrate may deploy anywhere"})
		return c, nil
	}
	lim := 3 * w.File.Profile.RangeSegment
	for _, e := range en {
		r, err := w.Range(e.ID, u.ID, false)
		if err != nil {
			return SetupCheck{}, err
		}
		beyond := r.Distance > lim+w.File.Profile.Epsilon
		if !beyond {
			c.add(false, Reason{Rule: "infiltrate.near", Cite: CiteInfiltrate, IDs: []string{r.From, r.To},
				Text: fmt.Sprintf("%s is %.4g from enemy %s: within range 3 (Infiltrate needs more than %g)", u.ID, r.Distance, e.ID, lim)})
		}
	}
	if c.OK {
		c.add(true, Reason{Rule: "infiltrate.beyond", Cite: CiteInfiltrate, IDs: []string{u.ID},
			Text: fmt.Sprintf("%s is beyond range 3 (more than %g) of every enemy unit", u.ID, lim)})
	}
	return c, nil
}

// DeployQuery asks whether a unit may stand where it is as a deployment (setup step 8).
// Infiltrate: the unit has the keyword (it may also stand beyond range 3 of all enemies).
// Elongated: optional outlines (simple polygons in table coordinates) of minis with an elongated
// base, by mini id; those minis are checked by ElongatedInZone instead of their round base.
type DeployQuery struct {
	Unit       string
	Infiltrate bool
	Elongated  map[string][][2]float64
}

// Deploy checks a deployed unit: every mini wholly inside a zone of its colour (InZone's rule;
// elongated bases by ElongatedInZone), or, with Infiltrate, beyond range 3 of every enemy unit;
// the unit in cohesion (Cohesion, CiteDeployCohesion); no mini in base contact with a deployed
// enemy mini (CiteDeployContact); no base overlapping another deployed base, a token or terrain
// impassable for it (CiteDeploy). In a specops game the mission maps (and so the zones) are not
// in the seeds: the zone is not checked, and the reasons say so.
func (w *World) Deploy(q DeployQuery) (SetupCheck, error) {
	u, err := w.Unit(q.Unit)
	if err != nil {
		return SetupCheck{}, err
	}
	colour := w.ColourOf(u.ID)
	if colour == table.NoColour {
		return SetupCheck{}, fmt.Errorf("unit %q is neither blue's nor red's (setup.blue, setup.red)", u.ID)
	}
	c := SetupCheck{OK: true}
	if w.File.Ruleset == "specops" {
		c.add(true, Reason{Rule: "deploy.zone", Cite: "SO L226, L277, L386 (\"as shown on the left\": the maps are pictures)",
			Text: "the mission's deployment zones are not in the seeds: the players mark them, and the zone is not checked"})
	} else {
		sc, err := w.SetupCards()
		if err != nil {
			return SetupCheck{}, err
		}
		if sc.Zones == nil {
			return SetupCheck{}, fmt.Errorf("no deployment zones yet: the draft (setup.draft) and blue's edge (setup.blueEdge) choose them")
		}
		zoneOK, zoneReasons := w.unitInZones(u, colour, sc.Zones, q.Elongated)
		switch {
		case zoneOK:
			c.add(true, zoneReasons[0])
		case q.Infiltrate:
			inf, err := w.Infiltrate(u.ID)
			if err != nil {
				return SetupCheck{}, err
			}
			if inf.OK { // outside the zones, but Infiltrate allows it
				c.Reasons = append(c.Reasons, zoneReasons...)
				c.Reasons = append(c.Reasons, inf.Reasons...)
			} else {
				c.fail(zoneReasons...)
				c.fail(inf.Faults()...)
			}
		default:
			c.fail(zoneReasons...)
		}
	}
	coh, err := w.Cohesion(u.ID)
	if err != nil {
		return SetupCheck{}, err
	}
	if coh.OK {
		c.add(true, Reason{Rule: "deploy.cohesion", Cite: CiteDeployCohesion, IDs: []string{u.ID}, Text: "every mini is in cohesion with its leader"})
	} else {
		c.add(false, Reason{Rule: "deploy.cohesion", Cite: CiteDeployCohesion, IDs: coh.Out, Text: "out of cohesion: " + joinIDs(coh.Out)})
	}
	w.deployContacts(&c, u, colour)
	return c, nil
}

// unitInZones checks every mini of u against the zones of colour: round bases wholly inside one
// zone, elongated ones by elongatedIn. The first reason sums it up.
func (w *World) unitInZones(u *Unit, colour table.Colour, zones []Zone, elongated map[string][][2]float64) (bool, []Reason) {
	var out []string
	var rs []Reason
	for _, m := range u.Minis {
		if poly, ok := elongated[m.ID]; ok {
			pts := make([]r2.Point, len(poly))
			for i, p := range poly {
				pts[i] = r2.Point{X: p[0], Y: p[1]}
			}
			foot, err := geometry.NewPolygon(pts)
			if err != nil {
				out = append(out, m.ID)
				rs = append(rs, Reason{Rule: "deploy.elongated", Cite: CiteElongated, IDs: []string{m.ID}, Text: fmt.Sprintf("%s: the outline is not a simple polygon: %v", m.ID, err)})
				continue
			}
			ec := w.elongatedIn(foot, colour, zones)
			if !ec.OK {
				out = append(out, m.ID)
			}
			rs = append(rs, ec.Reasons...)
			continue
		}
		in := false
		for _, z := range zones {
			if z.Colour == colour && geometry.Inside(m.Foot, z.Shape) {
				in = true
				break
			}
		}
		if !in {
			out = append(out, m.ID)
		}
	}
	if len(out) > 0 {
		return false, append([]Reason{{Rule: "deploy.zone", Cite: CiteDeployZone, IDs: out,
			Text: fmt.Sprintf("not wholly inside a %s zone: %s", colour, joinIDs(out))}}, rs...)
	}
	return true, append([]Reason{{Rule: "deploy.zone", Cite: CiteDeployZone, IDs: []string{u.ID},
		Text: fmt.Sprintf("every mini of %s lies inside a %s zone", u.ID, colour)}}, rs...)
}

// deployContacts adds the base-contact and overlap checks of a deployed unit.
func (w *World) deployContacts(c *SetupCheck, u *Unit, colour table.Colour) {
	p := w.File.Profile
	var touch, over []string
	for _, m := range u.Minis {
		for _, o := range w.Minis {
			if o.Unit == u || !w.onBattlefield(o.Unit) {
				continue
			}
			if geometry.Overlap(m.Foot, o.Foot) {
				over = append(over, m.ID+"/"+o.ID)
				continue
			}
			enemy := w.ColourOf(o.Unit.ID) != table.NoColour && w.ColourOf(o.Unit.ID) != colour
			if enemy && geometry.Distance(m.Foot, o.Foot) <= p.ContactTolerance+p.Epsilon && math.Abs(m.Z-o.Z) < p.BaseThickness {
				touch = append(touch, m.ID+"/"+o.ID)
			}
		}
		for _, o := range u.Minis {
			if o.ID > m.ID && geometry.Overlap(m.Foot, o.Foot) {
				over = append(over, m.ID+"/"+o.ID)
			}
		}
		for _, t := range w.Tokens {
			if geometry.Overlap(m.Foot, t.Foot) {
				over = append(over, m.ID+"/"+t.ID)
			}
		}
		for _, t := range w.Terrain {
			if w.MoveClassFor(t, u) == table.Impassable && geometry.Overlap(m.Foot, t.Foot) {
				over = append(over, m.ID+"/"+t.ID)
			}
		}
	}
	if len(touch) > 0 {
		c.add(false, Reason{Rule: "deploy.contact", Cite: CiteDeployContact, IDs: touch, Text: "in base contact with an enemy mini: " + joinIDs(touch)})
	} else {
		c.add(true, Reason{Rule: "deploy.contact", Cite: CiteDeployContact, Text: "no mini is in base contact with an enemy mini"})
	}
	if len(over) > 0 {
		c.add(false, Reason{Rule: "deploy.overlap", Cite: CiteDeploy, IDs: over, Text: "bases overlap: " + joinIDs(over)})
	}
}

// ScoutQuery is a Scout X move of a unit leader right after its unit is deployed: a standard move
// at speed X (capped at 3) with the tool's heading, bend and fraction as in MoveQuery.
type ScoutQuery struct {
	Mini                    string
	X                       int
	Heading, Bend, Fraction float64
}

// ScoutAnswer is the move (Move's answer at speed min(X, 3)) and whether it is a legal Scout move.
type ScoutAnswer struct {
	SetupCheck
	Speed int
	Move  MoveAnswer
}

// Scout checks a Scout X move (CiteScout): Move at speed min(X, 3), regardless of the unit's max
// speed and ignoring difficult terrain; a partial move is allowed (Fraction, or stopped early by
// an obstacle); the move is legal unless the base would leave the battlefield or its end overlaps
// something (Move's rules), and it may not end in base contact with an enemy mini
// (CiteDeployContact). The other minis are placed in cohesion afterwards (PlaceFollowers).
func (w *World) Scout(q ScoutQuery) (ScoutAnswer, error) {
	if q.X < 1 {
		return ScoutAnswer{}, fmt.Errorf("Scout %d: X is at least 1", q.X)
	}
	m, err := w.Mini(q.Mini)
	if err != nil {
		return ScoutAnswer{}, err
	}
	speed := min(q.X, 3)
	mv, err := w.Move(MoveQuery{Mini: q.Mini, Speed: speed, Heading: q.Heading, Bend: q.Bend, Fraction: q.Fraction})
	if err != nil {
		return ScoutAnswer{}, err
	}
	a := ScoutAnswer{SetupCheck: SetupCheck{OK: true}, Speed: speed, Move: mv}
	txt := fmt.Sprintf("Scout %d: a speed-%d standard move, regardless of max speed %d", q.X, speed, m.Unit.Speed)
	if q.X > 3 {
		txt = fmt.Sprintf("Scout %d counts as Scout 3: a speed-3 standard move, regardless of max speed %d", q.X, m.Unit.Speed)
	}
	a.add(true, Reason{Rule: "scout.speed", Cite: CiteScout, IDs: []string{m.ID}, Text: txt})
	if len(mv.Difficult) > 0 {
		a.add(true, Reason{Rule: "scout.difficult", Cite: CiteScout, IDs: mv.Difficult, Text: "difficult terrain is ignored during a Scout move: " + joinIDs(mv.Difficult)})
	}
	for _, r := range mv.Reasons {
		if r.Rule == "move.difficult" || r.Rule == "move.speed" {
			continue
		}
		ok := r.Rule != "move.edge" && r.Rule != "move.end"
		a.add(ok, r)
	}
	colour := w.ColourOf(m.Unit.ID)
	p := w.File.Profile
	end := geometry.Circle(r2.Point{X: mv.X, Y: mv.Y}, m.Radius())
	var touch []string
	for _, o := range w.Minis {
		oc := w.ColourOf(o.Unit.ID)
		if o.Unit == m.Unit || oc == table.NoColour || oc == colour || !w.onBattlefield(o.Unit) {
			continue
		}
		if geometry.Distance(end, o.Foot) <= p.ContactTolerance+p.Epsilon && math.Abs(m.Z-o.Z) < p.BaseThickness {
			touch = append(touch, o.ID)
		}
	}
	if len(touch) > 0 {
		a.add(false, Reason{Rule: "scout.contact", Cite: CiteDeployContact, IDs: touch, Text: "the move would end in base contact with enemy " + joinIDs(touch)})
	}
	return a, nil
}

// tokenAt reports whether an objective token's centre is at p (within epsilon).
func (w *World) tokenAt(kind string, p r2.Point) bool {
	for _, t := range w.Tokens {
		if t.Kind == kind && math.Hypot(t.X-p.X, t.Y-p.Y) <= w.File.Profile.Epsilon {
			return true
		}
	}
	return false
}
