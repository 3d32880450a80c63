// Package rules answers the questions players argue about — range and range bands, "within" and
// "beyond", line of sight, cover, the standard move with the movement tool, cohesion and base
// contact, and from spec v1.1 the other moves (reverse, strafe, compulsory), firing arcs and
// climbing — for a table file, exactly as shared/spec/scenario-v1.md defines them for the Star
// Wars: Legion rules reference 2.0 (ruleset "legion") and Spezialeinsätze ("specops"). Beyond the
// spec it answers what the app and the game need from the same rulebook: pivots and Reposition,
// Jump X, charges and withdraws, displacement, transports, vertical cohesion, fixed-arc weapons
// and Weak Point (docs/format-moves.md). And it plays the game: the steps of a round (command,
// activation, end phase, courage and panic, scoring) as pure functions of the table's game state,
// and the attack assistant with its pool and wounds (game*.go, attack*.go; docs/format-game.md).
//
// Every answer is a value with its reasons: which minis, which terrain piece, which rule, and the
// line of the German rules reference (seed 000) the rule comes from, as digested in
// shared/docs/rules-legion.md. The geometry itself is package geometry's; this package decides
// what counts as a blocker, an obscurer, an obstacle, and applies the rule.
package rules
