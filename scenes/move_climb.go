package scenes

import (
	"errors"
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/render"
	"holotable/rules"
)

// Climbing in the move tool (issue 14; spec scenario-v1 v1.1 "Climbing and clambering"; RRG 2.0
// Klimmen und Klettern L7453–7621): when a trooper unit's leader touches a solid piece it can
// clamber or climb onto (rules.World.ClimbOnto says so), the tool offers it — the spot on the top
// drawn as a ghost, the actions and the dice in the panel — and key K clambers, Shift+K climbs
// (the command moveClimb {onto, mode}): one unit.climb op that puts the leader on the top; the
// other minis are then dragged into place (out of vertical cohesion they are ringed).

// ClimbOffer is one clamber or climb the leader may make, as the tool's state lists it.
type ClimbOffer struct {
	Onto    string  `json:"onto"`
	Mode    string  `json:"mode"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Z       float64 `json:"z"`
	Actions int     `json:"actions"`
	Dice    int     `json:"dice"`
}

// climbCache is climbOffers' answer for a document revision and unit.
type climbCache struct {
	rev    int
	unit   string
	asked  bool
	offers []ClimbOffer
}

func init() {
	RegisterCommand("moveClimb", func(s *TableScene, arg jsonRaw) (any, error) {
		var v struct {
			Onto string
			Mode string
		}
		if err := argInto(arg, &v); err != nil {
			return nil, err
		}
		mode, ok := rules.ParseClimbMode(v.Mode)
		if !ok {
			return nil, errors.New(T("move.noClimbMode", v.Mode))
		}
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if err := t.climb(s, v.Onto, mode); err != nil {
			return nil, err
		}
		return t.State(s), nil
	})
	RegisterStrings(map[string][2]string{
		"move.climbOffer":       {"%s: %s onto %s (%d actions, %d dice)", "%s: %s auf %s (%d Aktionen, %d Würfel)"},
		"move.clamber":          {"clamber", "Klimmen"},
		"move.climb":            {"climb", "Klettern"},
		"move.climbed":          {"%s's leader is on %s (%d actions, %d white defence dice): drag the others into place", "der Anführer von %s steht auf %s (%d Aktionen, %d weiße Verteidigungswürfel): die anderen zurechtziehen"},
		"move.noClimb":          {"%s's leader cannot clamber or climb onto anything it touches", "der Anführer von %s kann auf nichts klimmen oder klettern, das er berührt"},
		"move.shiftK":           {"Shift+K", "Umschalt+K"},
		"move.climbOffer.touch": {"%s onto %s (%d actions, %d dice): its button below", "%s auf %s (%d Aktionen, %d Würfel): sein Knopf unten"},
		"ui.move.climbOn":       {"%s onto %s", "%s auf %s"},
		"move.noClimbMode":      {"no climb mode %q (clamber, climb)", "keine Kletterart %q (clamber, climb)"},
	})
}

// climbOffers are the clambers and climbs the leader of the unit being moved may make now: onto
// every piece its base touches, each mode the rules allow (none for notched units).
func (t *moveTool) climbOffers(c Context) []ClimbOffer {
	if t.unit == "" || t.maneuvering(c) {
		return nil
	}
	if t.climbs.asked && t.climbs.rev == c.Rev() && t.climbs.unit == t.unit {
		return t.climbs.offers
	}
	w := c.World()
	var offers []ClimbOffer
	for i := range w.File.Terrain {
		id := w.File.Terrain[i].ID
		if ct, err := w.Contact(t.leader, id); err != nil || !ct.Contact {
			continue
		}
		for _, mode := range []rules.ClimbMode{rules.Clamber, rules.Climb} {
			if a, err := (&ops.UnitClimb{Unit: t.unit, Onto: id, Mode: mode}).Answer(w, t.leader); err == nil && a.Legal {
				offers = append(offers, ClimbOffer{id, mode.String(), a.X, a.Y, a.Z, a.Actions, a.Dice})
			}
		}
	}
	t.climbs = climbCache{rev: c.Rev(), unit: t.unit, asked: true, offers: offers}
	return offers
}

// climb makes the leader clamber or climb onto onto ("" the first piece it may).
func (t *moveTool) climb(c Context, onto string, mode rules.ClimbMode) error {
	if t.unit == "" {
		return errors.New(T("move.noUnit"))
	}
	var offer *ClimbOffer
	for _, o := range t.climbOffers(c) {
		if (onto == "" || o.Onto == onto) && o.Mode == mode.String() {
			offer = &o
			break
		}
	}
	if onto == "" && offer == nil {
		return errors.New(T("move.noClimb", t.unit))
	}
	if onto == "" {
		onto = offer.Onto
	}
	if err := c.Submit(&ops.UnitClimb{Unit: t.unit, Onto: onto, Mode: mode}); err != nil {
		return errors.New(T("move.refused", errText(err)))
	}
	t.placed = false
	if offer != nil {
		c.SetMessage(T("move.climbed", t.unit, onto, offer.Actions, offer.Dice))
	}
	return nil
}

// climbLines are the panel's offers.
func (t *moveTool) climbLines(c Context) []string {
	var out []string
	for _, o := range t.climbOffers(c) {
		key := "K"
		if o.Mode == "climb" {
			key = T("move.shiftK")
		}
		if c.Fingers() {
			out = append(out, T("move.climbOffer.touch", T("move."+o.Mode), o.Onto, o.Actions, o.Dice))
			continue
		}
		out = append(out, T("move.climbOffer", key, T("move."+o.Mode), o.Onto, o.Actions, o.Dice))
	}
	return out
}

// drawClimbSpots draws where each offer puts the leader.
func (t *moveTool) drawClimbSpots(c Context, screen *ebiten.Image, r float64, lw float32) {
	var ds []render.Disc
	seen := map[string]bool{}
	cam := c.Camera()
	for _, o := range t.climbOffers(c) {
		k := fmt.Sprint(o.X, o.Y)
		if seen[k] {
			continue
		}
		seen[k] = true
		x, y := cam.WorldToScreen(o.X, o.Y)
		ds = append(ds, render.Disc{X: float32(x), Y: float32(y), R: float32(cam.Length(r))})
	}
	render.Ghosts(screen, ds, render.LegalColor, 1.5*lw)
}

// climbKeys: K clambers, Shift+K climbs onto the first piece the leader may.
func (t *moveTool) climbKeys(c Context, in *Input) {
	if t.unit == "" || in.Ctrl || !in.KeyPressed(ebiten.KeyK) {
		return
	}
	mode := rules.Clamber
	if in.Shift {
		mode = rules.Climb
	}
	if err := t.climb(c, "", mode); err != nil {
		c.SetMessage(err.Error())
	}
}
