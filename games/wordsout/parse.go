package wordsout

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/phrase"
)

// Move kinds.
const (
	mvLay      = iota + 1 // cards on a row (the row may be implied)
	mvCounter             // "contrer" + cards: an answer in the counter window
	mvPoubelle            // POUBELLE on a row
	mvPass                // pass and draw
	mvNo                  // no: no WORD OUT, no counter, no more cards
	mvWordOut             // WORD OUT!
	mvYes                 // yes (to the WORD OUT question)
)

// spec names a card of the hand. any: a bare letter, which takes the
// plain card of that letter first, then a REJOUER, then an INCONTRABLE.
type spec struct {
	kind   int
	letter byte
	any    bool
}

func (c spec) String() string {
	if c.any {
		return string(c.letter)
	}
	return token(mkCard(c.kind, c.letter))
}

// move is a parsed move string.
type move struct {
	kind  int
	cards []spec
	row   int  // 0-3, or -1 when not given
	call  bool // "wordout" after the cards
	stop  bool // "fin" after the cards
}

// maxMove bounds the length of a move (buttons carry 40 bytes at most;
// typed moves are refused beyond 200).
const maxMove = 200

// The move syntax, French and English, case-insensitive (see
// docs/games/wordsout.md):
//
//	poser E 2 / lay E 2 / E 2      E on row 2 (the verb is optional)
//	E+ S 2                         a REJOUER E then S, on row 2
//	E! 2                           the INCONTRABLE E
//	joker=Z 2 / ★Z 2               a JOKER given Z
//	E 2 wordout                    lay and call WORD OUT at once
//	E / poser E                    after a REJOUER or to restart a row: the row is implied
//	poubelle 3 / trash 3           POUBELLE on row 3
//	wordout / word out / oui       WORD OUT!
//	non / no / fin / done          no WORD OUT, no counter, no more cards
//	contrer S / counter E+ S       a counter
//	passe / pass / pioche / draw   pass and draw a card
//
// The same moves may be written as sentences, as the bot narrates them:
// "pose le E et le S sur la deuxième rangée", "pose E🟩↻ S🟥 sur la rangée
// 2", "je contre avec S", "joue une POUBELLE sur la rangée 3", "passe et
// pioche une carte", "n'annonce pas WORD OUT", "lays E on row 2". The
// little words are skipped only before the part of a move they introduce,
// and a letter typed alone is always a card ("pose E a 2": E and A).
func parseMove(text string) (move, error) {
	m := move{row: -1}
	ws := moveWords(text)
	if len(ws) == 0 {
		return m, games.Refuse("wordsout.err.syntax", text)
	}
	if k, ok := wholeMove(ws); ok {
		m.kind = k
		return m, nil
	}
	i := 0
	if (ws[0].Fold == "je" || ws[0].Fold == "j") && verbs[phrase.At(ws, 1)] {
		i++ // "je pose", "j'ajoute": never the card J, which a verb follows
	}
	one := len(ws) == i+1
	switch ws[i].Fold {
	case "passe", "passer", "pass", "pioche", "piocher", "draw", "passes", "draws",
		"non", "no", "nan", "fin", "stop", "done", "ok", "assez", "enough",
		"wordout", "wordsout", "wo", "oui", "yes":
		// A move of one word (see wholeMove) followed by words it does
		// not take ("passe 2", "wordout E").
		return m, games.Refuse("wordsout.err.syntax", text)
	case "joue", "jouer", "play", "plays":
		if isPoubelle(phrase.At(ws, i+1)) || (poubelleIntro[phrase.At(ws, i+1)] && isPoubelle(phrase.At(ws, i+2))) {
			i++
		}
	}
	if poubelleIntro[ws[i].Fold] && isPoubelle(phrase.At(ws, i+1)) {
		i++
	}
	if isPoubelle(ws[i].Fold) {
		if one {
			return m, games.Refuse("wordsout.err.poubelle_row")
		}
		r, j, err := readRow(ws, i+1)
		switch {
		case err != nil:
			return m, err
		case j < 0:
			return m, games.Refuse("wordsout.err.syntax_row", ws[i+1].Typed)
		case j != len(ws):
			return m, games.Refuse("wordsout.err.syntax", text)
		}
		m.kind, m.row = mvPoubelle, r
		return m, nil
	}
	switch ws[i].Fold {
	case "contrer", "contre", "counter", "counters":
		m.kind = mvCounter
		i++
		// "je contre avec S", "contre en ajoutant S", "counter with S".
		for i < len(ws)-1 && counterIntro[ws[i].Fold] {
			i++
		}
	case "poser", "pose", "poses", "lay", "lays", "put", "puts", "play", "plays", "joue", "jouer",
		"ajoute", "ajouter", "ajoutes", "add", "adds":
		m.kind = mvLay
		i++
	default:
		m.kind = mvLay
	}
	return readCards(m, ws, i, text)
}

