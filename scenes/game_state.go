package scenes

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"

	"holotable/ops"
	"holotable/rules"
	"holotable/table"
)

// gameState is the game tool's part of the page state: the round and phase, whose turn it is,
// each side's card, hand, pool and victory points, every unit's order, tokens and wounds, the
// reserve, the token drawn, and the attack the assistant shows — in the page's language.
type gameState struct {
	Round    int             `json:"round"`
	Rounds   int             `json:"rounds"`
	Phase    string          `json:"phase"`
	Priority string          `json:"priority,omitempty"`
	Turn     string          `json:"turn,omitempty"`
	Active   string          `json:"active,omitempty"`
	Sides    []gameSideState `json:"sides"`
	Units    []gameUnitState `json:"units"`
	Reserve  []gameUnitState `json:"reserve,omitempty"`
	Drawn    *gameDraw       `json:"drawn,omitempty"`
	Armed    string          `json:"armed,omitempty"` // the reserve unit a click on the table deploys
	Attack   *attackState    `json:"attack,omitempty"`
	Refused  string          `json:"refused,omitempty"`
	Score    string          `json:"score,omitempty"`    // the end phase's scoring, with its reasons
	Courage  string          `json:"courage,omitempty"`  // the active unit's courage check (and its panic edge)
	Panic    *panicMove      `json:"panic,omitempty"`    // the active unit's panic move, when it is panicked
	Contacts [][2]string     `json:"contacts,omitempty"` // the minis treated as in base contact (game.contacts)
	Card     *gameCardState  `json:"card,omitempty"`     // the selected mini's unit: its record as a unit card shows it
	Standby  []standbyState  `json:"standby,omitempty"`  // the units with a standby token, and whether they may attack with it (game_standby.go)
	Panel    string          `json:"panel"`              // what the page's panel shows (a key for its cache)
}

type gameSideState struct {
	Colour   string   `json:"colour"`
	Side     string   `json:"side"`
	Points   int      `json:"points,omitempty"`
	Size     string   `json:"size,omitempty"` // the game size its points fit (Recon 600 … Grand Army 1600)
	Hand     []string `json:"hand,omitempty"`
	Card     string   `json:"card,omitempty"`
	Pips     int      `json:"pips,omitempty"`
	Issued   bool     `json:"issued,omitempty"`
	Pool     []string `json:"pool,omitempty"`
	VP       int      `json:"vp"`
	Eligible []string `json:"eligible,omitempty"` // units it may order (the command phase)
}

type gameUnitState struct {
	ID       string         `json:"id"`
	Colour   string         `json:"colour"`
	Name     string         `json:"name,omitempty"`
	Rank     string         `json:"rank,omitempty"`
	Order    string         `json:"order,omitempty"`
	Tokens   map[string]int `json:"tokens,omitempty"`
	Wounds   int            `json:"wounds,omitempty"`
	Minis    int            `json:"minis"`
	Defeated int            `json:"defeated,omitempty"`
	Badge    string         `json:"badge,omitempty"` // what the table shows beside it
	IDs      []string       `json:"ids,omitempty"`   // its minis on the table, the leader first (wounds by hand)
	In       string         `json:"in,omitempty"`    // the transport carrying it (D138): off the table, offered to the attack assistant
	// Hurt lists its wounded minis; Restorable its minis defeated this
	// round (healing, game_heal.go).
	Hurt       []string `json:"hurt,omitempty"`
	Restorable []string `json:"restorable,omitempty"`
}

// gameCardState is a unit's game record as its card shows it: name and rank, order, tokens,
// wounds on each mini, defeated minis, and the card's values entered.
type gameCardState struct {
	Unit     string         `json:"unit"`
	Name     string         `json:"name"`
	Rank     string         `json:"rank"`
	Badge    string         `json:"badge,omitempty"`
	Wounds   map[string]int `json:"wounds,omitempty"`
	Defeated []string       `json:"defeated,omitempty"`
	Values   string         `json:"values,omitempty"` // wounds, courage, defence as entered
	// Edit is the card's values for the panel's editor (game_cardvalues.go), Weapons its weapons
	// (game_weapons.go).
	Edit    cardValuesState `json:"edit"`
	Weapons []weaponState   `json:"weapons,omitempty"`
}

