package scenes

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/maps"
	"holotable/ops"
	"holotable/table"
)

// TestScenesOnTheLog drives random edits through the scene as a player makes them — minis dragged
// with the measure and units tools, terrain dragged and turned with the terrain tool, standard
// moves with the move tool (Enter commits), Ctrl+Z — on the default and the skirmish table, with a
// second author's ops arriving in between (Doc.Receive, as from another screen). Then:
//   - the game record replayed (ops.ReadRecord) is the app's table byte for byte;
//   - each undo of the player's op restores the table before that op byte for byte when nobody
//     else changed anything since, and leaves every later op of the other author in place when
//     they did;
//   - a refused edit changes nothing.
func TestScenesOnTheLog(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		seed uint64
	}{{"default", maps.Default(), 1}, {"default", maps.Default(), 2}, {"skirmish", maps.Skirmish(), 3}} {
		t.Run(tc.name+"-"+strconv.FormatUint(tc.seed, 10), func(t *testing.T) {
			s := mapScene(t, tc.name, tc.data)
			d := s.Doc()
			rng := rand.New(rand.NewPCG(tc.seed, 12))
			// mine[k]: the table before the player's op k, and whether another author has changed
			// anything since.
			type mark struct {
				before      string
				seq         int
				othersSince bool
			}
			var mine []mark
			remote := 0
			cam := func() Camera { return s.Camera() }
			randomMini := func(f *table.File) *table.Mini {
				u := &f.UnitsOnTable[rng.IntN(len(f.UnitsOnTable))]
				return &u.Minis[rng.IntN(len(u.Minis))]
			}
			for step := range 40 {
				f := d.File()
				before, n := string(d.JSON()), d.Log().Len()
				localBefore := d.CanUndo()
				switch a := rng.IntN(7); a {
				case 0, 1: // measure tool: drag a mini
					_ = s.SetTool("measure")
					m := randomMini(f)
					x0, y0 := cam().WorldToScreen(m.X, m.Y)
					dx, dy := (rng.Float64()*2-1)*3, (rng.Float64()*2-1)*3
					x1, y1 := cam().WorldToScreen(m.X+dx, m.Y+dy)
					if s.MiniAt(x0, y0) != m.ID {
						continue // another base lies over it
					}
					edDrag(s, x0, y0, x1, y1, false, nil)
				case 2: // units tool: drag a unit by its leader
					_ = s.SetTool("units")
					u := &f.UnitsOnTable[rng.IntN(len(f.UnitsOnTable))]
					ld := u.Leader()
					x0, y0 := cam().WorldToScreen(ld.X, ld.Y)
					if s.MiniAt(x0, y0) != ld.ID || y0 < s.PanelTop()+60 {
						continue
					}
					x1, y1 := cam().WorldToScreen(ld.X+(rng.Float64()*2-1)*4, ld.Y+(rng.Float64()*2-1)*4)
					edDrag(s, x0, y0, x1, y1, false, nil)
				case 3: // terrain tool: drag a piece
					_ = s.SetTool("terrain")
					p := &f.Terrain[rng.IntN(len(f.Terrain))]
					c := ops.Centre(p)
					if d.World().PieceAt(c, 0) != p.ID {
						continue
					}
					x0, y0 := cam().WorldToScreen(c.X, c.Y)
					if y0 < s.PanelTop()+80 || s.MiniAt(x0, y0) != "" {
						continue // under the palette, or a base over it
					}
					x1, y1 := cam().WorldToScreen(c.X+(rng.Float64()*2-1)*5, c.Y+(rng.Float64()*2-1)*5)
					edDrag(s, x0, y0, x1, y1, false, nil)
				case 4: // move tool: a standard move, committed with Enter
					_ = s.SetTool("move")
					u := &f.UnitsOnTable[rng.IntN(len(f.UnitsOnTable))]
					if _, err := s.Command("moveSelect", []byte(strconv.Quote(u.ID))); err != nil {
						t.Fatal(err)
					}
					set := `{"heading":` + strconv.Itoa(rng.IntN(360)) + `,"fraction":0.5}`
					if _, err := s.Command("moveSet", []byte(set)); err != nil {
						continue
					}
					tick(s, Input{Keys: []ebiten.Key{ebiten.KeyEnter}})
				case 5: // another author moves a mini, from another screen
					m := randomMini(f)
					remote++
					err := d.Receive(ops.Entry{ID: "remote-" + strconv.Itoa(remote), Author: "remote",
						Op: &ops.MinisMove{Minis: []ops.MiniPlace{{Mini: m.ID, X: ops.Clean(m.X + 0.5), Y: m.Y}}}})
					if err == nil {
						for i := range mine {
							mine[i].othersSince = true
						}
					}
					continue
				case 6: // Ctrl+Z
					if len(mine) == 0 || !localBefore {
						continue
					}
					last := mine[len(mine)-1]
					undone := d.Log().Entry(last.seq)
					tick(s, Input{Undo: true})
					if d.Log().Len() == n { // refused: the other author changed what it would put back
						if string(d.JSON()) != before {
							t.Fatalf("step %d: a refused undo changed the table", step)
						}
						continue
					}
					mine = mine[:len(mine)-1]
					if !last.othersSince && string(d.JSON()) != last.before {
						t.Fatalf("step %d: the undo of %s did not restore the table before it", step, undone.Op.Kind())
					}
					// Every later op of the other author stands: what it wrote is still there.
					for seq := last.seq + 1; seq < d.Log().Len(); seq++ {
						if e := d.Log().Entry(seq); e.Author == "remote" {
							for _, mp := range e.Op.(*ops.MinisMove).Minis {
								if ref, ok := d.File().Lookup(mp.Mini); ok && (ref.Mini.X != mp.X || ref.Mini.Y != mp.Y) {
									t.Fatalf("step %d: the undo of %s took back %s's %s", step, undone.Op.Kind(), e.Author, e.ID)
								}
							}
						}
					}
					continue
				}
				switch {
				case d.Log().Len() == n:
					if string(d.JSON()) != before {
						t.Fatalf("step %d: a refused edit changed the table", step)
					}
				case d.Log().Len() == n+1:
					mine = append(mine, mark{before: before, seq: n + 1})
				default:
					t.Fatalf("step %d: one edit made %d ops", step, d.Log().Len()-n)
				}
				tick(s, Input{Escape: true})
			}
			kinds := map[ops.Kind]int{}
			for seq := 1; seq <= d.Log().Len(); seq++ {
				kinds[d.Log().Entry(seq).Op.Kind()]++
			}
			t.Logf("%d ops: %v", d.Log().Len(), kinds)
			if len(mine) < 5 {
				t.Errorf("only %d edits were made: the driver does not exercise the scene", len(mine))
			}
			rec, err := d.Record()
			if err != nil {
				t.Fatal(err)
			}
			l, err := ops.ReadRecord(rec)
			if err != nil {
				t.Fatalf("the record does not replay: %v", err)
			}
			if b, _ := table.Save(l.File()); string(b) != string(d.JSON()) {
				t.Error("replay(first, log) is not the app's table")
			}
		})
	}
}
