package ops

import "holotable/table"

// GameKeywords are the unit keywords of the game's moves and attacks in a unit.keywords op (its
// "game" field, the units panel's second block; D137): Schwerfällig (plodding), Agile X and
// Tactical X, which the move ops read with the activation's record (rules/move_keywords.go), and
// Cover X, Sharpshooter X, Low Profile, Armor (X; 0 for Armor without X), Immune: Blast and
// Immune: Pierce, which the attack assistant reads. A nil X is a keyword the unit lacks. Its json
// names are the file's keys (table.Keywords).
type GameKeywords struct {
	Plodding     bool     `op:"plodding,omitempty" json:"plodding"`
	Agile        *float64 `op:"agile" json:"agile"`
	Tactical     *float64 `op:"tactical" json:"tactical"`
	Cover        *float64 `op:"cover" json:"cover"`
	Sharpshooter *float64 `op:"sharpshooter" json:"sharpshooter"`
	LowProfile   bool     `op:"lowProfile,omitempty" json:"lowProfile"`
	Armor        *float64 `op:"armor" json:"armor"`
	ImmuneBlast  bool     `op:"immuneBlast,omitempty" json:"immuneBlast"`
	ImmunePierce bool     `op:"immunePierce,omitempty" json:"immunePierce"`
}

// gameKeywordsOf is k's game keywords as an op gives them.
func gameKeywordsOf(k table.Keywords) *GameKeywords {
	return &GameKeywords{Plodding: k.Plodding, Agile: xOf(k.Agile), Tactical: xOf(k.Tactical), Cover: xOf(k.Cover),
		Sharpshooter: xOf(k.Sharpshooter), LowProfile: k.LowProfile, Armor: xOf(k.Armor),
		ImmuneBlast: k.ImmuneBlast, ImmunePierce: k.ImmunePierce}
}

// xOf is a keyword's X as an op gives it: nil when the unit lacks the keyword.
func xOf(k table.KeywordX) *float64 {
	if !k.Has {
		return nil
	}
	x := k.X
	return &x
}

// apply sets g's keywords in k; a negative or non-finite X is refused naming its field
// ("game.agile").
func (g *GameKeywords) apply(k *table.Keywords) error {
	k.Plodding, k.LowProfile, k.ImmuneBlast, k.ImmunePierce = g.Plodding, g.LowProfile, g.ImmuneBlast, g.ImmunePierce
	for _, v := range []struct {
		name string
		x    *float64
		to   *table.KeywordX
	}{{"agile", g.Agile, &k.Agile}, {"tactical", g.Tactical, &k.Tactical}, {"cover", g.Cover, &k.Cover},
		{"sharpshooter", g.Sharpshooter, &k.Sharpshooter}, {"armor", g.Armor, &k.Armor}} {
		*v.to = table.KeywordX{}
		if v.x == nil {
			continue
		}
		if err := nonNegative("game."+v.name, *v.x); err != nil {
			return err
		}
		*v.to = table.KeywordX{Has: true, X: *v.x}
	}
	return nil
}
