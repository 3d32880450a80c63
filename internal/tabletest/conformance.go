package tabletest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
)

// ConformanceTable is the table of the public judge case name (testdata/conformance/name, e.g.
// "30-maneuver-strafe-hover.json") without its queries: a table file for table.Load.
func ConformanceTable(name string) ([]byte, error) {
	_, here, _, _ := runtime.Caller(0)
	b, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "testdata", "conformance", name))
	if err != nil {
		return nil, err
	}
	var o map[string]json.RawMessage
	if err := json.Unmarshal(b, &o); err != nil {
		return nil, err
	}
	delete(o, "queries")
	return json.Marshal(o)
}
