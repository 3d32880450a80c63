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

func requestedMap() string {
	flag.Parse()
	return *mapFlag
}
