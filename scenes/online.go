package scenes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"holotable/ops"
	"holotable/protocol"
	"holotable/table"
)

// Online is this page's side of an online table (docs/protocol.md): a Doc whose log is always the
// server's log — the room's first table and its entries in the server's order — with this page's
// own ops that the server has not answered yet on top. The page edits the Doc as it edits a local
// one; Sync picks up each op it made and sends it (or queues it while the connection is down), and
// Receive takes the server's messages:
//
//   - an entry of another seat is applied in its place (below this page's pending ops, which are
//     replayed over it);
//   - an entry of one of this page's ops settles it;
//   - a refusal of one of this page's ops drops it — the table is then the replay of the server's
//     log and the ops still pending — and says so in one line.
//
// On a reconnect the page joins with After (the last entry it has) and Welcome sends every pending
// op again under its own id: the server stores an id once, so an op it had already stored comes
// back as its entry. Dice rolls of the log (server rolls) are not table changes: the dice tool
// shows them (online_dice.go).
// An Online is used by the game loop only; send may be called from it.
type Online struct {
	doc   *Doc
	room  string
	seat  protocol.Seat
	you   string
	first *table.File
	grid  *table.SWMFile // the room's first grid table (D118), nil when it started on a Legion one
	raw   []byte         // the first file as the server sent it
	log   [][]byte       // the server's op entries, in order (rolls left out)
	seq   uint64         // the last entry this page has
	// rolls are the log's last server rolls (shownRolls of them); freshRolls those the dice tool
	// has not shown yet (online_dice.go).
	rolls      []OnlineRoll
	freshRolls []OnlineRoll
	openAttack *OnlineRoll // the seat's open attack roll, given up for another pool (online_giveup.go)
	// head is where the room's log ended at the first welcome; restore the ops kept from before
	// a reload until the history reaches it, restored their ids and restoredRefused how many of
	// them the server refused; queueRev counts changes of the pending ops (online_queue.go).
	head            uint64
	restore         []QueuedOp
	restored        map[string]bool
	restoredRefused int
	queueRev        int
	// explSent is the explanation this page last offered, shown the one another player offered
	// (online_explain.go).
	explSent measurePair
	shown    *OnlineShown
	// pending are this page's ops the server has not answered, oldest first; sent counts how many
	// of them went out on the current connection.
	pending []pendingOp
	sent    int
	seen    int // the Doc's log length when the session last looked (Sync)
	gen     int // the Doc's gen then
	up      bool
	peers   []protocol.Peer
	// pointers are the other connections' pointers on the table, by peer id; selections what
	// they have selected.
	pointers   map[string]OnlinePointer
	selections map[string]OnlineSelection
	// what this page last told the others it has selected (selSent: since the last welcome).
	sel     string
	selSent bool
	// where this page's pointer was last sent, and when.
	ptrX, ptrY float64
	ptrOn      bool
	ptrAt      time.Duration
	send       func(*protocol.Client) error
}

// pendingOp is an op of this page sent (or to be sent) to the server, or a group of ops sent as
// one (a "group" message: stored as one entry, all or none).
type pendingOp struct {
	id    string   // the op's id, or the group's
	ops   [][]byte // its canonical JSON (with id and author); a group's ops in order
	group bool
}

// OnlinePointer is another connection's pointer on the table, in table units.
type OnlinePointer struct {
	Seat protocol.Seat
	Name string
	X, Y float64
}

// OnlineSelection is what another connection has selected (unit, mini or terrain ids).
type OnlineSelection struct {
	Seat protocol.Seat
	IDs  []string
}

// PointerEvery is how often, at most, this page sends its pointer (the server relays at most 30 a
// second per connection and drops the rest).
const PointerEvery = 60 * time.Millisecond

