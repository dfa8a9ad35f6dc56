package bot

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/testgame"
)

// panicky is tic-tac-toe with a bug: its Apply panics on the moves listed,
// and, when botPanics, its bot player panics instead of choosing.
type panicky struct {
	testgame.Engine
	name      string
	on        map[string]bool
	botPanics bool
}

func (p panicky) Name() string { return p.name }

func (p panicky) New(o games.Options, n int, seed uint64) (games.Game, error) {
	g, err := p.Engine.New(o, n, seed)
	return &panicGame{Game: g, e: p}, err
}

func (p panicky) Load(data []byte) (games.Game, error) {
	g, err := p.Engine.Load(data)
	return &panicGame{Game: g, e: p}, err
}

type panicGame struct {
	games.Game
	e panicky
}

func (g *panicGame) Apply(seat int, move string) ([]games.Event, error) {
	if g.e.on[move] {
		panic("engine bug on move " + move)
	}
	return g.Game.Apply(seat, move)
}

func (g *panicGame) Bot(seat int, level games.Strength) string {
	if g.e.botPanics {
		panic("bot player bug")
	}
	return g.Game.Bot(seat, games.Strong)
}

func init() {
	for _, e := range []panicky{
		{name: "panicky", on: map[string]bool{"5": true, "pass": true}},
		{name: "panicbot", botPanics: true},
	} {
		if _, ok := games.Lookup(e.name); !ok {
			games.Register(e)
		}
		for _, l := range []i18n.Lang{i18n.FR, i18n.EN} {
			i18n.Register(l, map[string]string{
				e.name + ".title":    "Buggy tic-tac-toe",
				e.name + ".title_of": "Buggy tic-tac-toe",
				e.name + ".title_at": "Buggy tic-tac-toe",
				e.name + ".summary":  "A test game with a bug.",
				e.name + ".rules":    "As tic-tac-toe.",
			})
		}
	}
}

// A panicking move is refused with an apology, the table is as before the
// move, the log names the table, the game and the move, and the other
// tables, and the same table, play on.
func TestPanic_CommandIsIsolated(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.doIn("local:a", "alice", "/play panicky"))
	mustOK(t, h.doIn("local:a", "bob", "/join"))
	mustOK(t, h.doIn("local:a", "alice", "/start"))
	other := h.seated() // local:main, plain tic-tac-toe
	buggy := h.core.tableFor(Command{Chat: "local:a"})
	before, _ := buggy.game.Save()

	outs := h.doIn("local:a", "alice", "/move 5")
	mustRefuse(t, outs, "something went wrong")
	if buggy.Moves != 0 {
		t.Fatalf("the move that panicked was counted: %d", buggy.Moves)
	}
	if after, _ := buggy.game.Save(); string(after) != string(before) {
		t.Fatalf("the table changed: %s -> %s", before, after)
	}
	logs := h.logs.String()
	for _, want := range []string{"panic recovered", fmt.Sprintf("table=%d", buggy.ID), "game=panicky", `command="move 5"`, "engine bug on move 5"} {
		if !strings.Contains(logs, want) {
			t.Errorf("log lacks %q:\n%s", want, logs)
		}
	}
	mustOK(t, h.do("alice", "/move 1"))
	mustOK(t, h.doIn("local:a", "alice", "/move 1"))
	if buggy.Moves != 1 || other.Moves != 1 {
		t.Fatalf("play did not go on: buggy %d, other %d", buggy.Moves, other.Moves)
	}
	// The apology speaks the author's language.
	h.doIn("local:a", "bob", "/lang fr")
	mustRefuse(t, h.doIn("local:a", "bob", "/move 5"), "souci de mon côté")
}

