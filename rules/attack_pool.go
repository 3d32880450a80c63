package rules

import (
	"slices"
	"strconv"
	"strings"

	"holotable/maps"
	"holotable/table"
)

// Rolling and resolving an attack pool (RRG 2.0 Angriff steps 4–10, L2398–2593): the attack roll,
// surges converted (Critical X first), dodge and cover (in Spezialeinsätze cover converts defence
// surges instead), Impact against Armor, the defence roll of the card's colour, Pierce, the wounds
// and where they go, and the suppression a ranged attack leaves. Every step's numbers are in the
// outcome, and the players may overrule a step (AttackRoll's After fields) before ApplyAttack puts
// the outcome on the table as one step.

// HitsCrits is the attack result after a step.
type HitsCrits struct{ Hits, Crits int }

// AttackRoll is what the players rolled and chose for one pool. Attack and Defence are the faces
// rolled, by symbol (maps.SymHit …). SurgeTokens, Dodges and DefenceSurgeTokens are the tokens
// spent. AttackAfter and BlocksAfter, when set, replace the result of "modify attack dice" and
// "modify defence dice" (rerolls and card abilities the app does not know). WoundOrder and
// NewLeader are the defending player's choices (AssignWounds).
type AttackRoll struct {
	Attack             map[string]int
	SurgeTokens        int
	Dodges             int
	Defence            map[string]int
	DefenceSurgeTokens int
	AttackAfter        *HitsCrits
	BlocksAfter        *int
	WoundOrder         []string
	NewLeader          string
	// AttackRolled and DefenceRolled, when set, are the faces as the dice fell and Attack and
	// Defence the faces as the players set single dice afterwards ("that die was a crit"): the same
	// number of dice, the change a Golden Rule reason (pool.facesEdited).
	AttackRolled, DefenceRolled map[string]int
}

// AttackOutcome is a resolved pool: each step's numbers and the reasons.
type AttackOutcome struct {
	Rolled                          HitsCrits // after converting surges
	CritByKeyword, SurgeByCard      int
	CoverCancelled, DodgeCancelled  int
	RamBlanks, RamHits              int // results Ram X changed to crits (CiteRam)
	ImpactConverted, ArmorCancelled int
	Final                           HitsCrits // after modifying the attack dice
	DefenceDice                     int       // one per hit and crit
	DefenceDie                      string    // "red" or "white" ("" when the card does not say)
	Blocks, CoverBlocks             int       // after converting surges; CoverBlocks from Spezialeinsätze cover
	PierceCancelled                 int
	FinalBlocks                     int
	Wounds                          int
	Assignment                      WoundAssignment
	Suppression                     int // suppression tokens the defender gains
	Spent                           struct{ SurgeTokens, Dodges, DefenceSurgeTokens int }
	Reasons                         []Reason
}

// RollAttack rolls the pool's attack dice with the roller (maps/dice red, black and white attack
// dice) and returns the faces by symbol.
func (r *Roller) RollAttack(p *AttackPool) (map[string]int, error) {
	pool, err := PoolOf(map[string]int{"red-attack": p.Dice.Red, "black-attack": p.Dice.Black, "white-attack": p.Dice.White})
	if err != nil {
		return nil, err
	}
	return r.Roll(pool).Tally, nil
}

// RollDefence rolls n defence dice of colour ("red" or "white").
func (r *Roller) RollDefence(n int, colour string) (map[string]int, error) {
	pool, err := PoolOf(map[string]int{colour + "-defence": n})
	if err != nil {
		return nil, err
	}
	return r.Roll(pool).Tally, nil
}

// tally checks rolled faces: known symbols of the kind, n dice in all.
func tally(faces map[string]int, allowed []string, n int, field string) error {
	total := 0
	for s, k := range faces {
		if !slices.Contains(allowed, s) || k < 0 {
			return refuse("pool.face", CiteDice, nil, field, s)
		}
		total += k
	}
	if total != n {
		return refuse("pool.count", CiteDice, nil, field, n, total)
	}
	return nil
}

