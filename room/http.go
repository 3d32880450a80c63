package room

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"holotable/protocol"
	"holotable/store"
)

// Handler serves the online tables: POST /api/rooms creates a room from the table file in the
// body, GET /ws is the WebSocket of docs/protocol.md.
func (h *Hub) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/rooms", h.serveCreate)
	mux.HandleFunc("GET /ws", h.serveWS)
	return mux
}

func (h *Hub) serveCreate(w http.ResponseWriter, r *http.Request) {
	if !h.originOK(r) {
		httpError(w, http.StatusForbidden, "origin "+r.Header.Get("Origin")+" may not create rooms here")
		return
	}
	if !h.creates.allow(clientAddr(r)) {
		httpError(w, http.StatusTooManyRequests, "too many rooms created from your address; wait a minute")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, store.MaxFirst))
	if err != nil {
		httpError(w, http.StatusRequestEntityTooLarge, "table file over "+itoa(store.MaxFirst)+" bytes")
		return
	}
	c, err := h.Create(r.Context(), body)
	if errors.Is(err, ErrRefused) {
		httpError(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), ErrRefused.Error()+": "))
		return
	}
	if err != nil {
		h.logf("create room: %v", err)
		httpError(w, http.StatusServiceUnavailable, "the store is unavailable; try again")
		return
	}
	base := h.cfg.PublicURL
	if base == "" {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		base = scheme + "://" + r.Host
	}
	out := protocol.Links{Room: c.Room, Keys: map[string]string{}, Links: map[string]string{}}
	for seat, key := range c.Keys {
		out.Keys[seat.String()] = key
		out.Links[seat.String()] = strings.TrimSuffix(base, "/") + "/#room=" + c.Room + "&key=" + key
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusCreated)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // the links' & as it is
	enc.Encode(out)          //nolint:errcheck // the client went away
}

func httpError(w http.ResponseWriter, code int, reason string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]string{"error": oneLine(reason)}) //nolint:errcheck // the client went away
}

// originOK: a request without Origin (not from a page) or from the server's own host or an
// allowed pattern.
func (h *Hub) originOK(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	if err != nil {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, p := range h.cfg.Origins {
		if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(u.Host)); ok {
			return true
		}
	}
	return false
}

func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (h *Hub) serveWS(w http.ResponseWriter, r *http.Request) {
	if h.conns.Load() >= int64(h.cfg.Limits.MaxConns) {
		httpError(w, http.StatusServiceUnavailable, "the server is full; try again later")
		return
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: h.cfg.Origins})
	if err != nil {
		return // Accept answered (a wrong origin is 403)
	}
	h.conns.Add(1)
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		defer h.conns.Add(-1)
		h.serveConn(c, clientAddr(r))
	}()
}

// fail sends a connection its one error line and closes it.
func fail(c *websocket.Conn, reason string) {
	reason = oneLine(reason)
	if b, err := (&protocol.Server{T: protocol.TError, Reason: reason}).Encode(); err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		c.Write(ctx, websocket.MessageText, b) //nolint:errcheck // closing anyway
		cancel()
	}
	if len(reason) > 120 {
		reason = reason[:120]
	}
	c.Close(websocket.StatusPolicyViolation, reason) //nolint:errcheck // closing anyway
}

func (h *Hub) serveConn(c *websocket.Conn, addr string) {
	defer c.CloseNow() //nolint:errcheck // closing anyway
	c.SetReadLimit(protocol.MaxFrame)
	ctx, cancel := context.WithCancel(h.ctx)
	defer cancel()

	hctx, hcancel := context.WithTimeout(ctx, protocol.HelloWait)
	typ, data, err := c.Read(hctx)
	hcancel()
	if err != nil {
		if ctx.Err() == nil {
			fail(c, "hello: none within "+protocol.HelloWait.String())
		}
		return
	}
	if typ != websocket.MessageText {
		fail(c, "send text frames, one JSON object each")
		return
	}
	m, err := protocol.Decode(data)
	if err != nil {
		fail(c, err.Error())
		return
	}
	if m.T != protocol.THello {
		fail(c, "hello first: the first message joins a room")
		return
	}
	if !h.joins.allow(addr) {
		fail(c, "too many joins from your address; wait a moment")
		return
	}
	r, seat, err := h.enter(ctx, m.Room, m.Key)
	if err != nil {
		if !errors.Is(err, ErrRefused) {
			h.logf("join %s: %v", m.Room, err)
			err = errors.New("the store is unavailable; try again")
		}
		fail(c, strings.TrimPrefix(err.Error(), ErrRefused.Error()+": "))
		return
	}
	p := newPeer(seat, m.Name, h.cfg.Limits.PeerQueue)
	select {
	case r.inbox <- event{kind: evJoin, p: p, after: m.After}:
	case <-ctx.Done():
		return
	case <-time.After(5 * time.Second):
		r.pending.Add(-1)
		fail(c, "the room is busy; try again")
		return
	}
	written := make(chan struct{})
	go func() {
		defer close(written)
		h.writeLoop(ctx, c, p)
	}()
	h.readLoop(c, r, p)
	p.close("")
	select {
	case r.inbox <- event{kind: evLeave, p: p}:
	case <-time.After(5 * time.Second):
	}
	<-written // the reason is written before the connection closes
}

