package crackword

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/jsonw/jsonwtest"
)

func realEngine() *Engine { return &Engine{dict: defaultDict} }

// checkNoHidden: the public view and public events show no card of a hand
// nor the order of a PIOCHE. A hand is hidden when the view says nothing a
// hand alone would tell: we check the rendered text never changes when the
// hands and PIOCHEs are shuffled among equal counts.
func checkNoHidden(t *testing.T, g *Game) {
	t.Helper()
	before := gamestest.ViewText(g.Public())
	beforeScene := fmt.Sprintf("%+v", g.Scene())
	c := &Game{s: g.s.clone(), dict: g.dict}
	s := c.s
	for p := 0; p < s.Players; p++ {
		// Replace every hidden card by another of the same colour.
		for i := range s.Hand[p] {
			s.Hand[p][i] = mkCard(p, kindLetter, 'Q')
		}
		for i := range s.Pioche[p] {
			s.Pioche[p][i] = mkCard(p, kindLetter, 'J')
		}
	}
	if after := gamestest.ViewText(c.Public()); after != before {
		t.Fatalf("public view depends on hidden cards:\n%s\n---\n%s", before, after)
	}
	if after := fmt.Sprintf("%+v", c.Scene()); after != beforeScene {
		t.Fatalf("public picture depends on hidden cards:\n%s\n---\n%s", beforeScene, after)
	}
}

// play runs one bot game, checking invariants after every move, and
// returns the number of moves.
func play(t *testing.T, e *Engine, players int, seed uint64, opts games.Options, roundTrip bool) int {
	t.Helper()
	gg, err := e.New(opts, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	checkInvariants(t, g)
	const bound = 2000
	for n := 0; n < bound; n++ {
		if g.Result().Over {
			if len(g.Waiting()) != 0 {
				t.Fatal("waiting after the end")
			}
			return n
		}
		w := g.Waiting()
		if len(w) != 1 {
			t.Fatalf("waiting %v", w)
		}
		seat := w[0].Seat
		// Every strength plays, a different one at each seat.
		level := games.Strengths[(int(seed)+seat)%len(games.Strengths)]
		mv := g.Bot(seat, level)
		if len(mv) > 60 {
			t.Fatalf("bot move too long: %q", mv)
		}
		evs, err := g.Apply(seat, mv)
		if err != nil {
			t.Fatalf("seed %d move %d: bot move %q refused: %v\n%s", seed, n, mv, err, strings.Join(g.Public().Board, "\n"))
		}
		for _, e := range evs {
			if e.Msg.Key == "crackword.ev.lay_failed" {
				t.Fatalf("seed %d: bot example failed: %q", seed, mv)
			}
		}
		checkInvariants(t, g)
		if n%25 == 0 && !roundTrip {
			checkNoHidden(t, g)
		}
		if roundTrip {
			g2 := gamestest.MustRoundTrip(t, e, g)
			if g2.Bot(seat, level) != g.Bot(seat, level) {
				t.Fatal("bot differs after load")
			}
			checkNoHidden(t, g)
			g = g2.(*Game)
		}
	}
	t.Fatalf("seed %d: no end after %d moves", seed, bound)
	return 0
}

// TestSelfPlay plays 2,000 seeded games of 2, 3 and 4 bots of every
// strength with the real lexicon (some expert, some assisted), checking the invariants after every
// move and that every game ends within the bound. Two parallel halves.
func TestSelfPlay(t *testing.T) {
	e := realEngine()
	e.dict() // load the lexicon once, before the workers
	n := 2000
	// The engine runs on one goroutine: under the race detector a sample
	// checks the test's own parallel harness, and the full count runs
	// without it (the second half of the test command, README).
	if testing.Short() || gamestest.Race {
		n = 300
	}
	const workers = 2
	for w := 0; w < workers; w++ {
		t.Run(fmt.Sprintf("part%d", w), func(t *testing.T) {
			t.Parallel()
			total, most := 0, 0
			for i := w; i < n; i += workers {
				players := 2 + i%3
				opts := games.Options{}
				if i%5 == 4 {
					opts["expert"] = "on"
				}
				if i%7 == 3 {
					opts["assisted"] = "on"
				}
				m := play(t, e, players, uint64(i)*7919+1, opts, false)
				total += m
				most = max(most, m)
			}
			t.Logf("%d games, %.1f moves on average, at most %d", (n+workers-1-w)/workers, float64(total)/float64(n/workers), most)
		})
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	e := realEngine()
	for i, players := range []int{2, 3, 4} {
		play(t, e, players, uint64(100+i), nil, true)
	}
	play(t, e, 3, 7, map[string]string{"assisted": "on", "expert": "on"}, true)
}

// TestBotRemembersNothingThatChangesItsMove: a game that kept what its
// bot learnt of the rows through every turn before, at every strength in
// turn, plays the move a game loaded afresh from the same state plays.
func TestBotRemembersNothingThatChangesItsMove(t *testing.T) {
	e := realEngine()
	for seed := uint64(1); seed <= 3; seed++ {
		gg, _ := e.New(nil, 2+int(seed%3), seed)
		g := gg.(*Game)
		for turn := 0; !g.s.Over; turn++ {
			seat := g.Waiting()[0].Seat
			var move string
			for _, level := range games.Strengths {
				m := g.Bot(seat, level)
				fresh := &Game{s: g.s.clone(), dict: g.dict}
				if want := fresh.Bot(seat, level); m != want {
					t.Fatalf("seed %d, turn %d, %v: %q with what the game remembered, %q afresh", seed, turn, level, m, want)
				}
				if level == games.Strengths[turn%len(games.Strengths)] {
					move = m
				}
			}
			if _, err := g.Apply(seat, move); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestSaveWritesWhatMarshalWrites: the state's own JSON is encoding/json's,
// byte for byte, at every turn of games of 2 to 4 players, with and
// without the house options, and for odd states (nil piles, every flag).
func TestSaveWritesWhatMarshalWrites(t *testing.T) {
	check := func(what string, s *state) {
		t.Helper()
		got, err := s.save()
		if err != nil {
			t.Fatal(err)
		}
		jsonwtest.SameAsMarshal(t, what, s, got)
	}
	e := realEngine()
	for seed := uint64(1); seed <= 6; seed++ {
		opts := games.Options{"expert": []string{"off", "on"}[seed%2], "assisted": []string{"off", "on"}[seed/2%2]}
		gg, err := e.New(opts, 2+int(seed%3), seed)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*Game)
		for turn := 0; ; turn++ {
			check(fmt.Sprintf("seed %d, turn %d", seed, turn), g.s)
			if g.s.Over {
				break
			}
			seat := g.Waiting()[0].Seat
			if _, err := g.Apply(seat, g.Bot(seat, games.Normal)); err != nil {
				t.Fatal(err)
			}
		}
	}
	odd := &state{Players: 3, Expert: true, Assisted: true, Rng: 1<<64 - 1, Phase: 2, Row: 3, LastHand: true, Over: true,
		Moves: 7, Hand: [][]Card{nil, {}, {1, 65535}}, Out: []bool{true, false},
		Setup: []i18n.Msg{i18n.T("k", "<a & \"b\">", 3, i18n.Seat(1))}, Last: i18n.T("x", i18n.T("y"))}
	odd.Rows[2] = [][]Card{{5}, nil}
	check("odd", odd)
	check("empty", &state{})
}
