//go:build !(js && wasm)

package main

import (
	"flag"
	"strings"

	"holotable/maps"
)

var mapFlag = flag.String("map", "default", "built-in map to show: "+strings.Join(maps.Names(), ", "))

func installHook(*Game) {}

func markReady() {}

func mark(string) {}

func requestedMap() string {
	flag.Parse()
	return *mapFlag
}

// mapRequested: natively there is no saved table to prefer over the map flag.
func mapRequested() bool { return true }

// autosave keeps nothing natively.
func autosave([]byte, func() []byte) error { return nil }

// restore has nothing natively.
func restore() ([]byte, bool) { return nil, false }

// takeFragment: natively there is no page address with a share link.
func takeFragment() string { return "" }
