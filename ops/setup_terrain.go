package ops

import (
	"holotable/rules"
	"holotable/table"
)

// KindSetupTerrain is one turn of competitive terrain placement (setup steps 2–3, RRG 2.0
// L1711–1717): the player whose turn it is places a piece — a new one, or one of the table's
// (the same id) moved — beyond range 1 of every other piece; within range 1 only as the rule's
// fallback, which the player must ask for; never touching another (World.TerrainTurn). Whose turn
// it is is the setup's (rules.SetupState); on the first turn either player may begin.
const KindSetupTerrain Kind = "setup.terrain"

// SetupTerrain places Piece for Colour ("blue" or "red"); Fallback accepts a place the rule
// allows only as its fallback.
type SetupTerrain struct {
	Colour   table.Colour  `op:"colour"`
	Piece    table.Terrain `op:"piece"`
	Fallback bool          `op:"fallback,omitempty"`
}

func init() {
	Register[SetupTerrain](KindSetupTerrain)
	RegisterWords(map[string][2]string{"op.setup.terrain": {"%s places %s", "%s platziert %s"}})
}

func (o *SetupTerrain) Kind() Kind { return KindSetupTerrain }
func (o *SetupTerrain) Describe() Words {
	return Words{Key: "op.setup.terrain", Args: []any{colourWords(o.Colour), o.Piece.ID}}
}

func (o *SetupTerrain) Plan(s *State) (Patch, error) {
	if err := needPhase(s, table.PhaseTerrain); err != nil {
		return Patch{}, err
	}
	f := s.File()
	if f.Setup.Blue == "" || f.Setup.Red == "" {
		return Patch{}, refuse("", codeNeedColours, rules.CiteSides)
	}
	if err := needColour("colour", o.Colour); err != nil {
		return Patch{}, err
	}
	if turn := rules.SetupState(s.World()).Turn; turn != table.NoColour && turn != o.Colour {
		return Patch{}, refuse("colour", codeNotYourTurn, rules.CiteTerrainTurns, colourWords(turn), colourWords(o.Colour))
	}
	p := CopyPiece(o.Piece)
	c, err := rules.NewWorld(WithPiece(f, p)).TerrainTurn(o.Colour, p.ID)
	if err != nil {
		return Patch{}, refuse("piece", codeRules, rules.CiteTerrainTurns, err.Error())
	}
	if !c.OK && !(o.Fallback && c.Fallback) {
		return Patch{}, refuseWith("piece", c.Faults())
	}
	var pe edit
	if i := pieceAt(f, p.ID); i >= 0 {
		pe = &pieceEdit{field: "piece", at: i, from: &f.Terrain[i], to: &p}
	} else {
		pe = &pieceEdit{field: "piece", at: len(f.Terrain), to: &p}
	}
	return Patch{[]edit{pe, changeSetup(f, func(st *table.Setup) {
		st.TerrainTurns = append(st.TerrainTurns, table.TerrainTurn{Colour: o.Colour, Piece: p.ID})
	})}}, nil
}
