package ops

import (
	"reflect"

	"holotable/army"
	"holotable/rules"
	"holotable/table"
)

// KindGameImport imports an army list (the Tabletop Simulator list format that Legion HQ and
// Tabletop Admiral export, package army) into the game's reserve for one colour: its units off the
// table, ready to deploy, with their game records; the side's faction, points, hand and battle
// deck (army.AddTo). A name the catalog does not know is left out (the op applies with the rest);
// a list that cannot be read, names no known unit, or a colour that has an army already is refused.
const KindGameImport Kind = "game.import"

// GameImport imports List (the list file's text) for Colour as the side named Side.
type GameImport struct {
	Colour table.Colour `op:"colour"`
	Side   string       `op:"side"`
	List   string       `op:"list"`
}

func init() {
	Register[GameImport](KindGameImport)
	RegisterWords(map[string][2]string{"op.game.import": {"%s imports the army of %s", "%s importiert die Armee von %s"}})
}

func (o *GameImport) Kind() Kind { return KindGameImport }
func (o *GameImport) Describe() Words {
	return Words{Key: "op.game.import", Args: []any{colourWords(o.Colour), o.Side}}
}

// Army is the list of the op read and resolved against the catalog, or the refusal at "list".
func (o *GameImport) Army() (*army.Army, error) {
	if len(o.List) > army.MaxListBytes {
		return nil, refuse("list", codeGameList, rules.CiteGameFormat, "larger than the list limit")
	}
	a, err := army.Import([]byte(o.List))
	if err != nil {
		return nil, refuse("list", codeGameList, rules.CiteGameFormat, err.Error())
	}
	return a, nil
}

func (o *GameImport) Plan(s *State) (Patch, error) {
	if err := needColour("colour", o.Colour); err != nil {
		return Patch{}, err
	}
	if err := needActor(s, "colour", o.Colour); err != nil {
		return Patch{}, err
	}
	if g := s.File().Game; g != nil && g.Phase != table.PhaseSetup {
		return Patch{}, refuse("colour", codeGameRules, rules.CiteDeployAll, "the game has begun: armies are imported before round 1")
	}
	a, err := o.Army()
	if err != nil {
		return Patch{}, err
	}
	f := s.File()
	in := f
	if st := f.Setup; f.Game == nil && st != nil && (st.Blue != "" || st.Red != "") {
		// The setup names the sides: the new game's sides carry its names from the start (the
		// file wants them equal), the other side's before its army comes.
		n, _ := s.World().Rounds()
		c := *f
		c.Game = &table.Game{Round: 1, Rounds: n, Phase: table.PhaseSetup,
			Blue: table.GameSide{Side: st.Blue}, Red: table.GameSide{Side: st.Red}}
		in = &c
	}
	g, err := a.AddTo(in, o.Colour, o.Side)
	if err != nil {
		return Patch{}, refuse("side", codeGameList, rules.CiteGameFormat, err.Error())
	}
	if !reflect.DeepEqual(f.Profile, g.Profile) { // bases the profile lacked: the file changes
		return Patch{[]edit{&fileEdit{field: "list", from: f, to: g}}}, nil
	}
	return Patch{[]edit{&gameEdit{field: "list", from: f.Game, to: g.Game}}}, nil
}
