package army

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

// Two example army lists in the TTS format, offered to try the game without a list of one's own
// (and read by the tests on every platform, the browser included): an Imperial and a Rebel list
// of about 800 points. The Imperial one uses two names the catalog renamed since (an old title
// of the Imperial Officer, the Shoretroopers' heavy weapon under its old name).

//go:embed examples/*.json
var exampleFiles embed.FS

// Examples lists the example lists by name ("imperial-800", "rebel-800"), sorted.
func Examples() []string {
	entries, _ := fs.Glob(exampleFiles, "examples/*.json")
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(strings.TrimPrefix(e, "examples/"), ".json"))
	}
	sort.Strings(out)
	return out
}

// Example returns the named example list's bytes, and whether it exists.
func Example(name string) ([]byte, bool) {
	if name == "" || strings.ContainsAny(name, "/\\.") {
		return nil, false
	}
	b, err := exampleFiles.ReadFile("examples/" + name + ".json")
	return b, err == nil
}
