//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"fmt"

	"holotable/ops"
	"holotable/protocol"
	"holotable/room"
	"holotable/table"
)

// engine is the server's room.Engine: the operations package (issue 12), the code the app runs.
// A room's first file is loaded by table.Load, its log is an ops.Log, and an op is decoded,
// validated against the room's current table and kept in its canonical form (docs/format-ops.md).
// The op's id is the client's id for it and its author the seat ("blue", "red"): the server sets
// both, so a client cannot write in the other seat's name. Both seats may change everything
// (until the game gives sides their permissions); a spectator's op never reaches the engine (the
// room refuses it).
type engine struct{}

var _ room.Engine = engine{}

func (engine) Open(first []byte) (room.Table, error) {
	f, err := table.Load(first)
	if err != nil {
		return nil, err
	}
	return &opsTable{log: ops.NewLog(f)}, nil
}

// opsTable is a room's log of ops, and the op its last Check accepted: the bytes it returned and
// the entry it decoded from them, so that Apply of those bytes does not decode them again (the
// room checks an op, stores it, then applies it; room.Table's contract).
type opsTable struct {
	log     *ops.Log
	checked []byte
	entry   ops.Entry
}

// Check decodes op with the seat's id and author, and validates it against the current table.
// Undo and redo are checked as far as the log's public view allows (is there something of the
// author's to undo or redo, and is it the one named); whether the inverse still applies is
// settled when the log takes it (Apply), the same way on every server and client.
func (t *opsTable) Check(seat protocol.Seat, id string, op json.RawMessage) (json.RawMessage, error) {
	t.checked = nil
	e, err := ops.DecodeAs(op, t.log.File(), id, seat.String())
	if err != nil {
		return nil, err
	}
	if t.log.ByID(id) != nil {
		return nil, fmt.Errorf("id: %q is taken by another op of this room", id)
	}
	switch o := e.Op.(type) {
	case *ops.Undo:
		target := t.log.UndoTarget(e.Author)
		if len(target) == 0 {
			return nil, fmt.Errorf("undo: nothing of %s's to undo", e.Author)
		}
		if last := target[len(target)-1].ID; o.Of != last {
			return nil, fmt.Errorf("of: %q is not %s's last op to take back (that is %q)", o.Of, e.Author, last)
		}
	case *ops.Redo:
		target := t.log.RedoTarget(e.Author)
		if target == nil {
			return nil, fmt.Errorf("redo: nothing of %s's to redo", e.Author)
		}
		if o.Of != target.ID {
			return nil, fmt.Errorf("of: %q is not %s's last undo (that is %q)", o.Of, e.Author, target.ID)
		}
	default:
		if err := ops.Validate(e.Op, t.log.State()); err != nil {
			return nil, err
		}
	}
	logged, err := ops.Encode(e, t.log.File())
	if err != nil {
		return nil, err
	}
	t.checked, t.entry = logged, e
	return logged, nil
}

// Apply submits a logged op to the room's log: the entry the last Check decoded when logged is
// what it returned, else logged decoded (an op another server checked, or a room's replay).
func (t *opsTable) Apply(_ protocol.Seat, logged json.RawMessage) error {
	e := t.entry
	if t.checked == nil || !bytes.Equal(logged, t.checked) {
		var err error
		if e, err = ops.Decode(logged, t.log.File()); err != nil {
			return err
		}
	}
	t.checked, t.entry = nil, ops.Entry{}
	_, err := t.log.Submit(e)
	return err
}
