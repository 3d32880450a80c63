package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/protocol"
	"holotable/table"
)

// TestOnlineExplain: the explanation this page opens in the measure tool is offered once (a cover
// query of the pair), not again while it stays open; another player's offered explanation is
// said on the message line and kept in the page's state until this page opens the same pair,
// which it does through the page command "explain".
func TestOnlineExplain(t *testing.T) {
	first, _ := table.Save(mustLoad(t, maps.Default()))
	head := uint64(0)
	var sent []*protocol.Client
	o, err := NewOnline(&protocol.Server{T: protocol.TWelcome, Room: "r1", Seat: protocol.Red, You: "r", First: first, Head: &head},
		func(m *protocol.Client) error {
			if m.T == protocol.TExplain {
				sent = append(sent, m)
			}
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	s := NewTableScene("online", o.Doc())
	q, _ := json.Marshal(explainQuery{Kind: "cover", Attacker: "blue-rebel-1", Defender: "red-storm-1"})
	note := o.Receive(&protocol.Server{T: protocol.TExplain, From: "b", Seat: protocol.Blue, Query: q})
	if !strings.HasPrefix(note, "blue shows you: blue-rebel-1 → red-storm-1") || o.State(s).Shown == nil {
		t.Fatalf("note %q, shown %+v", note, o.State(s).Shown)
	}
	if _, err := measureExplainCommand(s, jsonRaw(`{"attacker":"blue-rebel-1","defender":"red-storm-1"}`)); err != nil {
		t.Fatal(err)
	}
	o.Tick(s)
	o.Tick(s)
	if o.State(s).Shown != nil {
		t.Error("the offered explanation is still listed after this page opened it")
	}
	if len(sent) != 1 || !strings.Contains(string(sent[0].Query), `"kind":"cover","attacker":"blue-rebel-1","defender":"red-storm-1"`) {
		t.Fatalf("sent %d explains: %v", len(sent), sent)
	}
}
