package maps

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

// Grid tables of Star Wars Miniatures (ruleset "swm", docs/format-swm.md) are kept apart from the
// Legion tables above (maps/swm/*.json): they are read by table.LoadSWM, not table.Load, and the
// Legion app's map list (Names) does not offer them.

//go:embed swm/*.json
var swmFiles embed.FS

// SWMExample is the example grid table: two rooms with doors, terminals, rubble, a pit, energy
// columns, and the starter set's six figures at their short edges.
func SWMExample() []byte {
	b, ok := SWM("example")
	if !ok {
		panic("maps: missing embedded grid table example")
	}
	return b
}

// SWMNames lists the embedded grid tables by name (file name without ".json"), sorted.
func SWMNames() []string {
	entries, err := fs.Glob(swmFiles, "swm/*.json")
	if err != nil {
		panic(err) // the pattern is constant and valid
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(strings.TrimPrefix(e, "swm/"), ".json"))
	}
	sort.Strings(names)
	return names
}

// SWM returns a copy of the named grid table ("example"), and whether it exists.
func SWM(name string) ([]byte, bool) {
	name = strings.TrimSuffix(name, ".json")
	if name == "" || strings.ContainsAny(name, "/\\") {
		return nil, false
	}
	b, err := swmFiles.ReadFile("swm/" + name + ".json")
	if err != nil {
		return nil, false
	}
	return b, true
}
