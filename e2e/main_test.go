//go:build !js

package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain runs the browser tests and stops the browser and removes the judge they shared (sharedBrowser, judge).
func TestMain(m *testing.M) {
	code := m.Run()
	stopSharedBrowser()
	if judgeBin != "" {
		os.RemoveAll(filepath.Dir(judgeBin))
	}
	os.Exit(code)
}
