package gamestest

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Narrator gives the words with which the bot narrated one move, from
// the move's events rendered for a reader whose seats are all named
// NarratedName ("pose S à droite de la rangée 4 ras"), or "" when no event
// describes the move. The move as the bot player typed it is there only
// for what no event says (Words Out does not tell that a player stopped
// laying cards).
type Narrator func(r i18n.Renderer, move string, evs []games.Event) string

// NarratedName is the name of every seat in the narrations a Narrator
// reads: it begins them ("Alice pose S…"), and the Narrator cuts it off.
const NarratedName = "Alice"

// CheckNarrationPlaysBack plays a bot game and, before each move, gives a
// copy of the position the words the bot narrated the move with, in
// French and in English: the copy must end exactly as the game did (the
// same saved bytes). Whatever the bot writes to describe a move is then a
// move a player may type back. It returns the number of narrations played
// back. same compares the copy with the game when a game keeps a move as
// typed (nil: the same saved bytes).
func CheckNarrationPlaysBack(t testing.TB, e games.Engine, opts games.Options, players int, seed uint64, maxMoves int, narrate Narrator, same func(a, b games.Game) bool) int {
	t.Helper()
	g, err := e.New(opts, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for n := 0; n < maxMoves && !g.Result().Over; n++ {
		w := g.Waiting()
		if len(w) == 0 {
			break
		}
		seat := w[0].Seat
		before, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		mv := g.Bot(seat, games.Strengths[(int(seed)+seat)%len(games.Strengths)])
		evs := MustApply(t, g, seat, mv)
		after, _ := g.Save()
		for _, lang := range i18n.Langs {
			r := i18n.Renderer{Lang: lang, Name: func(int) string { return NarratedName }}
			said := narrate(r, mv, evs)
			if said == "" {
				continue
			}
			replay, err := e.Load(before)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := replay.Apply(seat, said); err != nil {
				t.Fatalf("seed %d move %d: the narration %q of %q is refused: %v", seed, n, said, mv, err)
			}
			got, _ := replay.Save()
			if same != nil && !same(replay, g) || same == nil && !bytes.Equal(got, after) {
				t.Fatalf("seed %d move %d: the narration %q is not the move %q", seed, n, said, mv)
			}
			checked++
		}
	}
	return checked
}

// Table is one bot game CheckNarrationsPlayBack plays: its number of
// players and its options (nil: the defaults).
type Table struct {
	Players int
	Opts    games.Options
}

// CheckNarrationsPlayBack is CheckNarrationPlaysBack on a bot game of each
// table, the i-th dealt with seed+i and stopped after maxMoves moves: it
// fails unless atLeast narrations were played back in all, so that a
// narrator that says nothing cannot pass.
func CheckNarrationsPlayBack(t testing.TB, e games.Engine, tables []Table, seed uint64, maxMoves int, narrate Narrator, same func(a, b games.Game) bool, atLeast int) {
	t.Helper()
	n := 0
	for i, tb := range tables {
		n += CheckNarrationPlaysBack(t, e, tb.Opts, tb.Players, seed+uint64(i), maxMoves, narrate, same)
	}
	if n < atLeast {
		t.Fatalf("only %d narrations played back, want %d at least", n, atLeast)
	}
}

// Narrated is the text of an event for the reader, its first seat's name
// and a final full stop cut off: "pose S à droite de la rangée 4 : …".
func Narrated(r i18n.Renderer, ev games.Event) string {
	s := strings.TrimPrefix(r.Text(ev.Msg), NarratedName+" ")
	return strings.TrimSuffix(strings.TrimSpace(s), ".")
}

// Phrasing is one line of a corpus of moves typed as players type them
// (testdata/phrasings.txt of a game):
//
//	[scenario]                         the position of the lines below
//	/coup r à droite de la rangée 2 arbre  =>  R droite 2 arbre
//	/coup e droite 2 deux mots             =>  ! crackword.err.one_word
//
// The text left of "=>" is typed in the chat; the right is the move it
// must mean, in the plainest syntax, or "!" and the refusal it must get.
type Phrasing struct {
	Line     int
	Scenario string
	Typed    string
	Want     string // the move, or "" with Refusal
	Refusal  string // the refusal's key
}

// ReadPhrasings reads a corpus file.
func ReadPhrasings(t testing.TB, path string) []Phrasing {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Phrasing
	scenario := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			scenario = strings.TrimSpace(line[1 : len(line)-1])
			continue
		}
		typed, want, ok := strings.Cut(line, "=>")
		if !ok || scenario == "" {
			t.Fatalf("%s:%d: want [scenario] then «typed => move»: %q", path, n, line)
		}
		p := Phrasing{Line: n, Scenario: scenario, Typed: strings.TrimSpace(typed), Want: strings.TrimSpace(want)}
		if key, ok := strings.CutPrefix(p.Want, "!"); ok {
			p.Want, p.Refusal = "", strings.TrimSpace(key)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// CheckPhrasing plays one line of a corpus: the typed text, made a move by
// toMove (the chat's path: bot.ParseText and bot.MoveOf), is played on a
// position of the scenario and the plain move on another: both must be
// accepted and leave the same game: byte for byte, or as same says when
// it is not nil (a game that keeps a move as typed, to show it back). A
// line that wants a refusal must get that refusal and change nothing.
func CheckPhrasing(t testing.TB, p Phrasing, position func(scenario string) games.Game, toMove func(typed string) (string, bool), same func(a, b games.Game) bool) {
	t.Helper()
	g := position(p.Scenario)
	if g == nil {
		t.Fatalf("line %d: no scenario %q", p.Line, p.Scenario)
	}
	seat := g.Waiting()[0].Seat
	mv, ok := toMove(p.Typed)
	if !ok {
		t.Errorf("line %d: %q is no move", p.Line, p.Typed)
		return
	}
	before, _ := g.Save()
	_, err := g.Apply(seat, mv)
	if p.Refusal != "" {
		var r *games.Refusal
		after, _ := g.Save()
		switch {
		case !errors.As(err, &r):
			t.Errorf("line %d: %q is accepted, want the refusal %s", p.Line, p.Typed, p.Refusal)
		case r.Msg.Key != p.Refusal:
			t.Errorf("line %d: %q is refused with %s (%v), want %s", p.Line, p.Typed, r.Msg.Key, r, p.Refusal)
		case !bytes.Equal(before, after):
			t.Errorf("line %d: the refused %q changed the game", p.Line, p.Typed)
		}
		return
	}
	if err != nil {
		t.Errorf("line %d: %q is refused: %v", p.Line, p.Typed, err)
		return
	}
	plain := position(p.Scenario)
	if _, err := plain.Apply(seat, p.Want); err != nil {
		t.Errorf("line %d: the plain move %q is refused: %v", p.Line, p.Want, err)
		return
	}
	a, _ := g.Save()
	b, _ := plain.Save()
	if same != nil && !same(g, plain) || same == nil && !bytes.Equal(a, b) {
		t.Errorf("line %d: %q is not the move %q", p.Line, p.Typed, p.Want)
	}
}

// MinPhrasings is how many lines of moves (not refusals) a game's corpus
// holds at the least.
const MinPhrasings = 40

// CheckCorpus reads a game's corpus (ReadPhrasings) and plays each line
// with CheckPhrasing; it fails when the corpus holds fewer than
// MinPhrasings lines of moves.
func CheckCorpus(t testing.TB, path string, position func(scenario string) games.Game, toMove func(typed string) (string, bool), same func(a, b games.Game) bool) {
	t.Helper()
	lines := ReadPhrasings(t, path)
	moves := 0
	for _, p := range lines {
		if p.Refusal == "" {
			moves++
		}
	}
	if moves < MinPhrasings {
		t.Fatalf("%s: %d phrasings of moves, want %d at least", path, moves, MinPhrasings)
	}
	for _, p := range lines {
		CheckPhrasing(t, p, position, toMove, same)
	}
}

// CheckRulesSentences checks that the sentences a game's rules show as
// moves (LastLineExamples of key, in every language, two at least) are
// moves: isMove tells why one is not, or nil.
func CheckRulesSentences(t testing.TB, key string, isMove func(sentence string) error) {
	t.Helper()
	for _, lang := range i18n.Langs {
		exs := LastLineExamples(lang, key)
		if len(exs) < 2 {
			t.Fatalf("%s: no sentence on the last line of %s", lang, key)
		}
		for _, ex := range exs {
			if err := isMove(ex); err != nil {
				t.Errorf("%s: %q: %v", lang, ex, err)
			}
		}
	}
}

// LastLineExamples are the examples quoted on the last line of a text of
// the catalogue («…» in French, "…" in English): the sentences a game's
// rules show as moves, which its tests parse.
func LastLineExamples(lang i18n.Lang, key string) []string {
	text := i18n.Renderer{Lang: lang}.Text(i18n.T(key))
	last := text[strings.LastIndex(text, "\n")+1:]
	var out []string
	for _, q := range [][2]string{{"« ", " »"}, {"\"", "\""}} {
		rest := last
		for {
			_, after, ok := strings.Cut(rest, q[0])
			if !ok {
				break
			}
			ex, tail, ok := strings.Cut(after, q[1])
			if !ok {
				break
			}
			out = append(out, ex)
			rest = tail
		}
	}
	return out
}
