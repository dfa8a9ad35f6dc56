// Package archive reads finished games: a chat's or a player's history,
// the replay of a game move by move, the leaderboards and a player's
// ratings. It only reads: the games are read from the store as the core
// saved them, the ratings as the core wrote them when each game ended.
//
// It does not know the chat platforms nor the core's messages. What it
// reads becomes a Page, neutral as a game's View is: catalogue messages,
// monospace lines, a scene to draw, buttons as cursors. The core turns a
// Page into the message of its platform-free output, and draws its scene.
// It does not know the core's tables either: the core gives each game as
// a Game, the little of a table that a reader of the past needs.
package archive

import (
	"log/slog"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
)

// Store is what the archive reads of the store.
type Store interface {
	// ChatTables and PlayedTables list table ids, oldest first.
	ChatTables(chat string) ([]uint64, error)
	PlayedTables(user string) ([]uint64, error)
	Moves(id uint64) ([]store.Move, error)
	Ratings(prefix string) ([]store.Rating, error)
}

// Archive reads the games of the past and the ratings.
type Archive struct {
	st Store
	// open reads a table as a Game; false when it is unknown or unreadable
	// (the core logs why). The core decodes its own records.
	open func(id uint64) (Game, bool)
	log  *slog.Logger
}

// New returns an archive over a store; open reads one table of it.
func New(st Store, open func(id uint64) (Game, bool), log *slog.Logger) *Archive {
	return &Archive{st: st, open: open, log: log}
}

// Status is where a game stands.
type Status int

const (
	Lobby    Status = iota // never began
	Playing                // still played
	Finished               // ended by its rules
	Stopped                // stopped before its end (/quit, timeouts)
)

// Game is a table as the archive reads it.
type Game struct {
	ID      uint64
	Chat    string
	Engine  games.Engine
	Options games.Options
	Seed    uint64
	// State is the saved position, empty for a lobby that never began.
	State []byte
	// Moves is the table's move counter when it was saved.
	Moves  uint64
	Seats  []Seat
	Scores []int // the final result
	Status Status
	// Lang is the table's language: what its chat read during the game.
	Lang    i18n.Lang
	Created time.Time
	Ended   time.Time // zero while it is played
	Rematch bool      // opened by /rematch
}

// Seat is one seat of a game.
type Seat struct {
	User string   // "" for a bot
	Name i18n.Msg // as players read it (a bot with its strength)
}

// Began tells whether the game was dealt (a lobby that never started has
// no game to show or replay).
func (g Game) Began() bool { return len(g.State) > 0 }

// Over tells whether the game ended, by its rules or stopped.
func (g Game) Over() bool { return g.Status == Finished || g.Status == Stopped }

// Names are the names of the seats, for the renderer of a page about the
// game (i18n.Seat arguments).
func (g Game) Names() []i18n.Msg {
	names := make([]i18n.Msg, len(g.Seats))
	for i, s := range g.Seats {
		names[i] = s.Name
	}
	return names
}

// reads bounds how many tables of a chat one reading reads, newest first:
// lobbies that never began are skipped on the way, and a chat with
// thousands of them must not make one command read them all.
const reads = 200

// chatGames calls f with the chat's games that began, newest first, until
// f returns false; at most reads tables are read.
func (a *Archive) chatGames(chat string, f func(g Game) bool) error {
	ids, err := a.st.ChatTables(chat)
	return a.newest(ids, err, f, "chat", chat)
}

// playedGames calls f with the user's games that began, finished or not,
// whatever their chats, newest first, until f returns false; at most
// reads tables are read.
func (a *Archive) playedGames(user string, f func(g Game) bool) error {
	ids, err := a.st.PlayedTables(user)
	return a.newest(ids, err, f, "user", user)
}

// newest calls f with the games of ids (oldest first, as the store listed
// them, by) that began, newest first, until f returns false; at most reads
// tables are read. A listing that failed is logged and returned.
func (a *Archive) newest(ids []uint64, err error, f func(g Game) bool, by ...any) error {
	if err != nil {
		a.log.Error("tables not listed", append(by, "err", err)...)
		return err
	}
	for i := len(ids) - 1; i >= 0 && i >= len(ids)-reads; i-- {
		if g, ok := a.open(ids[i]); ok && g.Began() && !f(g) {
			break
		}
	}
	return nil
}

// Last is the chat's most recent game that began; false when there is
// none.
func (a *Archive) Last(chat string) (Game, bool) {
	var last Game
	found := false
	a.chatGames(chat, func(g Game) bool { last, found = g, true; return false })
	return last, found
}

// Page is what a reading shows, in no platform's form.
type Page struct {
	Title i18n.Msg
	Mono  []string // drawn in monospace: a board, a text table
	Lines []Line
	// Scene is a picture to draw beside the text, nil for none.
	Scene *games.Scene
	// Buttons are cursors to other pages of the same reading.
	Buttons [][]Button
	// Names are the names the lines' i18n.Seat arguments stand for.
	Names []i18n.Msg
	// Lang is the language the page is read in when it is not its
	// reader's (a replay shown to a chat: the table's); "" for the
	// reader's.
	Lang i18n.Lang
	// Chat is the chat of the game the page shows, "" for none.
	Chat string
	// Private asks for a page only its reader sees (his own hand).
	Private bool
	// Refusal marks a page that only says why nothing is shown.
	Refusal bool
}

// Line is a line of a page's text.
type Line struct {
	Text i18n.Msg
	// Link asks for a link to the table's message in its chat, on a line
	// of its own below, where the platform has one (zero for none).
	Link Where
}

// Where is a table and its chat.
type Where struct {
	Table uint64
	Chat  string
}

// Button leads to a step of a replay.
type Button struct {
	Label i18n.Msg
	Table uint64
	Step  uint64
	Mine  bool // the step of a private replay: the presser's own hand
}

// lines makes lines of messages.
func lines(ms ...i18n.Msg) []Line {
	out := make([]Line, len(ms))
	for i, m := range ms {
		out[i] = Line{Text: m}
	}
	return out
}

// blank is an empty line.
var blank = Line{Text: i18n.Raw("")}

// refusal is a page that only says why nothing is shown.
func refusal(key string, args ...any) Page {
	return Page{Lines: lines(i18n.T(key, args...)), Refusal: true}
}

// saying is a page of one sentence.
func saying(key string, args ...any) Page { return Page{Lines: lines(i18n.T(key, args...))} }
