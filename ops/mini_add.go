package ops

import "holotable/table"

// KindMiniAdd adds a mini to a unit (a model joining it); its id not yet used in the file. A second
// leader is refused as the table file refuses it.
const KindMiniAdd Kind = "mini.add"

// MiniAdd appends Mini to Unit's minis.
type MiniAdd struct {
	Unit string     `op:"unit"`
	Mini table.Mini `op:"mini"`
}

func init() {
	Register[MiniAdd](KindMiniAdd)
	RegisterWords(map[string][2]string{"op.mini.add": {"add %s to %s", "%s zu %s hinzufügen"}})
}

func (o *MiniAdd) Kind() Kind { return KindMiniAdd }
func (o *MiniAdd) Describe() Words {
	return Words{Key: "op.mini.add", Args: []any{o.Mini.ID, o.Unit}}
}

func (o *MiniAdd) Plan(s *State) (Patch, error) {
	_, u, err := s.unit("unit", o.Unit)
	if err != nil {
		return Patch{}, err
	}
	m := o.Mini
	return Patch{[]edit{&miniEdit{field: "mini", unit: u.ID, at: len(u.Minis), to: &m}}}, nil
}