// ResolveAttack resolves the pool of attack a (a.Pool, chosen by Attack's Weapons) with the
// players' roll r, step by step (see AttackOutcome). Tokens spent must be tokens the units have.
func (w *World) ResolveAttack(a AttackAnswer, r AttackRoll) (AttackOutcome, error) {
	var o AttackOutcome
	if a.Pool == nil || !a.Allowed {
		return o, refuse("pool.none", CiteWeaponJoins, nil, a.Attacker)
	}
	// A carried attacker or defender is resolved where Attack answered it: in its vehicle's
	// place (StandIn; its minis, card and tokens are its own, D138).
	w, _ = w.StandIn(a.Attacker, a.Defender)
	u, err := w.Unit(a.Attacker)
	if err != nil {
		return o, err
	}
	v, err := w.Unit(a.Defender)
	if err != nil {
		return o, err
	}
	p := a.Pool
	attackSyms := []string{maps.SymHit, maps.SymCritical, maps.SymSurge, maps.SymBlank}
	if err := tally(r.Attack, attackSyms, p.Dice.Total(), "attack"); err != nil {
		return o, err
	}
	if r.AttackRolled != nil {
		if err := tally(r.AttackRolled, attackSyms, p.Dice.Total(), "attackRolled"); err != nil {
			return o, err
		}
		o.Reasons = append(o.Reasons, facesEdited("attack", attackSyms, r.AttackRolled, r.Attack))
	}
	ur, vr := w.gameRecord(u.ID), w.gameRecord(v.ID)
	have := func(rec *table.GameUnit, k table.TokenKind) int {
		if rec == nil {
			return 0
		}
		return rec.Tokens[k]
	}
	for _, t := range []struct {
		n, have int
		unit    string
		kind    table.TokenKind
	}{{r.SurgeTokens, have(ur, table.TokenSurge), u.ID, table.TokenSurge}, {r.Dodges, have(vr, table.TokenDodge), v.ID, table.TokenDodge},
		{r.DefenceSurgeTokens, have(vr, table.TokenSurge), v.ID, table.TokenSurge}} {
		if t.n < 0 || t.n > t.have {
			return o, refuse("pool.tokens", CiteTokenBeside, []string{t.unit}, t.unit, t.have, tokenWord(t.kind), t.n)
		}
	}

	// 4c: convert surges — Critical X first, then the unit card (or surge tokens).
	att := map[string]int{maps.SymHit: r.Attack[maps.SymHit], maps.SymCritical: r.Attack[maps.SymCritical],
		maps.SymSurge: r.Attack[maps.SymSurge], maps.SymBlank: r.Attack[maps.SymBlank]}
	o.CritByKeyword = min(p.Critical, att[maps.SymSurge])
	att[maps.SymSurge] -= o.CritByKeyword
	att[maps.SymCritical] += o.CritByKeyword
	if o.CritByKeyword > 0 {
		o.Reasons = append(o.Reasons, say("pool.critical", CiteCritical, nil, p.Critical, o.CritByKeyword))
	}
	card := SurgeNone
	if u.Card != nil {
		card = SurgeTo(u.Card.SurgeAttack)
	}
	conv, err := ConvertAttack(att, card, r.SurgeTokens)
	if err != nil {
		return o, err
	}
	o.SurgeByCard, o.Spent.SurgeTokens = conv.ByCard, conv.TokensSpent
	o.Rolled = HitsCrits{conv.Hits, conv.Crits}
	o.Reasons = append(o.Reasons, conv.Reasons...)
	o.Reasons = append(o.Reasons, say("pool.rolled", CiteSurgeConvert, nil, o.Rolled.Hits, o.Rolled.Crits))
	hits, crits := o.Rolled.Hits, o.Rolled.Crits

	// 5: dodge and cover cancel hits, never crits; cover only against a ranged attack.
	specops := w.File.Ruleset == "specops"
	cover := int(a.Cover) // light cancels one hit, heavy two
	if p.Ranged && !specops && cover > 0 && !p.Blast {
		o.CoverCancelled = min(cover, hits)
		hits -= o.CoverCancelled
		o.Reasons = append(o.Reasons, say("pool.cover", CiteCoverCancels, nil, coverWord(a.Cover), o.CoverCancelled))
	}
	switch {
	case r.Dodges > 0 && p.HighVelocity:
		o.Reasons = append(o.Reasons, say("pool.highVelocity", CiteHighVelocity, nil))
	case r.Dodges > 0:
		o.DodgeCancelled = min(r.Dodges, hits)
		o.Spent.Dodges = r.Dodges
		hits -= o.DodgeCancelled
		o.Reasons = append(o.Reasons, say("pool.dodge", CiteDodge, nil, r.Dodges, o.DodgeCancelled))
	}

	// 6: modify the attack dice — Ram X (blanks first, then hits), Impact against Armor, then Armor.
	if p.Ram > 0 && p.RamReady {
		o.RamBlanks, o.RamHits = ramConvert(p.Ram, att[maps.SymBlank], hits)
		hits -= o.RamHits
		crits += o.RamBlanks + o.RamHits
		o.Reasons = append(o.Reasons, say("pool.ram", CiteRam, []string{u.ID}, p.Ram, u.ID, o.RamBlanks, o.RamHits))
	}
	if v.Keywords.Armor.Has {
		o.ImpactConverted = min(p.Impact, hits)
		hits -= o.ImpactConverted
		crits += o.ImpactConverted
		if o.ImpactConverted > 0 {
			o.Reasons = append(o.Reasons, say("pool.impact", CiteImpact, nil, p.Impact, o.ImpactConverted))
		}
		o.ArmorCancelled = hits
		if x := int(v.Keywords.Armor.X); x > 0 {
			o.ArmorCancelled = min(x, hits)
		}
		hits -= o.ArmorCancelled
		if o.ArmorCancelled > 0 {
			o.Reasons = append(o.Reasons, say("pool.armor", CiteArmor, []string{v.ID}, v.ID, o.ArmorCancelled))
		}
	}
	o.Final = HitsCrits{hits, crits}
	if r.AttackAfter != nil {
		o.Final = *r.AttackAfter
		o.Reasons = append(o.Reasons, say("pool.adjusted", CiteGoldenRule, nil, o.Final.Hits, o.Final.Crits))
	}

	// 7: defence dice, one per hit and crit, of the defender's colour.
	o.DefenceDice = o.Final.Hits + o.Final.Crits
	if v.Card != nil {
		o.DefenceDie = v.Card.Defence.String()
	}
	o.Reasons = append(o.Reasons, say("pool.defenceDice", CiteDefenceDice, []string{v.ID}, o.DefenceDice, dieWord(o.DefenceDie)))
	defenceSyms := []string{maps.SymBlock, maps.SymSurge, maps.SymBlank}
	if err := tally(r.Defence, defenceSyms, o.DefenceDice, "defence"); err != nil {
		return o, err
	}
	if r.DefenceRolled != nil {
		if err := tally(r.DefenceRolled, defenceSyms, o.DefenceDice, "defenceRolled"); err != nil {
			return o, err
		}
		o.Reasons = append(o.Reasons, facesEdited("defence", defenceSyms, r.DefenceRolled, r.Defence))
	}
	def := map[string]int{maps.SymBlock: r.Defence[maps.SymBlock], maps.SymSurge: r.Defence[maps.SymSurge], maps.SymBlank: r.Defence[maps.SymBlank]}
	if p.Ranged && specops && cover > 0 && !p.Blast {
		o.CoverBlocks = min(cover, def[maps.SymSurge])
		def[maps.SymSurge] -= o.CoverBlocks
		def[maps.SymBlock] += o.CoverBlocks
		o.Reasons = append(o.Reasons, say("pool.coverSpecOps", CiteSpecOpsCover, nil, coverWord(a.Cover), o.CoverBlocks))
	}
	dcard := SurgeNone
	if v.Card != nil {
		dcard = SurgeTo(v.Card.SurgeDefence)
	}
	dconv, err := ConvertDefence(def, dcard, r.DefenceSurgeTokens)
	if err != nil {
		return o, err
	}
	o.Spent.DefenceSurgeTokens = dconv.TokensSpent
	o.Blocks = dconv.Blocks
	o.Reasons = append(o.Reasons, dconv.Reasons...)

	// 8: modify the defence dice — Pierce.
	blocks := o.Blocks
	if p.Pierce > 0 && v.Keywords.ImmunePierce {
		o.Reasons = append(o.Reasons, say("pool.immunePierce", CitePierce, []string{v.ID}, v.ID))
	} else if p.Pierce > 0 {
		o.PierceCancelled = min(p.Pierce, blocks)
		blocks -= o.PierceCancelled
		o.Reasons = append(o.Reasons, say("pool.pierce", CitePierce, nil, p.Pierce, o.PierceCancelled))
	}
	o.FinalBlocks = blocks
	if r.BlocksAfter != nil {
		o.FinalBlocks = *r.BlocksAfter
		o.Reasons = append(o.Reasons, say("pool.blocksAdjusted", CiteGoldenRule, nil, o.FinalBlocks))
	}

	// 9: compare: wounds, and where they go.
	o.Wounds = max(0, o.Final.Hits+o.Final.Crits-o.FinalBlocks)
	o.Reasons = append(o.Reasons, say("pool.wounds", CiteCompare, []string{v.ID}, o.Final.Hits, o.Final.Crits, o.FinalBlocks, o.Wounds))
	if o.Assignment, err = w.AssignWounds(v.ID, a.Woundable, o.Wounds, r.WoundOrder, r.NewLeader); err != nil {
		return o, err
	}
	o.Reasons = append(o.Reasons, o.Assignment.Reasons...)

	// 10: suppression after a ranged attack with a hit or crit, on a trooper unit with courage.
	if p.Ranged && v.IsTrooper() && o.Rolled.Hits+o.Rolled.Crits > 0 && o.Assignment.Leader != "" {
		if _, none, known := courageOf(v); known && none {
			o.Reasons = append(o.Reasons, say("courage.none", CiteNoCourage, []string{v.ID}, v.ID))
		} else {
			o.Suppression = 1
			if p.Suppressive {
				o.Suppression = 2
				o.Reasons = append(o.Reasons, say("pool.suppressive", CiteSuppressive, []string{v.ID}, v.ID))
			}
			o.Reasons = append(o.Reasons, say("pool.suppression", CiteSuppressionHit, []string{v.ID}, v.ID, o.Suppression))
		}
	}
	return o, nil
}

