package wasmflags

import (
	"slices"
	"strings"
	"testing"
)

// TestBuildArgs: every line of gcflags.txt that is not a comment is one -gcflags argument that
// turns inlining off for a package pattern, and the hot packages are not among them.
func TestBuildArgs(t *testing.T) {
	args := BuildArgs()
	if !slices.Equal(args[:2], []string{"-trimpath", "-ldflags=-s -w"}) {
		t.Fatalf("args start %q", args[:2])
	}
	if len(args) < 10 {
		t.Fatalf("only %d args: %q", len(args), args)
	}
	for _, a := range args[2:] {
		pattern, ok := strings.CutPrefix(a, "-gcflags=")
		if !ok || !strings.HasSuffix(pattern, "=-l") || strings.ContainsAny(pattern, " \t#") {
			t.Errorf("%q is not -gcflags=PATTERN=-l", a)
		}
		pkg := strings.TrimSuffix(pattern, "=-l")
		for _, hot := range []string{"all", "std", "runtime", "math", "holotable/geometry", "holotable/rules", "holotable/render", "holotable/...", "github.com/hajimehoshi/..."} {
			if pkg == hot {
				t.Errorf("%q turns inlining off for hot code (%s)", a, hot)
			}
		}
	}
}