// moveWords are the words of a move: "word out" is one word, the colour
// of a card's glyph (E🟩, S🟥) says nothing a move needs, and an
// exclamation mark alone is the tone of a sentence.
func moveWords(text string) []phrase.Word {
	low := strings.ToLower(strings.TrimSpace(text))
	low = strings.NewReplacer("word out", "wordout", "word-out", "wordout", "words out", "wordsout", "🟩", "", "🟥", "").Replace(low)
	low = strings.TrimPrefix(low, "/")
	var out []phrase.Word
	for _, w := range phrase.Words(low) {
		if w.Fold == "!" || w.Fold == "." {
			continue
		}
		if w.Fold == "wordout!" {
			w.Fold = "wordout"
		}
		out = append(out, w)
	}
	return out
}

func isPoubelle(w string) bool { return w == "poubelle" || w == "trash" || w == "🗑" }

// wholeMove reads the moves of a few words that need no card: a pass
// ("passe et pioche une carte"), no ("non merci", "je ne contre pas",
// "n'annonce pas WORD OUT sur MAISON"), WORD OUT ("j'annonce WORD OUT")
// and yes.
func wholeMove(ws []phrase.Word) (int, bool) {
	first := ws[0].Fold
	if (first == "je" || first == "j" || first == "i") && len(ws) > 1 {
		first = ws[1].Fold
	}
	switch first {
	case "passe", "passer", "pass", "pioche", "piocher", "draw", "passes":
		if phrase.AllIn(ws, passWords) {
			return mvPass, true
		}
	case "non", "no", "nan", "fin", "stop", "done", "ok", "assez", "enough":
		if phrase.AllIn(ws, noWords) {
			return mvNo, true
		}
	}
	// "n'annonce pas WORD OUT sur MAISON": what follows "sur" is the
	// word the bot names, nothing to read.
	until := len(ws)
	for k := 1; k < len(ws); k++ {
		if (ws[k].Fold == "sur" || ws[k].Fold == "on") && ws[k-1].Fold == "wordout" {
			until = k
			break
		}
	}
	if phrase.AllIn(ws[:until], callWords) {
		call, not, yes := false, false, false
		for _, w := range ws[:until] {
			call = call || w.Fold == "wordout" || w.Fold == "wo" || w.Fold == "wordsout"
			not = not || negations[w.Fold] && (w.Fold != "n" || w.Elided) // "N" alone is a card
			yes = yes || w.Fold == "oui" || w.Fold == "yes"
		}
		switch {
		case not && (call || until == len(ws)):
			return mvNo, true
		case until < len(ws):
		case call:
			return mvWordOut, true
		case yes && len(ws) == 1:
			return mvYes, true
		}
	}
	return 0, false
}

