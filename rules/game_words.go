package rules

import (
	"fmt"
	"maps"

	"holotable/table"
)

// The sentences of the game's reasons and refusals in English and German, by rule code. A reason
// made by say carries its Args, so a user interface shows it in German as GameWords()[code][1]
// filled with them (an argument with an In(lang) method words itself); German (reason_de.go), and
// through it the operations' ReasonText, words them so.

// gameWords: code → {English, German}. Every code say is given must be here (TestGameWords).
var gameWords = map[Code][2]string{
	// the game state
	"game.none":       {"the table has no game yet (import the armies first)", "auf dem Tisch läuft noch kein Spiel (zuerst die Armeen importieren)"},
	"game.noRecord":   {"unit %s has no game record", "Einheit %s hat keinen Spieleintrag"},
	"game.phase":      {"this belongs to the %s phase; the game is in the %s phase", "das gehört in die %s; das Spiel ist in der %s"},
	"game.colour":     {"%q is neither blue nor red", "%q ist weder blau noch rot"},
	"game.notOnTable": {"unit %s is not on the table", "Einheit %s steht nicht auf dem Tisch"},
	"game.notYours":   {"%s is %s's unit, not %s's", "%s ist eine Einheit von %s, nicht von %s"},
	"game.over":       {"the game is over", "das Spiel ist vorbei"},

	// setup and start
	"start.reserve":     {"%s is still in the reserve: every unit is deployed before round 1", "%s ist noch in der Reserve: vor Runde 1 werden alle Einheiten aufgestellt"},
	"start.side":        {"%s has no side yet (import its army)", "%s hat noch keine Seite (Armee importieren)"},
	"start.started":     {"the game starts: round 1 of %d, command phase", "das Spiel beginnt: Runde 1 von %d, Kommandophase"},
	"deploy.notReserve": {"%s is not in the reserve", "%s ist nicht in der Reserve"},
	"deploy.places":     {"%s has %d minis, %d places were given", "%s hat %d Miniaturen, %d Plätze wurden angegeben"},
	"deploy.placed":     {"%s leaves the reserve and stands on the table", "%s verlässt die Reserve und steht auf dem Tisch"},

	// command phase
	"command.played":      {"%s has played a command card this round already", "%s hat in dieser Runde schon eine Kommandokarte gespielt"},
	"command.notInHand":   {"%q is not in %s's hand", "%q ist nicht auf der Hand von %s"},
	"command.used":        {"%q was played this game already", "%q wurde in dieser Partie schon gespielt"},
	"command.noCommander": {"%s has no commander or operative on the battlefield and plays no command card", "%s hat keinen Commander und keinen Agenten auf dem Schlachtfeld und spielt keine Kommandokarte"},
	"command.play":        {"%s plays %q (%d pips, %d orders)", "%s spielt %q (%d Kreise, %d Befehle)"},
	"priority.pips":       {"%s has priority: %d pips against %d", "%s hat Priorität: %d Kreise gegen %d"},
	"priority.alone":      {"%s has priority: only %s played a command card", "%s hat Priorität: nur %s hat eine Kommandokarte gespielt"},
	"priority.tie":        {"both cards have %d pips: %s, holding the round counter, rolls a red defence die", "beide Karten haben %d Kreise: %s hat den Rundenzähler und wirft einen roten Verteidigungswürfel"},
	"priority.roll":       {"the red defence die shows %s: %s has priority", "der rote Verteidigungswürfel zeigt %s: %s hat Priorität"},
	"priority.face":       {"%q is not a face of the red defence die (block, surge, blank)", "%q ist keine Seite des roten Verteidigungswürfels (block, surge, blank)"},
	"priority.notTie":     {"priority needs no roll now", "die Priorität braucht jetzt keinen Wurf"},
	"priority.undecided":  {"priority is not decided yet", "die Priorität ist noch nicht entschieden"},
	"orders.first":        {"%s has priority and issues orders first", "%s hat Priorität und erteilt zuerst Befehle"},
	"orders.done":         {"%s has issued this round's orders already", "%s hat die Befehle dieser Runde schon erteilt"},
	"orders.noCard":       {"%s has played no command card", "%s hat keine Kommandokarte gespielt"},
	"orders.commander":    {"%s is not a commander or operative of %s on the battlefield", "%s ist kein Commander oder Agent von %s auf dem Schlachtfeld"},
	"orders.noCommander":  {"name the commander or operative who issues the orders", "nenne den Commander oder Agenten, der die Befehle erteilt"},
	"orders.specops":      {"in Spezialeinsätze no commander is named", "in Spezialeinsätzen wird kein Commander benannt"},
	"orders.tooMany":      {"%q issues %d orders; %d were given", "%q erteilt %d Befehle; %d wurden angegeben"},
	"orders.twice":        {"%s receives one order a round", "%s erhält nur einen Befehl pro Runde"},
	"orders.type":         {"%s is a %s unit; %q orders %s units", "%s ist eine %s-Einheit; %q erteilt Befehle an %s-Einheiten"},
	"orders.named":        {"%s is not one of the units %q names (%s)", "%s ist keine der Einheiten, die %q nennt (%s)"},
	"orders.range":        {"%s is at range %d of %s: orders reach range 1–3", "%s ist in Reichweite %d von %s: Befehle reichen bis Reichweite 3"},
	"orders.asMany":       {"%s could still receive an order: %q orders as many units as it can", "%s könnte noch einen Befehl erhalten: %q erteilt so vielen Einheiten Befehle wie möglich"},
	"orders.issued":       {"%s issues orders to %s", "%s erteilt Befehle an %s"},
	"orders.none":         {"%s issues no orders", "%s erteilt keine Befehle"},
	"orders.pool":         {"%s's order pool: %s", "Befehlspool von %s: %s"},

	// activation phase
	"activate.turn":      {"it is %s's turn", "%s ist am Zug"},
	"activate.busy":      {"%s is being activated", "%s wird gerade aktiviert"},
	"activate.done":      {"%s has activated this round", "%s wurde in dieser Runde schon aktiviert"},
	"activate.faceUp":    {"%s has a face-up order and is activated with it", "%s hat einen offenen Befehl und wird damit aktiviert"},
	"activate.draw":      {"draw an order token from the pool: %s has no face-up order", "einen Befehlsmarker aus dem Pool ziehen: %s hat keinen offenen Befehl"},
	"activate.notInPool": {"%s's pool holds no %s token", "der Pool von %s enthält keinen %s-Marker"},
	"activate.rank":      {"%s is %s; the drawn token is %s", "%s ist %s; der gezogene Marker ist %s"},
	"activate.discard":   {"a %s token matches no unit that can activate: removed from the game", "ein %s-Marker passt zu keiner aktivierbaren Einheit: aus dem Spiel entfernt"},
	"activate.keep":      {"%s could activate a %s unit (%s): that token is not discarded", "%s könnte eine %s-Einheit aktivieren (%s): dieser Marker wird nicht abgelegt"},
	"activate.emptyPool": {"%s's order pool is empty", "der Befehlspool von %s ist leer"},
	"activate.start":     {"%s activates %s", "%s aktiviert %s"},
	"activate.notActive": {"%s is not the unit being activated", "%s ist nicht die Einheit, die gerade aktiviert wird"},
	"activate.end":       {"%s's order token lies face down: it has activated this round", "der Befehlsmarker von %s liegt verdeckt: die Einheit wurde in dieser Runde aktiviert"},
	"activate.next":      {"%s's turn", "%s ist am Zug"},
	"activate.inARow":    {"%s has no unit left to activate: %s goes on", "%s hat keine Einheit mehr zu aktivieren: %s macht weiter"},
	"activate.allDone":   {"every unit has activated: the end phase", "alle Einheiten wurden aktiviert: Endphase"},
	"rally.dice":         {"%s rolls %d white defence dice for %d suppression tokens; %d were given", "%s würfelt %d weiße Verteidigungswürfel für %d Niederhalten-Marker; %d wurden angegeben"},
	"rally.face":         {"%q is not a face of the white defence die (block, surge, blank)", "%q ist keine Seite des weißen Verteidigungswürfels (block, surge, blank)"},
	"rally.removed":      {"%s rallies: %d of %d dice show block or surge, %d suppression tokens left", "%s sammelt sich: %d von %d Würfeln zeigen Abwehr oder Energie, %d Niederhalten-Marker bleiben"},

	// courage
	"courage.vehicle":    {"%s is a vehicle: no courage, no suppression", "%s ist ein Fahrzeug: keine Tapferkeit, kein Niederhalten"},
	"courage.none":       {"%s has no courage (\"–\"): it is never suppressed and never panics", "%s hat keine Tapferkeit („–“): sie wird nie niedergehalten und verfällt nie in Panik"},
	"courage.unknown":    {"%s's courage is not entered (its unit card): the check cannot be made", "die Tapferkeit von %s ist nicht eingetragen (Einheitenkarte): keine Prüfung möglich"},
	"courage.value":      {"%s: %d suppression against courage %d", "%s: %d Niederhalten gegen Tapferkeit %d"},
	"courage.commander":  {"%s is at range %d of %s (courage %d) and may use it for the panic check", "%s ist in Reichweite %d von %s (Tapferkeit %d) und darf sie für die Panikprüfung verwenden"},
	"courage.suppressed": {"suppressed (at least its courage): it loses 1 action", "niedergehalten (mindestens ihre Tapferkeit): sie verliert 1 Aktion"},
	"courage.droid":      {"a droid trooper is never suppressed", "ein Droiden-Truppler wird nie niedergehalten"},
	"courage.panic":      {"panicked (at least twice courage %d): its one action is a full move to the nearest battlefield edge", "in Panik (mindestens doppelte Tapferkeit %d): ihre eine Aktion ist eine volle Bewegung zum nächsten Schlachtfeldrand"},
	"courage.calm":       {"not suppressed", "nicht niedergehalten"},
	"courage.panicOver":  {"fewer than twice its courage: no longer panicked", "weniger als die doppelte Tapferkeit: nicht mehr in Panik"},
	"panic.edge":         {"nearest edge for %s: the %s edge, %.4g away (heading %.4g°)", "nächster Rand für %s: der %s Rand, %.4g entfernt (Richtung %.4g°)"},
	"panic.edges":        {"%s is equally near the %s and %s edges (%.4g): the players choose", "%s ist gleich nah am %s und %s Rand (%.4g): die Spieler wählen"},

	// tokens
	"tokens.negative":     {"%s has %d %s tokens; %d cannot be removed", "%s hat %d %s-Marker; %d können nicht entfernt werden"},
	"tokens.noCourage":    {"%s has no courage (\"–\") and gets no suppression tokens", "%s hat keine Tapferkeit („–“) und erhält keine Niederhalten-Marker"},
	"tokens.standbyOne":   {"%s has a standby token already (at most one)", "%s hat schon einen Bereitschaftsmarker (höchstens einen)"},
	"tokens.standbyGone":  {"%s gains suppression: its standby token is removed", "%s erhält Niederhalten: ihr Bereitschaftsmarker wird entfernt"},
	"tokens.changed":      {"%s: %s %d → %d", "%s: %s %d → %d"},
	"tokens.vehicleSuppr": {"%s is a vehicle and gets no suppression tokens", "%s ist ein Fahrzeug und erhält keine Niederhalten-Marker"},

	// end phase
	"end.discard":     {"%s discards %q", "%s legt %q ab"},
	"end.standing":    {"%s takes Standing Orders back", "%s nimmt Bereitschaft zurück"},
	"end.tokens":      {"aim, dodge and standby tokens removed, and 1 suppression token from each unit", "Ziel-, Ausweich- und Bereitschaftsmarker entfernt und 1 Niederhalten-Marker von jeder Einheit"},
	"end.tokensSO":    {"aim, dodge and standby tokens removed; suppression stays (Spezialeinsätze)", "Ziel-, Ausweich- und Bereitschaftsmarker entfernt; Niederhalten bleibt (Spezialeinsätze)"},
	"end.hostile":     {"%s keeps its suppression: %s (its leader touches no terrain)", "%s behält ihr Niederhalten: %s (ihr Anführer berührt kein Gelände)"},
	"end.orders":      {"every order token goes back to its unit card", "alle Befehlsmarker kommen zurück auf ihre Einheitenkarten"},
	"end.promoteNeed": {"%s has no commander left: promote one of its trooper units (%s)", "%s hat keinen Commander mehr: eine ihrer Truppler-Einheiten befördern (%s)"},
	"end.promoteBad":  {"%s is not a trooper unit of %s on the battlefield", "%s ist keine Truppler-Einheit von %s auf dem Schlachtfeld"},
	"end.promoted":    {"%s promotes %s to commander", "%s befördert %s zum Commander"},
	"end.noPromote":   {"%s has no commander left and no trooper unit to promote: it plays no more command cards", "%s hat keinen Commander mehr und keine Truppler-Einheit zum Befördern: keine Kommandokarten mehr"},
	"end.round":       {"round %d begins; %s holds the round counter", "Runde %d beginnt; %s hat den Rundenzähler"},
	"end.gameOver":    {"round %d was the last: the game is over", "Runde %d war die letzte: das Spiel ist vorbei"},
	"end.wipedOut":    {"%s has no unit left: the game is over", "%s hat keine Einheit mehr: das Spiel ist vorbei"},
	"vp.award":        {"%s gains %d victory points (%d in all)", "%s erhält %d Siegpunkte (insgesamt %d)"},
	"vp.negative":     {"%s has %d victory points; %d cannot be taken away", "%s hat %d Siegpunkte; %d können nicht abgezogen werden"},
	"win.wipedOut":    {"%s has no unit left: %s wins", "%s hat keine Einheit mehr: %s gewinnt"},
	"win.vp":          {"%s wins with %d victory points to %d", "%s gewinnt mit %d zu %d Siegpunkten"},
	"win.score":       {"victory points tied at %d; %s wins on score, %d points of defeated enemy units to %d", "Siegpunkte gleich (%d); %s gewinnt nach Wertung, %d zu %d Punkte besiegter feindlicher Einheiten"},
	"win.blue":        {"victory points (%d) and score (%d) tied: blue wins", "Siegpunkte (%d) und Wertung (%d) gleich: Blau gewinnt"},
	"win.notOver":     {"the game is not over yet (round %d of %d)", "das Spiel ist noch nicht vorbei (Runde %d von %d)"},

	// scoring
	"score.none":          {"%s scores nothing at the end of round %d", "%s bringt am Ende von Runde %d nichts ein"},
	"score.missionNone":   {"%s scores no victory points in the end phase: it is won as its text says", "%s bringt in der Endphase keine Siegpunkte: sie wird gewonnen, wie ihr Text sagt"},
	"score.zone":          {"%s's leader %s is wholly inside %s: %d VP for %s", "der Anführer %[2]s von %[1]s steht ganz in %[3]s: %[4]d SP für %[5]s"},
	"score.token":         {"%s: %d blue and %d red trooper unit leaders at range %g: %s controls it, %d VP", "%s: %d blaue und %d rote Truppler-Anführer in Reichweite %g: %s kontrolliert ihn, %d SP"},
	"score.tokenNone":     {"%s: %d blue and %d red trooper unit leaders at range %g: nobody controls it", "%s: %d blaue und %d rote Truppler-Anführer in Reichweite %g: niemand kontrolliert ihn"},
	"score.terrain":       {"%s (token %s): %d blue and %d red unit leaders in base contact: %s scores %d VP", "%s (Marker %s): %d blaue und %d rote Anführer in Basiskontakt: %s erhält %d SP"},
	"score.terrainNone":   {"%s (token %s): %d blue and %d red unit leaders in base contact: nobody scores", "%s (Marker %s): %d blaue und %d rote Anführer in Basiskontakt: niemand punktet"},
	"score.claimed":       {"%s is claimed by %s: %d VP for %s", "%s ist von %s beansprucht: %d SP für %s"},
	"score.marker":        {"%s: %d blue and %d red unit leaders wholly within %g\": %s controls it, %d VP", "%s: %d blaue und %d rote Anführer ganz innerhalb %g\": %s kontrolliert ihn, %d SP"},
	"score.markerPrimary": {"%s: %d blue and %d red unit leaders wholly within %g\": %s controls it, %d VP and %d more for the primary objective (%s)", "%s: %d blaue und %d rote Anführer ganz innerhalb %g\": %s kontrolliert ihn, %d SP und %d weitere für das Primärziel (%s)"},
	"score.markerNone":    {"%s: %d blue and %d red unit leaders wholly within %g\": nobody controls it (a tie)", "%s: %d blaue und %d rote Anführer ganz innerhalb %g\": niemand kontrolliert ihn (Gleichstand)"},
	"score.primary":       {"the die shows %s: the %s marker is the primary objective this round", "der Würfel zeigt %s: der %s Marker ist in dieser Runde das Primärziel"},
	"score.noPrimary":     {"the die shows %s: no primary objective this round", "der Würfel zeigt %s: kein Primärziel in dieser Runde"},

	// the attack assistant
	"attack.notInMelee":      {"%s and %s are not in base contact: no melee attack", "%s und %s sind nicht in Basiskontakt: kein Nahkampfangriff"},
	"attack.melee":           {"%s and %s are in melee", "%s und %s sind im Nahkampf"},
	"attack.friendly":        {"%s is not an enemy of %s: only an enemy unit can be the defender", "%s ist kein Feind von %s: nur eine feindliche Einheit kann Verteidiger sein"},
	"attack.eligible":        {"%d of %d minis of %s see a mini of %s: they may add dice", "%d von %d Miniaturen von %s sehen eine Miniatur von %s: sie dürfen Würfel beisteuern"},
	"attack.hidden":          {"no attacking mini sees %s: they cannot be wounded", "keine angreifende Miniatur sieht %s: sie können keine Wunden erleiden"},
	"attack.defenderEngaged": {"%s is engaged with %s: no ranged attack may target it", "%s ist im Handgemenge mit %s: kein Fernkampfangriff darf sie zum Ziel haben"},
	"attack.attackerEngaged": {"%s is engaged with %s: only Versatile weapons make a ranged attack", "%s ist im Handgemenge mit %s: nur Waffen mit Vielseitig greifen im Fernkampf an"},
	"attack.noWeapons":       {"%s's weapons are not entered (its unit card): no weapon to choose", "die Waffen von %s sind nicht eingetragen (Einheitenkarte): keine Waffe zur Wahl"},
	"attack.meleeNoCover":    {"no cover against a melee attack", "keine Deckung gegen einen Nahkampfangriff"},
	"attack.pool":            {"the pool: %d red, %d black, %d white dice; keywords: %s", "der Pool: %d rote, %d schwarze, %d weiße Würfel; Schlüsselwörter: %s"},
	"weapon.notMelee":        {"%s is not a melee weapon", "%s ist keine Nahkampfwaffe"},
	"weapon.notRanged":       {"%s has no range (a melee weapon)", "%s hat keine Reichweite (eine Nahkampfwaffe)"},
	"weapon.inRange":         {"%s (range %s) reaches range %d", "%s (Reichweite %s) erreicht Reichweite %d"},
	"weapon.outOfRange":      {"%s (range %s) does not reach range %d", "%s (Reichweite %s) erreicht Reichweite %d nicht"},
	"weapon.noArcs":          {"%s is fixed, but %s stands on a round base without arcs: not checked", "%s hat einen festen Feuerwinkel, aber %s steht auf einer runden Basis ohne Feuerwinkel: nicht geprüft"},
	"weapon.inArc":           {"%s is in the %s arc of %s", "%s ist im %s-Feuerwinkel von %s"},
	"weapon.notInArc":        {"%s is not in the %s arc of %s", "%s ist nicht im %s-Feuerwinkel von %s"},
	"weapon.engaged":         {"%s is not Versatile: no ranged attack while engaged", "%s hat nicht Vielseitig: kein Fernkampfangriff im Handgemenge"},
	"weapon.spray":           {"%s (Spray): its dice %d times, once per defending mini in sight", "%s (Streuung): ihre Würfel %d-mal, einmal je sichtbarer verteidigender Miniatur"},
	"weapon.unknown":         {"%s has no weapon %q it could use", "%s hat keine Waffe %q, die sie verwenden könnte"},
	"weapon.cannotJoin":      {"%s cannot join the pool for %s", "%s kann für %s nicht zum Pool beitragen"},

	// wounds
	"wounds.noThreshold":  {"%s's wound threshold is not entered (its unit card): 1 wound defeats a mini", "die Wundschwelle von %s ist nicht eingetragen (Einheitenkarte): 1 Wunde besiegt eine Miniatur"},
	"wounds.lost":         {"%d wounds find no mini that can be wounded", "%d Wunden finden keine Miniatur, die verwundet werden kann"},
	"wounds.leader":       {"%s, the leader, is the only mini left that can be wounded", "%s, der Anführer, ist die einzige verbliebene Miniatur, die verwundet werden kann"},
	"wounds.newLeader":    {"%s is defeated: %s is the new unit leader", "%s ist besiegt: %s ist der neue Einheitenführer"},
	"wounds.defeated":     {"defeated and removed from the battlefield: %s", "besiegt und vom Schlachtfeld entfernt: %s"},
	"wounds.unitDefeated": {"%s is defeated", "%s ist besiegt"},
	"wounds.suffered":     {"%s suffers %d wounds", "%s erleidet %d Wunden"},
	"wounds.count":        {"a unit suffers at least 1 wound, not %d", "eine Einheit erleidet mindestens 1 Wunde, nicht %d"},
	"wounds.notMini":      {"%s is not a mini of %s on the table", "%s ist keine Miniatur von %s auf dem Tisch"},

	// healing and restoring (game_heal.go)
	"heal.notInPlay":    {"%s has no mini on the table: it is no longer in play", "%s hat keine Miniatur auf dem Tisch: die Einheit ist nicht mehr im Spiel"},
	"heal.nothing":      {"nothing to take from or restore to %s", "nichts, was %s abgenommen oder wiederhergestellt würde"},
	"heal.wounds":       {"%s has %d wound tokens, %d cannot be taken away", "%s hat %d Wundenmarker, %d können nicht entfernt werden"},
	"heal.twice":        {"%s is restored once", "%s wird einmal wiederhergestellt"},
	"heal.notDefeated":  {"%s is not a defeated mini of %s", "%s ist keine besiegte Miniatur von %s"},
	"heal.notThisRound": {"%s was not defeated in this round (%d): only a mini defeated this round is restored", "%s wurde nicht in dieser Runde (%d) besiegt: nur eine in dieser Runde besiegte Miniatur wird wiederhergestellt"},
	"heal.values":       {"X and Capacity Y are at least 1, not %d and %d", "X und Kapazität Y sind mindestens 1, nicht %d und %d"},
	"heal.noCard":       {"the card with the keyword is not named", "die Karte mit dem Schlüsselwort ist nicht genannt"},
	"heal.notActive":    {"%s is not the active unit: the ability is used during its activation", "%s ist nicht die aktive Einheit: die Fähigkeit wird während ihrer Aktivierung verwendet"},
	"heal.enemy":        {"%s is not a friendly unit of %s", "%s ist keine befreundete Einheit von %s"},
	"heal.capacity":     {"%s has %d of its %d wound tokens: it cannot be used", "%s hat %d von %d Wundenmarkern: sie kann nicht verwendet werden"},
	"heal.treatType":    {"%s is not a trooper unit that is not a droid: Treat cannot be used on it", "%s ist keine Truppler-Einheit, die kein Droide ist: Behandlung kann nicht bei ihr verwendet werden"},
	"heal.repairType":   {"%s is not a droid trooper or vehicle unit: Repair cannot be used on it", "%s ist keine Droiden-Truppler- oder Fahrzeug-Einheit: Reparatur kann nicht bei ihr verwendet werden"},
	"heal.token":        {"%s tokens are not taken away by %s", "%s-Marker werden nicht durch %s entfernt"},
	"heal.either":       {"tokens are taken away or minis restored, not both", "Marker werden entfernt oder Miniaturen wiederhergestellt, nicht beides"},
	"heal.tooMany":      {"%d is more than X = %d", "%d ist mehr als X = %d"},
	"heal.range":        {"%s is at range %d, not range 1", "%s ist in Reichweite %d, nicht in Reichweite 1"},
	"heal.sight":        {"no mini of %s has line of sight to a mini of %s", "keine Miniatur von %s hat Sichtlinie zu einer Miniatur von %s"},
	"heal.use":          {"%s uses %s %d on %s at range 1, in sight (%s)", "%s verwendet %s %d bei %s in Reichweite 1, in Sichtlinie (%s)"},
	"heal.woundsOff":    {"%d wound tokens taken from %s", "%d Wundenmarker von %s entfernt"},
	"heal.tokensOff":    {"%d %s tokens taken from %s", "%d %s-Marker von %s entfernt"},
	"heal.noSpot":       {"%s finds no legal spot in cohesion with its leader %s", "%s findet keinen erlaubten Platz in Formation mit dem Einheitenführer %s"},
	"heal.restored":     {"%s is restored at (%.4g, %.4g) with %d wound tokens", "%s wird bei (%.4g, %.4g) mit %d Wundenmarkern wiederhergestellt"},
	"heal.capacityUsed": {"a wound token on %s: %d of %d", "ein Wundenmarker auf %s: %d von %d"},

	// treated as in base contact
	"contact.notMini":  {"%s is not a mini on the table", "%s ist keine Miniatur auf dem Tisch"},
	"contact.sameUnit": {"%s and %s are minis of one unit, %s", "%s und %s sind Miniaturen derselben Einheit %s"},
	"contact.already":  {"%s and %s are treated as in base contact already", "%s und %s gelten schon als in Basiskontakt"},
	"contact.absent":   {"%s and %s are not marked as in base contact", "%s und %s sind nicht als in Basiskontakt markiert"},
	"contact.set":      {"%s and %s are treated as in base contact", "%s und %s gelten als in Basiskontakt"},
	"contact.cleared":  {"%s and %s are no longer treated as in base contact", "%s und %s gelten nicht mehr als in Basiskontakt"},

	// the pool
	"pool.face":           {"%s dice: %q is not a face of those dice", "%s-Würfel: %q ist keine Seite dieser Würfel"},
	"pool.count":          {"%s dice: %d were to be rolled, %d faces were given", "%s-Würfel: %d waren zu werfen, %d Seiten wurden angegeben"},
	"pool.none":           {"%s has no pool to roll (choose the weapons, or the attack is not allowed)", "%s hat keinen Pool zum Würfeln (Waffen wählen, oder der Angriff ist nicht erlaubt)"},
	"pool.tokens":         {"%s has %d %s tokens; %d cannot be spent", "%s hat %d %s-Marker; %d können nicht ausgegeben werden"},
	"pool.critical":       {"Critical %d: %d surges become crits", "Kritisch %d: %d Energie werden kritische Treffer"},
	"pool.rolled":         {"after converting surges: %d hits, %d crits", "nach dem Umwandeln: %d Treffer, %d kritische Treffer"},
	"pool.cover":          {"%s cover cancels %d hits", "%s Deckung negiert %d Treffer"},
	"pool.highVelocity":   {"High Velocity: no dodge tokens", "Hochgeschwindigkeit: keine Ausweichmarker"},
	"pool.dodge":          {"%d dodge tokens spent: %d hits cancelled", "%d Ausweichmarker ausgegeben: %d Treffer negiert"},
	"pool.impact":         {"Impact %d against Armor: %d hits become crits", "Wucht %d gegen Panzerung: %d Treffer werden kritische Treffer"},
	"pool.armor":          {"%s's Armor cancels %d hits", "die Panzerung von %s negiert %d Treffer"},
	"pool.facesEdited":    {"%s dice set by the players: %s (rolled: %s)", "%s-Würfel von den Spielern gesetzt: %s (gewürfelt: %s)"},
	"pool.adjusted":       {"the players set the attack dice to %d hits, %d crits", "die Spieler setzen die Angriffswürfel auf %d Treffer, %d kritische Treffer"},
	"pool.defenceDice":    {"%d defence dice (%s)", "%d Verteidigungswürfel (%s)"},
	"pool.coverSpecOps":   {"%s cover converts %d defence surges to blocks (Spezialeinsätze)", "%s Deckung wandelt %d Verteidigungsenergie in Abwehr um (Spezialeinsätze)"},
	"pool.immunePierce":   {"%s is immune to Pierce", "%s ist immun gegen Durchschlagen"},
	"pool.pierce":         {"Pierce %d: %d blocks cancelled", "Durchschlagen %d: %d Abwehr negiert"},
	"pool.blocksAdjusted": {"the players set the blocks to %d", "die Spieler setzen die Abwehr auf %d"},
	"pool.wounds":         {"%d hits and %d crits against %d blocks: %d wounds", "%d Treffer und %d kritische Treffer gegen %d Abwehr: %d Wunden"},
	"pool.suppressive":    {"Suppressive: %s gains 1 more suppression", "Niederhaltend: %s erhält 1 weiteren Niederhalten-Marker"},
	"pool.suppression":    {"a ranged attack that hit: %s gains %d suppression", "ein Fernkampfangriff mit Treffern: %s erhält %d Niederhalten"},
	"attack.applied":      {"%s's attack on %s: %d wounds", "Angriff von %s auf %s: %d Wunden"},

	// permission
	"perm.own":     {"%s changes its own unit %s", "%s ändert die eigene Einheit %s"},
	"perm.offer":   {"%s is %s's unit: the change is offered to %s, who accepts or refuses it", "%s ist eine Einheit von %s: die Änderung wird %s angeboten, die sie annimmt oder ablehnt"},
	"perm.shared":  {"%s changes no unit's state of the other side", "%s ändert nichts an Einheiten der anderen Seite"},
	"perm.neutral": {"%s belongs to neither side", "%s gehört keiner Seite"},
	"perm.offerFigure": {"%s is %s's figure (squad %s): the change is offered to %s, who accepts or refuses it",
		"%s ist eine Figur von %s (Trupp %s): die Änderung wird %s angeboten, die sie annimmt oder ablehnt"},
}