// attackState is the assistant's answer as the panel shows it.
type attackState struct {
	Attacker  string            `json:"attacker"`
	Defender  string            `json:"defender"`
	Melee     bool              `json:"melee,omitempty"`
	Allowed   bool              `json:"allowed"`
	Band      int               `json:"band"`
	Cover     string            `json:"cover"`
	Eligible  []string          `json:"eligible"`
	Woundable []string          `json:"woundable"`
	Hidden    []string          `json:"hidden,omitempty"`
	Weapons   map[string]string `json:"weapons,omitempty"`
	Options   []weaponOption    `json:"options,omitempty"`
	Pool      *poolState        `json:"pool,omitempty"`
	Reasons   []string          `json:"reasons"` // each reason's words
	Cites     []string          `json:"cites"`   // each reason's citation as a player looks it up (rules.CiteName), "" for none
	Rolled    *rolledState      `json:"rolled,omitempty"`
	Standby   bool              `json:"standby,omitempty"` // a standby attack (game_standby.go)
}

// weaponOption is a weapon an eligible mini may add, and whether it may join the pool.
type weaponOption struct {
	Mini   string `json:"mini"`
	Weapon string `json:"weapon"`
	Joins  bool   `json:"joins"`
	Why    string `json:"why,omitempty"` // why it does not join, or the notes on it (optionWhy)
}

type poolState struct {
	Red, Black, White int
	Keywords          string   `json:"keywords,omitempty"`
	Notes             []string `json:"notes,omitempty"` // Sperrig and Ram X (poolNotes)
}

type rolledState struct {
	Attack   ops.AttackFaces  `json:"attack"`
	Defence  ops.DefenceFaces `json:"defence"`
	Wounds   int              `json:"wounds"`
	Defeated []string         `json:"defeated,omitempty"`
	Supp     int              `json:"suppression,omitempty"`
	Steps    []string         `json:"steps"` // each step's words
	Cites    []string         `json:"cites"` // each step's citation (reasonWords)
	// Hits, Crits and Blocks are the results the wounds follow (after the players' adjustment,
	// Adjusted); WoundOrder and NewLeader the defending player's choices; Minis the defending
	// unit's minis on the table, the leader first, for those choices.
	Hits       int      `json:"hits"`
	Crits      int      `json:"crits"`
	Blocks     int      `json:"blocks"`
	Adjusted   bool     `json:"adjusted,omitempty"`
	WoundOrder []string `json:"woundOrder,omitempty"`
	NewLeader  string   `json:"newLeader,omitempty"`
	Minis      []string `json:"minis,omitempty"`
	// AttackDice and DefenceDice are the dice one by one (their faces' symbols), for setting a
	// single die (game_faces.go); AttackSet and DefenceSet: the players set some (D113).
	AttackDice  []string `json:"attackDice,omitempty"`
	DefenceDice []string `json:"defenceDice,omitempty"`
	AttackSet   bool     `json:"attackSet,omitempty"`
	DefenceSet  bool     `json:"defenceSet,omitempty"`
}

func inLanguage(w [2]string) string {
	if Language() == "de" {
		return w[1]
	}
	return w[0]
}

// badge is a unit's order, tokens and wounds in a few words.
func badge(r *table.GameUnit) string {
	var parts []string
	switch r.Order {
	case table.OrderFaceUp:
		parts = append(parts, T("play.order.up"))
	case table.OrderFaceDown:
		parts = append(parts, T("play.order.down"))
	}
	for _, k := range table.TokenKinds {
		if n := r.Tokens[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, T("play.token."+k.String())))
		}
	}
	w := 0
	for _, n := range r.Wounds {
		w += n
	}
	if w > 0 {
		parts = append(parts, T("play.wounds", w))
	}
	return strings.Join(parts, " · ")
}

