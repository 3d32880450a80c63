// Package store keeps the rooms of online tables: each room's first table file with the hashes of
// its seat keys, and its log of operations. The log is what the room layer appends to and replays;
// the bytes of an operation are opaque here. Two implementations pass the one test suite in
// store/storetest: store/sqlitestore (the embedded default, one file) and store/natsstore (NATS
// JetStream, for several servers sharing rooms).
//
// Sequence numbers are per room and dense: a room's first entry is 1, and entry n+1 follows entry
// n. Append is a compare-and-set on them: it stores an operation at expect+1 only if the room's
// last entry is expect, so two servers can never append at the same place.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Store is a room store. Every method is safe for concurrent use.
type Store interface {
	// CreateRoom stores a new room with no entries. An id already taken is ErrRoomExists.
	CreateRoom(ctx context.Context, r Room) error
	// Room returns a room's metadata; an unknown id is ErrNoRoom.
	Room(ctx context.Context, id string) (Room, error)
	// Append stores op as entry expect+1 of the room if the room's last entry is expect and returns
	// that entry once it is durable (acknowledged). If the room already holds an entry with op.ID,
	// nothing is stored and that earlier entry is returned, whatever expect is (a retried operation
	// is stored once). A room whose last entry is not expect gives a *ConflictError; an unknown room
	// ErrNoRoom.
	Append(ctx context.Context, room string, expect uint64, op Op) (Entry, error)
	// Read returns the room's entries from sequence number from on (from ≥ 1), in order, at most
	// max of them (max ≥ 1); fewer than max means the log ends there.
	Read(ctx context.Context, room string, from uint64, max int) ([]Entry, error)
	// Subscribe delivers the room's entries after sequence number after, in order and without a
	// gap, the ones already stored first and each later one once it is acknowledged.
	Subscribe(room string, after uint64) (*Subscription, error)
	// Close stops the store; subscriptions end with ErrClosed.
	Close() error
}

// Room is a room's metadata.
type Room struct {
	ID string // ValidID
	// First is the room's first table file (opaque to the store).
	First []byte
	// KeyHashes maps each seat's name to a hash of its key; the store never sees a key itself.
	KeyHashes map[string][]byte
	// Created is when the room was made (set by CreateRoom when zero), to the millisecond.
	Created time.Time
}

// Op is an operation to append: an id the client chose (unique within the room, so a retry is
// recognised) and the bytes the wire carries.
type Op struct {
	ID   string // ValidOpID
	Data []byte
}

// Entry is a stored operation: its place in the room's log and when the store took it.
type Entry struct {
	Room string
	Seq  uint64
	Op
	At time.Time // to the millisecond
}

// Limits every store enforces, so a room fits any backend (NATS' default payload is 1 MiB).
const (
	MaxIDLen   = 64
	MaxOpBytes = 768 << 10 // an operation's data
	MaxFirst   = 768 << 10 // a room's first table file
)

var (
	ErrNoRoom     = errors.New("store: no such room")
	ErrRoomExists = errors.New("store: room exists")
	ErrClosed     = errors.New("store: closed")
)

// ConflictError is Append's answer when the room's last entry is not the expected one.
type ConflictError struct {
	Room           string
	Expect, Actual uint64 // the expected last sequence number and the room's real one
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("store: room %s: expected last entry %d, the log ends at %d", e.Room, e.Expect, e.Actual)
}

// ValidID reports whether id is a room id: 1 to MaxIDLen of A–Z, a–z, 0–9, '-' and '_' (so it is
// a single NATS subject token and a safe file or key name).
func ValidID(id string) bool {
	if id == "" || len(id) > MaxIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		if !idByte(id[i]) {
			return false
		}
	}
	return true
}

// ValidOpID reports whether id is an operation id: 1 to MaxIDLen of the room id's characters and
// '.' and ':'.
func ValidOpID(id string) bool {
	if id == "" || len(id) > MaxIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !idByte(c) && c != '.' && c != ':' {
			return false
		}
	}
	return true
}

func idByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// CheckRoom is the one check of a room both stores make before creating it.
func CheckRoom(r Room) error {
	switch {
	case !ValidID(r.ID):
		return fmt.Errorf("store: room id %q: want 1–%d of A–Z a–z 0–9 - _", r.ID, MaxIDLen)
	case len(r.First) == 0:
		return fmt.Errorf("store: room %s: no first table file", r.ID)
	case len(r.First) > MaxFirst:
		return fmt.Errorf("store: room %s: first table file of %d bytes, at most %d", r.ID, len(r.First), MaxFirst)
	}
	for seat := range r.KeyHashes {
		if !ValidID(seat) {
			return fmt.Errorf("store: room %s: seat name %q: want 1–%d of A–Z a–z 0–9 - _", r.ID, seat, MaxIDLen)
		}
	}
	return nil
}

// CheckAppend is the one check of an append both stores make.
func CheckAppend(room string, op Op) error {
	switch {
	case !ValidID(room):
		return ErrNoRoom
	case !ValidOpID(op.ID):
		return fmt.Errorf("store: op id %q: want 1–%d of A–Z a–z 0–9 - _ . :", op.ID, MaxIDLen)
	case len(op.Data) > MaxOpBytes:
		return fmt.Errorf("store: op %s: %d bytes, at most %d", op.ID, len(op.Data), MaxOpBytes)
	}
	return nil
}

// Millis rounds t to the millisecond the stores keep.
func Millis(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()) }
