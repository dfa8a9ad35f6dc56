// Package i18ntest checks that texts speak as players do: what the tests
// of every catalogue run (the bot's, each game's, each adapter's, and one
// test over all of them). Imported by tests only.
//
// A French player is addressed with "tu"; counts take real plural forms
// ("{carte|cartes}", never "carte(s)"); durations are written by
// i18n.Duration, never Go's "2h0m0s"; a player is never "il" or "he".
package i18ntest

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/i18n"
)

// Check checks the texts of the keys in every language: Faults, and the
// plural forms rendered for 0, 1 and 2 (CountFaults).
func Check(t testing.TB, keys ...string) {
	t.Helper()
	for _, k := range keys {
		for _, lang := range i18n.Langs {
			if !i18n.Has(lang, k) {
				continue // the catalogue tests report a missing text
			}
			text := Source(lang, k)
			for _, f := range Faults(lang, text) {
				t.Errorf("%s (%s): %s\n\t%s", k, lang, f, text)
			}
			for _, f := range CountFaults(lang, k) {
				t.Errorf("%s (%s): %s", k, lang, f)
			}
		}
	}
}

// Source is a key's text as its catalogue writes it, verbs and plural
// forms included (a message rendered without arguments).
func Source(lang i18n.Lang, key string) string {
	return i18n.Renderer{Lang: lang}.Text(i18n.T(key))
}

type rule struct {
	re  *regexp.Regexp
	why string
}

// French imperatives of the verbs texts use to tell a player what to do,
// in their "vous" form (the "tu" form is what players expect).
var vousImperatives = []string{
	"tapez", "répondez", "repondez", "choisissez", "envoyez", "cliquez", "appuyez", "ouvrez",
	"essayez", "réessayez", "jouez", "posez", "donnez", "écrivez", "indiquez", "utilisez",
	"ajoutez", "passez", "attendez", "rejoignez", "commencez", "proposez", "votez",
	"piochez", "prenez", "jetez", "lancez", "allez", "venez", "faites", "dites", "mettez",
	"revenez", "relancez", "sélectionnez", "autorisez", "entrez", "saisissez", "vérifiez",
	"quittez", "retirez", "annoncez", "contrez", "complétez", "trouvez", "montrez",
	"regardez", "tentez", "gardez", "recommencez", "défiez", "connaissez", "pouvez",
	"devez", "voulez", "avez", "êtes", "composez", "lisez", "comptez", "visez",
}

var frRules = []rule{
	{regexp.MustCompile(`(?i)(^|[^\p{L}])(vous|votre|vos)([^\p{L}]|$)`), `"vous" form: a French player is addressed with "tu"`},
	{regexp.MustCompile(`(?i)(^|[^\p{L}])(` + strings.Join(vousImperatives, "|") + `)([^\p{L}]|$)`), `imperative in the "vous" form: say it with "tu"`},
	{regexp.MustCompile(`(?i)(^|[^\p{L}])il (pioche|reprend|ramasse|conserve|est|a|perd|passe|marque|répond|gagne|sort|prend|joue|pose|garde|recommence|encaisse|donne)([^\p{L}]|$)`), `"il" said of a player: name the player or say it without a pronoun`},
	{regexp.MustCompile(`(?i)(^|[^\p{L}])(lui)([^\p{L}]|$)`), `"lui" said of a player: name the player`},
}

var enRules = []rule{
	{regexp.MustCompile(`(?i)(^|[^\p{L}])(he|his|him|himself)([^\p{L}]|$)`), `"he" said of a player: name the player, or "they"`},
}

// DecisionCode is the shape of a numbered decision of the rules pages
// ("CW-D10", "CQ-D5"): the code's and the tests' way to cite a rule, never
// a player's, who reads the rule itself.
var DecisionCode = regexp.MustCompile(`\b[A-Z]{2}-D\d+\b`)

