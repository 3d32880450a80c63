package ops

import (
	"slices"

	"holotable/table"
)

// Doors of the grid table (blue on the map, seed 004 L812–822): swm.door.add puts one in a gap of
// a wall, swm.door.remove takes it away, swm.door.state opens, closes or holds it.
const (
	KindSWMDoorAdd    Kind = "swm.door.add"
	KindSWMDoorRemove Kind = "swm.door.remove"
	KindSWMDoorState  Kind = "swm.door.state"
)

// SWMDoorAdd puts the door DoorID from From to To (lattice points on one grid line) in State. It
// is refused when the id is taken (doors and figures share ids) and when the grid would not load
// (the door lies along a wall or another door).
type SWMDoorAdd struct {
	DoorID string          `op:"doorId"`
	From   [2]int          `op:"from"`
	To     [2]int          `op:"to"`
	State  table.DoorState `op:"state,omitempty"`
}

// SWMDoorRemove takes the door DoorID away.
type SWMDoorRemove struct {
	DoorID string `op:"doorId"`
}

// SWMDoorState sets the door's state and who holds it (HeldBy, a figure, only for a held state).
type SWMDoorState struct {
	DoorID string          `op:"doorId"`
	State  table.DoorState `op:"state"`
	HeldBy string          `op:"heldBy,omitempty"`
}

func init() {
	Register[SWMDoorAdd](KindSWMDoorAdd)
	Register[SWMDoorRemove](KindSWMDoorRemove)
	Register[SWMDoorState](KindSWMDoorState)
	RegisterWords(map[string][2]string{
		"op.swm.door.add":    {"add door %s", "Tür %s einsetzen"},
		"op.swm.door.remove": {"remove door %s", "Tür %s entfernen"},
		"op.swm.door.state":  {"door %s: %s", "Tür %s: %s"},
	})
}

func (o *SWMDoorAdd) Kind() Kind    { return KindSWMDoorAdd }
func (o *SWMDoorRemove) Kind() Kind { return KindSWMDoorRemove }
func (o *SWMDoorState) Kind() Kind  { return KindSWMDoorState }
func (o *SWMDoorAdd) Describe() Words {
	return Words{Key: "op.swm.door.add", Args: []any{o.DoorID}}
}
func (o *SWMDoorRemove) Describe() Words {
	return Words{Key: "op.swm.door.remove", Args: []any{o.DoorID}}
}
func (o *SWMDoorState) Describe() Words {
	return Words{Key: "op.swm.door.state", Args: []any{o.DoorID, o.State.String()}}
}

func doorAt(g *table.SWMFile, id string) int {
	return slices.IndexFunc(g.Doors, func(d table.Door) bool { return d.ID == id })
}

// door is the grid table and the index of its door id.
func (s *State) door(id string) (*table.SWMFile, int, error) {
	g, err := s.gridOr("doorId")
	if err != nil {
		return nil, -1, err
	}
	if i := doorAt(g, id); i >= 0 {
		return g, i, nil
	}
	return nil, -1, refuse("doorId", codeNoThing, CiteGrid, thing("door"), id)
}

func figureAt(g *table.SWMFile, id string) int {
	return slices.IndexFunc(g.Figures, func(f table.Figure) bool { return f.ID == id })
}

// gridIDFree refuses an id that is empty or names a door or a figure of g already.
func gridIDFree(field, id string, g *table.SWMFile) error {
	switch {
	case id == "":
		return formatFault(field, "must not be empty")
	case doorAt(g, id) >= 0:
		return refuse(field, codeIDTaken, CiteGrid, id, thing("door"))
	case figureAt(g, id) >= 0:
		return refuse(field, codeIDTaken, CiteGrid, id, thing("figure"))
	}
	return nil
}

func (o *SWMDoorAdd) Plan(s *State) (Patch, error) {
	g, err := s.gridOr("doorId")
	if err != nil {
		return Patch{}, err
	}
	if err := gridIDFree("doorId", o.DoorID, g); err != nil {
		return Patch{}, err
	}
	a, b, err := gridSegment(o.From, o.To, g)
	if err != nil {
		return Patch{}, err
	}
	if o.State.Held() {
		return Patch{}, formatFault("state", "a new door is not held by anyone: add it %s or %s, then hold it", table.DoorClosed, table.DoorOpen)
	}
	if _, err := o.State.MarshalText(); err != nil {
		return Patch{}, formatFault("state", "%v", err)
	}
	next := *g
	next.Doors = append(slices.Clip(g.Doors), table.Door{ID: o.DoorID, From: a, To: b, State: o.State})
	return gridPatch("from", gridDoors, g, &next), nil
}

func (o *SWMDoorRemove) Plan(s *State) (Patch, error) {
	g, i, err := s.door(o.DoorID)
	if err != nil {
		return Patch{}, err
	}
	next := *g
	next.Doors = slices.Delete(slices.Clone(g.Doors), i, i+1)
	if len(next.Doors) == 0 {
		next.Doors = nil // LoadSWM's empty list
	}
	return gridPatch("doorId", gridDoors, g, &next), nil
}

func (o *SWMDoorState) Plan(s *State) (Patch, error) {
	g, i, err := s.door(o.DoorID)
	if err != nil {
		return Patch{}, err
	}
	if _, err := o.State.MarshalText(); err != nil {
		return Patch{}, formatFault("state", "%v", err)
	}
	d := g.Doors[i]
	if d.State == o.State && d.HeldBy == o.HeldBy {
		return Patch{}, refuse("state", codeGridSame, CiteGrid)
	}
	if o.HeldBy != "" && figureAt(g, o.HeldBy) < 0 {
		return Patch{}, refuse("heldBy", codeNoThing, CiteGrid, thing("figure"), o.HeldBy)
	}
	d.State, d.HeldBy = o.State, o.HeldBy
	next := *g
	next.Doors = slices.Clone(g.Doors)
	next.Doors[i] = d
	return gridPatch("state", gridDoors, g, &next), nil
}
