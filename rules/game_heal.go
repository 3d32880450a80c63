package rules

import (
	"errors"
	"maps"
	"slices"

	"holotable/table"
)

// HealAbility is how a unit gets wounds or tokens taken away, or a defeated mini back: Treat X:
// Capacity Y (troopers that are not droids), Repair X: Capacity Y (droid troopers and vehicles),
// or a card's effect (and the players' Golden Rule), which the rules do not limit beyond restoring.
type HealAbility int

// Heal abilities.
const (
	HealTreat  HealAbility = iota // Behandlung X: Kapazität Y L3528–3599
	HealRepair                    // Reparatur X: Kapazität Y L9203–9275
	HealEffect                    // a card's effect or the players' agreement (Golden Rule)
)

var healWords = words[HealAbility]{"HealAbility", []string{"treat", "repair", "effect"}, errors.New("a heal ability is treat, repair or effect")}

// String is the ability's word ("treat", "repair", "effect").
func (a HealAbility) String() string { return healWords.str(a) }

// ParseHealAbility reads an ability's word.
func ParseHealAbility(s string) (HealAbility, error) {
	a, ok := healWords.parse(s)
	if !ok {
		return 0, healWords.err
	}
	return a, nil
}

// MarshalText writes the ability's word.
func (a HealAbility) MarshalText() ([]byte, error) { return healWords.marshal(a) }

// UnmarshalText reads the ability's word.
func (a *HealAbility) UnmarshalText(b []byte) error { return healWords.unmarshal(a, b) }

// Heal is one use of a healing ability on Unit.
type Heal struct {
	Unit    string      // the unit healed: on the table
	Ability HealAbility // how
	// By is the unit using Treat or Repair (the active unit; Unit itself may be it); Card the card
	// with the keyword (its wound tokens count its uses); X and Capacity the keyword's values.
	// Not read for HealEffect.
	By          string
	Card        string
	X, Capacity int
	// Wounds lists the minis a wound token is taken from, one entry per token (a mini may repeat);
	// Tokens the tokens taken away, one entry per token; Restore the defeated minis restored.
	Wounds  []string
	Tokens  []table.TokenKind
	Restore []string
}

