package scenes

import (
	"sync"

	"holotable/maps"
	"holotable/ops"
	"holotable/rules"
	"holotable/table"
)

// What the setup tool shows of the table's setup: rules.SetupState's summary of the document's
// file (phase, whose turn, the draft, the chosen cards and zones, the tokens still to place, the
// units still to deploy) plus the side names to choose from and the terrain coverage. Every
// placement is asked of rules (World.TerrainTurn, PlaceToken, Deploy); nothing here decides one.

// setupView is the derived state of one document revision.
type setupView struct {
	file     *table.File
	world    *rules.World
	sum      rules.SetupSummary
	sides    []string // the side names of the table's units, sorted
	coverage rules.Coverage
}

// deriveSetup summarises f's setup.
func deriveSetup(f *table.File, w *rules.World) *setupView {
	return &setupView{file: f, world: w, sum: rules.SetupState(w), coverage: w.TerrainCoverage(), sides: ops.Sides(f)}
}

var (
	cardsOnce sync.Once
	allCards  []maps.Card
)

// battleCards is every battle card (maps' tests check that they load).
func battleCards() []maps.Card {
	cardsOnce.Do(func() { allCards, _ = maps.LoadCards() })
	return allCards
}

func cardByID(id string) (maps.Card, bool) {
	c, err := maps.CardByID(id)
	return c, err == nil
}

// cardName is a card's name in the current language.
func cardName(c maps.Card) string {
	if Language() == "de" && c.Name.DE != "" {
		return c.Name.DE
	}
	return c.Name.EN
}

func rowIndex(name string) int {
	for i, r := range table.DraftRows {
		if r == name {
			return i
		}
	}
	return -1
}

// onTerrain reports whether the chosen objective card puts its tokens on terrain pieces.
func (v *setupView) onTerrain() bool {
	o := v.sum.Objective
	return v.sum.Mission == nil && o != nil && o.Placement != nil && o.Placement.On == "terrain"
}

// checkToken asks rules (ops.CheckToken) whether the next token may go at (x, y).
func (v *setupView) checkToken(s Context, x, y float64) ops.TokenCheck {
	c := ops.CheckToken(s.State(), v.sum, x, y, ops.TokenRadius*ops.LengthScale(v.file))
	if c.Refusal != nil {
		c.Err = c.Refusal.In(Language())
	}
	return c
}
