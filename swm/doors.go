package swm

import (
	"fmt"
	"slices"

	"holotable/rules"
	"holotable/table"
)

// Doors (the digest's §1.16 G; seed 004 L812–822, L1024, L1282, L1354). A closed door counts as a
// wall; an open one as if it were not there. At the end of every turn each door that no ability
// holds is open when a character is adjacent to it and closed when none is (it opens at the end of
// a turn with a character adjacent, and stays open until the end of a turn with none). Which
// squares are adjacent to a door is the table's doorSquares (the rule's figure is missing, L814).
// Door Gimmick holds a door in the character's line of sight open, Override holds one open or
// closed, each until the end of that character's next turn or of the turn it is defeated in;
// Satchel Charge removes an adjacent door for good.
//
// The functions return the file's new doors (copies); the caller makes them the table's.

// DoorChange is one door's change at the end of a turn.
type DoorChange struct {
	ID       string          `json:"id"`
	From, To table.DoorState `json:"-"`
	Text     string          `json:"text"`
}

// DoorsAfter is the doors after the end of a turn, with what changed and why.
type DoorsAfter struct {
	Doors   []table.Door   `json:"-"`
	Changes []DoorChange   `json:"changes"`
	Reasons []rules.Reason `json:"reasons"`
}

// DoorSquares lists the squares adjacent to door i under the table's doorSquares.
func (b *Board) DoorSquares(i int) [][2]int {
	d := b.f.Doors[i]
	var out [][2]int
	add := func(x, y int) {
		if b.on(x, y) && !slices.Contains(out, [2]int{x, y}) {
			out = append(out, [2]int{x, y})
		}
	}
	lo, hi := d.From, d.To
	if lo.X > hi.X || lo.Y > hi.Y {
		lo, hi = hi, lo
	}
	touch := b.f.DoorSquares == table.DoorTouch
	if lo.Y == hi.Y { // horizontal: the squares above and below each unit edge
		x0, x1 := lo.X, hi.X-1
		if touch {
			x0, x1 = x0-1, x1+1
		}
		for x := x0; x <= x1; x++ {
			add(x, lo.Y-1)
			add(x, lo.Y)
		}
		return out
	}
	y0, y1 := lo.Y, hi.Y-1
	if touch {
		y0, y1 = y0-1, y1+1
	}
	for y := y0; y <= y1; y++ {
		add(lo.X-1, y)
		add(lo.X, y)
	}
	return out
}

// nextToDoor lists the figures with a square adjacent to door i.
func (b *Board) nextToDoor(i int) []string {
	var out []string
	for _, sq := range b.DoorSquares(i) {
		if k := b.occupant[sq[1]*b.w+sq[0]]; k >= 0 && !slices.Contains(out, b.f.Figures[k].ID) {
			out = append(out, b.f.Figures[k].ID)
		}
	}
	return out
}

// EndOfTurn returns the doors after the end of the active figure's turn: holds by the active
// figure (placed at the end of its previous turn) and by the defeated figures end, then every door
// no one holds opens or closes by whether a character is adjacent. Holds placed at the end of this
// turn (Door Gimmick, Override) are applied after it, with Hold.
func (b *Board) EndOfTurn(active string, defeated []string) (DoorsAfter, error) {
	if _, _, err := b.Figure(active); err != nil && !slices.Contains(defeated, active) {
		return DoorsAfter{}, err
	}
	res := DoorsAfter{Doors: slices.Clone(b.f.Doors), Changes: []DoorChange{}}
	for i := range res.Doors {
		d := &res.Doors[i]
		old := d.State
		if d.State == table.DoorRemoved {
			continue
		}
		released := ""
		if d.State.Held() {
			if d.HeldBy != active && !slices.Contains(defeated, d.HeldBy) {
				continue
			}
			released = fmt.Sprintf("the hold of %s ends; ", d.HeldBy)
			d.HeldBy = ""
		}
		near := b.nextToDoor(i)
		d.State = table.DoorClosed
		why := released + "no character is adjacent"
		if len(near) > 0 {
			d.State = table.DoorOpen
			why = released + fmt.Sprintf("%v adjacent", near)
		}
		if d.State != old {
			res.Changes = append(res.Changes, DoorChange{ID: d.ID, From: old, To: d.State,
				Text: fmt.Sprintf("door %s: %s → %s (%s)", d.ID, old, d.State, why)})
		}
	}
	res.Reasons = []rules.Reason{{Rule: "doors", Cite: CiteDoors, Text: fmt.Sprintf("end of %s's turn: %d door(s) change", active, len(res.Changes))},
		{Rule: "door-squares", Cite: CiteDoorSquares, Text: fmt.Sprintf("a character is adjacent to a door when it stands on a square %s the door (doorSquares %q)",
			map[table.DoorReach]string{table.DoorEdge: "on either side of", table.DoorTouch: "touching"}[b.f.DoorSquares], b.f.DoorSquares)}}
	for _, c := range res.Changes {
		res.Reasons = append(res.Reasons, rules.Reason{Rule: "door", Cite: CiteDoors, Text: c.Text, IDs: []string{c.ID}})
	}
	return res, nil
}

