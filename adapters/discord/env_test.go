package discord

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/testgame"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
)

func init() { testgame.Register() }

// Users and the channel of the tests.
var (
	alice = fuser{ID: "100000000000000001", Name: "Alice", Nick: "alice_nick", Locale: "en-US"}
	bob   = fuser{ID: "100000000000000002", Name: "Bob", Locale: "en-GB"}
	carol = fuser{ID: "100000000000000003", Name: "Carol", Locale: "fr"}
)

const channel = "500000000000000001"

// env is a real core on a real bbolt file, the real adapter and discordgo,
// and the fake Discord.
type env struct {
	t    testing.TB
	f    *fake
	path string
	opts Options // adapter options the test chose
	seed uint64

	st   *bolt.Store
	core *bot.Core
	// saveDelay, when set, makes every save of the core that long, as a
	// slow disk would: a slow core, for the deferral tests.
	saveDelay atomic.Int64
	a         *Adapter
	cancel    context.CancelFunc
	runErr    chan error

	// obs, when set, is the core's observer (the operator's metrics).
	obs bot.Observer
	// seeds, when set, deals the tables (default: 1, 2, 3…).
	seeds func() uint64
	// coreOpts, when set, changes the core's options before it is built.
	coreOpts func(*bot.Options)
}

func newEnv(t testing.TB, opts Options, tweak ...func(*env)) *env {
	t.Helper()
	e := &env{t: t, f: newFake(t), path: filepath.Join(t.TempDir(), "tablee.db"), opts: opts}
	for _, f := range tweak {
		f(e)
	}
	e.start()
	t.Cleanup(e.stop)
	t.Cleanup(e.everyPictureDescribed)
	return e
}

// whoseTurn is the player of alice and bob whom the game of chat waits
// for, alice first, and the move the core hints for him; ok is false when
// it waits for neither (then bob, with no move).
func (e *env) whoseTurn(chat string) (u fuser, mv string, ok bool) {
	for _, u := range []fuser{alice, bob} {
		if mv, ok := e.core.Hint(chat, "discord:"+u.ID); ok {
			return u, mv, true
		}
	}
	return bob, "", false
}

// everyPictureDescribed checks, at the end of every test, that each
// picture the bot left attached carries its alt text (attach.go).
func (e *env) everyPictureDescribed() {
	for _, m := range e.f.all() {
		for i, name := range m.Files {
			if strings.TrimSpace(m.Alts[i]) == "" {
				e.t.Errorf("picture %s of message %s without alt text", name, m.ID)
			}
		}
	}
}