var (
	verbs         = phrase.Set("poser pose poses lay lays put puts play plays joue jouer ajoute ajouter ajoutes add adds contrer contre counter counters")
	passWords     = phrase.Set("je j i passe passer pass passes pioche piocher draw draws et and une a carte card mon tour my turn")
	noWords       = phrase.Set("non no nan fin stop done ok assez enough merci thanks c est tout bon ca suffit")
	callWords     = phrase.Set("je j i n ne pas not does don't dont annonce annoncer call calls wordout wo wordsout oui yes contre contrer counter")
	negations     = phrase.Set("n ne pas not don't dont")
	poubelleIntro = phrase.Set("une la ma a the my")
	cardIntro     = phrase.Set("le la les un une the lettre letter carte card mon ma my")
	counterIntro  = phrase.Set("avec with en ajoutant adding par by")
	connectors    = phrase.Set("et and puis then plus")
	stopWords     = phrase.Set("fin stop done")
	callIntro     = phrase.Set("et and puis then j je i annonce annoncer call calls")
)

// readCards reads the cards of a lay or a counter from i, then the row
// and the call or the end of the turn.
func readCards(m move, ws []phrase.Word, i int, text string) (move, error) {
	for ; i < len(ws); i++ {
		w := ws[i]
		// A letter typed alone is a card, even "a" or "l" (never "à");
		// an elided "l'" is an article.
		if w.Elided || (cardIntro[w.Fold] && (isCardAt(ws, i+1) || cardIntro[phrase.At(ws, i+1)] && isCardAt(ws, i+2))) || (connectors[w.Fold] && len(m.cards) > 0 && (isCardAt(ws, i+1) || cardIntro[phrase.At(ws, i+1)] && isCardAt(ws, i+2))) {
			continue
		}
		if w.Fold == "a" && len(m.cards) > 0 && (phrase.At(ws, i+1) == "la" || rowWords[phrase.At(ws, i+1)]) {
			// "E a la rangée 2": "à" typed without its accent.
			if _, j, _ := readRow(ws, i+1); j > 0 {
				continue
			}
		}
		if c, n, ok := cardAt(ws, i); ok {
			if m.row >= 0 {
				return m, games.Refuse("wordsout.err.syntax", text)
			}
			m.cards = append(m.cards, c)
			i += n - 1
			continue
		}
		if strings.HasPrefix(w.Fold, "joker") || strings.HasPrefix(w.Fold, "★") || strings.HasPrefix(w.Fold, "*") {
			return m, games.Refuse("wordsout.err.joker_letter")
		}
		if len(m.cards) == 0 {
			break
		}
		if m.row < 0 {
			r, j, err := readRow(ws, i)
			if err != nil {
				return m, err
			}
			if j > 0 {
				m.row, i = r, j-1
				continue
			}
		}
		// The end of a lay: "wordout", "et j'annonce WORD OUT", "fin".
		if j := callAt(ws, i); j == len(ws) {
			m.call = true
			i = j
			break
		}
		if stopWords[w.Fold] && i == len(ws)-1 {
			m.stop = true
			continue
		}
		return m, games.Refuse("wordsout.err.syntax", text)
	}
	if i < len(ws) && len(m.cards) == 0 {
		return m, games.Refuse("wordsout.err.syntax", text)
	}
	if len(m.cards) == 0 {
		if m.kind == mvCounter {
			return m, games.Refuse("wordsout.err.counter_what")
		}
		return m, games.Refuse("wordsout.err.syntax", text)
	}
	if len(m.cards) > 2*handSize {
		return m, games.Refuse("wordsout.err.syntax", text)
	}
	return m, nil
}

// callAt is the index after a call of WORD OUT that begins at i
// ("wordout", "et WORD OUT", "et j'annonce WORD OUT"), or -1.
func callAt(ws []phrase.Word, i int) int {
	for i < len(ws) && callIntro[ws[i].Fold] {
		i++
	}
	if w := phrase.At(ws, i); w == "wordout" || w == "wo" {
		return i + 1
	}
	return -1
}

// isCardAt tells whether a card begins at word i.
func isCardAt(ws []phrase.Word, i int) bool {
	_, _, ok := cardAt(ws, i)
	return ok
}

