package lexicon

import (
	"slices"
	"strings"
	"sync"
)

// spellingTable keeps the display forms of the words whose spelling isn't
// just their fold in lowercase (ELEVE: élève, élevé). The lines are kept in
// the order of their folded form, so a lookup is a binary search that
// refolds the probed lines: no map of 190,000 entries on the heap, and
// nothing at all until the first call.
type spellingTable struct {
	once   sync.Once
	source func() ([]byte, error) // newline-separated spellings
	text   string
	starts []uint32 // line i is text[starts[i]:starts[i+1]-1]
}

func newSpellingTable(source func() ([]byte, error)) *spellingTable {
	return &spellingTable{source: source}
}

func (t *spellingTable) load() {
	data, err := t.source()
	if err != nil {
		// The embedded file is checked by the tests; a custom list builds
		// its table in memory. Without the table words show unaccented.
		return
	}
	t.text = string(data)
	t.starts = append(t.starts, 0)
	for i := 0; i < len(t.text); i++ {
		if t.text[i] == '\n' {
			t.starts = append(t.starts, uint32(i+1))
		}
	}
	if len(t.text) > 0 && t.text[len(t.text)-1] != '\n' {
		t.starts = append(t.starts, uint32(len(t.text)+1))
	}
}

func (t *spellingTable) line(i int) string {
	return t.text[t.starts[i] : t.starts[i+1]-1]
}

func (t *spellingTable) lookup(folded string) []string {
	t.once.Do(t.load)
	lines := len(t.starts) - 1
	if lines <= 0 {
		return nil
	}
	lo, hi := 0, lines
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		f, _ := Fold(t.line(mid))
		if f < folded {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	var out []string
	for i := lo; i < lines; i++ {
		if f, _ := Fold(t.line(i)); f != folded {
			break
		}
		out = append(out, t.line(i))
	}
	return out
}

// Spellings returns how a folded word is written, accents and ligatures
// included, for display: Spellings("ELEVE") is [élève élevé],
// Spellings("COEUR") is [cœur], Spellings("MAISON") is [maison]. It
// returns nil for a word the lexicon doesn't have.
func (lex *Lexicon) Spellings(folded string) []string {
	if !isFolded(folded) || !lex.Has(folded) {
		return nil
	}
	if lex.spellings != nil {
		if forms := lex.spellings.lookup(folded); len(forms) > 0 {
			return forms
		}
	}
	return []string{strings.ToLower(folded)}
}

// spellingsFromLines builds a table from raw lines of a word list: only
// the lines whose spelling says more than their fold are kept.
func spellingsFromLines(lines []string) *spellingTable {
	type entry struct{ folded, line string }
	var kept []entry
	for _, line := range lines {
		f, ok := Fold(line)
		if ok && line != strings.ToLower(f) && line != f {
			kept = append(kept, entry{f, line})
		}
	}
	if len(kept) == 0 {
		return nil
	}
	slices.SortFunc(kept, func(a, b entry) int {
		if c := strings.Compare(a.folded, b.folded); c != 0 {
			return c
		}
		return strings.Compare(a.line, b.line)
	})
	kept = slices.Compact(kept)
	var text strings.Builder
	for _, e := range kept {
		text.WriteString(e.line)
		text.WriteByte('\n')
	}
	data := []byte(text.String())
	return newSpellingTable(func() ([]byte, error) { return data, nil })
}
