package scenes

import (
	"fmt"
	"image/color"

	"holotable/maps"
	"holotable/rules"
)

// The dice tool's result panel in the page's dock (issue 17, item 4). The panel — the rolled
// faces, the pool, the converted result, the odds, the dispute — was drawn at the bottom left of
// the canvas, which with the page's dock (D78) is the table's bottom edge: the faces sat on
// red-storm-1 and the text over the palette. With the dock the tool hands the panel to the page
// (state toolState.result), which shows it in its panel below the table, where it scrolls; without
// the page (the native app) the canvas panel stays where it was.

// diceResult is the result panel as the page shows it.
type diceResult struct {
	Faces []diceFace `json:"faces"` // the last roll's faces, then the dispute die
	Lines []string   `json:"lines"` // panelLines
}

// diceFace is one rolled face: its label and colours (#rrggbb), round for a defence die.
type diceFace struct {
	Label   string `json:"label"`
	Fill    string `json:"fill"`
	Ink     string `json:"ink"`
	Round   bool   `json:"round,omitempty"`
	Dispute bool   `json:"dispute,omitempty"` // the dispute roll's die, which stands apart

	fill, ink color.RGBA
}

// rolledFaces are the faces the panel shows: the last roll's, then the dispute die.
func (t *diceTool) rolledFaces() []diceFace {
	var dice []rules.RolledDie
	if t.last != nil {
		dice = t.last.Dice
	}
	if t.disp != nil {
		dice = append(append([]rules.RolledDie(nil), dice...), t.disp.Face)
	}
	out := make([]diceFace, len(dice))
	for i, r := range dice {
		d, _ := t.die(r.Die)
		fill, ink := dieColour(d)
		out[i] = diceFace{Label: symbolLabel(r), Fill: hexRGB(fill), Ink: hexRGB(ink), Round: d.Kind == maps.DieDefence,
			Dispute: t.disp != nil && i == len(dice)-1, fill: fill, ink: ink}
	}
	return out
}

// result is the panel for the page.
func (t *diceTool) result() *diceResult {
	return &diceResult{Faces: t.rolledFaces(), Lines: t.panelLines()}
}

// hexRGB is c as CSS's #rrggbb.
func hexRGB(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
