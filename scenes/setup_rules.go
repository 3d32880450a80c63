package scenes

import (
	"sort"
	"sync"

	"github.com/golang/geo/r2"

	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

// What the setup tool shows of the table's setup: rules.SetupState's summary of the document's
// file (phase, whose turn, the draft, the chosen cards and zones, the tokens still to place, the
// units still to deploy) plus the side names to choose from and the terrain coverage. Every
// placement is asked of rules (World.TerrainTurn, PlaceToken, Deploy); nothing here decides one.

// setupTokenRadius is the radius of an objective token or mission marker, in inches: a 1" disc (the
// seeds give no token sizes, rules-legion.md §15; rules/cards_test.go uses the same).
const setupTokenRadius = 0.5

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
	v := &setupView{file: f, world: w, sum: rules.SetupState(w), coverage: w.TerrainCoverage()}
	seen := map[string]bool{}
	for _, u := range f.UnitsOnTable {
		if u.Side != "" && !seen[u.Side] {
			seen[u.Side] = true
			v.sides = append(v.sides, u.Side)
		}
	}
	sort.Strings(v.sides)
	return v
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

// tokenCheck is the rules' answer for the next token at a point: where it would go (on a piece's
// centre when the card puts tokens on terrain), legal or not, and why.
type tokenCheck struct {
	X        float64        `json:"x"`
	Y        float64        `json:"y"`
	Kind     string         `json:"kind"`
	Piece    string         `json:"piece,omitempty"`
	Legal    bool           `json:"legal"`
	Fallback bool           `json:"fallback,omitempty"`
	Reasons  []rules.Reason `json:"reasons,omitempty"`
	Err      string         `json:"error,omitempty"`
}

// onTerrain reports whether the chosen objective card puts its tokens on terrain pieces.
func (v *setupView) onTerrain() bool {
	o := v.sum.Objective
	return v.sum.Mission == nil && o != nil && o.Placement != nil && o.Placement.On == "terrain"
}

// checkToken asks rules.PlaceToken whether the next token may go at (x, y).
func (v *setupView) checkToken(x, y float64) tokenCheck {
	c := tokenCheck{X: x, Y: y, Kind: v.sum.TokenKind}
	if v.sum.TokenKind == "" || v.sum.TokensPlaced >= v.sum.TokensToPlace {
		c.Err = T("setup.noTokens")
		return c
	}
	if v.onTerrain() {
		c.Piece = v.world.PieceAt(r2.Point{X: x, Y: y}, 0)
		if c.Piece == "" {
			c.Err = T("setup.notOnPiece")
			return c
		}
		// The token goes to the piece's centre when that lies on the piece (not for an L-shaped
		// ruin, whose box centre is outside it): there the clicked point stays.
		if i := pieceIndex(v.file, c.Piece); i >= 0 {
			if x, y := centreOf(&v.file.Terrain[i]); v.world.PieceAt(r2.Point{X: x, Y: y}, 0) == c.Piece {
				c.X, c.Y = x, y
			}
		}
	}
	a, err := v.world.PlaceToken(rules.TokenQuery{Kind: c.Kind, X: c.X, Y: c.Y, R: setupTokenRadius * lengthScale(v.file)})
	if err != nil {
		c.Err = err.Error()
		return c
	}
	c.Legal, c.Fallback, c.Reasons = a.OK, a.Fallback, a.Reasons
	return c
}

// withPiece is f with piece p put on it (replacing the piece of the same id) and, in a setup, its
// terrain turn by colour listed (a shallow copy: f is not changed).
func withPiece(f *table.File, p table.Terrain) *table.File {
	g := *f
	g.Terrain = make([]table.Terrain, 0, len(f.Terrain)+1)
	replaced := false
	for _, t := range f.Terrain {
		if t.ID == p.ID {
			t, replaced = p, true
		}
		g.Terrain = append(g.Terrain, t)
	}
	if !replaced {
		g.Terrain = append(g.Terrain, p)
	}
	return &g
}

// unitMoved is f with every mini of unit id moved by (dx, dy) (a shallow copy: f is not changed).
func unitMoved(f *table.File, id string, dx, dy float64) *table.File {
	g := *f
	g.UnitsOnTable = append([]table.Unit(nil), f.UnitsOnTable...)
	for i := range g.UnitsOnTable {
		u := &g.UnitsOnTable[i]
		if u.ID != id {
			continue
		}
		u.Minis = append([]table.Mini(nil), u.Minis...)
		for j := range u.Minis {
			u.Minis[j].X = clean(roundTo(u.Minis[j].X+dx, 1e-4))
			u.Minis[j].Y = clean(roundTo(u.Minis[j].Y+dy, 1e-4))
		}
	}
	return &g
}

// reasonsText joins reasons' texts, with the last one's citation (for the message line).
func reasonsText(rs []rules.Reason) string {
	s := ""
	for i, r := range rs {
		if i > 0 {
			s += "; "
		}
		s += r.Text
	}
	if len(rs) > 0 && rs[len(rs)-1].Cite != "" {
		s += " [" + rs[len(rs)-1].Cite + "]"
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
