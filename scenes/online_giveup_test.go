package scenes

import (
	"maps"
	"testing"

	"holotable/protocol"
)

// TestOnlineGiveUp: a page gives up its seat's open attack roll when its player rolls another pool
// (D131). Blue rolls two red attack dice; asking for the same pool gives nothing up (the open roll
// comes back, D104); asking for three black attack dice names the open roll in giveUp, and both
// pages say on the message line which roll was given up with its dice and faces — in English and
// German. Red's rolls never give up blue's, and a reloaded blue page reads the open roll from the
// log again.
func TestOnlineGiveUp(t *testing.T) {
	r, blue, red := gameRoom(t, "game-melee.json")
	defer func() { _ = SetLanguage("en") }()
	claws, other := map[string]int{"red-attack": 2}, map[string]int{"black-attack": 3}
	if err := blue.o.rollFor(protocol.RollAttack, claws); err != nil {
		t.Fatal(err)
	}
	blue.deliver()
	red.deliver()
	first := r.msgs[0]
	if g := blue.o.giveUpFor(protocol.RollAttack, claws); g != "" {
		t.Errorf("the same pool gives up %q, want nothing", g)
	}
	if g := red.o.giveUpFor(protocol.RollAttack, other); g != "" {
		t.Errorf("red's roll gives up %q: blue's roll is not red's", g)
	}
	if g := blue.o.giveUpFor(protocol.RollDefence, other); g != "" {
		t.Errorf("a defence roll gives up %q, want nothing", g)
	}
	reloaded := r.join(protocol.Blue)
	reloaded.deliver()
	if reloaded.o.giveUpFor(protocol.RollAttack, other) != first.ID {
		t.Errorf("a reloaded page: open attack roll %+v, want %s", reloaded.o.openAttack, first.ID)
	}
	for i, lang := range []string{"en", "de"} {
		if err := SetLanguage(lang); err != nil {
			t.Fatal(err)
		}
		pool := other
		if i == 1 {
			pool = claws
		}
		open := r.msgs[len(r.msgs)-1]
		if err := blue.o.rollFor(protocol.RollAttack, pool); err != nil {
			t.Fatal(err)
		}
		m := r.msgs[len(r.msgs)-1]
		if m == open || m.Roll.GivenUp == nil || m.Roll.GivenUp.ID != open.ID || !maps.Equal(m.Roll.GivenUp.Dice, open.Roll.Dice) {
			t.Fatalf("%s: the roll of another pool %+v: want it to give up %s", lang, m.Roll, open.ID)
		}
		blue.deliver()
		red.deliver()
		want := map[string]string{
			"en": "blue gave up attack roll " + open.ID + " (2 × red attack die: " + facesText(open.Roll.Result) +
				") and rolled another pool: 3 × black attack die: " + facesText(m.Roll.Result) + " (the server's dice)",
			"de": "Blau gab Angriffswurf " + open.ID + " auf (3 × schwarzer Angriffswürfel: " + facesText(open.Roll.Result) +
				") und würfelte einen anderen Pool: 2 × roter Angriffswürfel: " + facesText(m.Roll.Result) + " (Würfel des Servers)",
		}[lang]
		for _, p := range []*fakePage{blue, red} {
			if n := p.notes[len(p.notes)-1]; n != want {
				t.Errorf("%s: %s's note %q, want %q", lang, p.o.seat, n, want)
			}
		}
	}
}