// GameWords returns every game sentence: rule code → {English, German}.
func GameWords() map[Code][2]string { return maps.Clone(gameWords) }

// word is an argument worded in English (String) and German (In("de")).
type word [2]string

// String is the English word.
func (w word) String() string { return w[0] }

// In is the word in lang ("de" or English).
func (w word) In(lang string) string {
	if lang == "de" && w[1] != "" {
		return w[1]
	}
	return w[0]
}

// colourWord is a colour as a word argument.
func colourWord(c table.Colour) word {
	switch c {
	case table.Blue:
		return word{"blue", "Blau"}
	case table.Red:
		return word{"red", "Rot"}
	}
	return word{"no colour", "keine Farbe"}
}

var phaseWordsDE = map[table.GamePhase]word{
	table.PhaseSetup: {"setup", "Aufbauphase"}, table.PhaseCommand: {"command", "Kommandophase"},
	table.PhaseActivation: {"activation", "Aktivierungsphase"}, table.PhaseEnd: {"end", "Endphase"}, table.PhaseOver: {"over", "Spielende"},
}

func phaseWord(p table.GamePhase) word { return phaseWordsDE[p] }

var rankWordsDE = map[table.Rank]string{table.RankCommander: "Commander", table.RankOperative: "Agent", table.RankCorps: "Korps",
	table.RankSpecial: "Spezialeinsatzkräfte", table.RankSupport: "Unterstützung", table.RankHeavy: "Schwer"}

