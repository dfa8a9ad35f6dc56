package coquillaude

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/games/phrase"
)

// Move kinds.
const (
	mvPass      = iota + 1 // passe / pass / rien / nothing
	mvAnswer               // reponse CHINE
	mvPropose              // mot NAPOLEON H11 droite celebre
	mvGive                 // don E / don hasard
	mvVote                 // vote oui / vote non / vote blanc
	mvChallenge            // defi NICHE,CHINE
)

// move is a parsed move string.
type move struct {
	kind   int
	text   string // the answer as typed
	prop   proposal
	give   []byte // letters given; nil with random
	random bool
	ballot int // 1 yes, 2 no, 3 abstain
	list   []string
}

// The move syntax, French and English, case and accents free:
//
//	reponse CHINE                        answer CHINE
//	mot NAPOLEON H11 droite celebre      word NAPOLEON H11 right famous
//	mot CHIEN H11 bas anagrammes=NICHE
//	mot BALISE J10 diag anagrammes=BLAISE*,BASILE*    (* claims a famous name)
//	rien                                 nothing      (no proposal)
//	don E   /  don E S  /  don hasard    give E  /  give random
//	vote oui / non / blanc               vote yes / no / abstain
//	defi NICHE,CHINE            challenge NICHE,CHINE
//	passe                                pass
//
// Directions: droite/right (→), bas/down (↓), diag/bas-droite/down-right
// (↘), haut-droite/up-right (↗). A cell is its column A-U and row 1-21
// (H11, or 11H).
//
// Moves may be written as sentences too, as the bot narrates them: "répond
// PIRATES", "je réponds pirates", "ma réponse : pirates", "ne propose
// rien", "ne défie pas", "je vote oui", "je donne le E", "pose NAPOLEON en
// H11, vers la droite", "mot napoléon en h11 en diagonale montante". After
// the word proposed, the little words of a sentence are skipped.
func parseMove(text string) (move, error) {
	var m move
	toks := strings.Fields(strings.TrimSpace(text))
	if len(toks) == 0 {
		return m, games.Refuse("coquillaude.err.syntax", text)
	}
	toks[0] = strings.TrimPrefix(toks[0], "/")
	toks = splitElision(toks)
	if isPassSentence(toks) {
		m.kind = mvPass
		return m, nil
	}
	// "je réponds", "ma réponse est", "j'ai la réponse :".
	for len(toks) > 1 && subjects[word(toks[0])] {
		toks = toks[1:]
	}
	verb := word(toks[0])
	args := toks[1:]
	switch verb {
	case "passe", "passer", "pass", "rien", "nothing", "aucun", "none", "non", "no", "nodefi":
		if len(args) == 0 {
			m.kind = mvPass
			return m, nil
		}
	case "reponse", "repondre", "answer", "rep", "r", "repond", "reponds", "answers":
		for len(args) > 0 && (args[0] == ":" || word(args[0]) == "est" || word(args[0]) == "is") {
			args = args[1:]
		}
		if len(args) == 0 {
			return m, games.Refuse("coquillaude.err.answer_what")
		}
		m.kind, m.text = mvAnswer, strings.Join(args, " ")
		return m, nil
	case "mot", "propose", "proposer", "proposition", "word", "play", "pose", "poser", "place", "places":
		return parsePropose(args, text)
	case "don", "donne", "donner", "give", "gift", "gives":
		return parseGive(args)
	case "vote", "voter", "votes":
		if len(args) == 1 {
			if b := ballot(args[0]); b > 0 {
				m.kind, m.ballot = mvVote, b
				return m, nil
			}
		}
		return m, games.Refuse("coquillaude.err.vote_syntax")
	case "oui", "yes", "blanc", "abstention", "abstain":
		if len(args) == 0 {
			m.kind, m.ballot = mvVote, ballot(verb)
			return m, nil
		}
	case "defi", "challenge", "conteste", "defie", "challenges":
		var list []string
		for _, a := range args {
			if w := word(a); challengeFiller[w] || a == ":" {
				continue
			}
			for _, w := range strings.Split(a, ",") {
				if w = strings.TrimSpace(strings.TrimRight(w, ":.!")); w != "" {
					f, ok := lexicon.Fold(w)
					if !ok {
						return m, games.Refuse("coquillaude.err.not_letters", w)
					}
					list = append(list, f)
				}
			}
		}
		if len(list) == 0 {
			return m, games.Refuse("coquillaude.err.challenge_syntax")
		}
		m.kind, m.list = mvChallenge, list
		return m, nil
	}
	return m, games.Refuse("coquillaude.err.syntax", text)
}

