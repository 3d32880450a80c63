package scenes

// Phones and tablets (issue 17, item 11). On a narrow window the page folds its tools and
// overlays behind one button naming the current tool (web/ui.css, web/ui.js); once the screen has
// been touched (and until the mouse is used again, input_kind.go) the heads-up hint speaks of
// fingers and a base is picked with a fingertip's slop
// (TableScene.touch); one finger drags, two pinch and pan (touch.go).

func init() {
	RegisterStrings(map[string][2]string{
		"ui.tools.tip": {"Tools and overlays", "Werkzeuge und Ebenen"},
	})
}