// coverWord is a cover level as the adjective before "cover" ("light cover", "leichte Deckung").
func coverWord(c table.Cover) word {
	switch c {
	case table.CoverLight:
		return word{"light", "leichte"}
	case table.CoverHeavy:
		return word{"heavy", "schwere"}
	}
	return word{"no", "keine"}
}

func rankWord(r table.Rank) word { return word{r.String(), rankWordsDE[r]} }

var tokenWordsDE = map[table.TokenKind]string{table.TokenAim: "Ziel", table.TokenDodge: "Ausweichen", table.TokenStandby: "Bereitschaft",
	table.TokenSurge: "Energie", table.TokenSuppression: "Niederhalten", table.TokenPanic: "Panik", table.TokenIon: "Ionen",
	table.TokenImmobilize: "Immobilisiert", table.TokenObservation: "Beobachtung", table.TokenShield: "Schild", table.TokenPoison: "Gift",
	table.TokenDamaged: "Beschädigt", table.TokenDisabled: "Deaktiviert", table.TokenWeaponDamaged: "Waffe beschädigt",
	table.TokenCommander: "Commander", table.TokenWheelMode: "Radmodus"}

func tokenWord(k table.TokenKind) word { return word{k.String(), tokenWordsDE[k]} }

var edgeWords = map[string]word{"south": {"south", "südlichen"}, "north": {"north", "nördlichen"}, "west": {"west", "westlichen"}, "east": {"east", "östlichen"}}

// say is a reason of gameWords: code's English template filled with args, with its citation and
// ids. An unknown code is a bug and panics (the tests run every code).
func say(code Code, cite string, ids []string, args ...any) Reason {
	t, ok := gameWords[code]
	if !ok {
		panic("rules: no words for reason " + code)
	}
	if args == nil {
		args = []any{}
	}
	return Reason{Rule: code, Cite: cite, Text: fmt.Sprintf(t[0], args...), IDs: ids, Args: args}
}

// ReasonIn is r's sentence in lang: for a game reason (a code of GameWords, with Args) its German
// template when lang is "de", else its English Text.
func ReasonIn(r Reason, lang string) string {
	t, ok := gameWords[r.Rule]
	if lang != "de" || !ok || r.Args == nil {
		return r.Text
	}
	in := make([]any, len(r.Args))
	for i, a := range r.Args {
		if w, ok := a.(interface{ In(string) string }); ok {
			a = w.In(lang)
		}
		in[i] = a
	}
	return fmt.Sprintf(t[1], in...)
}
