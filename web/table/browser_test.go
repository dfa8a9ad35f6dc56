package table

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/tablee/tablee/web/access"
)

// The browser tests drive Debian's chromium (tools/chromium/install puts it
// there; .ci/run calls it). Without one they skip and say so.

func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium here: run tools/chromium/install (Debian's chromium) for the web table's browser tests")
	return ""
}

// shared is the one chromium of the package's tests, started by the
// first that needs it and stopped by TestMain: each test has a tab of its
// own, so that chromium's start is paid once.
var shared struct {
	once  sync.Once
	ctx   context.Context // the browser's first tab; nil when it did not start
	err   error
	close func()
}

// TestMain stops the shared chromium after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if shared.close != nil {
		shared.close()
	}
	os.Exit(code)
}

// browser gives a new tab of the shared headless chromium, at the given
// size; the tab closes with the test.
func browser(t *testing.T, width, height int) context.Context {
	path := chromium(t)
	shared.once.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox)
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(actx)
		shared.close = func() { cancel(); cancelAlloc() }
		// The first tab starts the browser; it stays open, unused, so
		// that closing a test's tab never closes chromium.
		if shared.err = chromedp.Do(ctx); shared.err == nil {
			shared.ctx = ctx
		}
	})
	if shared.ctx == nil {
		t.Skipf("chromium at %s does not start: %v", path, shared.err)
	}
	ctx, cancel := chromedp.NewContext(shared.ctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatalf("a tab of chromium: %v", err)
	}
	return ctx
}

// within runs steps with a time limit, failing the test on error.
func within(t *testing.T, ctx context.Context, d time.Duration, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// parseHint reads a Mots de Tête move "I9 bas POUR": the cell's column
// and row from 0, the direction, the word.
func parseHint(t *testing.T, hint string) (col, row int, down bool, word string) {
	t.Helper()
	f := strings.Fields(hint)
	if len(f) != 3 {
		t.Fatalf("hint %q", hint)
	}
	col = int(strings.ToUpper(f[0])[0] - 'A')
	r, err := strconv.Atoi(f[0][1:])
	if err != nil {
		t.Fatalf("hint %q: %v", hint, err)
	}
	return col, r - 1, f[1] == "bas", f[2]
}

// TestBrowserKeyboardTurnAndLiveChatMove plays a Mots de Tête turn in the
// page with the keyboard alone (arrows to the cell, Enter, the direction,
// the word), then sees the other player's move, made in the chat, arrive
// live; the accessibility tree names every cell of the board.
func TestBrowserKeyboardTurnAndLiveChatMove(t *testing.T) {
	f := newFixture(t, "motsdetete", nil)
	ctx := browser(t, 360, 800)
	mover, other := f.mover()
	hint, ok := f.core.Hint("local:main", mover)
	if !ok {
		t.Fatal("no hint for the mover")
	}
	col, row, down, word := parseHint(t, hint)
	before := f.state(f.open(mover, access.Player)).Moves
	link := f.http.URL + Link(f.link(mover, access.Player, f.now.Add(time.Hour)))
	within(t, ctx, 20*time.Second, "open the page",
		chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS(`[role="gridcell"]`)))

	// The accessibility tree: every cell a gridcell named by its
	// coordinates and what it holds, in the reader's language.
	tree, err := chromedp.Call(ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		t.Fatal(err)
	}
	v, _ := f.core.WebView(f.table, mover)
	var grid []gridSize
	for _, b := range v.Board.Blocks {
		if b.Grid {
			grid = append(grid, gridSize{len(b.Rows), len(b.Rows[0])})
		}
	}
	if len(grid) != 1 {
		t.Fatalf("%d grids on the board", len(grid))
	}
	names := map[string]bool{}
	for _, n := range tree.Nodes {
		if n.Role != nil && strings.Trim(string(n.Role.Value), `"`) == "gridcell" && n.Name != nil {
			names[strings.Trim(string(n.Name.Value), `"`)] = true
		}
	}
	if len(names) != grid[0].rows*grid[0].cols {
		t.Fatalf("%d named cells in the accessibility tree, the board has %d x %d", len(names), grid[0].rows, grid[0].cols)
	}
	if !names["A1, vide"] && !strings.Contains(fmt.Sprint(names), "A1, ") {
		t.Fatalf("cell A1 not named: %v", names)
	}

	// The turn, keyboard only.
	keys := strings.Repeat(kb.ArrowRight, col) + strings.Repeat(kb.ArrowDown, row)
	dirKeys := kb.Enter
	if down {
		dirKeys = "\t" + kb.Enter
	}
	within(t, ctx, 20*time.Second, "play by keyboard",
		chromedp.Focus(chromedp.CSS(`[role="gridcell"][tabindex="0"]`)),
		chromedp.KeyEvent(keys),
		chromedp.KeyEvent(kb.Enter),
		chromedp.WaitVisible(chromedp.CSS(`#compose .dir`)),
		chromedp.KeyEvent(dirKeys),
		chromedp.WaitVisible(chromedp.CSS(`#compose-word`)),
		chromedp.KeyEvent(word+kb.Enter),
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-moves="%d"]`, before+1))),
	)
	if got, _ := f.core.WebView(f.table, mover); got.Moves != before+1 {
		t.Fatalf("the core's counter is %d after the page's move", got.Moves)
	}

	// The other player passes in the chat: the page shows it live.
	f.chat(strings.TrimPrefix(other, "local:"), "/passe")
	within(t, ctx, 20*time.Second, "see the chat's move live",
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-moves="%d"]`, before+2))))

	if dir := os.Getenv("TABLEE_WEB_SCREENSHOTS"); dir != "" {
		screenshot(t, ctx, filepath.Join(dir, "web-motsdetete-360.png"), 360, 800)
		screenshot(t, ctx, filepath.Join(dir, "web-motsdetete-1280.png"), 1280, 800)
	}
}

