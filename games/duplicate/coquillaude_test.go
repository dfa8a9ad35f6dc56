package duplicate

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/tablee/tablee/games/coquillaude"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
)

// realCoquillaude is La Coquillaude with the bundled dictionary and proper
// nouns, loaded once for the package's tests (realEngine's dictionary).
func realCoquillaude() *coquillaude.Engine {
	realEngine()
	return &coquillaude.Engine{Lex: func() *lexicon.Lexicon { return realLex }}
}

func mustCoquillaude(t testing.TB, e *coquillaude.Engine, seed uint64) *Deal {
	t.Helper()
	return mustMake(t, func() (*Deal, error) { return Coquillaude(e, seed) })
}

// coqPosition is what a test reads of a round's saved position: the board
// and the hand everyone gets.
type coqPosition struct {
	Board string   `json:"board"`
	Hands []string `json:"-"`
	Raw   [][]byte `json:"hands"`
}

func readPosition(t testing.TB, pos []byte) coqPosition {
	t.Helper()
	var p coqPosition
	if err := json.Unmarshal(pos, &p); err != nil || len(p.Raw) != 1 || len(p.Board) != coquillaude.Size*coquillaude.Size {
		t.Fatalf("a round's position: %v", err)
	}
	p.Hands = []string{string(p.Raw[0])}
	return p
}

// TestCQ_D6_CoquillaudeDealIsDeterministic: a seed gives one deal in every
// process (made again from the seed, the same round by round, the pions
// included), another seed another deal; every round gives CoquillaudePions
// pions, its top is worth 25 or more (CQ-D8) and is placed, and the next
// round starts from the board with the top on it (CQ-D6: the best proposal
// is placed for everyone).
func TestCQ_D6_CoquillaudeDealIsDeterministic(t *testing.T) {
	a, b := mustCoquillaude(t, realCoquillaude(), 20260329), mustCoquillaude(t, realCoquillaude(), 20260329)
	if !reflect.DeepEqual(a.Turns, b.Turns) || a.Game != "coquillaude" {
		t.Fatal("one seed, two deals")
	}
	if len(a.Turns) != CoquillaudeRounds {
		t.Fatalf("%d rounds, want %d", len(a.Turns), CoquillaudeRounds)
	}
	if c := mustCoquillaude(t, realCoquillaude(), 20260330); reflect.DeepEqual(a.Turns[0].Letters, c.Turns[0].Letters) {
		t.Fatal("two seeds, one first hand")
	}
	for i, turn := range a.Turns {
		if len(turn.Letters) != CoquillaudePions || turn.TopScore < 25 || turn.TopWord == "" ||
			!strings.HasPrefix(turn.Top, "mot "+turn.TopWord+" ") || turn.Die != 0 {
			t.Fatalf("round %d: %+v", i+1, turn)
		}
		t.Logf("round %d: %s %s: %d", i+1, turn.Letters, turn.Top, turn.TopScore)
		if i == 0 {
			if strings.Trim(readPosition(t, turn.Position).Board, ".") != "" {
				t.Fatal("the first round is not on the empty board")
			}
			continue
		}
		if got, want := readPosition(t, turn.Position).Board, afterTop(t, a, i-1).(*coquillaude.Game).Board(); got != want {
			t.Fatalf("round %d does not start from the top of round %d", i+1, i)
		}
	}
}

