package scenes

// Where the draft's 3 × 3 battle cards stand (issue 17, item 4: "the battle cards cover
// blue-landspeeder-1"). Below the palette and its hint when the dock has the room (a phone, a
// tall window); else, with the page's dock, beside the palette at the dock's right end, left of
// the page's terrain legend, each card as large as the dock allows down to a title-only card;
// only when neither fits (a window too small for both) at the top, over the table, as before.
// Right-aligned, so that the cards stay put while the hint beside them changes from turn to turn.

const (
	draftCardW, draftCardH = 150.0, 34.0 // CSS px: a card with its title and its row's name
	draftGap               = 6.0         // between cards below the palette
	draftGapDock           = 4.0         // between cards beside it
	draftMinW              = 110.0       // the narrowest card beside the palette
	draftSubHeight         = 30.0        // a card lower than this shows its title only
	draftMinH              = 20.0        // the lowest: one line of the palette's font
)

// draftHintEnd is where the palette's hint ends when the cards stand beside the palette at the
// dock's right end (hintAt, hintLines): left of three full-size cards where that leaves the hint
// 200 px, else left of the three narrowest; the hint stands beside the last row of buttons where
// it fits there, else below them, wrapped at this end — so that it never pushes the cards over
// the table (at 1024 × 768 "the battle cards are chosen: …" below the buttons left too little room
// beside it and the cards went to the top, over blue-fleet-1).
func draftHintEnd(s Context) float64 {
	k := s.Scale()
	right := cornerRight(s) - 2*draftGapDock*k - 16*k
	if end := right - 3*draftCardW*k; end-8*k >= 200*k {
		return end
	}
	return max(k, right-3*draftMinW*k) // never 0, which would mean the screen's margin
}

// draftPlace is the top-left corner of the first card, the cards' size and the gap between them
// (device px), and where the palette's hint must end (0: the screen's margin; draftHintEnd when
// the cards stand beside the palette); bottom is the palette buttons' bottom, hint the palette's
// hint line.
func draftPlace(s Context, palette []paletteButton, hint string, bottom float64) (x0, y0, w, h, gap, end float64) {
	k := s.Scale()
	w, h, gap = draftCardW*k, draftCardH*k, draftGap*k
	floor := s.Screen().H - (s.PageBottom()+8)*k // the page's panel row
	if y0 = bottom + hintBelow(s, palette, hint, 0) + 12*k; y0+3*(h+gap) <= floor {
		return 8 * k, y0, w, h, gap, 0
	}
	if docked(s) {
		end = draftHintEnd(s)
		left := 8 * k // the palette's buttons and its hint end here
		for _, b := range palette {
			left = max(left, float64(b.X+b.W))
		}
		left = max(left, hintRight(s, palette, hint, end))
		gap = draftGapDock * k
		top := s.PaletteTop()
		right := cornerRight(s)
		w = min(w, (right-left-16*k-2*gap)/3)
		h = min(h, (floor-top-2*gap)/3)
		if w >= draftMinW*k && h >= draftMinH*k {
			return right - 3*w - 2*gap, top, w, h, gap, end
		}
	}
	return 8 * k, s.PanelTop(), draftCardW * k, draftCardH * k, draftGap * k, 0
}
