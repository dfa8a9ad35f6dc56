package table

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/store/bolt"
	"github.com/tablee/tablee/web/access"
)

// wholeGames are the games played whole in the browser, each with a seed
// whose game ends early with the moves the test plays, and the options of
// a short game where the engine has them.
var wholeGames = []struct {
	game, options string
	seed          uint64
}{
	{"motsdetete", " target=100", 5},
	{"crackword", "", 40},
	{"wordsout", "", 28},
	{"coquillaude", "", 12},
	{"escogriffe", "", 8},
}

// TestBrowserWholeGames plays a whole game of each of the five games, in
// one chromium: alice plays every move of hers by tapping in her page
// (the hand's buttons step by step, the word a button asks for typed in
// its field; a word of Mots de Tête placed by a tap on its cell and one on
// its direction), bob plays his through the chat (the core's Handle, as
// the terminal does). After every move the page shows the move counter
// the chat's table is at, and the board it draws as text is the chat's
// board, line for line.
//
// Alice's move is the bot player's choice when her buttons lead to it,
// else one they offer (a pass, a draw, the first whole move): a move the
// chat types in a form the buttons do not build ("E droite 4" without a
// word) is no tap. The taps are the DOM's clicks, dispatched in the page
// by one script per move: the other browser tests press with chromium's
// pointer, which costs about ten times as much, and a game here has up to
// two hundred and fifty of alice's moves.
func TestBrowserWholeGames(t *testing.T) {
	ctx := browser(t, 1280, 900)
	for _, g := range wholeGames {
		t.Run(g.game, func(t *testing.T) { playWhole(t, ctx, g.game, g.options, g.seed) })
	}
}

