package rules

import (
	"strings"
	"testing"

	"holotable/table"
)

// carriedGameDoc is carriedDoc with a game in its activation phase (active: cq, the closed
// transport's unit; cq and sq hold 1 aim and 1 suppression token, c 1 damaged token).
var carriedGameDoc = strings.TrimSuffix(carriedDoc, "}") + `,
 "game":{"round":1,"rounds":6,"phase":"activation","active":"cq",
  "sides":{"blue":{"side":"blue"},"red":{"side":"red"}},
  "units":[{"unit":"t","colour":"blue","rank":"heavy"},{"unit":"sq","colour":"blue","rank":"corps","tokens":{"aim":1,"suppression":1}},
   {"unit":"c","colour":"blue","rank":"heavy","tokens":{"damaged":1}},{"unit":"cq","colour":"blue","rank":"corps","tokens":{"aim":1,"suppression":1}},
   {"unit":"en","colour":"red","rank":"corps"},{"unit":"touch","colour":"red","rank":"corps"}]}}`

// refusedBy is the rule of err's last reason ("" when err is not a refusal).
func refusedBy(err error) Code {
	if r, ok := err.(*Refusal); ok && len(r.Reasons) > 0 {
		return r.Reasons[len(r.Reasons)-1].Rule
	}
	return ""
}

// TestClosedTransportNoActions (RRG 2.0 Transportiert L10837–10842, L10854–10867, L10913–10921):
// cq, in the closed transport c, in its own activation takes no Aim, Dodge, Standby or Recover
// (the token changes those actions make) and spends no aim token at any time; it still gains a
// token from a card effect outside its activation and suppression at any time; it uses no Repair.
// sq, in the open transport t, does all of it.
func TestClosedTransportNoActions(t *testing.T) {
	for _, c := range []struct {
		name   string
		active string
		unit   string
		kind   table.TokenKind
		delta  int
		want   Code
	}{
		{"aim action", "cq", "cq", table.TokenAim, 1, "transport.noAction"},
		{"dodge action", "cq", "cq", table.TokenDodge, 1, "transport.noAction"},
		{"standby action", "cq", "cq", table.TokenStandby, 1, "transport.noAction"},
		{"recover action", "cq", "cq", table.TokenSuppression, -1, "transport.noAction"},
		{"aim spent", "cq", "cq", table.TokenAim, -1, "transport.noSpend"},
		{"aim spent outside its activation", "en", "cq", table.TokenAim, -1, "transport.noSpend"},
		{"suppression gained", "cq", "cq", table.TokenSuppression, 1, ""},
		{"a card effect's aim outside its activation", "en", "cq", table.TokenAim, 1, ""},
		{"open transport: aim action", "sq", "sq", table.TokenAim, 1, ""},
		{"open transport: aim spent", "sq", "sq", table.TokenAim, -1, ""},
		{"open transport: recover", "sq", "sq", table.TokenSuppression, -1, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := world(t, carriedGameDoc)
			w.File.Game.Active = c.active
			st, err := w.ChangeTokens(c.unit, c.kind, c.delta)
			if got := refusedBy(err); got != c.want || (c.want == "" && err != nil) {
				t.Fatalf("refused by %q (%v), want %q", got, err, c.want)
			}
			if c.want != "" {
				if r := err.(*Refusal).Reasons[0]; r.Cite != CiteTransportedNoActions || !strings.Contains(r.Text, "closed transport c") {
					t.Errorf("reason %+v", r)
				}
				return
			}
			if n := st.File.Game.Unit(c.unit).Tokens[c.kind]; n != w.File.Game.Unit(c.unit).Tokens[c.kind]+c.delta {
				t.Errorf("tokens %d", n)
			}
		})
	}
	w := world(t, carriedGameDoc)
	repair := Heal{Unit: "c", Ability: HealRepair, By: "cq", Card: "kit", X: 1, Capacity: 1, Tokens: []table.TokenKind{table.TokenDamaged}}
	if _, err := w.Heal(repair); refusedBy(err) != "transport.noAction" {
		t.Errorf("cq's Repair: %v", err)
	}
	w.File.Game.Active = "sq"
	repair.By = "sq"
	if _, err := w.Heal(repair); err != nil && refusedBy(err) == "transport.noAction" {
		t.Errorf("sq's Repair in the open transport: %v", err)
	}
}
