// Package duplicate is the engine side of the daily challenge ("le défi du
// jour"): the challenge day, the day's seed, a duplicate deal with the top
// of every turn, a player's move scored against the top, and a share card
// without spoilers. Duplicate is how word games are played in competition:
// everyone gets the same letters or dice at each turn and plays on his own
// copy of the position; the game then goes on with the turn's best move
// (the top), so everyone stays on the same position, and a player's result
// is his total against the top's.
//
// The package is pure, as the engines are: no I/O, no clock (the caller
// gives the instant), no global random (the deal comes from a seed made
// from the deployment's secret and the day). Storage, commands, platforms
// and leaderboards live elsewhere.
package duplicate

import (
	"fmt"
	"time"

	// The challenge changes at midnight in Europe/Paris on every machine,
	// one without a system zone database (a scratch container) included:
	// without the embedded zones, LoadLocation would fail there and two
	// processes of one deployment could disagree on the day.
	_ "time/tzdata"
)

// paris is the zone whose midnight starts a new challenge.
var paris = mustZone("Europe/Paris")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err) // the embedded database has it: never happens
	}
	return loc
}

// Day is a calendar day in Europe/Paris: the day of a challenge.
type Day struct {
	Year  int
	Month time.Month
	Day   int
}

// DayOf is the challenge day of an instant: its date in Europe/Paris, so
// that the day changes at midnight Paris time, summer and winter alike.
func DayOf(t time.Time) Day {
	p := t.In(paris)
	return Day{p.Year(), p.Month(), p.Day()}
}

// Start is the instant the day begins (midnight in Europe/Paris).
func (d Day) Start() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, paris) }

// Next is the day after.
func (d Day) Next() Day { return DayOf(time.Date(d.Year, d.Month, d.Day+1, 12, 0, 0, 0, paris)) }

// String is the day as 2026-03-29, the form the seed is made from.
func (d Day) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day) }