var commonRules = []rule{
	{DecisionCode, `internal decision code: say the rule itself, players do not know the codes`},
	{regexp.MustCompile(`\p{L}\((s|x|e|es|nt)\)`), `"(s)" plural shortcut: write a plural form, {carte|cartes}`},
	{regexp.MustCompile(`\d+h\d+m|\d+m\d+s|(^|[^\p{L}\d.])0s([^\p{L}]|$)`), `Go duration: write it with i18n.Duration`},
}

// countNouns are the nouns texts count. A verb directly followed by one of
// them ("%v cartes") is a count that needs a plural form.
var countNouns = map[i18n.Lang][]string{
	i18n.FR: {"cartes", "points", "pts", "pions", "lettres", "nouvelles", "joueurs", "places", "robots", "manches",
		"mots", "anagrammes", "étoiles", "dés", "cases", "tours", "noms", "coups", "minutes", "heures",
		"jours", "parties", "votes", "défausses"},
	i18n.EN: {"cards", "points", "pts", "pions", "tokens", "letters", "players", "seats", "bots", "rounds",
		"words", "anagrams", "stars", "dice", "cells", "names", "moves", "minutes", "hours",
		"days", "games", "piles"},
}

// Faults lists what a text does that players would not write: the rules
// above, a count with no plural form, a plural form with no count.
func Faults(lang i18n.Lang, text string) []string {
	var out []string
	rules := commonRules
	switch lang {
	case i18n.FR:
		rules = append(slices.Clip(rules), frRules...)
	case i18n.EN:
		rules = append(slices.Clip(rules), enRules...)
	}
	for _, r := range rules {
		if m := r.re.FindString(text); m != "" {
			out = append(out, fmt.Sprintf("%s (%q)", r.why, strings.TrimSpace(m)))
		}
	}
	nouns := strings.Join(countNouns[lang], "|")
	countRe := regexp.MustCompile(`(` + verb + `) (` + nouns + `)([^\p{L}]|$)`)
	for _, m := range countRe.FindAllStringSubmatchIndex(text, -1) {
		if rangeRe.MatchString(text[:m[0]]) {
			continue // a range, "2 à 4 joueurs": its noun follows the larger end
		}
		count, noun := text[m[2]:m[3]], text[m[4]:m[5]]
		out = append(out, fmt.Sprintf("a count without plural form (%q): write %s {…|%s}", count+" "+noun, count, noun))
	}
	for _, p := range parse(text).plurals {
		if p.arg == 0 {
			out = append(out, fmt.Sprintf("plural form %q follows no count", p.source))
		}
		if swapped(p.one, p.many) {
			out = append(out, fmt.Sprintf("plural form %q: the singular comes first, {carte|cartes}", p.source))
		}
	}
	return out
}

// swapped tells whether a plural form reads plural first: the first word
// that differs between the forms is, in the first, the word of the second
// with an "s" or an "x" ({cartes|carte}). Only the first: an English verb
// after its noun takes an "s" in the singular ({pion leaves|pions leave}).
func swapped(one, many string) bool {
	a, b := strings.Fields(one), strings.Fields(many)
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] == b[i]+"s" || a[i] == b[i]+"x"
		}
	}
	return false
}

// verb is a fmt verb, as i18n's texts write them.
const verb = `%[-+# 0]*(?:\[\d+\])?[-+# 0]*\d*(?:\.\d*)?[a-zA-Z]`

// rangeRe matches the start of a range, "%v à " or "2 to ", before its end.
var rangeRe = regexp.MustCompile(`(` + verb + `|\d) (à|to|-|–) $`)

var tokenRe = regexp.MustCompile(`%%|%[-+# 0]*(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d*)?([a-zA-Z])|\{(?:(\d+):)?([^{}|%]*)\|([^{}|%]*)\}`)

type plural struct {
	source    string
	arg       int  // the count's argument, 1-based; 0 when there is none
	afterVerb bool // written right after its count's verb: "%v {carte|cartes}"
	one, many string
}

