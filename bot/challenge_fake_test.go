package bot

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/games/duplicate"
)

// MERGE(challenge): a stand-in of challenge.Service for the tests until the
// package is in the tree; then the tests build the real one on the
// harness's bbolt file and this file goes.
type fakeChallenges struct {
	mu       sync.Mutex
	secret   []byte
	games    []string
	deals    map[string]*duplicate.Deal
	attempts map[string]*challengeAttempt
	results  map[string]challengeResult
}

func newFakeChallenges(secret string) *fakeChallenges {
	return &fakeChallenges{secret: []byte(secret), games: duplicate.Games(), deals: map[string]*duplicate.Deal{},
		attempts: map[string]*challengeAttempt{}, results: map[string]challengeResult{}}
}

func (f *fakeChallenges) Games() []string { return f.games }

func (f *fakeChallenges) deal(game string, day duplicate.Day) (*duplicate.Deal, error) {
	k := game + day.String()
	if d := f.deals[k]; d != nil {
		return d, nil
	}
	seed, err := duplicate.Seed(f.secret, game, day)
	if err != nil {
		return nil, err
	}
	d, err := duplicate.Make(game, seed)
	if err != nil {
		return nil, err
	}
	f.deals[k] = d
	return d, nil
}

func fakeKey(game string, day duplicate.Day, player string) string {
	return game + "|" + day.String() + "|" + player
}

func (f *fakeChallenges) Start(p challengePlayer, server, game string, now time.Time) (*challengeAttempt, *duplicate.Deal, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !slices.Contains(f.games, game) {
		return nil, nil, errChallengeNoGame
	}
	day := duplicate.DayOf(now)
	d, err := f.deal(game, day)
	if err != nil {
		return nil, nil, err
	}
	k := fakeKey(game, day, p.ID)
	a := f.attempts[k]
	if a == nil {
		a = &challengeAttempt{Day: day, Game: game, Player: p, Server: server, Started: now}
		f.attempts[k] = a
	}
	c := *a
	if a.Finished {
		return &c, d, errChallengePlayed
	}
	return &c, d, nil
}

func (f *fakeChallenges) Current(playerID, game string, now time.Time) (*challengeAttempt, *duplicate.Deal, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	day := duplicate.DayOf(now)
	a := f.attempts[fakeKey(game, day, playerID)]
	if a == nil {
		return nil, nil, errChallengeNotStarted
	}
	d, err := f.deal(game, day)
	c := *a
	return &c, d, err
}

func (f *fakeChallenges) Started(playerID string, now time.Time) ([]*challengeAttempt, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*challengeAttempt
	for _, g := range f.games {
		if a := f.attempts[fakeKey(g, duplicate.DayOf(now), playerID)]; a != nil {
			c := *a
			out = append(out, &c)
		}
	}
	return out, nil
}

func (f *fakeChallenges) Play(a *challengeAttempt, turn int, move string, now time.Time) (challengePlayed, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !now.Before(a.Day.Next().Start()) {
		return challengePlayed{}, errChallengeDayOver
	}
	st := f.attempts[fakeKey(a.Game, a.Day, a.Player.ID)]
	d, _ := f.deal(a.Game, a.Day)
	if st.Finished || turn < st.Turn() {
		return challengePlayed{}, errChallengeTurnPlayed
	}
	if turn != st.Turn() {
		return challengePlayed{}, fmt.Errorf("turn %d", turn)
	}
	if strings.EqualFold(move, "pass") {
		move = ""
	}
	points := 0
	if move != "" {
		var err error
		if points, err = d.Score(turn, move); err != nil {
			return challengePlayed{}, err
		}
	}
	st.Moves = append(st.Moves, move)
	st.Points = append(st.Points, points)
	st.Finished = len(st.Moves) == len(d.Turns)
	*a = *st
	total, top, pct := d.Running(st.Points)
	p := challengePlayed{Turn: turn, Move: move, Points: points, Top: d.Turns[turn], Total: total, TopTotal: top, Pct: pct, Finished: st.Finished}
	if st.Finished {
		r := challengeResult{Day: st.Day, Game: st.Game, Player: st.Player, Server: st.Server, Total: total, Top: top, Pct: pct, Finished: now}
		for i, pt := range st.Points {
			r.Marks = append(r.Marks, duplicate.MarkOf(pt, d.Turns[i].TopScore))
		}
		f.results[fakeKey(st.Game, st.Day, st.Player.ID)] = r
		p.Result = &r
	}
	return p, nil
}

func (f *fakeChallenges) standing(game string, day duplicate.Day, server string) []challengeResult {
	var rs []challengeResult
	for _, r := range f.results {
		if r.Game == game && r.Day == day && (server == "" || r.Server == server) {
			rs = append(rs, r)
		}
	}
	slices.SortFunc(rs, func(a, b challengeResult) int {
		return cmp.Or(cmp.Compare(b.Total, a.Total), a.Finished.Compare(b.Finished))
	})
	return rs
}

func (f *fakeChallenges) Ranks(r challengeResult) (global, local challengeRank, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	place := func(rs []challengeResult) challengeRank {
		n := 1
		for _, o := range rs {
			if o.Total > r.Total {
				n++
			}
		}
		return challengeRank{Place: n, Of: len(rs)}
	}
	global = place(f.standing(r.Game, r.Day, ""))
	if r.Server != "" {
		local = place(f.standing(r.Game, r.Day, r.Server))
	}
	return global, local, nil
}

func (f *fakeChallenges) Result(playerID, game string, day duplicate.Day) (challengeResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.results[fakeKey(game, day, playerID)]
	if !ok {
		return r, errChallengeNotStarted
	}
	return r, nil
}

func (f *fakeChallenges) Standing(game string, day duplicate.Day, server string, limit int) ([]challengeResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	rs := f.standing(game, day, server)
	if limit > 0 && len(rs) > limit {
		rs = rs[:limit]
	}
	return rs, nil
}

func (f *fakeChallenges) Streak(playerID string, now time.Time) (challengeStreak, error) {
	return challengeStreak{Current: 1, Best: 1}, nil
}

func (f *fakeChallenges) Month(game string, month duplicate.Day, server string, limit int) ([]challengeMonthRow, error) {
	return nil, nil
}
