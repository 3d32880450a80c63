package ops

// KindMiniDelete removes a mini from its unit (a casualty). A unit's leader and its last mini are
// refused as the table file refuses a unit without a leader or without minis: delete the unit, or
// name another leader first.
const KindMiniDelete Kind = "mini.delete"

// MiniDelete removes Mini.
type MiniDelete struct {
	Mini string `op:"mini"`
}

func init() {
	Register[MiniDelete](KindMiniDelete)
	RegisterWords(map[string][2]string{"op.mini.delete": {"delete %s", "%s löschen"}})
}

func (o *MiniDelete) Kind() Kind      { return KindMiniDelete }
func (o *MiniDelete) Describe() Words { return Words{Key: "op.mini.delete", Args: []any{o.Mini}} }

func (o *MiniDelete) Plan(s *State) (Patch, error) {
	ui, mi, err := s.mini("mini", o.Mini)
	if err != nil {
		return Patch{}, err
	}
	u := &s.File().UnitsOnTable[ui]
	return Patch{[]edit{&miniEdit{field: "mini", unit: u.ID, at: mi, from: &u.Minis[mi]}}}, nil
}
