package crackword

import (
	"regexp"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

// TestFamiliarIndexFindsTheMostFamiliar: the index answers what a scan of
// every familiar word would: the lowest rank holding the sequence (then
// the shortest word, then alphabetical).
func TestFamiliarIndexFindsTheMostFamiliar(t *testing.T) {
	ix := familiarIndexOf(lexicon.Default())
	for _, s := range []string{"E", "Q", "ES", "AISO", "ATIO", "OUJ", "ABRI", "ZZ", "RQA", "EMOJ", "QU", "ETE"} {
		want, wantRank := "", 0
		for w, r := range ix.rank {
			if !strings.Contains(w, s) {
				continue
			}
			if wantRank == 0 || int(r) < wantRank || (int(r) == wantRank && (len(w) < len(want) || len(w) == len(want) && w < want)) {
				want, wantRank = w, int(r)
			}
		}
		if got, rank := ix.best(s); got != want || rank != wantRank || (rank > 0 && lexicon.Familiarity(got) != rank) {
			t.Errorf("%s: %s (%d), want %s (%d)", s, got, rank, want, wantRank)
		}
	}
	if got, _ := ix.best("AISO"); got != "RAISON" {
		t.Errorf("AISO: %s, want RAISON (rank 211, before MAISON 275)", got)
	}
}

// TestCW_D7_CrackIsNeverAnExample: CRACK or CRAQUE typed last in a lay is
// the call, so the engine never shows it as an example, nor does a bot
// type it.
func TestCW_D7_CrackIsNeverAnExample(t *testing.T) {
	d := realEngine().dict()
	for _, s := range []string{"RAC", "RACK", "CRAC", "CRACK", "RAQU", "CRAQU", "CRAQUE"} {
		ex, ok := shownExample(d, s)
		if !ok || isCrackWord(strings.ToLower(ex)) || !strings.Contains(ex, s) || !d.Has(ex) {
			t.Errorf("%s: example %q", s, ex)
		}
	}
	// A bot that lays the E of CRAQUE without the majority names no word:
	// the row is its own example.
	g := build(t, d, 2, [4]string{"Cb Rb Ar Qr Ub", "", "", ""}, []string{"E", "E"}, 10)
	for _, level := range games.Strengths {
		if m := g.Bot(0, level); strings.Contains(strings.ToLower(m), "craque") {
			t.Fatalf("%v bot: %q", level, m)
		}
	}
}

// TestAssistedShowsAFamiliarExample: the assisted mode shows the most
// familiar word holding the row (SITUATION), not the shortest (PATIO).
func TestAssistedShowsAFamiliarExample(t *testing.T) {
	g := build(t, realEngine().dict(), 2, [4]string{"Ar Tb Ir", "", "", ""}, []string{"O", "E"}, 10)
	g.s.Assisted = true
	evs := gamestest.MustApply(t, g, 0, "O droite 1")
	if text := fr(evs[0].Msg); !strings.Contains(text, "exemple : SITUATION") {
		t.Fatal(text)
	}
}

// TestBotsPlayWordsTheyKnow: in games between Normal and Easy bots, every
// example a bot names and every word it cracks in the same move is a word
// its strength knows (lexicon.Familiarity; Easy: the commonest words).
func TestBotsPlayWordsTheyKnow(t *testing.T) {
	e := realEngine()
	n := gamestest.LadderGames(20)
	for i := 0; i < n; i++ {
		gg, _ := e.New(nil, 2, uint64(7000+i))
		g := gg.(*Game)
		for moves := 0; !g.s.Over && moves < 2000; moves++ {
			seat := g.Waiting()[0].Seat
			level := []games.Strength{games.Normal, games.Easy}[(seat+i)%2]
			m := g.Bot(seat, level)
			evs, err := g.Apply(seat, m)
			if err != nil {
				t.Fatalf("game %d: %q: %v", i, m, err)
			}
			for _, ev := range evs {
				var word string
				switch ev.Msg.Key {
				case "crackword.ev.lay":
					word = ev.Msg.Args[6].(string)
				case "crackword.ev.crack":
					if m == "crack" {
						// The engine offered the call after a lay aimed at
						// another word (T after OIN, for POINT): anyone
						// accepts it, known word or not.
						continue
					}
					word = ev.Msg.Args[1].(string)
				default:
					continue
				}
				if r := lexicon.Familiarity(word); !level.Plays(r) {
					t.Fatalf("game %d: the %v bot plays %s (familiarity %d) in %q", i, level, word, r, m)
				}
			}
		}
	}
}

// TestHelpExamplesAreFamiliar: the example words of the help and of the
// syntax refusals are words everyone knows, and never "crack".
func TestHelpExamplesAreFamiliar(t *testing.T) {
	move := regexp.MustCompile(`(?:E|joker=A) (?:droite|gauche|right|left|sur \d|on \d) \d (\pL+)`)
	for _, lang := range []i18n.Lang{i18n.FR, i18n.EN} {
		for _, key := range []string{"crackword.err.syntax", "crackword.err.joker_letter", "crackword.pv.hint_play", "crackword.rules"} {
			text := i18n.Renderer{Lang: lang}.Text(i18n.T(key, "x"))
			found := move.FindAllStringSubmatch(text, -1)
			if len(found) == 0 {
				t.Errorf("%s %s: no example", lang, key)
			}
			for _, f := range found {
				if w := f[1]; lexicon.Familiarity(w) == 0 || isCrackWord(strings.ToLower(w)) {
					t.Errorf("%s %s: example %q is not a familiar word", lang, key, w)
				}
			}
		}
	}
}