func dieWord(colour string) word {
	switch colour {
	case "red":
		return word{"red", "rote"}
	case "white":
		return word{"white", "weiße"}
	}
	return word{"(colour not entered)", "(Farbe nicht eingetragen)"}
}

// ApplyAttack puts a resolved attack on the table as one step: the defender's wounds, its defeated
// minis off the table and into its game record (the unit leaves the table when none is left), its
// new leader, its suppression (its standby token goes with it, CiteStandbyRemoved), and the
// tokens both sides spent.
func (w *World) ApplyAttack(a AttackAnswer, o AttackOutcome) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	if g.Phase == table.PhaseOver {
		return Step{}, refuse("game.over", CiteGameEnd, nil)
	}
	if _, err := w.record(a.Defender); err != nil {
		return Step{}, err
	}
	if _, err := w.record(a.Attacker); err != nil {
		return Step{}, err
	}
	changed, ok := w.entryOf(a.Defender)
	if !ok {
		return Step{}, refuse("game.notOnTable", CiteDefeatedOff, []string{a.Defender}, a.Defender)
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	ng := f.Game
	dr, ar := ng.Unit(a.Defender), ng.Unit(a.Attacker)
	setTokens(ar, table.TokenSurge, ar.Tokens[table.TokenSurge]-o.Spent.SurgeTokens)
	setTokens(dr, table.TokenDodge, dr.Tokens[table.TokenDodge]-o.Spent.Dodges)
	setTokens(dr, table.TokenSurge, dr.Tokens[table.TokenSurge]-o.Spent.DefenceSurgeTokens)
	var before []Reason
	if a.Standby {
		setTokens(ar, table.TokenStandby, 0)
		before = append(before, say("attack.standby", CiteStandbyAttack, []string{a.Attacker}, a.Attacker))
	} else if a.Pool != nil && a.Pool.Cumbersome && g.Active != "" && g.Phase != table.PhaseSetup {
		ng.Moves = append(slices.Clip(ng.Moves), table.GameMove{Unit: a.Attacker, Move: table.MoveCumbersomeAttack, During: g.Active})
		before = append(before, say("attack.cumbersome", CiteCumbersome, []string{a.Attacker}, a.Attacker))
	}
	if o.Suppression > 0 {
		setTokens(dr, table.TokenSuppression, dr.Tokens[table.TokenSuppression]+o.Suppression)
		setTokens(dr, table.TokenStandby, 0)
	}
	applyWounds(f, a.Defender, o.Assignment)
	reasons := append(append([]Reason(nil), o.Reasons...), before...)
	reasons = append(reasons, say("attack.applied", CiteCompare, []string{a.Attacker, a.Defender}, a.Attacker, a.Defender, o.Wounds))
	return done(f, []string{changed}, reasons)
}

