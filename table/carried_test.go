package table

import (
	"reflect"
	"strings"
	"testing"
)

// carriedDoc: a repulsor transport "t" (Transport 1: Open) carrying the squad "sq" (two minis
// without places), and a game record for sq with a wound on sq-2 and sq the active unit.
const carriedDoc = `{"format":"holotable/1","battlefield":{"width":36,"depth":24},
 "units_on_table":[
  {"id":"t","side":"blue","type":"repulsor","keywords":{"transport":{"capacity":1,"open":true}},
   "minis":[{"id":"t-1","leader":true,"x":10,"y":10,"base":"large","height":2,"facing":0}],
   "carried":[{"id":"sq","side":"blue","type":"trooper","speed":2,"minis":[
     {"id":"sq-1","leader":true,"base":"small","height":1.65},{"id":"sq-2","base":"small","height":1.65}]}]}],
 "game":{"round":1,"rounds":6,"phase":"activation","active":"sq","sides":{"blue":{"side":"blue"},"red":{"side":"red"}},
  "units":[{"unit":"sq","colour":"blue","rank":"corps","wounds":{"sq-2":1}}]}}`

// TestCarriedUnits: a transport's "carried" units load off the table (not in UnitsOnTable, their
// ids taken), save back without places and load equal; the game may name a carried unit (its
// record, wounds, the active unit).
func TestCarriedUnits(t *testing.T) {
	f := mustLoad(t, []byte(carriedDoc))
	if len(f.UnitsOnTable) != 1 || len(f.UnitsOnTable[0].Carried) != 1 || f.UnitsOnTable[0].Extra != nil {
		t.Fatalf("units %+v", f.UnitsOnTable)
	}
	c := f.UnitsOnTable[0].Carried[0]
	if c.ID != "sq" || len(c.Minis) != 2 || !c.Minis[0].Leader || c.Minis[0].X != 0 {
		t.Errorf("carried %+v", c)
	}
	if ids := f.CarriedIDs(); strings.Join(ids, ",") != "sq,sq-1,sq-2" {
		t.Errorf("CarriedIDs %v", ids)
	}
	if ui, ci, ok := f.Carrier("sq"); !ok || ui != 0 || ci != 0 {
		t.Errorf("Carrier: %d %d %v", ui, ci, ok)
	}
	if _, _, ok := f.Carrier("t"); ok {
		t.Error("t is carried")
	}
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"carried": [`) || strings.Contains(string(out[strings.Index(string(out), `"carried"`):]), `"x"`) {
		t.Errorf("saved:\n%s", out)
	}
	if g := mustLoad(t, out); !reflect.DeepEqual(f, g) {
		t.Error("Load(Save(f)) differs")
	}
	if err := CheckGameRefs(f); err != nil {
		t.Error(err)
	}
}

// TestCarriedFaults: each bad "carried" is refused with one line naming it.
func TestCarriedFaults(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{`{"transport":{"capacity":1,"open":true}}`, `{}`, `units_on_table[0].carried: unit "t" carries 1 units; its Transport X (keywords.transport.capacity) is 0`},
		{`"base":"small","height":1.65},{"id":"sq-2"`, `"base":"small","height":1.65,"x":3},{"id":"sq-2"`, `units_on_table[0].carried[0].minis[0].x: a carried mini has no place (it is in its transport, off the table)`},
		{`"type":"trooper","speed":2`, `"type":"ground","speed":2`, `units_on_table[0].carried[0].type: a transport carries trooper units, not ground`},
		{`{"id":"sq-2","base"`, `{"id":"t-1","base"`, `units_on_table[0].carried[0].minis[1].id: duplicate id "t-1" (first used by units_on_table[0].minis[0])`},
	} {
		doc := strings.Replace(carriedDoc, c.from, c.to, 1)
		if doc == carriedDoc {
			t.Fatalf("%q not found", c.from)
		}
		_, err := Load([]byte(doc))
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v\nwant %s", err, c.want)
		}
	}
	if _, err := Load([]byte(strings.Replace(carriedDoc, `"carried":[`, `"carried":[],"x":[`, 1))); err == nil || !strings.Contains(err.Error(), "carried: must be a non-empty array") {
		t.Errorf("empty carried: %v", err)
	}
}
