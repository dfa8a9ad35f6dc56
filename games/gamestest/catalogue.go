package gamestest

import (
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/i18n/i18ntest"
)

// CheckCatalogue checks the texts of a game, the keys "name.…": every
// language holds the same keys, a text takes the same number of arguments
// in every language, no text is empty, and each speaks as players do
// (i18ntest.Check: "tu", real plurals, no Go durations).
func CheckCatalogue(t testing.TB, name string) {
	t.Helper()
	keys := map[string]bool{}
	for _, lang := range i18n.Langs {
		for _, k := range Keys(lang, name) {
			keys[k] = true
		}
	}
	if len(keys) == 0 {
		t.Fatalf("no text under %s.", name)
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		args := -1
		for _, lang := range i18n.Langs {
			if !i18n.Has(lang, k) {
				t.Errorf("%s: no %s text", k, lang)
				continue
			}
			text := Text(lang, k)
			if strings.TrimSpace(text) == "" {
				t.Errorf("%s: empty %s text", k, lang)
			}
			n := ArgCount(text)
			if args >= 0 && n != args {
				t.Errorf("%s: %d arguments in %s, %d in %s", k, args, i18n.Langs[0], n, lang)
			}
			if args < 0 {
				args = n
			}
		}
	}
	i18ntest.Check(t, slices.Sorted(maps.Keys(keys))...)
}

// Keys lists, sorted, the keys of a language's catalogue under "name.".
func Keys(lang i18n.Lang, name string) []string {
	var out []string
	for _, k := range i18n.Keys(lang) {
		if strings.HasPrefix(k, name+".") {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// Text is the text of a key in a language as written, verbs and all.
func Text(lang i18n.Lang, key string) string {
	return i18n.Renderer{Lang: lang}.Text(i18n.T(key))
}

var verbRe = regexp.MustCompile(`%%|%[-+# 0]*(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d*)?[a-zA-Z]`)

// ArgCount is the number of arguments a text takes as fmt reads it: the
// highest argument any verb uses, "%[2]v" the second, a bare verb the one
// after the verb before it; "%%" takes none.
func ArgCount(text string) int {
	n, top := 0, 0
	for _, m := range verbRe.FindAllStringSubmatch(text, -1) {
		switch {
		case m[0] == "%%":
			continue
		case m[1] != "":
			n, _ = strconv.Atoi(m[1])
		default:
			n++
		}
		top = max(top, n)
	}
	return top
}

// KeysInCode lists the keys "name.…" written as string literals in the
// package's own code: the .go files of the working directory (the package
// under test) other than its tests and its catalogues (messages_*.go).
func KeysInCode(t testing.TB, name string) map[string]bool {
	t.Helper()
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`"(` + regexp.QuoteMeta(name) + `\.[a-z_.0-9-]+)"`)
	used := map[string]bool{}
	for _, f := range files {
		n := f.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || strings.HasPrefix(n, "messages_") {
			continue
		}
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(data), -1) {
			used[m[1]] = true
		}
	}
	return used
}

// CheckKeysUsed checks the keys a game's code uses (KeysInCode, plus those
// the test adds for keys the code builds): each has a text in every
// language, and every text under "name." is used, by the code or by the
// bot, which shows name.title (and its forms, games.TitleOf), name.summary
// and name.rules itself.
func CheckKeysUsed(t testing.TB, name string, used map[string]bool) {
	t.Helper()
	var missing, unused []string
	for k := range used {
		for _, lang := range i18n.Langs {
			if !i18n.Has(lang, k) {
				missing = append(missing, k)
				break
			}
		}
	}
	for _, k := range Keys(i18n.Langs[0], name) {
		switch strings.TrimPrefix(k, name+".") {
		case "title", "title_of", "title_at", "summary", "rules":
			continue
		}
		if !used[k] && !used[optionOf(k)] {
			unused = append(unused, k)
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("keys without text: %v", missing)
	}
	if len(unused) > 0 {
		t.Errorf("texts never used: %v", unused)
	}
}

// optionOf is the help key of an option whose name or value a key names
// ("x.opt.variant" for "x.opt.variant.name" and "x.opt.variant.value.solo",
// read by games.Option's Label and ValueLabel), or "".
func optionOf(key string) string {
	if base, ok := strings.CutSuffix(key, ".name"); ok {
		return base
	}
	if base, _, ok := strings.Cut(key, ".value."); ok {
		return base
	}
	return ""
}
