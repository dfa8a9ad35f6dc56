// Package i18n holds the texts shown to players, one catalogue per language,
// and renders neutral messages (a key and its arguments) into one of them.
//
// Engines and the bot never write a sentence themselves: they build a Msg and
// the reader's language is chosen at the last moment, when the message is
// delivered. That keeps engines free of language and lets one event be shown
// in French in the channel and in English to a player who asked for it.
package i18n

import (
	"fmt"
	"strings"
	"sync"
)

// Lang is a language code. French is the default of the whole bot.
type Lang string

const (
	FR Lang = "fr"
	EN Lang = "en"
)

// Default is the language used when nothing else is known.
const Default = FR

// Langs lists the languages that have a catalogue, default first.
var Langs = []Lang{FR, EN}

// ParseLang accepts "fr", "en" and a few common spellings ("FR", "français",
// "english", "en-GB"); ok is false for anything else.
func ParseLang(s string) (Lang, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case s == "fr" || strings.HasPrefix(s, "fr-") || strings.HasPrefix(s, "fr_") || s == "français" || s == "francais" || s == "french":
		return FR, true
	case s == "en" || strings.HasPrefix(s, "en-") || strings.HasPrefix(s, "en_") || s == "english" || s == "anglais":
		return EN, true
	}
	return "", false
}

// Msg is a sentence to be: a catalogue key and its arguments. An argument may
// itself be a Msg (rendered in the same language), a Seat (rendered as the
// player's name) or any value printed with %v.
//
// A text says a count with a plural form: "%v {carte|cartes}" takes the
// form the number of the verb just before it asks for, in the reader's
// language ("0 carte", "1 carte", "2 cartes"; "0 cards", "1 card");
// "{2:carte|cartes}" names the argument when the count is elsewhere. See
// plural.go.
type Msg struct {
	Key  string
	Args []any
}

// T builds a Msg.
func T(key string, args ...any) Msg { return Msg{Key: key, Args: args} }

// Raw wraps text that needs no translation (a word, a board line).
func Raw(s string) Msg { return Msg{Key: rawKey, Args: []any{s}} }

const rawKey = "\x00raw"

// IsZero tells whether the message is empty.
func (m Msg) IsZero() bool { return m.Key == "" }

// Seat stands for the name of the player in that seat; the renderer knows
// the names, the engines only know seat numbers.
type Seat int

var (
	mu        sync.RWMutex
	catalogue = map[Lang]map[string]string{}
)

// Register adds texts to a language's catalogue. Each package that shows
// text registers its own keys from an init function, prefixed with its name
// ("crackword.not_in_hand"). Registering a key twice with different texts
// is a programming error and panics, so that two packages cannot silently
// fight over a key.
func Register(lang Lang, texts map[string]string) {
	mu.Lock()
	defer mu.Unlock()
	c := catalogue[lang]
	if c == nil {
		c = map[string]string{}
		catalogue[lang] = c
	}
	for k, v := range texts {
		if old, ok := c[k]; ok && old != v {
			panic(fmt.Sprintf("i18n: key %q registered twice for %s", k, lang))
		}
		c[k] = v
	}
}

// Has tells whether a key has a text in the language.
func Has(lang Lang, key string) bool {
	mu.RLock()
	defer mu.RUnlock()
	_, ok := catalogue[lang][key]
	return ok
}

// Keys lists the keys of a language's catalogue (for the tests that check
// that both catalogues hold the same keys).
func Keys(lang Lang) []string {
	mu.RLock()
	defer mu.RUnlock()
	keys := make([]string, 0, len(catalogue[lang]))
	for k := range catalogue[lang] {
		keys = append(keys, k)
	}
	return keys
}

// Renderer turns messages into text for one reader.
type Renderer struct {
	Lang Lang
	// Name gives the display name of a seat; nil prints "#n".
	Name func(seat int) string
}

// Text renders a message. A key missing from the language falls back to the
// default language, then to the key itself, so a missing text is visible
// but never fatal.
func (r Renderer) Text(m Msg) string {
	if m.Key == "" {
		return ""
	}
	args := make([]any, len(m.Args))
	for i, a := range m.Args {
		switch v := a.(type) {
		case Msg:
			args[i] = r.Text(v)
		case Seat:
			if r.Name != nil {
				args[i] = r.Name(int(v))
			} else {
				args[i] = fmt.Sprintf("#%d", int(v)+1)
			}
		default:
			args[i] = a
		}
	}
	if m.Key == rawKey {
		if len(args) == 1 {
			return fmt.Sprint(args[0])
		}
		return fmt.Sprint(args...)
	}
	format, ok := lookup(r.Lang, m.Key)
	if !ok {
		format, ok = lookup(Default, m.Key)
	}
	if !ok {
		return m.Key
	}
	if len(args) == 0 {
		return format // as written, verbs and plural forms too
	}
	format = choosePlurals(r.Lang, format, args)
	if r.Lang == FR {
		format = elide(format, args)
	}
	return fmt.Sprintf(format, args...)
}

// Texts renders several messages.
func (r Renderer) Texts(ms []Msg) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = r.Text(m)
	}
	return out
}

func lookup(lang Lang, key string) (string, bool) {
	mu.RLock()
	defer mu.RUnlock()
	s, ok := catalogue[lang][key]
	return s, ok
}