// gridSize is a grid's size.
type gridSize struct{ rows, cols int }

// TestBrowserPressesTheHandsButtons plays a move of each card game by
// tapping its hand's buttons step by step, in one chromium; the page holds
// its player's hand only.
func TestBrowserPressesTheHandsButtons(t *testing.T) {
	ctx := browser(t, 360, 800)
	for _, game := range []string{"crackword", "wordsout", "escogriffe"} {
		t.Run(game, func(t *testing.T) { tapAMove(t, ctx, game) })
	}
}

func tapAMove(t *testing.T, ctx context.Context, game string) {
	f := newFixture(t, game, nil)
	mover, other := f.mover()
	before := f.state(f.open(mover, access.Player)).Moves
	otherHand := f.handOf(other)
	link := f.http.URL + Link(f.link(mover, access.Player, f.now.Add(time.Hour)))
	within(t, ctx, 20*time.Second, "open the page",
		chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS(`#choices button`)))
	html, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.outerHTML`))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.Trim(otherHand, `"`), `","`) {
		if len(line) > 6 && strings.Contains(html, line) {
			t.Fatalf("the page holds the other seat's hand line %q", line)
		}
	}
	// Tap the first button of each step until the move is played; a
	// step that asks for a word gets one. After each, wait for what it
	// brings: the move shown, the next step's buttons, or the word asked.
	played := fmt.Sprintf(`document.body.dataset.moves !== "%d"`, before)
	for step := 0; step < 6; step++ {
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](played))
		if err != nil {
			t.Fatal(err)
		}
		if done {
			break
		}
		drawn, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("choices").dataset.drawn`))
		if err != nil {
			t.Fatal(err)
		}
		next := fmt.Sprintf(`%s || document.getElementById("choices").dataset.drawn !== %q || !!document.getElementById("ask-input")`, played, drawn)
		within(t, ctx, 20*time.Second, "tap", chromedp.Click(chromedp.CSS(`#choices button`)), chromedp.Poll[chromedp.Void](next))
		if asks, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.getElementById("ask-input")`)); asks {
			within(t, ctx, 20*time.Second, "answer", chromedp.SendKeys(chromedp.CSS(`#ask-input`), "maison"+kb.Enter),
				chromedp.Poll[chromedp.Void](fmt.Sprintf(`%s || !document.getElementById("ask-input")`, played)))
		}
	}
	within(t, ctx, 20*time.Second, "see the move played",
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-moves="%d"]`, before+1))))
	if dir := os.Getenv("TABLEE_WEB_SCREENSHOTS"); dir != "" {
		screenshot(t, ctx, filepath.Join(dir, "web-"+game+"-360.png"), 360, 800)
		screenshot(t, ctx, filepath.Join(dir, "web-"+game+"-1280.png"), 1280, 800)
		within(t, ctx, 10*time.Second, "resize back", chromedp.EmulateViewport(360, 800))
	}
}

// TestBrowserTapsAWordOnLaCoquillaude places La Coquillaude's proposal by
// touch: a tap on its first cell, one on its direction, the word typed,
// Send; the page types the chat's "/mot WORD H11 droite".
func TestBrowserTapsAWordOnLaCoquillaude(t *testing.T) {
	f := newFixture(t, "coquillaude", nil)
	ctx := browser(t, 360, 800)
	mover, _ := f.mover()
	hint, ok := f.core.Hint("local:main", mover)
	fields := strings.Fields(hint)
	if !ok || len(fields) != 4 || fields[0] != "mot" {
		t.Fatalf("hint %q", hint)
	}
	col, row, down, _ := parseHint(t, strings.Join(fields[2:], " ")+" "+fields[1])
	before := f.state(f.open(mover, access.Player)).Moves
	link := f.http.URL + Link(f.link(mover, access.Player, f.now.Add(time.Hour)))
	dir := 1
	if down {
		dir = 2
	}
	within(t, ctx, 20*time.Second, "compose by touch",
		chromedp.Navigate(link),
		chromedp.WaitVisible(chromedp.CSS(`[role="gridcell"]`)),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`[role="gridcell"][data-col="%d"][data-row="%d"]`, col, row))),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`#compose .dir:nth-child(%d)`, dir))),
	)
	// The word picked from the hand's pions, a tap a letter (the first
	// proposal crosses nothing: every letter is a pion), its score asked
	// of the server and shown before it is sent.
	for _, l := range fields[1] {
		within(t, ctx, 10*time.Second, "pick "+string(l),
			chromedp.Click(chromedp.CSS(fmt.Sprintf(`#compose-letters button[data-letter="%c"]:not([disabled])`, l))))
	}
	preview, err := f.core.WebPreview(f.table, mover, strings.NewReplacer("{word}", fields[1], "{cell}", strings.ToLower(fields[2]),
		"{dir}", fields[3]).Replace(f.state(f.open(mover, access.Player)).Compose.Template))
	if err != nil || !preview.Known || preview.Refusal != "" {
		t.Fatalf("the core's preview: %+v %v", preview, err)
	}
	want := fmt.Sprintf("%s : %d points", fields[1], preview.Points)
	within(t, ctx, 10*time.Second, "see the score before sending",
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.getElementById("compose-score").textContent === %q`, want)))
	if got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("compose-word").value`)); got != fields[1] {
		t.Fatalf("the word picked is %q", got)
	}
	if dir := os.Getenv("TABLEE_WEB_SCREENSHOTS"); dir != "" {
		screenshot(t, ctx, filepath.Join(dir, "web-coquillaude-1280.png"), 1280, 800)
		screenshot(t, ctx, filepath.Join(dir, "web-coquillaude-360.png"), 360, 800)
	}
	within(t, ctx, 20*time.Second, "send",
		chromedp.Click(chromedp.CSS(`#compose-send`)),
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-moves="%d"]`, before+1))))
}

// TestBrowserMiniApp opens the Mini App's page as Telegram does, the init
// data in the address's fragment: valid, it shows the table (to a user
// without a seat, the board only); with a wrong hash or an old auth_date,
// why not.
func TestBrowserMiniApp(t *testing.T) {
	f := newFixture(t, "motsdetete", nil)
	ctx := browser(t, 360, 800)
	start := strconv.FormatUint(f.table, 36)
	// A query of its own for each: a new fragment alone is no new page.
	n := 0
	open := func(data string) string {
		n++
		return f.http.URL + "/app?try=" + strconv.Itoa(n) + "#tgWebAppData=" + url.QueryEscape(data) + "&tgWebAppVersion=8.0"
	}
	within(t, ctx, 20*time.Second, "valid init data",
		chromedp.Navigate(open(initData(42, start, time.Now(), botToken))),
		chromedp.WaitVisible(chromedp.CSS(`[role="gridcell"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#spectator`)))
	for _, c := range []struct{ name, data, want string }{
		// Data not trusted says nothing of its user: the refusal speaks
		// the browser's language (headless chromium's English).
		{"wrong hash", initData(42, start, time.Now(), "999:another-bot"), "not one the bot made"},
		{"old auth_date", initData(42, start, time.Now().Add(-48*time.Hour), botToken), "expired"},
	} {
		within(t, ctx, 20*time.Second, c.name, chromedp.Navigate(open(c.data)), chromedp.WaitVisible(chromedp.CSS(`#why`)))
		why, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#why`)))
		if err != nil || !strings.Contains(why, c.want) {
			t.Errorf("%s: %q %v", c.name, why, err)
		}
	}
}

// TestBrowserRefusedLink shows a forged link's page, in the browser's
// language (headless chromium asks for English).
func TestBrowserRefusedLink(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	ctx := browser(t, 360, 800)
	within(t, ctx, 20*time.Second, "open", chromedp.Navigate(f.http.URL+Link("forged")), chromedp.WaitVisible(chromedp.CSS(`#why`)))
	why, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#why`)))
	if err != nil || !strings.Contains(why, "not one the bot made") {
		t.Fatalf("%q %v", why, err)
	}
}

// screenshot saves the page at a width, the whole height of the page.
func screenshot(t *testing.T, ctx context.Context, path string, width, height int64) {
	t.Helper()
	within(t, ctx, 10*time.Second, "resize", chromedp.EmulateViewport(width, height), chromedp.Sleep(300*time.Millisecond))
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
