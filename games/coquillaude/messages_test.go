package coquillaude

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
// with the same number of arguments.
func TestCataloguesHaveTheSameKeys(t *testing.T) {
	for k, v := range messagesFR {
		w, ok := messagesEN[k]
		if !ok {
			t.Errorf("%s: no English text", k)
			continue
		}
		if a, b := countArgs(v), countArgs(w); a != b {
			t.Errorf("%s: %d arguments in French, %d in English", k, a, b)
		}
	}
	for k := range messagesEN {
		if _, ok := messagesFR[k]; !ok {
			t.Errorf("%s: no French text", k)
		}
	}
}

var verbRe = regexp.MustCompile(`%(\[(\d+)\])?v`)

// countArgs is the number of arguments a text uses: the highest position.
func countArgs(s string) int {
	n, pos := 0, 0
	for _, m := range verbRe.FindAllStringSubmatch(s, -1) {
		if m[2] != "" {
			pos = int(m[2][0]-'0')*1 + 0
			if len(m[2]) > 1 {
				pos = 10
			}
		} else {
			pos++
		}
		n = max(n, pos)
	}
	return n
}

// TestEveryKeyInTheCode: every key the code names has a text, every text
// is used.
func TestEveryKeyInTheCode(t *testing.T) {
	files, _ := os.ReadDir(".")
	used := map[string]bool{}
	re := regexp.MustCompile(`"(coquillaude\.[a-z_.0-9-]+)"`)
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
	for _, d := range dirWord {
		used["coquillaude.dir."+d] = true
	}
	delete(used, "coquillaude.dir.")
	used["coquillaude.summary"], used["coquillaude.rules"] = true, true
	var missing, unused []string
	for k := range used {
		if !i18n.Has(i18n.FR, k) || !i18n.Has(i18n.EN, k) {
			missing = append(missing, k)
		}
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

func TestRegistered(t *testing.T) {
	e, ok := games.Lookup("coquillaude")
	if !ok {
		t.Fatal("not registered")
	}
	if lo, hi := e.Seats(); lo != 2 || hi != 4 {
		t.Fatalf("seats %d-%d", lo, hi)
	}
	for _, lang := range i18n.Langs {
		for _, k := range []string{".title", ".summary", ".rules"} {
			if !i18n.Has(lang, e.Name()+k) {
				t.Errorf("no %s %s", lang, k)
			}
		}
		title := i18n.Renderer{Lang: lang}.Text(i18n.T(e.Name() + ".title"))
		if title != "La Coquillaude" {
			t.Errorf("title %q", title)
		}
		if got, ok := games.Lookup(strings.ToUpper(title)); !ok || got.Name() != e.Name() {
			t.Errorf("Lookup(%q)", title)
		}
	}
	for _, o := range e.Options() {
		if o.Values[0] != o.Default {
			t.Errorf("option %s: default %q is not the first value", o.Name, o.Default)
		}
	}
}