// readLoop reads a joined connection's messages until it ends: each is decoded, rate-limited and
// handed to the room. It reads without a context (a context that can end costs a registration
// per message in the WebSocket library): the read ends when the connection closes, which the
// write loop does whenever it ends — the hub stopping, the room closing the peer, a failed write.
func (h *Hub) readLoop(c *websocket.Conn, r *room, p *peer) {
	lim := h.cfg.Limits
	msgs := rate.NewLimiter(rate.Limit(lim.MessagesPerSecond), lim.MessagesBurst)
	ops := rate.NewLimiter(rate.Limit(lim.OpsPerSecond), lim.OpsBurst)
	relays := rate.NewLimiter(rate.Limit(lim.RelaysPerSecond), lim.RelayBurst)
	var buf bytes.Buffer // the frame being read, reused (Decode copies what it keeps)
	for {
		typ, data, err := readFrame(c, &buf)
		if err != nil {
			if websocket.CloseStatus(err) == websocket.StatusMessageTooBig {
				p.close("message over " + itoa(protocol.MaxFrame) + " bytes")
			}
			return
		}
		if !msgs.Allow() {
			p.close("flooding: more than " + itoa(uint64(lim.MessagesPerSecond)) + " messages a second")
			return
		}
		if typ != websocket.MessageText {
			r.refuse(p, "", "send text frames, one JSON object each")
			continue
		}
		m, err := protocol.Decode(data)
		if err != nil {
			r.refuse(p, "", err.Error())
			continue
		}
		switch m.T {
		case protocol.THello:
			r.refuse(p, "", "hello: already in a room; open another connection for another")
			continue
		case protocol.TOp, protocol.TRoll, protocol.TGroup:
			cost := 1
			if m.T == protocol.TGroup { // a group costs its ops (at most a burst: it can always pass)
				cost = min(len(m.Ops), lim.OpsBurst)
			}
			if !ops.AllowN(time.Now(), cost) {
				r.refuse(p, m.ID, "too many operations: at most "+itoa(uint64(lim.OpsPerSecond))+" a second; send it again")
				continue
			}
		default:
			if !relays.Allow() {
				continue // a pointer too many: the next one replaces it
			}
		}
		select {
		case r.inbox <- event{kind: evMsg, p: p, msg: m}:
		default:
			r.refuse(p, m.ID, "the room is busy; send it again")
		}
	}
}

// readFrame reads the next message into buf (emptied first) and returns its bytes, valid until
// the next call. A buffer grown past 64 KiB by a large message is let go afterwards.
func readFrame(c *websocket.Conn, buf *bytes.Buffer) (websocket.MessageType, []byte, error) {
	if buf.Cap() > 64<<10 {
		*buf = bytes.Buffer{}
	}
	buf.Reset()
	typ, rd, err := c.Reader(context.Background())
	if err != nil {
		return 0, nil, err
	}
	if _, err := buf.ReadFrom(rd); err != nil {
		return 0, nil, err
	}
	return typ, buf.Bytes(), nil
}

// writeTimeout is how long one frame may take to be written before the connection is given up
// (a client that stopped reading).
const writeTimeout = 10 * time.Second

// writeLoop writes the peer's frames until it is closed, then its reason, and pings the client
// now and then so that a connection gone silent ends. Frames are written without a context (one
// that can end costs a timer and a registration per frame); a timer of the connection's, re-armed
// for each frame, closes it when a write takes longer than writeTimeout — also when the hub stops
// while a write is stuck.
func (h *Hub) writeLoop(ctx context.Context, c *websocket.Conn, p *peer) {
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	stuck := time.AfterFunc(writeTimeout, func() { c.CloseNow() }) //nolint:errcheck // gone
	stuck.Stop()
	defer stuck.Stop()
	var frames [][]byte
	for {
		select {
		case <-p.wake:
			frames = p.take(frames)
			for _, f := range frames {
				stuck.Reset(writeTimeout)
				err := c.Write(context.Background(), websocket.MessageText, f)
				if err != nil {
					p.close("")
					c.CloseNow() //nolint:errcheck // gone
					return
				}
			}
			stuck.Stop()
		case <-ping.C:
			go func() {
				pctx, cancel := context.WithTimeout(ctx, 15*time.Second)
				defer cancel()
				if c.Ping(pctx) != nil {
					p.close("")
					c.CloseNow() //nolint:errcheck // gone
				}
			}()
		case <-p.done:
			if p.reason != "" {
				fail(c, p.reason)
			} else {
				c.Close(websocket.StatusNormalClosure, "") //nolint:errcheck // closing anyway
			}
			return
		case <-ctx.Done():
			fail(c, "the server is stopping; reconnect to resume")
			return
		}
	}
}
