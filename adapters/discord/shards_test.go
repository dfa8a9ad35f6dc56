package discord

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/pgtest"
	"github.com/tablee/tablee/store/postgres"
)

// Two shards, one database: the deployment docs/discord.md describes for a
// bot in many servers (one process per shard, `store: postgres`). The fake
// gateway routes as Discord does: the server's events to the shard
// (guild_id >> 22) % 2 — here shard 1 —, the direct messages to shard 0.
// So a game is opened and joined on shard 1's process, and the players'
// hands, pressed in their DMs, are played by shard 0's, on the same tables.

var cluster *pgtest.Cluster

func TestMain(m *testing.M) {
	pgtest.Main(m, func(c *pgtest.Cluster) { cluster = c })
}

// shardProcess is one tablee process: a core on the shared database and
// the Discord adapter of one shard.
type shardProcess struct {
	core *bot.Core
	a    *Adapter
}

func twoShards(t *testing.T) (*env, [2]*shardProcess) {
	t.Helper()
	f := newFake(t)
	url := cluster.Database(t)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	var seed uint64
	var seedMu sync.Mutex
	var ps [2]*shardProcess
	for n := range 2 {
		st, err := postgres.Open(url, postgres.Options{})
		if err != nil {
			t.Fatal(err)
		}
		core, err := bot.New(bot.Options{Store: st, Lang: i18n.EN, Logger: quiet,
			Seeds: func() uint64 { seedMu.Lock(); defer seedMu.Unlock(); seed++; return seed }})
		if err != nil {
			t.Fatal(err)
		}
		ps[n] = &shardProcess{core: core}
		t.Cleanup(func() { core.Close(); st.Close() })
	}
	for n, p := range ps {
		a, err := New(Options{Core: p.core, Token: "test-token", Logger: quiet, ShardID: n, ShardCount: 2,
			Client: f.client(), Dialer: f.dialer()})
		if err != nil {
			t.Fatal(err)
		}
		// An interaction is done once what it showed was delivered, by
		// whichever process holds its table's delivery.
		a.done = func(id string) { ps[0].core.Flush(); ps[1].core.Flush(); f.markDone(id) }
		p.a = a
		ctx, cancel := context.WithCancel(context.Background())
		runErr := make(chan error, 1)
		go func() { runErr <- a.Run(ctx) }()
		t.Cleanup(func() {
			cancel()
			if err := <-runErr; err != nil {
				t.Errorf("shard %d: %v", n, err)
			}
		})
		f.waitHandshakes(n + 1)
	}
	return &env{t: t, f: f}, ps
}

func TestTwoShardsOneDatabase(t *testing.T) {
	e, _ := twoShards(t)
	f := e.f
	e.seated(channel) // /play, Join, Start: server interactions, shard 1
	if n := f.dispatched(1, "INTERACTION_CREATE"); n != 3 {
		t.Fatalf("shard 1 was sent %d server interactions, want 3", n)
	}
	// Alice wins on the diagonal 3-5-7, every move pressed in a DM.
	for _, step := range []struct {
		u    fuser
		cell string
	}{{alice, "5"}, {bob, "1"}, {alice, "3"}, {bob, "2"}, {alice, "7"}} {
		hand := f.hand(step.u.ID)
		if hand == nil {
			t.Fatalf("%s has no hand by DM", step.u.Name)
		}
		in := e.press(step.u, hand, button(t, hand, step.cell))
		if in.Types[0] != 7 {
			t.Fatalf("%s's press of %s: response types %v, want the hand updated (7)", step.u.Name, step.cell, in.Types)
		}
	}
	if n := f.dispatched(0, "INTERACTION_CREATE"); n != 5 {
		t.Errorf("shard 0 was sent %d DM interactions, want 5", n)
	}
	if n := f.dispatched(1, "INTERACTION_CREATE"); n != 3 {
		t.Errorf("shard 1 was sent %d interactions, want the 3 of the server", n)
	}
	b := e.board(channel)
	if !strings.Contains(b.text(), "alice_nick wins") {
		t.Errorf("the board after the last move: %q", b.text())
	}
	if boards := countBoards(f.channelMsgs(channel)); boards != 1 {
		t.Errorf("%d boards in the channel, want the one edited in place", boards)
	}
}

// countBoards counts the public boards among messages.
func countBoards(msgs []*fmsg) int {
	n := 0
	for _, m := range msgs {
		if m.public() && len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Title, "table #") {
			n++
		}
	}
	return n
}
