package wordsout

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// TestCataloguesHaveTheSameKeys: French and English hold the same keys,
// with the same arguments.
func TestCataloguesHaveTheSameKeys(t *testing.T) {
	for k, v := range messagesFR {
		w, ok := messagesEN[k]
		if !ok {
			t.Errorf("%s: no English text", k)
			continue
		}
		if a, b := countVerbs(v), countVerbs(w); a != b {
			t.Errorf("%s: %d arguments in French, %d in English", k, a, b)
		}
	}
	for k := range messagesEN {
		if _, ok := messagesFR[k]; !ok {
			t.Errorf("%s: no French text", k)
		}
	}
	for _, k := range i18n.Keys(i18n.FR) {
		if strings.HasPrefix(k, "wordsout.") && !i18n.Has(i18n.EN, k) {
			t.Errorf("%s registered in French only", k)
		}
	}
}

var verbRe = regexp.MustCompile(`%(\[(\d+)\])?v`)

// countVerbs is the number of arguments a text uses.
func countVerbs(s string) int {
	n, top := 0, 0
	for _, m := range verbRe.FindAllStringSubmatch(s, -1) {
		if m[2] == "" {
			n++
			top = max(top, n)
		} else {
			k := int(m[2][0] - '0')
			n = k
			top = max(top, k)
		}
	}
	return top
}

// TestEveryKeyInTheCode: every "wordsout.x" literal of the engine has a
// text, and every text is used.
func TestEveryKeyInTheCode(t *testing.T) {
	files, _ := os.ReadDir(".")
	used := map[string]bool{}
	re := regexp.MustCompile(`"(wordsout\.[a-z_.0-9]+)"`)
	for _, f := range files {
		name := f.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "messages_") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(data), -1) {
			used[m[1]] = true
		}
	}
	var missing, unused []string
	for k := range used {
		if !i18n.Has(i18n.FR, k) || !i18n.Has(i18n.EN, k) {
			missing = append(missing, k)
		}
	}
	used["wordsout.summary"], used["wordsout.rules"] = true, true // the bot's /games and /rules
	for _, v := range (&Engine{}).Verbs() {
		used["wordsout.verb."+v] = true // the bot's command menus
	}
	for k := range messagesFR {
		if !used[k] {
			unused = append(unused, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(unused)
	if len(missing) > 0 {
		t.Errorf("keys without text: %v", missing)
	}
	if len(unused) > 0 {
		t.Errorf("texts never used: %v", unused)
	}
}

// The bot's /games, /rules and /play need a title, a summary and rules in
// both languages; the game is found by its name and title.
func TestCompleteForTheBot(t *testing.T) {
	e, ok := games.Lookup("wordsout")
	if !ok {
		t.Fatal("not registered")
	}
	for _, lang := range i18n.Langs {
		for _, k := range []string{".title", ".summary", ".rules"} {
			if !i18n.Has(lang, e.Name()+k) {
				t.Errorf("no %s %s", lang, k)
			}
		}
		title := i18n.Renderer{Lang: lang}.Text(i18n.T(e.Name() + ".title"))
		if got, ok := games.Lookup(strings.ToUpper(title)); !ok || got.Name() != e.Name() {
			t.Errorf("Lookup(%q)", title)
		}
	}
	if lo, hi := e.Seats(); lo != 2 || hi != 8 {
		t.Errorf("seats %d-%d", lo, hi)
	}
	if o := e.Options(); len(o) != 1 || o[0].Name != "forgiving" || o[0].Default != "off" {
		t.Errorf("options %+v", o)
	}
	for _, v := range e.Verbs() {
		if v != strings.ToLower(v) || strings.ContainsAny(v, " -") || len(v) > 32 {
			t.Errorf("verb %q", v)
		}
	}
}
