package crackword

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

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
		if strings.HasPrefix(k, "crackword.") && !i18n.Has(i18n.EN, k) {
			t.Errorf("%s registered in French only", k)
		}
	}
}

var verbRe = regexp.MustCompile(`%(\[\d+\])?v`)

func countVerbs(s string) int {
	n := 0
	for _, m := range verbRe.FindAllStringSubmatch(s, -1) {
		if m[1] == "" {
			n++
		}
	}
	return n
}

// TestEveryKeyInTheCode: every "crackword.x" literal of the engine's code
// has a text, and every text is used.
func TestEveryKeyInTheCode(t *testing.T) {
	files, _ := os.ReadDir(".")
	used := map[string]bool{}
	re := regexp.MustCompile(`"(crackword\.[a-z_.0-9]+)"`)
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
	used["crackword.summary"], used["crackword.rules"] = true, true // the bot's /games and /rules
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
