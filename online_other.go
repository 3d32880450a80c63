//go:build !(js && wasm)

package main

// startOnline: natively there is no page address with a room's link.
func startOnline(*Game) {}

// onlineTick: natively there is no online table.
func (g *Game) onlineTick() {}