// NewOnline starts a session on a room from the server's welcome (the first join): the Doc is the
// room's first table, its author the seat ("blue", "red", "spectator"). send writes a message to
// the server; it returns an error when the connection is down (the message is then sent again
// after the next Welcome when it is an op).
func NewOnline(w *protocol.Server, send func(*protocol.Client) error) (*Online, error) {
	if w.T != protocol.TWelcome {
		return nil, fmt.Errorf("online: want a welcome, got %s", w.T)
	}
	l, err := ops.OpenLog(w.First) // a Legion table, or a grid table beside an empty one (D118)
	if err != nil {
		return nil, fmt.Errorf("online: the room's table: %v", err)
	}
	f, grid := l.First(), l.State().Grid()
	d := newDoc(l)
	d.author = w.Seat.String()
	d.offers = w.Seat.Plays()
	o := &Online{doc: d, room: w.Room, seat: w.Seat, you: w.You, first: f, grid: grid, raw: bytes.Clone(w.First),
		pointers: map[string]OnlinePointer{}, selections: map[string]OnlineSelection{}, send: send, up: true,
		restored: map[string]bool{}}
	if w.Head != nil {
		o.head = *w.Head
	}
	o.seen, o.gen = d.log.Len(), d.gen
	return o, nil
}

// Doc is the table of the room as this page shows it.
func (o *Online) Doc() *Doc { return o.doc }

// Seat is this page's seat.
func (o *Online) Seat() protocol.Seat { return o.seat }

// Room is the room's id.
func (o *Online) Room() string { return o.room }

// After is the number of the last entry this page has: the hello's "after" on a reconnect.
func (o *Online) After() uint64 { return o.seq }

// Pending is how many of this page's ops the server has not answered yet.
func (o *Online) Pending() int { return len(o.pending) }

// Connected reports whether the session has a connection (Welcome since the last Disconnected).
func (o *Online) Connected() bool { return o.up }

// Peers are the connections in the room, as the last presence said.
func (o *Online) Peers() []protocol.Peer { return o.peers }

// You is this connection's peer id.
func (o *Online) You() string { return o.you }

// Pointers are the other connections' pointers on the table, by peer id.
func (o *Online) Pointers() map[string]OnlinePointer { return o.pointers }

// Disconnected notes that the connection is gone: ops queue until the next Welcome.
func (o *Online) Disconnected() {
	o.up, o.sent, o.peers, o.selSent = false, 0, nil, false
	o.pointers = map[string]OnlinePointer{}
	o.selections = map[string]OnlineSelection{}
}

// Welcome takes the welcome of a reconnect and sends every pending op again (same ids). A welcome
// of another room or another first table is refused: this page's log would not be the server's.
func (o *Online) Welcome(w *protocol.Server) error {
	if w.Room != o.room || !bytes.Equal(w.First, o.raw) {
		return errors.New(T("online.otherRoom"))
	}
	o.up, o.you, o.sent = true, w.You, 0
	o.flush()
	return nil
}

// Sync picks up the ops this page made since the last call (the Doc's new entries) and sends them,
// or queues them while the connection is down. It returns a line for the message line when the
// page replaced the whole game (a game record imported), which an online table cannot take: the
// table goes back to the server's.
func (o *Online) Sync() string {
	d := o.doc
	if d.gen != o.gen {
		o.rebuild()
		return T("online.noRecord")
	}
	from := len(o.pending)
	for seq := o.seen + 1; seq <= d.log.Len(); seq++ {
		e := d.log.Entry(seq)
		o.queueRev++
		if n := len(o.pending); e.Group != "" && n > from && o.pending[n-1].group && o.pending[n-1].id == e.Group {
			o.pending[n-1].ops = append(o.pending[n-1].ops, e.JSON)
			continue
		}
		o.pending = append(o.pending, pendingOp{id: e.ID, ops: [][]byte{e.JSON}})
		if e.Group != "" {
			o.pending[len(o.pending)-1].id, o.pending[len(o.pending)-1].group = e.Group, true
		}
	}
	for i := from; i < len(o.pending); i++ {
		if p := &o.pending[i]; p.group && len(p.ops) == 1 { // a group of one goes as its op
			p.id, p.group = opID(p.ops[0]), false
		}
	}
	o.seen = d.log.Len()
	o.flush()
	return ""
}

// flush sends the pending ops not yet sent on this connection.
func (o *Online) flush() {
	for o.up && o.sent < len(o.pending) {
		p := o.pending[o.sent]
		m := &protocol.Client{T: protocol.TOp, ID: p.id, Op: p.ops[0]}
		if p.group {
			m = &protocol.Client{T: protocol.TGroup, ID: p.id}
			for _, op := range p.ops {
				m.Ops = append(m.Ops, op)
			}
		}
		if o.send(m) != nil {
			o.Disconnected()
			return
		}
		o.sent++
	}
}

