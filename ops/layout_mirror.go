package ops

// KindLayoutMirror mirrors the whole layout — terrain, minis (their facings turned by 180°) and
// tokens — through the table's centre: point symmetry, as competitive layouts are. Done twice it
// gives the layout back.
const KindLayoutMirror Kind = "layout.mirror"

// LayoutMirror mirrors the layout; it has no fields.
type LayoutMirror struct{}

func init() {
	Register[LayoutMirror](KindLayoutMirror)
	RegisterWords(map[string][2]string{"op.layout.mirror": {"mirror the layout", "Aufbau spiegeln"}})
}

func (o *LayoutMirror) Kind() Kind      { return KindLayoutMirror }
func (o *LayoutMirror) Describe() Words { return Words{Key: "op.layout.mirror"} }

func (o *LayoutMirror) Plan(s *State) (Patch, error) {
	f := s.File()
	cx, cy := f.Battlefield.Width/2, f.Battlefield.Depth/2
	var p Patch
	for i := range f.Terrain {
		to := Mirrored(f.Terrain[i], cx, cy)
		p.edits = append(p.edits, &pieceEdit{field: index("terrain", i), at: i, from: &f.Terrain[i], to: &to})
	}
	for ui := range f.UnitsOnTable {
		u := &f.UnitsOnTable[ui]
		for mi := range u.Minis {
			m := &u.Minis[mi]
			to := *m
			to.X, to.Y = Clean(2*cx-m.X), Clean(2*cy-m.Y)
			to.Facing = MirrorFacing(m.Facing)
			p.edits = append(p.edits, &miniEdit{field: join(index("units", ui), index("minis", mi)), unit: u.ID, at: mi, from: m, to: &to})
		}
	}
	for i := range f.Tokens {
		k := &f.Tokens[i]
		to := *k
		to.X, to.Y = Clean(2*cx-k.X), Clean(2*cy-k.Y)
		p.edits = append(p.edits, &tokenEdit{field: index("tokens", i), at: i, from: k, to: &to})
	}
	return p, nil
}