func (e *env) start() {
	e.t.Helper()
	st, err := bolt.Open(e.path, bolt.Options{Timeout: time.Second})
	if err != nil {
		e.t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	if os.Getenv("TABLEE_DEBUGLOG") != "" {
		quiet = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	seeds := e.seeds
	if seeds == nil {
		seeds = func() uint64 { e.seed++; return e.seed }
	}
	copts := bot.Options{Store: slowStore{st, &e.saveDelay}, Lang: i18n.EN, Logger: quiet,
		Seeds: seeds, Observer: e.obs}
	if e.coreOpts != nil {
		e.coreOpts(&copts)
	}
	core, err := bot.New(copts)
	if err != nil {
		e.t.Fatal(err)
	}
	o := e.opts
	o.Core, o.Token = core, "test-token"
	if o.Logger == nil {
		o.Logger = quiet
	}
	o.Client, o.Dialer = e.f.client(), e.f.dialer()
	if o.DeferAfter == 0 {
		o.DeferAfter = 2 * time.Second
	}
	if o.GlobalRate == 0 {
		// A fake without limits (most tests) takes what comes: whole games
		// at Discord's pace would make the suite minutes longer. The load
		// tests set the adapter's own rate against the fake's limits.
		o.GlobalRate = 10_000
	}
	a, err := New(o)
	if err != nil {
		e.t.Fatal(err)
	}
	// An interaction is done for the tests once what it showed was
	// delivered too (the core's outbox drains after the answer).
	a.done = func(id string) { core.Flush(); e.f.markDone(id) }
	ctx, cancel := context.WithCancel(context.Background())
	e.st, e.core, e.a, e.cancel, e.runErr = st, core, a, cancel, make(chan error, 1)
	e.f.mu.Lock()
	regs := len(e.f.commands)
	e.f.mu.Unlock()
	go func() { e.runErr <- a.Run(ctx) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		e.f.mu.Lock()
		n := len(e.f.commands)
		e.f.mu.Unlock()
		if n > regs {
			break
		}
		select {
		case err := <-e.runErr:
			e.t.Fatalf("adapter stopped: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			e.t.Fatal("commands never registered")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (e *env) stop() {
	if e.cancel == nil {
		return
	}
	e.cancel()
	if err := <-e.runErr; err != nil {
		e.t.Errorf("adapter: %v", err)
	}
	e.core.Close()
	e.st.Close()
	e.cancel = nil
}

// restart stops everything and starts a new session, core and adapter on
// the same data file (the fake Discord stays).
func (e *env) restart() {
	e.stop()
	e.start()
}

// slash sends a slash command with its options.
func (e *env) slash(u fuser, ch, name string, opts ...any) *finter {
	e.t.Helper()
	var options []map[string]any
	for i := 0; i+1 < len(opts); i += 2 {
		typ, value := 3, opts[i+1]
		switch v := value.(type) {
		case bool:
			typ = 5
		case int:
			typ = 4
		case fuser:
			typ, value = 6, v.ID // a user option: Discord sends the id
		}
		options = append(options, map[string]any{"name": opts[i], "type": typ, "value": value})
	}
	return e.f.interact(2, u, ch, map[string]any{"id": "1", "name": name, "type": 1, "options": options}, nil)
}

// complete asks for the autocompletion of an option.
func (e *env) complete(u fuser, ch, name, option, typed string) *finter {
	e.t.Helper()
	return e.f.interact(4, u, ch, map[string]any{"id": "1", "name": name, "type": 1,
		"options": []map[string]any{{"name": option, "type": 3, "value": typed, "focused": true}}}, nil)
}

// press presses a component of a message.
func (e *env) press(u fuser, m *fmsg, c fcomp) *finter {
	e.t.Helper()
	data := map[string]any{"custom_id": c.CustomID, "component_type": 2}
	if c.Select {
		data["component_type"] = 3
		data["values"] = []string{c.Value}
	}
	return e.f.interact(3, u, m.Channel, data, e.f.snapshot(m))
}

// pressData presses a button given only its custom id (forged buttons).
func (e *env) pressData(u fuser, m *fmsg, customID string) *finter {
	e.t.Helper()
	return e.f.interact(3, u, m.Channel, map[string]any{"custom_id": customID, "component_type": 2}, e.f.snapshot(m))
}

// submit sends a modal's text, from the message whose button opened it.
func (e *env) submit(u fuser, m *fmsg, customID, word string) *finter {
	e.t.Helper()
	return e.f.interact(5, u, m.Channel, map[string]any{"custom_id": customID, "components": []any{
		map[string]any{"type": 1, "components": []any{map[string]any{"type": 4, "custom_id": "word", "value": word}}},
	}}, e.f.snapshot(m))
}

// button finds the component of a message whose label or payload holds s.
func button(t testing.TB, m *fmsg, s string) fcomp {
	t.Helper()
	if m == nil {
		t.Fatalf("no message to find %q on", s)
	}
	for _, c := range m.components() {
		if c.Label == s || strings.Contains(c.Label, s) {
			return c
		}
	}
	t.Fatalf("no component %q on %q (components %+v)", s, m.text(), m.components())
	return fcomp{}
}

// reply is the visible answer of an interaction: the original response and
// the follow-ups, with their ephemerality.
func (in *finter) reply() string {
	var parts []string
	if in.Original != nil {
		parts = append(parts, in.Original.text())
	}
	for _, m := range in.Followups {
		parts = append(parts, m.text())
	}
	return strings.Join(parts, "\n")
}

// refused checks that an interaction got an ephemeral refusal holding want.
func refusedWith(t testing.TB, in *finter, want string) {
	t.Helper()
	var m *fmsg
	if in.Original != nil && in.Original.Interaction == in.ID {
		m = in.Original
	} else if len(in.Followups) > 0 {
		m = in.Followups[0]
	}
	if m == nil || !m.ephemeral() || !strings.Contains(m.text(), "✖") || !strings.Contains(m.text(), want) {
		t.Fatalf("want an ephemeral refusal %q, got types %v: %+v", want, in.Types, m)
	}
}

// board is the table's board message in a channel: the last one with the
// table's title.
func (e *env) board(ch string) *fmsg {
	e.t.Helper()
	msgs := e.f.channelMsgs(ch)
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if m.public() && len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Title, "table #") {
			return e.f.snapshot(m)
		}
	}
	e.t.Fatalf("no board in %s", ch)
	return nil
}

// noHiddenInformation checks that no hand ever reached a public message.
func (e *env) noHiddenInformation() {
	e.t.Helper()
	for _, m := range e.f.all() {
		if m.DM || m.ephemeral() {
			continue
		}
		for _, name := range m.Files {
			if name != "board.png" {
				e.t.Errorf("a private picture %s reached a public message %s", name, m.ID)
			}
		}
		txt := m.text()
		for _, secret := range []string{"your hand", "ton jeu", "Your hand", "Ta main", "You play"} {
			if strings.Contains(txt, secret) {
				e.t.Errorf("a private view reached a public message %s in %s: %q", m.ID, m.Channel, txt)
			}
		}
	}
}

// slowStore delays every Save by the env's saveDelay.
type slowStore struct {
	*bolt.Store
	delay *atomic.Int64
}

func (s slowStore) Save(t store.Table, m *store.Move) error {
	time.Sleep(time.Duration(s.delay.Load()))
	return s.Store.Save(t, m)
}
