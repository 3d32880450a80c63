//go:build js && wasm

package main

import (
	"net/url"
	"strings"
	"syscall/js"

	"holotable/maps"
)

// funcs keeps the exported callbacks alive for the program's lifetime.
var funcs []js.Func

// installHook exposes window.holotable to the page and to tests:
//
//	ready    false until the first frame is drawn
//	state()  a JSON snapshot: frames, map, table, camera, screen, selected, units, …
//	fit()    fit the table to the window (as the F key does)
//	maps     the names of the built-in maps (load one with ?map=NAME)
func installHook(g *Game) {
	obj := js.Global().Get("Object").New()
	state := js.FuncOf(func(js.Value, []js.Value) any { return g.stateJSON() })
	fit := js.FuncOf(func(js.Value, []js.Value) any {
		g.fitRequested.Store(true)
		return nil
	})
	funcs = append(funcs, state, fit)
	names := js.Global().Get("Array").New()
	for _, n := range maps.Names() {
		names.Call("push", n)
	}
	obj.Set("ready", false)
	obj.Set("state", state)
	obj.Set("fit", fit)
	obj.Set("maps", names)
	js.Global().Set("holotable", obj)
}

func markReady() {
	js.Global().Get("holotable").Set("ready", true)
}

// requestedMap is the ?map= query parameter of the page, or "default".
func requestedMap() string {
	search := js.Global().Get("location").Get("search").String()
	q, err := url.ParseQuery(strings.TrimPrefix(search, "?"))
	if err == nil && q.Get("map") != "" {
		return q.Get("map")
	}
	return "default"
}
