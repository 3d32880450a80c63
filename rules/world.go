package rules

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"

	"holotable/geometry"
	"holotable/table"
)

// World is a loaded table prepared for questions: every terrain piece, mini and token with its
// footprint and volume, and an index of ids. Build it with NewWorld after table.Load; it reads the
// File and does not change it. Rebuild it after an edit.
//
// A World is safe to share between goroutines once NewWorld has returned: its questions only read
// it, and the one thing built on first use — each defender class's cover candidates — is built
// once under a sync.Once (TestWorldConcurrent runs under the race detector in ./build.sh test).
// The caches callers keep (EngagementCache, HeatMap) are their own and not shared.
type World struct {
	File    *table.File
	Terrain []*Piece
	Units   []*Unit
	Minis   []*Mini
	Tokens  []*Token
	byID    map[string]any
	// sight blockers, built once: solid terrain, then ground and repulsor minis.
	losVols  []geometry.Volume
	losIDs   []string
	losMinis []*Mini // the mini each volume belongs to (nil for terrain)
	// what may obscure, by defender class (trooper, creature, vehicle): built on first use
	cands [3]candidateList
}

// candidateList is one defender class's cover candidates, built once.
type candidateList struct {
	once sync.Once
	list []candidate
}

// Piece is a terrain piece with its footprint.
type Piece struct {
	*table.Terrain
	Index int
	Foot  geometry.Shape
	vol   geometry.Volume
	vols  []geometry.Volume // {vol}, kept so that candidates share it
	moves [3]table.Passage  // its movement class for trooper, ground, repulsor movers (ruleset applied)
}

// Volume is the piece's prism from its base to its top.
func (p *Piece) Volume() geometry.Volume { return p.vol }

// Unit is a unit with its minis; Leader is its one leader.
type Unit struct {
	*table.Unit
	Index  int
	Minis  []*Mini
	Leader *Mini
}

// Mini is one miniature with its base footprint.
type Mini struct {
	*table.Mini
	Unit *Unit
	Foot geometry.Shape // the base disc, top-down
	vols []geometry.Volume
	self []string // {ID}, shared by the reasons that name only this mini (read-only)
}

// ids is {m.ID}, one slice shared by every reason that names only this mini; it must not be
// changed.
func (m *Mini) ids() []string {
	if m.self == nil {
		return []string{m.ID}
	}
	return m.self
}

// Token is a token with its disc.
type Token struct {
	*table.Token
	Foot geometry.Shape
}

// terrainFoot is a piece's top-down footprint: its circle or its polygon.
func terrainFoot(t *table.Terrain) (geometry.Shape, error) {
	if t.Circle != nil {
		return geometry.Circle(r2.Point{X: t.Circle.X, Y: t.Circle.Y}, t.Circle.R), nil
	}
	pts := make([]r2.Point, len(t.Polygon))
	for k, p := range t.Polygon {
		pts[k] = r2.Point{X: p[0], Y: p[1]}
	}
	return geometry.NewPolygon(pts)
}