// DoorHold is what an ability does to a door at the end of its character's turn.
type DoorHold uint8

const (
	GimmickOpen   DoorHold = iota // Door Gimmick: hold open (L1024)
	OverrideOpen                  // Override: hold open (L1282)
	OverrideClose                 // Override: hold closed (L1282)
	SatchelCharge                 // Satchel Charge: remove (L1354)
)

func (h DoorHold) String() string {
	return [...]string{"door-gimmick", "override-open", "override-close", "satchel-charge"}[h]
}

// Hold applies figure by's ability to door id at the end of its turn and returns the doors after
// it, or why it may not.
func (b *Board) Hold(door, by string, h DoorHold) ([]table.Door, rules.Reason, error) {
	i := slices.IndexFunc(b.f.Doors, func(d table.Door) bool { return d.ID == door })
	if i < 0 {
		return nil, rules.Reason{}, fmt.Errorf("no door '%s'", door)
	}
	g, _, err := b.Figure(by)
	if err != nil {
		return nil, rules.Reason{}, err
	}
	d := b.f.Doors[i]
	cite := map[DoorHold]string{GimmickOpen: CiteDoorGimmick, OverrideOpen: CiteOverride, OverrideClose: CiteOverride, SatchelCharge: CiteSatchel}[h]
	refuse := func(format string, a ...any) ([]table.Door, rules.Reason, error) {
		r := rules.Reason{Rule: "door", Cite: cite, Text: fmt.Sprintf(format, a...), IDs: []string{door, by}}
		return nil, r, fmt.Errorf("%s", r.Text)
	}
	if d.State == table.DoorRemoved {
		return refuse("door %s was removed: it can no longer be opened, closed or held", door)
	}
	switch h {
	case SatchelCharge:
		if !slices.Contains(b.nextToDoor(i), by) {
			return refuse("%s is not adjacent to door %s", by, door)
		}
		d.State, d.HeldBy = table.DoorRemoved, ""
	default:
		if !b.seesDoor(SpaceOf(g), i) {
			return refuse("door %s is not in %s's line of sight", door, by)
		}
		if h == GimmickOpen && d.State == table.DoorHeldClosed {
			return refuse("door %s is held closed by Override: Door Gimmick cannot open it", door)
		}
		if d.State.Held() && d.HeldBy != by && h == GimmickOpen {
			return refuse("door %s is held by %s: only Override changes it", door, d.HeldBy)
		}
		if h == OverrideClose {
			for _, o := range b.f.Figures {
				if o.Size.Squares() > 1 && straddles(SpaceOf(o), d) {
					return refuse("%s's space stretches across door %s's grid line: the door cannot be closed", o.ID, door)
				}
			}
		}
		d.State, d.HeldBy = table.DoorHeldOpen, by
		if h == OverrideClose {
			d.State = table.DoorHeldClosed
		}
	}
	out := slices.Clone(b.f.Doors)
	out[i] = d
	return out, rules.Reason{Rule: "door", Cite: cite, Text: fmt.Sprintf("%s: door %s is now %s", h, door, d.State), IDs: []string{door, by}}, nil
}

// straddles reports whether the door's segment runs through the inside of the space.
func straddles(s Space, d table.Door) bool {
	if d.From.Y == d.To.Y {
		y, x0, x1 := d.From.Y, min(d.From.X, d.To.X), max(d.From.X, d.To.X)
		return y > s.Y && y < s.Y+s.N && x0 < s.X+s.N && x1 > s.X
	}
	x, y0, y1 := d.From.X, min(d.From.Y, d.To.Y), max(d.From.Y, d.To.Y)
	return x > s.X && x < s.X+s.N && y0 < s.Y+s.N && y1 > s.Y
}

// seesDoor: the space has line of sight to a square next to the door, the door itself taken as
// open ([interpretation]: "a door in its line of sight", L1024, L1282).
func (b *Board) seesDoor(s Space, i int) bool {
	f := *b.f
	f.Doors = slices.Clone(b.f.Doors)
	f.Doors[i].State = table.DoorOpen
	open := NewBoard(&f)
	for _, sq := range b.DoorSquares(i) {
		if open.Sees(s, Square(sq[0], sq[1])) {
			return true
		}
	}
	return false
}
