package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"strings"
	"testing"
)

// panicDoc: a squad of courage 1 at (20, 8) on a 72×36 table, active, with 2 suppression (double
// its courage: panicked, RRG 2.0 Panik L8584–8599) and no commander near; its leader's base (small,
// radius 0.5315) is 7.4685 from the south edge, the nearest.
const panicDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "units_on_table":[{"id":"sq","side":"Rebels","type":"trooper","card":{"wounds":1,"courage":1},"minis":[
   {"id":"sq-1","leader":true,"x":20,"y":8,"base":"small","height":1.65},
   {"id":"sq-2","x":21.2,"y":8,"base":"small","height":1.65}]}],
 "game":{"round":1,"rounds":6,"phase":"activation","turn":"blue","active":"sq","sides":{"blue":{"side":"Rebels"},"red":{"side":"Empire"}},
  "units":[{"unit":"sq","colour":"blue","rank":"corps","tokens":{"suppression":2}}]}}`

// TestGamePanicMove: the active panicked squad's panic move is offered (the south edge, heading
// 270°, as rules.PanicEdge answers) and drawn; the panel's Panic move switches to the move tool
// with the unit picked, the heading to that edge and a full move. One suppression less (no
// panic): nothing is offered and Panic move is refused.
func TestGamePanicMove(t *testing.T) {
	s := mapScene(t, "panic", []byte(panicDoc))
	edMust(t, s, "tool", "game")
	st := gameCmd(t, s, map[string]any{"action": "state"})
	if p := st.Panic; p == nil || p.Unit != "sq" || p.Heading != 270 || p.Edges != "south" || math.Abs(p.Distance-(8-0.5315)) > 1e-3 {
		t.Fatalf("panic %+v", st.Panic)
	}
	// The arrow is drawn (render.Arrow's pixels are render's TestArrowPixels).
	s.Draw(ebiten.NewImage(int(screen1.W), int(screen1.H)))
	edMust(t, s, "game", map[string]any{"action": "panicMove"})
	mt, ok := s.Tool().(*moveTool)
	if !ok || mt.unit != "sq" || mt.heading != 270 || mt.fraction != 1 {
		t.Fatalf("the move tool: %T %+v", s.Tool(), s.Tool())
	}
	edMust(t, s, "tool", "game")
	st = gameCmd(t, s, map[string]any{"action": "tokens", "unit": "sq", "token": "suppression", "delta": -1})
	if st.Panic != nil {
		t.Fatalf("panic with 1 suppression: %+v", st.Panic)
	}
	if _, err := edCmd(t, s, "game", map[string]any{"action": "panicMove"}); err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("a panic move without panic: %v", err)
	}
}