// word is a token as the grammar compares it: folded, its punctuation
// aside.
func word(t string) string {
	return games.FoldWord(strings.Trim(t, ":,;.!?()«»\""))
}

// splitElision makes "j'ai" two tokens, "j" and "ai", and "l'E" "l" and
// "E" (see phrase.Words).
func splitElision(toks []string) []string {
	var out []string
	for _, t := range toks {
		for _, w := range phrase.Words(t) {
			if w.Elided {
				out = append(out, w.Typed)
				t = strings.TrimPrefix(strings.TrimPrefix(t[len(w.Typed):], "'"), "’")
			}
		}
		out = append(out, t)
	}
	return out
}

var subjects = map[string]bool{"je": true, "j": true, "i": true, "ma": true, "mon": true, "my": true, "ai": true, "la": true}

// isPassSentence: "ne propose rien", "je ne défie pas", "pas de défi",
// "je passe", "proposes nothing", "does not challenge".
func isPassSentence(toks []string) bool {
	if len(toks) < 2 {
		return false
	}
	neg := false
	for _, t := range toks {
		w := word(t)
		if !passWords[w] {
			return false
		}
		neg = neg || passCore[w]
	}
	return neg
}

var (
	passWords = phrase.Set("je j i ne n propose proposes proposer rien nothing defie defi defier pas de passe passer pass passes aucun aucune proposition a does not challenge no none non mon tour my turn")
	passCore  = phrase.Set("rien nothing pas not passe passer pass passes aucun aucune none")
)

func foldLower(s string) (string, bool) {
	f, ok := lexicon.Fold(s)
	if !ok {
		return s, false
	}
	return strings.ToLower(f), true
}

func ballot(t string) int {
	t, _ = foldLower(t)
	switch t {
	case "oui", "yes", "o", "y", "pour", "for":
		return 1
	case "non", "no", "n", "contre", "against":
		return 2
	case "blanc", "abstention", "abstain", "abs", "neutre":
		return 3
	}
	return 0
}

