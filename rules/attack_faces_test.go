package rules

import (
	"testing"

	"holotable/table"
)

// Single dice set by the players (D113): the blank of TestResolveAttackSteps' roll set to a hit
// ("that die was a hit"): Critical 1 and the card make 3 hits, 2 crits, the dodge cancels a hit:
// 2 hits, 2 crits, 4 white defence dice; one of their blanks set to a block: 2 blocks and a surge
// the card converts, 3 blocks, 4 − 3 = 1 wound. The rolled faces are kept and said in a Golden
// Rule reason in English and German; rolled faces of another number of dice are refused.
func TestResolveAttackFacesEdited(t *testing.T) {
	w := world(t, squadDoc)
	f, _ := cloneFile(w.File)
	f.Game.Unit("tgt").Tokens = table.Tokens{table.TokenDodge: 1}
	w = NewWorld(f)
	a, _ := w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Weapons: map[string]string{"sq-1": "E-11", "sq-2": "E-11", "sq-3": "E-11", "sq-4": "DLT-19"}})
	rolled := map[string]int{"hit": 1, "surge": 2, "critical": 1, "blank": 1}
	set := map[string]int{"hit": 2, "surge": 2, "critical": 1}
	o, err := w.ResolveAttack(a, AttackRoll{Attack: set, AttackRolled: rolled, Dodges: 1,
		Defence: map[string]int{"block": 2, "surge": 1, "blank": 1}, DefenceRolled: map[string]int{"block": 1, "surge": 1, "blank": 2}})
	if err != nil {
		t.Fatal(err)
	}
	if o.Final != (HitsCrits{2, 2}) || o.DefenceDice != 4 || o.Blocks != 3 || o.Wounds != 1 {
		t.Fatalf("%+v", o)
	}
	var texts []string
	for _, r := range o.Reasons {
		if r.Rule == "pool.facesEdited" {
			texts = append(texts, r.Text, ReasonIn(r, "de"))
		}
	}
	want := []string{
		"attack dice set by the players: 2× hit, 1× critical, 2× surge (rolled: 1× hit, 1× critical, 2× surge, 1× blank)",
		"Angriff-Würfel von den Spielern gesetzt: 2× Treffer, 1× Kritisch, 2× Energie (gewürfelt: 1× Treffer, 1× Kritisch, 2× Energie, 1× leer)",
		"defence dice set by the players: 2× block, 1× surge, 1× blank (rolled: 1× block, 1× surge, 2× blank)",
		"Verteidigung-Würfel von den Spielern gesetzt: 2× Abwehr, 1× Energie, 1× leer (gewürfelt: 1× Abwehr, 1× Energie, 2× leer)",
	}
	for i := range want {
		if i >= len(texts) || texts[i] != want[i] {
			t.Fatalf("reasons %q, want %q", texts, want)
		}
	}
	if _, err := w.ResolveAttack(a, AttackRoll{Attack: set, AttackRolled: map[string]int{"hit": 4}, Dodges: 1,
		Defence: map[string]int{"block": 2, "surge": 1, "blank": 1}}); err == nil {
		t.Fatal("rolled faces of 4 dice for a pool of 5 accepted")
	}
}
