package swm

import (
	"regexp"
	"strings"

	"holotable/rules"
)

// German words for this package's reasons, as rules/reason_de.go has them for the Legion rules:
// the English sentences are built where the rules answer; here each is a pattern ({1}, {2}, …
// standing for what it was built with) next to its German, compiled by rules.CompileGerman.
// TestGermanSWM asks the rules every kind of question on the example map and checks that each
// reason has its German.
var germanSWM = rules.CompileGerman([][3]string{
	// Line of sight (los.go, visible.go).
	{"los", "the {1} and the {2} overlap", "{1} und {2} überschneiden sich"},
	{"los", "the line from ({1}) to ({2}) touches no wall or closed door: one clear line is enough", "die Linie von ({1}) nach ({2}) berührt keine Wand und keine geschlossene Tür: eine freie Linie genügt"},
	{"los", "every line from the {1} to the {2} touches a wall or closed door, runs along one or cuts its corner (exact search, {3} candidate lines)", "jede Linie von {1} zu {2} berührt eine Wand oder geschlossene Tür, läuft an ihr entlang oder schneidet ihre Ecke (exakte Suche, {3} Kandidatenlinien)"},
	{"los", "the {1} has line of sight to {2} of the map's {3} squares (each decided exactly)", "{1} hat Sichtlinie zu {2} der {3} Felder der Karte (jedes exakt entschieden)"},
	{"los-blockers", "characters, low objects, difficult terrain, pits and open doors do not block line of sight", "Figuren, niedrige Objekte, schwieriges Gelände, Gruben und offene Türen versperren die Sichtlinie nicht"},
	// Cover (cover.go).
	{"cover", "no line of sight: the defender cannot be attacked, so cover does not arise", "keine Sichtlinie: der Verteidiger kann nicht angegriffen werden, Deckung stellt sich nicht"},
	{"cover", "from the attacker's corner {1} every line to the defender's space is clear of walls, other characters and low objects: no cover", "von der Ecke {1} des Angreifers ist jede Linie zum Raum des Verteidigers frei von Wänden, anderen Figuren und niedrigen Objekten: keine Deckung"},
	{"cover", "from each of the attacker's {1} corners some line to the defender's space passes through a wall, another character's square or low objects; from the best: {2}", "von jeder der {1} Ecken des Angreifers führt eine Linie zum Raum des Verteidigers durch eine Wand, das Feld einer anderen Figur oder niedrige Objekte; von der besten: {2}"},
	{"cover-adjacent", "the defender is adjacent to the attacker (next to it, in line of sight): an adjacent enemy never has cover", "der Verteidiger ist dem Angreifer benachbart (daneben, in Sichtlinie): ein benachbarter Gegner hat nie Deckung"},
	{"cover-ignored", "lines along a wall or a square's edge, or touching a square's corner, do not give cover", "Linien entlang einer Wand oder Feldkante oder durch eine Feldecke geben keine Deckung"},
	{"cover-bonus", "the defender has cover: +4 Defense, once", "der Verteidiger hat Deckung: +4 Verteidigung, einmal"},
	{"cover-characters", "characters give cover, friend or foe", "Figuren geben Deckung, Freund oder Feind"},
	{"cover-low", "low objects give cover unless they are in or next to the attacker's space", "niedrige Objekte geben Deckung, außer im oder neben dem Raum des Angreifers"},
	{"cover-wall", "a wall gives cover where it does not block line of sight", "eine Wand gibt Deckung, wo sie die Sichtlinie nicht versperrt"},
	{"sniper", "the attacker is a Sniper: other characters are ignored", "der Angreifer ist Scharfschütze: andere Figuren zählen nicht"},
	{"sniper", "Sniper: other characters do not give cover", "Scharfschütze: andere Figuren geben keine Deckung"},
	// Distance (distance.go).
	{"distance", "no count of squares reaches the {1} from the {2} ({3})", "keine Zählung von Feldern erreicht {1} von {2} aus ({3})"},
	{"distance", "{1} squares from the {2} to the {3}, its square counted ({4})", "{1} Felder von {2} zu {3}, sein Feld mitgezählt ({4})"},
	{"diagonal", "a diagonal step counts 2", "ein diagonaler Schritt zählt 2"},
	{"corner", "no diagonal step past a wall's corner that reaches the intersection", "kein diagonaler Schritt an einer Wandecke vorbei, die bis zum Gitterpunkt reicht"},
	// Adjacency (adjacent.go).
	{"adjacent", "{1} and {2} are not next to each other", "{1} und {2} stehen nicht nebeneinander"},
	{"adjacent", "{1} is not within {2} squares of {3} (Melee Reach {4})", "{1} ist nicht innerhalb von {2} Feldern von {3} (Nahkampfreichweite {4})"},
	{"adjacent", "{1} and {2} are next to each other but have no line of sight (a wall between them): not adjacent", "{1} und {2} stehen nebeneinander, haben aber keine Sichtlinie (eine Wand dazwischen): nicht benachbart"},
	{"adjacent", "{1} and {2} are next to each other with line of sight: adjacent", "{1} und {2} stehen nebeneinander mit Sichtlinie: benachbart"},
	{"adjacent", "{1} is within {2} squares of {3}, in line of sight: adjacent by Melee Reach {4}", "{1} ist innerhalb von {2} Feldern von {3}, in Sichtlinie: benachbart durch Nahkampfreichweite {4}"},
	// Targets (targets.go).
	{"targets", "legal targets of {1}: {2}", "zulässige Ziele von {1}: {2}"},
	{"target", "{1}: not in line of sight", "{1}: nicht in Sichtlinie"},
	{"target", "{1}: adjacent", "{1}: benachbart"},
	{"target", "{1}: not adjacent, and the attacker has Melee Attack", "{1}: nicht benachbart, und der Angreifer hat Nahkampfangriff"},
	{"target", "{1}: another enemy is adjacent: the attacker must target an adjacent one", "{1}: ein anderer Gegner ist benachbart: der Angreifer muss einen benachbarten angreifen"},
	{"target", "{1}: in line of sight, no cover", "{1}: in Sichtlinie, keine Deckung"},
	{"target", "{1}: in cover, but the attacker has Accurate Shot", "{1}: in Deckung, aber der Angreifer hat Präziser Schuss"},
	{"target", "{1}: in cover, and the nearest visible enemy ({2} squares)", "{1}: in Deckung, und der nächste sichtbare Gegner ({2} Felder)"},
	{"target", "{1}: in cover with Stealth, more than {2} squares away: it does not count as the nearest", "{1}: in Deckung mit Tarnung, mehr als {2} Felder entfernt: zählt nicht als der nächste"},
	{"target", "{1}: in cover and not the nearest visible enemy ({2} squares, the nearest {3})", "{1}: in Deckung und nicht der nächste sichtbare Gegner ({2} Felder, der nächste {3})"},
	{"melee-reach", "Melee Reach {1}: characters within {2} squares in line of sight count as adjacent", "Nahkampfreichweite {1}: Figuren innerhalb von {2} Feldern in Sichtlinie zählen als benachbart"},
	{"nearest", "the nearest visible enemy is {1} squares away", "der nächste sichtbare Gegner ist {1} Felder entfernt"},
	{"stealth", "Stealth is switched off", "Tarnung ist ausgeschaltet"},
	// The d20 (d20.go).
	{"natural-1", "a natural 1 always misses", "eine natürliche 1 verfehlt immer"},
	{"critical", "a natural {1} is a critical hit: it hits whatever the Defense (critical on {2}–20)", "eine natürliche {1} ist ein kritischer Treffer: sie trifft unabhängig von der Verteidigung (kritisch bei {2}–20)"},
	{"critical", "a natural {1} is a critical hit: it hits whatever the Defense", "eine natürliche {1} ist ein kritischer Treffer: sie trifft unabhängig von der Verteidigung"},
	{"attack-roll", "{1} + Attack {2} + {3} combined fire = {4} against Defense {5}: hits", "{1} + Angriff {2} + {3} kombiniertes Feuer = {4} gegen Verteidigung {5}: Treffer"},
	{"attack-roll", "{1} + Attack {2} + {3} combined fire = {4} against Defense {5}: misses", "{1} + Angriff {2} + {3} kombiniertes Feuer = {4} gegen Verteidigung {5}: verfehlt"},
	{"attack-roll", "{1} + Attack {2} = {3} against Defense {4}: hits", "{1} + Angriff {2} = {3} gegen Verteidigung {4}: Treffer"},
	{"attack-roll", "{1} + Attack {2} = {3} against Defense {4}: misses", "{1} + Angriff {2} = {3} gegen Verteidigung {4}: verfehlt"},
	{"combined-fire", "{1} allies give combined fire: +{2}", "{1} Verbündete geben kombiniertes Feuer: +{2}"},
	{"droid", "droids take no extra critical damage", "Droiden erleiden keinen zusätzlichen kritischen Schaden"},
	{"vicious", "Vicious Attack: triple damage", "Bösartiger Angriff: dreifacher Schaden"},
	{"critical-damage", "double damage", "doppelter Schaden"},
	{"save", "save {1}: the d20 shows {2}, the save succeeds", "Rettungswurf {1}: der W20 zeigt {2}, der Rettungswurf gelingt"},
	{"save", "save {1}: the d20 shows {2}, the save fails", "Rettungswurf {1}: der W20 zeigt {2}, der Rettungswurf misslingt"},
	{"initiative", "{1} roll(s); the last {2} against {3}: player {4} chooses who goes first", "{1} Wurf/Würfe; der letzte {2} gegen {3}: Spieler {4} wählt, wer beginnt"},
	{"force-reroll", "a Force point rerolls the natural {1}; the new roll stands", "ein Machtpunkt wiederholt die natürliche {1}; der neue Wurf gilt"},
	// Movement (reach.go).
	{"move-budget", "{1} may move {2} squares ({3}): {4} end squares", "{1} darf sich {2} Felder bewegen ({3}): {4} Endfelder"},
	{"force-move", "a Force point adds 2 squares to the move", "ein Machtpunkt fügt der Bewegung 2 Felder hinzu"},
	{"move-cost", "a diagonal step costs 2; entering low objects or difficult terrain costs double", "ein diagonaler Schritt kostet 2; niedrige Objekte oder schwieriges Gelände zu betreten kostet doppelt"},
	{"move-blocked", "walls, closed doors, solid objects and pits block movement", "Wände, geschlossene Türen, massive Objekte und Gruben versperren die Bewegung"},
	{"allies", "allies may be passed, not ended on", "Verbündete dürfen passiert werden, man darf nicht auf ihnen enden"},
	{"big", "a {1} figure pays double when any part of its space enters low objects or difficult terrain", "eine Figur der Größe {1} zahlt doppelt, wenn ein Teil ihres Raums niedrige Objekte oder schwieriges Gelände betritt"},
	{"squeeze", "it may squeeze through gaps {1} square(s) wide, never ending there and never past enemies", "sie darf sich durch Lücken von {1} Feld(ern) Breite zwängen, nie dort endend und nie an Gegnern vorbei"},
	{"squeeze", "it is Rigid: it cannot squeeze", "sie ist Starr: sie kann sich nicht durchzwängen"},
	{"flight", "it flies: enemies, low objects, difficult terrain and pits do not stop it, and it provokes no attacks of opportunity", "sie fliegt: Gegner, niedrige Objekte, schwieriges Gelände und Gruben halten sie nicht auf, und sie provoziert keine Gelegenheitsangriffe"},
	{"force-leap", "Force Leap: it moves through enemies and provokes no attacks of opportunity", "Machtsprung: sie bewegt sich durch Gegner und provoziert keine Gelegenheitsangriffe"},
	{"enemies", "enemies cannot be passed", "Gegner können nicht passiert werden"},
	{"aoo", "leaving a square next to an enemy in line of sight provokes its attack of opportunity", "ein Feld neben einem Gegner in Sichtlinie zu verlassen provoziert dessen Gelegenheitsangriff"},
	{"wall-climber", "between spaces bounded by walls it moves as if flying: enemies, low objects, difficult terrain and pits do not stop it", "zwischen von Wänden begrenzten Räumen bewegt sie sich wie fliegend: Gegner, niedrige Objekte, schwieriges Gelände und Gruben halten sie nicht auf"},
})

