//go:build js && wasm

package main

import (
	"encoding/json"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall/js"
	"time"

	"holotable/protocol"
	"holotable/scenes"
)

// The online table's connection (docs/protocol.md), through the browser's own WebSocket (D61).
// A page whose address carries a seat's link (#room=ID&key=KEY) joins that room: the table shown
// becomes the room's (scenes.Online), its ops go to the server and the others' come back. When the
// connection drops the page keeps working (ops queue, the page says it is offline) and reconnects
// with the last entry it has, at once when the browser says it is online again, else after a
// growing wait (up to 5 s). The socket's callbacks only queue what arrives; the game loop applies
// it (onlineTick), as it runs the page's commands.

// onlineConn is the page's connection to a room.
type onlineConn struct {
	room, key string
	wsURL     string

	mu     sync.Mutex // guards inbox, open, ws, state (the socket's callbacks run beside the loop)
	inbox  []*protocol.Server
	closed bool // a close since the loop last looked
	open   bool
	ws     js.Value
	state  string // the page hook's online() JSON
	final  bool   // the server refused the link for good: no reconnect
	wait   time.Duration
	after  uint64 // the last entry the page has (the loop's session's After)
	// queueRev is the session's QueueRev when its queue was last kept in localStorage, queueErr
	// whether keeping it failed (said once).
	queueRev int
	queueErr bool

	sess *scenes.Online // the game loop's
}

// online is the page's room connection, nil until the page has a room's link.
var online atomic.Pointer[onlineConn]

// onlineLink is the room and key of the page's address (#room=ID&key=KEY), if it has them.
func onlineLink() (room, key string, ok bool) {
	hash := strings.TrimPrefix(js.Global().Get("location").Get("hash").String(), "#")
	q, err := url.ParseQuery(hash)
	if err != nil || q.Get("room") == "" || q.Get("key") == "" {
		return "", "", false
	}
	return q.Get("room"), q.Get("key"), true
}

// startOnline installs window.holotable.online() — the session's state as JSON ("null" when the
// page is in no room) — and window.holotable.joinLink() — join the room of the page's address now
// (the page calls it when only the address's fragment changed; false when the page is in a room
// already or the address has no link) — and joins the room of the page's link, if it has one.
func startOnline(*Game) {
	hook := js.FuncOf(func(js.Value, []js.Value) any {
		c := online.Load()
		if c == nil {
			return "null"
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.state
	})
	join := js.FuncOf(func(js.Value, []js.Value) any { return joinLink() })
	funcs = append(funcs, hook, join)
	js.Global().Get("holotable").Set("online", hook)
	js.Global().Get("holotable").Set("joinLink", join)
	joinLink()
}

// joinLink joins the room of the page's address, unless the page is in one already.
func joinLink() bool {
	room, key, ok := onlineLink()
	if !ok || online.Load() != nil {
		return false
	}
	loc := js.Global().Get("location")
	scheme := "ws://"
	if loc.Get("protocol").String() == "https:" {
		scheme = "wss://"
	}
	c := &onlineConn{room: room, key: key, wsURL: scheme + loc.Get("host").String() + "/ws", state: "null"}
	online.Store(c)
	reconnect := js.FuncOf(func(js.Value, []js.Value) any {
		c.connect()
		return nil
	})
	// The browser says it lost the network: a socket may still look open; close it so that the
	// page says it is offline and queues its ops until it is back.
	drop := js.FuncOf(func(js.Value, []js.Value) any {
		c.mu.Lock()
		ws := c.ws
		c.mu.Unlock()
		if ws.Truthy() {
			_ = safely(func() { ws.Call("close") })
		}
		return nil
	})
	funcs = append(funcs, reconnect, drop)
	js.Global().Call("addEventListener", "online", reconnect)
	js.Global().Call("addEventListener", "offline", drop)
	c.connect()
	return true
}

// connect opens a socket unless one is open or the link was refused for good; its hello asks for
// the entries after the last one the page has.
func (c *onlineConn) connect() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.final || c.ws.Truthy() {
		return
	}
	after := c.after
	ws := js.Global().Get("WebSocket").New(c.wsURL)
	c.ws = ws
	var fs []js.Func
	release := func() {
		for _, f := range fs {
			f.Release()
		}
	}
	fs = append(fs, js.FuncOf(func(js.Value, []js.Value) any {
		b, _ := json.Marshal(&protocol.Client{T: protocol.THello, Room: c.room, Key: c.key, After: after})
		ws.Call("send", string(b))
		return nil
	}))
	fs = append(fs, js.FuncOf(func(_ js.Value, a []js.Value) any {
		var m protocol.Server
		if json.Unmarshal([]byte(a[0].Get("data").String()), &m) != nil {
			return nil
		}
		c.mu.Lock()
		if m.T == protocol.TWelcome {
			c.open, c.wait = true, 0
		}
		if m.T == protocol.TError && strings.HasPrefix(m.Reason, "no room") {
			c.final = true
		}
		c.inbox = append(c.inbox, &m)
		c.mu.Unlock()
		return nil
	}))
	fs = append(fs, js.FuncOf(func(js.Value, []js.Value) any {
		c.mu.Lock()
		c.open, c.closed, c.ws = false, true, js.Undefined()
		c.wait = min(max(2*c.wait, 500*time.Millisecond), 5*time.Second)
		wait, final := c.wait, c.final
		c.mu.Unlock()
		release()
		if final {
			return nil
		}
		var retry js.Func
		retry = js.FuncOf(func(js.Value, []js.Value) any {
			retry.Release()
			c.connect()
			return nil
		})
		js.Global().Call("setTimeout", retry, wait.Milliseconds())
		return nil
	}))
	ws.Set("onopen", fs[0])
	ws.Set("onmessage", fs[1])
	ws.Set("onclose", fs[2])
}