// State is the tool's part of the page state.
func (t *gameTool) State(s Context) any {
	f := s.State().File()
	g := f.Game
	st := gameState{Refused: t.refused, Drawn: t.drawn, Armed: t.armed}
	if g == nil {
		st.Panel = "none"
		return st
	}
	st.Round, st.Rounds, st.Phase, st.Active = g.Round, g.Rounds, g.Phase.String(), g.Active
	st.Priority, st.Turn = g.Priority.String(), g.Turn.String()
	w := s.World()
	for _, c := range table.Colours {
		sd := g.Side(c)
		ss := gameSideState{Colour: c.String(), Side: sd.Side, Points: sd.Points, Hand: sd.Hand, Issued: sd.Issued, VP: sd.VictoryPoints}
		if sd.Points > 0 {
			ss.Size = pointSizeText(sd.Points)
		}
		if sd.Card != nil {
			ss.Card, ss.Pips = sd.Card.Name, sd.Card.Pips
		}
		for _, r := range sd.Pool {
			ss.Pool = append(ss.Pool, T("play.rank."+r.String()))
		}
		if g.Phase == table.PhaseCommand && sd.Card != nil && !sd.Issued {
			ss.Eligible, _, _ = w.OrderEligible(c, sd.Commander)
		}
		st.Sides = append(st.Sides, ss)
	}
	for _, r := range g.Units {
		u := gameUnitState{ID: r.Unit, Colour: r.Colour.String(), Name: r.Name, Rank: r.Rank.String(), Order: r.Order.String(),
			Defeated: len(r.Defeated), Badge: badge(&r)}
		for k, n := range r.Tokens {
			if u.Tokens == nil {
				u.Tokens = map[string]int{}
			}
			u.Tokens[k.String()] = n
		}
		for _, n := range r.Wounds {
			u.Wounds += n
		}
		if i := f.UnitIndex(r.Unit); i >= 0 {
			u.Minis = len(f.UnitsOnTable[i].Minis)
			u.IDs = miniIDs(&f.UnitsOnTable[i])
			u.Hurt, u.Restorable = healable(&r, g.Round)
		} else if vi, ci, ok := f.Carrier(r.Unit); ok {
			u.In = f.UnitsOnTable[vi].ID
			u.IDs = miniIDs(&f.UnitsOnTable[vi].Carried[ci]) // wounds by hand (D151)
		}
		st.Units = append(st.Units, u)
	}
	for _, u := range g.Reserve {
		gu := gameUnitState{ID: u.ID, Minis: len(u.Minis)}
		if r := g.Unit(u.ID); r != nil {
			gu.Colour, gu.Name, gu.Rank = r.Colour.String(), r.Name, r.Rank.String()
		}
		st.Reserve = append(st.Reserve, gu)
	}
	if g.Phase == table.PhaseEnd {
		if sc, err := w.ScoreRound(); err == nil {
			st.Score = T("play.scored", sc.VP[0], sc.VP[1]) + " — " + reasonsText(sc.Reasons)
		}
	}
	if g.Active != "" {
		if cc, err := w.CourageCheck(g.Active); err == nil {
			text := reasonsText(cc.Reasons)
			if cc.Panicked {
				if pe, err := w.PanicEdge(g.Active); err == nil {
					text += " — " + reasonsText(pe.Reasons)
				}
			}
			st.Courage = text
		}
	}
	st.Panic = t.panic(s)
	st.Contacts = g.Contacts
	st.Card = cardState(f, s.Selected())
	st.Standby = standbyStates(w, g)
	st.Attack = t.attackState(f)
	key, _ := json.Marshal(st)
	h := fnv.New64a()
	h.Write(key)
	st.Panel = fmt.Sprintf("%x", h.Sum64()) + st.Phase + st.Turn + st.Active + fmt.Sprint(s.Rev()) // any change rebuilds the panel
	return st
}

