//go:build !js

package main

import (
	"encoding/json"
	"errors"

	"holotable/protocol"
	"holotable/room"
	"holotable/table"
)

// engine is the server's room.Engine: a room's first file must be a valid table file (table.Load,
// the loader the app and the judge use). Operations are refused until the operations package
// (issue 12) is wired in here: its Decode, Validate and Apply on the room's table are what Check
// and Apply will call. Dice rolls, pointers, selections and explanations work without it.
type engine struct{}

var _ room.Engine = engine{}

func (engine) Open(first []byte) (room.Table, error) {
	if _, err := table.Load(first); err != nil {
		return nil, err
	}
	return tableState{}, nil
}

type tableState struct{}

var errNoOps = errors.New("op: this server does not apply table operations yet (they come with the operations log, issue 12)")

func (tableState) Check(protocol.Seat, string, json.RawMessage) (json.RawMessage, error) {
	return nil, errNoOps
}

func (tableState) Apply(protocol.Seat, json.RawMessage) error { return errNoOps }
