package rules

import (
	"regexp"
	"strings"
	"sync"
)

// German words for the reasons. The rules build their English sentences where they answer —
// several without fmt, because an answer's text is part of its cost (docs/decisions.md D17) — so
// the German is not built there: for each rule code the English sentences are listed as patterns,
// {1}, {2}, … standing for what a sentence was built with (ids, numbers, names), next to their
// German. German finds the pattern a reason's text matches and fills in the German; {n:w} is a word
// of the list below (a colour, a cover level, a row), put into German too. TestGermanReasons asks
// the rules every kind of question and checks that each reason it gets has its German.

// germanPatterns: rule code, English, German.
var germanPatterns = [][3]string{
	// Range, distance, within (rangeband.go), the ruler (summary.go).
	{"distance.outline", "the nearest points of the outlines of {1} and {2} are {3} apart, measured top-down", "die nächsten Punkte der Umrisse von {1} und {2} liegen {3} auseinander, von oben gemessen"},
	{"range.attack", "an attack: measured from {1}'s leader {2} to the nearest mini of {3} ({4})", "ein Angriff: gemessen vom Anführer {2} von {1} zur nächsten Miniatur von {3} ({4})"},
	{"range.effect", "not an attack: measured from the nearest mini of {1} ({2}) to the nearest mini of {3} ({4})", "kein Angriff: gemessen von der nächsten Miniatur von {1} ({2}) zur nächsten Miniatur von {3} ({4})"},
	{"range.boundary", "{1} lies on the line between range {2} and {3}: the lower range, {4}", "{1} liegt auf der Linie zwischen Reichweite {2} und {3}: die niedrigere Reichweite, {4}"},
	{"range.band", "{1} edge to edge, with segments of {2}: range {3}", "{1} Kante zu Kante, bei Abschnitten von {2}: Reichweite {3}"},
	{"within.outside", "part of {1}'s base lies farther than range {2} ({3}) from every mini of {4}", "ein Teil der Basis von {1} liegt weiter als Reichweite {2} ({3}) von jeder Miniatur von {4}"},
	{"within.inside", "every base of {1} lies wholly within range {2} of {3}", "jede Basis von {1} liegt vollständig innerhalb von Reichweite {2} von {3}"},
	{"beyond", "the nearest minis are {1} apart; beyond range {2} means more than {3}", "die nächsten Miniaturen liegen {1} auseinander; jenseits von Reichweite {2} heißt mehr als {3}"},
	{"ruler.distance", "the nearest points of {1} and {2} are {3} apart, measured top-down", "die nächsten Punkte von {1} und {2} liegen {3} auseinander, von oben gemessen"},
	// Line of sight (los.go, summary.go).
	{"los.eye", "sight is taken from {1}'s eye at height {2} above its base centre, to any part of {3} or its base", "die Sicht geht vom Auge von {1} in Höhe {2} über der Basismitte zu einem beliebigen Teil von {3} oder seiner Basis"},
	{"los.blockers", "solid terrain and ground and repulsor vehicles block sight; troopers (also creatures and emplacements), area terrain and depressions never do", "massives Gelände sowie Boden- und Repulsorfahrzeuge versperren die Sicht; Truppler (auch Kreaturen und Geschützstellungen), Flächengelände und Senken nie"},
	{"los.hidden", "every segment from the eye to {1} passes through {2}: fully hidden", "jede Strecke vom Auge zu {1} führt durch {2}: vollständig verdeckt"},
	{"los.partial", "{1} is seen; part of it is hidden by {2}", "{1} ist sichtbar; ein Teil wird von {2} verdeckt"},
	{"los.clear", "nothing hides any part of {1}", "nichts verdeckt einen Teil von {1}"},
	{"los.count", "{1} of {2} minis of {3} see at least one mini of {4}", "{1} von {2} Miniaturen von {3} sehen mindestens eine Miniatur von {4}"},
	// Cover (cover.go).
	{"cover.unit", "{1} of {2} minis are obscured (at least half): the unit has cover; {3} behind light, {4} behind heavy → {5:w}", "{1} von {2} Miniaturen sind verdeckt (mindestens die Hälfte): die Einheit hat Deckung; {3} hinter leichter, {4} hinter schwerer → {5:w}"},
	{"cover.unit", "{1} of {2} minis are obscured (fewer than half): no cover", "{1} von {2} Miniaturen sind verdeckt (weniger als die Hälfte): keine Deckung"},
	{"cover.suppressed", "suppressed: cover +1", "niedergehalten: Deckung +1"},
	{"cover.coverX", "Cover {1}: cover +{2}", "Deckung {1}: Deckung +{2}"},
	{"cover.smoke", "{1} smoke token(s) at range 1 of a trooper leader: cover +{2}", "{1} Rauchmarker in Reichweite 1 eines Truppler-Anführers: Deckung +{2}"},
	{"cover.lowProfile", "Low Profile: light cover improves to heavy", "Unauffällig: leichte Deckung wird zu schwerer"},
	{"cover.sharpshooter", "Sharpshooter {1}: cover −{2} after improvements", "Scharfschütze {1}: Deckung −{2} nach den Verbesserungen"},
	{"cover.blast", "Blast: the attack ignores cover", "Explosion: der Angriff ignoriert Deckung"},
	{"cover.touching", "{1}: not obscured; {2} touches {3}, which therefore cannot obscure it{4:h}", "{1}: nicht verdeckt; {2} berührt {3}, das ihn daher nicht verdecken kann{4:h}"},
	{"cover.mini", "{1}: not obscured (nothing that gives its class cover both hides part of it from {2} and lies on the line between the base centres){3:h}", "{1}: nicht verdeckt (nichts, was seiner Klasse Deckung gibt, verdeckt einen Teil von ihm vor {2} und liegt auf der Linie zwischen den Basismitten){3:h}"},
	{"cover.mini", "{1}: obscured by {2:o} → {3:w}{4:h}", "{1}: verdeckt durch {2:o} → {3:w}{4:h}"},
	// Movement (move.go, place.go).
	{"move.tool", "speed-{1} tool ({2} long) against {3}'s base: the centre runs {4} along {5}°, then {6} along {7}°", "Bewegungsmaßstab {1} ({2} lang) an der Basis von {3}: die Mitte läuft {4} in Richtung {5}°, dann {6} in Richtung {7}°"},
	{"move.edge", "the base would leave the battlefield: it stops where it touches the table edge, and the move is not legal", "die Basis würde das Schlachtfeld verlassen: sie hält, wo sie die Tischkante berührt, und die Bewegung ist nicht zulässig"},
	{"move.blocked", "stopped where the base touches {1}, which it may not move through", "gestoppt, wo die Basis {1} berührt, durch das sie sich nicht bewegen darf"},
	{"move.difficult", "{1} is difficult terrain for this unit and is entered or stood in: max speed {2} → {3}", "{1} ist für diese Einheit schwieriges Gelände und wird betreten oder besetzt: Höchstgeschwindigkeit {2} → {3}"},
	{"move.specops", "difficult terrain counts as open", "schwieriges Gelände zählt als offen"},
	{"move.speed", "a speed-{1} move is more than the unit's max speed {2}", "eine Bewegung mit Geschwindigkeit {1} ist mehr als die Höchstgeschwindigkeit {2} der Einheit"},
	{"move.end", "the end position overlaps {1}", "die Endposition überschneidet {1}"},
	{"pivot.round", "{1} stands on a round base: troopers do not pivot, their facing does not matter", "{1} steht auf einer runden Basis: Truppler drehen sich nicht, ihre Ausrichtung zählt nicht"},
	{"pivot.ok", "{1} turns {2}°, within {3}°", "{1} dreht sich um {2}°, innerhalb von {3}°"},
	{"pivot.far", "{1} turns {2}°, more than one pivot's {3}°", "{1} dreht sich um {2}°, mehr als die {3}° einer Drehung"},
	{"place.kept", "{1} keeps its place relative to {2}", "{1} behält seinen Platz relativ zu {2}"},
	{"place.offset", "{1} cannot keep its place relative to {2}: {3}", "{1} kann seinen Platz relativ zu {2} nicht behalten: {3}"},
	{"place.none", "{1} stands more than height 1 above or below its leader: no spot on this level is in cohesion", "{1} steht mehr als Höhe 1 über oder unter seinem Anführer: kein Platz auf dieser Ebene ist in Formation"},
	{"place.none", "no legal spot in cohesion with {1} found for {2}: it stays where it is", "kein zulässiger Platz in Formation mit {1} für {2} gefunden: sie bleibt stehen"},
	{"place.terrain", "no spot on open ground in cohesion with {1} found for {2}: it stands on {3}", "kein Platz auf freiem Boden in Formation mit {1} für {2} gefunden: sie steht auf {3}"},
	{"place.moved", "{1} placed {2} from its old place relative to {3}, the nearest legal spot in cohesion found", "{1} steht {2} von seinem alten Platz relativ zu {3}, am nächsten gefundenen zulässigen Platz in Formation"},
	// Where minis stand after a drag (standing.go).
	{"stand.overlap", "{1}'s base overlaps {2}", "die Basis von {1} überschneidet {2}"},
	{"stand.impassable", "{1} stands in {2}, impassable terrain for its unit", "{1} steht in {2}, für seine Einheit unpassierbarem Gelände"},
	{"stand.reserve", "{1} is not deployed yet", "{1} ist noch nicht aufgestellt"},
	{"stand.ok", "every mini of {1} stands clear of other bases, tokens and impassable terrain, in cohesion", "jede Miniatur von {1} steht frei von anderen Basen, Markern und unpassierbarem Gelände, in Formation"},
	// Cohesion and contact (cohesion.go, contact.go).
	{"cohesion.distance", "{1} is {2} from its leader, farther than the speed-1 tool ({3})", "{1} ist {2} von seinem Anführer entfernt, weiter als der Bewegungsmaßstab 1 ({3})"},
	{"cohesion.height", "{1} stands {2} above or below its leader, more than height 1 ({3})", "{1} steht {2} über oder unter seinem Anführer, mehr als Höhe 1 ({3})"},
	{"cohesion.reach", "{1}'s position cannot be reached by its leader with a legal speed-1 move", "die Position von {1} kann der Anführer mit keiner zulässigen Bewegung mit Geschwindigkeit 1 erreichen"},
	{"cohesion.ok", "every mini of {1} is within the speed-1 tool and height 1 of {2}, where it could reach", "jede Miniatur von {1} ist innerhalb des Bewegungsmaßstabs 1 und von Höhe 1 von {2}, wo er hinkäme"},
	{"contact.gap", "the top-down gap between {1} and {2} is {3} (contact up to {4})", "der Abstand von oben zwischen {1} und {2} beträgt {3} (Kontakt bis {4})"},
	{"contact.height", "their base bottoms differ by {1} (contact needs less than a base's thickness, {2})", "ihre Basisunterseiten liegen {1} auseinander (Kontakt braucht weniger als die Dicke einer Basis, {2})"},
	// Terrain layout (layout.go).
	{"placement.alone", "{1} is the only terrain piece", "{1} ist das einzige Geländeteil"},
	{"placement.beyond", "{1} is {2} from the nearest piece {3}, beyond range 1 ({4})", "{1} ist {2} vom nächsten Teil {3} entfernt, jenseits von Reichweite 1 ({4})"},
	{"placement.touching", "{1} touches {2}: not allowed even where range 1 cannot be kept", "{1} berührt {2}: nicht erlaubt, auch wo Reichweite 1 nicht einzuhalten ist"},
	{"placement.within", "{1} is {2} from {3}, within range 1 (needs more than {4}); allowed only where no place beyond range 1 is left", "{1} ist {2} von {3} entfernt, innerhalb von Reichweite 1 (nötig: mehr als {4}); nur erlaubt, wo kein Platz jenseits von Reichweite 1 bleibt"},
	{"coverage", "{1} terrain pieces cover {2} of the table's {3} ({4}%; a competitive layout aims at about 25%)", "{1} Geländeteile bedecken {2} der {3} des Tisches ({4} %; ein kompetitiver Aufbau zielt auf etwa 25 %)"},
	{"arrange.leader", "the leader stands on the free spot nearest to ({1}, {2}), {3} from it", "der Anführer steht auf dem freien Platz am nächsten an ({1}, {2}), {3} davon entfernt"},
	{"arrange.cohesion", "the other {1} minis stand on the free spots nearest to the leader, every one in cohesion", "die anderen {1} Miniaturen stehen auf den freien Plätzen am nächsten am Anführer, jede in Formation"},
	// The heat map (heatmap.go).
	{"heat.probe", "a trooper on a base of {1}, {2} high, stands at the centre of each {3} cell; the count is how many of {4} see some part of it", "ein Truppler auf einer Basis von {1}, {2} hoch, steht in der Mitte jeder Zelle von {3}; die Zahl sagt, wie viele von {4} einen Teil von ihm sehen"},
	{"heat.cover", "the cover shown is the least the probe has against any viewer that sees it, each viewer taken as the attacking leader", "die gezeigte Deckung ist die geringste, die der Truppler gegen einen Betrachter hat, der ihn sieht, jeder als angreifender Anführer genommen"},
	{"heat.nostand", "cells where the probe's base would overlap solid or impassable terrain are left out", "Zellen, in denen die Basis massives oder unpassierbares Gelände überschneiden würde, bleiben frei"},
	// The setup (setup.go, setup_state.go, cards.go, draft.go).
	{"terrain.turn", "{1:w} places the first piece (the player with the lower army cost begins)", "{1:w} platziert das erste Teil (der Spieler mit den geringeren Armeekosten beginnt)"},
	{"terrain.turn", "it is {1:w}'s turn: {2:w} placed the previous piece", "{1:w} ist am Zug: {2:w} hat das vorige Teil platziert"},
	{"terrain.turn", "{1:w}'s turn: {2:w} placed the previous piece", "{1:w} ist am Zug: {2:w} hat das vorige Teil platziert"},
	{"setup.phase", "setup phase: {1:w}", "Aufbauphase: {1:w}"},
	{"setup.terrain", "{1} pieces placed competitively, the last by {2:w}", "{1} Teile kompetitiv platziert, das letzte von {2:w}"},
	{"setup.mission", "mission {1} ({2}); its map is not in the seeds: {3}", "Mission {1} ({2}); ihre Karte ist nicht in den Quellen: {3}"},
	{"setup.deployTurn", "blue has deployed {1}, red {2} units", "Blau hat {1}, Rot {2} Einheiten aufgestellt"},
	{"setup.done", "the setup is marked done, but something is still missing", "der Aufbau ist als fertig markiert, aber noch fehlt etwas"},
	{"setup.missing", "no setup has been started", "kein Aufbau begonnen"},
	{"setup.missing", "no terrain is placed", "kein Gelände platziert"},
	{"setup.missing", "blue and red are not chosen", "Blau und Rot sind nicht gewählt"},
	{"setup.missing", "no mission is chosen", "keine Mission gewählt"},
	{"setup.missing", "blue's long edge is not chosen", "die lange Kante von Blau ist nicht gewählt"},
	{"setup.missing", "the battle cards are not dealt", "die Gefechtskarten sind nicht ausgeteilt"},
	{"setup.missing", "the draft needs {1} more turns", "die Auswahl braucht noch {1} Züge"},
	{"setup.missing", "a token belongs at ({1}, {2})", "ein Marker gehört nach ({1}, {2})"},
	{"setup.missing", "{1} of {2} {3:w} tokens are placed", "{1} von {2} {3:w}-Markern sind gesetzt"},
	{"setup.missing", "{1:w} has {2} of {3} units to deploy", "{1:w} hat noch {2} von {3} Einheiten aufzustellen"},
	{"zone", "{1:z} of {2}: {3} corners, area {4} ({5} range units by the card)", "{1:z} von {2}: {3} Ecken, Fläche {4} ({5} Reichweiteneinheiten laut Karte)"},
	{"zone.inferred", "the card's map is not in the seeds; these zones are inferred: {1}", "die Karte der Karte ist nicht in den Quellen; diese Zonen sind erschlossen: {1}"},
	{"zone.side", "blue's long edge is the {1:w} edge", "die lange Kante von Blau ist die {1:w}kante"},
	{"token.fixed", "{1} places a token at ({2}, {3})", "{1} setzt einen Marker nach ({2}, {3})"},
	{"token.offTable", "the token at ({1}, {2}) is not wholly on the battlefield", "der Marker bei ({1}, {2}) liegt nicht vollständig auf dem Schlachtfeld"},
	{"token.zones", "{1} from the nearest zone ({2:z} of {3}): beyond range {4} (more than {5})", "{1} von der nächsten Zone ({2:z} von {3}): jenseits von Reichweite {4} (mehr als {5})"},
	{"token.zones", "only {1} from {2:z} of {3}: within range {4} (needs more than {5})", "nur {1} von {2:z} von {3}: innerhalb von Reichweite {4} (nötig: mehr als {5})"},
	{"token.tokens", "no other objective token is on the table", "kein anderer Einsatzzielmarker liegt auf dem Tisch"},
	{"token.tokens", "{1} from the nearest objective token {2}: beyond range {3} (more than {4})", "{1} vom nächsten Einsatzzielmarker {2}: jenseits von Reichweite {3} (mehr als {4})"},
	{"token.tokens", "only {1} from objective token {2}: within range {3} (needs more than {4})", "nur {1} vom Einsatzzielmarker {2}: innerhalb von Reichweite {3} (nötig: mehr als {4})"},
	{"token.overlap", "the token would overlap {1}", "der Marker würde {1} überschneiden"},
	{"token.terrain", "the token would lie under terrain: {1}", "der Marker läge unter Gelände: {1}"},
	{"token.terrain", "the token overlaps no terrain piece", "der Marker überschneidet kein Geländeteil"},
	{"token.card", "{1} places no tokens where the players choose; its fixed places are:", "{1} setzt keine Marker, wo die Spieler wählen; seine festen Plätze sind:"},
	{"token.card", "{1}: where its condition tokens go is not in the seeds ({2}); only the general condition-token rules are checked", "{1}: wohin seine Bedingungsmarker kommen, steht nicht in den Quellen ({2}); nur die allgemeinen Regeln für Bedingungsmarker werden geprüft"},
	{"token.onTable", "the {1:w} at ({2}, {3}) is {4:w} on the battlefield", "der {1:w} bei ({2}, {3}) liegt {4:w} auf dem Schlachtfeld"},
	{"marker.map", "the mission map is not in the seeds: the players place the markers as the map shows", "die Missionskarte ist nicht in den Quellen: die Spieler setzen die Marker, wie die Karte sie zeigt"},
	{"keypos.centre", "there is no terrain piece", "es gibt kein Geländeteil"},
	{"keypos.centre", "{1} is closest to the centre ({2})", "{1} liegt der Mitte am nächsten ({2})"},
	{"keypos.centre", "{1} tie closest to the centre ({2}): blue chooses", "{1} liegen gleich nah an der Mitte ({2}): Blau wählt"},
	{"keypos.piece", "{1} puts its tokens on terrain pieces; ({2}, {3}) is on none", "{1} setzt seine Marker auf Geländeteile; ({2}, {3}) liegt auf keinem"},
	{"keypos.first", "the first token goes on the piece closest to the centre ({1}), not on {2}", "der erste Marker kommt auf das Teil, das der Mitte am nächsten liegt ({1}), nicht auf {2}"},
	{"keypos.zones", "{1} is not completely outside the deployment zones: it overlaps {2:z}", "{1} liegt nicht vollständig außerhalb der Aufstellungszonen: es überschneidet {2:z}"},
	{"keypos.zones", "{1} is completely outside all deployment zones", "{1} liegt vollständig außerhalb aller Aufstellungszonen"},
	{"keypos.marked", "{1} already has an objective token", "{1} hat schon einen Einsatzzielmarker"},
	{"keypos.near", "{1} is within range {2} of {3}, which already has a token", "{1} ist innerhalb von Reichweite {2} von {3}, das schon einen Marker hat"},
	{"keypos.near", "{1} is beyond range {2} of every other piece with a token", "{1} ist jenseits von Reichweite {2} von jedem anderen Teil mit Marker"},
	{"keypos.fallback", "allowed only by the fallback, when no piece meets the rule: {1}", "nur nach der Ausweichregel erlaubt, wenn kein Teil die Regel erfüllt: {1}"},
	{"deploy.zone", "every mini of {1} lies wholly inside a {2:w} zone", "jede Miniatur von {1} liegt vollständig in einer {2:w} Zone"},
	{"deploy.zone", "every mini of {1} lies inside a {2:w} zone", "jede Miniatur von {1} liegt in einer {2:w} Zone"},
	{"deploy.zone", "not wholly inside a {1:w} zone: {2}", "nicht vollständig in einer {1:w} Zone: {2}"},
	{"deploy.zone", "the mission's deployment zones are not in the seeds: the players mark them, and the zone is not checked", "die Aufstellungszonen der Mission sind nicht in den Quellen: die Spieler markieren sie, und die Zone wird nicht geprüft"},
	{"deploy.everyZone", "{1} asks for at least {2} unit(s) in each zone; too few in {3:z}", "{1} verlangt mindestens {2} Einheit(en) in jeder Zone; zu wenige in {3:z}"},
	{"deploy.everyZone", "{1}: each {2:w} zone has the units the card asks for", "{1}: jede {2:w} Zone hat die Einheiten, die die Karte verlangt"},
	{"deploy.edge", "the base is not wholly on the battlefield", "die Basis liegt nicht vollständig auf dem Schlachtfeld"},
	{"deploy.elongated", "the elongated base lies wholly inside {1:z}", "die längliche Basis liegt vollständig in {1:z}"},
	{"deploy.elongated", "the elongated base overhangs {1:z}: {2}% of its area is inside (needs at least half) and it touches the battlefield edge inside {3:z}", "die längliche Basis ragt über {1:z} hinaus: {2} % ihrer Fläche liegen innen (nötig: mindestens die Hälfte) und sie berührt den Schlachtfeldrand in {3:z}"},
	{"deploy.elongated", "the elongated base overhangs {1:z}: {2}% of its area is inside (needs at least half) and it does not touch the battlefield edge inside {3:z}", "die längliche Basis ragt über {1:z} hinaus: {2} % ihrer Fläche liegen innen (nötig: mindestens die Hälfte) und sie berührt den Schlachtfeldrand in {3:z} nicht"},
	{"deploy.elongated", "there is no {1:w} zone", "es gibt keine {1:w} Zone"},
	{"deploy.elongated", "{1}: the outline is not a simple polygon: {2}", "{1}: der Umriss ist kein einfaches Vieleck: {2}"},
	{"deploy.cohesion", "every mini is in cohesion with its leader", "jede Miniatur ist in Formation mit ihrem Anführer"},
	{"deploy.cohesion", "out of cohesion: {1}", "außer Formation: {1}"},
	{"deploy.contact", "in base contact with an enemy mini: {1}", "in Basiskontakt mit einer gegnerischen Miniatur: {1}"},
	{"deploy.contact", "no mini is in base contact with an enemy mini", "keine Miniatur ist in Basiskontakt mit einer gegnerischen Miniatur"},
	{"deploy.overlap", "bases overlap: {1}", "Basen überschneiden sich: {1}"},
	{"infiltrate.alone", "no enemy unit is on the battlefield: a unit with Infiltrate may deploy anywhere", "keine gegnerische Einheit ist auf dem Schlachtfeld: eine Einheit mit Infiltrieren darf überall aufstellen"},
	{"infiltrate.near", "{1} is {2} from enemy {3}: within range 3 (Infiltrate needs more than {4})", "{1} ist {2} vom Gegner {3} entfernt: innerhalb von Reichweite 3 (Infiltrieren braucht mehr als {4})"},
	{"infiltrate.beyond", "{1} is beyond range 3 (more than {2}) of every enemy unit", "{1} ist jenseits von Reichweite 3 (mehr als {2}) von jeder gegnerischen Einheit"},
	{"scout.speed", "Scout {1}: a speed-{2} standard move, regardless of max speed {3}", "Auskundschaften {1}: eine Standardbewegung mit Geschwindigkeit {2}, unabhängig von der Höchstgeschwindigkeit {3}"},
	{"scout.speed", "Scout {1} counts as Scout 3: a speed-3 standard move, regardless of max speed {2}", "Auskundschaften {1} zählt als Auskundschaften 3: eine Standardbewegung mit Geschwindigkeit 3, unabhängig von der Höchstgeschwindigkeit {2}"},
	{"scout.difficult", "difficult terrain is ignored during a Scout move: {1}", "schwieriges Gelände wird bei einer Auskundschaften-Bewegung ignoriert: {1}"},
	{"scout.contact", "the move would end in base contact with enemy {1}", "die Bewegung würde in Basiskontakt mit dem Gegner {1} enden"},
	{"condition.attackLimit", "{1}: in round {2} no ranged attacks beyond range {3}", "{1}: in Runde {2} keine Fernkampfangriffe jenseits von Reichweite {3}"},
	{"condition.attackLimit", "{1} sets no range limit in round {2}", "{1} setzt in Runde {2} keine Reichweitengrenze"},
	{"draft.pass", "{1:w} passes", "{1:w} passt"},
	{"draft.eliminate", "{1:w} discards the left-most {2:w} card, {3}", "{1:w} legt die linke {2:w}-Karte ab, {3}"},
	{"draft.chosen", "each player has had {1} opportunities: the left-most cards {2}, {3} and {4} define the battlefield", "jeder Spieler hatte {1} Gelegenheiten: die linken Karten {2}, {3} und {4} legen das Schlachtfeld fest"},
	{"draft.eliminate", "the draft is over: each player has had {1} opportunities ({2})", "die Auswahl ist vorbei: jeder Spieler hatte {1} Gelegenheiten ({2})"},
	{"draft.pass", "the draft is over: each player has had {1} opportunities ({2})", "die Auswahl ist vorbei: jeder Spieler hatte {1} Gelegenheiten ({2})"},
	{"draft.eliminate", "the {1:w} row's last card {2} cannot be discarded: the first two are already gone ({3})", "die letzte Karte {2} der Reihe {1:w} kann nicht abgelegt werden: die ersten beiden sind schon weg ({3})"},
	{"setup.rules", "draft: the {1:w} row has {2} cards; setup step 5 deals 3 of each category (RRG 2.0 L843–847)", "Auswahl: die Reihe {1:w} hat {2} Karten; Aufbauschritt 5 teilt von jeder Art 3 aus (RRG 2.0 L843–847)"},
	{"setup.rules", "draft: card {1} in the {2:w} row is empty or dealt twice", "Auswahl: Karte {1} in der Reihe {2:w} ist leer oder doppelt ausgeteilt"},
	// Dice (dice.go).
	{"surge", "no {1:w} surge was rolled", "kein {1:w}-Sonderergebnis gewürfelt"},
	{"surge", "the unit card converts {1} {2:w} surge: {3} × {4:w}", "die Einheitenkarte wandelt {1} {2:w}-Sonderergebnis um: {3} × {4:w}"},
	{"surge", "the unit card converts {1} {2:w} surges: {3} × {4:w}", "die Einheitenkarte wandelt {1} {2:w}-Sonderergebnisse um: {3} × {4:w}"},
	{"surge", "the unit card converts {1}: {2} × {3:w}", "die Einheitenkarte wandelt {1} um: {2} × {3:w}"},
	{"surge", "the unit card converts no {1:w} surge: {2} turned to blank", "die Einheitenkarte wandelt kein {1:w}-Sonderergebnis um: {2} werden leer"},
	{"surge-token", "{1} spent: {2} × {3:w}", "{1} ausgegeben: {2} × {3:w}"},
	// Spezialeinsätze (specops.go).
	{"sprint.speed", "Sprint: a speed-1 move, no climbing", "Sprint: eine Bewegung mit Geschwindigkeit 1, kein Klettern"},
	{"sprint.speed", "Sprint in {1}: {2} may make a speed-{3} move instead, no climbing", "Sprint in {1}: {2} darf stattdessen eine Bewegung mit Geschwindigkeit {3} machen, kein Klettern"},
	{"specops.vehicle", "{1} stands at the centre ({2}, {3})", "{1} steht in der Mitte ({2}, {3})"},
	{"specops.vehicle", "{1} stands {2} from the centre ({3}, {4})", "{1} steht {2} von der Mitte ({3}, {4}) entfernt"},
	{"dispute", "the red defence die shows {1:w}: the reading of the player holding the round counter stands", "der rote Verteidigungswürfel zeigt {1:w}: die Lesart des Spielers mit dem Rundenzähler gilt"},
	{"dispute", "the red defence die shows {1:w} instead of block: the reading of the player without the round counter stands", "der rote Verteidigungswürfel zeigt {1:w} statt Block: die Lesart des Spielers ohne den Rundenzähler gilt"},
	{"specops.*", "{1} is {2}\" from {3}: {4:w} {5}\"", "{1} ist {2}\" von {3} entfernt: {4:w} {5}\""},
	{"specops.in", "measured from the nearest points of the bases, top-down, with a tape in inches", "gemessen von den nächsten Punkten der Basen, von oben, mit einem Maßband in Zoll"},
	{"detonator.los", "{1} {2:w} the vehicle {3}", "{1} {2:w} das Fahrzeug {3}"},
	{"detonator.dice", "{1}\" = {2} full inches: {3} − {4} = {5} {6} dice", "{1}\" = {2} volle Zoll: {3} − {4} = {5} {6}-Würfel"},
	{"detonator.dice", "without line of sight the detonator cannot be thrown", "ohne Sichtlinie kann der Zünder nicht geworfen werden"},
}

