//go:build js && wasm

package main

import (
	"net/url"
	"strings"
	"syscall/js"

	"holotable/maps"
	"holotable/ops"
	"holotable/scenes"
	"holotable/table"
)

// funcs keeps the exported callbacks alive for the program's lifetime.
var funcs []js.Func

// installHook exposes window.holotable to the page and to tests:
//
//	ready    false until the first frame is drawn
//	state()  a JSON snapshot: frames, map, table, camera, screen, selected, units, …
//	fit()    fit the table to the window (as the F key does)
//	maps     the names of the built-in maps (load one with ?map=NAME)
//	command(name, arg)  run a scene command (undo, redo, tool, import, export, …); a Promise of
//	         {ok, result} or {ok: false, error}
//	resetFrameTimes()  start the state's frameTimes (Update+Draw ms per frame) afresh
//	limits   {fileBytes, linkChars, recordBytes}: the largest table file, share link and game
//	         record the app takes
func installHook(g *Game) {
	obj := js.Global().Get("Object").New()
	state := js.FuncOf(func(js.Value, []js.Value) any { return g.stateJSON() })
	fit := js.FuncOf(func(js.Value, []js.Value) any {
		g.fitRequested.Store(true)
		return nil
	})
	// command(name, arg) queues a command for the game loop and returns a Promise of its reply
	// {ok, result} or {ok: false, error} (as an object).
	command := js.FuncOf(func(_ js.Value, args []js.Value) any {
		name := ""
		var arg []byte
		if len(args) > 0 {
			name = args[0].String()
		}
		if len(args) > 1 && !args[1].IsUndefined() {
			arg = []byte(js.Global().Get("JSON").Call("stringify", args[1]).String())
		}
		var resolve js.Value
		executor := js.FuncOf(func(_ js.Value, a []js.Value) any {
			resolve = a[0]
			return nil
		})
		promise := js.Global().Get("Promise").New(executor)
		executor.Release()
		g.enqueue(pending{name: name, arg: arg, done: func(reply string) {
			resolve.Invoke(js.Global().Get("JSON").Call("parse", reply))
		}})
		return promise
	})
	resetFrameTimes := js.FuncOf(func(js.Value, []js.Value) any {
		g.clock.reset()
		g.mu.Lock()
		g.stateChanged()
		g.mu.Unlock()
		return nil
	})
	funcs = append(funcs, state, fit, command, resetFrameTimes)
	obj.Set("resetFrameTimes", resetFrameTimes)
	obj.Set("command", command)
	names := js.Global().Get("Array").New()
	for _, n := range maps.Names() {
		names.Call("push", n)
	}
	limits := js.Global().Get("Object").New()
	limits.Set("fileBytes", table.MaxFileBytes)
	limits.Set("linkChars", scenes.MaxShareLink)
	limits.Set("recordBytes", ops.MaxRecordBytes)
	obj.Set("limits", limits)
	obj.Set("ready", false)
	obj.Set("state", state)
	obj.Set("fit", fit)
	obj.Set("maps", names)
	js.Global().Set("holotable", obj)
}

func markReady() {
	js.Global().Get("holotable").Set("ready", true)
}

// mark puts a named point of the start into the page's performance timeline (User Timing:
// performance.getEntriesByName("holotable:main") …), beside index.html's "holotable:compiled";
// TestUIFirstLoad logs them for the warm reloads (docs/performance.md).
// A page without the User Timing API loses the marks, not the start: mark never panics (main
// calls it outside safely).
func mark(name string) {
	defer func() { _ = recover() }()
	if p := js.Global().Get("performance"); p.Truthy() && p.Get("mark").Type() == js.TypeFunction {
		p.Call("mark", "holotable:"+name)
	}
}

// Where the game is autosaved in the browser's localStorage: gameKey holds the game record (the
// first table and every op since: the table and its undo history survive a reload); tableKey
// holds a table file, as the app saved it before it recorded games, and still does when the
// record does not fit.
const (
	gameKey  = "holotable.game"
	tableKey = "holotable.table"
)

// autosave stores the game record after every change; when the browser refuses it (the storage
// is full), the table file alone, without its history. It returns why it could store neither —
// the storage is full (a QuotaExceededError) or refused — instead of panicking with the page's
// exception.
func autosave(record []byte, tableJSON func() []byte) error {
	return safely(func() {
		ls := js.Global().Get("localStorage")
		if ls.IsUndefined() || ls.IsNull() {
			return
		}
		if safely(func() { ls.Call("setItem", gameKey, string(record)) }) == nil {
			ls.Call("removeItem", tableKey)
			return
		}
		ls.Call("removeItem", gameKey)
		ls.Call("setItem", tableKey, string(tableJSON()))
	})
}

// restore is the autosaved game record (isRecord) or table file, or nil (also when the storage
// cannot be read).
func restore() (data []byte, isRecord bool) {
	_ = safely(func() {
		ls := js.Global().Get("localStorage")
		if ls.IsUndefined() || ls.IsNull() {
			return
		}
		for _, k := range []string{gameKey, tableKey} {
			if v := ls.Call("getItem", k); !v.IsNull() && !v.IsUndefined() {
				data, isRecord = []byte(v.String()), k == gameKey
				return
			}
		}
	})
	return data, isRecord
}

// mapRequested reports whether the page named a map (?map=), which then wins over the autosave.
func mapRequested() bool {
	search := js.Global().Get("location").Get("search").String()
	q, err := url.ParseQuery(strings.TrimPrefix(search, "?"))
	return err == nil && q.Get("map") != ""
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

// takeFragment returns the page's URL fragment when it carries a shared table (#t=…) and removes
// it from the address, so that a reload shows the autosaved table (with any edits since) instead
// of importing the link again.
func takeFragment() string {
	loc := js.Global().Get("location")
	hash := loc.Get("hash").String()
	if !strings.HasPrefix(hash, "#t=") && !strings.Contains(hash, "&t=") {
		return ""
	}
	if h := js.Global().Get("history"); h.Truthy() {
		h.Call("replaceState", js.Null(), "", loc.Get("pathname").String()+loc.Get("search").String())
	}
	return hash
}
