package ops

import "holotable/rules"

// Undo and redo are ops of the log (log.go): an undo takes back its author's last op (or the ops
// of the author's last group) by the inverse of their patches; a redo takes back the author's last
// undo. Both need the log's history, so they apply only within a Log.

// KindUndo and KindRedo are the kinds of undo and redo entries.
const (
	KindUndo Kind = "undo"
	KindRedo Kind = "redo"
)

// Undo takes back the op Of (the id of its author's last op, or of the last op of the author's
// last group: the whole group is taken back).
type Undo struct {
	Of string `op:"of"`
}

// Redo takes back the undo Of (the id of its author's last undo).
type Redo struct {
	Of string `op:"of"`
}

const (
	codeNoLog   = "op.noLog"
	codeNoUndo  = "op.noUndo"
	codeNoRedo  = "op.noRedo"
	codeNotOwn  = "op.notOwn"
	codeNotLast = "op.notLast"
)

func init() {
	Register[Undo](KindUndo)
	Register[Redo](KindRedo)
	RegisterWords(map[string][2]string{
		"op.undo":              {"undo: %s", "rückgängig: %s"},
		"op.redo":              {"redo: %s", "wiederholt: %s"},
		"reason." + codeNoLog:  {"undo and redo act on a log", "Rückgängig und Wiederholen wirken nur in einem Verlauf"},
		"reason." + codeNoUndo: {"nothing to undo", "nichts rückgängig zu machen"},
		"reason." + codeNoRedo: {"nothing to redo", "nichts zu wiederholen"},
		"reason." + codeNotOwn: {"%s is %s's op: each author undoes only their own", "%s ist ein Schritt von %s: jeder macht nur die eigenen rückgängig"},
		"reason." + codeNotLast: {"%s is not %s's last op to take back (that is %s)",
			"%s ist nicht der letzte Schritt von %s, der zurückgenommen werden kann (das ist %s)"},
	})
}

func (o *Undo) Kind() Kind { return KindUndo }
func (o *Redo) Kind() Kind { return KindRedo }

// Describe names the op undone by id; Log.Describe words it.
func (o *Undo) Describe() Words { return Words{Key: "op.undo", Args: []any{o.Of}} }

// Describe names the undo redone by id; Log.Describe words it.
func (o *Redo) Describe() Words { return Words{Key: "op.redo", Args: []any{o.Of}} }

// Plan is the inverse of the patches of the target's group, newest first.
func (o *Undo) Plan(s *State) (Patch, error) {
	l := s.log
	if l == nil {
		return Patch{}, refuse("", codeNoLog, CiteOps)
	}
	e := l.byID[o.Of]
	if e == nil {
		return Patch{}, refuse("of", codeNoThing, CiteOps, thing("op"), o.Of)
	}
	if e.Author != s.author {
		return Patch{}, refuse("of", codeNotOwn, CiteOps, o.Of, e.Author)
	}
	t := l.UndoTarget(s.author)
	if t == nil {
		return Patch{}, refuse("of", codeNoUndo, CiteOps)
	}
	if last := t[len(t)-1]; last != e {
		return Patch{}, refuse("of", codeNotLast, CiteOps, o.Of, s.author, last.ID)
	}
	for _, x := range t {
		// An offer's undo withdraws it (D107) — not once it is answered: what the owner accepted
		// is the owner's to take back.
		if id := l.offerTarget(x.ID); id != "" {
			if a, _ := l.offerState(id); a != nil {
				return Patch{}, refuse("of", codeOfferDone, rules.CiteOwnUnits, id, a.ID)
			}
		}
	}
	var p Patch
	for i := len(t) - 1; i >= 0; i-- {
		p = p.Then(t[i].Patch.Inverse())
	}
	return p, nil
}

// Plan is the inverse of the undo's patch.
func (o *Redo) Plan(s *State) (Patch, error) {
	l := s.log
	if l == nil {
		return Patch{}, refuse("", codeNoLog, CiteOps)
	}
	e := l.byID[o.Of]
	if e == nil {
		return Patch{}, refuse("of", codeNoThing, CiteOps, thing("undo"), o.Of)
	}
	if e.Author != s.author {
		return Patch{}, refuse("of", codeNotOwn, CiteOps, o.Of, e.Author)
	}
	t := l.RedoTarget(s.author)
	if t == nil {
		return Patch{}, refuse("of", codeNoRedo, CiteOps)
	}
	if t != e {
		return Patch{}, refuse("of", codeNotLast, CiteOps, o.Of, s.author, t.ID)
	}
	return e.Patch.Inverse(), nil
}