// Heal takes wounds or tokens from a unit, or restores defeated minis to it (RRG 2.0 Behandlung
// X: Kapazität Y L3528–3599, Reparatur X: Kapazität Y L9203–9275, Wiederherstellen L11689–11716).
//
// Treat and Repair: used during the activation of By (the active unit) on a friendly unit at range
// 1 and in line of sight (some mini of By sees some mini of Unit); Treat on a trooper, creature or
// emplacement trooper that is not a droid trooper, taking away wound and poison tokens; Repair on
// a droid trooper or a vehicle, taking away wound, ion and vehicle damage tokens (damaged,
// disabled, weapon damaged). Either up to X tokens are taken away or up to X minis restored, not
// both. Each use places a wound token on Card (CardWounds); none once Capacity lie there.
// An effect takes away any of the unit's wounds and tokens and restores minis, without those limits.
//
// Restoring, by any ability: the mini must have been defeated this round (DefeatedIn); it is
// placed in cohesion with its leader, on the leader's level (PlaceFollowers' search: its last
// spot when that is legal, else the nearest legal one), with its wound threshold minus 1 wounds.
// A unit all of whose minis are defeated is no longer in play and cannot be healed.
func (w *World) Heal(h Heal) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	if g.Phase == table.PhaseOver {
		return Step{}, refuse("game.over", CiteGameEnd, nil)
	}
	r, err := w.record(h.Unit)
	if err != nil {
		return Step{}, err
	}
	u, err := w.Unit(h.Unit)
	if err != nil {
		return Step{}, refuse("heal.notInPlay", CiteRestoreMini, []string{h.Unit}, h.Unit)
	}
	cite := map[HealAbility]string{HealTreat: CiteTreat, HealRepair: CiteRepair, HealEffect: CiteHealEffect}[h.Ability]
	if len(h.Wounds)+len(h.Tokens)+len(h.Restore) == 0 {
		return Step{}, refuse("heal.nothing", cite, []string{h.Unit}, h.Unit)
	}
	var reasons []Reason
	if h.Ability != HealEffect {
		rs, err := w.healUse(g, h, u, r, cite)
		if err != nil {
			return Step{}, err
		}
		reasons = rs
	}
	// Wound tokens, per mini.
	take := map[string]int{}
	for _, id := range h.Wounds {
		take[id]++
	}
	for _, id := range slices.Sorted(maps.Keys(take)) {
		if !slices.ContainsFunc(u.Minis, func(m *Mini) bool { return m.ID == id }) {
			return Step{}, refuse("wounds.notMini", cite, []string{h.Unit}, id, h.Unit)
		}
		if have := r.Wounds[id]; take[id] > have {
			return Step{}, refuse("heal.wounds", cite, []string{id}, id, have, take[id])
		}
	}
	tokens := map[table.TokenKind]int{}
	for _, k := range h.Tokens {
		tokens[k]++
	}
	for _, k := range table.TokenKinds {
		if n := tokens[k]; n > 0 && n > r.Tokens[k] {
			return Step{}, refuse("tokens.negative", CiteTokenBeside, []string{h.Unit}, h.Unit, r.Tokens[k], tokenWord(k), n)
		}
	}
	for i, id := range h.Restore {
		if slices.Contains(h.Restore[:i], id) {
			return Step{}, refuse("heal.twice", CiteRestoreMini, []string{id}, id)
		}
		if !slices.ContainsFunc(r.Defeated, func(m table.Mini) bool { return m.ID == id }) {
			return Step{}, refuse("heal.notDefeated", CiteRestoreMini, []string{h.Unit}, id, h.Unit)
		}
		if in := r.DefeatedIn[id]; in != g.Round {
			return Step{}, refuse("heal.notThisRound", CiteRestoreMini, []string{id}, id, g.Round)
		}
	}

	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	nr := f.Game.Unit(h.Unit)
	for _, id := range slices.Sorted(maps.Keys(take)) {
		if nr.Wounds[id] -= take[id]; nr.Wounds[id] == 0 {
			delete(nr.Wounds, id)
		}
		reasons = append(reasons, say("heal.woundsOff", cite, []string{id}, take[id], id))
	}
	for _, k := range table.TokenKinds {
		if n := tokens[k]; n > 0 {
			setTokens(nr, k, nr.Tokens[k]-n)
			reasons = append(reasons, say("heal.tokensOff", cite, []string{h.Unit}, n, tokenWord(k), h.Unit))
		}
	}
	for _, id := range h.Restore {
		rs, err := restoreMini(f, h.Unit, id)
		if err != nil {
			return Step{}, err
		}
		reasons = append(reasons, rs...)
	}
	if h.Ability != HealEffect {
		by := f.Game.Unit(h.By)
		if by.CardWounds == nil {
			by.CardWounds = map[string]int{}
		}
		by.CardWounds[h.Card]++
		reasons = append(reasons, say("heal.capacityUsed", cite, []string{h.By}, h.Card, by.CardWounds[h.Card], h.Capacity))
	}
	return done(f, []string{h.Unit}, reasons)
}

// healUse checks a use of Treat or Repair: its values, the active unit using it, the card's
// capacity, the target's type, range 1 and line of sight, and how many tokens or minis.
func (w *World) healUse(g *table.Game, h Heal, u *Unit, r *table.GameUnit, cite string) ([]Reason, error) {
	if h.X < 1 || h.Capacity < 1 {
		return nil, refuse("heal.values", cite, nil, h.X, h.Capacity)
	}
	if h.Card == "" {
		return nil, refuse("heal.noCard", cite, nil)
	}
	if g.Phase != table.PhaseActivation || g.Active != h.By {
		return nil, refuse("heal.notActive", cite, []string{h.By}, h.By)
	}
	br, err := w.record(h.By)
	if err != nil {
		return nil, err
	}
	if err := w.carriedAction(h.By, word{h.Ability.String(), map[HealAbility]string{HealTreat: "Behandlung", HealRepair: "Reparatur"}[h.Ability]}); err != nil {
		return nil, err
	}
	if br.Colour != r.Colour {
		return nil, refuse("heal.enemy", cite, []string{h.By, h.Unit}, h.Unit, h.By)
	}
	if n := br.CardWounds[h.Card]; n >= h.Capacity {
		return nil, refuse("heal.capacity", cite, []string{h.By}, h.Card, n, h.Capacity)
	}
	droid := r.CardType == "Droid Trooper"
	trooper := u.Type == table.Trooper || u.Type == table.Creature || u.Type == table.Emplacement
	allowed := []table.TokenKind{table.TokenPoison}
	if h.Ability == HealTreat && (!trooper || droid) {
		return nil, refuse("heal.treatType", cite, []string{h.Unit}, h.Unit)
	}
	if h.Ability == HealRepair {
		if !droid && u.Type != table.Ground && u.Type != table.Repulsor {
			return nil, refuse("heal.repairType", cite, []string{h.Unit}, h.Unit)
		}
		allowed = []table.TokenKind{table.TokenIon, table.TokenDamaged, table.TokenDisabled, table.TokenWeaponDamaged}
	}
	for _, k := range h.Tokens {
		if !slices.Contains(allowed, k) {
			return nil, refuse("heal.token", cite, []string{h.Unit}, tokenWord(k), h.Ability.String())
		}
	}
	if len(h.Restore) > 0 && len(h.Wounds)+len(h.Tokens) > 0 {
		return nil, refuse("heal.either", cite, []string{h.Unit})
	}
	if n := max(len(h.Restore), len(h.Wounds)+len(h.Tokens)); n > h.X {
		return nil, refuse("heal.tooMany", cite, []string{h.Unit}, n, h.X)
	}
	rng, err := w.Range(h.By, h.Unit, false)
	if err != nil {
		return nil, err
	}
	if rng.Band > 1 {
		return nil, refuse("heal.range", cite, []string{h.By, h.Unit}, h.Unit, rng.Band)
	}
	by, _ := w.Unit(h.By)
	seen := ""
	for _, m := range by.Minis {
		if s := w.visibleMinis(m, u, true); len(s) > 0 {
			seen = m.ID + " → " + s[0]
			break
		}
	}
	if seen == "" {
		return nil, refuse("heal.sight", cite, []string{h.By, h.Unit}, h.By, h.Unit)
	}
	return []Reason{say("heal.use", cite, []string{h.By, h.Unit}, h.By, h.Ability.String(), h.X, h.Unit, seen)}, nil
}