func (t *gameTool) attackState(f *table.File) *attackState {
	a := t.attack
	if a == nil {
		return nil
	}
	an := a.answer
	as := &attackState{Attacker: an.Attacker, Defender: an.Defender, Melee: an.Melee, Allowed: an.Allowed, Band: an.Band,
		Cover: T("ui.cover." + an.Cover.String()), Eligible: an.Eligible, Woundable: an.Woundable, Hidden: an.Hidden,
		Weapons: a.query.Weapons, Standby: a.query.Standby}
	if as.Eligible == nil {
		as.Eligible = []string{}
	}
	if as.Woundable == nil {
		as.Woundable = []string{}
	}
	for _, o := range an.Options {
		as.Options = append(as.Options, weaponOption{Mini: o.Mini, Weapon: o.Weapon, Joins: o.Joins, Why: optionWhy(o)})
	}
	as.Reasons, as.Cites = reasonWords(an.Reasons)
	if p := an.Pool; p != nil {
		as.Pool = &poolState{Red: p.Dice.Red, Black: p.Dice.Black, White: p.Dice.White}
		as.Pool.Keywords = strings.Join(rules.PoolKeywordNames(p, Language()), ", ")
		as.Pool.Notes = poolNotes(an, a.outcome)
	}
	if o := a.outcome; o != nil {
		rs := &rolledState{Attack: a.op.Attack, Defence: a.op.Defence, Wounds: o.Wounds, Defeated: o.Assignment.Defeated, Supp: o.Suppression,
			Hits: o.Final.Hits, Crits: o.Final.Crits, Blocks: o.FinalBlocks, Adjusted: a.op.AttackAfter != nil || a.op.BlocksAfter != nil,
			WoundOrder: a.op.WoundOrder, NewLeader: a.op.NewLeader}
		rs.AttackDice, rs.DefenceDice, rs.AttackSet, rs.DefenceSet = faceStates(a.op)
		if i := f.UnitIndex(an.Defender); i >= 0 {
			rs.Minis = miniIDs(&f.UnitsOnTable[i])
		}
		rs.Steps, rs.Cites = reasonWords(o.Reasons)
		as.Rolled = rs
	}
	return as
}

// reasonWords are each reason's words in the current language and, beside them, its citation as
// a player looks it up ("" for none): reasonStates' Words and Name, split for the game panel,
// which shows the citation apart from the words as the explanation does (a <cite>).
func reasonWords(rs []rules.Reason) (words, cites []string) {
	for _, r := range reasonStates(rs) {
		words, cites = append(words, r.Words), append(cites, r.Name)
	}
	return words, cites
}

// --- the command -------------------------------------------------------------------------------

