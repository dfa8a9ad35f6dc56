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
// forgiving case, accents, spaces and hyphens ("Crack Word", "crack-word",
// "Mots de tête", "morpion").
func Lookup(name string) (Engine, bool) {
	key := foldName(name)
	regMu.RLock()
	defer regMu.RUnlock()
	if e, ok := registry[key]; ok {
		return e, true
	}
	for _, e := range registry {
		for _, lang := range i18n.Langs {
			if foldName(i18n.Renderer{Lang: lang}.Text(i18n.T(e.Name()+".title"))) == key {
				return e, true
			}
		}
	}
	return nil, false
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
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	folded, _, err := transform.String(t, s)
	if err != nil {
		folded = s
	}
	// Only the separators people put in a game's name are dropped; any other
	// symbol keeps the name from matching, so look-alikes do not resolve.
	var b strings.Builder
	for _, r := range strings.ToLower(folded) {
		switch r {
		case ' ', '-', '_', '\'', '’', '.':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
