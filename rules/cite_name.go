package rules

import (
	"regexp"
	"strings"
)

// A citation as a player can use it (issue 17, item 10). The rules cite the German rules
// reference by glossary entry and line ("RRG 2.0 Deckung L4509–4527, L4620–4652 (…)"); a player
// looks a rule up by its name, in the German book or the English one. CiteName words a citation
// as its entries' names in German and English, each with its lines for the curious:
// "Deckung / Cover (RRG L4509–4527, L4620–4652)". The parenthesised summaries (English notes for
// the judge's readers) are left out.

// glossaryEN is the English name of each German glossary entry or chapter the rules cite.
var glossaryEN = map[string]string{
	"Aktivierung von Einheiten": "Unit Activation", "Aktivierungsphase": "Activation Phase",
	"Angriff": "Attack", "Angriffspool": "Attack Pool", "Aufstellung": "Deployment",
	"Auskundschaften X": "Scout X", "Ausweichen": "Dodge", "Barrikaden": "Barricades",
	"Basis": "Base", "Basiskontakt": "Base Contact", "Bedingungsmarker": "Condition Tokens",
	"Behandlung X: Kapazität Y": "Treat X: Capacity Y", "Reparatur X: Kapazität Y": "Repair X: Capacity Y",
	"Wiederherstellen": "Restore",
	"Befehle erteilen": "Issuing Orders", "Befehlsmarker": "Order Tokens", "Befehlspool": "Order Pool",
	"Bereitschaft": "Standby", "Besiegt": "Defeated", "Bewegung": "Movement", "Commander": "Commander",
	"Deckung": "Cover", "Deckung X": "Cover X", "Die Spielrunde": "The Game Round",
	"Drehung": "Pivot", "Droiden-Truppler": "Droid Trooper", "Durchschlagen X": "Pierce X",
	"Ein- und Aussteigen": "Embark and Disembark", "Einkerbungen": "Notches",
	"Einsatzzielmarker": "Objective Tokens", "Endphase": "End Phase", "Energiemarker": "Surge Tokens",
	"Explosion": "Blast", "Fahrzeuge": "Vehicles", "Feuerwinkel": "Firing Arcs", "Fläche": "Area Terrain",
	"Formation": "Cohesion", "Gelände festlegen": "Declaring Terrain", "Geübter Kletterer": "Expert Climber",
	"Gleiter X": "Speeder X", "Gruben und Gräben": "Craters and Trenches", "Handgemenge": "Engaged",
	"Heck": "Rear Arc", "Hochgeschwindigkeit": "Speeder", "Höhe": "Height", "Infiltrieren": "Infiltrate",
	"Innerhalb": "Within", "Jenseits": "Beyond", "Klimmen und Klettern": "Climbing and Clambering",
	"Kommandokarten": "Command Cards", "Kommandophase": "Command Phase",
	"Kompetitive Geländeplatzierung": "Competitive Terrain Placement", "Kritisch X": "Critical X",
	"Luft X": "Hover: Air X", "Nahkampf": "Melee", "Neupositionieren": "Reposition",
	"Niederhalten": "Suppression", "Niederhaltend": "Suppressive", "Panik": "Panic",
	"Panzerung": "Armor", "Panzerung X": "Armor X", "Priorität": "Priority", "Rauchmarker": "Smoke Tokens",
	"Reichweite": "Range", "Runde": "Round", "Rückwärtsbewegung": "Reverse", "Rückzug": "Withdraw",
	"Sammeln": "Rally", "Scharfschütze X": "Sharpshooter X", "Schlachtfeld definieren": "Defining the Battlefield",
	"Schlachtfeld definieren example": "Defining the Battlefield, example", "Schlüsselwörter": "Keywords",
	"Schweben": "Hover", "Schwieriges Gelände": "Difficult Terrain", "Seiten": "Sides",
	"Seitwärtsbewegung": "Strafe", "Sichtlinie": "Line of Sight", "Siegmarker": "Victory Tokens",
	"Spielaufbau": "Setup", "Spielsieg": "Winning the Game", "Springen X": "Jump X",
	"Standardbewegung": "Standard Move", "Streitfragen klären": "Resolving Disputes", "Streuung": "Scatter",
	"Tapferkeit": "Courage", "Toleranzbereich": "Tolerance", "Transportiert": "Transport",
	"Truppler": "Troopers", "Unauffällig": "Low Profile", "Unpassierbares Gelände": "Impassable Terrain",
	"Verdrängung": "Displacement", "Verlassen des Schlachtfeldes": "Leaving the Battlefield",
	"Vertikale Bewegung": "Vertical Movement", "Vertikale Formation": "Vertical Cohesion",
	"Vielseitig": "Versatile", "Volle Drehung": "Full Pivot", "Weitere Geländeregeln": "More Terrain Rules",
	"Wucht X": "Impact X", "Wunden": "Wounds", "Würfel": "Dice", "Zwangsbewegung": "Compulsory Move",
	"Wert": "Value", "Ressourcenkosten": "Resource Cost", "Modifikator": "Modifier", "Gesamtwert": "Total",
	"Angriffe abhandeln": "Resolving Attacks", "Missionen": "Missions",
	"Schweben: Boden / Luft X": "Hover: Ground / Air X", "Fester Feuerwinkel: Front/Heck": "Fixed: Front/Rear",
	"Schwachstelle X: Heck/Seiten": "Weak Point X: Rear/Sides",
	"Schwerfällig":                 "Plodding", "Agil X": "Agile X", "Taktisch X": "Tactical X",
	"Sperrig": "Cumbersome", "Rammen X": "Ram X",
}

