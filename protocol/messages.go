package protocol

import (
	"encoding/json"
	"fmt"
)

// Type is a message's kind, its "t" field.
type Type string

// Client messages.
const (
	THello   Type = "hello"   // first message: join a room
	TOp      Type = "op"      // a table operation
	TGroup   Type = "group"   // table operations stored as one entry, all or none
	TRoll    Type = "roll"    // ask the server to roll dice
	TPointer Type = "pointer" // where my pointer is (relayed, not logged)
	TSelect  Type = "select"  // what I have selected (relayed, not logged)
	TExplain Type = "explain" // the explanation I opened, offered to the others (relayed)
)

// Server messages (and the relayed pointer, select and explain, which carry From and Seat).
const (
	TWelcome  Type = "welcome"  // the join succeeded: the room's first table and its length
	TEntry    Type = "entry"    // one entry of the log, in order
	TRefused  Type = "refused"  // a message (an op, a roll, …) was refused; the connection stays
	TPresence Type = "presence" // who is connected
	TError    Type = "error"    // the connection is refused or closed, with the reason
)

// String is the type's name.
func (t Type) String() string { return string(t) }

// Client is a message from a client. Which fields a type takes is in docs/protocol.md (and
// Decode's checks).
type Client struct {
	T     Type              `json:"t"`
	Room  string            `json:"room,omitempty"`  // hello
	Key   string            `json:"key,omitempty"`   // hello: the seat's or the spectators' key
	After uint64            `json:"after,omitempty"` // hello: the last entry the client has (0: none)
	Name  string            `json:"name,omitempty"`  // hello: a name to show others
	ID    string            `json:"id,omitempty"`    // op, roll: the client's id for it
	Op    json.RawMessage   `json:"op,omitempty"`    // op: the operation (docs/format-ops.md)
	Ops   []json.RawMessage `json:"ops,omitempty"`   // group: the operations, each with its own id
	Dice  map[string]int    `json:"dice,omitempty"`  // roll: die id → count (maps/dice; none for a draw)
	For   RollFor           `json:"for,omitempty"`   // roll: what the game rolls it for ("": the dice tool)
	// roll for attack: the id of the seat's open attack roll this roll gives up (D131); without it
	// a second attack roll of another pool is refused while one is open.
	GiveUp string          `json:"giveUp,omitempty"`
	X      *float64        `json:"x,omitempty"` // pointer: table coordinates
	Y      *float64        `json:"y,omitempty"`
	IDs    []string        `json:"ids,omitempty"`   // select: unit, mini or terrain ids
	Query  json.RawMessage `json:"query,omitempty"` // explain: the question (a table file query)
}

// Peer is a connection in a room as others see it.
type Peer struct {
	ID   string `json:"id"`
	Seat Seat   `json:"seat"`
	Name string `json:"name,omitempty"`
}

// Server is a message from the server.
type Server struct {
	T      Type              `json:"t"`
	Room   string            `json:"room,omitempty"`   // welcome
	Seat   Seat              `json:"seat,omitempty"`   // welcome: yours; relays: the sender's
	You    string            `json:"you,omitempty"`    // welcome: your peer id
	First  json.RawMessage   `json:"first,omitempty"`  // welcome: the room's first table file
	Head   *uint64           `json:"head,omitempty"`   // welcome: the log's last entry now
	Seq    uint64            `json:"seq,omitempty"`    // entry
	ID     string            `json:"id,omitempty"`     // entry, refused: the op's or roll's id
	By     Seat              `json:"by,omitempty"`     // entry: who made it
	Op     json.RawMessage   `json:"op,omitempty"`     // entry
	Ops    []json.RawMessage `json:"ops,omitempty"`    // entry: a group's operations
	Roll   *Roll             `json:"roll,omitempty"`   // entry: dice the server rolled
	At     int64             `json:"at,omitempty"`     // entry: when stored, Unix milliseconds
	Reason string            `json:"reason,omitempty"` // refused, error: one line
	Peers  []Peer            `json:"peers,omitempty"`  // presence
	From   string            `json:"from,omitempty"`   // relays: the sender's peer id
	X      *float64          `json:"x,omitempty"`      // pointer
	Y      *float64          `json:"y,omitempty"`
	IDs    []string          `json:"ids,omitempty"`   // select (empty: nothing selected)
	Query  json.RawMessage   `json:"query,omitempty"` // explain
}

// Encode writes a server message.
func (m *Server) Encode() ([]byte, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("protocol: %s: %v", m.T, err)
	}
	return b, nil
}

// Encode writes a client message.
func (m *Client) Encode() ([]byte, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("protocol: %s: %v", m.T, err)
	}
	return b, nil
}

// Links is the server's answer to POST /api/rooms: the new room's id, and each seat's key and
// link ("blue", "red", "spectator").
type Links struct {
	Room  string            `json:"room"`
	Keys  map[string]string `json:"keys"`
	Links map[string]string `json:"links"`
}
