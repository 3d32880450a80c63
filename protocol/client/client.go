// Package client is a Go client of the online-table protocol (docs/protocol.md): create a room,
// join it with a seat's key, send messages, read the server's in order. The tests and benchmarks
// of the server use it, and so can a bot; it compiles to js/wasm for the app.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/coder/websocket"

	"holotable/protocol"
)

// Create makes a room on the server at base (http://host:port) from a table file.
func Create(ctx context.Context, base string, table []byte) (protocol.Links, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(base, "/")+"/api/rooms", bytes.NewReader(table))
	if err != nil {
		return protocol.Links{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return protocol.Links{}, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return protocol.Links{}, err
	}
	if res.StatusCode != http.StatusCreated {
		var e struct{ Error string }
		json.Unmarshal(body, &e) //nolint:errcheck // the status says enough
		return protocol.Links{}, fmt.Errorf("create room: %s: %s", res.Status, e.Error)
	}
	var l protocol.Links
	if err := json.Unmarshal(body, &l); err != nil {
		return protocol.Links{}, fmt.Errorf("create room: %v", err)
	}
	return l, nil
}

// Conn is a connection to one room.
type Conn struct {
	ws *websocket.Conn
	// Welcome is the server's welcome: the room, your seat and peer id, the first table, the head.
	Welcome *protocol.Server
	// In delivers every later server message in order; it is closed when the connection ends
	// (Err says why).
	In <-chan *protocol.Server

	in   chan *protocol.Server
	buf  bytes.Buffer // the message being read (decoding copies what it keeps)
	wmu  sync.Mutex
	mu   sync.Mutex
	err  error
	last uint64
}

// ServerError is the server's error message: the reason the connection was refused or closed.
type ServerError struct{ Reason string }

func (e *ServerError) Error() string { return "server: " + e.Reason }

// Join connects to the WebSocket at url (ws://host:port/ws), joins room with key, resuming after
// entry after (0: the whole log), and waits for the welcome. A refusal is a *ServerError.
func Join(ctx context.Context, url, room, key string, after uint64, name string) (*Conn, error) {
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(64 << 20) // a welcome carries the first table; entries the log
	c := &Conn{ws: ws, in: make(chan *protocol.Server, 256), last: after}
	c.In = c.in
	if err := c.Send(ctx, &protocol.Client{T: protocol.THello, Room: room, Key: key, After: after, Name: name}); err != nil {
		ws.CloseNow() //nolint:errcheck // failed
		return nil, err
	}
	m, err := c.read(ctx)
	if err != nil {
		ws.CloseNow() //nolint:errcheck // failed
		return nil, err
	}
	if m.T != protocol.TWelcome {
		ws.CloseNow() //nolint:errcheck // failed
		return nil, fmt.Errorf("client: %s before the welcome", m.T)
	}
	c.Welcome = m
	go c.readLoop()
	return c, nil
}

func (c *Conn) read(ctx context.Context) (*protocol.Server, error) {
	if c.buf.Cap() > 64<<10 {
		c.buf = bytes.Buffer{} // let a large message's buffer go
	}
	c.buf.Reset()
	_, r, err := c.ws.Reader(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := c.buf.ReadFrom(r); err != nil {
		return nil, err
	}
	var m protocol.Server
	if err := json.Unmarshal(c.buf.Bytes(), &m); err != nil {
		return nil, fmt.Errorf("client: %v", err)
	}
	if m.T == protocol.TError {
		return nil, &ServerError{Reason: m.Reason}
	}
	return &m, nil
}

func (c *Conn) readLoop() {
	defer close(c.in)
	for {
		m, err := c.read(context.Background())
		if err != nil {
			c.mu.Lock()
			c.err = err
			c.mu.Unlock()
			c.ws.CloseNow() //nolint:errcheck // the server closed it or said why it does
			return
		}
		if m.T == protocol.TEntry {
			c.mu.Lock()
			if m.Seq > c.last {
				c.last = m.Seq
			}
			c.mu.Unlock()
		}
		c.in <- m
	}
}

// Send sends one message.
func (c *Conn) Send(ctx context.Context, m *protocol.Client) error {
	b, err := m.Encode()
	if err != nil {
		return err
	}
	return c.SendRaw(ctx, b)
}

// SendRaw sends one frame as it is (tests send malformed ones with it).
func (c *Conn) SendRaw(ctx context.Context, b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// Last is the sequence number of the last entry received (to resume from).
func (c *Conn) Last() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.last
}

// Err is why the connection ended (a *ServerError when the server said why), once In is closed.
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Close closes the connection.
func (c *Conn) Close() error {
	err := c.ws.Close(websocket.StatusNormalClosure, "")
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}
