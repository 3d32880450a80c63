// Package room hosts the rooms of online tables: a room is a first table file and its log of
// operations in a store.Store. Clients join over a WebSocket with a seat's key (docs/protocol.md);
// every operation is checked by the Engine (the same Go code the app runs), appended to the store
// at the room's next place, and only once the store has acknowledged it broadcast, with its
// sequence number, to everyone in the room. Dice are rolled here and logged. Pointers, selections
// and offered explanations are relayed, not logged. Several servers may host the same room: the
// store orders the log, and a Bus carries the unlogged messages between them.
package room

import (
	"encoding/json"

	"holotable/protocol"
)

// Engine opens a room's table. It is the seam to the operations package: the server checks and
// applies every operation with the same code the app runs.
type Engine interface {
	// Open reads a room's first table file; an error is the one-line reason it is refused.
	Open(first []byte) (Table, error)
}

// Table is a room's current table as the engine keeps it. Only the room's goroutine uses it.
type Table interface {
	// Check validates op (as the client sent it, with the client's id for it) made by seat against
	// the current table, without changing it, and returns the op as it is to be logged (the
	// engine's own form of it) — or the one-line refusal.
	Check(seat protocol.Seat, id string, op json.RawMessage) (json.RawMessage, error)
	// Apply applies a logged op (one that Check returned, here or on another server). An error
	// leaves the table as it was. Most often op is what the last Check returned, with no Apply in
	// between (the room checks an op, stores it, then applies it): an engine may keep what that
	// Check decoded and validated and apply it without reading op again (roomtest does).
	Apply(seat protocol.Seat, op json.RawMessage) error
}

// GroupTable is a Table that also takes groups of ops, stored as one entry and applied all or
// none (the protocol's "group" message). A room whose table is not one refuses groups.
type GroupTable interface {
	Table
	// CheckGroup validates the ops (each with its own id in its JSON) made by seat as one group
	// with the client's id for it, without changing the table, and returns them as they are to be
	// logged — or the one-line refusal.
	CheckGroup(seat protocol.Seat, id string, ops []json.RawMessage) ([]json.RawMessage, error)
	// ApplyGroup applies a logged group (one that CheckGroup returned, here or on another
	// server). An error leaves the table as it was.
	ApplyGroup(seat protocol.Seat, id string, ops []json.RawMessage) error
}

// RollTable is a Table that rolls the room's dice itself, with the table at hand (D104): the game's
// rolls (an attack's dice, a defence's, an order token drawn), which an op of the log then names
// and the engine checks, and a roll of the table's own dice. A room whose table is not one rolls
// the dice tool's pools of maps/dice itself and refuses the game's rolls.
type RollTable interface {
	Table
	// Roll answers seat's roll message m: the roll to log, or — when the seat asked for the same
	// roll before and no op has used it yet — the sequence number of that entry, sent again
	// instead of rolling anew (so a page reloaded mid-attack gets the dice it had), or the one-line
	// refusal. It changes nothing: the roll is the table's once Rolled takes it.
	Roll(seat protocol.Seat, m *protocol.Client) (roll *protocol.Roll, again uint64, err error)
	// Rolled takes a logged roll (one Roll returned, here or on another server), in the log's order.
	Rolled(seq uint64, by protocol.Seat, id string, roll *protocol.Roll)
}
