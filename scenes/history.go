package scenes

import (
	"errors"
	"fmt"

	"holotable/table"
)

// The history: the document's log in words, newest first, each entry with its author; a click on
// an entry shows the table as it was after it, read only (a banner says so; the tools rest, Esc
// goes back to now). The game record — the first file and the log — is exported and imported
// here too.
//
// Page commands:
//
//	history                 → [{seq, id, author, text, op}] newest first, text in the current language
//	historyView {seq}       show the table after entry seq (0: the first file), read only
//	historyLeave            back to now
//	exportGame              → the game record (docs/format-ops.md)
//	importGame "record"     replace the game — first file, log, undo history — with a record's

// historyView is a history entry being viewed.
type historyView struct {
	seq  int
	file *table.File
}

// HistoryEntry is one entry of the history command's list.
type HistoryEntry struct {
	Seq    int    `json:"seq"`
	ID     string `json:"id"`
	Author string `json:"author"`
	Text   string `json:"text"`
	Op     string `json:"op"`
}

// HistoryViewState is the entry being viewed, in the state snapshot.
type HistoryViewState struct {
	Seq int `json:"seq"`
	Len int `json:"len"`
}

func init() {
	RegisterStrings(map[string][2]string{
		"history.banner":         {"read only: the table after step %d of %d (%s) · Esc: back to now", "nur lesen: der Tisch nach Schritt %d von %d (%s) · Esc: zurück zu jetzt"},
		"history.first":          {"the table as it began", "der Tisch zu Beginn"},
		"history.now":            {"now", "jetzt"},
		"history.banner.touch":   {"read only: the table after step %d of %d (%s) · History, now: back to now", "nur lesen: der Tisch nach Schritt %d von %d (%s) · Verlauf, jetzt: zurück zu jetzt"},
		"history.readOnly.touch": {"the history is shown read only: History, now goes back to now", "der Verlauf wird nur gelesen: Verlauf, jetzt geht zurück zu jetzt"},
		"history.readOnly":       {"the history is shown read only: Esc goes back to now", "der Verlauf wird nur gelesen: Esc geht zurück zu jetzt"},
		"history.noStep":         {"no step %d (0 to %d)", "kein Schritt %d (0 bis %d)"},
		"history.you":            {"you", "du"},
		"ui.history":             {"History", "Verlauf"},
		"ui.history.tip":         {"Every change, newest first; click one to see the table then", "Jede Änderung, die neueste zuerst; anklicken zeigt den Tisch von damals"},
		"ui.history.empty":       {"No changes yet", "Noch keine Änderungen"},
		"ui.exportGame":          {"Export game", "Partie exportieren"},
		"ui.exportGame.tip": {"Download the game record (the first table and every change) as game.json",
			"Die Partie (Anfangstisch und jede Änderung) als game.json herunterladen"},
		"ui.exportGame.done": {"Exported game.json", "game.json exportiert"},
		"ui.importGame":      {"Import game", "Partie importieren"},
		"ui.importGame.tip":  {"Open a game record (.json): its table and its whole history", "Eine Partie (.json) öffnen: ihren Tisch und ihren ganzen Verlauf"},
		"ui.importGame.done": {"Imported the game %s (%d steps)", "Partie %s importiert (%d Schritte)"},
		"ui.importGame.tooLarge": {"import refused, game unchanged: %s has %s bytes, more than the limit of %s (too large)",
			"Import abgelehnt, Partie unverändert: %s hat %s Bytes, mehr als die Grenze von %s (zu groß)"},
		"game.refused": {"import refused, game unchanged: %s", "Import abgelehnt, Partie unverändert: %s"},
	})
	RegisterCommand("history", func(s *TableScene, _ jsonRaw) (any, error) { return s.HistoryList(), nil })
	RegisterCommand("historyView", func(s *TableScene, arg jsonRaw) (any, error) {
		var a struct{ Seq int }
		if len(arg) > 0 && arg[0] != '{' {
			if err := argInto(arg, &a.Seq); err != nil {
				return nil, err
			}
		} else if err := argInto(arg, &a); err != nil {
			return nil, err
		}
		return nil, s.ViewHistory(a.Seq)
	})
	RegisterCommand("historyLeave", func(s *TableScene, _ jsonRaw) (any, error) {
		s.LeaveHistory()
		return nil, nil
	})
	RegisterCommand("exportGame", func(s *TableScene, _ jsonRaw) (any, error) {
		b, err := s.doc.Record()
		return string(b), err
	})
	RegisterCommand("importGame", func(s *TableScene, arg jsonRaw) (any, error) {
		var text string
		if err := argInto(arg, &text); err != nil {
			return nil, err
		}
		if err := s.doc.ImportRecord([]byte(text)); err != nil {
			return nil, errors.New(T("game.refused", errText(err)))
		}
		s.LeaveHistory()
		s.setPreview(nil, nil)
		s.message = ""
		s.fit()
		return map[string]int{"steps": s.doc.Log().Len()}, nil
	})
}

// HistoryList is the log in words, newest first.
func (s *TableScene) HistoryList() []HistoryEntry {
	l := s.doc.Log()
	out := make([]HistoryEntry, 0, l.Len())
	for seq := l.Len(); seq >= 1; seq-- {
		e := l.Entry(seq)
		out = append(out, HistoryEntry{Seq: seq, ID: e.ID, Author: authorName(e.Author), Text: l.Describe(e, Language()), Op: string(e.Op.Kind())})
	}
	return out
}

// authorName is how the history names an author: the local player is "you".
func authorName(a string) string {
	if a == LocalAuthor {
		return T("history.you")
	}
	return a
}

// ViewHistory shows the table as it was after entry seq (0: the first file), read only.
func (s *TableScene) ViewHistory(seq int) error {
	l := s.doc.Log()
	if seq < 0 || seq > l.Len() {
		return fmt.Errorf("%s", T("history.noStep", seq, l.Len()))
	}
	s.setPreview(nil, nil)
	s.history = &historyView{seq: seq, file: l.FileAt(seq)}
	s.viewRev++
	s.refresh()
	return nil
}

// LeaveHistory goes back to the table as it is now.
func (s *TableScene) LeaveHistory() {
	if s.history == nil {
		return
	}
	s.history = nil
	s.viewRev++
	s.refresh()
}

// historyBanner is the heads-up line that says a history entry is shown.
func (s *TableScene) historyBanner() string {
	l := s.doc.Log()
	what := T("history.first")
	if s.history.seq > 0 {
		what = l.Describe(l.Entry(s.history.seq), Language())
	}
	return TFor(s.fingers(), "history.banner", s.history.seq, l.Len(), what)
}

// historyState is the viewed entry for the state snapshot (nil when none).
func (s *TableScene) historyState() *HistoryViewState {
	if s.history == nil {
		return nil
	}
	return &HistoryViewState{Seq: s.history.seq, Len: s.doc.Log().Len()}
}
