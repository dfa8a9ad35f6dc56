package crackword

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/phrase"
)

// Move kinds.
const (
	mvLay = iota + 1
	mvPass
	mvCrack
	mvTrash
	mvCard // a bare card: the restart of an emptied row
)

// Sides of a lay.
const (
	sideLeft = iota + 1
	sideRight
	sideOn
)

// move is a parsed move string.
type move struct {
	kind    int
	joker   bool
	letter  byte // the card's letter, or the letter given to the JOKER
	side    int
	row     int // 0-3
	pos     int // 0-based stack for sideOn
	example string
	crack   bool // "crack" typed after the lay
	// rowGiven: a card restarting a row named the row ("relance la rangée
	// 2 avec E"), kept in row.
	rowGiven bool
	typed    string // the move as typed, to quote it back in a refusal
}

// The move syntax, French and English, case and accents free:
//
//	E droite 2 maison      E right 2 maison      lay E at the right of row 2
//	E gauche 1 école       E left 1 école        lay E at the left of row 1
//	E sur 3 4 exemple      E on 3 4 example      lay E on the 4th card of row 3
//	joker=A gauche 1 ami   joker=A left 1 ami    a JOKER given the letter A
//	... crack              ... crack             lay and call CRACK WORD at once
//	poubelle 3             trash 3               POUBELLE on row 3
//	crack / non            crack / no            after a lay: call or not
//	E  /  joker=A                                the card restarting an emptied row
//	passe                  pass
//
// Rows and positions are counted from 1 (positions from the left). The
// same moves may be written as sentences, as the bot itself narrates them
// ("pose S à droite de la rangée 4 ras", "pose un JOKER (A) sur la carte 3
// de la deuxième rangée", "joue une POUBELLE sur la rangée 3", "relance la
// rangée 2 avec E", "lays S at the right end of row 4"): the place is read
// as phrases (a side, a row, a card of the row), whose little words are
// skipped; whatever follows the place is the example, so that a word such
// as DE or LA is still an example (see place.read).
func parseMove(text string) (move, error) {
	m := move{typed: strings.Join(strings.Fields(text), " ")}
	ws := moveWords(text)
	if len(ws) == 0 {
		return m, games.Refuse("crackword.err.syntax", text)
	}
	if k, ok := wholeMove(ws); ok {
		m.kind = k
		return m, nil
	}
	i := 0
	if (ws[0].Fold == "je" || ws[0].Fold == "j") && (layVerbs[phrase.At(ws, 1)] || restartVerbs[phrase.At(ws, 1)]) {
		i++ // "je pose", "j'joue": never the card J, which a verb follows
	}
	restart := restartVerbs[phrase.At(ws, i)]
	if restart || layVerbs[phrase.At(ws, i)] {
		i++
	}
	if isTrash(ws, i) {
		return parseTrash(m, ws, i)
	}
	if restart {
		return parseRestart(m, ws, i, text)
	}
	i, err := readCard(&m, ws, i, text)
	if err != nil {
		return m, err
	}
	if i == len(ws) {
		m.kind = mvCard
		return m, nil
	}
	return readLay(m, ws, i, text)
}

// moveWords are the words of a move; an exclamation mark alone or at a
// word's end is the tone of a sentence ("CRACK WORD !"), nothing more.
func moveWords(text string) []phrase.Word {
	var out []phrase.Word
	for _, w := range phrase.Words(strings.TrimPrefix(strings.TrimSpace(text), "/")) {
		w.Typed, w.Fold = strings.TrimRight(w.Typed, "!?."), strings.TrimRight(w.Fold, "!?.")
		if w.Fold != "" {
			out = append(out, w)
		}
	}
	return out
}

// wholeMove reads the moves of a few words that need no card: a pass ("je
// passe", "passe et pioche une carte"), the call ("crack", "oui",
// "j'annonce CRACK WORD") and its refusal ("non", "n'annonce pas CRACK
// WORD").
func wholeMove(ws []phrase.Word) (int, bool) {
	first := ws[0].Fold
	if first == "je" || first == "j" || first == "i" {
		if len(ws) == 1 {
			return 0, false
		}
		first = ws[1].Fold
	}
	switch first {
	case "pass", "passe", "passer", "passes", "non", "no", "nan":
		if phrase.AllIn(ws, passWords) {
			return mvPass, true
		}
	}
	if phrase.AllIn(ws, callWords) {
		calls, not := false, false
		for _, w := range ws {
			calls = calls || isCrackWord(w.Fold) || w.Fold == "oui" || w.Fold == "yes"
			not = not || w.Fold == "pas" || w.Fold == "not" || w.Fold == "n" || w.Fold == "don't" || w.Fold == "dont"
		}
		switch {
		case calls && not:
			return mvPass, true
		case calls:
			return mvCrack, true
		}
	}
	return 0, false
}

