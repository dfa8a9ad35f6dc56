// Package challenges is what the core's /defi asks of the daily
// challenge's records (package challenge, through challenge/forcore), in
// the core's own terms: a turn as a player may see it, its top only as
// what a move played revealed, so that the core cannot show a top it
// never holds. It imports no engine.
package challenges

import (
	"errors"
	"time"

	"github.com/tablee/tablee/games"
)

// Records keeps the daily challenge's records: the day's deals, each
// player's attempt played turn by turn, results, ranks, streaks and the
// standings. Every method takes the instant it is asked at: the challenge
// day is its date in Europe/Paris.
type Records interface {
	// Games lists the games offered, in the order /defi lists them.
	Games() []string
	// Day is the challenge day of an instant (its date in Europe/Paris),
	// as 2026-11-27.
	Day(now time.Time) string
	// Start begins the player's attempt of today's challenge of game, or
	// resumes it; ErrFinished when he finished it today.
	Start(p Player, server, game string, now time.Time) (Attempt, error)
	// Current is his attempt of today's challenge of game;
	// ErrNotStarted when he has none.
	Current(playerID, game string, now time.Time) (Attempt, error)
	// Attempts lists his attempts of today, finished or not, in Games()
	// order (without their Next turn).
	Attempts(playerID string, now time.Time) ([]Attempt, error)
	// Play plays his move of turn (0-based; "" a pass) in today's
	// challenge of game. A move the game refuses returns its
	// *games.Refusal; a turn already played ErrTurnPlayed; a
	// challenge of a day gone by ErrDayOver; nothing changes then.
	Play(playerID, game string, turn int, move string, now time.Time) (Played, error)
	// Result is his result of today's challenge of game, ranked across
	// the deployment and within server ("": no local rank);
	// ErrNotStarted when he has not finished it.
	Result(playerID, game, server string, now time.Time) (Result, error)
	// Standing is the day's (or, month, the month's) standing of game,
	// across the deployment (server "") or within a server, best first, at
	// most limit rows.
	Standing(game, server string, month bool, now time.Time, limit int) ([]Row, error)
}

// The records' answers the core tells apart.
var (
	ErrOff        = errors.New("challenges: the deployment offers no daily challenge")
	ErrFinished   = errors.New("challenges: today's challenge already played")
	ErrNotStarted = errors.New("challenges: no challenge started today")
	ErrTurnPlayed = errors.New("challenges: that turn of the challenge was already played")
	ErrDayOver    = errors.New("challenges: that day's challenge is over")
)

// Player is who plays: platform-qualified id and display name.
type Player struct{ ID, Name string }

// Turn is a turn as a player may see it before he plays it: the shared
// position, which shows its one seat what everyone gets (Mots de Tête's
// die, La Coquillaude's pions). Never its top.
type Turn struct {
	Index, Of int        // the turn (0-based) and the deal's turns
	Position  games.Game // a copy of the position everyone plays on
}

// Attempt is a player's challenge of a game today.
type Attempt struct {
	Game     string
	Day      string // 2026-11-27
	Finished bool
	Played   int // turns played
	// His total, the tops' total over the same turns, his percentage in
	// tenths (873: 87.3 %).
	Total, TopTotal, Pct int
	// Next is his turn to play, nil once finished (and in Attempts).
	Next *Turn
}

// Played is what a move revealed: its points, and, now that he
// played it, the turn's top.
type Played struct {
	Turn, Of             int
	Move                 string // as the game applied it, "" a pass
	Points               int
	Top                  string // the top as the game's move ("H3 bas MAISON")
	TopScore             int
	Total, TopTotal, Pct int
	// Result is his result when it was the last turn; Next his next turn
	// otherwise.
	Result *Result
	Next   *Turn
}

// Result is a finished challenge, numbers only: no move, no word.
type Result struct {
	Game, Day       string
	Total, Top, Pct int
	// Card is the share card, without a letter of the deal.
	Card string
	// Global is his rank of the day across the deployment, Local within
	// the server asked for (zero: none).
	Global, Local Rank
	// Streak is his days in a row with a challenge finished, Best the
	// longest.
	Streak, Best int
}

// Rank is a place in a standing (ties share one) among Of.
type Rank struct{ Place, Of int }

// Row is a line of a standing: a day's (Total, Top: his points
// and the tops') or a month's (Days played; Pct the average).
type Row struct {
	Place      int
	Name       string
	Pct        int
	Total, Top int
	Days       int
}