// TestCQ_D2_D3_SamePionsForEveryone: the questions and gifts that make a
// hand at a table (CQ-D2, CQ-D3) are replaced by a draw from the seed:
// every player gets the same pions each round, whoever he is, wherever the
// deal was made or loaded, whatever he played in the rounds before; the
// pions are the position's own (the game checks a proposal against them),
// drawn from the bag of 171 (CQ-D1).
func TestCQ_D2_D3_SamePionsForEveryone(t *testing.T) {
	d := mustCoquillaude(t, realCoquillaude(), 99)
	loaded, err := LoadGame("coquillaude", mustSave(t, d))
	if err != nil {
		t.Fatal(err)
	}
	for i, turn := range d.Turns {
		for _, deal := range []*Deal{d, loaded} {
			g, err := deal.Position(i)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.(*coquillaude.Game).Pions(0); got != turn.Letters {
				t.Fatalf("round %d: the position gives %s, the turn %s", i+1, got, turn.Letters)
			}
		}
		if readPosition(t, turn.Position).Hands[0] != turn.Letters {
			t.Fatalf("round %d: the saved hand is not the turn's", i+1)
		}
		// A player who plays something else than the top, or nothing,
		// still gets the next round's pions: the deal does not change.
		before := snapshot(d)
		if _, err := d.Score(i, "rien"); err != nil {
			t.Fatal(err)
		}
		if snapshot(d) != before {
			t.Fatal("a pass changed the deal")
		}
	}
}

// TestCQ_PlayedTopScores100: a player who plays every top scores each top's
// points and 100 % at every round.
func TestCQ_PlayedTopScores100(t *testing.T) {
	playTops(t, mustCoquillaude(t, realCoquillaude(), 7))
}

// TestCQ_D4_D6_RefusalsLeaveTheDealUnchanged: a proposal the game refuses
// gets the game's own refusal and no points: a word that is none (CQ-D4),
// a letter the round's pions lack, a first word off the orange zone, a
// later word that does not connect, a claimed anagram that is none, a name
// off the famous list claimed famous that is no word (nobody to vote,
// CQ-D5); a proposal under 25 places nothing and scores 0 (CQ-D8); none of
// them changes the deal.
func TestCQ_D4_D6_RefusalsLeaveTheDealUnchanged(t *testing.T) {
	d := mustCoquillaude(t, realCoquillaude(), 7)
	before := snapshot(d)
	top := strings.Fields(d.Turns[0].Top) // mot WORD CELL DIR [anagrammes=…]
	word, cell, dir := top[1], top[2], top[3]
	hand := d.Turns[0].Letters
	// The top's letters in another order that makes no word, at the top's
	// place: the pions are his, the placement fine, the word none.
	notWord := []byte(word)
	for realLex.Has(string(notWord)) || coquillaude.IsFamous(string(notWord)) || lexicon.ProperNouns().Has(string(notWord)) {
		notWord = append(notWord[1:], notWord[0])
		if string(notWord) == word {
			t.Fatalf("every rotation of %s is a word", word)
		}
	}
	missing := byte('A')
	for strings.IndexByte(hand, missing) >= 0 {
		missing++
	}
	far := "A1 droite"
	for move, key := range map[string]string{
		"mot " + string(notWord) + " " + cell + " " + dir:                                  "coquillaude.why.not_word",
		"mot " + strings.Repeat(string(missing), len(word)) + " " + cell + " " + dir:       "coquillaude.err.not_owned",
		"mot " + word + " " + far:                                                          "coquillaude.err.orange",
		"mot " + word + " " + cell + " " + dir + " anagrammes=" + word[:len(word)-1] + "Z": "coquillaude.err.not_anagram",
		"mot " + word + " U21":                                                             "coquillaude.err.propose_dir",
	} {
		if p, err := d.Score(0, move); refusalKey(err) != key || p != 0 {
			t.Fatalf("%q: %d points, %v; want the refusal %s", move, p, err, key)
		}
	}
	// Round 2: the top of round 1 on the board, a word far from it does
	// not connect.
	if board := readPosition(t, d.Turns[1].Position).Board; strings.Trim(board[:4]+board[coquillaude.Size:coquillaude.Size+4], ".") != "" {
		t.Fatal("the corner A1 is not empty")
	}
	if p, err := d.Score(1, "mot "+smallWordOf(t, d.Turns[1].Letters)+" A1 droite"); refusalKey(err) != "coquillaude.err.connect" || p != 0 {
		t.Fatalf("a word off the board's words: %d points, %v", p, err)
	}
	// A name off the list claimed famous that is no word: nobody votes.
	if p, err := d.Score(0, "mot "+string(notWord)+" "+cell+" "+dir+" celebre"); refusalKey(err) != "coquillaude.why.no_vote_alone" || p != 0 {
		t.Fatalf("a famous claim off the list: %d points, %v", p, err)
	}
	// A two-letter word of the round's pions is worth 4: under 25 it
	// places nothing (CQ-D8).
	small := smallWordOf(t, hand)
	if p, err := d.Score(0, "mot "+small+" K11 droite"); err != nil || p != 0 {
		t.Fatalf("%s worth under 25: %d points, %v", small, p, err)
	}
	if snapshot(d) != before {
		t.Fatal("scoring proposals changed the deal")
	}
}