// restoreMini puts defeated mini id of unit back on the table of f: in cohesion with the leader
// (PlaceFollowers), on the leader's level, with its wound threshold minus 1 wounds.
func restoreMini(f *table.File, unit, id string) ([]Reason, error) {
	r := f.Game.Unit(unit)
	i := slices.IndexFunc(r.Defeated, func(m table.Mini) bool { return m.ID == id })
	m := r.Defeated[i]
	k := f.UnitIndex(unit)
	tu := &f.UnitsOnTable[k]
	for _, l := range tu.Minis {
		if l.Leader {
			m.Z = l.Z
		}
	}
	m.Leader = false
	tu.Minis = append(slices.Clip(tu.Minis), m)
	w := NewWorld(f)
	u, err := w.Unit(unit)
	if err != nil {
		return nil, err
	}
	pls, err := w.PlaceFollowers(unit, u.Leader.Centre())
	if err != nil {
		return nil, err
	}
	j := slices.IndexFunc(pls, func(p Placement) bool { return p.ID == id })
	if !pls[j].OK {
		return nil, &Refusal{Reasons: append(pls[j].Reasons, say("heal.noSpot", CiteRestoreMini, []string{id}, id, u.Leader.ID))}
	}
	last := len(tu.Minis) - 1
	tu.Minis[last].X, tu.Minis[last].Y = pls[j].X, pls[j].Y
	r.Defeated = slices.Delete(slices.Clone(r.Defeated), i, i+1)
	delete(r.DefeatedIn, id)
	rm, _ := w.Mini(id)
	n, _ := threshold(u, rm)
	if n > 1 {
		if r.Wounds == nil {
			r.Wounds = map[string]int{}
		}
		r.Wounds[id] = n - 1
	}
	return []Reason{say("heal.restored", CiteRestoreMini, []string{id}, id, pls[j].X, pls[j].Y, n-1)}, nil
}

// The healing rules.
const (
	CiteTreat       = "RRG 2.0 Behandlung X: Kapazität Y L3528–3599 (Treat: a friendly non-droid trooper unit at range 1 in sight loses up to X wound or poison tokens, or has up to X minis restored; one wound token on the card per use, none at Y)"
	CiteRepair      = "RRG 2.0 Reparatur X: Kapazität Y L9203–9275 (Repair: a friendly droid trooper or vehicle unit at range 1 in sight loses up to X wound, ion or vehicle damage tokens, or has up to X minis restored; one wound token on the card per use, none at Y)"
	CiteRestoreMini = "RRG 2.0 Wiederherstellen L11689–11716 (only a mini defeated this round, placed in cohesion with its leader, with its wound threshold minus 1 wounds; a unit with no mini left is out of play)"
	CiteHealEffect  = CiteGoldenRule
)