// germanPhrases are the phrases the reasons are built with (spaces, walls, what gives cover,
// how a distance was counted), put into German inside a filled-in sentence.
var germanPhrases = []struct {
	re *regexp.Regexp
	de string
}{
	{regexp.MustCompile(`\bsquare \((\d+),(\d+)\)`), "Feld ($1,$2)"},
	{regexp.MustCompile(`\b(\d)×(\d) space at \((\d+),(\d+)\)`), "$1×$2-Raum bei ($3,$4)"},
	{regexp.MustCompile(`\bthe wall from (\(\d+,\d+\)) to (\(\d+,\d+\))`), "die Wand von $1 nach $2"},
	{regexp.MustCompile(`\bthe low objects on Feld`), "die niedrigen Objekte auf Feld"},
	{regexp.MustCompile(`\bfigure (\S+)`), "Figur $1"},
	{regexp.MustCompile(`walls and closed doors counted around; low objects, difficult terrain and pits do not matter`), "um Wände und geschlossene Türen herum gezählt; niedrige Objekte, schwieriges Gelände und Gruben zählen nicht"},
	{regexp.MustCompile(`walls, closed doors and pits counted around \(a commander effect\)`), "um Wände, geschlossene Türen und Gruben herum gezählt (ein Kommandanteneffekt)"},
	{regexp.MustCompile(`\btwice its speed (\d+) \(no attack\)`), "doppelte Geschwindigkeit $1 (kein Angriff)"},
	{regexp.MustCompile(`\(speed (\d+)`), "(Geschwindigkeit $1"},
	{regexp.MustCompile(`, \+2 for a Force point`), ", +2 für einen Machtpunkt"},
	{regexp.MustCompile(`\bnone\b`), "keine"},
	{regexp.MustCompile(`\bno count of\b`), "keine Zählung von"},
}

// German is the reason's sentence in German, and whether this package has German for it.
func German(r rules.Reason) (string, bool) {
	de, ok := germanSWM.Text(r.Rule, r.Text)
	if !ok {
		return r.Text, false
	}
	for _, p := range germanPhrases {
		de = p.re.ReplaceAllString(de, p.de)
	}
	return strings.TrimSpace(de), true
}
