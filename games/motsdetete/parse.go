package motsdetete

import (
	"errors"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/games/phrase"
)

// maxMoveBytes bounds a typed move: the longest real one ("O15 droite" and
// a word of 15 letters with accents) is far shorter.
const maxMoveBytes = 80

// move is a parsed move string.
type move struct {
	pass  bool
	cell  int
	down  bool
	typed string // the word as typed, for the messages
	word  string // folded A-Z
}

// parseMove reads a move, French or English, any case, accents ignored:
//
//	H3 bas DEPENSER        H3 down depenser       a word written downwards
//	H3 droite dépenser     H3 right DEPENSER      a word written to the right
//	H3 ↓ DEPENSER          H3 → DEPENSER          arrows
//	passe / pass / passer                          no word this turn
//
// The start cell is the column letter and the row number ("H3", also "3H");
// the word is the whole main word, letters already on the grid included.
// The three parts may come in any order as long as the cell comes first or
// the direction is recognisable ("H3 DEPENSER bas"), and as a sentence,
// the way the bot narrates a move ("écrit MAISON en H3↓") or a player says
// it ("j4 vers le bas test", "écris maison en h3 à droite", "write house
// at H3 going down"): the little words around the cell and the direction
// are skipped, and a word that is one of them ("h3 bas de") is still the
// word when nothing else is left.
func parseMove(g *Grid, text string) (move, error) {
	var m move
	if len(text) > maxMoveBytes {
		return m, games.Refuse("motsdetete.err.syntax", clip(text))
	}
	ws := moveWords(text)
	if len(ws) == 0 {
		return m, games.Refuse("motsdetete.err.syntax", text)
	}
	if isPass(ws) {
		m.pass = true
		return m, nil
	}
	cellAt := -1
	for i, w := range ws {
		if _, ok := g.parseCell(w.Typed); ok && cellAt < 0 {
			cellAt = i
		}
	}
	if cellAt < 0 {
		for _, w := range ws {
			if looksLikeCell(w.Typed) {
				return m, games.Refuse("motsdetete.err.no_cell", w.Typed, string(rune('A'+g.W-1)), g.H)
			}
		}
		if len(ws) > 3 {
			return m, games.Refuse("motsdetete.err.one_word", text)
		}
		return m, games.Refuse("motsdetete.err.syntax", text)
	}
	m.cell, _ = g.parseCell(ws[cellAt].Typed)
	// Read as a sentence first; a word that the sentence's little words
	// took ("h3 en bas": the word EN downwards) is read again plainly.
	down, word, err := readRest(ws, cellAt, true, text)
	if err == errNoWord {
		down, word, err = readRest(ws, cellAt, false, text)
		if f, _ := lexicon.Fold(word); err == nil && len(f) < 2 {
			err = errNoWord // "a1 à droite": no word, rather than the word A
		}
	}
	if err == errNoWord {
		return m, games.Refuse("motsdetete.err.syntax", text)
	}
	if err != nil {
		return m, err
	}
	m.down = down
	f, ok := lexicon.Fold(word)
	if !ok {
		return m, games.Refuse("motsdetete.err.letters", word)
	}
	m.typed, m.word = word, f
	return m, nil
}

// errNoWord: the words left no word to write.
var errNoWord = errors.New("no word")

// readRest reads the direction and the word, the cell at cellAt aside.
// sentence: the phrases of a sentence ("vers le bas", "en H3") are read
// as such; else every word but the cell is the direction or the word.
func readRest(ws []phrase.Word, cellAt int, sentence bool, text string) (down bool, word string, err error) {
	used := make([]bool, len(ws))
	used[cellAt] = true
	if sentence {
		markCellIntro(ws, used, cellAt)
	}
	found := false
	if sentence {
	phrases:
		for i := range ws {
			for _, p := range dirPhrases {
				if matchAt(ws, used, i, p.words) {
					for k := range p.words {
						used[i+k] = true
					}
					down, found = p.down, true
					break phrases
				}
			}
		}
	}
	if !found {
		// The direction is the first word that names one ("bas bas": the
		// word BAS written downwards).
		for i, w := range ws {
			if d, ok := direction(w.Fold); ok && !used[i] {
				used[i], down, found = true, d, true
				break
			}
		}
	}
	var rest []phrase.Word
	for i, w := range ws {
		if !used[i] {
			rest = append(rest, w)
		}
	}
	if sentence {
		// "écris", "j'écris le mot", "write the word".
		for len(rest) > 1 && wordIntro[rest[0].Fold] {
			rest = rest[1:]
		}
	}
	var cands []phrase.Word
	for _, w := range rest {
		if !sentence || !phrase.Filler(w.Fold) {
			cands = append(cands, w)
		}
	}
	if !found {
		if len(cands) > 0 {
			return false, "", games.Refuse("motsdetete.err.direction", cands[0].Typed)
		}
		return false, "", errNoWord
	}
	switch {
	case len(cands) == 1:
		return down, cands[0].Typed, nil
	case len(cands) > 1:
		return false, "", games.Refuse("motsdetete.err.one_word", text)
	case len(rest) == 1:
		return down, rest[0].Typed, nil // a little word is the word ("h3 bas de")
	}
	return false, "", errNoWord
}

