package ops

import (
	"math"

	"holotable/table"
)

// KindUnitKeywords sets the keywords of a unit that the moves' rules read and the arc lines of its
// notched bases (the units panel; spec scenario-v1 v1.1 "New unit fields", table.Keywords): Speeder
// X, Hover (ground or Air X), side notches, Full Pivot, Expert Climber, Jump X, a melee weapon,
// Transport X, Reposition, Weak Point X: Rear/Sides (read by the arcs and the attack assistant,
// docs/format-moves.md), and the arcs. The op gives the whole set: a keyword it leaves out is one
// the unit lacks afterwards. With "game" it sets the game's keywords as a whole set too
// (GameKeywords: Schwerfällig, Agile X, Tactical X, Cover X, Armor, …); without it they are kept,
// as are keys this version does not know. Arcs left out are the default arc lines
// (table.DefaultArcs).
const KindUnitKeywords Kind = "unit.keywords"

// UnitKeywords sets Unit's moves' keywords and arcs; see KindUnitKeywords. Its json names are
// its op names (the page's units panel sends and reads it as JSON).
type UnitKeywords struct {
	Unit          string            `op:"unit" json:"unit"`
	Speeder       *float64          `op:"speeder" json:"speeder"`
	Hover         string            `op:"hover,omitempty" json:"hover"`   // "ground" or "air"; "" none
	HoverX        float64           `op:"hoverX,omitempty" json:"hoverX"` // X of Hover: Air X
	SideNotches   bool              `op:"sideNotches,omitempty" json:"sideNotches"`
	FullPivot     bool              `op:"fullPivot,omitempty" json:"fullPivot"`
	ExpertClimber bool              `op:"expertClimber,omitempty" json:"expertClimber"`
	Jump          *float64          `op:"jump" json:"jump"`
	MeleeWeapon   bool              `op:"meleeWeapon,omitempty" json:"meleeWeapon"`
	Transport     *TransportKeyword `op:"transport" json:"transport"`
	Reposition    bool              `op:"reposition,omitempty" json:"reposition"`
	Arcs          *table.Arcs       `op:"arcs" json:"arcs"`
	// WeakRear and WeakSides are the X of Weak Point X: Rear and Sides (0: none).
	WeakRear  int `op:"weakRear,omitempty" json:"weakRear"`
	WeakSides int `op:"weakSides,omitempty" json:"weakSides"`
	// Game sets the unit's game keywords too (unit_keywords_game.go); nil keeps them as they are.
	Game *GameKeywords `op:"game" json:"game"`
}

// TransportKeyword is Transport X in an op: its capacity X (≥ 1), open or closed, light or not
// (table.Transport).
type TransportKeyword struct {
	Capacity int  `op:"capacity" json:"capacity"`
	Open     bool `op:"open,omitempty" json:"open"`
	Light    bool `op:"light,omitempty" json:"light"`
}

const codeKeywordValue = "keywords.value"

func init() {
	Register[UnitKeywords](KindUnitKeywords)
	RegisterWords(map[string][2]string{
		"op.unit.keywords":           {"keywords of %s", "Schlüsselwörter von %s"},
		"reason." + codeKeywordValue: {"%s", "%s"},
	})
}

func (o *UnitKeywords) Kind() Kind      { return KindUnitKeywords }
func (o *UnitKeywords) Describe() Words { return Words{Key: "op.unit.keywords", Args: []any{o.Unit}} }