// Receive takes one message of the server (after the welcome) and returns a line for the message
// line, or "".
func (o *Online) Receive(m *protocol.Server) string {
	// This page's ops made before the message are pending first: the log below them is the
	// server's.
	if note := o.Sync(); note != "" {
		return note
	}
	switch m.T {
	case protocol.TEntry:
		return o.entry(m)
	case protocol.TRefused:
		if i := o.pendingIndex(m.ID); m.ID != "" && i >= 0 {
			o.pending = append(o.pending[:i], o.pending[i+1:]...)
			if i < o.sent {
				o.sent--
			}
			o.queueRev++
			o.rebuild()
			if o.restored[m.ID] {
				return o.refusedRestored(m.Reason)
			}
		}
		return T("online.refused", m.Reason)
	case protocol.TPresence:
		o.peers = m.Peers
		for id := range o.pointers {
			if !o.present(id) {
				delete(o.pointers, id)
			}
		}
		for id := range o.selections {
			if !o.present(id) {
				delete(o.selections, id)
			}
		}
	case protocol.TSelect:
		if len(m.IDs) == 0 {
			delete(o.selections, m.From)
		} else {
			o.selections[m.From] = OnlineSelection{Seat: m.Seat, IDs: m.IDs}
		}
	case protocol.TPointer:
		if m.X == nil || m.Y == nil {
			delete(o.pointers, m.From)
		} else {
			o.pointers[m.From] = OnlinePointer{Seat: m.Seat, Name: o.name(m.From), X: *m.X, Y: *m.Y}
		}
	case protocol.TExplain:
		return o.explained(m)
	case protocol.TError:
		return T("online.error", m.Reason)
	}
	return ""
}

// entry takes the log's next entry.
func (o *Online) entry(m *protocol.Server) string {
	if m.Seq != o.seq+1 {
		// The server sends every entry once and in order; one out of order is an old one again:
		// a seat's open roll of the game sent again for asking again (D104), handed to the tools.
		if m.Seq <= o.seq && m.Roll != nil && m.Roll.For != protocol.RollDice {
			o.freshRolls = append(o.freshRolls, onlineRollOf(m))
		}
		return ""
	}
	defer o.restoreNow()
	o.seq = m.Seq
	o.openAttackEntry(m)
	if m.Roll != nil {
		return o.rollEntry(m)
	}
	raws := m.Ops
	if m.Op != nil {
		raws = []json.RawMessage{m.Op}
	}
	if len(raws) == 0 {
		return "" // an entry the server could not read (kept in its log, applied nowhere)
	}
	entryOps := make([][]byte, len(raws))
	for i, r := range raws {
		entryOps[i] = bytes.Clone(r)
	}
	o.log = append(o.log, entryOps...)
	if i := o.pendingIndex(m.ID); i >= 0 && m.By == o.seat {
		same := slices.EqualFunc(o.pending[i].ops, entryOps, bytes.Equal)
		o.pending = append(o.pending[:i], o.pending[i+1:]...)
		o.queueRev++
		if i < o.sent {
			o.sent--
		}
		// Settled out of this page's order (the log is the server's order), or not as this page
		// made it (the server rolled its dice, D84): the table is the server's log again.
		if i > 0 || !same {
			o.rebuild()
		}
		return ""
	}
	if len(o.pending) == 0 {
		for _, op := range entryOps {
			e, err := ops.Decode(op, o.doc.File())
			if err == nil {
				err = o.doc.Receive(e)
			}
			o.seen = o.doc.log.Len()
			if err != nil {
				return T("online.diverged", m.Seq, errText(err))
			}
		}
		return ""
	}
	return o.rebuild()
}

// rebuild makes the Doc's log the server's log with this page's pending ops replayed over it. A
// pending op that no longer applies is left out of the table but stays pending: the server has
// the last word on it.
func (o *Online) rebuild() string {
	l := ops.NewLogOf(o.first, o.grid)
	note := ""
	for i, raw := range o.log {
		e, err := ops.Decode(raw, l.File())
		if err == nil {
			_, err = l.Submit(e)
		}
		if err != nil && note == "" {
			note = T("online.diverged", i+1, errText(err))
		}
	}
	for _, p := range o.pending {
		for _, op := range p.ops {
			if e, err := ops.Decode(op, l.File()); err == nil {
				_, _ = l.Submit(e)
			}
		}
	}
	d := o.doc
	d.log = l
	d.gen++
	d.changed()
	o.seen, o.gen = l.Len(), d.gen
	return note
}

