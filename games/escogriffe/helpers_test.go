package escogriffe

import (
	"testing"

	"github.com/tablee/tablee/games"
)

func newState(t testing.TB, players int, seed uint64) *state {
	t.Helper()
	g, err := engine{}.New(nil, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*state)
}

// roundStats plays bot games and returns the length of every round, in
// table turns (each player's turn counts 1/players) and in player turns.
type roundLen struct {
	turns     int // player turns (a draw+discard or a placement)
	objective int
	players   int
	blocked   bool
}

// playBots plays one whole game with Strong bot players, calling check
// after every move, and returns the rounds it played.
func playBots(t testing.TB, players int, seed uint64, maxMoves int, check func(s *state, seat int, mv string)) []roundLen {
	t.Helper()
	return playLevel(t, players, seed, maxMoves, games.Strong, check)
}

// playLevel is playBots with bots of the given strength.
func playLevel(t testing.TB, players int, seed uint64, maxMoves int, level games.Strength, check func(s *state, seat int, mv string)) []roundLen {
	t.Helper()
	return playSeats(t, players, seed, maxMoves, func(int) games.Strength { return level }, check)
}

// playMixed is playBots with the three strengths around the table, seat
// by seat, from a strength that depends on the seed.
func playMixed(t testing.TB, players int, seed uint64, maxMoves int, check func(s *state, seat int, mv string)) []roundLen {
	t.Helper()
	return playSeats(t, players, seed, maxMoves, func(seat int) games.Strength {
		return games.Strengths[(uint64(seat)+seed)%uint64(len(games.Strengths))]
	}, check)
}

// playSeats is playBots with the strength of each seat given by level.
func playSeats(t testing.TB, players int, seed uint64, maxMoves int, level func(seat int) games.Strength, check func(s *state, seat int, mv string)) []roundLen {
	t.Helper()
	s := newState(t, players, seed)
	var out []roundLen
	for moves := 0; !s.Over; moves++ {
		if moves > maxMoves {
			t.Fatalf("seed %d: game not over after %d moves", seed, maxMoves)
		}
		w := s.Waiting()
		if len(w) != 1 {
			t.Fatalf("waiting %v", w)
		}
		mv := s.Bot(w[0].Seat, level(w[0].Seat))
		round, turns, obj, phase := s.Round, s.Turns, s.Objective, s.Phase
		ev, err := s.Apply(w[0].Seat, mv)
		if err != nil {
			t.Fatalf("seed %d: bot move %q refused: %v", seed, mv, err)
		}
		if s.Round != round || s.Over {
			blocked := false
			for _, e := range ev {
				if e.Msg.Key == "escogriffe.ev_blocked" {
					blocked = true
				}
			}
			if phase != phaseLast {
				turns++ // the placement that ended the round
			}
			out = append(out, roundLen{turns: turns, objective: obj, players: players, blocked: blocked})
		}
		if check != nil {
			check(s, w[0].Seat, mv)
		}
	}
	return out
}

var _ = games.Everyone
