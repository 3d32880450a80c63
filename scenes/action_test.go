package scenes

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMessageBelongsToItsAction: a refusal stays while the player looks (pointer moves, panning,
// zooming, the page's queries) and goes when the next action starts — a tool switch, a
// selection, a click on the table, undo (issue 17, item 2).
func TestMessageBelongsToItsAction(t *testing.T) {
	s := NewTableScene("test", testDoc())
	tick(s, Input{ScreenChanged: true})
	refuse := func() {
		t.Helper()
		if _, err := s.Command("import", json.RawMessage(`"{not json"`)); err == nil {
			t.Fatal("a broken import was accepted")
		}
		if !strings.Contains(s.Snapshot().Message, "import refused") {
			t.Fatalf("message after a broken import: %q", s.Snapshot().Message)
		}
	}
	refuse()
	a := s.Snapshot().Action
	// Looking: none of these ends the message.
	tick(s, Input{X: 300, Y: 200})
	tick(s, Input{X: 300, Y: 200, RightPressed: true, Right: true})
	tick(s, Input{X: 340, Y: 220, Right: true})
	tick(s, Input{X: 340, Y: 220, Wheel: 1})
	for _, c := range []string{"fit", "settings", "export", "history", "strings", "overlays"} {
		if _, err := s.Command(c, nil); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	if st := s.Snapshot(); !strings.Contains(st.Message, "import refused") || st.Action != a {
		t.Fatalf("the message went while looking: %q, action %d → %d", st.Message, a, st.Action)
	}
	// Each of these starts the next action.
	for name, act := range map[string]func(){
		"tool switch": func() { _, _ = s.Command("tool", json.RawMessage(`"units"`)) },
		"selection":   func() { _, _ = s.Command("select", json.RawMessage(`"red-1-1"`)) },
		"table click": func() { tick(s, Input{X: 5, Y: 5, LeftPressed: true, Left: true}); tick(s, Input{X: 5, Y: 5}) },
		"undo key":    func() { tick(s, Input{Undo: true}) },
	} {
		refuse()
		before := s.Snapshot().Action
		act()
		if st := s.Snapshot(); st.Message != "" || st.Action <= before {
			t.Errorf("after a %s: message %q, action %d → %d", name, st.Message, before, st.Action)
		}
		_, _ = s.Command("tool", json.RawMessage(`"measure"`))
	}
}
