package ops

import "holotable/table"

// Validate reports whether op would apply to s: nil, or the *Refusal Apply would give.
func Validate(op Op, s *State) error {
	_, _, err := Apply(op, s)
	return err
}

// Apply applies op to s's file: the new file (s's file is not changed) and the patch that made
// it, or a *Refusal. The op is planned (its rules checked), then every entity it writes is
// checked as table.Load would check it, so the new file is always a valid table file.
func Apply(op Op, s *State) (*table.File, Patch, error) {
	d, p, err := applyOp(op, s)
	return d.file, p, err
}

// ApplyState is Apply's result as a state: the file and the grid table beside it (D116).
func ApplyState(op Op, s *State) (*State, Patch, error) {
	d, p, err := applyOp(op, s)
	if err != nil {
		return nil, Patch{}, err
	}
	return stateOf(d), p, nil
}

func applyOp(op Op, s *State) (doc, Patch, error) {
	p, err := op.Plan(s)
	if err != nil {
		return doc{}, Patch{}, err
	}
	p = withMovedContacts(op, s, p)
	d, err := p.applyDoc(s.doc(), true)
	if err != nil {
		return doc{}, Patch{}, err
	}
	return d, p, nil
}

// Preview applies op as a tool shows it while it drags: the op is planned as for Apply, but a
// result that breaks the file format (a base over the edge, a polygon crossing itself) is still
// returned, with the fault as the error, so that the tool can show both. f is nil only when the
// op cannot be planned at all.
func Preview(op Op, s *State) (f *table.File, p Patch, err error) {
	p, err = op.Plan(s)
	if err != nil {
		return nil, Patch{}, err
	}
	p = withMovedContacts(op, s, p)
	d, err := p.applyDoc(s.doc(), false)
	return d.file, p, err
}
