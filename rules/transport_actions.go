package rules

import (
	"maps"

	"holotable/table"
)

// What a unit carried in a closed transport may do in the game's steps (issue 14, D136): "Solange
// eine Einheit transportiert wird, kann sie keine Marker ausgeben" and "… keine Aktionen
// durchführen, abgesehen von der Aussteigen‑Aktion (einschließlich freier Aktionen)" (RRG 2.0
// Transportiert L10837–10842). It still gains tokens from card effects, removes them at the end
// of the round, suffers wounds, rallies when it activates and is issued orders
// (L10854–10867), so those steps are not limited; it neither attacks nor defends (L10851–10852,
// transport_measure.go) and its only move is the disembark (it has no places on the table). The
// steps that are its actions or spends are refused here:
//
//   - Treat or Repair used by it (a card ability used as an action or free action, Behandlung X
//     L3531–3533; World.Heal's By);
//   - a token change that is one of its actions in its own activation — a gained aim, dodge or
//     standby token (the Aim, Dodge and Standby actions) or suppression taken away (Recover);
//   - a token spent: aim, dodge, surge or standby tokens taken away at any time.
//
// An open transport's unit may spend tokens and act (L10913–10915, L10919–10921); nothing is limited for it.

// CiteTransportedNoActions: a closed transport's unit spends no tokens and acts only to disembark.
const CiteTransportedNoActions = "RRG 2.0 Transportiert L10837–10842 (a unit in a closed transport cannot spend tokens and performs no actions but disembarking, free actions included)"

func init() {
	maps.Copy(gameWords, map[Code][2]string{
		"transport.noAction": {"%s is in the closed transport %s: it performs no action but disembarking (here: %s)", "%s ist im geschlossenen Transporter %s: sie führt keine Aktion außer Aussteigen durch (hier: %s)"},
		"transport.noSpend":  {"%s is in the closed transport %s: it cannot spend its %s tokens", "%s ist im geschlossenen Transporter %s: sie kann ihre %s-Marker nicht ausgeben"},
	})
}

// closedCarrier is the closed transport carrying unit (nil when it is not carried, or carried by
// an open one).
func (w *World) closedCarrier(unit string) *Unit {
	tr, ok := w.Transported(unit)
	if !ok || tr.Open {
		return nil
	}
	return tr.Vehicle
}

// carriedAction refuses an action of unit (what, its name) when it is in a closed transport.
func (w *World) carriedAction(unit string, what word) error {
	if v := w.closedCarrier(unit); v != nil {
		return refuse("transport.noAction", CiteTransportedNoActions, []string{unit, v.ID}, unit, v.ID, what)
	}
	return nil
}

// carriedTokens refuses a change of delta tokens of kind on unit in a closed transport when it is
// a spend or one of its actions in its own activation (g.Active): see above.
func (w *World) carriedTokens(g *table.Game, unit string, kind table.TokenKind, delta int) error {
	v := w.closedCarrier(unit)
	if v == nil {
		return nil
	}
	spent := map[table.TokenKind]bool{table.TokenAim: true, table.TokenDodge: true, table.TokenSurge: true, table.TokenStandby: true}
	if delta < 0 && spent[kind] {
		return refuse("transport.noSpend", CiteTransportedNoActions, []string{unit, v.ID}, unit, v.ID, tokenWord(kind))
	}
	if g.Active != unit {
		return nil
	}
	actions := map[table.TokenKind]word{table.TokenAim: {"the Aim action", "die Aktion Zielen"}, table.TokenDodge: {"the Dodge action", "die Aktion Ausweichen"},
		table.TokenStandby: {"the Standby action", "die Aktion Bereitschaft"}}
	if a, ok := actions[kind]; ok && delta > 0 {
		return w.carriedAction(unit, a)
	}
	if kind == table.TokenSuppression && delta < 0 {
		return w.carriedAction(unit, word{"the Recover action", "die Aktion Erholen"})
	}
	return nil
}
