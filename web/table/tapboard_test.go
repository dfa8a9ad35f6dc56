package table

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/tablee/tablee/web/access"
)

// TestBrowserTapsTheBoardsPlaces plays a move of each card game by
// tapping the board itself where the chat's buttons name a place of it,
// with chromium's pointer: Crack Word's row (the choices narrow to its
// sides, one is pressed, the word typed), Words Out's row, Le Grand
// Escogriffe's discard pile. The moves before it are played in the chat
// until alice's move names such a place.
func TestBrowserTapsTheBoardsPlaces(t *testing.T) {
	ctx := browser(t, 1280, 900)
	for _, c := range []struct {
		game string
		move *regexp.Regexp
	}{
		{"crackword", regexp.MustCompile(`^(\S+) (gauche|droite) (\d+) (\S+)$`)},
		{"wordsout", regexp.MustCompile(`^(\S+) (\d+)$`)},
		{"escogriffe", regexp.MustCompile(`^(?:prendre|jeter (\d+)) (\d+)$`)},
	} {
		t.Run(c.game, func(t *testing.T) {
			f := newFixture(t, c.game, unlimited)
			link := f.http.URL + Link(f.link("local:alice", access.Player, f.now.Add(time.Hour)))
			within(t, ctx, 20*time.Second, "open the page",
				chromedp.Navigate(link), chromedp.WaitReady(chromedp.CSS(`body[data-moves]`)))
			for n := 0; n < 80; n++ {
				hint, ok := f.core.Hint("local:main", "local:alice")
				if m := c.move.FindStringSubmatch(hint); ok && m != nil {
					tapThePlace(t, ctx, f, c.game, m)
					return
				}
				user := "alice"
				if !ok {
					user = "bob"
					if hint, ok = f.core.Hint("local:main", "local:bob"); !ok {
						t.Fatal("the game waits for nobody")
					}
				}
				f.chat(user, "/move "+hint)
				f.core.Flush()
			}
			t.Fatal("alice's moves never named a place of the board")
		})
	}
}

// tapThePlace plays alice's move m by tapping the place of the board it
// names.
func tapThePlace(t *testing.T, ctx context.Context, f *fixture, game string, m []string) {
	v, _ := f.core.WebView(f.table, "local:alice")
	played := chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-moves="%d"]`, v.Moves+1)))
	within(t, ctx, 10*time.Second, "the page up to date",
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-moves="%d"]`, v.Moves))))
	card := func(move string) chromedp.Action[chromedp.Void] {
		return chromedp.Click(chromedp.CSS(fmt.Sprintf(`#choices button[data-move=%q]`, move)))
	}
	place := func(block, tile int) chromedp.Action[chromedp.Void] {
		sel := fmt.Sprintf(`#board [data-block="%d"] .tile.target`, block)
		if tile >= 0 {
			sel = fmt.Sprintf(`#board [data-block="%d"] .tile.target[data-tile="%d"]`, block, tile)
		}
		return chromedp.Click(chromedp.CSS(sel))
	}
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	switch game {
	case "crackword":
		row := num(m[3])
		within(t, ctx, 10*time.Second, "the card", card(m[1]), chromedp.WaitVisible(chromedp.CSS(`#board .tile.target`)))
		if dir := os.Getenv("TABLEE_WEB_SCREENSHOTS"); dir != "" {
			// The rows a card may go to, tappable on the board.
			screenshot(t, ctx, filepath.Join(dir, "web-crackword-rows-360.png"), 360, 800)
			within(t, ctx, 10*time.Second, "resize back", chromedp.EmulateViewport(1280, 900))
		}
		within(t, ctx, 10*time.Second, "its row on the board", place(row-1, -1))
		// The row's places only are offered now: its sides (and its cards).
		within(t, ctx, 10*time.Second, "the row's choices", chromedp.Poll[chromedp.Void](fmt.Sprintf(
			`[...document.querySelectorAll("#choices button")].every((b) => / %d( |$)/.test(b.dataset.move)) && !!document.querySelector('#choices button[data-move=%q]')`,
			row, fmt.Sprintf("%s %s %d ", m[1], m[2], row))))
		within(t, ctx, 10*time.Second, "the side and the word", card(fmt.Sprintf("%s %s %d ", m[1], m[2], row)),
			chromedp.WaitVisible(chromedp.CSS(`#ask-input`)), chromedp.SendKeys(chromedp.CSS(`#ask-input`), m[4]+kb.Enter), played)
	case "wordsout":
		within(t, ctx, 10*time.Second, "the card, then its row on the board", card(m[1]), place(num(m[2])-1, -1), played)
	case "escogriffe":
		var steps []chromedp.Action[chromedp.Void]
		if m[1] != "" {
			steps = append(steps, card("jeter "+m[1]))
		}
		steps = append(steps, place(0, num(m[2])-1), played)
		within(t, ctx, 10*time.Second, "the pile on the board: "+strings.Join(m, " "), steps...)
	}
}
