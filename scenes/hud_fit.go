package scenes

import "holotable/render"

// The heads-up lines beside the page's toolbar (issue 17, item 11). On a window between a phone
// and a wide screen (1024×700) the toolbar's right-aligned row reached over the first heads-up
// line ("holotable · default · Star Wars: Legion · 72×36 in · 13.8 px/in" ran under "Measure").
// The page says where its toolbar starts (reserve's left); a line whose text starts beside the
// toolbar (above its bottom) takes the first of its forms, longest first, whose panel stops 4 CSS
// px short of the toolbar, else its shortest. Lines below the toolbar, a narrow window (where the
// heads-up panel stands below the toolbar) and a page that did not say keep their first form.

// maxPageLeft bounds reserve's left (CSS px): no screen is wider.
const maxPageLeft = 20000

// besideToolbar picks one form of each line; forms[i] lists line i's forms, longest first. On a
// narrow window (a phone: the heads-up panel stands below the toolbar) each line takes the
// longest of its forms that fits the screen's width, else its shortest: the German touch hint ran
// off a 390 px phone's edge.
func (s *TableScene) besideToolbar(forms [][]string) []string {
	out := make([]string, len(forms))
	for i, f := range forms {
		out[i] = f[0]
	}
	k := s.scale()
	size := hudFontSize * k
	fit := func(f []string, room float64) string {
		for _, form := range f {
			if render.PanelWidth([]string{form}, size) <= room {
				return form
			}
		}
		return f[len(f)-1]
	}
	if s.narrow() {
		for i, f := range forms {
			out[i] = fit(f, s.screen.W-16*k) // the panel stands 8 px from either edge
		}
		return out
	}
	if s.pageLeft <= 0 {
		return out
	}
	room := (s.pageLeft-4)*k - 8*k // the panel stands 8 px from the left edge
	for i, f := range forms {
		if s.hudLineTop(i) >= s.pageTop*k {
			break // this line and those after it are below the toolbar
		}
		out[i] = fit(f, room)
	}
	return out
}

// hudLineTop is the screen y (device px) where the text of heads-up line i starts.
func (s *TableScene) hudLineTop(i int) float64 {
	size := hudFontSize * s.scale()
	return s.hudTop() + render.PanelPad(size) + float64(i)*render.PanelLineHeight(size)
}

// hudLine is one heads-up line as drawn: its text, and its row's top and where its text and
// padding end, in CSS px (the browser tests compare them with the page's toolbar).
type hudLine struct {
	Text  string  `json:"text"`
	Top   float64 `json:"top"`
	Right float64 `json:"right"`
}

func init() {
	RegisterCommand("hud", func(s *TableScene, _ jsonRaw) (any, error) {
		// The heads-up lines as drawn (a query: no action).
		k := s.scale()
		size := hudFontSize * k
		lines := s.hudLines()
		out := make([]hudLine, len(lines))
		for i, l := range lines {
			out[i] = hudLine{Text: l, Top: s.hudLineTop(i) / k,
				Right: (8*k + render.PanelWidth([]string{l}, size)) / k}
		}
		return out, nil
	})
}
