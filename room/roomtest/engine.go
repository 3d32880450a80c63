// Package roomtest is a small Engine for testing the room layer and its clients without the
// operations package: a table of named counters. Its first file is a JSON object holding
// "format": "holotable/1" and optionally "counters": {name: number}; its ops are
// {"set": name, "value": n} and {"add": name, "by": n} (refused when the counter does not exist),
// so a test can make valid and refused ops at will.
package roomtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"holotable/protocol"
	"holotable/room"
)

// Engine is the counters engine.
type Engine struct{}

var _ room.Engine = Engine{}

// First is a first file with the given counters.
func First(counters map[string]float64) []byte {
	b, _ := json.Marshal(map[string]any{"format": "holotable/1", "counters": counters})
	return b
}

// Open implements room.Engine.
func (Engine) Open(first []byte) (room.Table, error) {
	var f struct {
		Format   string             `json:"format"`
		Counters map[string]float64 `json:"counters"`
	}
	if err := json.Unmarshal(first, &f); err != nil {
		return nil, fmt.Errorf("not a table file: %v", err)
	}
	if f.Format != "holotable/1" {
		return nil, fmt.Errorf("format: %q, want holotable/1", f.Format)
	}
	t := &Table{Counters: map[string]float64{}}
	maps.Copy(t.Counters, f.Counters)
	return t, nil
}

// Table is the counters of a room.
type Table struct {
	Counters map[string]float64

	// The last op Check accepted, as it returned it and as it read it; Apply of those bytes with
	// no Apply in between uses it instead of reading the op again (room.Table's contract).
	checked   json.RawMessage
	checkedOp op
}

type op struct {
	Set   string   `json:"set,omitempty"`
	Add   string   `json:"add,omitempty"`
	Value *float64 `json:"value,omitempty"`
	By    *float64 `json:"by,omitempty"`
}

func parse(b json.RawMessage) (op, error) {
	var o op
	if err := json.Unmarshal(b, &o); err != nil {
		return o, fmt.Errorf("op: %v", err)
	}
	switch {
	case o.Set != "" && o.Value != nil && o.Add == "" && o.By == nil:
	case o.Add != "" && o.By != nil && o.Set == "" && o.Value == nil:
	default:
		return o, errors.New(`op: want {"set": name, "value": n} or {"add": name, "by": n}`)
	}
	return o, nil
}

// Check implements room.Table: the op in its canonical form.
func (t *Table) Check(_ protocol.Seat, _ string, b json.RawMessage) (json.RawMessage, error) {
	o, err := t.check(b)
	if err != nil {
		return nil, err
	}
	logged, err := json.Marshal(o)
	if err != nil {
		return nil, err
	}
	t.checked, t.checkedOp = logged, o
	return logged, nil
}

func (t *Table) check(b json.RawMessage) (op, error) {
	o, err := parse(b)
	if err != nil {
		return o, err
	}
	if _, ok := t.Counters[o.Add]; o.Add != "" && !ok {
		return o, fmt.Errorf("add: no counter %q on the table", o.Add)
	}
	return o, nil
}

// Apply implements room.Table.
func (t *Table) Apply(_ protocol.Seat, b json.RawMessage) error {
	o := t.checkedOp
	if t.checked == nil || !bytes.Equal(b, t.checked) {
		var err error
		if o, err = t.check(b); err != nil {
			return err
		}
	}
	t.checked = nil
	if o.Set != "" {
		t.Counters[o.Set] = *o.Value
	} else {
		t.Counters[o.Add] += *o.By
	}
	return nil
}

// Set and Add make ops.
func Set(name string, v float64) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"set":%q,"value":%v}`, name, v))
}

// Add makes an add op.
func Add(name string, by float64) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"add":%q,"by":%v}`, name, by))
}

// String lists the counters in name order.
func (t *Table) String() string {
	s := ""
	for _, k := range slices.Sorted(maps.Keys(t.Counters)) {
		s += fmt.Sprintf("%s=%v ", k, t.Counters[k])
	}
	return s
}
