package ops

import (
	"slices"
	"strconv"
	"sync"

	"holotable/rules"
	"holotable/table"
)

// State is what an op is planned against: a valid table file (as table.Load returns it, or a file
// an applied patch built) and its rules world, built on first use. Within a Log it also gives
// undo and redo the history and the author they act for. A State never changes its file; it is
// safe to share between goroutines.
type State struct {
	file *table.File
	// grid is the grid table beside the file (nil: none; D116): an swm.import op puts it there, a
	// table.import takes it away. The app shows it instead of the file while it is there.
	grid   *table.SWMFile
	wc     *worldCache
	log    *Log
	author string
}

// worldCache is the world of a file, built once, shared by the states of that file.
type worldCache struct {
	once  sync.Once
	world *rules.World
}

// NewState is the state of f, which must be valid (as table.Load returns it).
func NewState(f *table.File) *State { return &State{file: f, wc: &worldCache{}} }

// stateOf is the state of what a patch built.
func stateOf(d doc) *State { return &State{file: d.file, grid: d.grid, wc: &worldCache{}} }

// doc is what the state's patches apply to.
func (s *State) doc() doc { return doc{s.file, s.grid} }

// Grid is the grid table beside the file, or nil; treat it as read-only.
func (s *State) Grid() *table.SWMFile { return s.grid }

// File is the table file; treat it as read-only.
func (s *State) File() *table.File { return s.file }

// World is the rules world of the file, built on first use.
func (s *State) World() *rules.World {
	s.wc.once.Do(func() { s.wc.world = rules.NewWorld(s.file) })
	return s.wc.world
}

// in is s as the state an op of author is planned against in log l (same file, same world).
func (s *State) in(l *Log, author string) *State {
	return &State{file: s.file, grid: s.grid, wc: s.wc, log: l, author: author}
}

// piece finds the terrain piece id (field names it in a refusal).
func (s *State) piece(field, id string) (int, *table.Terrain, error) {
	if i := pieceAt(s.file, id); i >= 0 {
		return i, &s.file.Terrain[i], nil
	}
	return -1, nil, refuse(field, codeNoThing, CiteOps, thing("terrain piece"), id)
}

// unit finds the unit id.
func (s *State) unit(field, id string) (int, *table.Unit, error) {
	if i := unitAt(s.file, id); i >= 0 {
		return i, &s.file.UnitsOnTable[i], nil
	}
	return -1, nil, refuse(field, codeNoThing, CiteOps, thing("unit"), id)
}

// mini finds the mini id: its unit's index and its index in the unit.
func (s *State) mini(field, id string) (ui, mi int, err error) {
	for ui := range s.file.UnitsOnTable {
		if mi := miniAt(&s.file.UnitsOnTable[ui], id); mi >= 0 {
			return ui, mi, nil
		}
	}
	return -1, -1, refuse(field, codeNoThing, CiteOps, thing("mini"), id)
}

// UniqueID is stem-k for the least k ≥ 1 that no terrain piece, unit, mini or token of f uses.
// The game's ids (its reserve and defeated minis) count as used.
func UniqueID(f *table.File, stem string) string {
	game := append(f.Game.IDs(), f.CarriedIDs()...)
	for k := 1; ; k++ {
		id := stem + "-" + strconv.Itoa(k)
		if _, used := f.Lookup(id); !used && !slices.Contains(game, id) {
			return id
		}
	}
}