func parsePropose(args []string, text string) (move, error) {
	m := move{kind: mvPropose}
	// "le mot NAPOLEON", "the word NAPOLEON"; but "mot MOT H11 bas", "mot
	// LA en H11 bas": the word is the one a cell or a little word follows.
	for len(args) > 1 && proposeIntro[word(args[0])] && !cellFollows(args[1:]) {
		args = args[1:]
	}
	if len(args) == 0 {
		return m, games.Refuse("coquillaude.err.propose_syntax")
	}
	w, ok := lexicon.Fold(strings.TrimRight(args[0], ",;:"))
	if !ok {
		return m, games.Refuse("coquillaude.err.not_letters", args[0])
	}
	p := proposal{Word: w, Row: -1, Dir: -1, Text: strings.Join(append([]string{"mot"}, args...), " ")}
	for i := 1; i < len(args); i++ {
		a := strings.TrimRight(args[i], ",;.!")
		low := strings.ToLower(a)
		if a == "" || a == ":" {
			continue
		}
		// An arrow glued to the cell ("H11→").
		for _, arrow := range []string{"→", "↓", "↘", "↗"} {
			if cell, ok := strings.CutSuffix(a, arrow); ok && cell != "" {
				if _, _, ok := parseCell(cell); ok {
					args = append(args[:i+1], append([]string{arrow}, args[i+1:]...)...)
					a, low = cell, strings.ToLower(cell)
				}
			}
		}
		if r, c, ok := parseCell(a); ok {
			if p.Row >= 0 {
				return m, games.Refuse("coquillaude.err.two_cells", a)
			}
			p.Row, p.Col = r, c
			continue
		}
		if d, n, ok := dirPhrase(args, i); ok {
			if p.Dir >= 0 {
				return m, games.Refuse("coquillaude.err.two_dirs", a)
			}
			p.Dir = d
			i += n - 1
			continue
		}
		if d, ok := parseDir(low); ok {
			if p.Dir >= 0 {
				return m, games.Refuse("coquillaude.err.two_dirs", a)
			}
			p.Dir = d
			continue
		}
		if f, ok := foldLower(low); ok && (f == "celebre" || f == "famous" || f == "celeb") {
			p.Famous = true
			continue
		}
		if k := strings.IndexAny(low, "=:"); k > 0 {
			key, _ := foldLower(low[:k])
			switch key {
			case "anagrammes", "anagramme", "anagrams", "anagram", "ana", "a":
				for _, x := range strings.Split(a[k+1:], ",") {
					if x = strings.TrimSpace(x); x == "" {
						continue
					}
					fam := strings.HasSuffix(x, "*")
					f, ok := lexicon.Fold(strings.TrimSuffix(x, "*"))
					if !ok {
						return m, games.Refuse("coquillaude.err.not_letters", x)
					}
					p.Anagrams = append(p.Anagrams, f)
					p.AnaFam = append(p.AnaFam, fam)
				}
				continue
			}
		}
		// The little words of a sentence ("en H11", "personnage
		// célèbre"): the word proposed is already read.
		if phrase.Filler(word(a)) || proposeFiller[word(a)] {
			continue
		}
		return m, games.Refuse("coquillaude.err.propose_word", a)
	}
	if p.Row < 0 {
		return m, games.Refuse("coquillaude.err.propose_cell")
	}
	if p.Dir < 0 {
		return m, games.Refuse("coquillaude.err.propose_dir")
	}
	if len(p.Anagrams) > 20 {
		return m, games.Refuse("coquillaude.err.syntax", text)
	}
	m.prop = p
	return m, nil
}

// cellFollows: args begin with the cell, said alone or after one little
// word ("H11", "en H11").
func cellFollows(args []string) bool {
	if _, _, ok := parseCell(strings.TrimRight(args[0], ",")); ok {
		return true
	}
	if len(args) > 1 && phrase.Filler(word(args[0])) {
		_, _, ok := parseCell(strings.TrimRight(args[1], ","))
		return ok
	}
	return false
}

var (
	proposeIntro  = phrase.Set("le la mot word the")
	proposeFiller = phrase.Set("case cellule cell personnage partir depuis comme")
)

// dirPhrases are the directions said in several words, as the bot writes
// them ("vers la droite", "en diagonale montante", "diagonally up") and
// as players say them.
var dirPhrases = []struct {
	words []string
	dir   int
}{
	{strings.Fields("en diagonale vers le haut"), dirUpRight},
	{strings.Fields("en diagonale vers le bas"), dirDownRight},
	{strings.Fields("en diagonale montante"), dirUpRight},
	{strings.Fields("en diagonale descendante"), dirDownRight},
	{strings.Fields("diagonale montante"), dirUpRight},
	{strings.Fields("diagonale descendante"), dirDownRight},
	{strings.Fields("vers le haut a droite"), dirUpRight},
	{strings.Fields("vers le bas a droite"), dirDownRight},
	{strings.Fields("en montant"), dirUpRight},
	{strings.Fields("en descendant"), dirDown},
	{strings.Fields("en diagonale"), dirDownRight},
	{strings.Fields("diagonally up"), dirUpRight},
	{strings.Fields("diagonally down"), dirDownRight},
	{strings.Fields("vers la droite"), dirRight},
	{strings.Fields("sur la droite"), dirRight},
	{strings.Fields("a droite"), dirRight},
	{strings.Fields("vers le bas"), dirDown},
	{strings.Fields("en bas"), dirDown},
	{strings.Fields("de haut en bas"), dirDown},
	{strings.Fields("to the right"), dirRight},
	{strings.Fields("rightwards"), dirRight},
	{strings.Fields("downwards"), dirDown},
	{strings.Fields("horizontalement"), dirRight},
	{strings.Fields("verticalement"), dirDown},
}