// NewWorld prepares f (which table.Load has validated) for questions.
func NewWorld(f *table.File) *World {
	w := &World{File: f, byID: map[string]any{}}
	for i := range f.Terrain {
		t := &f.Terrain[i]
		foot, err := terrainFoot(t)
		if err != nil {
			panic(fmt.Sprintf("rules: terrain %q passed table.Load but its polygon is invalid: %v", t.ID, err))
		}
		p := &Piece{Terrain: t, Index: i, Foot: foot, vol: geometry.Prism(foot, t.Base, t.Height)}
		p.vols = []geometry.Volume{p.vol}
		for k, c := range [3]table.Passage{t.Move.Trooper, t.Move.Ground, t.Move.Repulsor} {
			p.moves[k] = underRuleset(c, f.Ruleset)
		}
		w.Terrain = append(w.Terrain, p)
		w.byID[t.ID] = p
	}
	for i := range f.UnitsOnTable {
		tu := &f.UnitsOnTable[i]
		u := &Unit{Unit: tu, Index: i}
		for j := range tu.Minis {
			tm := &tu.Minis[j]
			m := &Mini{Mini: tm, Unit: u, Foot: geometry.Circle(r2.Point{X: tm.X, Y: tm.Y}, tm.Base/2), self: []string{tm.ID}}
			m.vols = m.volume(f.Profile.BaseThickness)
			u.Minis = append(u.Minis, m)
			if tm.Leader {
				u.Leader = m
			}
			w.Minis = append(w.Minis, m)
			w.byID[tm.ID] = m
		}
		w.Units = append(w.Units, u)
		w.byID[tu.ID] = u
	}
	for i := range f.Tokens {
		t := &f.Tokens[i]
		k := &Token{Token: t, Foot: geometry.Circle(r2.Point{X: t.X, Y: t.Y}, t.R)}
		w.Tokens = append(w.Tokens, k)
		w.byID[t.ID] = k
	}
	for _, p := range w.Terrain {
		if p.Kind == table.Solid {
			w.losVols, w.losIDs, w.losMinis = append(w.losVols, p.vol), append(w.losIDs, p.ID), append(w.losMinis, nil)
		}
	}
	for _, m := range w.Minis {
		if m.Unit.Type == table.Ground || m.Unit.Type == table.Repulsor {
			for _, v := range m.vols {
				w.losVols, w.losIDs, w.losMinis = append(w.losVols, v), append(w.losIDs, m.ID), append(w.losMinis, m)
			}
		}
	}
	return w
}

// Unit returns the unit with the given id, or an error sentence.
func (w *World) Unit(id string) (*Unit, error) {
	if u, ok := w.byID[id].(*Unit); ok {
		return u, nil
	}
	return nil, w.notA("unit", id)
}

// Mini returns the mini with the given id, or an error sentence.
func (w *World) Mini(id string) (*Mini, error) {
	if m, ok := w.byID[id].(*Mini); ok {
		return m, nil
	}
	return nil, w.notA("mini", id)
}

// Outline returns the top-down footprint of a mini, terrain piece or token, or an error sentence.
func (w *World) Outline(id string) (geometry.Shape, error) {
	switch v := w.byID[id].(type) {
	case *Mini:
		return v.Foot, nil
	case *Piece:
		return v.Foot, nil
	case *Token:
		return v.Foot, nil
	}
	return geometry.Shape{}, w.notA("mini, terrain piece or token", id)
}

func (w *World) notA(what, id string) error {
	switch w.byID[id].(type) {
	case *Unit:
		return fmt.Errorf("'%s' is a unit, not a %s", id, what)
	case *Mini:
		return fmt.Errorf("'%s' is a mini, not a %s", id, what)
	case *Piece:
		return fmt.Errorf("'%s' is a terrain piece, not a %s", id, what)
	case *Token:
		return fmt.Errorf("'%s' is a token, not a %s", id, what)
	}
	return fmt.Errorf("no %s '%s'", what, id)
}

// Centre is the mini's base centre, top-down.
func (m *Mini) Centre() r2.Point { return r2.Point{X: m.X, Y: m.Y} }

// Radius is the mini's base radius.
func (m *Mini) Radius() float64 { return m.Base / 2 }

// Eye is the mini's viewpoint: the highest point of the mini above its base centre
// (RRG 2.0 Sichtlinie L10162–10196).
func (m *Mini) Eye() r3.Vector { return r3.Vector{X: m.X, Y: m.Y, Z: m.Z + m.Height} }

// Volume is the space the mini fills: the cylinder over its base from its base bottom to its
// top; for a repulsor, the base disc (one base thickness) plus the body from its hover height
// up (the transparent stand between is not part of the mini). The slice must not be modified.
func (m *Mini) Volume() []geometry.Volume { return m.vols }

