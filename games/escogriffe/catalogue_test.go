package escogriffe

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

func ourKeys(lang i18n.Lang) []string {
	var out []string
	for _, k := range i18n.Keys(lang) {
		if strings.HasPrefix(k, "escogriffe.") {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

func TestCataloguesHoldTheSameKeys(t *testing.T) {
	fr, en := ourKeys(i18n.FR), ourKeys(i18n.EN)
	if len(fr) < 40 {
		t.Fatalf("only %d French keys", len(fr))
	}
	for _, k := range fr {
		if !i18n.Has(i18n.EN, k) {
			t.Errorf("%s: no English text", k)
		}
	}
	for _, k := range en {
		if !i18n.Has(i18n.FR, k) {
			t.Errorf("%s: no French text", k)
		}
	}
}

// Every key the code names has a text, and the same number of verbs in
// both languages.
func TestEveryKeyUsedHasTexts(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	re := regexp.MustCompile(`"(escogriffe\.[a-z_]+)"`)
	used := map[string]bool{}
	for _, f := range files {
		if strings.HasPrefix(f, "messages_") || strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = true
		}
	}
	if len(used) < 30 {
		t.Fatalf("only %d keys found in the code", len(used))
	}
	verbs := regexp.MustCompile(`%(\[\d\])?[dsv]`)
	for k := range used {
		if !i18n.Has(i18n.FR, k) || !i18n.Has(i18n.EN, k) {
			t.Errorf("%s used but missing from a catalogue", k)
			continue
		}
		fr := i18n.Renderer{Lang: i18n.FR}.Text(i18n.T(k))
		en := i18n.Renderer{Lang: i18n.EN}.Text(i18n.T(k))
		if len(verbs.FindAllString(fr, -1)) != len(verbs.FindAllString(en, -1)) {
			t.Errorf("%s: French and English take different arguments", k)
		}
	}
}

// The bot's /games and /rules need a title, a summary and the rules, and
// Lookup finds the game by its title in both languages.
func TestPresentsItself(t *testing.T) {
	for _, lang := range i18n.Langs {
		for _, k := range []string{".title", ".summary", ".rules"} {
			if !i18n.Has(lang, Name+k) {
				t.Errorf("no %s text for %s", lang, k)
			}
		}
	}
	for _, title := range []string{"Le Grand Escogriffe", "the great escogriffe", "escogriffe"} {
		if e, ok := games.Lookup(title); !ok || e.Name() != Name {
			t.Errorf("Lookup(%q) fails", title)
		}
	}
}