// smallWordOf is a word of two of the hand's pions.
func smallWordOf(t *testing.T, hand string) string {
	for _, w := range realLex.SubAnagrams(hand, 2) {
		if len(w) == 2 {
			return w
		}
	}
	t.Fatalf("no two-letter word in %s", hand)
	return ""
}

// TestCQ_DealSavedAndLoaded: a La Coquillaude deal stored and read back
// with the binary's engine is the same deal and scores proposals the same.
func TestCQ_DealSavedAndLoaded(t *testing.T) {
	d, err := Make("coquillaude", 5)
	if err != nil {
		t.Fatal(err)
	}
	data := mustSave(t, d)
	back, err := LoadGame("coquillaude", data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Turns, d.Turns) || back.Seed != 5 || back.Game != "coquillaude" {
		t.Fatal("the deal read back differs")
	}
	last := len(d.Turns) - 1
	if p, err := back.Score(last, d.Turns[last].Top); err != nil || p != d.Turns[last].TopScore {
		t.Fatalf("the top of the last round read back: %d, %v", p, err)
	}
	if _, err := LoadGame("motsdetete", data); err == nil {
		t.Fatal("a La Coquillaude deal loaded as Mots de Tête's")
	}
}

// TestCQ_CardHoldsNoLetterOfTheDeal: the share card of a La Coquillaude
// challenge holds the day, the game's shell, the percentage and one mark a
// round, and no letter: none of the pions, none of the tops.
func TestCQ_CardHoldsNoLetterOfTheDeal(t *testing.T) {
	d := mustCoquillaude(t, realCoquillaude(), 11)
	var points []int
	for i, turn := range d.Turns {
		move := turn.Top
		if i%3 == 2 {
			move = "rien"
		}
		p, err := d.Score(i, move)
		if err != nil {
			t.Fatal(err)
		}
		points = append(points, p)
	}
	card := d.Card(cardDay, points)
	t.Logf("\n%s", card)
	if !strings.HasPrefix(card, "🗓️ 2026-03-29 🐚 ") || strings.Count(card, Top.Symbol()) != 8 || strings.Count(card, Far.Symbol()) != 4 {
		t.Fatalf("card %q", card)
	}
	for _, r := range card {
		if unicode.IsLetter(r) {
			t.Fatalf("the card holds the letter %q", r)
		}
	}
	for _, turn := range d.Turns {
		if strings.ContainsAny(strings.ToUpper(card), turn.Letters+turn.TopWord) {
			t.Fatalf("the card holds a letter of %s or %s", turn.Letters, turn.TopWord)
		}
	}
}

