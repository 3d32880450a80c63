package rules

import (
	"testing"

	"holotable/army"
	"holotable/maps"
	"holotable/table"
)

// fullCards is a unit-card file (holotable-cards/1) with the card values the whole-game test and
// the benchmark use: test figures, not the printed cards' (the seeds hold none).
const fullCards = `{"format": "holotable-cards/1", "cards": [
 {"name": "Stormtroopers", "wounds": 1, "courage": 1, "defence": "red", "surge": {"attack": "hit"},
  "weapons": [{"name": "E-11 Blaster Rifle", "min": 1, "max": 3, "dice": {"red": 1}},
              {"name": "DLT-19", "from": "DLT-19 Stormtrooper", "min": 1, "max": 4, "dice": {"black": 1, "white": 1}, "keywords": {"critical": 1, "suppressive": true}}]},
 {"name": "Rebel Troopers", "wounds": 1, "courage": 1, "defence": "white", "surge": {"defence": "block"},
  "weapons": [{"name": "A-280 Blaster Rifle", "min": 1, "max": 3, "dice": {"white": 1}},
              {"name": "Z-6 Rotary Blaster", "from": "Z-6 Trooper", "min": 1, "max": 2, "dice": {"white": 6}}]},
 {"name": "Leia Organa Fearless And Inventive", "wounds": 6, "defence": "white"},
 {"name": "Darth Vader Dark Lord Of The Sith", "wounds": 8, "courage": "-", "defence": "red"}
]}`

// fullTable is an 800-point game on the default table's terrain (or, with terrain given, on that
// instead): the Rebel example list for blue
// (south edge), the Imperial one for red, each unit deployed by DeployReserve in its Battle Lines
// zone (blue y 0–6, red y 30–36; no terrain stands there), unit i of a side at x = 4 + 7i, the
// minis in a small block round the leader; cards from fullCards; Intercept the Transmissions,
// Battle Lines and Clear Conditions drafted, with the card's three tokens; the game started.
func fullTable(t testing.TB, terrain ...table.Terrain) *table.File {
	t.Helper()
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	f.UnitsOnTable, f.Tokens = nil, nil
	if terrain != nil {
		f.Terrain = terrain
	}
	for _, side := range []struct {
		list, name string
		colour     table.Colour
	}{{"rebel-800", "Rebels", table.Blue}, {"imperial-800", "Empire", table.Red}} {
		data, _ := army.Example(side.list)
		a, err := army.Import(data)
		if err != nil {
			t.Fatal(err)
		}
		if f, err = a.AddTo(f, side.colour, side.name); err != nil {
			t.Fatal(err)
		}
	}
	cards, err := table.LoadUnitCards([]byte(fullCards))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range f.Game.Units {
		for _, c := range cards {
			if c.Card.Name == r.Name {
				if err := f.ApplyCard(r.Unit, c); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	f.Setup = &table.Setup{Blue: "Rebels", Red: "Empire", BlueEdge: BlueSouth, Phase: table.PhaseDeploy,
		Draft: &table.SetupDraft{
			Objectives:  []string{"intercept-the-transmissions", "breakthrough", "key-positions"},
			Deployments: []string{"battle-lines", "disarray", "the-long-march"},
			Conditions:  []string{"clear-conditions", "limited-visibility", "hostile-environment"},
			Steps:       []table.DraftTurn{{Action: table.StepPass}, {Action: table.StepPass}, {Action: table.StepPass}, {Action: table.StepPass}}}}
	for i, c := range [][2]float64{{0.5, 0.5}, {0.25, 0.5}, {0.75, 0.5}} {
		f.Tokens = append(f.Tokens, table.Token{ID: []string{"obj-c", "obj-l", "obj-r"}[i], Kind: "objective", X: c[0] * 72, Y: c[1] * 36, R: 0.75})
	}
	f, err = cloneFile(f)
	if err != nil {
		t.Fatal(err)
	}
	w := NewWorld(f)
	n := map[table.Colour]int{}
	for len(w.File.Game.Reserve) > 0 {
		u := w.File.Game.Reserve[0]
		c := w.File.Game.Unit(u.ID).Colour
		y := 3.0
		if c == table.Red {
			y = 33
		}
		s, err := w.DeployReserve(u.ID, block(u, 4+7*float64(n[c]), y))
		if err != nil {
			t.Fatal(err)
		}
		n[c]++
		w = NewWorld(s.File)
		if chk, err := w.Deploy(DeployQuery{Unit: u.ID}); err != nil || !chk.OK {
			t.Fatalf("%s is not deployed legally: %v %+v", u.ID, err, chk.Reasons)
		}
	}
	w.File.Setup.Phase = table.PhaseDone
	s, err := w.StartGame()
	if err != nil {
		t.Fatal(err)
	}
	return s.File
}

// block places a unit's minis: the leader at (x, y), the others round it in a ring of eight
// neighbours at one base diameter and a little, then a second row above and below.
func block(u table.Unit, x, y float64) []MiniPlace {
	d := u.Minis[0].Base + 0.05
	offsets := [][2]float64{{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	out := make([]MiniPlace, len(u.Minis))
	for i := range u.Minis {
		o := offsets[i%len(offsets)]
		out[i] = MiniPlace{X: x + o[0]*d, Y: y + o[1]*d}
	}
	return out
}

// TestFullTable: the fixture itself — 19 units deployed, every mini on its base, the game at
// round 1's command phase, every unit with a record.
func TestFullTable(t *testing.T) {
	f := fullTable(t)
	if len(f.UnitsOnTable) != 19 || len(f.Game.Reserve) != 0 || f.Game.Phase != table.PhaseCommand || f.Game.Round != 1 {
		t.Fatalf("%d units, reserve %d, phase %v", len(f.UnitsOnTable), len(f.Game.Reserve), f.Game.Phase)
	}
	if err := CheckGame(f); err != nil {
		t.Fatal(err)
	}
	minis := 0
	for _, u := range f.UnitsOnTable {
		minis += len(u.Minis)
	}
	if minis != 28+25 {
		t.Fatalf("%d minis, want 28 rebel + 25 imperial", minis)
	}
}

// BenchmarkAttackFullTable: the assistant's answer for one attacker (the first Stormtrooper
// squad, 6 minis) and one defender (the first Rebel Trooper squad, 6 minis) on the full 800-point
// table, with its weapons chosen. Goal: ≤ 1 ms native median (issue 15).
func BenchmarkAttackFullTable(b *testing.B) {
	w := NewWorld(fullTable(b))
	q := AttackQuery{Attacker: "stormtroopers-1", Defender: "rebel-troopers-1"}
	a, err := w.Attack(q)
	if err != nil {
		b.Fatal(err)
	}
	q.Weapons = map[string]string{}
	for _, o := range a.Options {
		if o.Joins {
			q.Weapons[o.Mini] = o.Weapon
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := w.Attack(q); err != nil {
			b.Fatal(err)
		}
	}
}

// cloneFile is a checked deep copy of f, as a step's result is made (table.Reload).
func cloneFile(f *table.File) (*table.File, error) { return table.Reload(f) }
