//go:build !js

package main

import (
	"strings"
	"testing"

	"holotable/maps"
	"holotable/ops"
	"holotable/protocol"
	"holotable/protocol/client"
	"holotable/table"
)

// TestGridRoom: an online room takes grid ops (D116, D118) with no more than the operations
// package: blue opens a grid table beside the room's Legion table and draws a wall, red moves a
// figure, a wall over a door is refused with the grid table's own reason, blue's undo of its wall
// is taken although red moved a figure since (the edit conflicts only by its part), and the
// entries replayed give both seats the same grid.
func TestGridRoom(t *testing.T) {
	ctx, c := openRoom(t, maps.Default(), "blue", "red")
	blue, red := c["blue"], c["red"]
	next := func(c *client.Conn, typ protocol.Type) *protocol.Server { t.Helper(); return nextOf(t, c, typ) }
	send := func(c *client.Conn, id, op string) { t.Helper(); sendOp(ctx, t, c, id, op) }

	g, err := table.LoadSWM(maps.SWMExample())
	if err != nil {
		t.Fatal(err)
	}
	v, _ := table.SWMValue(g)
	grid, _ := v.AppendJSON(nil)
	var entries []*protocol.Server
	both := func() {
		t.Helper()
		entries = append(entries, next(red, protocol.TEntry))
		next(blue, protocol.TEntry)
	}
	send(blue, "b1", `{"op":"swm.import","table":`+string(grid)+`}`)
	both()
	send(blue, "b2", `{"op":"swm.wall.add","from":[18,0],"to":[18,16]}`)
	both()
	send(red, "r1", `{"op":"swm.figure.move","figureId":"vader","x":20,"y":7}`)
	both()
	send(red, "r2", `{"op":"swm.wall.add","from":[5,0],"to":[5,16]}`)
	if m := next(red, protocol.TRefused); m.ID != "r2" || !strings.Contains(m.Reason, "edge (5,1)–(5,2) has a wall already") {
		t.Errorf("a wall over walls: %+v", m)
	}
	send(blue, "b3", `{"op":"undo","of":"b2"}`)
	both()

	f, err := table.Load(red.Welcome.First)
	if err != nil {
		t.Fatal(err)
	}
	lg := ops.NewLog(f)
	for _, m := range entries {
		en, err := ops.Decode(m.Op, lg.File())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := lg.Submit(en); err != nil {
			t.Fatalf("replaying entry %d: %v", m.Seq, err)
		}
	}
	got := lg.State().Grid()
	if got == nil || len(got.Walls) != len(g.Walls) || got.Figures[3].X != 20 {
		t.Fatalf("the replayed grid: %+v", got)
	}
}

// TestGridRoomFromGrid: a room made from a grid table file (what "Play online" sends from a page
// showing one, D118) opens on the grid beside an empty Legion table; the seats' grid ops are
// checked against it and the entries replay on ops.OpenLog of the welcome's first file; a seat
// moves its own squad's figure, not the other's (D132).
func TestGridRoomFromGrid(t *testing.T) {
	ctx, c := openRoom(t, maps.SWMExample(), "blue")
	blue := c["blue"]
	sendOp(ctx, t, blue, "b1", `{"op":"swm.paint","x":0,"y":0,"w":2,"h":2,"square":"pit"}`)
	e := nextOf(t, blue, protocol.TEntry)
	sendOp(ctx, t, blue, "b2", `{"op":"swm.paint","x":0,"y":4,"w":2,"h":1,"square":"pit"}`)
	if m := nextOf(t, blue, protocol.TRefused); !strings.Contains(m.Reason, "figures[0]: stands on square (1,4), which is pit") {
		t.Errorf("a pit under Obi-Wan: %+v", m)
	}
	lg, err := ops.OpenLog(blue.Welcome.First)
	if err != nil {
		t.Fatal(err)
	}
	en, err := ops.Decode(e.Op, lg.File())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lg.Submit(en); err != nil {
		t.Fatal(err)
	}
	if g := lg.State().Grid(); g == nil || g.At(1, 1) != table.SquarePit {
		t.Errorf("the replayed grid: %+v", g)
	}

	// The seats take the file's squads (D132): rebels blue, empire red. Blue moves its Obi-Wan;
	// its move of red's Vader is refused in one line naming the owner the app offers it to.
	sendOp(ctx, t, blue, "b3", `{"op":"swm.figure.move","figureId":"obi-wan","x":2,"y":4}`)
	if m := nextOf(t, blue, protocol.TEntry); m.ID != "b3" {
		t.Errorf("blue's move of obi-wan: %+v", m)
	}
	sendOp(ctx, t, blue, "b4", `{"op":"swm.figure.move","figureId":"vader","x":21,"y":7}`)
	if m := nextOf(t, blue, protocol.TRefused); m.ID != "b4" || strings.Contains(m.Reason, "\n") ||
		!strings.HasPrefix(m.Reason, "vader is red's figure (squad empire): the change is offered to red, who accepts or refuses it [issue 15") {
		t.Errorf("blue's move of vader: %+v, want refused as red's figure", m)
	}
}