// smallCoqWords and smallCoqNames are the dictionary and the proper nouns
// of the exhaustive test: common short words, anagram families (CHIEN
// NICHE CHINE, REGLES LEGERS GRELES, the word and a name: AIMER MARIE), an
// initialism among the names (SNCF, never a word).
var (
	smallCoqWords = strings.Fields(`LA LE LES ET EN ES SE TE NE UN IL SA TA MA ME DE DU AS OR OU NU
	AU UT TU SI NI RE MI RI IN ON OS OT
	MAIS SONT LAIT TOUT RIEN NOTE TARE RATE SALE MERE ROSE RUSE MUSE TOIT TRES ELLE ILES LIRE
	DIRE RIRE NIER OSER USER TIRE MOTS LOTS SOLE SEUL NOIR SOIR TOILE ETOILE SOLEIL MAISON
	RAISON SAISON TOILES ETOILES ROSES MARE AMIE AMIS TAMIS SALUT LUNE DUNE RUNE TENIR VENIR
	MENTIR SORTIR PARTIR TAIRE SOLDE MONDE RONDE ONDE ONDES TENTE LENTE LENT DENT DENTS VENT
	SENT RENTE SERRE ARME ARMES LAME LAMES RAME RAMES TRAME DAME DAMES MALE MALES SEL SUR SUD
	CHIEN NICHE CHINE REGLES LEGERS GRELES AIMER RAMIE TRAINS TRANSI INSTAR SATIN TISANE SAINTE
	ENTRAIT TRAINE ARIEN ANIER RAINE SIRENE SEREIN RESINE SAINE AINES ETAIN TEINTA NATTE
	SALON LOTIE OTARIE NOTAIRE RENTAL ORNES SENOR TENOR NOTER TONNE TERNE TENUE ETUDE ROUTE
	ROUTES SORTE TORSE ESTER RESTE TERRE TERRES LITRE LITRES TITRE SOURIRE OURS ROUE ROUES
	MOULE MOULES POULE POULES LOUPE PELOTE PILOTE POTEAU PATES PATE TAPE TAPES PESTE SEPT
	CINQ NUIT NUITS CIEL CIELS LIEU LIEUX SOUCI AVION AVIONS VILLE VILLES PLACE PLACES`)
	smallCoqNames = strings.Fields(`PARIS ROME LEON NOEL MARIE ERIC SIMON TINA SNCF`)
)

// TestCQ_D4_TopEqualsBruteForce: with a small dictionary and list of names
// on the real board, the top of every round scores as much as the best of
// every proposal there is: every word of the dictionary, the names, the
// famous list and COQUILLAUDE, at every cell, in the four directions
// (CQ-D4), claiming every anagram the same words make, each played through
// the game's own rules (Apply on the round's position). The search only
// skips, as no rule could accept them, a word with a letter neither the
// pions nor the board hold, and a placement off the board or over a
// different letter. Where a deal stops short, nothing reaches 25 on the
// next round (CQ-D8).
func TestCQ_D4_TopEqualsBruteForce(t *testing.T) {
	dict, err1 := lexicon.Build(smallCoqWords)
	names, err2 := lexicon.Build(smallCoqNames)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	e := &coquillaude.Engine{Lex: func() *lexicon.Lexicon { return dict }, Names: func() *lexicon.Lexicon { return names }}
	universe := append(append(append([]string{"COQUILLAUDE"}, smallCoqWords...), smallCoqNames...), famousNames(t)...)
	claims := anagramClaims(universe, func(w string) bool {
		return dict.Has(w) || names.Has(w) && !coquillaude.IsInitialism(w) || coquillaude.IsFamous(w) || w == "COQUILLAUDE"
	})
	compared, seeds := 0, uint64(8)
	if testing.Short() || gamestest.Race {
		seeds = 2
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		d, err := coquillaudeDeal(e, seed, CoquillaudeRounds)
		if err != nil {
			// Not a word of 25 in the first hand: so says the brute force.
			first, err2 := e.NewDuplicate(seed, CoquillaudePions)
			if err2 != nil {
				t.Fatal(err2)
			}
			pos, _ := first.Save()
			d = &Deal{Game: "coquillaude", Turns: []Turn{{Position: pos}}}
			if loaded, err := Load(e, mustSave(t, d)); err != nil || loaded == nil {
				t.Fatal(err)
			} else if best, move := bruteForce(t, loaded, 0, claims); best > 0 {
				t.Fatalf("seed %d: no deal (%v), %q scores %d", seed, err, move, best)
			}
			continue
		}
		for i, turn := range d.Turns {
			best, move := bruteForce(t, d, i, claims)
			if best != turn.TopScore {
				t.Fatalf("seed %d round %d (%s): top %q %d, brute force %q %d", seed, i+1, turn.Letters, turn.Top, turn.TopScore, move, best)
			}
			compared++
		}
		if len(d.Turns) < CoquillaudeRounds {
			if best, move := bruteForce(t, withNextTurn(t, d), len(d.Turns), claims); best > 0 {
				t.Fatalf("seed %d: the deal stopped after %d rounds, %q scores %d", seed, len(d.Turns), move, best)
			}
		}
	}
	if compared < 2*int(seeds) {
		t.Fatalf("only %d rounds compared", compared)
	}
	t.Logf("%d rounds compared", compared)
}

