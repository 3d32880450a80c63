package ops

import (
	"holotable/maps"
	"holotable/rules"
)

// KindGameAttack puts an attack on the table as the attack assistant resolved it: the attack
// (rules.World.Attack: attacker, defender, melee, the weapon each attacking mini adds), the dice
// rolled and the choices made (rules.AttackRoll), resolved step by step (rules.World.ResolveAttack:
// surges, cover, dodge, defence, wounds only on minis that can be wounded, the leader last) and
// applied (rules.World.ApplyAttack: wounds, defeated minis off the table, suppression, the tokens
// spent) — one op, undone as one. A random roll carries its faces; the players' adjustments
// (AttackAfter, BlocksAfter: rerolls and abilities the app does not know, the Golden Rule) are
// part of the op. The attacker's side makes it.
const KindGameAttack Kind = "game.attack"

// GameAttack is one attack pool resolved and applied.
type GameAttack struct {
	Attacker string `op:"attacker"`
	Defender string `op:"defender"`
	Melee    bool   `op:"melee,omitempty"`
	// Standby: the attacker spends its standby token for this free attack (rules.CiteStandbyAttack;
	// a Sperrig weapon may join it after the unit moved, rules.CiteCumbersome). Applying the op
	// removes the token.
	Standby            bool           `op:"standby,omitempty"`
	Weapons            []AttackWeapon `op:"weapons"`
	Attack             AttackFaces    `op:"attack"`
	SurgeTokens        int            `op:"surgeTokens,omitempty"`
	Dodges             int            `op:"dodges,omitempty"`
	Defence            DefenceFaces   `op:"defence"`
	DefenceSurgeTokens int            `op:"defenceSurgeTokens,omitempty"`
	AttackAfter        *AttackResult  `op:"attackAfter"`
	BlocksAfter        *int           `op:"blocksAfter"`
	WoundOrder         []string       `op:"woundOrder,omitempty"`
	NewLeader          string         `op:"newLeader,omitempty"`
	// AttackRoll and DefenceRoll name the room's roll entries (their ids) the faces were rolled
	// in, on an online table (D104): the server checks Attack and Defence against them. Left out
	// in hot-seat play, where the page rolls.
	AttackRoll  string `op:"attackRoll,omitempty"`
	DefenceRoll string `op:"defenceRoll,omitempty"`
	// AttackRolled and DefenceRolled are the faces as the dice fell when the players set single
	// dice afterwards (D113: "that die was a crit"); Attack and Defence are then the faces as set.
	AttackRolled  *AttackFaces  `op:"attackRolled"`
	DefenceRolled *DefenceFaces `op:"defenceRolled"`
}

// AttackWeapon is the weapon one attacking mini adds to the pool.
type AttackWeapon struct {
	Mini   string `op:"mini"`
	Weapon string `op:"weapon"`
}

// AttackFaces counts the attack dice's faces rolled.
type AttackFaces struct {
	Hit      int `op:"hit,omitempty"`
	Critical int `op:"critical,omitempty"`
	Surge    int `op:"surge,omitempty"`
	Blank    int `op:"blank,omitempty"`
}

// DefenceFaces counts the defence dice's faces rolled.
type DefenceFaces struct {
	Block int `op:"block,omitempty"`
	Surge int `op:"surge,omitempty"`
	Blank int `op:"blank,omitempty"`
}

// Tally is the faces by symbol, as the rules take them.
func (a AttackFaces) Tally() map[string]int {
	return map[string]int{maps.SymHit: a.Hit, maps.SymCritical: a.Critical, maps.SymSurge: a.Surge, maps.SymBlank: a.Blank}
}

// Tally is the faces by symbol, as the rules take them.
func (d DefenceFaces) Tally() map[string]int {
	return map[string]int{maps.SymBlock: d.Block, maps.SymSurge: d.Surge, maps.SymBlank: d.Blank}
}

// AttackResult is hits and crits after the players' adjustments.
type AttackResult struct {
	Hits  int `op:"hits"`
	Crits int `op:"crits"`
}

func init() {
	Register[GameAttack](KindGameAttack)
	RegisterWords(map[string][2]string{"op.game.attack": {"%s attacks %s", "%s greift %s an"}})
}

func (o *GameAttack) Kind() Kind { return KindGameAttack }
func (o *GameAttack) Describe() Words {
	return Words{Key: "op.game.attack", Args: []any{o.Attacker, o.Defender}}
}

// Query is the attack assistant's question the op answers (its weapons chosen).
func (o *GameAttack) Query() rules.AttackQuery {
	q := rules.AttackQuery{Attacker: o.Attacker, Defender: o.Defender, Melee: o.Melee, Standby: o.Standby, Weapons: map[string]string{}}
	for _, w := range o.Weapons {
		q.Weapons[w.Mini] = w.Weapon
	}
	return q
}

// Roll is the op's dice and choices as the rules take them.
func (o *GameAttack) Roll() rules.AttackRoll {
	r := rules.AttackRoll{
		Attack:      o.Attack.Tally(),
		Defence:     o.Defence.Tally(),
		SurgeTokens: o.SurgeTokens, Dodges: o.Dodges, DefenceSurgeTokens: o.DefenceSurgeTokens,
		BlocksAfter: o.BlocksAfter, WoundOrder: o.WoundOrder, NewLeader: o.NewLeader,
	}
	if o.AttackAfter != nil {
		r.AttackAfter = &rules.HitsCrits{Hits: o.AttackAfter.Hits, Crits: o.AttackAfter.Crits}
	}
	if o.AttackRolled != nil {
		r.AttackRolled = o.AttackRolled.Tally()
	}
	if o.DefenceRolled != nil {
		r.DefenceRolled = o.DefenceRolled.Tally()
	}
	return r
}

// Resolve answers the attack and resolves its roll on s (what the assistant shows before the op
// is applied), or the refusal naming the op's field.
func (o *GameAttack) Resolve(s *State) (rules.AttackAnswer, rules.AttackOutcome, error) {
	w := s.World()
	for i, wp := range o.Weapons {
		for _, x := range o.Weapons[:i] {
			if x.Mini == wp.Mini {
				return rules.AttackAnswer{}, rules.AttackOutcome{}, refuse(index("weapons", i), codeGameField, rules.CiteWeaponJoins, "a mini adds one weapon: "+wp.Mini+" is named twice")
			}
		}
	}
	a, err := w.Attack(o.Query())
	if err != nil {
		return a, rules.AttackOutcome{}, stepFault("defender", err)
	}
	if !a.Allowed {
		return a, rules.AttackOutcome{}, refuseWith("defender", a.Reasons)
	}
	out, err := w.ResolveAttack(a, o.Roll())
	if err != nil {
		return a, out, stepFault("attack", err)
	}
	return a, out, nil
}

func (o *GameAttack) Plan(s *State) (Patch, error) {
	if err := needUnitActor(s, "attacker", o.Attacker); err != nil {
		return Patch{}, err
	}
	a, out, err := o.Resolve(s)
	if err != nil {
		return Patch{}, err
	}
	return gameStep(s, "attacker", s.World().ColourOfUnit(o.Attacker), func(w *rules.World) (rules.Step, error) {
		return w.ApplyAttack(a, out)
	})
}
