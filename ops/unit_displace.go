package ops

import (
	"slices"
	"strconv"
	"strings"

	"github.com/golang/geo/r2"

	"holotable/rules"
)

// KindUnitDisplace is a move that displaces troopers (RRG 2.0 Verdrängung L11342–11420;
// rules.World.DisplacingMove): a ground vehicle or creature moving through trooper minis, or a
// repulsor's compulsory move ending on them. The moving unit's leader ends where the rules say
// (its other minis placed by World.PlaceFollowers, notched ones facing as it), and every displaced
// mini is re-placed by the other player at Places — each checked in the order given by
// World.ReplaceSpot (a displaced leader within speed 1 of its old place and placed before its
// unit's others, the others in cohesion with it, never in base contact with an enemy), back on its
// own level. Places must name exactly the displaced minis. Each displaced unit gains 1 suppression:
// the rules' answer names the units, and when the table has a game state the op adds the tokens to
// their game records (rules.World.MoveAftermath), as it puts a compulsory move's wounds on the
// moving unit's minis.
const KindUnitDisplace Kind = "unit.displace"

// UnitDisplace is the move (as unit.maneuver's fields) and where the displaced minis go.
type UnitDisplace struct {
	Unit     string             `op:"unit"`
	Mode     rules.ManeuverMode `op:"mode"`
	Speed    int                `op:"speed,omitempty"`
	Bend     float64            `op:"bend"`
	Fraction *float64           `op:"fraction"`
	Places   []DisplacedPlace   `op:"places"`
	// WoundOrder and NewLeader: as unit.maneuver's, for a compulsory move that ends short.
	WoundOrder []string `op:"woundOrder,omitempty"`
	NewLeader  string   `op:"newLeader,omitempty"`
}

// DisplacedPlace is where one displaced mini is put back: its base centre.
type DisplacedPlace struct {
	Mini string  `op:"mini"`
	X    float64 `op:"x"`
	Y    float64 `op:"y"`
}

const (
	codeDisplaceQuery = "displace.query"
	codeDisplaceNone  = "displace.none"
	codeDisplaceList  = "displace.list"
)

func init() {
	Register[UnitDisplace](KindUnitDisplace)
	RegisterWords(map[string][2]string{
		"op.unit.displace":            {"%s moves, displacing troopers", "%s bewegt sich und verdrängt Truppler"},
		"reason." + codeDisplaceQuery: {"%s", "%s"},
		"reason." + codeDisplaceNone:  {"the move displaces no mini: make it as a move", "die Bewegung verdrängt keine Miniatur: als normale Bewegung ausführen"},
		"reason." + codeDisplaceList:  {"places must name each displaced mini once (%s), not %s", "places muss jede verdrängte Miniatur einmal nennen (%s), nicht %s"},
	})
}

func (o *UnitDisplace) Kind() Kind      { return KindUnitDisplace }
func (o *UnitDisplace) Describe() Words { return Words{Key: "op.unit.displace", Args: []any{o.Unit}} }

// Move is the op's move as a unit.maneuver.
func (o *UnitDisplace) Move() *UnitManeuver {
	return &UnitManeuver{Unit: o.Unit, Mode: o.Mode, Speed: o.Speed, Bend: o.Bend, Fraction: o.Fraction}
}

// Answer asks w for the move of the unit led by leader and what it displaces.
func (o *UnitDisplace) Answer(w *rules.World, leader string) (rules.ManeuverAnswer, rules.Displacement, error) {
	return w.DisplacingMove(o.Move().Query(leader), w.GameContacts())
}

// displacing is Answer's pair: the move and what it displaces.
type displacing struct {
	mv rules.ManeuverAnswer
	d  rules.Displacement
}

func (o *UnitDisplace) answer(w *rules.World, leader string) (displacing, error) {
	mv, d, err := o.Answer(w, leader)
	return displacing{mv, d}, err
}

func (o *UnitDisplace) Plan(s *State) (Patch, error) {
	pm, err := planMove(s, o.Unit, "mode", rules.MoveKind(o.Mode), codeDisplaceQuery, rules.CiteDisplace, o.answer,
		func(a displacing) (bool, []rules.Reason) { return a.mv.Legal, IllegalReasons(a.mv.MoveAnswer) })
	if err != nil {
		return Patch{}, err
	}
	u, ru, w, mv, d := pm.u, pm.ru, pm.w, pm.a.mv, pm.a.d
	if len(d.Minis) == 0 {
		return Patch{}, refuse("places", codeDisplaceNone, rules.CiteDisplace)
	}
	named := make([]string, len(o.Places))
	for i, p := range o.Places {
		named[i] = p.Mini
	}
	sorted := slices.Sorted(slices.Values(named))
	if !slices.Equal(sorted, d.Minis) {
		return Patch{}, refuse("places", codeDisplaceList, rules.CiteDisplacePlace, strings.Join(d.Minis, ", "), strings.Join(named, ", "))
	}
	// The other player's re-placing, on the table after the move.
	after := w.With(map[string]rules.MiniPlace{ru.Leader.ID: {X: mv.X, Y: mv.Y, Z: ru.Leader.Z, Facing: mv.Facing}})
	placed := map[string]r2.Point{}
	for i, p := range o.Places {
		at := r2.Point{X: p.X, Y: p.Y}
		a, err := after.ReplaceSpot(d, p.Mini, at, placed)
		if err != nil {
			return Patch{}, refuse("places["+strconv.Itoa(i)+"]", codeDisplaceQuery, rules.CiteDisplacePlace, err.Error())
		}
		if !a.Legal {
			return Patch{}, refuseWith("places["+strconv.Itoa(i)+"]", a.Reasons)
		}
		placed[p.Mini] = at
	}
	pl, err := w.PlaceFollowers(u.ID, r2.Point{X: mv.X, Y: mv.Y})
	if err != nil {
		return Patch{}, refuse("", codeDisplaceQuery, rules.CiteDisplace, err.Error())
	}
	var facing *float64
	if ru.Notched() {
		facing = &mv.Facing
	}
	p := movedUnit(u, mv.X, mv.Y, pl, facing)
	for _, dp := range o.Places {
		ui, mi, err := s.mini("places", dp.Mini)
		if err != nil {
			return Patch{}, err
		}
		du := &s.file.UnitsOnTable[ui]
		m := &du.Minis[mi]
		to := *m
		to.X, to.Y, to.Z = dp.X, dp.Y, d.Levels[dp.Mini]
		p.edits = append(p.edits, &miniEdit{unit: du.ID, at: mi, from: m, to: &to})
	}
	return withAftermath(s, p, aftermathOf(w, u, o.Mode, o.Speed, mv, o.WoundOrder, o.NewLeader, d.Units))
}
