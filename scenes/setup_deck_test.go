package scenes

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"holotable/army"
	"holotable/table"
)

// TestDealFromBlueDeck: with blue's army list imported (its battlefieldDeck: four cards of each
// row), the setup's Deal lays out three cards of each row from that deck (RRG 2.0 Spielaufbau
// step 5 L843–847), says so, and the op carries them; a deck of two conditions cannot be dealt:
// the message says why and the draft is dealt from every battle card.
func TestDealFromBlueDeck(t *testing.T) {
	data, _ := army.Example("rebel-800")
	deal := func(list []byte) (*TableScene, setupState, string) {
		s := measureScene(t)
		edMust(t, s, "tool", "setup")
		setupCmd(t, s, map[string]any{"action": "start"})
		setupCmd(t, s, map[string]any{"action": "colours", "blue": "blue", "blueEdge": "north"})
		edMust(t, s, "game", map[string]any{"action": "import", "colour": "blue", "list": string(list)})
		edMust(t, s, "tool", "setup")
		setupCmd(t, s, map[string]any{"action": "next"})
		st := setupCmd(t, s, map[string]any{"action": "deal", "seed": 7})
		return s, st, s.message
	}
	s, st, msg := deal(data)
	deck := s.Doc().File().Game.Side(table.Blue).Deck
	if len(deck.Conditions) != 4 || st.Draft == nil || !strings.Contains(msg, "blue's battle deck") {
		t.Fatalf("deck %+v, draft %+v, message %q", deck, st.Draft, msg)
	}
	for i, row := range [3][]string{deck.Objectives, deck.Deployments, deck.Conditions} {
		if got := st.Draft.Left[i]; len(got) != 3 || slices.ContainsFunc(got, func(id string) bool { return !slices.Contains(row, id) }) {
			t.Fatalf("row %d dealt %v, not from the deck's %v", i, got, row)
		}
	}

	var l map[string]any
	json.Unmarshal(data, &l)
	d := l["battlefieldDeck"].(map[string]any)
	d["conditions"] = []string{"Clear Conditions", "Limited Visibility"}
	short, _ := json.Marshal(l)
	_, st, msg = deal(short)
	if st.Draft == nil || len(st.Draft.Left[2]) != 3 || !strings.Contains(msg, "2 condition cards") {
		t.Fatalf("a short deck: draft %+v, message %q", st.Draft, msg)
	}
}