// A bot player that panics does not cost the human his move: the bot's
// seat plays its timeout move and the game goes on.
func TestPanic_BotPlayerFallsBackToTimeoutMove(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play panicbot"))
	mustOK(t, h.do("alice", "/addbot"))
	mustOK(t, h.do("alice", "/start"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	mustOK(t, h.do("alice", "/move 1"))
	if tb.Moves != 2 || tb.waiting()[0].Seat != 0 {
		t.Fatalf("after the bot's turn: %d moves, waiting %v", tb.Moves, tb.waiting())
	}
	moves, _ := h.st.Moves(tb.ID)
	if moves[1].Text != "pass" {
		t.Fatalf("bot seat played %q, want its timeout move", moves[1].Text)
	}
}

// panickyTransport panics on every message for one chat.
type panickyTransport struct {
	recorder
	chat string
}

func (p *panickyTransport) Deliver(ctx context.Context, o Out) error {
	if o.Chat == p.chat {
		panic("transport bug")
	}
	return p.recorder.Deliver(ctx, o)
}

// A transport that panics loses its message only: the move is saved and
// answered, and other messages are delivered.
func TestPanic_DeliveryIsIsolated(t *testing.T) {
	h := newHarness(t)
	tr := &panickyTransport{recorder: recorder{closed: map[string]bool{}, core: func() *Core { return h.core }}, chat: "local:main"}
	h.core.SetTransport("local", tr)
	tb := h.seated()
	tr.take()
	mustOK(t, h.do("alice", "/move 1"))
	if tb.Moves != 1 {
		t.Fatalf("moves %d", tb.Moves)
	}
	hands := 0
	for _, o := range tr.take() {
		if o.Dest == ToUser {
			hands++
		}
	}
	if hands == 0 {
		t.Fatal("the private messages after a failed board were not delivered")
	}
	if !strings.Contains(h.logs.String(), "where=deliver") {
		t.Fatalf("the delivery panic was not logged:\n%s", h.logs.String())
	}
}

// A deadline whose timeout move panics is logged; the other tables'
// deadlines still fire in the same tick, and the process goes on.
func TestPanic_DeadlineTickIsIsolated(t *testing.T) {
	h := newHarness(t)
	for _, chat := range []string{"local:a", "local:b"} {
		game := map[string]string{"local:a": "panicky", "local:b": "tictactoe"}[chat]
		mustOK(t, h.doIn(chat, "alice", "/play "+game))
		mustOK(t, h.doIn(chat, "alice", "/settings turn=1h"))
		mustOK(t, h.doIn(chat, "bob", "/join"))
		mustOK(t, h.doIn(chat, "alice", "/start"))
	}
	h.clock.Advance(2 * time.Hour)
	h.core.Tick(ctxBG())
	good := h.core.tableFor(Command{Chat: "local:b"})
	buggy := h.core.tableFor(Command{Chat: "local:a"})
	if good.Moves != 1 {
		t.Fatalf("the healthy table's deadline did not fire: %d moves", good.Moves)
	}
	if buggy.Moves != 0 {
		t.Fatalf("the buggy table moved: %d", buggy.Moves)
	}
	if !strings.Contains(h.logs.String(), "where=deadline") {
		t.Fatalf("the tick panic was not logged:\n%s", h.logs.String())
	}
}

// /play racing /join in one chat: the join sees no table or the whole
// table, never a half-made one (it used to panic on a placeholder's
// missing engine).
func TestRace_PlayAndJoin(t *testing.T) {
	h := newHarness(t)
	for i := 0; i < 300; i++ {
		chat := fmt.Sprintf("local:race%d", i)
		var wg sync.WaitGroup
		var joinOuts []Out
		wg.Add(2)
		go func() { defer wg.Done(); h.doIn(chat, "alice", "/play tictactoe") }()
		go func() { defer wg.Done(); joinOuts = h.doIn(chat, "bob", "/join") }()
		wg.Wait()
		for _, o := range joinOuts {
			if strings.Contains(o.Text, "went wrong") {
				t.Fatalf("race %d: %s", i, o.Text)
			}
		}
	}
	if strings.Contains(h.logs.String(), "panic") {
		t.Fatalf("a race panicked:\n%s", h.logs.String())
	}
}
