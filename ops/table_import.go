package ops

import "holotable/table"

// KindTableImport replaces the whole table with another file (a file opened or dropped, a share
// link, a new empty table): undone, the table before comes back as it was. It also takes away a
// grid table beside the file (swm.import, D116), which an undo puts back.
const KindTableImport Kind = "table.import"

// TableImport replaces the table with Table (a valid file, as table.Load returns it).
type TableImport struct {
	Table *table.File `op:"table"`
	// loaded is Table when ImportLoaded made the op: the file as table.Load returned it, whose
	// check Plan then does not repeat. Not part of the op's JSON.
	loaded *table.File
}

// ImportLoaded is the op that imports f, which table.Load has just returned and nobody has changed
// since: Load's check is the check, so Plan does not write and read f again (issue 18: that was
// two thirds of the op's cost for the largest file, a tick of the app's import on its own).
func ImportLoaded(f *table.File) *TableImport { return &TableImport{Table: f, loaded: f} }

func init() {
	Register[TableImport](KindTableImport)
	RegisterWords(map[string][2]string{"op.table.import": {"import", "Import"}})
}

func (o *TableImport) Kind() Kind      { return KindTableImport }
func (o *TableImport) Describe() Words { return Words{Key: "op.table.import"} }

func (o *TableImport) Plan(s *State) (Patch, error) {
	if o.Table == nil {
		return Patch{}, formatFault("table", "missing")
	}
	if o.Table != o.loaded {
		if _, err := table.Save(o.Table); err != nil { // Save loads what it writes: a full check
			return Patch{}, tableFault("table", err)
		}
	}
	p := Patch{[]edit{&fileEdit{field: "table", from: s.File(), to: o.Table}}}
	if s.grid != nil { // a Legion table opened takes the grid table away (D116)
		p.edits = append(p.edits, &gridEdit{field: "table", part: gridWhole, from: s.grid})
	}
	return p, nil
}