// CiteGoldenRule is the rule that lets players overrule what the app decides.
const CiteGoldenRule = "RRG 2.0 Streitfragen klären L583–608 (the players agree, or settle a dispute with the dispute roll)"

// facesEdited is the reason for single dice set by the players: the faces as rolled and as set.
func facesEdited(kind string, syms []string, rolled, set map[string]int) Reason {
	return say("pool.facesEdited", CiteGoldenRule, nil, word{kind, map[string]string{"attack": "Angriff", "defence": "Verteidigung"}[kind]},
		facesWord(syms, set), facesWord(syms, rolled))
}

// facesWord is a tally of faces as a word ("2× hit, 1× critical"), in the order of syms.
func facesWord(syms []string, m map[string]int) word {
	de := map[string]string{maps.SymHit: "Treffer", maps.SymCritical: "Kritisch", maps.SymSurge: "Energie", maps.SymBlank: "leer", maps.SymBlock: "Abwehr"}
	var en, ge []string
	for _, s := range syms {
		if n := m[s]; n > 0 {
			en = append(en, strconv.Itoa(n)+"× "+s)
			ge = append(ge, strconv.Itoa(n)+"× "+de[s])
		}
	}
	if len(en) == 0 {
		return word{"no dice", "keine Würfel"}
	}
	return word{strings.Join(en, ", "), strings.Join(ge, ", ")}
}