var (
	layVerbs     = phrase.Set("pose poser poses joue jouer joues lay lays play plays put puts")
	restartVerbs = phrase.Set("relance relancer relances restart restarts")
)

var passWords = phrase.Set("je j i pass passe passer passes non no nan merci thanks mon tour my turn et and pioche piocher draw draws une a carte card")

var callWords = phrase.Set("je j i oui yes crack craque crackword word annonce annoncer call calls n pas not does don't dont")

// isTrash: the words at i name a POUBELLE ("poubelle", "une POUBELLE",
// "trash", "a POUBELLE").
func isTrash(ws []phrase.Word, i int) bool {
	switch phrase.At(ws, i) {
	case "une", "la", "ma", "a", "the":
		i++
	}
	switch phrase.At(ws, i) {
	case "poubelle", "trash", "🗑":
		return true
	}
	return false
}

// parseTrash reads the row of a POUBELLE: "poubelle 3", "poubelle sur la
// rangée 3", "joue une POUBELLE sur la troisième rangée", "trash row 3".
func parseTrash(m move, ws []phrase.Word, i int) (move, error) {
	for phrase.At(ws, i) != "poubelle" && phrase.At(ws, i) != "trash" && phrase.At(ws, i) != "🗑" {
		i++
	}
	i++
	if i == len(ws) {
		return m, games.Refuse("crackword.err.trash_row")
	}
	p := newPlace()
	j, err := p.row(ws, i)
	if err != nil {
		return m, err
	}
	if j < 0 {
		// "poubelle 3", "poubelle sur 3".
		k := skipFillers(ws, i)
		n, ok := phrase.Number(phrase.At(ws, k))
		switch {
		case !ok:
			return m, games.Refuse("crackword.err.syntax_row", ws[k].Typed)
		case n < 1 || n > 4:
			return m, games.Refuse("crackword.err.no_row", n)
		}
		p.r, j = n-1, k+1
	}
	if j != len(ws) {
		return m, games.Refuse("crackword.err.syntax", m.typed)
	}
	m.kind, m.row = mvTrash, p.r
	return m, nil
}

// parseRestart reads "relance la rangée 2 avec E" (the bot's narration of
// a restart): the card, and the row it names, which must be the row to
// restart (see apply).
func parseRestart(m move, ws []phrase.Word, i int, text string) (move, error) {
	p := newPlace()
	j, err := p.row(ws, i)
	if err != nil {
		return m, err
	}
	if j > 0 {
		i = j
		m.row, m.rowGiven = p.r, true
	}
	if phrase.At(ws, i) == "avec" || phrase.At(ws, i) == "with" {
		i++
	}
	i, err = readCard(&m, ws, i, text)
	if err != nil {
		return m, err
	}
	if i != len(ws) {
		return m, games.Refuse("crackword.err.syntax", text)
	}
	m.kind = mvCard
	return m, nil
}

// readCard reads the card at i: a letter ("E", "le E", "la lettre E"),
// or a JOKER and its letter ("joker=A", "joker:A", "joker A", "*A", "★A",
// "un JOKER (A)"), and returns the index after it.
func readCard(m *move, ws []phrase.Word, i int, text string) (int, error) {
	// The little words before a card, skipped only when a card follows:
	// "a droite" is the letter A, "un JOKER" a JOKER, "la lettre E" an E.
	card := func(j int) bool {
		return j < len(ws) && (isLetter(strings.ToLower(ws[j].Typed)) || isJoker(phrase.At(ws, j)))
	}
	intro := func(j int) bool { return j < len(ws) && cardIntro[strings.ToLower(ws[j].Typed)] }
	for intro(i) && (card(i+1) || intro(i+1) && card(i+2)) {
		i++
	}
	if i >= len(ws) {
		return i, games.Refuse("crackword.err.syntax", text)
	}
	t := phrase.At(ws, i)
	switch low := strings.ToLower(ws[i].Typed); {
	case isLetter(low):
		m.letter = upper(low[0])
		return i + 1, nil
	case t == "joker" || t == "jok" || t == "★" || t == "*":
		i++
		if k := phrase.At(ws, i); k == "=" || k == "en" || k == "comme" || k == "as" {
			i++
		}
		if i >= len(ws) || !isLetter(strings.ToLower(ws[i].Typed)) {
			return i, games.Refuse("crackword.err.joker_letter")
		}
		m.joker, m.letter = true, upper(strings.ToLower(ws[i].Typed)[0])
		return i + 1, nil
	case strings.HasPrefix(t, "joker=") || strings.HasPrefix(t, "joker:") || strings.HasPrefix(t, "*") || strings.HasPrefix(t, "★"):
		rest := strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(low, "joker"), "★"), "=:*")
		if !isLetter(rest) {
			return i, games.Refuse("crackword.err.joker_letter")
		}
		m.joker, m.letter = true, upper(rest[0])
		return i + 1, nil
	}
	return i, games.Refuse("crackword.err.syntax", text)
}

