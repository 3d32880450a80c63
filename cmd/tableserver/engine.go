//go:build !js

package main

import (
	"bytes"
	crand "crypto/rand"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"holotable/ops"
	"holotable/protocol"
	"holotable/room"
	"holotable/rules"
)

// engine is the server's room.Engine: the operations package (issue 12), the code the app runs.
// A room's first file is loaded by table.Load (a grid table by table.LoadSWM: ops.OpenLog), its log is an ops.Log, and an op is decoded,
// validated against the room's current table and kept in its canonical form (docs/format-ops.md).
// The op's id is the client's id for it and its author the seat ("blue", "red"): the server sets
// both, so a client cannot write in the other seat's name: each seat is its side, and acts only for
// it (ops' own checks, D70 and D83); a spectator's op never reaches the engine (the room refuses
// it).
type engine struct{}

var _ room.Engine = engine{}

func (engine) Open(first []byte) (room.Table, error) {
	l, err := ops.OpenLog(first) // a Legion table, or a grid table beside an empty one (D118)
	if err != nil {
		return nil, err
	}
	var seed [32]byte
	crand.Read(seed[:]) // never fails
	return &opsTable{log: l, roller: rules.NewRoller(rand.New(rand.NewChaCha8(seed)))}, nil
}

// opsTable is a room's log of ops, and the op its last Check accepted: the bytes it returned and
// the entry it decoded from them, so that Apply of those bytes does not decode them again (the
// room checks an op, stores it, then applies it; room.Table's contract).
type opsTable struct {
	log     *ops.Log
	roller  *rules.Roller // the server's dice (crypto-seeded per room): an op's random part (D84)
	checked []byte
	entry   ops.Entry
	open    map[protocol.Seat]map[protocol.RollFor]openRoll // each seat's open game rolls (rolls.go)
}

// Check decodes op with the seat's id and author, and checks it as the room's log would take it
// now (ops.Log.Check): planned as the seat's — so a game step of the other side, or a change to the
// other side's unit, is refused with the rules' reason (D70, D83) — against the log's history (an
// undo or redo names the author's own last op) and the current table. An op with a random part
// (ops.Rolled: the tie's roll, a rally) is rolled here first, with the room's own dice: what the
// client wrote for its faces is replaced, so the log holds the server's faces (D84).
func (t *opsTable) Check(seat protocol.Seat, id string, op json.RawMessage) (json.RawMessage, error) {
	t.checked = nil
	e, err := ops.DecodeAs(op, t.log.File(), id, seat.String())
	if err != nil {
		return nil, err
	}
	if r, ok := e.Op.(ops.Rolled); ok {
		// The server rolls: the faces a client wrote are replaced by the server's (D84).
		if err := r.Roll(t.log.State(), t.roller); err != nil {
			return nil, err
		}
	}
	if err := t.checkRolls(seat, e.Op); err != nil {
		return nil, err
	}
	if err := t.log.Check(e); err != nil {
		return nil, err
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
	if _, err := t.log.Submit(e); err != nil {
		return err
	}
	t.used(e.Author, e.Op)
	return nil
}

var _ room.GroupTable = (*opsTable)(nil)

// CheckGroup decodes each op of a group with its own id (as the client wrote it) and the seat as
// author, rolls what is random in it (D84), and checks them as the log would take them as one
// group with the client's id (ops.Log.CheckGroup): all apply, one after the other, or the group is
// refused with the first op's refusal ("[1].minis[0].x: …").
func (t *opsTable) CheckGroup(seat protocol.Seat, id string, raw []json.RawMessage) ([]json.RawMessage, error) {
	t.checked = nil
	es := make([]ops.Entry, len(raw))
	for i, op := range raw {
		var head struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(op, &head); err != nil {
			return nil, fmt.Errorf("ops[%d]: %v", i, err)
		}
		e, err := ops.DecodeAs(op, t.log.File(), head.ID, seat.String())
		if err != nil {
			return nil, fmt.Errorf("ops[%d]: %v", i, err)
		}
		if r, ok := e.Op.(ops.Rolled); ok {
			if err := r.Roll(t.log.State(), t.roller); err != nil {
				return nil, err
			}
		}
		if err := t.checkRolls(seat, e.Op); err != nil {
			return nil, fmt.Errorf("ops[%d]: %v", i, err)
		}
		es[i] = e
	}
	done, err := t.log.CheckGroup(seat.String(), id, es)
	if err != nil {
		return nil, err
	}
	out := make([]json.RawMessage, len(done))
	for i, e := range done {
		out[i] = e.JSON
	}
	return out, nil
}

// ApplyGroup submits a logged group to the room's log as one group.
func (t *opsTable) ApplyGroup(seat protocol.Seat, id string, logged []json.RawMessage) error {
	es := make([]ops.Entry, len(logged))
	for i, op := range logged {
		e, err := ops.Decode(op, t.log.File())
		if err != nil {
			return err
		}
		es[i] = e
	}
	if _, err := t.log.SubmitGroup(seat.String(), id, es); err != nil {
		return err
	}
	for _, e := range es {
		t.used(seat.String(), e.Op)
	}
	return nil
}
