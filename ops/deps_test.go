package ops

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestNoEbitengine: package ops (and so a server or the judge built on it) imports no Ebitengine
// package: `go list -deps` of it lists none.
func TestNoEbitengine(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("no go command under WebAssembly")
	}
	out, err := exec.Command("go", "list", "-deps", "holotable/ops").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "ebiten") {
			t.Errorf("ops depends on %s", p)
		}
	}
	if !strings.Contains(string(out), "holotable/rules") {
		t.Errorf("go list -deps gave no rules: %s", out)
	}
}