func (o *Online) pendingIndex(id string) int {
	for i, p := range o.pending {
		if p.id == id {
			return i
		}
	}
	return -1
}

func (o *Online) present(id string) bool {
	for _, p := range o.peers {
		if p.ID == id {
			return true
		}
	}
	return false
}

func (o *Online) name(id string) string {
	for _, p := range o.peers {
		if p.ID == id {
			return p.Name
		}
	}
	return ""
}

// Pointer sends this page's pointer (table units; on false: it left the table) when it moved and
// PointerEvery has passed since the last one. Spectators watch: theirs is not sent.
func (o *Online) Pointer(now time.Duration, x, y float64, on bool) {
	if !o.up || !o.seat.Plays() || (on == o.ptrOn && (!on || x == o.ptrX && y == o.ptrY)) || now-o.ptrAt < PointerEvery {
		return
	}
	m := &protocol.Client{T: protocol.TPointer}
	if on {
		m.X, m.Y = &x, &y
	}
	if o.send(m) == nil {
		o.ptrX, o.ptrY, o.ptrOn, o.ptrAt = x, y, on, now
	}
}

// Select tells the others what this page has selected (a mini id, "" for nothing) when it changed,
// and again after a reconnect. Spectators watch: theirs is not sent.
func (o *Online) Select(id string) {
	if !o.up || !o.seat.Plays() || (o.selSent && id == o.sel) {
		return
	}
	m := &protocol.Client{T: protocol.TSelect, IDs: []string{}}
	if id != "" {
		m.IDs = []string{id}
	}
	if o.send(m) == nil {
		o.sel, o.selSent = id, true
	}
}

// Selections are the other connections' selections, by peer id.
func (o *Online) Selections() map[string]OnlineSelection { return o.selections }

// OnlineState is the online part of the page's state: the connection, the seats connected and the
// others' pointers and selected minis on the screen (CSS pixels), for the page to draw.
type OnlineState struct {
	Room     string         `json:"room"`
	Seat     string         `json:"seat"`
	Status   string         `json:"status"` // "online" or "offline"
	Text     string         `json:"text"`   // the status in words, in the current language
	Pending  int            `json:"pending"`
	Seq      uint64         `json:"seq"`
	Peers    []OnlinePeer   `json:"peers"`
	Pointers []OnlineOnPage `json:"pointers"`
	// Selected are the minis the others have selected: centre and base radius on the screen.
	Selected []OnlineOnPage `json:"selected"`
	// Rolls are the room's last server rolls, oldest first.
	Rolls []OnlineRoll `json:"rolls,omitempty"`
	// Offers are the room's open offers (a change to a unit of the other side), oldest first.
	Offers []OnlineOffer `json:"offers,omitempty"`
	// Shown is the explanation another player offered, until this page opens it.
	Shown *OnlineShown `json:"shown,omitempty"`
}

// OnlinePeer is a connection in the room as the page lists it.
type OnlinePeer struct {
	Seat string `json:"seat"`
	Name string `json:"name,omitempty"`
	You  bool   `json:"you,omitempty"`
}

// OnlineOnPage is another player's pointer, or a mini another player selected, where the page
// shows it.
type OnlineOnPage struct {
	Seat string  `json:"seat"`
	Name string  `json:"name,omitempty"`
	ID   string  `json:"id,omitempty"` // the mini
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	R    float64 `json:"r,omitempty"` // the mini's base radius
}

