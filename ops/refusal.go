package ops

import (
	"fmt"
	"strings"

	"holotable/rules"
)

// Refusal is why an op was refused: the op's field at fault ("" for the op as a whole; a game
// record puts "ops[i]." in front) and the reasons, each with its rule code, its rulebook (or
// format) citation and its English sentence; Args let a user interface word it in German under
// "reason.<code>" (Catalogue). A refused op changes nothing.
type Refusal struct {
	Field   string
	Reasons []rules.Reason
}

// Error is the refusal on one line: "field: sentence; sentence [citation of the last]".
func (r *Refusal) Error() string { return r.text("en") }

// In is the refusal in lang: each reason in its German words when the catalogue has them.
func (r *Refusal) In(lang string) string { return r.text(lang) }

func (r *Refusal) text(lang string) string {
	var b strings.Builder
	if r.Field != "" {
		b.WriteString(r.Field)
		b.WriteString(": ")
	}
	b.WriteString(ReasonsText(r.Reasons, lang))
	return oneLine(b.String())
}

// ReasonsText joins reasons' sentences in lang, with the last one's citation in brackets (worded
// by rules.CiteName: the glossary entry in German and English, then its lines), as the
// app's message line shows them. A reason with a rule code the catalogue words ("reason.<code>")
// and its Args is worded in lang; any other keeps its English text.
func ReasonsText(rs []rules.Reason, lang string) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(ReasonText(r, lang))
	}
	if n := len(rs); n > 0 && rs[n-1].Cite != "" {
		b.WriteString(" [" + rules.CiteName(rs[n-1].Cite) + "]")
	}
	return b.String()
}

// ReasonText is one reason's sentence in lang: a reason of the rules in the rules' German
// (rules.German), a refusal of the ops worded by the catalogue ("reason.<code>", with its Args),
// and otherwise its English Text.
func ReasonText(r rules.Reason, lang string) string {
	if lang != "de" {
		return r.Text
	}
	if de, ok := rules.German(r); ok {
		return de
	}
	if key := "reason." + string(r.Rule); r.Args != nil {
		if _, ok := catalogue[key]; ok {
			return format(key, lang, r.Args)
		}
	}
	return r.Text
}

// Reason is a reason of the catalogue: code's English template ("reason.<code>") filled with
// args, with its citation. Reasons whose template takes no arguments get an empty Args, so they
// are still worded in German.
func Reason(code rules.Code, cite string, args ...any) rules.Reason {
	if args == nil {
		args = []any{}
	}
	return rules.Reason{Rule: code, Cite: cite, Text: format("reason."+string(code), "en", args), Args: args}
}

// refuse is a refusal at field with one reason of the catalogue.
func refuse(field string, code rules.Code, cite string, args ...any) *Refusal {
	return &Refusal{Field: field, Reasons: []rules.Reason{Reason(code, cite, args...)}}
}

// refuseWith is a refusal at field with the reasons package rules gave.
func refuseWith(field string, rs []rules.Reason) *Refusal {
	return &Refusal{Field: field, Reasons: rs}
}

// Citations of the refusals that are not rules of the game but of the formats.
const (
	// CiteFormat: the table file and its entities (a base off the table, a polygon that crosses
	// itself, an unknown cover word) — the loader's own words.
	CiteFormat = "holotable/1 table file (shared/spec/scenario-v1.md)"
	// CiteOps: the operations and the log (an unknown id, an op that conflicts with a later one).
	CiteOps = "holotable operations (docs/format-ops.md)"
)

// Codes of the format refusals (the rest are in the kinds' files).
const (
	codeFormat   = "op.format"   // the op's JSON
	codeTable    = "op.table"    // an entity the table file would refuse
	codeConflict = "op.conflict" // an entity is not what the patch expects
	codeNoThing  = "op.noThing"  // an id names nothing (of the kind wanted)
	codeIDTaken  = "op.idTaken"  // an id already in use
	codeGame     = "op.game"     // the game state names what the op removes
)

func init() {
	RegisterWords(map[string][2]string{
		"reason." + codeFormat:   {"%s", "%s"},
		"reason." + codeTable:    {"%s", "%s"},
		"reason." + codeConflict: {"%s %q was changed since", "%s %q wurde inzwischen geändert"},
		"reason." + codeNoThing:  {"no %s %q", "%s %q gibt es nicht"},
		"reason." + codeIDTaken:  {"the id %q is already used by a %s", "die Id %q ist schon vergeben (%s)"},
		"reason." + codeGame:     {"the game's state would not hold: %s", "der Spielstand stimmte nicht mehr: %s"},
		"thing.terrain piece":    {"terrain piece", "Geländeteil"},
		"thing.unit":             {"unit", "Einheit"},
		"thing.mini":             {"mini", "Miniatur"},
		"thing.token":            {"token", "Marker"},
		"thing.op":               {"op", "Schritt"},
		"thing.undo":             {"undo", "Rückgängig-Schritt"},
		"thing.setup":            {"setup", "Aufbau"},
		"thing.table":            {"table", "Tisch"},
		"thing.game":             {"unit or mini of the game (in the reserve or defeated)", "Einheit oder Miniatur des Spiels (in der Reserve oder besiegt)"},
	})
}

func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n\u2028\u2029") {
		return s
	}
	return strings.NewReplacer("\r", `\r`, "\n", `\n`, "\u2028", `\u2028`, "\u2029", `\u2029`).Replace(s)
}

// thing is the words for a kind of thing an id names ("terrain piece", "unit", …).
func thing(what string) Words { return Words{Key: "thing." + what} }

// formatFault is a fault of the op's JSON form at field.
func formatFault(field, format string, args ...any) *Refusal {
	return refuse(field, codeFormat, CiteOps, fmt.Sprintf(format, args...))
}