// KeywordsOf is the op that sets u's moves' keywords and arcs as they are (the units panel starts
// from it and changes one).
func KeywordsOf(u *table.Unit) *UnitKeywords {
	k := u.Keywords
	o := &UnitKeywords{Unit: u.ID, SideNotches: k.SideNotches, FullPivot: k.FullPivot, ExpertClimber: k.ExpertClimber,
		MeleeWeapon: k.MeleeWeapon, Reposition: k.Reposition, WeakRear: k.WeakPoint.Rear, WeakSides: k.WeakPoint.Sides,
		Game: gameKeywordsOf(k)}
	if k.Speeder.Has {
		o.Speeder = &k.Speeder.X
	}
	switch k.Hover.Kind {
	case table.HoverGround:
		o.Hover = "ground"
	case table.HoverAir:
		o.Hover, o.HoverX = "air", k.Hover.X
	}
	if k.Jump.Has {
		o.Jump = &k.Jump.X
	}
	if k.Transport.Capacity > 0 {
		o.Transport = &TransportKeyword{k.Transport.Capacity, k.Transport.Open, k.Transport.Light}
	}
	if u.Arcs != (table.Arcs{}) {
		a := u.Arcs
		o.Arcs = &a
	}
	return o
}

// nonNegative refuses a keyword's X that is not a finite number ≥ 0.
func nonNegative(field string, x float64) error {
	if !(x >= 0) || math.IsInf(x, 0) {
		return refuse(field, codeKeywordValue, CiteFormat, field+" must be a number ≥ 0")
	}
	return nil
}

func (o *UnitKeywords) Plan(s *State) (Patch, error) {
	ui, u, err := s.unit("unit", o.Unit)
	if err != nil {
		return Patch{}, err
	}
	k := u.Keywords
	k.SideNotches, k.FullPivot, k.ExpertClimber, k.MeleeWeapon, k.Reposition =
		o.SideNotches, o.FullPivot, o.ExpertClimber, o.MeleeWeapon, o.Reposition
	k.Speeder, k.Jump, k.Hover, k.Transport = table.KeywordX{}, table.KeywordX{}, table.Hover{}, table.Transport{}
	if o.Speeder != nil {
		if err := nonNegative("speeder", *o.Speeder); err != nil {
			return Patch{}, err
		}
		k.Speeder = table.KeywordX{Has: true, X: *o.Speeder}
	}
	if o.Jump != nil {
		if err := nonNegative("jump", *o.Jump); err != nil {
			return Patch{}, err
		}
		k.Jump = table.KeywordX{Has: true, X: *o.Jump}
	}
	switch o.Hover {
	case "":
	case "ground":
		k.Hover.Kind = table.HoverGround
	case "air":
		if err := nonNegative("hoverX", o.HoverX); err != nil {
			return Patch{}, err
		}
		k.Hover = table.Hover{Kind: table.HoverAir, X: o.HoverX}
	default:
		return Patch{}, refuse("hover", codeKeywordValue, CiteFormat, `hover must be "ground" or "air", not "`+o.Hover+`"`)
	}
	if o.HoverX != 0 && o.Hover != "air" {
		return Patch{}, refuse("hoverX", codeKeywordValue, CiteFormat, `hoverX is the X of Hover: Air X: give it with hover "air"`)
	}
	if o.Transport != nil {
		if o.Transport.Capacity < 1 {
			return Patch{}, refuse("transport", codeKeywordValue, CiteFormat, "transport capacity must be at least 1")
		}
		k.Transport = table.Transport{Capacity: o.Transport.Capacity, Open: o.Transport.Open, Light: o.Transport.Light}
	}
	if o.WeakRear < 0 || o.WeakSides < 0 {
		field := "weakRear"
		if o.WeakRear >= 0 {
			field = "weakSides"
		}
		return Patch{}, refuse(field, codeKeywordValue, CiteFormat, field+" must be 0 (none) or the X of Weak Point X, at least 1")
	}
	k.WeakPoint = table.WeakPoint{Rear: o.WeakRear, Sides: o.WeakSides}
	if o.Game != nil {
		if err := o.Game.apply(&k); err != nil {
			return Patch{}, err
		}
	}
	to := *u
	to.Keywords = k
	to.Arcs = table.Arcs{}
	if o.Arcs != nil {
		to.Arcs = *o.Arcs
	}
	var p Patch
	p.edits = append(p.edits, &unitEdit{field: "unit", at: ui, from: u, to: &to})
	return p, nil
}