func cmdGame(s *TableScene, arg jsonRaw) (any, error) {
	t := gameToolOf(s)
	a := struct {
		Action, Colour, Side, List, Cards, Unit, Name, Face, Commander, Token string
		Attacker, Defender                                                    string
		Melee, Standby                                                        bool
		Units                                                                 []string
		Weapons                                                               map[string]string
		Attack, Defence                                                       map[string]int
		X, Y                                                                  float64
		Pips, Orders                                                          *int
		Delta                                                                 int
		Hits, Crits, Blocks                                                   *int
		WoundOrder                                                            []string
		NewLeader                                                             *string
		Reset, On                                                             bool
		A, B                                                                  string
		Mini                                                                  string
		Wounds                                                                int
		Ability, By, Card, Restore                                            string
		Dice, From, To                                                        string
		Courage, DefenceDie, SurgeAttack, SurgeDefence                        string
		Keywords, Remove                                                      string
		Min, Max, Red, Black, White                                           int
		TreatX, Capacity, Count                                               int
	}{Action: "state"}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	colour := func() (table.Colour, error) {
		c, err := table.ParseColour(a.Colour)
		if err != nil {
			return c, t.refuse(s, errors.New(T("setup.badColour", a.Colour)))
		}
		return c, nil
	}
	var err error
	var result any
	switch a.Action {
	case "state":
	case "import":
		var c table.Colour
		if c, err = colour(); err == nil {
			result, err = t.importList(s, c, a.Side, a.List)
		}
	case "cards":
		err = t.submit(s, &ops.GameCards{Cards: a.Cards})
	case "deploy":
		err = t.deploy(s, a.Unit, a.X, a.Y)
	case "start":
		err = t.submit(s, &ops.GameStart{})
	case "card":
		var c table.Colour
		if c, err = colour(); err == nil {
			err = t.card(s, c, a.Name, a.Pips, a.Orders)
		}
	case "priority":
		err = t.priority(s, a.Face)
	case "orders":
		var c table.Colour
		if c, err = colour(); err == nil {
			err = t.orders(s, c, a.Commander, a.Units)
		}
	case "draw":
		var c table.Colour
		if c, err = colour(); err == nil {
			err = t.drawOrder(s, c, nil)
		}
	case "activate":
		err = t.activate(s, a.Unit)
	case "rally":
		err = t.rally(s, a.Unit)
	case "endActivation":
		if g := s.State().File().Game; g != nil {
			err = t.submit(s, &ops.GameEndActivation{Unit: activeUnit(g, a.Unit)})
		}
	case "tokens":
		err = t.submit(s, &ops.GameTokens{Unit: a.Unit, Token: a.Token, Delta: a.Delta})
	case "attack":
		err = t.ask(s, rules.AttackQuery{Attacker: a.Attacker, Defender: a.Defender, Melee: a.Melee, Standby: a.Standby, Weapons: a.Weapons})
	case "roll":
		err = t.roll(s, a.Attack, a.Defence)
	case "apply":
		err = t.apply(s)
	case "adjust":
		err = t.adjust(s, attackAdjust{Hits: a.Hits, Crits: a.Crits, Blocks: a.Blocks, WoundOrder: a.WoundOrder, NewLeader: a.NewLeader, Reset: a.Reset})
	case "wounds":
		leader := ""
		if a.NewLeader != nil {
			leader = *a.NewLeader
		}
		err = t.wound(s, a.Unit, a.Wounds, a.Mini, leader)
	case "face":
		err = t.setFace(s, a.Dice, a.From, a.To)
	case "heal":
		err = t.heal(s, healArgs{Unit: a.Unit, Ability: a.Ability, By: a.By, Card: a.Card, X: a.TreatX, Capacity: a.Capacity, Count: a.Count, Mini: a.Mini, Token: a.Token, Restore: a.Restore})
	case "contact":
		err = t.submit(s, &ops.GameContact{A: a.A, B: a.B, On: a.On})
	case "panicMove":
		err = t.startPanicMove(s)
	case "arm":
		t.armed = a.Unit
	case "clearAttack":
		t.attack = nil
	case "score":
		err = t.score(s)
	case "cardValues":
		err = t.setCardValues(s, cardValues{Unit: a.Unit, Wounds: a.Wounds, Courage: a.Courage, Defence: a.DefenceDie, SurgeAttack: a.SurgeAttack, SurgeDefence: a.SurgeDefence})
	case "weapon":
		err = t.setWeapon(s, weaponArgs{Unit: a.Unit, Name: a.Name, Keywords: a.Keywords, Remove: a.Remove, Melee: a.Melee,
			Min: a.Min, Max: a.Max, Red: a.Red, Black: a.Black, White: a.White})
	case "exportCards":
		var text string
		if text, err = exportCards(s.State().File()); err != nil {
			return nil, t.refuse(s, err)
		}
		return text, nil
	case "vp":
		var c table.Colour
		if c, err = colour(); err == nil {
			err = t.submit(s, &ops.GameScore{Colour: c, VP: a.Delta})
		}
	case "endRound":
		err = t.submit(s, &ops.GameEndRound{})
	default:
		err = t.refuse(s, errors.New(T("play.noAction", a.Action)))
	}
	if err != nil {
		return nil, err
	}
	if result != nil {
		return result, nil
	}
	return t.State(s), nil
}

// cardState is the game record of the unit of mini (or unit) id, as its card shows it; nil when
// it has none.
func cardState(f *table.File, id string) *gameCardState {
	if f.Game == nil || id == "" {
		return nil
	}
	ui := unitOfMini(f, id)
	if ui < 0 {
		ui = f.UnitIndex(id)
	}
	if ui < 0 {
		return nil
	}
	u := &f.UnitsOnTable[ui]
	r := f.Game.Unit(u.ID)
	if r == nil {
		return nil
	}
	c := &gameCardState{Unit: u.ID, Name: r.Name, Rank: T("play.rank." + r.Rank.String()), Badge: badge(r), Wounds: r.Wounds, Edit: valuesOf(u.Card), Weapons: weaponStates(u.Card)}
	for _, m := range r.Defeated {
		c.Defeated = append(c.Defeated, m.ID)
	}
	if k := u.Card; k != nil {
		var v []string
		if k.Wounds > 0 {
			v = append(v, T("play.card.wounds", k.Wounds))
		}
		if k.NoCourage {
			v = append(v, T("play.card.courage", "–"))
		} else if k.HasCourage {
			v = append(v, T("play.card.courage", fmt.Sprint(k.Courage)))
		}
		if d := k.Defence.String(); d != "" {
			v = append(v, T("play.card.defence", T("play.die."+d)))
		}
		c.Values = strings.Join(v, " · ")
	}
	return c
}
