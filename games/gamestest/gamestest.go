// Package gamestest holds the checks every game engine's tests make, so
// that each engine calls them instead of keeping its own copy: the
// catalogues (CheckCatalogue, CheckKeysUsed), moves that must be accepted
// or refused without a trace (MustApply, Refused, TryMove), bot moves to
// reach a position (Advance), the positions of bot games kept for fuzz
// targets to load (Positions), save and load (RoundTrip), views as text
// (ViewText), and moves typed as players type them: a corpus of phrasings
// (CheckCorpus), the bot's narrations typed back (CheckNarrationsPlayBack),
// the sentences the rules show (CheckRulesSentences), and the tables an
// engine works out ahead (CheckPrepares). Like
// net/http/httptest, it is imported by tests only.
package gamestest

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// MustApply applies a move that must be accepted and returns its events.
func MustApply(t testing.TB, g games.Game, seat int, move string) []games.Event {
	t.Helper()
	evs, err := g.Apply(seat, move)
	if err != nil {
		t.Fatalf("Apply(%d, %q): %v", seat, move, err)
	}
	return evs
}

// Refused applies a move that must be refused: the error is a
// *games.Refusal and the saved game is the same byte for byte.
func Refused(t testing.TB, g games.Game, seat int, move string) *games.Refusal {
	t.Helper()
	before, _ := g.Save()
	_, err := g.Apply(seat, move)
	var r *games.Refusal
	if !errors.As(err, &r) {
		t.Fatalf("Apply(%d, %q) = %v, want a refusal", seat, move, err)
	}
	if after, _ := g.Save(); string(before) != string(after) {
		t.Fatalf("refused move %q changed the game", move)
	}
	return r
}

// RefusedWith is Refused with the refusal's catalogue key.
func RefusedWith(t testing.TB, g games.Game, seat int, move, key string) *games.Refusal {
	t.Helper()
	r := Refused(t, g, seat, move)
	if r.Msg.Key != key {
		t.Fatalf("Apply(%d, %q) refused with %s (%s), want %s", seat, move, r.Msg.Key, r.Error(), key)
	}
	return r
}

// TryMove applies any move, as a fuzzer sends them: Apply must not panic,
// and an error must be a *games.Refusal that leaves the saved game the
// same byte for byte. It tells whether the move was accepted.
func TryMove(t testing.TB, g games.Game, seat int, move string) ([]games.Event, bool) {
	t.Helper()
	before, _ := g.Save()
	evs, err := g.Apply(seat, move)
	if err == nil {
		return evs, true
	}
	var r *games.Refusal
	if !errors.As(err, &r) {
		t.Fatalf("%q: not a refusal: %v", move, err)
	}
	if after, _ := g.Save(); string(before) != string(after) {
		t.Fatalf("refused %q changed the game", move)
	}
	return nil, false
}

// Advance plays up to n bot moves, each of the first waiting seat, and
// stops early at the end of the game. A refused bot move is fatal.
func Advance(t testing.TB, g games.Game, n int) {
	t.Helper()
	for i := 0; i < n && !g.Result().Over; i++ {
		w := g.Waiting()[0].Seat
		if _, err := g.Apply(w, g.Bot(w, games.Strong)); err != nil {
			t.Fatal(err)
		}
	}
}

// HasEvent tells whether one of the events has the key.
func HasEvent(evs []games.Event, key string) bool {
	for _, e := range evs {
		if e.Msg.Key == key {
			return true
		}
	}
	return false
}

// ViewText is a view as a reader sees it: the board, then the lines in
// every language (French first), one a line. The title is left out.
func ViewText(v games.View) string {
	var b strings.Builder
	b.WriteString(strings.Join(v.Board, "\n"))
	for _, lang := range i18n.Langs {
		r := i18n.Renderer{Lang: lang}
		for _, l := range v.Told() {
			b.WriteString("\n" + r.Text(l))
		}
	}
	return b.String()
}
