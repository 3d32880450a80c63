package rules

// Rulebook references of the moves beyond the standard move, the firing arcs and climbing
// (rules/maneuver.go, arc.go, climb.go, pivot.go, melee.go, displace.go, transport.go, jump.go).
// RRG 2.0 = seed 000, by line; "spec v1.1" = shared/spec/scenario-v1.md, "Facing, the other moves,
// firing arcs and climbing".
const (
	CiteNotchFacing     = "RRG 2.0 Bewegung L3925–3937, Einkerbungen L5295–5310 (a notched base ends with its notches parallel to the section of the tool it reached; a full move ends with the far notch on the tool's end)"
	CiteReverse         = "RRG 2.0 Rückwärtsbewegung L9414–9489 (tool in the rear notch; ground vehicles, creature and emplacement troopers; speed −1, −2 through difficult terrain, at least 1)"
	CiteStrafe          = "RRG 2.0 Seitwärtsbewegung L10108–10161 (Hover and side notches; tool in a side notch, facing kept; speed −1, −2 through difficult terrain, at least 1)"
	CiteHover           = "RRG 2.0 Schweben: Boden / Luft X L9940–10020 (Hover grants reverse moves, and strafes with side notches)"
	CitePassOver        = "RRG 2.0 Gleiter X L6792–6798, Schweben L9995–10002 (Speeder X and Hover: Air X move over terrain of height X or less and may end on it)"
	CiteCompulsory      = "RRG 2.0 Zwangsbewegung L12139–12165, Gleiter X L6754–6774 (a compulsory move is a full standard move at max speed; it counts as max speed even when that is reduced)"
	CiteCompulsoryShort = "RRG 2.0 Zwangsbewegung L12155–12163, Gleiter X L6762–6771 (if the full move cannot be made, a partial move as far as possible along the tool, and wounds equal to the max speed)"
	CiteArcs            = "RRG 2.0 Feuerwinkel L6106–6148 (arc lines from the base centre, extended as straight lines; any part of a base in an arc puts its unit in that arc)"
	CiteFixedArc        = "RRG 2.0 Fester Feuerwinkel: Front/Heck L6008–6031 (the weapon adds dice only when the defender is in that arc of the attacking mini; with several attacking minis, each needs a defending mini in its own arc)"
	CiteWeakPoint       = "RRG 2.0 Schwachstelle X: Heck/Seiten L9923–9939 (the attacker's unit leader in the defender's named arc: the pool gains Impact X; for an area weapon the token is the leader)"
	CiteClamber         = "RRG 2.0 Klimmen und Klettern L7459–7469 (a trooper leader in base contact with vertical terrain; 2 actions, up to height 1, no dice; placed on the flat top as near the edge as possible)"
	CiteClimb           = "RRG 2.0 Klimmen und Klettern L7471–7491 (1 action up to height 1, 2 actions up to height 2; 1 white die per mini, 2 for height 2)"
	CiteExpertClimber   = "RRG 2.0 Geübter Kletterer L6702–6711, Klimmen und Klettern L7492–7494 (no dice, no wounds when climbing)"
	CiteClimbFits       = "RRG 2.0 Klimmen und Klettern L7595–7601 (the leader's base must have room on the surface)"
	CiteClimbWho        = "RRG 2.0 Klimmen und Klettern L7459, L7604–7606 (trooper unit leaders only; vehicles cannot)"
	CiteClimbPlace      = "RRG 2.0 Klimmen und Klettern L7559–7563 (the leader is placed at the edge nearest the point it touched)"
	CiteVertCohesion    = "RRG 2.0 Klimmen und Klettern L7531–7558, Vertikale Formation L1747–1760 (within height 1 of the leader; minis below the leader's piece in base contact with it; no higher than the level the leader climbed to)"
	CitePivotSweep      = "RRG 2.0 Drehung L5040–5047 (a non-round base may not overlap other bases during a pivot unless it can displace them; a ground vehicle's displaces troopers)"
	CiteFullPivot       = "RRG 2.0 Volle Drehung L11548–11553 (pivot up to 360°)"
	CiteReposition      = "RRG 2.0 Neupositionieren L8373–8400 (one pivot before or after a standard move, not both)"
	CiteJump            = "RRG 2.0 Springen X L10370–10423 (a move ignoring terrain and minis of height X or less, measured from the start; it may end on such terrain or at any height below the start; difficult terrain ignored; it may not end on a base)"
	CiteWithdraw        = "RRG 2.0 Rückzug L9490–9537 (an engaged trooper unit's speed-1 move; it may not end in melee with the unit it withdrew from)"
	CiteMeleeStart      = "RRG 2.0 Nahkampf L8200–8239 (the leader moves into base contact with an enemy mini, the others into contact with the same enemy unit in cohesion, then the opponent's minis not in contact, if it has a melee weapon)"
	CiteMeleeOneUnit    = "RRG 2.0 Nahkampf L8241–8247 (a unit may not be moved so that its minis are in base contact with more than one enemy unit)"
	CiteMeleeWeapon     = "RRG 2.0 Nahkampf L8249–8250, Basiskontakt L3282–3287 (a unit without a melee weapon cannot start a melee or move into base contact with enemies)"
	CiteEngaged         = "RRG 2.0 Handgemenge L6909–6934, Nahkampf L8178–8186 (base contact with an enemy mini: in melee; two trooper units in melee are engaged)"
	CiteTolerance       = "RRG 2.0 Toleranzbereich L1865–1894 (minis that cannot touch because of non-base parts are treated as in base contact until one of them moves)"
	CiteDisplace        = "RRG 2.0 Verdrängung L11342–11371 (ground vehicles and creature troopers moving through troopers, a repulsor's compulsory move ending on troopers; engaged, creature and emplacement troopers cannot be displaced)"
	CiteDisplacePlace   = "RRG 2.0 Verdrängung L11372–11420 (set aside; the other player re-places them in cohesion, a displaced leader within speed 1 of its old place, not in base contact with enemies, on its level if possible; 1 suppression per unit)"
	CiteEmbark          = "RRG 2.0 Ein- und Aussteigen L5132–5145 (a speed-1 move placing the leader in base contact with a friendly transport that can carry the unit)"
	CiteDisembark       = "RRG 2.0 Ein- und Aussteigen L5151–5181 (the leader placed in base contact with the vehicle, then a speed-1 move; never into base contact with enemies)"
	CiteTransported     = "RRG 2.0 Transportiert L10843–10848, L10930–10938 (range and line of sight from and to the transporting vehicle's base)"
)
