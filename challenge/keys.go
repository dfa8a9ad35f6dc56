package challenge

import (
	"fmt"
	"strings"
	"time"

	"github.com/tablee/tablee/challenge/chat"
	"github.com/tablee/tablee/games/duplicate"
)

// Prefix begins every rating record of the challenge. The archive's
// records begin with a game's name (archive.Key), and no game is named so,
// nor holds a zero byte: no leaderboard or rating listing reads these.
const Prefix = "challenge\x00"

// The records' keys. Parts are separated by a zero byte, which no game,
// day or player id holds, so that a prefix of one never lists another's.
//
//	challenge\0deal\0<game>\0<day>              the day's deal (Deal.Save)
//	challenge\0day\0<game>\0<day>\0<player>\0   a result (Standing, Ranks, Month)
//	challenge\0player\0<player>\0<day>\0<game>  the same result's day (Streak)
//
// A result's key ends with a zero byte so that it is read alone as a
// prefix (the store has no read of one key): "telegram:1" would list
// "telegram:12" too. A day is written 2026-03-29, so that a month's days share a prefix
// (2026-03-) and a listing comes in the days' order.
func dealKey(game string, day duplicate.Day) string {
	return Prefix + "deal\x00" + game + "\x00" + day.String()
}

func dayPrefix(game string, day duplicate.Day) string {
	return Prefix + "day\x00" + game + "\x00" + day.String() + "\x00"
}

func resultKey(game string, day duplicate.Day, player string) string {
	return dayPrefix(game, day) + player + "\x00"
}

// keyPlayer is the player of a result's key, after its day's prefix.
func keyPlayer(rest string) string { return strings.TrimSuffix(rest, "\x00") }

// monthPrefix lists the results of every day of a month of a game.
func monthPrefix(game string, month duplicate.Day) string {
	return Prefix + "day\x00" + game + "\x00" + fmt.Sprintf("%04d-%02d-", month.Year, int(month.Month))
}

func playerPrefix(player string) string { return Prefix + "player\x00" + player + "\x00" }

func playerKey(player string, day duplicate.Day, game string) string {
	return playerPrefix(player) + day.String() + "\x00" + game
}

// AttemptChat is the chat of the table holding a player's attempt of a
// game on a day (package chat).
func AttemptChat(game string, day duplicate.Day, player string) string {
	return chat.Of(game, day.String(), player)
}

// IsChat tells whether a chat is an attempt's (chat.Is, which the core
// calls: it cannot import this package).
func IsChat(c string) bool { return chat.Is(c) }

// parseDay reads a day written by Day.String.
func parseDay(s string) (duplicate.Day, bool) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return duplicate.Day{}, false
	}
	return duplicate.Day{Year: t.Year(), Month: t.Month(), Day: t.Day()}, true
}

// validPlayer refuses an id a key could not hold.
func validPlayer(id string) error {
	if id == "" || strings.Contains(id, "\x00") {
		return fmt.Errorf("challenge: the player id %q", id)
	}
	return nil
}
