package games

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/tablee/tablee/i18n"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
	"unicode"
	"unicode/utf8"
)

var (
	regMu    sync.RWMutex
	registry = map[string]Engine{}
)

// Register makes an engine available to /play. It panics on a second engine
// of the same name: two games may not answer to one word.
func Register(e Engine) {
	regMu.Lock()
	defer regMu.Unlock()
	key := foldName(e.Name())
	if _, dup := registry[key]; dup {
		panic(fmt.Sprintf("games: %q registered twice", e.Name()))
	}
	registry[key] = e
}

// Unregister removes an engine; tests use it to clean up the games they add.
func Unregister(name string) {
	regMu.Lock()
	defer regMu.Unlock()
	delete(registry, foldName(name))
}

// Lookup finds an engine by name or by its title in any language,
// forgiving case, accents, spaces, hyphens and a leading article ("Crack
// Word", "crack-word", "Mots de tête", "grand escogriffe", "the
// coquillaude", "morpion").
func Lookup(name string) (Engine, bool) {
	key, bare := foldName(name), foldName(withoutArticle(name))
	regMu.RLock()
	defer regMu.RUnlock()
	if e, ok := registry[key]; ok {
		return e, true
	}
	if e, ok := registry[bare]; ok {
		return e, true
	}
	for _, e := range registry {
		for _, lang := range i18n.Langs {
			title := i18n.Renderer{Lang: lang}.Text(i18n.T(e.Name() + ".title"))
			if foldName(title) == key || foldName(withoutArticle(title)) == bare {
				return e, true
			}
		}
	}
	return nil, false
}

// LookupWords finds a game whose name takes the first words of args, the
// longest first, as people type a name of several words after a command
// ("/jouer mots de tête solo"): the engine and the number of words its
// name took.
func LookupWords(args []string) (Engine, int, bool) {
	for n := min(len(args), maxNameWords); n > 0; n-- {
		if e, ok := Lookup(strings.Join(args[:n], " ")); ok {
			return e, n, true
		}
	}
	return nil, 0, false
}

// maxNameWords is the most words a game's name takes: "le grand
// escogriffe", "la coquillaude", "mots de tête".
const maxNameWords = 4

// withoutArticle drops the article a French or English title may begin
// with ("Le Grand Escogriffe", "La Coquillaude"), so that a name is found
// with or without it.
func withoutArticle(s string) string {
	s = strings.TrimSpace(s)
	low := strings.ToLower(s)
	for _, a := range []string{"le ", "la ", "les ", "l'", "l’", "the "} {
		if strings.HasPrefix(low, a) {
			return strings.TrimSpace(s[len(a):])
		}
	}
	return s
}

// FoldWord is a word as the bot compares names a player types (commands,
// options, their values): lower case, accents dropped ("Réponse" and
// "reponse" are one word).
func FoldWord(s string) string {
	if isASCII(s) {
		// Nothing to drop, and normalising ASCII changes nothing: the
		// chain of transformers allocates its buffers at each call (4 %
		// of the CPU of a move measured end to end, most words typed
		// being ASCII).
		return strings.ToLower(s)
	}
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	folded, _, err := transform.String(t, s)
	if err != nil {
		folded = s
	}
	return strings.ToLower(folded)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// All lists the registered engines in name order.
func All() []Engine {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]Engine, 0, len(registry))
	for _, e := range registry {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

func foldName(s string) string {
	folded := FoldWord(s)
	// Only the separators people put in a game's name are dropped; any other
	// symbol keeps the name from matching, so look-alikes do not resolve.
	var b strings.Builder
	for _, r := range folded {
		switch r {
		case ' ', '-', '_', '\'', '’', '.':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Preparer is an engine that works out tables of its own on first use (an
// index of the dictionary's familiar words, a bot's vocabulary): Prepare
// works them out now, for the dictionary in use.
type Preparer interface {
	Prepare()
}

// Prepare has every registered engine that is a Preparer work out its
// tables. A server calls it at start-up, once its dictionary is chosen,
// so that the first move after a start does not wait for them (the
// Crack Word bot's index of familiar words alone takes some 30 ms).
func Prepare() {
	regMu.RLock()
	engines := make([]Engine, 0, len(registry))
	for _, e := range registry {
		engines = append(engines, e)
	}
	regMu.RUnlock()
	for _, e := range engines {
		if p, ok := e.(Preparer); ok {
			p.Prepare()
		}
	}
}
