// Package forcore gives the core's /defi (bot/challenges.Records) the
// daily challenge's records (package challenge): the same calls, answered
// in the core's terms, which name no engine's type. What a player may see
// is decided here once: a turn he has yet to play comes as its position
// and its die, never its top.
package forcore

import (
	"errors"
	"fmt"
	"time"

	"github.com/tablee/tablee/bot/challenges"
	"github.com/tablee/tablee/challenge"
	"github.com/tablee/tablee/games/duplicate"
)

// Records are a challenge.Service as the core asks it.
type Records struct{ s *challenge.Service }

// New gives the core the records of s.
func New(s *challenge.Service) *Records { return &Records{s: s} }

var _ challenges.Records = (*Records)(nil)

// Games lists the games offered.
func (r *Records) Games() []string { return r.s.Games() }

// Day is the challenge day of an instant.
func (r *Records) Day(now time.Time) string { return challenge.Today(now).String() }

// Start begins or resumes the player's attempt of today's challenge of
// game.
func (r *Records) Start(p challenges.Player, server, game string, now time.Time) (challenges.Attempt, error) {
	a, d, err := r.s.Start(challenge.Player{ID: p.ID, Name: p.Name}, server, game, now)
	if err != nil {
		return challenges.Attempt{}, coreErr(err)
	}
	return attempt(a, d)
}

// Current is the player's attempt of today's challenge of game.
func (r *Records) Current(playerID, game string, now time.Time) (challenges.Attempt, error) {
	a, d, err := r.s.Current(playerID, game, now)
	if err != nil {
		return challenges.Attempt{}, coreErr(err)
	}
	return attempt(a, d)
}

// Attempts lists the player's attempts of today.
func (r *Records) Attempts(playerID string, now time.Time) ([]challenges.Attempt, error) {
	as, err := r.s.Started(playerID, now)
	if err != nil {
		return nil, coreErr(err)
	}
	out := make([]challenges.Attempt, 0, len(as))
	for _, a := range as {
		d, err := r.s.Deal(a.Game, a.Day)
		if err != nil {
			return nil, coreErr(err)
		}
		c, err := attempt(a, d)
		if err != nil {
			return nil, err
		}
		c.Next = nil
		out = append(out, c)
	}
	return out, nil
}

// Play plays the player's move of turn in today's challenge of game.
func (r *Records) Play(playerID, game string, turn int, move string, now time.Time) (challenges.Played, error) {
	a, d, err := r.s.Current(playerID, game, now)
	if err != nil {
		return challenges.Played{}, coreErr(err)
	}
	p, err := r.s.Play(a, turn, move, now)
	if err != nil && !(p.Finished && p.Result != nil) {
		return challenges.Played{}, coreErr(err)
	}
	// A last move saved whose result is not recorded yet (err with
	// Finished): the records record it at their next reading of the
	// attempt; the player is shown his end as it stands.
	out := challenges.Played{
		Turn: p.Turn, Of: len(d.Turns), Move: p.Move, Points: p.Points, Top: p.Top.Top, TopScore: p.Top.TopScore,
		Total: p.Total, TopTotal: p.TopTotal, Pct: int(p.Pct),
	}
	if p.Finished {
		if p.Result == nil {
			return out, fmt.Errorf("challenge: a finished attempt without its result")
		}
		res, err := r.result(*p.Result, a.Server, now)
		if err != nil {
			return out, err
		}
		out.Result = &res
		return out, nil
	}
	// Play updated a: he is at his next turn.
	next, err := turnOf(d, a.Turn())
	if err != nil {
		return out, err
	}
	out.Next = &next
	return out, nil
}

// Result is the player's result of today's challenge of game, ranked
// across the deployment and within server.
func (r *Records) Result(playerID, game, server string, now time.Time) (challenges.Result, error) {
	res, err := r.s.Result(playerID, game, challenge.Today(now))
	if err != nil {
		return challenges.Result{}, coreErr(err)
	}
	return r.result(res, server, now)
}

// result is a result as the core shows it: its numbers, its card, its
// ranks (within server, the one the player asks from), his streak.
func (r *Records) result(res challenge.Result, server string, now time.Time) (challenges.Result, error) {
	res.Server = server
	global, local, err := r.s.Ranks(res)
	if err != nil {
		return challenges.Result{}, coreErr(err)
	}
	streak, err := r.s.Streak(res.Player.ID, now)
	if err != nil {
		return challenges.Result{}, coreErr(err)
	}
	return challenges.Result{
		Game: res.Game, Day: res.Day.String(), Total: res.Total, Top: res.Top, Pct: int(res.Pct), Card: res.Card(),
		Global: challenges.Rank(global), Local: challenges.Rank(local), Streak: streak.Current, Best: streak.Best,
	}, nil
}

// Standing is the day's or the month's standing of game.
func (r *Records) Standing(game, server string, month bool, now time.Time, limit int) ([]challenges.Row, error) {
	day := challenge.Today(now)
	var rows []challenges.Row
	if month {
		ms, err := r.s.Month(game, day, server, limit)
		if err != nil {
			return nil, coreErr(err)
		}
		for _, m := range ms {
			rows = append(rows, challenges.Row{Place: m.Rank.Place, Name: m.Player.Name, Pct: int(m.Average), Days: m.Days})
		}
		return rows, nil
	}
	rs, err := r.s.Standing(game, day, server, limit)
	if err != nil {
		return nil, coreErr(err)
	}
	places := challenge.Places(rs)
	for i, res := range rs {
		rows = append(rows, challenges.Row{Place: places[i], Name: res.Player.Name, Pct: int(res.Pct), Total: res.Total, Top: res.Top, Days: 1})
	}
	return rows, nil
}

// attempt is an attempt as the core shows it, with its next turn.
func attempt(a *challenge.Attempt, d *duplicate.Deal) (challenges.Attempt, error) {
	total, top, pct := d.Running(a.Points)
	c := challenges.Attempt{Game: a.Game, Day: a.Day.String(), Finished: a.Finished, Played: a.Turn(), Total: total, TopTotal: top, Pct: int(pct)}
	if !a.Finished && a.Turn() < len(d.Turns) {
		next, err := turnOf(d, a.Turn())
		if err != nil {
			return c, err
		}
		c.Next = &next
	}
	return c, nil
}

// turnOf is turn i of the deal as a player may see it before he plays it:
// its position, not its top.
func turnOf(d *duplicate.Deal, i int) (challenges.Turn, error) {
	g, err := d.Position(i)
	if err != nil {
		return challenges.Turn{}, err
	}
	return challenges.Turn{Index: i, Of: len(d.Turns), Position: g}, nil
}

// coreErr says the records' answers in the core's terms, the records' own
// error kept underneath.
func coreErr(err error) error {
	for _, e := range []struct{ from, to error }{
		{challenge.ErrNoSecret, challenges.ErrOff},
		{challenge.ErrPlayed, challenges.ErrFinished},
		{challenge.ErrNotStarted, challenges.ErrNotStarted},
		{challenge.ErrTurnPlayed, challenges.ErrTurnPlayed},
		{challenge.ErrDayOver, challenges.ErrDayOver},
	} {
		if errors.Is(err, e.from) {
			return fmt.Errorf("%w: %w", e.to, err)
		}
	}
	return err
}
