// Package maps embeds holotable's built-in table files (format holotable/1, see
// shared/spec/scenario-v1.md): the default Legion layout and a Spezialeinsätze skirmish table.
// It only hands out bytes; parsing and validation belong to package table.
package maps

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.json
var files embed.FS

// Default is the default 72×36 Legion table with two forces deployed.
func Default() []byte { return mustGet("default") }

// Skirmish is a 36×36 Spezialeinsätze ("specops") table with small forces.
func Skirmish() []byte { return mustGet("skirmish") }

// Names lists the embedded maps by name (file name without ".json"), sorted.
func Names() []string {
	entries, err := fs.Glob(files, "*.json")
	if err != nil {
		panic(err) // the pattern is constant and valid
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e, ".json"))
	}
	sort.Strings(names)
	return names
}

// Get returns a copy of the named map ("default", or "default.json"), and whether it exists.
func Get(name string) ([]byte, bool) {
	name = strings.TrimSuffix(name, ".json")
	if name == "" || strings.ContainsAny(name, "/\\") {
		return nil, false
	}
	b, err := files.ReadFile(name + ".json")
	if err != nil {
		return nil, false
	}
	return b, true
}

func mustGet(name string) []byte {
	b, ok := Get(name)
	if !ok {
		panic("maps: missing embedded map " + name)
	}
	return b
}
