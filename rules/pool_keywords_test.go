package rules

import (
	"slices"
	"strings"
	"testing"
)

// TestPoolKeywordsWorded: the attack pool's reason names its keywords in German by the rulebook's
// names (Durchschlagen, Explosion, …) and "keine" for none — the German game panel read
// "Schlüsselwörter: none" — while the English text is as before.
func TestPoolKeywordsWorded(t *testing.T) {
	for _, tc := range []struct {
		name   string
		pool   AttackPool
		en, de string
	}{
		{"none", AttackPool{}, "none", "keine"},
		{"pierce and blast", AttackPool{Pierce: 1, Blast: true}, "Pierce 1, Blast", "Durchschlagen 1, Explosion"},
		{"every keyword", AttackPool{Pierce: 2, Impact: 1, Critical: 3, Ram: 1, Blast: true, HighVelocity: true, Suppressive: true, Cumbersome: true},
			"Pierce 2, Impact 1, Critical 3, Ram 1, Blast, High Velocity, Suppressive, Cumbersome",
			"Durchschlagen 2, Wucht 1, Kritisch 3, Rammen 1, Explosion, Hochgeschwindigkeit, Niederhaltend, Sperrig"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := say("attack.pool", CiteKeywordsAddUp, nil, 2, 0, 1, poolKeywords(&tc.pool))
			wantEN := "the pool: 2 red, 0 black, 1 white dice; keywords: " + tc.en
			wantDE := "der Pool: 2 rote, 0 schwarze, 1 weiße Würfel; Schlüsselwörter: " + tc.de
			if r.Text != wantEN {
				t.Errorf("English %q, want %q", r.Text, wantEN)
			}
			if got := ReasonIn(r, "de"); got != wantDE {
				t.Errorf("German %q, want %q", got, wantDE)
			}
			if de := PoolKeywordNames(&tc.pool, "de"); tc.de != "keine" && !slices.Equal(de, strings.Split(tc.de, ", ")) {
				t.Errorf("PoolKeywordNames de %q", de)
			}
		})
	}
}
