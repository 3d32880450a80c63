package scenes

// Phones and tablets (issue 17, item 11). On a narrow window the page folds its tools and
// overlays behind one button naming the current tool (web/ui.css, web/ui.js); once the screen has
// been touched (and until the mouse is used again, input_kind.go) the heads-up hint speaks of
// fingers and a base is picked with a fingertip's slop
// (TableScene.touch); one finger drags, two pinch and pan (touch.go).

func init() {
	RegisterStrings(map[string][2]string{
		"ui.tools.tip": {"Tools and overlays", "Werkzeuge und Ebenen"},
		// The phone's sheet (web/ui.js, D153): its handle's words.
		"ui.sheet.more":     {"more", "mehr"},
		"ui.sheet.less":     {"less", "weniger"},
		"ui.sheet.more.tip": {"Unfold the panel and the explanation; the table gets smaller", "Panel und Erklärung aufklappen; der Tisch wird kleiner"},
		"ui.sheet.less.tip": {"Fold the panel and the explanation; the table gets larger", "Panel und Erklärung einklappen; der Tisch wird größer"},
	})
}
