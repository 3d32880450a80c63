//go:build !js

package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain runs the browser tests and removes the judge they shared (judge).
func TestMain(m *testing.M) {
	code := m.Run()
	if judgeBin != "" {
		os.RemoveAll(filepath.Dir(judgeBin))
	}
	os.Exit(code)
}