var (
	citeNote  = regexp.MustCompile(`\s*\([^()]*\)`)
	citeEntry = regexp.MustCompile(`^(.*?)\s*((?:steps? [0-9–, ]+ )?L[0-9].*)$`)
	citeBooks = []struct{ prefix, short string }{
		{"RRG 2.0 ", "RRG"}, {"SO ", "SO"},
		{"Destiny (seed 002) ", "Destiny"}, {"Rebellion (seed 001) ", "Rebellion"},
	}
)

// CiteName is a citation worded for a player: each glossary entry as "German / English" with its
// lines in brackets ("Angriff / Attack (RRG L2436–2441), Reichweite / Range (RRG L9145–9147)").
// An entry without an English name keeps its German name alone; a citation that is not a
// rulebook's lines (a seed's sentence, an issue) is returned as it is.
func CiteName(cite string) string {
	book, rest := "", cite
	for _, b := range citeBooks {
		if strings.HasPrefix(cite, b.prefix) {
			book, rest = b.short, strings.TrimSpace(cite[len(b.prefix):])
			break
		}
	}
	if book == "" {
		return cite // not a rulebook's lines: its words are all there is
	}
	rest = strings.TrimSpace(citeNote.ReplaceAllString(rest, ""))
	var groups []string
	for _, group := range strings.Split(rest, "; ") {
		type entry struct{ name, lines string }
		var es []entry
		for _, part := range strings.Split(group, ", ") {
			part = strings.TrimSpace(part)
			m := citeEntry.FindStringSubmatch(part)
			switch {
			case m == nil: // no lines: a name alone ("spec scenario-v1")
				es = append(es, entry{name: part})
			case m[1] == "" && len(es) > 0: // more lines of the entry before
				es[len(es)-1].lines += ", " + m[2]
			default:
				es = append(es, entry{name: m[1], lines: m[2]})
			}
		}
		var out []string
		for _, e := range es {
			name := e.name
			if en, ok := glossaryEN[name]; ok && en != name {
				name += " / " + en
			}
			switch {
			case e.lines == "":
				out = append(out, name)
			case name == "":
				out = append(out, book+" "+e.lines)
			default:
				out = append(out, name+" ("+book+" "+e.lines+")")
			}
		}
		groups = append(groups, strings.Join(out, ", "))
	}
	return strings.Join(groups, "; ")
}