func playWhole(t *testing.T, ctx context.Context, game, options string, seed uint64) {
	start := time.Now()
	// Without fsync: a game of hundreds of moves, whose saves are not
	// what is tested here (the other tests save as a deployment does).
	f := servedOn(t, bolt.Options{Timeout: time.Second, NoSync: true}, func(o *bot.Options) {
		o.Seeds = func() uint64 { return seed }
		unlimited(o)
	})
	f.table = f.deal("local:main", "alice", "bob", game+options)
	// The chat's boards as text: no picture drawn for each move, and the
	// text is what the page's is compared with.
	f.chat("alice", "/settings view=text")
	link := f.http.URL + Link(f.link("local:alice", access.Player, f.now.Add(time.Hour)))
	within(t, ctx, 20*time.Second, "open the page",
		chromedp.Navigate(link), chromedp.WaitReady(chromedp.CSS(`body[data-moves]`)))
	taps, chatMoves := 0, 0
	for move := 0; ; move++ {
		if move > 1500 {
			t.Fatal("no end after 1500 moves")
		}
		v, err := f.core.WebView(f.table, "local:bob")
		if err != nil {
			t.Fatal(err)
		}
		if v.Phase != bot.Playing {
			break
		}
		if hint, ok := f.core.Hint("local:main", "local:alice"); ok {
			taps += f.tapMove(t, ctx, v.Moves, hint)
		} else if hint, ok := f.core.Hint("local:main", "local:bob"); ok {
			f.chat("bob", "/move "+hint)
			chatMoves++
		} else {
			t.Fatalf("move %d: the game waits for nobody", move)
		}
		f.core.Flush()
		f.agree(t, ctx)
	}
	final, _ := f.core.WebView(f.table, "local:bob")
	if final.Phase != bot.Finished {
		t.Fatalf("the game ended %s", final.Phase)
	}
	within(t, ctx, 10*time.Second, "the end shown",
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-moves="%d"]`, final.Moves))))
	t.Logf("%s: %d moves (%d taps of alice's, %d chat moves) in %v, scores %d and %d", game, final.Moves, taps, chatMoves,
		time.Since(start).Round(time.Millisecond), final.Seats[0].Score, final.Seats[1].Score)
}

// unlimited lifts the core's rate limits: a game played at a script's
// speed would meet the buckets that stop a script.
func unlimited(o *bot.Options) {
	o.RateLimits = bot.RateLimits{User: bot.RateLimit{Burst: 1 << 20, Every: time.Microsecond},
		Chat: bot.RateLimit{Burst: 1 << 20, Every: time.Microsecond}}
}

// agree waits for the page to show the chat's table's counter, then
// compares the board the page draws as text with the chat's /board.
func (f *fixture) agree(t *testing.T, ctx context.Context) {
	t.Helper()
	var board bot.Out
	for _, o := range f.chat("bob", "/board") {
		if len(o.Mono) > 0 {
			board = o
		}
	}
	v, _ := f.core.WebView(f.table, "local:bob")
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	page, err := chromedp.Run(c, chromedp.Evaluate[string](fmt.Sprintf(`new Promise((ok, fail) => {
		const until = Date.now() + 9000;
		(function look() {
			if (document.body.dataset.moves === %q) return ok(document.getElementById("board-text").textContent);
			if (Date.now() > until) return fail(new Error("the page shows move " + document.body.dataset.moves));
			setTimeout(look, 2);
		})();
	})`, strconv.FormatUint(v.Moves, 10)), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("move %d: %v", v.Moves, err)
	}
	if want := strings.Join(board.Mono, "\n"); page != want {
		t.Fatalf("after move %d the chat shows\n%s\nthe page\n%s", v.Moves, want, page)
	}
}

// tapScript presses, in the page, the buttons of the moves given one after
// the other (each time waiting for what the press brings: the next step's
// buttons, the field a button asks a word in, or the move shown), types
// the word asked when there is one, or places a word on the grid (a tap on
// its cell, one on its direction, the word typed, Send). It resolves when
// the page shows another move counter than before.
const tapScript = `async (before, moves, text, cell) => {
	const $ = (id) => document.getElementById(id);
	const played = () => document.body.dataset.moves !== before;
	const until = Date.now() + 9000;
	const wait = (cond, what) => new Promise((ok, fail) => {
		(function look() {
			if (cond()) return ok();
			if (Date.now() > until) return fail(new Error("waiting for " + what + ": " + ($("reply").textContent || "no reply")));
			setTimeout(look, 2);
		})();
	});
	if (cell) {
		document.querySelector('[role="gridcell"][data-col="' + cell.col + '"][data-row="' + cell.row + '"]').click();
		await wait(() => $("compose-word"), "the word's field");
		document.querySelectorAll("#compose .dir")[cell.dir].click();
		$("compose-word").value = text;
		$("compose-send").click();
		await wait(played, "the word placed");
		return;
	}
	for (const move of moves) {
		const b = [...document.querySelectorAll("#choices button")].find((b) => b.dataset.move === move);
		if (!b) throw new Error("no button " + JSON.stringify(move) + " among " +
			JSON.stringify([...document.querySelectorAll("#choices button")].map((b) => b.dataset.move)));
		const drawn = $("choices").dataset.drawn;
		b.click();
		await wait(() => played() || $("choices").dataset.drawn !== drawn || $("ask-input"), "the press of " + move);
	}
	if (text) {
		$("ask-input").value = text;
		$("ask-input").form.querySelector("button").click();
	}
	await wait(played, "the move shown");
}`

// tapMove plays alice's move by tapping in her page: the hint when her
// buttons reach it, else one they offer. It returns the taps made.
func (f *fixture) tapMove(t *testing.T, ctx context.Context, before uint64, hint string) int {
	t.Helper()
	st, _ := f.core.WebView(f.table, "local:alice")
	if st.Hand == nil || !st.Hand.MustAct {
		t.Fatalf("alice awaited without buttons: %+v", st.Hand)
	}
	cell := "null"
	var moves []string
	var text string
	f4 := strings.Fields(hint)
	switch {
	case st.Game == "motsdetete" && hint != "passe":
		// Placed on the grid by touch, as the chat types "/coup j4 bas test".
		col, row, down, word := parseHint(t, hint)
		dir := 0
		if down {
			dir = 1
		}
		cell, text = fmt.Sprintf(`{"col":%d,"row":%d,"dir":%d}`, col, row, dir), word
	case st.Game == "coquillaude" && len(f4) == 4 && f4[0] == "mot" && slices.Contains(st.Hand.Asks, "mot"):
		// A proposal placed by touch too: its cell, one of the four
		// directions, the word ("/mot ministre i9 diag").
		col, row, _, _ := parseHint(t, f4[2]+" "+f4[3]+" "+f4[1])
		dir := slices.Index([]string{"droite", "bas", "diag", "haut-droite"}, f4[3])
		if dir < 0 {
			t.Fatalf("direction %q", f4[3])
		}
		cell, text = fmt.Sprintf(`{"col":%d,"row":%d,"dir":%d}`, col, row, dir), f4[1]
	default:
		var ok bool
		moves, text, ok = f.buttonPath(st.Hand.Buttons, hint, 0)
		if !ok {
			moves, text = f.anyButton(st.Hand.Buttons, 0)
		}
		if moves == nil {
			t.Fatalf("alice's buttons offer no move (the bot plays %q)", hint)
		}
	}
	js, _ := jsonArgs(strconv.FormatUint(before, 10), moves, text)
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Evaluate[any](fmt.Sprintf(`(%s)(%s, %s)`, tapScript, js, cell), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("move %d, alice taps %q %q (the bot plays %q): %v", before+1, moves, text, hint, err)
	}
	if cell != "null" {
		return 3 // the cell, the direction, Send
	}
	if text != "" {
		return len(moves) + 1 // and the field's Send
	}
	return len(moves)
}

// jsonArgs writes values as the arguments of a script's call.
func jsonArgs(args ...any) (string, error) {
	parts := make([]string, len(args))
	for i, a := range args {
		b, err := json.Marshal(a)
		if err != nil {
			return "", err
		}
		parts[i] = string(b)
	}
	return strings.Join(parts, ", "), nil
}

// buttonMove is a button's move and kind, read from its payload.
func buttonMove(b bot.Button) (kind byte, move string) {
	parts := strings.SplitN(b.Data, ".", 3)
	return b.Data[0], parts[len(parts)-1]
}

// fields is a move with its spaces made single: a button that asks for a
// word ends its move with a space, to which the core adds one more.
func fields(s string) string { return strings.Join(strings.Fields(s), " ") }

// buttonPath finds the buttons that lead to move, step by step (the next
// steps read from the core as the page's press of a 'c' button reads
// them: such a press changes nothing), and the words the last asks for.
func (f *fixture) buttonPath(rows [][]bot.Button, move string, depth int) ([]string, string, bool) {
	want := fields(move)
	var next *bot.Button
	longest := -1
	for _, row := range rows {
		for _, b := range row {
			kind, m := buttonMove(b)
			fm := fields(m)
			switch {
			case (kind == 'a' || kind == 'w') && strings.HasPrefix(want, fm+" "):
				return []string{m}, strings.TrimPrefix(want, fm+" "), true
			case kind == 'm' && fm == want:
				return []string{m}, "", true
			case kind == 'c' && strings.HasPrefix(want, fm+" ") && len(fm) > longest:
				// The longest: "jeter 4" rather than "jeter" when both lead.
				b := b
				next, longest = &b, len(fm)
			}
		}
	}
	if next == nil || depth > 4 {
		return nil, "", false
	}
	_, m := buttonMove(*next)
	rest, text, ok := f.buttonPath(f.press(*next), move, depth+1)
	return append([]string{m}, rest...), text, ok
}

// anyButton is a whole move alice's buttons offer: a pass or a draw when
// there is one, else the first whole move found step by step.
func (f *fixture) anyButton(rows [][]bot.Button, depth int) ([]string, string) {
	var whole []string
	for _, row := range rows {
		for _, b := range row {
			kind, m := buttonMove(b)
			if kind == 'm' && (m == "passe" || m == "pioche") {
				return []string{m}, ""
			}
			if kind == 'm' && whole == nil {
				whole = []string{m}
			}
		}
	}
	if whole != nil || depth > 3 {
		return whole, ""
	}
	for _, row := range rows {
		for _, b := range row {
			if kind, m := buttonMove(b); kind == 'c' {
				if rest, text := f.anyButton(f.press(b), depth+1); rest != nil {
					return append([]string{m}, rest...), text
				}
			}
		}
	}
	return nil, ""
}

// press reads the next step of a 'c' button, as the page's press does.
func (f *fixture) press(b bot.Button) [][]bot.Button {
	for _, o := range f.core.WebMove(context.Background(), f.table, "local:alice", b.Data, "", "") {
		if o.Dest == bot.ToReply && len(o.Buttons) > 0 {
			return o.Buttons
		}
	}
	return nil
}
