package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"holotable/rules"
)

// Roll is dice the server rolled for a seat: the pool asked for (die id → count, maps/dice) and
// every die's face — or, for a draw, the order tokens drawn. The server rolls, so both players see
// the same faces and nobody rolls again by reloading the page. For says what the game rolled it
// for (D104): an op of that kind then names the roll's id, and the server checks its faces.
type Roll struct {
	Dice   map[string]int `json:"dice,omitempty"`
	Result rules.Roll     `json:"result,omitzero"`
	For    RollFor        `json:"for,omitempty"`
	Draw   *Draw          `json:"draw,omitempty"`
	// GivenUp is the open attack roll this roll replaced (D131): its id, dice and faces, so every
	// page shows what was discarded in the same entry.
	GivenUp *GivenUp `json:"givenUp,omitempty"`
}

// GivenUp is an open roll given up by the roll that replaced it: the entry's id, the pool it
// rolled and its faces.
type GivenUp struct {
	ID     string         `json:"id"`
	Dice   map[string]int `json:"dice"`
	Result rules.Roll     `json:"result"`
}

// Draw is an order token drawn by the server from the seat's pool (rules.World.DrawOrder): the
// rank drawn and the ranks drawn before it that matched no unit able to activate.
type Draw struct {
	Rank      string   `json:"rank"`
	Discarded []string `json:"discarded,omitempty"`
}

// Record is what a room's log holds for each entry (the store's opaque bytes): who made it and
// one of a table operation, a group of operations (stored as one, all or none) or a roll.
type Record struct {
	ID   string            `json:"id"` // the client's id for it
	By   Seat              `json:"by"`
	Op   json.RawMessage   `json:"op,omitempty"`
	Ops  []json.RawMessage `json:"ops,omitempty"`
	Roll *Roll             `json:"roll,omitempty"`
}

// one reports whether the record holds exactly one of an op, a group and a roll.
func (r *Record) one() bool {
	n := 0
	for _, set := range []bool{r.Op != nil, r.Ops != nil, r.Roll != nil} {
		if set {
			n++
		}
	}
	return n == 1
}

// Encode writes the record.
func (r *Record) Encode() ([]byte, error) {
	if !r.one() {
		return nil, fmt.Errorf("protocol: record %s: want an op, a group or a roll", r.ID)
	}
	return json.Marshal(r)
}

// DecodeRecord reads a record from the log: one JSON object (nothing after it), no unknown field,
// an op or a roll by blue or red.
func DecodeRecord(data []byte) (Record, error) {
	var r Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Record{}, fmt.Errorf("protocol: record: %s", oneLine(err.Error()))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Record{}, errors.New("protocol: record: more after the JSON object")
	}
	if !r.one() || !r.By.Plays() {
		return Record{}, fmt.Errorf("protocol: record %s: want an op, a group or a roll by blue or red", r.ID)
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
	return &Server{T: TEntry, Seq: seq, ID: r.ID, By: r.By, Op: r.Op, Ops: r.Ops, Roll: r.Roll, At: atMillis}
}

// AppendEntry appends the encoded entry message of a record stored at seq at the given time to
// dst: the message EntryMessage describes, made from the record's bytes as they are — "t", "seq"
// and "at" written before the record's own fields (id, by, op or roll), which are an entry's
// fields of the same names — so that a server need not decode and encode every entry it sends.
// record must be one DecodeRecord accepts (Record.Encode's output is one).
func AppendEntry(dst []byte, seq uint64, atMillis int64, record []byte) []byte {
	record = bytes.TrimLeft(record, " \t\r\n")[1:] // after the record's '{'; its fields follow
	dst = append(dst, `{"t":"entry","seq":`...)
	dst = strconv.AppendUint(dst, seq, 10)
	dst = append(dst, `,"at":`...)
	dst = strconv.AppendInt(dst, atMillis, 10)
	dst = append(dst, ',')
	return append(dst, record...)
}
