package ops

import "holotable/table"

// KindSWMImport puts a grid table beside the table file (a grid table opened, dropped, shared or
// made new), replacing the grid table there was; undone, the one before (or none) comes back.
// A table.import takes the grid table away again (D116).
const KindSWMImport Kind = "swm.import"

// SWMImport opens Table, a valid grid table (as table.LoadSWM returns it).
type SWMImport struct {
	Table *table.SWMFile `op:"table"`
}

func init() {
	Register[SWMImport](KindSWMImport)
	RegisterWords(map[string][2]string{"op.swm.import": {"open a grid table", "Rastertisch öffnen"}})
}

func (o *SWMImport) Kind() Kind      { return KindSWMImport }
func (o *SWMImport) Describe() Words { return Words{Key: "op.swm.import"} }

func (o *SWMImport) Plan(s *State) (Patch, error) {
	if o.Table == nil {
		return Patch{}, formatFault("table", "missing")
	}
	if err := table.CheckSWM(o.Table); err != nil {
		return Patch{}, tableFault("table", err)
	}
	return Patch{[]edit{&gridEdit{field: "table", part: gridWhole, from: s.grid, to: o.Table}}}, nil
}
