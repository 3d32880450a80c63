package scenes

import (
	"errors"
	"fmt"
	"strconv"
	"sync"

	"holotable/ops"
	"holotable/rules"
)

// Language and length display settings, and the UI strings in English and German. Each file
// registers the strings it uses (RegisterStrings in init); T looks one up in the current language.

var (
	i18nMu   sync.RWMutex
	strings_ = map[string][2]string{} // key → {English, German}
	lang     = "en"
	display  = "in" // "in" or "cm": how lengths are shown (files keep their own unit)
)

// RegisterStrings adds UI strings: key → {English, German}.
func RegisterStrings(m map[string][2]string) {
	i18nMu.Lock()
	defer i18nMu.Unlock()
	for k, v := range m {
		strings_[k] = v
	}
}

// SetLanguage chooses "en" or "de".
func SetLanguage(l string) error {
	if l != "en" && l != "de" {
		return errors.New(T("cmd.noLanguage", l))
	}
	i18nMu.Lock()
	lang = l
	i18nMu.Unlock()
	return nil
}

// Language is the current language, "en" or "de".
func Language() string {
	i18nMu.RLock()
	defer i18nMu.RUnlock()
	return lang
}

// T is the string for key in the current language, formatted with args like fmt.Sprintf; an
// unknown key is shown as itself, so a missing string is visible rather than blank.
func T(key string, args ...any) string {
	i18nMu.RLock()
	v, ok := strings_[key]
	l := lang
	i18nMu.RUnlock()
	s := key
	if ok {
		s = v[0]
		if l == "de" && v[1] != "" {
			s = v[1]
		}
	}
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}

// TFor is T for a hint that names the player's gestures: with fingers (a touch screen) the
// key's ".touch" form where one is registered ("tap" for "click", no Shift or keys), else key's.
func TFor(fingers bool, key string, args ...any) string {
	if fingers {
		i18nMu.RLock()
		_, ok := strings_[key+".touch"]
		i18nMu.RUnlock()
		if ok {
			return T(key+".touch", args...)
		}
	}
	return T(key, args...)
}

// Strings is every registered string in the current language (for the page's own controls).
func Strings() map[string]string {
	i18nMu.RLock()
	defer i18nMu.RUnlock()
	out := make(map[string]string, len(strings_))
	for k, v := range strings_ {
		out[k] = v[0]
		if lang == "de" && v[1] != "" {
			out[k] = v[1]
		}
	}
	return out
}

// SetDisplayUnit chooses how lengths are shown: "in" (inches) or "cm".
func SetDisplayUnit(u string) error {
	if u != "in" && u != "cm" {
		return errors.New(T("cmd.noUnit", u))
	}
	i18nMu.Lock()
	display = u
	i18nMu.Unlock()
	return nil
}

// DisplayUnit is "in" or "cm".
func DisplayUnit() string {
	i18nMu.RLock()
	defer i18nMu.RUnlock()
	return display
}

// FormatLength shows a length given in the file's unit ("in" or "mm") in the display unit, with
// the unit's symbol: 6.05 in a file in inches shows as `6.05"` or `15.37 cm`.
func FormatLength(v float64, fileUnit string) string {
	inches := v
	if fileUnit == "mm" {
		inches = v / 25.4
	}
	if DisplayUnit() == "cm" {
		return strconv.FormatFloat(inches*2.54, 'f', 2, 64) + " cm"
	}
	return strconv.FormatFloat(inches, 'f', 2, 64) + `"`
}

// reasonText is a rules reason's sentence in the current language.
func reasonText(r rules.Reason) string { return ops.ReasonText(r, Language()) }

// ReasonState is a rules reason as the page shows it: rule code, citation, the English text (what
// the judge prints) and its words in the current language.
type ReasonState struct {
	Rule  rules.Code `json:"rule"`
	Cite  string     `json:"cite"`
	Name  string     `json:"citeName"` // the citation as a player looks it up (rules.CiteName)
	Text  string     `json:"text"`
	Words string     `json:"words"`
	IDs   []string   `json:"ids,omitempty"`
}

// reasonStates are reasons as the page shows them.
func reasonStates(rs []rules.Reason) []ReasonState {
	out := make([]ReasonState, len(rs))
	for i, r := range rs {
		out[i] = ReasonState{Rule: r.Rule, Cite: r.Cite, Name: rules.CiteName(r.Cite), Text: r.Text, Words: reasonText(r), IDs: r.IDs}
	}
	return out
}

// reasonsText joins reasons' sentences in the current language, with the last one's citation.
func reasonsText(rs []rules.Reason) string { return ops.ReasonsText(rs, Language()) }

func init() {
	// The operations' words (their descriptions in the history, their refusals) are the app's too.
	RegisterStrings(ops.Catalogue())
	RegisterStrings(map[string][2]string{
		"cmd.noLanguage": {"no language %q (en, de)", "keine Sprache %q (en, de)"},
		"cmd.noUnit":     {"no length unit %q (in, cm)", "keine Längeneinheit %q (in, cm)"},
	})
	RegisterCommand("language", func(s *TableScene, arg jsonRaw) (any, error) {
		var l string
		if err := argInto(arg, &l); err != nil {
			return nil, err
		}
		if err := SetLanguage(l); err != nil {
			return nil, err
		}
		return Strings(), nil // in the new language
	})
	RegisterCommand("lengthUnit", func(s *TableScene, arg jsonRaw) (any, error) {
		var u string
		if err := argInto(arg, &u); err != nil {
			return nil, err
		}
		s.viewRev++ // labels on the table layer show lengths
		return nil, SetDisplayUnit(u)
	})
	RegisterCommand("strings", func(s *TableScene, _ jsonRaw) (any, error) { return Strings(), nil })
}