// dirPhrase reads a direction of several words at args[i]: the direction
// and the number of words.
func dirPhrase(args []string, i int) (int, int, bool) {
next:
	for _, p := range dirPhrases {
		if i+len(p.words) > len(args) {
			continue
		}
		for k, w := range p.words {
			if word(args[i+k]) != w {
				continue next
			}
		}
		return p.dir, len(p.words), true
	}
	return 0, 0, false
}

// parseCell reads "H11" or "11H" (columns A-U, rows 1-21).
func parseCell(t string) (int, int, bool) {
	t = strings.ToUpper(t)
	if len(t) < 2 || len(t) > 3 {
		return 0, 0, false
	}
	var col byte
	var num string
	switch {
	case t[0] >= 'A' && t[0] <= 'Z':
		col, num = t[0], t[1:]
	case t[len(t)-1] >= 'A' && t[len(t)-1] <= 'Z':
		col, num = t[len(t)-1], t[:len(t)-1]
	default:
		return 0, 0, false
	}
	n, err := strconv.Atoi(num)
	if err != nil || num[0] == '+' || num[0] == '-' || col > 'A'+Size-1 || n < 1 || n > Size {
		return 0, 0, false
	}
	return n - 1, int(col - 'A'), true
}

func parseDir(t string) (int, bool) {
	switch t {
	case "droite", "right", "h", "horizontal", "horizontale", "→", "➡", "d", "r":
		return dirRight, true
	case "bas", "down", "v", "vertical", "verticale", "↓", "⬇", "b":
		return dirDown, true
	case "diag", "diagonale", "diagonal", "bas-droite", "down-right", "↘", "dd", "db":
		return dirDownRight, true
	case "haut-droite", "up-right", "↗", "dh", "du", "montante", "diag-haut":
		return dirUpRight, true
	}
	return 0, false
}

func parseGive(args []string) (move, error) {
	m := move{kind: mvGive}
	if n := len(args); n > 0 {
		// "don hasard", "je donne au hasard", "give at random".
		f, _ := foldLower(args[n-1])
		random := f == "hasard" || f == "random" || f == "auto" || f == "?"
		for _, a := range args[:n-1] {
			random = random && randomIntro[word(a)]
		}
		if random {
			m.random = true
			return m, nil
		}
	}
	for _, a := range args {
		// "je donne le E et le S", "donne mes pions E, S": the little
		// words of several letters go; a letter alone is a letter.
		if w := word(a); len(args) > 1 && (giveFiller[w] || w == "") {
			continue
		}
		f, ok := lexicon.Fold(strings.Trim(strings.ReplaceAll(a, ",", ""), ".!"))
		if !ok {
			return m, games.Refuse("coquillaude.err.give_syntax")
		}
		m.give = append(m.give, f...)
	}
	if len(m.give) == 0 {
		return m, games.Refuse("coquillaude.err.give_syntax")
	}
	return m, nil
}

var challengeFiller = phrase.Set("avec with et and")

var randomIntro = phrase.Set("au a at par")

var giveFiller = phrase.Set("le la les un une mon ma mes pion pions lettre lettres et and the my letter letters token tokens l")

// dirWord is the French word of a direction, used in moves the engine
// writes (bot moves and buttons).
var dirWord = [4]string{"droite", "bas", "diag", "haut-droite"}
