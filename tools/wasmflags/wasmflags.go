// Package wasmflags holds the compiler flags main.wasm is built with (gcflags.txt), for the
// builds of build.sh and of the e2e tests, so that both build the same module.
package wasmflags

import (
	_ "embed"
	"strings"
)

//go:embed gcflags.txt
var gcflags string

// BuildArgs returns the go build arguments for main.wasm besides the output: -trimpath, the
// linker's -s -w and one -gcflags per line of gcflags.txt.
func BuildArgs() []string {
	args := []string{"-trimpath", "-ldflags=-s -w"}
	for _, line := range strings.Split(gcflags, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		args = append(args, "-gcflags="+line)
	}
	return args
}
