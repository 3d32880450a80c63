// Package protocol is the wire protocol of online tables (docs/protocol.md): the messages a
// client and a tableserver exchange over a WebSocket, one JSON object per text frame, their
// limits, the strict decoder the server runs on everything a client sends, and the record a room's
// log holds for each entry. It has no server and no socket in it, so that the WebAssembly app,
// a bot and the server all use the same types (and it compiles to js/wasm).
package protocol

import (
	"encoding/json"
	"fmt"
)

// Seat is who a connection is in a room: one of the two players or a spectator.
type Seat int

const (
	NoSeat Seat = iota
	Blue
	Red
	Spectator
)

var seatNames = [...]string{"", "blue", "red", "spectator"}

// Seats are the seats a room has, in the order its links are made.
var Seats = []Seat{Blue, Red, Spectator}

// String is the seat's name ("blue", "red", "spectator"; "" for NoSeat).
func (s Seat) String() string {
	if s < 0 || int(s) >= len(seatNames) {
		return fmt.Sprintf("seat(%d)", int(s))
	}
	return seatNames[s]
}

// ParseSeat reads a seat's name.
func ParseSeat(name string) (Seat, bool) {
	for i, n := range seatNames {
		if i > 0 && n == name {
			return Seat(i), true
		}
	}
	return NoSeat, false
}

// Plays reports whether the seat may change the table (blue and red; spectators only watch).
func (s Seat) Plays() bool { return s == Blue || s == Red }

// MarshalJSON writes the seat's name.
func (s Seat) MarshalJSON() ([]byte, error) {
	if s == NoSeat || int(s) >= len(seatNames) || s < 0 {
		return nil, fmt.Errorf("protocol: no seat %d", int(s))
	}
	return json.Marshal(s.String())
}

// UnmarshalJSON reads a seat's name.
func (s *Seat) UnmarshalJSON(b []byte) error {
	var name string
	if err := json.Unmarshal(b, &name); err != nil {
		return fmt.Errorf("seat: want a string")
	}
	v, ok := ParseSeat(name)
	if !ok {
		return fmt.Errorf("seat: %q is not blue, red or spectator", name)
	}
	*s = v
	return nil
}
