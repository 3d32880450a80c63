package rules

// German for the sentences of the moves' questions that have no answer (the errors of Maneuver,
// Reposition, Charge and Withdraw), which the app's move ops give as their refusal's reason under
// the ops' codes maneuver.query, charge.query and withdraw.query (ops/unit_maneuver.go,
// unit_charge.go, unit_withdraw.go), in the form of germanPatterns.
var germanMoveErrorPatterns = [][3]string{
	{"maneuver.query", "a trooper unit (round bases) makes only standard moves, not {1}", "eine Trupplereinheit (runde Basen) macht nur Standardbewegungen, keine {1}"},
	{"maneuver.query", "unit {1} may not reverse (ground, creature, emplacement or hover units only)", "Einheit {1} darf sich nicht rückwärts bewegen (nur Boden-, Kreaturen-, Stellungs- oder Schwebeeinheiten)"},
	{"maneuver.query", "unit {1} may not strafe (hover with side notches only)", "Einheit {1} darf sich nicht seitwärts bewegen (nur Schwebeeinheiten mit seitlichen Kerben)"},
	{"maneuver.query", "unit {1} has no compulsory move (speeder only)", "Einheit {1} hat keine Zwangsbewegung (nur Gleiter)"},
	{"maneuver.query", "a notched base moves along its facing: no heading (mini {1})", "eine Basis mit Einkerbungen bewegt sich entlang ihrer Ausrichtung: keine Richtung (Miniatur {1})"},
	{"maneuver.query", "a compulsory move takes no speed (it is made at the unit's speed)", "eine Zwangsbewegung hat keine Geschwindigkeit (sie wird mit der Geschwindigkeit der Einheit ausgeführt)"},
	{"maneuver.query", "a compulsory move takes no fraction (it is a full move)", "eine Zwangsbewegung hat keinen Anteil (sie ist eine volle Bewegung)"},
	{"maneuver.query", "speed must be 1, 2 or 3", "die Geschwindigkeit muss 1, 2 oder 3 sein"},
	{"maneuver.query", "unit {1} has no Reposition", "Einheit {1} hat kein Neupositionieren"},
	{"maneuver.query", "Reposition goes with a standard move, not a {1}", "Neupositionieren gehört zu einer Standardbewegung, nicht zu einer {1}"},
	{"charge.query", "unit {1} has no melee weapon: it cannot start a melee", "Einheit {1} hat keine Nahkampfwaffe: sie kann keinen Nahkampf beginnen"},
	{"charge.query", "unit {1} is not an enemy of {2}", "Einheit {1} ist kein Feind von {2}"},
	{"withdraw.query", "unit {1} is not engaged: it moves normally", "Einheit {1} ist nicht im Nahkampf: sie bewegt sich normal"},
}
