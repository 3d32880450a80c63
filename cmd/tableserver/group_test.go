//go:build !js

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/ops"
	"holotable/protocol"
)

// TestGroup: a group of ops is stored as one entry, all or none: a group whose second op does not
// apply is refused with that op's reason and nothing is stored; a group of two moves is one entry
// holding both, with the group's id as their group, and blue's undo of its last op takes back
// both. The entries replay on the first table.
func TestGroup(t *testing.T) {
	ctx, c := openRoom(t, maps.Default(), "blue", "red")
	blue, red := c["blue"], c["red"]
	group := func(id string, ops ...string) {
		t.Helper()
		m := &protocol.Client{T: protocol.TGroup, ID: id}
		for _, op := range ops {
			m.Ops = append(m.Ops, json.RawMessage(op))
		}
		if err := blue.Send(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	group("g1", `{"id":"b.1","op":"terrain.move","piece":"ruin-2","dx":1,"dy":0}`, `{"id":"b.2","op":"terrain.move","piece":"ruin-99","dx":1,"dy":0}`)
	if m := nextOf(t, blue, protocol.TRefused); m.ID != "g1" || !strings.Contains(m.Reason, "[1]") || !strings.Contains(m.Reason, "ruin-99") {
		t.Fatalf("a group with a bad op: %+v", m)
	}
	group("g2", `{"id":"b.1","op":"terrain.move","piece":"ruin-2","dx":1,"dy":0}`, `{"id":"b.2","op":"terrain.move","piece":"ruin-1","dx":-1,"dy":0}`)
	e := nextOf(t, red, protocol.TEntry)
	if e.Seq != 1 || e.ID != "g2" || e.By != protocol.Blue || len(e.Ops) != 2 || !strings.Contains(string(e.Ops[1]), `"id":"b.2","author":"blue","op":"terrain.move","group":"g2"`) {
		t.Fatalf("group entry %+v: %s", e, e.Ops)
	}
	sendOp(ctx, t, blue, "b.3", `{"op":"undo","of":"b.2"}`)
	u := nextOf(t, red, protocol.TEntry)
	lg := ops.NewLog(mustLoad(t, red.Welcome.First))
	var es []ops.Entry
	for _, raw := range e.Ops {
		en, err := ops.Decode(raw, lg.File())
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, en)
	}
	if _, err := lg.SubmitGroup("blue", "g2", es); err != nil {
		t.Fatal(err)
	}
	en, err := ops.Decode(u.Op, lg.File())
	if err == nil {
		_, err = lg.Submit(en)
	}
	if err != nil {
		t.Fatalf("the undo does not replay: %v", err)
	}
	if string(mustSave(t, lg.File())) != string(mustSave(t, lg.First())) {
		t.Error("blue's undo did not take back the whole group")
	}
}