func isJoker(t string) bool {
	return t == "joker" || t == "jok" || t == "★" || t == "*" || strings.HasPrefix(t, "joker=") || strings.HasPrefix(t, "joker:")
}

var cardIntro = phrase.Set("le la l un une a the ma mon my lettre letter carte card")

// readLay reads the rest of a lay: its place, then the example and the
// call.
func readLay(m move, ws []phrase.Word, i int, text string) (move, error) {
	p := newPlace()
	for {
		j, err := p.read(ws, i)
		if err != nil {
			return m, err
		}
		if j < 0 {
			break
		}
		i = j
	}
	rest := ws[i:]
	switch {
	case p.side == 0 && p.r >= 0 && len(rest) == 0:
		// "pose E dans la rangée 2": the card that restarts the row (the
		// bot narrates it so).
		m.kind, m.row, m.rowGiven = mvCard, p.r, true
		return m, nil
	case p.side == 0:
		return m, games.Refuse("crackword.err.syntax", text)
	case p.r < 0:
		if len(rest) == 0 {
			return m, games.Refuse("crackword.err.syntax", text)
		}
		return m, games.Refuse("crackword.err.syntax_row", rest[0].Typed)
	case p.side == sideOn && p.pos < 0:
		if len(rest) == 0 {
			return m, games.Refuse("crackword.err.syntax", text)
		}
		return m, games.Refuse("crackword.err.no_position", p.r+1, rest[0].Typed)
	}
	m.side, m.row = p.side, p.r
	if p.side == sideOn {
		m.pos = p.pos
	}
	rest, m.crack = callAtEnd(rest)
	// "exemple : maison", "(example: house)", "avec maison": the word
	// after such an introduction is the example; alone, it is one.
	if len(rest) > 1 && exampleIntro[rest[0].Fold] {
		rest = rest[1:]
	}
	switch len(rest) {
	case 0:
	case 1:
		// The example keeps its typed case and accents: Fold handles them.
		m.example = rest[0].Typed
	default:
		var typed []string
		for _, w := range rest {
			typed = append(typed, w.Typed)
		}
		return m, games.Refuse("crackword.err.one_word", strings.Join(typed, " "))
	}
	m.kind = mvLay
	return m, nil
}

var exampleIntro = phrase.Set("exemple example ex avec with mot word pour for comme")

// callAtEnd takes the call off the end of a lay: a last "crack" is always
// the call, never the example (the private help says to add it at the
// end): without an example before it, the row must read a word, which is
// then its own example (see lay). "crack word", "et crack", "+ crack",
// "et j'annonce CRACK WORD" are the call too.
func callAtEnd(rest []phrase.Word) ([]phrase.Word, bool) {
	n := len(rest)
	if n > 1 && rest[n-1].Fold == "word" && rest[n-2].Fold == "crack" {
		n--
	}
	if n == 0 || !isCrackWord(rest[n-1].Fold) {
		return rest, false
	}
	n--
	for n > 0 && callIntro[rest[n-1].Fold] {
		n--
	}
	return rest[:n], true
}

var callIntro = phrase.Set("et and + puis then annonce annoncer j je i call")

// isCrackWord tells whether t calls CRACK WORD at the end of a lay.
func isCrackWord(t string) bool { return t == "crack" || t == "craque" || t == "crackword" }

func isLetter(t string) bool { return len(t) == 1 && t[0] >= 'a' && t[0] <= 'z' }

func upper(c byte) byte { return c - 'a' + 'A' }

// place is where a lay goes, as read so far: its side (0 when not given),
// its row and the card of the row it covers (-1 when not given).
type place struct {
	side, r, pos int
}

func newPlace() place { return place{r: -1, pos: -1} }