// cardAt reads the card at word i: a token ("E", "E+", "★Z", "joker=Z")
// or a JOKER and its letter in words ("joker Z", "un joker (Z)", "joker
// en Z"); it returns the card and the number of words it took.
func cardAt(ws []phrase.Word, i int) (spec, int, bool) {
	if i >= len(ws) || ws[i].Elided {
		return spec{}, 0, false
	}
	t := strings.ToLower(ws[i].Typed)
	if t == "joker" || t == "★" || t == "*" {
		j := i + 1
		if k := phrase.At(ws, j); k == "en" || k == "comme" || k == "as" || k == "=" {
			j++
		}
		if j < len(ws) && isLetter(strings.ToLower(ws[j].Typed)) {
			return spec{kind: kindJoker, letter: upper(strings.ToLower(ws[j].Typed)[0])}, j - i + 1, true
		}
		return spec{}, 0, false
	}
	c, ok := parseCard(t)
	return c, 1, ok
}

// readRow reads a row at i: "2", "#2", "sur 2", "sur la rangée 2",
// "rangée deux", "la deuxième rangée", "on row 2". It returns the row, the
// index after it, or -1 when no row begins at i.
func readRow(ws []phrase.Word, i int) (int, int, error) {
	k := i
	// The little words before a row, never a letter typed alone (a card).
	for k+1 < len(ws) && phrase.Filler(ws[k].Fold) && (len(ws[k].Typed) > 1 || !isLetter(strings.ToLower(ws[k].Typed)) || ws[k].Elided) {
		k++
	}
	set := func(n, next int) (int, int, error) {
		if n < 1 || n > nRows {
			return 0, -1, games.Refuse("wordsout.err.no_row", n)
		}
		return n - 1, next, nil
	}
	w := phrase.At(ws, k)
	if rowWords[w] && k+1 < len(ws) {
		k++
		if phrase.At(ws, k) == "numero" || phrase.At(ws, k) == "n°" || phrase.At(ws, k) == "number" {
			k++
		}
		n, ok := phrase.Number(phrase.At(ws, k))
		if !ok {
			return 0, -1, games.Refuse("wordsout.err.syntax_row", ws[k].Typed)
		}
		return set(n, k+1)
	}
	if n, ok := phrase.Ordinal(w); ok && rowWords[phrase.At(ws, k+1)] {
		return set(n, k+2)
	}
	if rest, ok := strings.CutPrefix(w, "#"); ok {
		n, err := strconv.Atoi(rest)
		if err != nil {
			return 0, -1, games.Refuse("wordsout.err.syntax_row", ws[k].Typed)
		}
		return set(n, k+1)
	}
	if n, ok := phrase.Number(w); ok && !cardIntro[w] {
		return set(n, k+1)
	}
	if w != "" && w[0] >= '0' && w[0] <= '9' {
		return 0, -1, games.Refuse("wordsout.err.syntax_row", ws[k].Typed)
	}
	return 0, -1, nil
}

var rowWords = phrase.Set("rangee rang ligne row")

// parseCard reads e, e+, e↻, e!, e🔒, joker=e, joker:e, *e, ★e.
func parseCard(t string) (spec, bool) {
	for _, p := range []string{"joker=", "joker:", "★", "*"} {
		if rest, ok := strings.CutPrefix(t, p); ok {
			if !isLetter(rest) {
				return spec{}, false
			}
			return spec{kind: kindJoker, letter: upper(rest[0])}, true
		}
	}
	if len(t) == 0 || t[0] < 'a' || t[0] > 'z' {
		return spec{}, false
	}
	l := upper(t[0])
	switch t[1:] {
	case "":
		return spec{letter: l, any: true}, true
	case "+", "↻":
		return spec{kind: kindRejouer, letter: l}, true
	case "!", "🔒":
		return spec{kind: kindIncontrable, letter: l}, true
	case "=", ".":
		return spec{kind: kindPlain, letter: l}, true
	}
	return spec{}, false
}

func isLetter(t string) bool { return len(t) == 1 && t[0] >= 'a' && t[0] <= 'z' }

func upper(c byte) byte { return c - 'a' + 'A' }