// send writes m on the socket; an error when it is not open (the session queues its ops).
func (c *onlineConn) send(m *protocol.Client) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.open {
		return errOffline
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return safely(func() { c.ws.Call("send", string(b)) })
}

type offlineError struct{}

func (offlineError) Error() string { return "offline" }

var errOffline error = offlineError{}

// onlineTick is the online table's part of a game-loop tick: the messages that arrived, then the
// page's own ops and pointer.
func (g *Game) onlineTick() {
	c := online.Load()
	if c == nil {
		return
	}
	c.mu.Lock()
	in, closed := c.inbox, c.closed
	c.inbox, c.closed = nil, false
	c.mu.Unlock()
	if len(in) > 0 || closed {
		g.scenes.Invalidate() // what the others did shows at once (scenes/redraw.go)
	}
	note := func(s string) {
		if s != "" && g.table != nil {
			g.table.SetMessage(s)
		}
	}
	if closed && c.sess != nil {
		c.sess.Disconnected()
	}
	if closed && c.sess == nil { // not in the room yet (the page was loaded offline)
		b, _ := json.Marshal(scenes.OnlineState{Room: c.room, Status: "offline", Text: scenes.T("online.offline")})
		c.mu.Lock()
		c.state = string(b)
		c.mu.Unlock()
	}
	for _, m := range in {
		switch {
		case m.T == protocol.TWelcome && c.sess == nil:
			s, err := scenes.NewOnline(m, c.send)
			if err != nil {
				note(err.Error())
				continue
			}
			c.sess = s
			if q, ok := keptQueue(m.Room, m.Seat.String()); ok {
				s.Restore(q)
			}
			c.queueRev = s.QueueRev()
			g.table = scenes.NewTableScene("online", s.Doc())
			g.table.SetStepBudget(stepBudget)
			g.scenes.GoTo(g.table)
		case m.T == protocol.TWelcome:
			if err := c.sess.Welcome(m); err != nil {
				note(err.Error())
			}
		case c.sess == nil:
			if m.T == protocol.TError {
				note(scenes.T("online.error", m.Reason))
			}
		default:
			note(c.sess.Receive(m))
		}
	}
	if c.sess == nil || g.table == nil {
		return
	}
	note(c.sess.Tick(g.table))
	if rev := c.sess.QueueRev(); rev != c.queueRev {
		c.queueRev = rev
		err := keepQueue(c.sess.Queue())
		if err != nil && !c.queueErr {
			note(scenes.T("online.queueNotKept", err.Error()))
		}
		c.queueErr = err != nil
	}
	b, _ := json.Marshal(c.sess.State(g.table))
	c.mu.Lock()
	c.state, c.after = string(b), c.sess.After()
	c.mu.Unlock()
}

// queueKey is where a page keeps its unanswered ops of a room's seat (scenes/online_queue.go).
func queueKey(room, seat string) string { return "holotable.online." + room + "." + seat }

// keepQueue writes the session's unanswered ops to localStorage (removes the key when there are
// none); a full or refused storage is the error, never the page's exception.
func keepQueue(q scenes.OnlineQueue) error {
	return safely(func() {
		ls := js.Global().Get("localStorage")
		if ls.IsUndefined() || ls.IsNull() {
			return
		}
		key := queueKey(q.Room, q.Seat)
		if len(q.Ops) == 0 {
			ls.Call("removeItem", key)
			return
		}
		b, err := json.Marshal(q)
		if err != nil {
			panic(err)
		}
		ls.Call("setItem", key, string(b))
	})
}

// keptQueue is the queue a page kept for room and seat before a reload, if any and readable.
func keptQueue(room, seat string) (q scenes.OnlineQueue, ok bool) {
	_ = safely(func() {
		ls := js.Global().Get("localStorage")
		if ls.IsUndefined() || ls.IsNull() {
			return
		}
		v := ls.Call("getItem", queueKey(room, seat))
		if v.IsNull() || v.IsUndefined() {
			return
		}
		var err error
		if q, err = scenes.DecodeQueue([]byte(v.String())); err == nil {
			ok = true
		}
	})
	return q, ok
}