func (m *Mini) volume(baseThickness float64) []geometry.Volume {
	c, r := m.Centre(), m.Radius()
	if m.Unit.Type == table.Repulsor && m.Hover > baseThickness && m.Hover < m.Height {
		return []geometry.Volume{
			geometry.Cylinder(c, r, m.Z, m.Z+baseThickness),
			geometry.Cylinder(c, r, m.Z+m.Hover, m.Z+m.Height),
		}
	}
	return []geometry.Volume{geometry.Cylinder(c, r, m.Z, m.Z+m.Height)}
}

// DefenderClass is the class a unit takes cover as (a piece's cover is given per class):
// trooper (trooper and emplacement units), creature, or vehicle (ground and repulsor).
type DefenderClass int

// Defender classes.
const (
	TrooperClass DefenderClass = iota
	CreatureClass
	VehicleClass
)

var defenderClassWords = words[DefenderClass]{"DefenderClass", []string{"trooper", "creature", "vehicle"}, errors.New("a defender class is trooper, creature or vehicle")}

// String is "trooper", "creature" or "vehicle".
func (c DefenderClass) String() string { return defenderClassWords.str(c) }

// MarshalText writes the class's word.
func (c DefenderClass) MarshalText() ([]byte, error) { return defenderClassWords.marshal(c) }

// UnmarshalText reads the class's word.
func (c *DefenderClass) UnmarshalText(b []byte) error { return defenderClassWords.unmarshal(c, b) }

// MoverClass is the class a piece's movement is declared for: trooper (trooper, creature and
// emplacement units), ground or repulsor.
type MoverClass int

// Mover classes.
const (
	TrooperMover MoverClass = iota
	GroundMover
	RepulsorMover
)

var moverClassWords = words[MoverClass]{"MoverClass", []string{"trooper", "ground", "repulsor"}, errors.New("a mover class is trooper, ground or repulsor")}

// String is "trooper", "ground" or "repulsor".
func (c MoverClass) String() string { return moverClassWords.str(c) }

// MarshalText writes the class's word.
func (c MoverClass) MarshalText() ([]byte, error) { return moverClassWords.marshal(c) }

// UnmarshalText reads the class's word.
func (c *MoverClass) UnmarshalText(b []byte) error { return moverClassWords.unmarshal(c, b) }

// DefenderClass is the class u takes cover as.
func (u *Unit) DefenderClass() DefenderClass {
	switch u.Type {
	case table.Creature:
		return CreatureClass
	case table.Ground, table.Repulsor:
		return VehicleClass
	}
	return TrooperClass
}

// MoverClass is the class u moves through terrain as.
func (u *Unit) MoverClass() MoverClass {
	switch u.Type {
	case table.Ground:
		return GroundMover
	case table.Repulsor:
		return RepulsorMover
	}
	return TrooperMover
}

// coverFor is the cover a piece gives a defender class.
func coverFor(c table.CoverByClass, class DefenderClass) table.Cover {
	switch class {
	case CreatureClass:
		return c.Creature
	case VehicleClass:
		return c.Vehicle
	}
	return c.Trooper
}

// moveFor is a piece's movement class for a mover class.
func moveFor(m table.MoveByClass, class MoverClass) table.Passage {
	switch class {
	case GroundMover:
		return m.Ground
	case RepulsorMover:
		return m.Repulsor
	}
	return m.Trooper
}

// MoveClassFor is the movement class (open, difficult, impassable) of the piece for units of u's
// kind, under the file's ruleset: in Spezialeinsätze difficult terrain counts as open.
func (w *World) MoveClassFor(p *Piece, u *Unit) table.Passage {
	return underRuleset(moveFor(p.Move, u.MoverClass()), w.File.Ruleset)
}

// tol is the rules' tolerance for lengths that must be equal up to rounding (a path that reaches
// its end, a base that just fits): a thousandth of the profile's epsilon, so 1e-9 in by default
// and its exact conversion in a millimetre file (the same file in either unit gets the same
// answers). Rules lengths (range bands, contact) use the profile's epsilon itself.
func (w *World) tol() float64 { return w.File.Profile.Epsilon / 1000 }

// round4 rounds a length to 4 decimals, as answers are printed.
func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
