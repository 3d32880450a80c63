package table

// ThingKind says which kind of thing an id names; terrain, unit, mini and token ids share one
// namespace, so an id names at most one thing.
type ThingKind int

// The kinds of thing an id can name. NoThing is the zero value: the id names nothing.
const (
	NoThing ThingKind = iota
	TerrainThing
	UnitThing
	MiniThing
	TokenThing
)

// String returns the word the spec uses: "terrain", "unit", "mini", "token" ("nothing" for NoThing).
func (k ThingKind) String() string {
	switch k {
	case TerrainThing:
		return "terrain"
	case UnitThing:
		return "unit"
	case MiniThing:
		return "mini"
	case TokenThing:
		return "token"
	}
	return "nothing"
}

// Ref is what an id names in a File: its kind, its index in its list, and pointers into the
// File's slices (valid until those slices are changed). For a mini, Unit and UnitIndex are its
// unit and Index is the mini's index within Unit.Minis; for a unit, Unit and UnitIndex = Index.
type Ref struct {
	Kind      ThingKind
	Index     int
	UnitIndex int
	Terrain   *Terrain
	Unit      *Unit
	Mini      *Mini
	Token     *Token
}

// Lookup finds the thing named id, for queries that may name terrain, minis or tokens alike. ok
// is false when nothing has that id. It scans the file; use Index for many look-ups.
func (f *File) Lookup(id string) (ref Ref, ok bool) {
	for i := range f.Terrain {
		if f.Terrain[i].ID == id {
			return Ref{Kind: TerrainThing, Index: i, Terrain: &f.Terrain[i]}, true
		}
	}
	for i := range f.UnitsOnTable {
		u := &f.UnitsOnTable[i]
		if u.ID == id {
			return Ref{Kind: UnitThing, Index: i, UnitIndex: i, Unit: u}, true
		}
		for j := range u.Minis {
			if u.Minis[j].ID == id {
				return Ref{Kind: MiniThing, Index: j, UnitIndex: i, Unit: u, Mini: &u.Minis[j]}, true
			}
		}
	}
	for i := range f.Tokens {
		if f.Tokens[i].ID == id {
			return Ref{Kind: TokenThing, Index: i, Token: &f.Tokens[i]}, true
		}
	}
	return Ref{}, false
}

// Index returns every id of the file with what it names, as Lookup would find it.
func (f *File) Index() map[string]Ref {
	m := map[string]Ref{}
	put := func(id string, r Ref) {
		if _, dup := m[id]; !dup { // first wins, as in Lookup (Load refuses duplicates anyway)
			m[id] = r
		}
	}
	for i := range f.Terrain {
		put(f.Terrain[i].ID, Ref{Kind: TerrainThing, Index: i, Terrain: &f.Terrain[i]})
	}
	for i := range f.UnitsOnTable {
		u := &f.UnitsOnTable[i]
		put(u.ID, Ref{Kind: UnitThing, Index: i, UnitIndex: i, Unit: u})
		for j := range u.Minis {
			put(u.Minis[j].ID, Ref{Kind: MiniThing, Index: j, UnitIndex: i, Unit: u, Mini: &u.Minis[j]})
		}
	}
	for i := range f.Tokens {
		put(f.Tokens[i].ID, Ref{Kind: TokenThing, Index: i, Token: &f.Tokens[i]})
	}
	return m
}

// Leader returns the unit's leader (a pointer into u.Minis), or nil if it has none; a loaded unit
// always has exactly one.
func (u *Unit) Leader() *Mini {
	for i := range u.Minis {
		if u.Minis[i].Leader {
			return &u.Minis[i]
		}
	}
	return nil
}

// Radius is the mini's base radius, half its Base diameter: the distance rules measure outlines.
func (m Mini) Radius() float64 { return m.Base / 2 }

// UnitIndex is the index of the unit with the id in f.UnitsOnTable, or -1.
func (f *File) UnitIndex(id string) int {
	for i := range f.UnitsOnTable {
		if f.UnitsOnTable[i].ID == id {
			return i
		}
	}
	return -1
}
