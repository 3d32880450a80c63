package rules

import (
	"testing"

	"holotable/table"
)

// TestUnitClasses: each unit type's defender and mover class (RRG 2.0: troopers and emplacements
// take cover as troopers, ground and repulsor vehicles as vehicles; creatures and emplacements
// move as troopers), their words and text forms.
func TestUnitClasses(t *testing.T) {
	for _, c := range []struct {
		typ    table.UnitType
		def    DefenderClass
		mover  MoverClass
		dw, mw string
	}{
		{table.Trooper, TrooperClass, TrooperMover, "trooper", "trooper"},
		{table.Creature, CreatureClass, TrooperMover, "creature", "trooper"},
		{table.Emplacement, TrooperClass, TrooperMover, "trooper", "trooper"},
		{table.Ground, VehicleClass, GroundMover, "vehicle", "ground"},
		{table.Repulsor, VehicleClass, RepulsorMover, "vehicle", "repulsor"},
	} {
		u := &Unit{Unit: &table.Unit{Type: c.typ}}
		if u.DefenderClass() != c.def || u.MoverClass() != c.mover || c.def.String() != c.dw || c.mover.String() != c.mw {
			t.Errorf("%s: %s %s", c.typ, u.DefenderClass(), u.MoverClass())
		}
		if b, err := c.def.MarshalText(); err != nil || string(b) != c.dw {
			t.Errorf("%s: %q %v", c.typ, b, err)
		}
		var back MoverClass
		if err := back.UnmarshalText([]byte(c.mw)); err != nil || back != c.mover {
			t.Errorf("%s: %v %v", c.mw, back, err)
		}
	}
	if _, err := DefenderClass(5).MarshalText(); err == nil || DefenderClass(5).String() != "DefenderClass(5)" {
		t.Error("a class out of the set")
	}
	if (Code("cover.unit")).String() != "cover.unit" {
		t.Error("Code.String")
	}
}