func mustSave(t testing.TB, d *Deal) []byte {
	t.Helper()
	data, err := d.Save()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// famousNames is the game's famous list, read from its file.
func famousNames(t *testing.T) []string {
	data, err := os.ReadFile("../coquillaude/famous.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
			if f, ok := lexicon.Fold(line); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// anagramClaims maps every valid word of the universe to the other valid
// words of the same letters.
func anagramClaims(universe []string, valid func(string) bool) map[string][]string {
	bySorted := map[string][]string{}
	for _, w := range universe {
		if !valid(w) {
			continue
		}
		k := []byte(w)
		slices.Sort(k)
		if !slices.Contains(bySorted[string(k)], w) {
			bySorted[string(k)] = append(bySorted[string(k)], w)
		}
	}
	out := map[string][]string{}
	for _, family := range bySorted {
		for _, w := range family {
			out[w] = nil
			for _, a := range family {
				if a != w {
					out[w] = append(out[w], a)
				}
			}
		}
	}
	return out
}

// bruteForce plays every valid word at every cell in the four directions,
// claiming its anagrams, on round i's position and returns the best score.
func bruteForce(t *testing.T, d *Deal, i int, claims map[string][]string) (int, string) {
	t.Helper()
	pos := readPosition(t, d.Turns[i].Position)
	var have, pions [26]int
	for _, b := range pos.Hands[0] + strings.ReplaceAll(pos.Board, ".", "") {
		have[b-'A']++
	}
	for _, b := range pos.Hands[0] {
		pions[b-'A']++
	}
	g, err := d.Position(i)
	if err != nil {
		t.Fatal(err)
	}
	const size = coquillaude.Size
	steps := map[string][2]int{"droite": {0, 1}, "bas": {1, 0}, "diag": {1, 1}, "haut-droite": {-1, 1}}
	best, bestMove := 0, ""
	for w, anagrams := range claims {
		var need [26]int
		fits := true
		for k := 0; k < len(w); k++ {
			need[w[k]-'A']++
			fits = fits && need[w[k]-'A'] <= have[w[k]-'A']
		}
		if !fits {
			continue
		}
		for r := 0; r < size; r++ {
			for c := 0; c < size; c++ {
				for dir, st := range steps {
					er, ec := r+st[0]*(len(w)-1), c+st[1]*(len(w)-1)
					if er < 0 || er >= size || ec >= size {
						continue
					}
					// Over a different letter, or new letters the pions
					// lack: no rule accepts it.
					over, spent := false, pions
					for k := 0; k < len(w) && !over; k++ {
						switch b := pos.Board[(r+st[0]*k)*size+c+st[1]*k]; b {
						case '.':
							spent[w[k]-'A']--
							over = spent[w[k]-'A'] < 0
						default:
							over = b != w[k]
						}
					}
					if over {
						continue
					}
					move := "mot " + w + " " + string(rune('A'+c)) + strconv.Itoa(r+1) + " " + dir
					if len(anagrams) > 0 {
						move += " anagrammes=" + strings.Join(anagrams, ",")
					}
					before := g.Result().Scores[0]
					if _, err := g.Apply(0, move); err != nil {
						continue
					}
					if p := g.Result().Scores[0] - before; p > best || p == best && move < bestMove {
						best, bestMove = p, move
					}
					if g, err = d.Position(i); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	return best, bestMove
}
