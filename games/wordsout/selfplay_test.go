package wordsout

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

var (
	realOnce sync.Once
	realEng  *Engine
)

// realEngine is the registered engine's dictionary, loaded once for the
// whole package's tests.
func realEngine() *Engine {
	realOnce.Do(func() {
		d := defaultDict()
		realEng = NewEngine(d)
	})
	return realEng
}

// noHidden: the public view never changes when the hidden cards (hands,
// PIOCHE order, pending counters) are replaced by others of equal count.
func noHidden(g *Game) error {
	before := gamestest.ViewText(g.Public())
	c := &Game{s: g.s.clone(), dict: g.dict}
	s := c.s
	for p := range s.Hands {
		for i := range s.Hands[p] {
			s.Hands[p][i] = mkCard(kindPlain, 'Q')
		}
	}
	for i := range s.Pioche {
		s.Pioche[i] = mkCard(kindPlain, 'K')
	}
	if s.Win != nil {
		for i := range s.Win.Cards {
			for j := range s.Win.Cards[i] {
				s.Win.Cards[i][j] = mkCard(kindPlain, 'W')
			}
		}
	}
	if after := gamestest.ViewText(c.Public()); after != before {
		return fmt.Errorf("public view depends on hidden cards:\n%s\n---\n%s", before, after)
	}
	return nil
}

// scoreBook follows the scores through the public events.
type scoreBook []int

func (sb scoreBook) follow(evs []games.Event) error {
	for _, e := range evs {
		if e.To != games.Everyone {
			continue
		}
		a := e.Msg.Args
		switch e.Msg.Key {
		case "wordsout.ev.cash":
			seat := int(a[0].(i18n.Seat))
			v, total := a[2].(int), a[3].(int)
			sb[seat] += v
			if sb[seat] != total {
				return fmt.Errorf("cash: total %d, book %d", total, sb[seat])
			}
		case "wordsout.ev.penalty":
			sb[int(a[0].(i18n.Seat))] -= a[1].(int)
		case "wordsout.ev.bonus":
			sb[int(a[0].(i18n.Seat))] += a[1].(int)
		}
	}
	return nil
}

// playOne runs one game of bots, checking the invariants after every move;
// it returns the number of moves. every: how often the view and save checks
// run (1: every move).
func playOne(e *Engine, players int, seed uint64, opts games.Options, every int) (int, error) {
	gg, err := e.New(opts, players, seed)
	if err != nil {
		return 0, err
	}
	g := gg.(*Game)
	if err := invariants(g); err != nil {
		return 0, err
	}
	book := make(scoreBook, players)
	const bound = 5000
	for n := 0; n < bound; n++ {
		if g.Result().Over {
			if len(g.Waiting()) != 0 {
				return n, fmt.Errorf("waiting after the end")
			}
			return n, nil
		}
		ws := g.Waiting()
		// In the counter window, answer in a seed-dependent order: the
		// outcome must not depend on it.
		w := ws[int(seed+uint64(n))%len(ws)]
		check := every > 0 && n%every == 0
		var before []byte
		if check {
			before, _ = g.Save()
		}
		mv := g.Bot(w.Seat, games.Strong)
		if check {
			if after, _ := g.Save(); !bytes.Equal(before, after) {
				return n, fmt.Errorf("Bot changed the state")
			}
		}
		if len(mv) > 40 {
			return n, fmt.Errorf("bot move too long: %q", mv)
		}
		evs, err := g.Apply(w.Seat, mv)
		if err != nil {
			return n, fmt.Errorf("seed %d move %d: bot move %q of seat %d refused: %v\n%s", seed, n, mv, w.Seat, err, strings.Join(g.s.boardRows(), "\n"))
		}
		for _, e := range evs {
			switch e.Msg.Key {
			case "wordsout.ev.lay_failed", "wordsout.ev.wrong_call":
				return n, fmt.Errorf("seed %d: bot move %q failed", seed, mv)
			}
		}
		if err := book.follow(evs); err != nil {
			return n, err
		}
		for p, v := range g.Result().Scores {
			if v != book[p] {
				return n, fmt.Errorf("seed %d: score of %d is %d, events say %d", seed, p, v, book[p])
			}
		}
		if err := invariants(g); err != nil {
			return n, fmt.Errorf("seed %d move %d (%q): %v", seed, n, mv, err)
		}
		if check {
			if err := noHidden(g); err != nil {
				return n, err
			}
			g2, err := gamestest.RoundTrip(e, g)
			if err != nil {
				return n, err
			}
			g = g2.(*Game)
		}
	}
	return bound, fmt.Errorf("seed %d: no end after %d moves", seed, bound)
}

// TestSelfPlay plays 2,000 seeded games of 2 to 8 bots with the real
// lexicon (every fifth one "forgiving"), checking the invariants, the
// scores and the public view after every move and that every game ends.
func TestSelfPlay(t *testing.T) {
	e := realEngine()
	n := 2000
	// The engine runs on one goroutine: under the race detector a sample
	// checks the test's own parallel harness, and the full count runs
	// without it (the second half of the test command, README).
	if testing.Short() || gamestest.Race {
		n = 200
	}
	every := 7
	if gamestest.Race {
		every = 41
	}
	workers := max(2, runtime.GOMAXPROCS(0))
	var mu sync.Mutex
	total, most, ended := 0, 0, 0
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < n; i += workers {
				players := 2 + i%7
				opts := games.Options{}
				if i%5 == 4 {
					opts["forgiving"] = "on"
				}
				m, err := playOne(e, players, uint64(i)*7919+1, opts, every)
				if err != nil {
					errs <- fmt.Errorf("game %d (%d players): %w", i, players, err)
					return
				}
				mu.Lock()
				total, most, ended = total+m, max(most, m), ended+1
				mu.Unlock()
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if ended != n {
		t.Fatalf("%d games of %d ended", ended, n)
	}
	t.Logf("%d games, %.1f moves on average, at most %d", n, float64(total)/float64(n), most)
}