type parsed struct {
	args    int          // how many arguments the text takes
	verbs   map[int]byte // argument → the letter of a verb that prints it
	plurals []plural
}

// parse reads a text's verbs and plural forms, numbering arguments as fmt
// does: a bare verb takes the argument after the one before it.
func parse(text string) parsed {
	p := parsed{verbs: map[int]byte{}}
	last, next, end := 0, 0, -1
	for _, m := range tokenRe.FindAllStringSubmatchIndex(text, -1) {
		whole := text[m[0]:m[1]]
		switch {
		case whole == "%%":
		case whole[0] == '%':
			if m[2] >= 0 {
				next, _ = strconv.Atoi(text[m[2]:m[3]])
			} else {
				next++
			}
			last, end = next, m[1]
			p.args = max(p.args, next)
			if p.verbs[next] == 0 || p.verbs[next] == 'v' {
				p.verbs[next] = text[m[4]]
			}
		default:
			pl := plural{source: whole, arg: last, one: text[m[8]:m[9]], many: text[m[10]:m[11]]}
			if m[6] >= 0 {
				pl.arg, _ = strconv.Atoi(text[m[6]:m[7]])
				p.args = max(p.args, pl.arg)
			} else {
				pl.afterVerb = end >= 0 && text[end:m[0]] == " "
			}
			p.plurals = append(p.plurals, pl)
		}
	}
	return p
}

var leftoverRe = regexp.MustCompile(`%!|\{[^{}]*\|[^{}]*\}`)

// CountFaults renders a key's text with each of its counts at 0, 1 and 2
// (the other arguments at 7, or "X" for a %s) and lists the renderings
// that are not what a player would read: a fmt error, a plural form left
// as written, a count followed by the wrong form ("1 cartes", "2 carte").
func CountFaults(lang i18n.Lang, key string) []string {
	text := Source(lang, key)
	p := parse(text)
	args := func() []any {
		a := make([]any, p.args)
		for i := range a {
			switch p.verbs[i+1] {
			case 's', 'q':
				a[i] = "X"
			default:
				a[i] = 7
			}
		}
		return a
	}
	var out []string
	check := func(args []any) {
		got := i18n.Renderer{Lang: lang}.Text(i18n.T(key, args...))
		if m := leftoverRe.FindString(got); m != "" {
			out = append(out, fmt.Sprintf("rendered with %v: %q left in %q", args, m, got))
			return
		}
		for _, pl := range p.plurals {
			n, ok := args[pl.arg-1].(int)
			if !ok {
				continue
			}
			want, wrong := pl.many, pl.one
			if one(lang, n) {
				want, wrong = pl.one, pl.many
			}
			says := func(form string) bool {
				return regexp.MustCompile(`(^|[^\d])` + strconv.Itoa(n) + ` ` + regexp.QuoteMeta(form) + `([^\p{L}]|$)`).MatchString(got)
			}
			if pl.afterVerb && !says(want) {
				out = append(out, fmt.Sprintf("count %d: %q lacks %q", n, got, fmt.Sprintf("%d %s", n, want)))
			}
			if want != wrong && says(wrong) {
				out = append(out, fmt.Sprintf("count %d: %q says %q", n, got, fmt.Sprintf("%d %s", n, wrong)))
			}
		}
	}
	if p.args == 0 {
		return nil
	}
	check(args())
	counts := map[int]bool{}
	for _, pl := range p.plurals {
		if pl.arg > 0 && pl.arg <= p.args {
			counts[pl.arg] = true
		}
	}
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		for _, n := range []int{0, 1, 2} {
			a := args()
			a[k-1] = n
			check(a)
		}
	}
	return out
}

// one is the languages' rule, written again from the grammars rather than
// taken from package i18n, so that a wrong rule there is caught here:
// French puts 0 and 1 in the singular, English 1 only.
func one(lang i18n.Lang, n int) bool {
	if lang == i18n.FR {
		return n == 0 || n == 1
	}
	return n == 1
}
