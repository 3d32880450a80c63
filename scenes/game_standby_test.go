package scenes

import (
	"fmt"
	"strings"
	"testing"

	"holotable/ops"
	"holotable/table"
)

// standbyDoc: a game in its activation phase, %s active, with the move record %s. sp (red) has a
// Sperrig mortar and a rifle, and a standby token; sb (red) a standby token and a Sperrig mortar
// only; rm (red) a gun with Ram 2 (4 black dice); en (blue, white defence die) 10" east of sp
// (range 2), 14.1" from sb (range 3), 22.4" from rm (range 4).
const standbyDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "units_on_table":[
  {"id":"sp","side":"red","type":"trooper","speed":2,"card":{"courage":1,"weapons":[{"name":"mortar","min":1,"max":4,"dice":{"red":1},"keywords":{"cumbersome":true}},{"name":"rifle","min":1,"max":3,"dice":{"white":1}}]},"minis":[{"id":"sp-1","leader":true,"x":10,"y":10,"base":"small","height":1.65}]},
  {"id":"sb","side":"red","type":"trooper","speed":2,"card":{"courage":1,"weapons":[{"name":"mortar","min":1,"max":4,"dice":{"red":1},"keywords":{"cumbersome":true}}]},"minis":[{"id":"sb-1","leader":true,"x":10,"y":20,"base":"small","height":1.65}]},
  {"id":"rm","side":"red","type":"trooper","speed":2,"card":{"courage":1,"weapons":[{"name":"gun","min":1,"max":4,"dice":{"black":4},"keywords":{"ram":2}}]},"minis":[{"id":"rm-1","leader":true,"x":10,"y":30,"base":"small","height":1.65}]},
  {"id":"en","side":"blue","type":"trooper","card":{"courage":1,"defence":"white","wounds":3},"minis":[{"id":"en-1","leader":true,"x":20,"y":10,"base":"small","height":1.65}]}],
 "game":{"round":2,"rounds":6,"phase":"activation","active":"%s","moves":[%s],
  "sides":{"blue":{"side":"blue"},"red":{"side":"red"}},
  "units":[{"unit":"sp","colour":"red","rank":"corps","tokens":{"standby":1}},{"unit":"sb","colour":"red","rank":"corps","tokens":{"standby":1}},
   {"unit":"rm","colour":"red","rank":"corps"},{"unit":"en","colour":"blue","rank":"corps"}]}}`

// standbyScene is the game tool on standbyDoc with active unit active and the record moves.
func standbyScene(t *testing.T, active, moves string) *TableScene {
	t.Helper()
	s := mapScene(t, "game", fmt.Appendf(nil, standbyDoc, active, moves))
	edMust(t, s, "tool", "game")
	return s
}

func standbyOf(st gameState, unit string) *standbyState {
	for i := range st.Standby {
		if st.Standby[i].Unit == unit {
			return &st.Standby[i]
		}
	}
	return nil
}

func optionOf(st gameState, mini, weapon string) *weaponOption {
	for i := range st.Attack.Options {
		if o := &st.Attack.Options[i]; o.Mini == mini && o.Weapon == weapon {
			return o
		}
	}
	return nil
}

// TestGameStandbyAttack (D134, D149; RRG 2.0 Bereitschaft L3655–3659, L3679–3680, Sperrig
// L10326–10335): sb, which moved during sp's activation (a free move action), holds a standby
// token: the panel offers it a standby attack, and refuses one of sp, the active unit, with the
// rules' reason. sb's Sperrig mortar does not join an ordinary attack after the move (its row says
// why) but joins the standby attack (its row carries the standby note, the pool's note too); the
// op rolled and applied is a game.attack with standby, and sb's token is gone after it. The
// active sp's standby attack is not allowed and does not roll.
func TestGameStandbyAttack(t *testing.T) {
	s := standbyScene(t, "sp", `{"unit":"sb","move":"standard","during":"sp"}`)
	st := gameCmd(t, s, map[string]any{"action": "state"})
	if sb := standbyOf(st, "sb"); sb == nil || !sb.Allowed || sb.Why != "" {
		t.Fatalf("sb's standby: %+v", sb)
	}
	if sp := standbyOf(st, "sp"); sp == nil || sp.Allowed || !strings.Contains(sp.Why, "sp is the active unit") {
		t.Fatalf("sp's standby: %+v", sp)
	}
	if standbyOf(st, "rm") != nil {
		t.Fatal("rm holds no standby token")
	}

	st = gameCmd(t, s, map[string]any{"action": "attack", "attacker": "sb", "defender": "en"})
	if o := optionOf(st, "sb-1", "mortar"); o == nil || o.Joins || !strings.Contains(o.Why, "mortar is Cumbersome and sb moved in this activation") ||
		st.Attack.Pool != nil || st.Attack.Standby {
		t.Fatalf("an ordinary attack after the move: %+v %+v", o, st.Attack)
	}

	st = gameCmd(t, s, map[string]any{"action": "attack", "attacker": "sb", "defender": "en", "standby": true})
	o := optionOf(st, "sb-1", "mortar")
	if o == nil || !o.Joins || !strings.Contains(o.Why, "a standby attack may use it although sb moved") ||
		!st.Attack.Standby || !st.Attack.Allowed || st.Attack.Pool == nil || st.Attack.Pool.Red != 1 {
		t.Fatalf("the standby attack: %+v %+v", o, st.Attack)
	}
	if n := st.Attack.Pool.Notes; len(n) != 1 || n[0] != T("play.pool.cumbersomeStandby") {
		t.Fatalf("the pool's notes %q", n)
	}
	st = gameCmd(t, s, map[string]any{"action": "roll", "attack": map[string]int{"hit": 1}, "defence": map[string]int{"blank": 1}})
	if st.Attack.Rolled == nil || st.Attack.Rolled.Wounds != 1 {
		t.Fatalf("rolled %+v", st.Attack.Rolled)
	}
	n := s.Doc().Log().Len()
	st = gameCmd(t, s, map[string]any{"action": "apply"})
	if s.Doc().Log().Len() != n+1 {
		t.Fatal("apply submitted no op")
	}
	op, ok := s.Doc().Log().Entry(n + 1).Op.(*ops.GameAttack)
	if !ok || !op.Standby || op.Attacker != "sb" || len(op.Weapons) != 1 || op.Weapons[0] != (ops.AttackWeapon{Mini: "sb-1", Weapon: "mortar"}) {
		t.Fatalf("the op submitted: %+v", s.Doc().Log().Entry(n+1).Op)
	}
	g := s.Doc().File().Game
	if g.Unit("sb").Tokens[table.TokenStandby] != 0 || standbyOf(st, "sb") != nil || len(g.Moves) != 1 {
		t.Fatalf("after the standby attack: tokens %v, state %+v, record %+v", g.Unit("sb").Tokens, st.Standby, g.Moves)
	}

	// The active unit's standby attack: not allowed, with the reason; no roll.
	st = gameCmd(t, s, map[string]any{"action": "attack", "attacker": "sp", "defender": "en", "standby": true})
	if st.Attack.Allowed || !strings.Contains(strings.Join(st.Attack.Reasons, " "), "sp is the active unit") {
		t.Fatalf("sp's standby attack: %+v", st.Attack)
	}
	if _, err := edCmd(t, s, "game", map[string]any{"action": "roll", "attack": map[string]int{"hit": 1}, "defence": map[string]int{}}); err == nil {
		t.Fatal("sp's standby attack rolled")
	}
}

// TestGamePoolRamCumbersome (D135, D150; RRG 2.0 Rammen X L8898–8934, Sperrig L10320–10324): the
// pool's notes. rm's Ram 2 gun after its full standard move at max speed: ready, then rolled
// 1 hit and 3 blanks (4 dice) — 2 blanks became crits, 0 hits (blanks first); without the move the rules'
// reason that it changes nothing. sp's ordinary attack with its Sperrig mortar before any move:
// the note that it makes no move but pivots afterwards. The same notes in German, and no English
// word in the German state.
func TestGamePoolRamCumbersome(t *testing.T) {
	ram := func(moves string) *TableScene {
		s := standbyScene(t, "rm", moves)
		gameCmd(t, s, map[string]any{"action": "attack", "attacker": "rm", "defender": "en"})
		return s
	}
	s := ram(`{"unit":"rm","move":"standardFull","during":"rm"}`)
	st := gameCmd(t, s, map[string]any{"action": "state"})
	if p := st.Attack.Pool; p == nil || p.Black != 4 || len(p.Notes) != 1 || p.Notes[0] != T("play.pool.ram", 2, 2) {
		t.Fatalf("Ram ready: %+v", st.Attack.Pool)
	}
	st = gameCmd(t, s, map[string]any{"action": "roll", "attack": map[string]int{"hit": 1, "blank": 3}, "defence": map[string]int{"blank": 3}})
	if p := st.Attack.Pool; len(p.Notes) != 1 || p.Notes[0] != "Ram 2: 2 blanks and 0 hits became crits" ||
		st.Attack.Rolled.Hits != 1 || st.Attack.Rolled.Crits != 2 || st.Attack.Rolled.Wounds != 3 {
		t.Fatalf("Ram rolled: %+v %+v", p, st.Attack.Rolled)
	}

	st = gameCmd(t, ram(""), map[string]any{"action": "state"})
	if p := st.Attack.Pool; p == nil || len(p.Notes) != 1 || !strings.HasPrefix(p.Notes[0], "Ram 2: rm made no full standard move at max speed in this activation") {
		t.Fatalf("Ram not ready: %+v", st.Attack.Pool)
	}

	sp := standbyScene(t, "sp", "")
	st = gameCmd(t, sp, map[string]any{"action": "attack", "attacker": "sp", "defender": "en", "weapons": map[string]string{"sp-1": "mortar"}})
	if p := st.Attack.Pool; p == nil || len(p.Notes) != 1 || p.Notes[0] != T("play.pool.cumbersome") {
		t.Fatalf("Sperrig in the pool: %+v", st.Attack.Pool)
	}

	if err := SetLanguage("de"); err != nil {
		t.Fatal(err)
	}
	defer SetLanguage("en")
	d := germanDump{}
	d.scene("sperrig", sp)
	s = ram(`{"unit":"rm","move":"standardFull","during":"rm"}`)
	d.scene("ram", s)
	gameCmd(t, s, map[string]any{"action": "roll", "attack": map[string]int{"hit": 1, "blank": 3}, "defence": map[string]int{"blank": 3}})
	d.scene("ram rolled", s)
	d.scene("ram not ready", ram(""))
	sb := standbyScene(t, "sp", `{"unit":"sb","move":"standard","during":"sp"}`)
	gameCmd(t, sb, map[string]any{"action": "attack", "attacker": "sb", "defender": "en"})
	d.scene("sperrig moved", sb)
	st = gameCmd(t, sb, map[string]any{"action": "attack", "attacker": "sb", "defender": "en", "standby": true})
	d.scene("standby", sb)
	if p := st.Attack.Pool; p == nil || p.Notes[0] != "Sperrig: ein Bereitschaftsangriff darf sie nach einer Bewegung verwenden" ||
		!strings.Contains(p.Keywords, "Sperrig") { // the pool's keywords by their German names (they read "Cumbersome")
		t.Fatalf("German notes %+v", st.Attack.Pool)
	}
	if e := d.english(); len(e) > 0 {
		t.Errorf("English in the German state:\n%s", strings.Join(e, "\n"))
	}
	for _, want := range []string{"Rammen 2: 2 Leerseiten und 0 Treffer wurden kritische Treffer", "Sperrig: nach diesem Angriff",
		"hat in dieser Aktivierung keine vollständige Standardbewegung", "ist sperrig und sb hat sich", "ist die aktivierte Einheit"} {
		found := false
		for k := range d {
			found = found || strings.Contains(k, want)
		}
		if !found {
			t.Errorf("the German state lacks %q", want)
		}
	}
}
