package rules

import (
	"reflect"
	"testing"

	"holotable/table"
)

// world loads a table file given as JSON, failing the test on a load error.
func world(t testing.TB, doc string) *World {
	t.Helper()
	f, err := table.Load([]byte(doc))
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return NewWorld(f)
}

func cover(t *testing.T, w *World, q CoverQuery) CoverAnswer {
	t.Helper()
	a, err := w.Cover(q)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// The rulebook's worked examples, each citing its line in seed 000 (German RRG 2.0).

// TestExampleATSTOverBarricade: "Obwohl sich zwischen dem AT-ST und der Rebellentruppler-Miniatur
// eine Barrikade befindet, wird bei der Überprüfung der Sichtlinie vom höchsten Punkt der
// AT-ST-Miniatur über ihrem Basismittelpunkt kein Teil der Rebellentruppler-Miniatur von der
// Barrikade versperrt und ist deshalb nicht verborgen." (seed 000 L4463–4468). The AT-ST's eye is
// 5" up, 8" from a 1"-high barricade that stands 6" in front of the rebel: the lowest sight line,
// to the bottom of the rebel's base, is 5·(1 − 8/13.47) = 2.03" up at the barricade.
func TestExampleATSTOverBarricade(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "terrain":[{"id":"barricade","polygon":[[17.5,16],[18,16],[18,20],[17.5,20]],"height":1,"kind":"solid",
	   "cover":{"trooper":"heavy","creature":"none","vehicle":"none"},"move":{"trooper":"difficult"}}],
	 "units_on_table":[
	  {"id":"atst","side":"red","type":"ground","coverGiven":"light","minis":[{"id":"atst-1","leader":true,"x":10,"y":18,"base":"large","height":5}]},
	  {"id":"rebels","side":"blue","type":"trooper","minis":[{"id":"reb-1","leader":true,"x":24,"y":18,"base":"small","height":1.65}]},
	  {"id":"squad","side":"red","type":"trooper","minis":[{"id":"sq-1","leader":true,"x":10,"y":17,"base":"small","height":1.65}]}]}`)
	got := cover(t, w, CoverQuery{Attacker: "atst", Defender: "rebels"})
	if got.Cover != table.CoverNone || len(got.Obscured) != 0 {
		t.Errorf("AT-ST over the barricade: cover %s, obscured %v; want none, []", got.Cover, got.Obscured)
	}
	// A trooper at the AT-ST's side (eye 1.65") does not see over it: heavy.
	if got := cover(t, w, CoverQuery{Attacker: "squad", Defender: "rebels"}); got.Cover != table.CoverHeavy {
		t.Errorf("trooper behind the barricade: cover %s, want heavy", got.Cover)
	}
	// Modifiers outside 0–99 are an error sentence, not a cover (−5 was accepted once).
	for _, m := range []CoverModifiers{{CoverX: -5}, {Sharpshooter: -1}, {CoverX: 100}, {Sharpshooter: 1 << 30}, {Smoke: -1}} {
		q := CoverQuery{Attacker: "squad", Defender: "rebels", CoverModifiers: m}
		if _, err := w.Cover(q); err == nil {
			t.Errorf("%+v: want an error", q)
		}
	}
}

// exampleWoodsBuilding is the scene of seed 000 L4592–4612 ("Gelände und Deckung"): an AT-RT
// attacks five stormtroopers; two stand behind woods, one behind a building that blocks its line
// of sight completely, two in the open.
const exampleWoodsBuilding = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "terrain":[
  {"id":"woods","polygon":[[20,8],[24,8],[24,14],[20,14]],"height":3,"kind":"area","cover":"light","move":{"trooper":"difficult"}},
  {"id":"building","polygon":[[20,21],[24,21],[24,25],[20,25]],"height":5,"kind":"solid","cover":"heavy","move":{"trooper":"impassable","ground":"impassable","repulsor":"impassable"}}],
 "units_on_table":[
  {"id":"atrt","side":"blue","type":"ground","coverGiven":"light","minis":[{"id":"atrt-1","leader":true,"x":10,"y":17,"base":"large","height":3.2}]},
  {"id":"storm","side":"red","type":"trooper","minis":[
   {"id":"st-leader","leader":true,"x":30,"y":17,"base":"small","height":1.65},
   {"id":"st-2","x":30,"y":15,"base":"small","height":1.65},
   {"id":"st-woods-1","x":29,"y":12,"base":"small","height":1.65},
   {"id":"st-woods-2","x":29,"y":10.5,"base":"small","height":1.65},
   {"id":"st-hidden","x":26,"y":24,"base":"small","height":1.65}]}]}`

// TestExampleThreeOfFiveLight: "Mindestens die Hälfte der Miniaturen (drei von fünf) des
// Verteidigers sind verborgen … Zwei der drei Miniaturen haben leichte Deckung (durch den Wald),
// eine hat starke Deckung (durch das Gebäude …). Da mehr Miniaturen in leichter Deckung sind, hat
// die gesamte Einheit für diesen Angriff leichte Deckung." (seed 000 L4593–4602).
func TestExampleThreeOfFiveLight(t *testing.T) {
	w := world(t, exampleWoodsBuilding)
	got := cover(t, w, CoverQuery{Attacker: "atrt", Defender: "storm"})
	want := []string{"st-hidden", "st-woods-1", "st-woods-2"}
	if got.Cover != table.CoverLight || !reflect.DeepEqual(got.Obscured, want) {
		t.Errorf("cover %s obscured %v; want light %v", got.Cover, got.Obscured, want)
	}
}

// TestExampleHiddenCannotBeWounded: "Zudem ist die Sichtlinie des AT‑RT zu einem Sturmtruppler
// komplett versperrt (gemessen vom höchsten Punkt des AT‑RT über seiner Basismitte). Das heißt,
// dass dieser Sturmtruppler nicht besiegt werden kann" (seed 000 L4604–4612).
func TestExampleHiddenCannotBeWounded(t *testing.T) {
	w := world(t, exampleWoodsBuilding)
	got := cover(t, w, CoverQuery{Attacker: "atrt", Defender: "storm"})
	if !reflect.DeepEqual(got.Hidden, []string{"st-hidden"}) {
		t.Errorf("hidden %v, want [st-hidden]", got.Hidden)
	}
	los, err := w.LOS("atrt-1", "st-hidden")
	if err != nil {
		t.Fatal(err)
	}
	if los.LOS || !los.FullyHidden || !reflect.DeepEqual(los.BlockedBy, []string{"building"}) {
		t.Errorf("LOS to the hidden stormtrooper: %+v", los)
	}
	for _, id := range []string{"st-leader", "st-2", "st-woods-1", "st-woods-2"} {
		if l, _ := w.LOS("atrt-1", id); !l.LOS {
			t.Errorf("%s should be visible (the woods never block sight)", id)
		}
	}
}

// TestExampleElevatedDefender: "Eine verteidigende Einheit, die sich auf einem Geländeteil auf
// einer höheren Ebene als die angreifende Einheit befindet, hat normalerweise Deckung. Dies liegt
// daran, dass … ein Teil jeder Basis der verteidigenden Miniaturen höchstwahrscheinlich von dem
// Gelände verborgen wird, auf dem die Miniatur steht." (seed 000 L4686–4692).
func TestExampleElevatedDefender(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "terrain":[{"id":"building","polygon":[[30,14],[38,14],[38,22],[30,22]],"height":3,"kind":"solid","cover":"heavy","move":{"trooper":"impassable"}}],
	 "units_on_table":[
	  {"id":"roof","side":"blue","type":"trooper","minis":[
	   {"id":"r-1","leader":true,"x":32,"y":17,"base":"small","height":1.65,"z":3},
	   {"id":"r-2","x":32,"y":19,"base":"small","height":1.65,"z":3},
	   {"id":"r-3","x":33.5,"y":18,"base":"small","height":1.65,"z":3}]},
	  {"id":"street","side":"red","type":"trooper","minis":[{"id":"s-1","leader":true,"x":18,"y":18,"base":"small","height":1.65}]}]}`)
	got := cover(t, w, CoverQuery{Attacker: "street", Defender: "roof"})
	if got.Cover != table.CoverHeavy || len(got.Obscured) != 3 || len(got.Hidden) != 0 {
		t.Errorf("defenders on the roof: %+v; want heavy, all 3 obscured, none hidden", got)
	}
}

// TestExampleLeaderTouchingPiece: "Berührt die Basis des Einheitenführers des Angreifers ein
// Geländeteil, können Miniaturen des Verteidigers [nicht von diesem verborgen werden], außer die
// Sichtlinie … ist komplett versperrt" (seed 000 L4522–4524 with L4633–4636 for minis). The
// attacker leans on a 1.4"-high wall that hides the defender's base.
func TestExampleLeaderTouchingPiece(t *testing.T) {
	doc := `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "terrain":[{"id":"wall","polygon":[[12,15],[13,15],[13,21],[12,21]],"height":1.4,"kind":"solid","cover":"heavy"}],
	 "units_on_table":[
	  {"id":"leaning","side":"red","type":"trooper","minis":[{"id":"a-1","leader":true,"x":11.4685,"y":18,"base":"small","height":1.65}]},
	  {"id":"back","side":"red","type":"trooper","minis":[{"id":"b-1","leader":true,"x":8,"y":18,"base":"small","height":1.65}]},
	  {"id":"target","side":"blue","type":"trooper","minis":[{"id":"t-1","leader":true,"x":17,"y":18,"base":"small","height":1.65}]}]}`
	w := world(t, doc)
	if got := cover(t, w, CoverQuery{Attacker: "leaning", Defender: "target"}); got.Cover != table.CoverNone {
		t.Errorf("leader touching the wall: cover %s, want none", got.Cover)
	}
	if got := cover(t, w, CoverQuery{Attacker: "back", Defender: "target"}); got.Cover != table.CoverHeavy {
		t.Errorf("leader standing back: cover %s, want heavy", got.Cover)
	}
}