// germanWords are the words a {n:w} stands for.
var germanWords = map[string]string{
	"blue": "Blau", "red": "Rot", "Blue": "Blau", "Red": "Rot",
	"none": "keine", "light": "leicht", "heavy": "schwer",
	"objective": "Einsatzziel", "deployment": "Aufstellung", "condition": "Bedingung",
	"north": "Nord", "south": "Süd",
	"terrain": "Gelände", "draft": "Auswahl", "tokens": "Marker", "deploy": "Aufstellung", "done": "fertig",
	"token": "Marker", "marker": "Marker", "wholly": "vollständig", "not wholly": "nicht vollständig",
	"sees": "sieht", "does not see": "sieht nicht", "mini": "Miniatur", "depression": "Senke",
	"in": "innerhalb von", "not in": "nicht innerhalb von",
	"attack": "Angriffs", "defence": "Verteidigungs", "hit": "Treffer", "crit": "kritischer Treffer", "block": "Block",
	"surge": "Woge", "blank": "leer", // die faces (the dispute roll; scenes' dice.sym.*)
	"reverse": "Rückwärtsbewegung", "strafe-left": "Seitwärtsbewegung nach links", "strafe-right": "Seitwärtsbewegung nach rechts",
	"first": "ersten", "second": "zweiten", "clamber": "Klimmen", "climb": "Klettern", "before": "vor", "after": "nach",
	"touches the table edge inside it":        "berührt die Tischkante in ihr",
	"does not touch the table edge inside it": "berührt die Tischkante in ihr nicht",
}