// State is the session's state for the page; s (the table scene showing the Doc) places the
// pointers on the screen.
func (o *Online) State(s *TableScene) OnlineState {
	st := OnlineState{Room: o.room, Seat: o.seat.String(), Status: "online", Pending: len(o.pending), Seq: o.seq, Rolls: o.rolls}
	if !o.up {
		st.Status = "offline"
		st.Text = T("online.offline")
	} else {
		st.Text = T("online.online", T("online.seat."+o.seat.String()))
	}
	for _, p := range o.peers {
		st.Peers = append(st.Peers, OnlinePeer{Seat: p.Seat.String(), Name: p.Name, You: p.ID == o.you})
	}
	st.Offers = o.offers()
	st.Shown = o.shown
	k := s.Screen().Scale
	if k <= 0 {
		k = 1
	}
	for _, p := range o.pointers {
		x, y := s.Camera().WorldToScreen(p.X, p.Y)
		st.Pointers = append(st.Pointers, OnlineOnPage{Seat: p.Seat.String(), Name: p.Name, X: x / k, Y: y / k})
	}
	for _, sel := range o.selections {
		for _, id := range sel.IDs {
			for _, pm := range s.minis {
				if pm.mini.ID != id {
					continue
				}
				x, y := s.Camera().WorldToScreen(pm.mini.X, pm.mini.Y)
				ex, _ := s.Camera().WorldToScreen(pm.mini.X+pm.mini.Base/2, pm.mini.Y)
				st.Selected = append(st.Selected, OnlineOnPage{Seat: sel.Seat.String(), ID: id, X: x / k, Y: y / k, R: math.Abs(ex-x) / k})
			}
		}
	}
	return st
}

func init() {
	RegisterStrings(map[string][2]string{
		"online.refused":        {"Refused by the server: %s", "Vom Server abgelehnt: %s"},
		"online.error":          {"Online table: %s", "Online-Tisch: %s"},
		"online.diverged":       {"The server's entry %d does not apply here: %s", "Der Eintrag %d des Servers passt hier nicht: %s"},
		"online.noRecord":       {"An online table cannot load a game record; the table is the room's again.", "Ein Online-Tisch kann keine Partie laden; der Tisch ist wieder der des Raums."},
		"online.otherRoom":      {"the server sent another room's table", "der Server schickte den Tisch eines anderen Raums"},
		"online.offline":        {"offline, will resync", "offline, wird abgeglichen"},
		"online.online":         {"online as %s", "online als %s"},
		"online.seat.blue":      {"blue", "Blau"},
		"online.seat.red":       {"red", "Rot"},
		"online.seat.spectator": {"spectator", "Zuschauer"},
		// The page's online controls (web/online.js).
		"ui.online.play":           {"Play online…", "Online spielen…"},
		"ui.online.play.tip":       {"Put this table in a room on this server and get links for the blue player, the red player and spectators", "Diesen Tisch in einen Raum auf diesem Server stellen und Links für Blau, Rot und Zuschauer bekommen"},
		"ui.online.title":          {"Play online", "Online spielen"},
		"ui.online.close":          {"Close", "Schließen"},
		"ui.online.made":           {"A room with this table is ready. Send each player their link; whoever opens a link takes that seat.", "Ein Raum mit diesem Tisch ist bereit. Schicke jedem Spieler seinen Link; wer einen Link öffnet, nimmt diesen Platz ein."},
		"ui.online.note":           {"The seat links are secret: anyone with one can change the table. The spectator link only watches.", "Die Platz-Links sind geheim: Wer einen hat, kann den Tisch ändern. Der Zuschauer-Link kann nur zusehen."},
		"ui.online.copy":           {"Copy", "Kopieren"},
		"ui.online.copied":         {"Copied", "Kopiert"},
		"ui.online.open":           {"Open", "Öffnen"},
		"ui.online.link.blue":      {"Blue player", "Blauer Spieler"},
		"ui.online.link.red":       {"Red player", "Roter Spieler"},
		"ui.online.link.spectator": {"Spectator", "Zuschauer"},
		"ui.online.failed":         {"No room could be made:", "Es konnte kein Raum angelegt werden:"},
		"ui.online.noNetwork":      {"the page is offline", "die Seite ist offline"},
		"ui.online.you":            {"you", "du"},
		"ui.online.pending":        {"%s waiting", "%s wartend"},
	})
}

// Tick is the session's part of a game-loop tick, after the scene's update: it sends the ops the
// page made (Sync) and its pointer (where the cursor is on the table s shows, while it is on the
// screen). It returns a line for the message line, or "".
func (o *Online) Tick(s *TableScene) string {
	note := o.Sync()
	on := s.cursorX > 0 && s.cursorY > 0 && s.cursorX < s.screen.W && s.cursorY < s.screen.H
	x, y := s.cam.ScreenToWorld(s.cursorX, s.cursorY)
	o.Pointer(s.now, x, y, on)
	o.Select(s.selected)
	o.diceTick(s)
	o.explainTick(s)
	return note
}

// opID is the "id" of an op's JSON ("" when it has none).
func opID(op []byte) string {
	var head struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(op, &head)
	return head.ID
}
