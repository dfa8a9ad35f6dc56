package bot

import (
	"errors"
	"strings"
	"time"

	"github.com/tablee/tablee/games/duplicate"
)

// MERGE(challenge): the types below stand for those of the package
// challenge (its records of the daily challenge), which this file is
// written against and which is not in the tree yet. Once it is, each
// becomes an alias (type challengePlayer = challenge.Player, …), the
// errors its own (errChallengePlayed = challenge.ErrPlayed, …), and
// *challenge.Service satisfies Challenges as is.

type challengePlayer struct{ ID, Name string }

type challengeAttempt struct {
	Day      duplicate.Day
	Game     string
	Player   challengePlayer
	Server   string
	Moves    []string
	Points   []int
	Started  time.Time
	Finished bool
}

func (a *challengeAttempt) Turn() int { return len(a.Moves) }

type challengePlayed struct {
	Turn     int
	Move     string
	Points   int
	Top      duplicate.Turn
	Total    int
	TopTotal int
	Pct      duplicate.Tenths
	Finished bool
	Result   *challengeResult
}

type challengeResult struct {
	Day      duplicate.Day
	Game     string
	Player   challengePlayer
	Server   string
	Total    int
	Top      int
	Pct      duplicate.Tenths
	Marks    []duplicate.Mark
	Finished time.Time
}

// Card stands for challenge.Result.Card (duplicate.Card's form).
func (r challengeResult) Card() string {
	var b strings.Builder
	b.WriteString("🗓️ " + r.Day.String() + " 🎯 " + r.Pct.String() + " %")
	for i, m := range r.Marks {
		if i%6 == 0 {
			b.WriteString("\n")
		}
		b.WriteString(m.Symbol())
	}
	return b.String()
}

type challengeRank struct{ Place, Of int }

type challengeStreak struct{ Current, Best int }

type challengeMonthRow struct {
	Player  challengePlayer
	Rank    challengeRank
	Days    int
	Sum     duplicate.Tenths
	Average duplicate.Tenths
}

var (
	errChallengeNoGame     = errors.New("challenge: no challenge of that game")
	errChallengePlayed     = errors.New("challenge: today's challenge already played")
	errChallengeNotStarted = errors.New("challenge: no challenge started today")
	errChallengeTurnPlayed = errors.New("challenge: that turn was already played")
	errChallengeDayOver    = errors.New("challenge: that day's challenge is over")
)