// germanPattern is one pattern of a GermanTable, its regular expression compiled on first use:
// compiling all of them (about 260 in rules, 60 in swm) when the program starts was most of
// this package's start-up (28 ms and 26,000 allocations natively, several times that in the
// browser; docs/decisions.md D144), and a session asks for the German of a few rules only.
type germanPattern struct {
	en, de string
	once   sync.Once
	re     *regexp.Regexp
	kinds  []byte // per placeholder: 0, 'w' (a word), 'z' (zone names), 'h' (a hidden clause), 'o' (obscurers), 'a' (arcs), 'd' (hits by die)
}

var germanByRule = CompileGerman(append(append(germanPatterns[:len(germanPatterns):len(germanPatterns)], germanMovePatterns...), germanMoveErrorPatterns...))

// GermanTable is a list of German patterns (rule code, English with {1}, {2}, … and
// {n:w}-style placeholders, German), as germanPatterns holds them, by rule code; each pattern's
// regular expression is compiled when a reason with its code is first put into German. Another
// ruleset's package (swm) keeps its own list and words its reasons with it, the same way German
// words this package's.
type GermanTable map[Code][]*germanPattern

// CompileGerman makes the table of patterns (rule code, English, German). A malformed pattern
// panics when it is first used (the lists are constants of the program; the packages' tests
// compile every pattern with Compile).
func CompileGerman(patterns [][3]string) GermanTable {
	out := GermanTable{}
	for _, p := range patterns {
		out[Code(p[0])] = append(out[Code(p[0])], &germanPattern{en: p[1], de: p[2]})
	}
	return out
}

