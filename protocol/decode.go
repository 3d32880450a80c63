package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Decode reads one client message strictly: one JSON object, no unknown field, a known type, only
// the fields of that type, each within its limits. The error is one line naming the field and the
// fault ("hello: room: …"); a refused message changes nothing.
func Decode(data []byte) (*Client, error) {
	if len(data) > MaxFrame {
		return nil, fmt.Errorf("message of %d bytes: at most %d", len(data), MaxFrame)
	}
	var m Client
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("not a message: %s", oneLine(err.Error()))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("not a message: more after the JSON object")
	}
	if err := m.check(len(data)); err != nil {
		return nil, err
	}
	return &m, nil
}

// fields lists which fields each client type takes.
var fields = map[Type][]string{
	THello:   {"room", "key", "after", "name"},
	TOp:      {"id", "op"},
	TGroup:   {"id", "ops"},
	TRoll:    {"id", "dice", "for", "giveUp"},
	TPointer: {"x", "y"},
	TSelect:  {"ids"},
	TExplain: {"query"},
}

// sizes caps each type's message (MaxFrame for the rest).
var sizes = map[Type]int{THello: MaxHello, TPointer: MaxPointer, TSelect: MaxRelay, TExplain: MaxRelay, TRoll: MaxRelay}

func (m *Client) check(size int) error {
	allowed, ok := fields[m.T]
	if !ok {
		if m.T == "" {
			return errors.New("t: missing (the message's type)")
		}
		return fmt.Errorf("t: unknown type %q", clip(string(m.T)))
	}
	if max, ok := sizes[m.T]; ok && size > max {
		return fmt.Errorf("%s: %d bytes, at most %d", m.T, size, max)
	}
	for _, f := range [...]struct {
		name string
		set  bool
	}{
		{"room", m.Room != ""}, {"key", m.Key != ""}, {"after", m.After != 0}, {"name", m.Name != ""},
		{"id", m.ID != ""}, {"op", m.Op != nil}, {"ops", m.Ops != nil}, {"dice", m.Dice != nil}, {"x", m.X != nil}, {"y", m.Y != nil},
		{"ids", m.IDs != nil}, {"query", m.Query != nil}, {"for", m.For != ""}, {"giveUp", m.GiveUp != ""},
	} {
		if f.set && !slices.Contains(allowed, f.name) {
			return fmt.Errorf("%s: %s: not a field of this message", m.T, f.name)
		}
	}
	switch m.T {
	case THello:
		if !validID(m.Room, MaxRoomID, false) {
			return fmt.Errorf("hello: room: want 1–%d of A–Z a–z 0–9 - _", MaxRoomID)
		}
		if !validID(m.Key, 64, false) {
			return errors.New("hello: key: want the key of the room's link")
		}
		if len(m.Name) > MaxName || !utf8.ValidString(m.Name) || strings.IndexFunc(m.Name, notShown) >= 0 {
			return fmt.Errorf("hello: name: at most %d bytes of printable text", MaxName)
		}
	case TOp:
		if err := checkOpID("op", m.ID); err != nil {
			return err
		}
		if !isObject(m.Op) {
			return errors.New("op: op: want a JSON object (the operation)")
		}
	case TGroup:
		if err := checkOpID("group", m.ID); err != nil {
			return err
		}
		if len(m.Ops) < 2 || len(m.Ops) > MaxGroup {
			return fmt.Errorf("group: ops: %d operations, want 2–%d (one goes as an op)", len(m.Ops), MaxGroup)
		}
		for i, op := range m.Ops {
			if !isObject(op) {
				return fmt.Errorf("group: ops[%d]: want a JSON object (an operation)", i)
			}
			var head struct {
				ID string `json:"id"`
			}
			if json.Unmarshal(op, &head) != nil || checkOpID("group", head.ID) != nil {
				return fmt.Errorf("group: ops[%d].id: want 1–%d of A–Z a–z 0–9 - _ . : (each operation's own id)", i, MaxOpID-len("spectator:"))
			}
		}
	case TRoll:
		if err := checkOpID("roll", m.ID); err != nil {
			return err
		}
		if m.GiveUp != "" && m.For != RollAttack {
			return fmt.Errorf("roll: giveUp: only a roll for %q gives up an open roll", RollAttack)
		}
		if m.GiveUp != "" && checkOpID("roll", m.GiveUp) != nil {
			return fmt.Errorf("roll: giveUp: want 1–%d of A–Z a–z 0–9 - _ . : (the open roll's id)", MaxOpID-len("spectator:"))
		}
		if m.For == RollDraw || m.For == RollDispute {
			if m.Dice != nil {
				return fmt.Errorf("roll: dice: a %s takes no dice (the server knows what it rolls)", m.For)
			}
			return nil
		}
		if len(m.Dice) == 0 {
			return errors.New("roll: dice: want at least one die (die id → count)")
		}
		total := 0
		for id, n := range m.Dice {
			if !validID(id, 64, false) {
				return fmt.Errorf("roll: dice: %q is not a die id", clip(id))
			}
			if n < 1 || n > MaxDice {
				return fmt.Errorf("roll: dice.%s: %d dice, want 1–%d", id, n, MaxDice)
			}
			total += n
		}
		if total > MaxDice {
			return fmt.Errorf("roll: dice: %d dice, at most %d in one roll", total, MaxDice)
		}
	case TPointer:
		if (m.X == nil) != (m.Y == nil) {
			return errors.New("pointer: want both x and y (or neither: the pointer left the table)")
		}
		for _, v := range []*float64{m.X, m.Y} {
			if v != nil && (math.IsNaN(*v) || math.Abs(*v) > 1e6) {
				return errors.New("pointer: x and y: want numbers within ±1e6")
			}
		}
	case TSelect:
		if len(m.IDs) > MaxIDs {
			return fmt.Errorf("select: ids: %d ids, at most %d", len(m.IDs), MaxIDs)
		}
		for _, id := range m.IDs {
			if id == "" || len(id) > 64 || !utf8.ValidString(id) || strings.IndexFunc(id, notShown) >= 0 {
				return fmt.Errorf("select: ids: %q is not an id", clip(id))
			}
		}
	case TExplain:
		if !isObject(m.Query) {
			return errors.New("explain: query: want a JSON object (a table file query)")
		}
	}
	return nil
}

func checkOpID(t, id string) error {
	if !validID(id, MaxOpID-len("spectator:"), true) {
		return fmt.Errorf("%s: id: want 1–%d of A–Z a–z 0–9 - _ . :", t, MaxOpID-len("spectator:"))
	}
	return nil
}

// validID: 1 to max of A–Z a–z 0–9 - _ (and . : with dots).
func validID(s string, max int, dots bool) bool {
	if s == "" || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || dots && (c == '.' || c == ':')) {
			return false
		}
	}
	return true
}

func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	return len(raw) > 0 && raw[0] == '{'
}

func notShown(r rune) bool { return !unicode.IsPrint(r) }

// oneLine keeps an error on one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// clip shortens a value quoted in an error.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