// read reads one phrase of a place at i: a side ("droite", "à droite",
// "at the right end", "sur"), a card of the row ("la carte 4", "la 4ᵉ
// carte", "card 4"), a row ("de la rangée 2", "la deuxième rangée", "row
// 2", "r2") or a bare number (the row, then the card: "sur 3 4"). It
// returns the index after the phrase, or -1 when the words at i make no
// phrase the place still lacks: they are the example then. The little
// words of a phrase are skipped only when the phrase follows them, so
// that "la" or "de" after the place is an example.
func (p *place) read(ws []phrase.Word, i int) (int, error) {
	if i >= len(ws) {
		return -1, nil
	}
	k := skipFillers(ws, i)
	if p.side == 0 {
		side, ok := sideWords[phrase.At(ws, i)]
		if !ok {
			// Abbreviations ("d", "g") only alone: "d" is "de" elided too.
			side, ok = sideWords[phrase.At(ws, k)]
			ok = ok && len(phrase.At(ws, k)) > 2
		} else {
			k = i
		}
		if ok {
			p.side = side
			k++
			if phrase.At(ws, k) == "end" || phrase.At(ws, k) == "bout" {
				k++
			}
			return k, nil
		}
		if onWords[phrase.At(ws, i)] {
			p.side = sideOn
			return i + 1, nil
		}
	}
	if p.pos < 0 && (p.side == 0 || p.side == sideOn) {
		n, j := -1, -1
		if cardWords[phrase.At(ws, k)] {
			if nk, ok := phrase.Number(phrase.At(ws, k+1)); ok {
				n, j = nk, k+2
			}
		} else if nk, ok := phrase.Ordinal(phrase.At(ws, k)); ok && cardWords[phrase.At(ws, k+1)] {
			n, j = nk, k+2
		}
		if j > 0 {
			if err := p.setPos(n); err != nil {
				return -1, err
			}
			p.side = sideOn
			return j, nil
		}
	}
	if p.r < 0 {
		j, err := p.row(ws, i)
		if err != nil || j > 0 {
			return j, err
		}
	}
	if n, ok := phrase.Number(phrase.At(ws, i)); ok {
		switch {
		case p.r < 0:
			if n < 1 || n > 4 {
				return -1, games.Refuse("crackword.err.no_row", n)
			}
			p.r = n - 1
			return i + 1, nil
		case p.side == sideOn && p.pos < 0:
			if err := p.setPos(n); err != nil {
				return -1, err
			}
			return i + 1, nil
		}
	}
	return -1, nil
}

func (p *place) setPos(n int) error {
	if n < 1 || n > 99 {
		r := "?"
		if p.r >= 0 {
			r = strconv.Itoa(p.r + 1)
		}
		return games.Refuse("crackword.err.no_position", r, n)
	}
	p.pos = n - 1
	return nil
}

// row reads a row phrase at i ("de la rangée 2", "rangée deux", "la
// deuxième rangée", "dans la rangée vide 2", "of row 2", "r2", "#2"): the
// index after it, or -1. A row word with no number after it is a mistake
// the player is told about.
func (p *place) row(ws []phrase.Word, i int) (int, error) {
	k := skipFillers(ws, i)
	for phrase.At(ws, k) == "vide" || phrase.At(ws, k) == "empty" {
		k++
	}
	set := func(n, next int) (int, error) {
		if n < 1 || n > 4 {
			return -1, games.Refuse("crackword.err.no_row", n)
		}
		p.r = n - 1
		return next, nil
	}
	w := phrase.At(ws, k)
	if rowWords[w] && k+1 < len(ws) {
		k++
		for rowNumberIntro[phrase.At(ws, k)] && k+1 < len(ws) {
			k++
		}
		n, ok := phrase.Number(phrase.At(ws, k))
		if !ok {
			return -1, games.Refuse("crackword.err.syntax_row", ws[k].Typed)
		}
		return set(n, k+1)
	}
	if n, ok := phrase.Ordinal(w); ok && rowWords[phrase.At(ws, k+1)] {
		return set(n, k+2)
	}
	for _, prefix := range []string{"rangee", "row", "r", "#"} {
		if rest, ok := strings.CutPrefix(w, prefix); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			if n, err := strconv.Atoi(rest); err == nil {
				return set(n, k+1)
			}
		}
	}
	return -1, nil
}

// skipFillers is the index of the first word from i that is not one of
// the little words of a sentence, the last word aside (it may be the
// example).
func skipFillers(ws []phrase.Word, i int) int {
	for i+1 < len(ws) && phrase.Filler(ws[i].Fold) {
		i++
	}
	return i
}

var sideWords = map[string]int{
	"droite": sideRight, "right": sideRight, "d": sideRight, "r": sideRight, "dr": sideRight, "→": sideRight, "➡": sideRight,
	"gauche": sideLeft, "left": sideLeft, "g": sideLeft, "l": sideLeft, "ga": sideLeft, "←": sideLeft, "⬅": sideLeft,
}

var (
	onWords        = phrase.Set("sur on dessus top s o")
	cardWords      = phrase.Set("carte card position pos place pile")
	rowWords       = phrase.Set("rangee rangees rang ligne row")
	rowNumberIntro = phrase.Set("vide empty numero no n° number nr")
)