// Compile compiles every pattern of the table now (what a first use of each would do); it panics
// on a malformed one. For tests: the app compiles a pattern when it first needs it.
func (t GermanTable) Compile() {
	for _, ps := range t {
		for _, p := range ps {
			p.compile()
		}
	}
}

var germanPlaceholder = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{([0-9])(?::([a-z]))?\}`) })

// compile turns the English with placeholders into an anchored regular expression, once.
func (p *germanPattern) compile() {
	p.once.Do(func() {
		var b strings.Builder
		b.WriteString("^")
		last := 0
		for _, m := range germanPlaceholder().FindAllStringSubmatchIndex(p.en, -1) {
			b.WriteString(regexp.QuoteMeta(p.en[last:m[0]]))
			k := byte(0)
			if m[4] >= 0 {
				k = p.en[m[4]]
			}
			p.kinds = append(p.kinds, k)
			if k == 'h' { // a clause that may be absent
				b.WriteString("((?:; fully hidden from .+, it cannot be wounded)?)")
			} else {
				b.WriteString("(.+?)")
			}
			last = m[1]
		}
		b.WriteString(regexp.QuoteMeta(p.en[last:]))
		b.WriteString("$")
		p.re = regexp.MustCompile(b.String())
	})
}

var hiddenClause = regexp.MustCompile(`^; fully hidden from (.+), it cannot be wounded$`)
var zoneName = regexp.MustCompile(`^(blue|red) zone ([0-9]+)$`)
var obscurer = regexp.MustCompile(`^(.+) \((terrain|mini|depression), (light|heavy)\)$`)

// German is the reason's sentence in German, and whether the rules have German for it.
// A game reason (a code of GameWords, made with its Args) is worded by its German template.
func German(r Reason) (string, bool) {
	if _, ok := gameWords[r.Rule]; ok && r.Args != nil {
		return ReasonIn(r, "de"), true
	}
	return GermanText(r.Rule, r.Text)
}

// GermanText is the sentence text of a reason with the rule code in German (false when there is
// none for it; then text stays as it is).
func GermanText(rule Code, text string) (string, bool) {
	ps := germanByRule[rule]
	if ps == nil && strings.HasPrefix(string(rule), "specops.") { // a mission's distance rules (specops.<kind>)
		ps = germanByRule["specops.*"]
	}
	if ps == nil && strings.HasPrefix(string(rule), "arc.") { // an arc's answer (arc.front, arc.left, …)
		ps = germanByRule["arc.*"]
	}
	return germanIn(ps, text)
}

// Text is text of a reason with the rule code in German (false when the table has no pattern
// for it; then text stays as it is).
func (t GermanTable) Text(rule Code, text string) (string, bool) { return germanIn(t[rule], text) }

func germanIn(ps []*germanPattern, text string) (string, bool) {
	for _, p := range ps {
		p.compile()
		m := p.re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		args := make([]string, len(m)-1)
		for i, a := range m[1:] {
			args[i] = germanArg(p.kinds[i], a)
		}
		out := p.de
		for i := len(args); i >= 1; i-- {
			for _, suffix := range []string{"", ":w", ":z", ":h", ":o", ":a", ":d"} {
				out = strings.ReplaceAll(out, "{"+string(rune('0'+i))+suffix+"}", args[i-1])
			}
		}
		return out, true
	}
	return text, false
}

func germanArg(kind byte, a string) string {
	switch kind {
	case 'w':
		if de, ok := germanWords[a]; ok {
			return de
		}
	case 'z': // zone names, one or a list: "blue zone 1, red zone 2"
		parts := strings.Split(a, ", ")
		for i, z := range parts {
			if m := zoneName.FindStringSubmatch(z); m != nil {
				parts[i] = germanWords[m[1]] + "e Zone " + m[2]
			}
		}
		return strings.Join(parts, ", ")
	case 'h':
		if m := hiddenClause.FindStringSubmatch(a); m != nil {
			return "; vollständig verdeckt vor " + m[1] + ", kann er nicht verwundet werden"
		}
	case 'a': // "rear", "left and right"
		parts := strings.Split(a, " and ")
		for i, x := range parts {
			if de, ok := germanArcs[x]; ok {
				parts[i] = de
			}
		}
		return strings.Join(parts, " und ")
	case 'd': // "2 hit(s) of the black, 1 hit(s) of the red, 0" (the direct hits' count last)
		parts := strings.Split(a, ", ")
		for i, x := range parts {
			if n, die, ok := strings.Cut(x, " hit(s) of the "); ok {
				parts[i] = n + " Treffer mit " + die
			}
		}
		return strings.Join(parts, ", ")
	case 'o': // "x (terrain, light), y (mini, heavy)"
		parts := strings.Split(a, "), ")
		for i, o := range parts {
			if i < len(parts)-1 {
				o += ")"
			}
			if m := obscurer.FindStringSubmatch(o); m != nil {
				parts[i] = m[1] + " (" + germanWords[m[2]] + ", " + germanWords[m[3]] + ")"
			} else if i < len(parts)-1 {
				parts[i] = o
			}
		}
		return strings.Join(parts, ", ")
	}
	return a
}
