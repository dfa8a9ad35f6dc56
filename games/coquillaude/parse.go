package coquillaude

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
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
func parseMove(text string) (move, error) {
	var m move
	toks := strings.Fields(strings.TrimSpace(text))
	if len(toks) == 0 {
		return m, games.Refuse("coquillaude.err.syntax", text)
	}
	verb := strings.ToLower(strings.TrimPrefix(toks[0], "/"))
	verb, _ = foldLower(verb)
	args := toks[1:]
	switch verb {
	case "passe", "passer", "pass", "rien", "nothing", "aucun", "none", "non", "no", "nodefi":
		if len(args) == 0 {
			m.kind = mvPass
			return m, nil
		}
	case "reponse", "repondre", "answer", "rep", "r":
		if len(args) == 0 {
			return m, games.Refuse("coquillaude.err.answer_what")
		}
		m.kind, m.text = mvAnswer, strings.Join(args, " ")
		return m, nil
	case "mot", "propose", "proposer", "proposition", "word", "play":
		return parsePropose(args, text)
	case "don", "donne", "donner", "give", "gift":
		return parseGive(args)
	case "vote", "voter":
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
	case "defi", "challenge", "conteste":
		var list []string
		for _, a := range args {
			for _, w := range strings.Split(a, ",") {
				if w = strings.TrimSpace(w); w != "" {
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
	if len(args) == 0 {
		return m, games.Refuse("coquillaude.err.propose_syntax")
	}
	w, ok := lexicon.Fold(args[0])
	if !ok {
		return m, games.Refuse("coquillaude.err.not_letters", args[0])
	}
	p := proposal{Word: w, Row: -1, Dir: -1, Text: strings.Join(append([]string{"mot"}, args...), " ")}
	for i := 1; i < len(args); i++ {
		a := args[i]
		low := strings.ToLower(a)
		if r, c, ok := parseCell(a); ok {
			if p.Row >= 0 {
				return m, games.Refuse("coquillaude.err.two_cells", a)
			}
			p.Row, p.Col = r, c
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
	if len(args) == 1 {
		if f, _ := foldLower(args[0]); f == "hasard" || f == "random" || f == "auto" || f == "?" {
			m.random = true
			return m, nil
		}
	}
	for _, a := range args {
		f, ok := lexicon.Fold(strings.ReplaceAll(a, ",", ""))
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

// dirWord is the French word of a direction, used in moves the engine
// writes (bot moves and buttons).
var dirWord = [4]string{"droite", "bas", "diag", "haut-droite"}
