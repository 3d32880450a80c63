package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"holotable/rules"
)

// Roll is dice the server rolled for a seat: the pool asked for (die id → count, maps/dice) and
// every die's face. The server rolls, so both players see the same faces and nobody rolls again
// by reloading the page.
type Roll struct {
	Dice   map[string]int `json:"dice"`
	Result rules.Roll     `json:"result"`
}

// Record is what a room's log holds for each entry (the store's opaque bytes): who made it and
// either a table operation or a roll.
type Record struct {
	ID   string          `json:"id"` // the client's id for it
	By   Seat            `json:"by"`
	Op   json.RawMessage `json:"op,omitempty"`
	Roll *Roll           `json:"roll,omitempty"`
}

// Encode writes the record.
func (r *Record) Encode() ([]byte, error) {
	if (r.Op == nil) == (r.Roll == nil) {
		return nil, fmt.Errorf("protocol: record %s: want an op or a roll", r.ID)
	}
	return json.Marshal(r)
}

// DecodeRecord reads a record from the log.
func DecodeRecord(data []byte) (Record, error) {
	var r Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Record{}, fmt.Errorf("protocol: record: %v", err)
	}
	if (r.Op == nil) == (r.Roll == nil) || !r.By.Plays() {
		return Record{}, fmt.Errorf("protocol: record %s: want an op or a roll by blue or red", r.ID)
	}
	return r, nil
}

// StoreOpID is the store's op id of a client's op or roll: the seat and the client's id, so that
// the two seats' ids never collide.
func StoreOpID(by Seat, id string) string { return by.String() + ":" + id }

// ClientOpID is the client's id in a store op id.
func ClientOpID(storeID string) string {
	_, id, _ := strings.Cut(storeID, ":")
	return id
}

// EntryMessage is the entry message for a record stored at seq at the given time.
func EntryMessage(seq uint64, r Record, atMillis int64) *Server {
	return &Server{T: TEntry, Seq: seq, ID: r.ID, By: r.By, Op: r.Op, Roll: r.Roll, At: atMillis}
}
