package ops

import (
	"fmt"
	"maps"
)

// Words is a sentence an op says about itself (Op.Describe) or a refusal gives: a key into the
// catalogue of English and German templates and the arguments they are formatted with. A user
// interface merges Catalogue into its own strings and shows T(Key, Args...) in its language.
type Words struct {
	Key  string
	Args []any
}

// In is the sentence in lang ("en" or "de"; anything else is English).
func (w Words) In(lang string) string { return format(w.Key, lang, w.Args) }

// String is the sentence in English.
func (w Words) String() string { return w.In("en") }

// catalogue is written only by RegisterWords, from init functions, and read-only afterwards.
var catalogue = map[string][2]string{}

// RegisterWords adds templates: key → {English, German}. Each kind's file registers its own (its
// description under "op.<kind>", its refusals under "reason.<code>"). A key registered twice with
// other words panics (at init).
func RegisterWords(m map[string][2]string) {
	for k, v := range m {
		if old, dup := catalogue[k]; dup && old != v {
			panic("ops: words registered twice: " + k)
		}
		catalogue[k] = v
	}
}

// Catalogue is every registered template, key → {English, German}.
func Catalogue() map[string][2]string { return maps.Clone(catalogue) }

// Worded is an argument that words itself in each language (Words, Names).
type Worded interface{ In(lang string) string }

// Names is a name in English and German (a card's, a mission's).
type Names struct{ EN, DE string }

// In is the name in lang (English when there is no German).
func (n Names) In(lang string) string {
	if lang == "de" && n.DE != "" {
		return n.DE
	}
	return n.EN
}

// format fills key's template in lang with args; an argument that is Worded is worded in lang.
func format(key, lang string, args []any) string {
	v, ok := catalogue[key]
	if !ok {
		return key
	}
	s := v[0]
	if lang == "de" && v[1] != "" {
		s = v[1]
	}
	if len(args) == 0 {
		return s
	}
	in := make([]any, len(args))
	for i, a := range args {
		if w, ok := a.(Worded); ok {
			a = w.In(lang)
		}
		in[i] = a
	}
	return fmt.Sprintf(s, in...)
}