// markCellIntro marks the words that introduce the cell: "en H3", "à
// H3", "depuis H3", "à partir de la case H3", "sur la case H3", "at H3",
// "starting from H3".
func markCellIntro(ws []phrase.Word, used []bool, cellAt int) {
	at := func(j int) string {
		if j < 0 {
			return ""
		}
		return ws[j].Fold
	}
	j := cellAt - 1
	if at(j) == "case" || at(j) == "cellule" || at(j) == "cell" {
		used[j] = true
		j--
		if at(j) == "la" || at(j) == "the" {
			used[j] = true
			j--
		}
	}
	switch {
	case at(j) == "de" && at(j-1) == "partir" && at(j-2) == "a":
		used[j], used[j-1], used[j-2] = true, true, true
	case (at(j) == "at" || at(j) == "from") && at(j-1) == "starting":
		used[j], used[j-1] = true, true
	case cellIntro[at(j)]:
		used[j] = true
	}
}

func matchAt(ws []phrase.Word, used []bool, i int, p []string) bool {
	if i+len(p) > len(ws) {
		return false
	}
	for k, w := range p {
		if used[i+k] || ws[i+k].Fold != w {
			return false
		}
	}
	return true
}

// moveWords are the words of a move: "/coup" or "/move" typed again go,
// an arrow glued to the cell is a word of its own ("H3↓", as the bot
// writes it), and a full stop or an exclamation mark alone is nothing.
func moveWords(text string) []phrase.Word {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "/") {
		text = text[1:]
		if f := strings.Fields(text); len(f) > 0 && (strings.EqualFold(f[0], "move") || strings.EqualFold(f[0], "coup")) {
			text = strings.TrimSpace(text[len(f[0]):])
		}
	}
	for _, a := range []string{"↓", "→", "⬇️", "➡️", "⬇", "➡"} {
		text = strings.ReplaceAll(text, a, " "+a+" ")
	}
	var out []phrase.Word
	for _, w := range phrase.Words(text) {
		if w.Fold != "!" && w.Fold != "." {
			out = append(out, w)
		}
	}
	return out
}

func isPass(ws []phrase.Word) bool {
	for _, w := range ws {
		if !passWords[w.Fold] {
			return false
		}
	}
	switch ws[0].Fold {
	case "pass", "passe", "passer", "passes", "skip", "je", "j", "i":
		return len(ws) > 1 || ws[0].Fold != "je" && ws[0].Fold != "j" && ws[0].Fold != "i"
	}
	return false
}

var (
	passWords = phrase.Set("pass passe passer passes skip je j i mon tour my turn this ce")
	cellIntro = phrase.Set("en a au de depuis sur dans from at on in")
	wordIntro = phrase.Set("ecris ecrit ecrire j je pose poser joue jouer place placer mets mettre write writes play plays put le la mot the word")
)

// dirPhrases are the directions said in several words, read before the
// single words.
var dirPhrases = []struct {
	words []string
	down  bool
}{
	{strings.Fields("de haut en bas"), true},
	{strings.Fields("vers le bas"), true},
	{strings.Fields("en descendant"), true},
	{strings.Fields("en bas"), true},
	{strings.Fields("a la verticale"), true},
	{strings.Fields("en colonne"), true},
	{strings.Fields("going down"), true},
	{strings.Fields("de gauche a droite"), false},
	{strings.Fields("vers la droite"), false},
	{strings.Fields("sur la droite"), false},
	{strings.Fields("a droite"), false},
	{strings.Fields("a l horizontale"), false},
	{strings.Fields("en ligne"), false},
	{strings.Fields("to the right"), false},
	{strings.Fields("going right"), false},
}

// direction recognises "bas"/"down" (true) and "droite"/"right" (false),
// folded.
func direction(t string) (down, ok bool) {
	switch t {
	case "bas", "b", "vertical", "verticale", "verticalement", "vert", "v", "colonne", "down", "dn", "col", "downwards", "↓", "⬇", "⬇️", "⇣":
		return true, true
	case "droite", "dr", "horizontal", "horizontale", "horizontalement", "horiz", "h", "ligne", "right", "r", "across", "→", "➡", "➡️", "⇢":
		return false, true
	}
	return false, false
}

// looksLikeCell: a letter and digits, or digits and a letter ("Z3", "A16").
func looksLikeCell(t string) bool {
	if len(t) < 2 || len(t) > 4 {
		return false
	}
	isL := func(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
	isD := func(c byte) bool { return c >= '0' && c <= '9' }
	digits := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if !isD(s[i]) {
				return false
			}
		}
		return true
	}
	return (isL(t[0]) && digits(t[1:])) || (isL(t[len(t)-1]) && digits(t[:len(t)-1]))
}

// clip shortens a long text for a message, cutting between runes.
func clip(s string) string {
	r := []rune(s)
	if len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return s
}
