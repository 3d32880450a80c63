package ops

import (
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

var (
	defaultOnce sync.Once
	defaultFile *table.File
)

// theDefault is the default table, loaded once (tests must not change it).
func theDefault(t testing.TB) *table.File {
	defaultOnce.Do(func() { defaultFile = load(t, maps.Default()) })
	return defaultFile
}

// examples is one op of every kind, as it could apply to the default table (or, for the setup
// kinds, to a table in the right phase): their canonical forms seed the decoder's fuzz target.
func examples(t testing.TB) []Entry {
	f := theDefault(t)
	p := Translated(f.Terrain[0], 30, 0)
	p.ID = "bldg-9"
	u := f.UnitsOnTable[0]
	u.ID = "red-storm-9"
	u.Minis = append([]table.Mini(nil), u.Minis...)
	for i := range u.Minis {
		u.Minis[i].ID = "red-storm-9-" + itoa(i+1)
	}
	m := u.Minis[1]
	m.ID = "red-storm-1-9"
	ops := []Op{
		&TerrainAdd{Piece: p},
		&TerrainMove{Piece: "bldg-1", DX: 1.5, DY: -0.25},
		&TerrainRotate{Piece: "bldg-1", Degrees: 15},
		&TerrainReshape{Piece: "ruin-1", Polygon: [][2]float64{{25, 14}, {34, 14}, {30, 20}}},
		&TerrainReshape{Piece: "crater-1", Circle: &table.Circle{X: 36, Y: 18, R: 2}},
		&TerrainSet{Piece: "woods-1", Height: ptr(2.0), PieceKind: ptr(table.Solid), Cover: &table.CoverByClass{Trooper: table.CoverHeavy, Creature: table.CoverLight, Vehicle: table.CoverNone},
			Move: &table.MoveByClass{Trooper: table.Difficult, Ground: table.Impassable, Repulsor: table.Open}, Standable: ptr(true)},
		&TerrainDelete{Piece: "barricade-1"},
		&LayoutMirror{},
		&UnitAdd{Unit: u},
		&UnitSet{Unit: "red-storm-2", Side: ptr("blue"), Speed: ptr(1), CoverGiven: ptr(table.CoverLight), Height: ptr(1.6)},
		&UnitDelete{Unit: "red-storm-2"},
		&UnitMove{Unit: "red-storm-1", Speed: 1, Heading: 90, Bend: 10, Fraction: 0.5},
		&UnitPivot{Unit: "red-atst-1", Facing: 45},
		&UnitManeuver{Unit: "red-atst-1", Mode: rules.ModeReverse, Speed: 2, Bend: -15, Fraction: ptr(0.5)},
		&UnitManeuver{Unit: "red-atst-1", Mode: rules.ModeStandard, Speed: 1, Turn: ptr(-90.0), After: true},
		&UnitManeuver{Unit: "red-speeder-1", Mode: rules.ModeCompulsory},
		&UnitCharge{Unit: "red-storm-1", Target: "blue-rebel-1", Speed: 2, Heading: ptr(90.0), Bend: 10, Fraction: 0.75, Reply: true},
		&UnitCharge{Unit: "red-atst-1", Target: "blue-rebel-1", Speed: 1, Fraction: 1},
		&UnitWithdraw{Unit: "red-storm-1", Heading: ptr(270.0), Bend: -5, Fraction: 1},
		&UnitClimb{Unit: "red-storm-1", Onto: "bldg-1", Mode: rules.Clamber},
		&UnitEmbark{Unit: "blue-rebel-1", Vehicle: "blue-atrt-1", Heading: ptr(180.0), Bend: 5, Fraction: 1},
		&UnitDisembark{Unit: "blue-rebel-1", X: 30, Y: 30.5, Heading: ptr(270.0), Fraction: 0.5},
		&UnitDisplace{Unit: "red-atst-1", Mode: rules.ModeStandard, Speed: 2, Bend: 5, Fraction: ptr(1.0),
			Places: []DisplacedPlace{{Mini: "blue-rebel-1-1", X: 30, Y: 20}, {Mini: "blue-rebel-1-2", X: 31.25, Y: 20}}},
		&UnitKeywords{Unit: "red-atst-1", Speeder: ptr(1.0), Hover: "air", HoverX: 1, SideNotches: true, FullPivot: true,
			Jump: ptr(2.0), MeleeWeapon: true, Transport: &TransportKeyword{Capacity: 1, Open: true}, Reposition: true,
			Arcs: &table.Arcs{30, 150, 210, 330}, WeakRear: 1, WeakSides: 2,
			Game: &GameKeywords{Plodding: true, Agile: ptr(1.0), Armor: ptr(0.0), ImmunePierce: true}},
		&UnitManeuver{Unit: "red-speeder-1", Mode: rules.ModeCompulsory, WoundOrder: []string{"red-speeder-1-1"}, NewLeader: "red-speeder-1-1"},
		&MinisMove{Unit: "red-storm-1", Minis: []MiniPlace{{Mini: "red-storm-1-1", X: 8, Y: 3, Z: ptr(0.5), Facing: ptr(90.0)}}},
		&MiniAdd{Unit: "red-storm-1", Mini: m},
		&MiniDelete{Mini: "red-storm-1-5"},
		&TableImport{Table: load(t, maps.Skirmish())},
		&DiceSet{DieID: "rebellion-black", Die: table.Die{Name: "black combat die", System: "rebellion", Kind: "any", Colour: "#1c1c1c", Sides: 6,
			Faces: []table.DieFace{{Symbol: "hit", Count: 3}, {Symbol: "direct-hit", Count: 1}, {Symbol: "special", Count: 1}, {Symbol: "blank", Count: 1}}}},
		&DiceSet{DieID: "destiny-blaster", Die: table.Die{Name: "blaster die", System: "destiny", Kind: "any", Sides: 6,
			Faces: []table.DieFace{{Symbol: "ranged", Value: 2, Count: 1, Modifier: true}, {Symbol: "ranged", Value: 1, Count: 3}, {Symbol: "focus", Value: 1, Count: 1, Cost: 1}, {Symbol: "blank", Count: 1}}}},
		&DiceDelete{DieID: "rebellion-black"},
		&SetupStart{},
		&SetupColours{Blue: "blue", Red: "red", BlueEdge: "north"},
		&SetupTerrain{Colour: table.Blue, Piece: p, Fallback: true},
		&SetupDeal{Objectives: []string{"a", "b", "c"}, Deployments: []string{"d", "e", "f"}, Conditions: []string{"g", "h", "i"}},
		&SetupDraft{Colour: table.Red, Action: "eliminate", Row: "condition", Card: "clear-conditions"},
		&SetupDraft{Colour: table.Blue, Action: "pass"},
		&SetupMission{Mission: "disabled-vehicle"},
		&SetupToken{Colour: table.Blue, Token: table.Token{ID: "objective-2", Kind: "objective", X: 24, Y: 20, R: 0.5}},
		&SetupDeploy{Colour: table.Blue, Unit: "blue-rebel-1", DX: 0, DY: -1},
		&SetupNext{To: "draft"},
		&Undo{Of: "t-1"},
		&Redo{Of: "t-2"},
		&OfferMake{To: table.Blue, Proposal: Carried{&MinisMove{Minis: []MiniPlace{{Mini: "blue-rebel-1-1", X: 30, Y: 20, Facing: ptr(90.0)}}}}},
		&OfferMake{To: table.Red, Proposal: Carried{&UnitSet{Unit: "red-storm-2", Speed: ptr(1)}}},
		&OfferMake{To: table.Blue, Proposal: Carried{&MinisMove{Minis: []MiniPlace{{Mini: "red-storm-1-1", X: 30, Y: 20}}}},
			Then: []Carried{{&UnitSet{Unit: "blue-rebel-1", Speed: ptr(1)}}}},
		&OfferAnswer{Of: "t-3", Accept: true},
		&OfferAnswer{Of: "t-3"},
		&GameImport{Colour: table.Blue, Side: "Rebels", List: `{"author":"x","armyFaction":"rebels","units":[{"name":"Rebel Troopers"}]}`},
		&GameCards{Cards: `{"format":"holotable-cards/1","cards":[{"name":"Rebel Troopers","wounds":1}]}`},
		&GameDeploy{Unit: "rebel-troopers-1", Minis: []MiniPlace{{Mini: "rebel-troopers-1-1", X: 4, Y: 3}, {Mini: "rebel-troopers-1-2", X: 5.113, Y: 3, Z: ptr(0.0), Facing: ptr(90.0)}}},
		&GameStart{},
		&GameCard{Colour: table.Red, Name: "Implacable", Pips: 1, Orders: 1, Units: []string{"Darth Vader"}},
		&GameCard{Colour: table.Blue, Name: "Push", Pips: 2, Orders: 2, UnitType: table.Trooper},
		&GamePriority{Face: "block"},
		&GameOrders{Colour: table.Blue, Commander: "leia-organa-1", Units: []string{"rebel-troopers-1"}},
		&GameActivate{Colour: table.Blue, Unit: "rebel-troopers-2", Rank: table.RankCorps, Discarded: []table.Rank{table.RankHeavy}},
		&GameActivate{Colour: table.Red, Unit: "stormtroopers-1"},
		&GameActivate{Colour: table.Blue, Unit: "rebel-troopers-2", Rank: table.RankCorps, DrawRoll: "blue-k2-7"},
		&GameRally{Unit: "rebel-troopers-1", Faces: []string{"blank", "block"}},
		&GameEndActivation{Unit: "rebel-troopers-1"},
		&GameTokens{Unit: "stormtroopers-2", Token: "aim", Delta: -1},
		&GameWounds{Unit: "rebel-troopers-1", Wounds: 2, Order: []string{"rebel-troopers-1-3"}, NewLeader: "rebel-troopers-1-2"},
		&GameWounds{Unit: "stormtroopers-2", Wounds: 1},
		&GameHeal{Unit: "rebel-troopers-1", Ability: "treat", By: "rebel-troopers-1", Card: "FX-9 Medical Droid", X: 1, Capacity: 2, Wounds: []string{"rebel-troopers-1-2"}, Tokens: []string{"poison"}},
		&GameHeal{Unit: "rebel-troopers-1", Ability: "effect", Restore: []string{"rebel-troopers-1-3"}},
		&GameContact{A: "rebel-troopers-1-1", B: "stormtroopers-1-2", On: true},
		&GameContact{A: "rebel-troopers-1-1", B: "stormtroopers-1-2"},
		&GameAttack{Attacker: "stormtroopers-1", Defender: "rebel-troopers-1", Weapons: []AttackWeapon{{Mini: "stormtroopers-1-1", Weapon: "E-11 Blaster Rifle"}},
			Attack: AttackFaces{Hit: 1, Surge: 1}, Dodges: 1, Defence: DefenceFaces{Block: 1}, AttackAfter: &AttackResult{Hits: 2}, BlocksAfter: ptr(0),
			WoundOrder: []string{"rebel-troopers-1-2"}, NewLeader: "rebel-troopers-1-3",
			AttackRolled: &AttackFaces{Hit: 1, Blank: 1}, DefenceRolled: &DefenceFaces{Blank: 1}},
		&GameAttack{Attacker: "a", Defender: "b", Melee: true, Weapons: []AttackWeapon{}, Attack: AttackFaces{}, Defence: DefenceFaces{}},
		&GameAttack{Attacker: "a", Defender: "b", Standby: true, Weapons: []AttackWeapon{{Mini: "a-1", Weapon: "mortar"}}, Attack: AttackFaces{Blank: 1}, Defence: DefenceFaces{}},
		&GameAttack{Attacker: "a", Defender: "b", Weapons: []AttackWeapon{{Mini: "a-1", Weapon: "Claws"}}, Attack: AttackFaces{Critical: 2},
			Defence: DefenceFaces{Blank: 2}, AttackRoll: "blue-k2-8", DefenceRoll: "blue-k2-9"},
		&GameScore{Colour: table.Red, VP: 1},
		&GameEndRound{Promote: []Promotion{{Colour: table.Blue, Unit: "rebel-troopers-2"}}},
		&GameEndRound{},
		&GamePrimary{Face: "hit"},
		&SWMImport{Table: swmExample(t)},
		&SWMPaint{X: 2, Y: 3, W: 4, H: 2, Square: table.SquareLow},
		&SWMWallAdd{From: [2]int{3, 0}, To: [2]int{3, 4}, Bevel: table.BevelFrom},
		&SWMWallRemove{From: [2]int{6, 1}, To: [2]int{8, 1}},
		&SWMDoorAdd{DoorID: "door-north", From: [2]int{8, 1}, To: [2]int{9, 1}, State: table.DoorOpen},
		&SWMDoorRemove{DoorID: "door-west"},
		&SWMDoorState{DoorID: "door-south", State: table.DoorHeldOpen, HeldBy: "vader"},
		&SWMFigureAdd{FigureID: "trooper-2", X: 3, Y: 5, Figure: GridFigure{Name: "Stormtrooper", Side: "empire", Size: table.SizeLarge,
			Speed: 6, Reach: 1, Abilities: []table.Ability{table.AbilityFlight, table.AbilityStealth}}},
		&SWMFigureMove{FigureID: "vader", X: 20, Y: 7},
		&SWMFigureEdit{FigureID: "obi-wan", Figure: GridFigure{Side: "rebels", Speed: 6, Reach: 2}},
		&SWMFigureRemove{FigureID: "elite-trooper"},
		&SWMZone{Zone: 1, X: 18, Y: 0, W: 6, H: 16},
	}
	out := make([]Entry, len(ops))
	for i, op := range ops {
		out[i] = Entry{ID: "ex-" + itoa(i), Author: "blue", Op: op}
	}
	out[3].Group = "g"
	return out
}

// TestEveryKindHasAnExample: a kind added without an example here is a failing test.
func TestEveryKindHasAnExample(t *testing.T) {
	have := map[Kind]bool{}
	for _, e := range examples(t) {
		have[e.Op.Kind()] = true
	}
	for _, k := range Kinds() {
		if !have[k] {
			t.Errorf("kind %s has no example in examples()", k)
		}
	}
}

// jsonString matches a JSON string (whose spaces are its text's, not the encoding's).
var jsonString = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// TestCanonicalRoundTrip: every example encodes, decodes to the same op, and encodes again to the
// same bytes; the encoding has no whitespace and starts with the envelope.
func TestCanonicalRoundTrip(t *testing.T) {
	f := theDefault(t)
	for _, e := range examples(t) {
		b, err := Encode(e, f)
		if err != nil {
			t.Fatalf("%s: %v", e.Op.Kind(), err)
		}
		if !strings.HasPrefix(string(b), `{"id":"`+e.ID+`","author":"blue","op":"`+string(e.Op.Kind())+`"`) {
			t.Errorf("%s: envelope first: %s", e.Op.Kind(), b)
		}
		if e.Op.Kind() != KindTableImport && strings.ContainsAny(jsonString.ReplaceAllString(string(b), `""`), " \n\t") {
			t.Errorf("%s: not compact: %s", e.Op.Kind(), b)
		}
		back, err := Decode(b, f)
		if err != nil {
			t.Fatalf("%s: %s: %v", e.Op.Kind(), b, err)
		}
		if back.ID != e.ID || back.Author != e.Author || back.Group != e.Group || !reflect.DeepEqual(back.Op, e.Op) {
			t.Errorf("%s: decoded %+v, want %+v", e.Op.Kind(), back.Op, e.Op)
		}
		again, _ := Encode(back, f)
		if string(again) != string(b) {
			t.Errorf("%s: not canonical:\n%s\n%s", e.Op.Kind(), b, again)
		}
	}
}

// TestStrictDecoding: each fault is refused with one line naming the field, in order: syntax, the
// envelope, then the kind's fields (unknown keys first).
func TestStrictDecoding(t *testing.T) {
	f := theDefault(t)
	const env = `"id":"a","author":"blue",`
	for _, c := range []struct{ in, want string }{
		{`[1]`, "must be an object, got array"},
		{`{"id":"a"`, "not JSON"},
		{`{"id":"a"} x`, "not JSON"},
		{`{` + env + `"op":"terrain.move","piece":"bldg-1","dx":1,"dx":2,"dy":1}`, `key "dx" given twice`},
		{`{"author":"blue","op":"layout.mirror"}`, "id: missing"},
		{`{"id":"","author":"blue","op":"layout.mirror"}`, "id: must not be empty"},
		{`{"id":1,"author":"blue","op":"layout.mirror"}`, "id: must be a string, got number"},
		{`{"id":"a","op":"layout.mirror"}`, "author: missing"},
		{`{"id":"a","author":"` + strings.Repeat("x", 200) + `","op":"layout.mirror"}`, "author: longer than 128 bytes"},
		{`{` + env + `"op":"nope"}`, `op: unknown kind "nope"`},
		{`{` + env + `"op":"layout.mirror","x":1}`, "x: unknown field"},
		{`{` + env + `"op":"layout.mirror","group":""}`, "group: must not be empty"},
		{`{` + env + `"op":"terrain.move","piece":"bldg-1","dx":1}`, "dy: missing"},
		{`{` + env + `"op":"terrain.move","piece":"bldg-1","dx":"1","dy":1}`, "dx: must be a number, got string"},
		{`{` + env + `"op":"terrain.move","piece":"bldg-1","dx":null,"dy":1}`, "dx: must be a number, got null"},
		{`{` + env + `"op":"terrain.move","piece":"bldg-1","dx":1e999,"dy":1}`, "must be a finite number"},
		{`{` + env + `"op":"terrain.move","piece":7,"dx":1,"dy":1}`, "piece: must be a string, got number"},
		{`{` + env + `"op":"unit.move","unit":"u","speed":1.5,"heading":0,"bend":0,"fraction":1}`, "speed: must be an integer, got 1.5"},
		{`{` + env + `"op":"minis.move","minis":[{"mini":"m","x":1,"y":"2"}]}`, "minis[0].y: must be a number, got string"},
		{`{` + env + `"op":"minis.move","minis":[{"mini":"m","x":1,"y":2,"w":3}]}`, "minis[0].w: unknown field"},
		{`{` + env + `"op":"terrain.set","piece":"p","kind":"lava"}`, `kind: unknown kind "lava"`},
		{`{` + env + `"op":"terrain.set","piece":"p","move":{"trooper":"slow","ground":"open","repulsor":"open"}}`, `move.trooper: unknown move "slow"`},
		{`{` + env + `"op":"unit.set","unit":"u","coverGiven":"thick"}`, `coverGiven: unknown cover "thick"`},
		{`{` + env + `"op":"terrain.set","piece":"p","kind":2}`, "kind: must be a string, got number"},
		{`{` + env + `"op":"setup.draft","colour":"green","action":"pass"}`, `colour: unknown colour "green" (blue or red)`},
		{`{` + env + `"op":"minis.move","minis":{}}`, "minis: must be an array, got object"},
		{`{` + env + `"op":"minis.move","minis":[{"mini":"m","x":1,"y":2,"z":null}]}`, "minis[0].z: must be a number, got null"},
		{`{` + env + `"op":"terrain.reshape","piece":"ruin-1","polygon":[[1,2,3]]}`, "polygon[0]: must hold 2 values, got 3"},
		{`{` + env + `"op":"terrain.set","piece":"w","cover":{"trooper":"heavy"}}`, "cover.creature: missing"},
		{`{` + env + `"op":"terrain.add","piece":{"id":"p","polygon":[[0,0],[2,2],[2,0],[0,2]],"height":1}}`, "piece.polygon: "},
		{`{` + env + `"op":"unit.add","unit":{"id":"u","type":"trooper","minis":[{"id":"m","leader":true,"x":1,"y":1,"base":"tiny","height":1}]}}`,
			`unit.minis[0].base: unknown base "tiny"`},
		{`{` + env + `"op":"table.import","table":{"format":"holotable/2"}}`, `table.format: unknown format "holotable/2"`},
		{`{` + env + `"op":"game.activate","colour":"blue","unit":"u","rank":"captain"}`, `rank: unknown rank "captain"`},
		{`{` + env + `"op":"game.attack","attacker":"a","defender":"b","weapons":[{"mini":"m"}],"attack":{},"defence":{}}`, "weapons[0].weapon: missing"},
		{`{` + env + `"op":"game.attack","attacker":"a","defender":"b","weapons":[],"attack":{"hit":1.5},"defence":{}}`, "attack.hit: must be an integer, got 1.5"},
		{`{` + env + `"op":"game.card","colour":"blue","name":"Push","pips":2,"unitType":"tank"}`, `unitType: unknown type "tank"`},
		{`{` + env + `"op":"game.endRound","promote":[{"colour":"red"}]}`, "promote[0].unit: missing"},
	} {
		_, err := Decode([]byte(c.in), f)
		r, ok := err.(*Refusal)
		if !ok || !strings.Contains(r.Error(), c.want) || strings.ContainsAny(r.Error(), "\n\r") {
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
	}
	// A unit or a mini cannot be read without the table it is for (its bases' names).
	if _, err := Decode([]byte(`{`+env+`"op":"unit.delete","unit":"u"}`), nil); err != nil {
		t.Errorf("an op without entities needs no table: %v", err)
	}
	if _, err := Decode([]byte(`{`+env+`"op":"mini.add","unit":"u","mini":{}}`), nil); err == nil {
		t.Error("a mini was read without its table")
	}
}

// FuzzDecode: no input makes the decoder panic; whatever it accepts encodes canonically, and the
// canonical form decodes to itself.
func FuzzDecode(f *testing.F) {
	file := theDefault(f)
	for _, e := range examples(f) {
		if e.Op.Kind() == KindTableImport {
			continue // too large a seed to mutate usefully
		}
		b, err := Encode(e, file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"id":"a","author":"b","op":"minis.move","minis":[{"mini":"m","x":1,"y":2,"z":null}]}`))
	f.Add([]byte(`{"id":"a","author":"b","op":"terrain.add","piece":{"id":"p","circle":{"x":1,"y":1,"r":1},"height":1}}`))
	// Grid ops (D116): a closed set by an unknown name, a point of three numbers, a small grid table.
	f.Add([]byte(`{"id":"a","author":"b","op":"swm.paint","x":0,"y":0,"w":1,"h":1,"square":"lava"}`))
	f.Add([]byte(`{"id":"a","author":"b","op":"swm.wall.add","from":[0,0,1],"to":[0,1],"bevel":"both"}`))
	f.Add([]byte(`{"id":"a","author":"b","op":"swm.figure.add","figureId":"f","x":0,"y":0,"figure":{"side":"s","size":"huge","speed":6,"reach":1,"abilities":["flight","rigid"]}}`))
	f.Add([]byte(`{"id":"a","author":"b","op":"swm.import","table":{"format":"holotable/1","ruleset":"swm","grid":{"width":2,"height":1},"terrain":["#."]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := Decode(data, file)
		if err != nil {
			if _, ok := err.(*Refusal); !ok || strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%q: %v is not a one-line refusal", data, err)
			}
			return
		}
		b, err := Encode(e, file)
		if err != nil {
			t.Fatalf("%q decoded but does not encode: %v", data, err)
		}
		e2, err := Decode(b, file)
		if err != nil {
			t.Fatalf("canonical form %s does not decode: %v", b, err)
		}
		if b2, _ := Encode(e2, file); string(b2) != string(b) {
			t.Fatalf("not canonical:\n%s\n%s", b, b2)
		}
	})
}

// TestDecodeAs: the caller's id and author replace what the op says (or add them when it says
// none); the rest is read as Decode reads it, and its faults are Decode's.
func TestDecodeAs(t *testing.T) {
	for _, in := range []string{
		`{"op":"terrain.move","piece":"ruin-2","dx":1,"dy":0}`,
		`{"id":"r9","author":"red","op":"terrain.move","piece":"ruin-2","dx":1,"dy":0}`,
	} {
		e, err := DecodeAs([]byte(in), nil, "b1", "blue")
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if e.ID != "b1" || e.Author != "blue" {
			t.Errorf("%s: id %q author %q", in, e.ID, e.Author)
		}
		if m, ok := e.Op.(*TerrainMove); !ok || m.DX != 1 {
			t.Errorf("%s: op %+v", in, e.Op)
		}
	}
	if _, err := DecodeAs([]byte(`{"op":"terrain.move","piece":"ruin-2","dx":"1","dy":0}`), nil, "b1", "blue"); err == nil || !strings.Contains(err.Error(), "dx") {
		t.Errorf("a string dx: %v", err)
	}
	if _, err := DecodeAs([]byte(`[1]`), nil, "b1", "blue"); err == nil {
		t.Error("an array decoded")
	}
}
