package maps

import (
	"reflect"
	"sync"

	"holotable/table"
)

// Placement is what a built-in layout claims about the competitive terrain placement rule (RRG
// 2.0 Kompetitive Geländeplatzierung L1711–1717: each piece beyond range 1 of every other).
type Placement uint8

// The placements.
const (
	// Fixed: a layout drawn by hand for the app's examples and tests; it does not claim to obey
	// the competitive placement rule (the Terrain tool says so instead of a warning per piece).
	Fixed Placement = iota
	// Competitive: made with the Setup tool's terrain turns, every piece beyond range 1 of every
	// other (its test replays the turns).
	Competitive
)

// String is "fixed" or "competitive".
func (p Placement) String() string {
	if p == Competitive {
		return "competitive"
	}
	return "fixed"
}

// Layout describes one embedded table: its name (Get), its title in English and German, and
// what it claims about competitive placement.
type Layout struct {
	Name      string
	Title     [2]string
	Placement Placement
}

// Layouts are the embedded tables in the order the app offers them; every name is in Names.
var Layouts = []Layout{
	{Name: "default", Title: [2]string{"example table (fixed layout)", "Beispieltisch (fester Aufbau)"}, Placement: Fixed},
	{Name: "competitive", Title: [2]string{"competitive layout (made in Setup)", "kompetitiver Aufbau (im Aufbau erstellt)"}, Placement: Competitive},
	{Name: "skirmish", Title: [2]string{"Spezialeinsätze skirmish (fixed layout)", "Spezialeinsätze-Gefecht (fester Aufbau)"}, Placement: Fixed},
}

// LayoutNamed returns the layout with the given name.
func LayoutNamed(name string) (Layout, bool) {
	for _, l := range Layouts {
		if l.Name == name {
			return l, true
		}
	}
	return Layout{}, false
}

var (
	terrainOnce sync.Once
	terrainOf   map[string][]table.Terrain // each layout's terrain as table.Load reads it
)

// LayoutOf is the built-in layout whose terrain f has unchanged (same pieces in the same order,
// field for field, as table.Load reads the embedded file), and whether there is one: a table
// still showing a built-in layout's terrain. f must come from table.Load.
func LayoutOf(f *table.File) (Layout, bool) {
	terrainOnce.Do(func() {
		terrainOf = map[string][]table.Terrain{}
		for _, l := range Layouts {
			if g, err := table.Load(mustGet(l.Name)); err == nil {
				terrainOf[l.Name] = g.Terrain
			}
		}
	})
	if f == nil || len(f.Terrain) == 0 {
		return Layout{}, false
	}
	for _, l := range Layouts {
		if t, ok := terrainOf[l.Name]; ok && reflect.DeepEqual(t, f.Terrain) {
			return l, true
		}
	}
	return Layout{}, false
}
