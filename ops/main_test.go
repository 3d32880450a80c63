package ops

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"testing"
)

// TestMain checks, after a full run (no -run), that the tests applied every registered kind and
// saw every kind refused, except the kinds that have nothing to refuse once decoded (layout.mirror
// takes no fields; its decoder refuses any).
func TestMain(m *testing.M) {
	code := m.Run()
	// (Not as WebAssembly: the whole game, which applies most game kinds, is skipped there.)
	if f := flag.Lookup("test.run"); code == 0 && f != nil && f.Value.String() == "" && runtime.GOOS != "js" {
		for _, k := range Kinds() {
			v := kindsTested[k]
			if !v[0] {
				fmt.Printf("FAIL: no test applies kind %s\n", k)
				code = 1
			}
			if !v[1] && k != KindLayoutMirror {
				fmt.Printf("FAIL: no test refuses kind %s\n", k)
				code = 1
			}
		}
	}
	os.Exit(code)
}
