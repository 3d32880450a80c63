package ops

import "holotable/table"

// A log can start on a grid table (D118): an online room made from a page showing a grid table
// has that grid table as its first file. The log's first state is then the grid beside GridBase,
// an empty Legion table, and its game record writes the grid as "grid" beside "first".

// gridBaseJSON is the Legion table beside a grid table a log starts on: an empty 6×3 ft table.
const gridBaseJSON = `{"format":"holotable/1","battlefield":{"width":72,"depth":36}}`

// GridBase is the empty Legion table a log started on a grid table holds beside it.
func GridBase() *table.File {
	f, err := table.Load([]byte(gridBaseJSON))
	if err != nil {
		panic("ops: the grid base table does not load: " + err.Error()) // a constant: cannot happen
	}
	return f
}

// NewLogOf starts a log on first with grid beside it (nil: none, as NewLog). Both must be valid.
func NewLogOf(first *table.File, grid *table.SWMFile) *Log {
	l := NewLog(first)
	if grid != nil {
		s := &State{file: first, grid: grid, wc: l.first.wc}
		l.first, l.cur = s, s
	}
	return l
}

// OpenLog starts a log on a table file's bytes: a Legion table (table.Load) as its first file, or
// a grid table (table.LoadSWM) beside GridBase. A fault is the loader's one line.
func OpenLog(data []byte) (*Log, error) {
	if r, err := table.RulesetOf(data); err == nil && r == table.RulesetSWM {
		g, err := table.LoadSWM(data)
		if err != nil {
			return nil, err
		}
		return NewLogOf(GridBase(), g), nil
	}
	f, err := table.Load(data)
	if err != nil {
		return nil, err
	}
	return NewLog(f), nil
}
