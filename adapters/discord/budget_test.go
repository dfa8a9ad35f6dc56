package discord

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	_ "github.com/tablee/tablee/games/coquillaude"
	_ "github.com/tablee/tablee/games/escogriffe"
	"github.com/tablee/tablee/games/gamestest"
	_ "github.com/tablee/tablee/games/motsdetete"
	_ "github.com/tablee/tablee/games/wordsout"
)

// TestMessageBudget plays whole games of every game through the fake,
// with 4 players and, where the game seats them, 8, every move typed by a
// person (the bot player's choice), and counts what people receive: DMs
// per player, identical consecutive DMs, pings and public messages. A
// player may receive at most one DM per turn in which he must act, plus 2;
// never two identical DMs in a row. The figures are in docs/discord.md.
//
// Under the race detector it plays two of the games (Le Grand Escogriffe
// runs to thousands of moves); the CI's second command, without it, plays
// them all.
func TestMessageBudget(t *testing.T) {
	t.Parallel()
	players := []fuser{alice, bob, carol}
	for i := len(players); i < 8; i++ {
		players = append(players, fuser{ID: fmt.Sprintf("1000000000000000%02d", i+1), Name: fmt.Sprintf("Player%d", i+1), Locale: "en-US"})
	}
	for _, e := range games.All() {
		if e.Name() == "tictactoe" || strings.HasPrefix(e.Name(), "panic") {
			continue
		}
		_, most := e.Seats()
		for _, n := range []int{4, 8} {
			if n > most || gamestest.Race && (n > 4 || e.Name() == "escogriffe" || e.Name() == "coquillaude" || e.Name() == "motsdetete") {
				continue
			}
			t.Run(fmt.Sprintf("%s/%d", e.Name(), n), func(t *testing.T) {
				t.Parallel()
				budgetGame(t, e.Name(), players[:n])
			})
		}
	}
}

func budgetGame(t *testing.T, game string, players []fuser) {
	e := newEnv(t, Options{})
	f := e.f
	chat := "discord:" + channel
	e.slash(players[0], channel, "play", "game", game)
	e.slash(players[0], channel, "settings", "settings", "view=text")
	for _, u := range players[1:] {
		e.slash(u, channel, "join")
	}
	e.slash(players[0], channel, "start")

	called := map[string]int{} // turns in which each player had to act
	awaited := map[string]bool{}
	moves := 0
	// Le Grand Escogriffe at 8 seats plays 6,529 moves with the first seed;
	// the games' own ladders stop at 20,000.
	for turn := 0; turn < 20000 && openTables(e) > 0; turn++ {
		var now []fuser
		hints := map[string]string{}
		for _, u := range players {
			if mv, ok := e.core.Hint(chat, "discord:"+u.ID); ok {
				now = append(now, u)
				hints[u.ID] = mv
			}
		}
		if len(now) == 0 {
			t.Fatalf("turn %d: the game waits for nobody", turn)
		}
		for _, u := range players {
			in := slices.ContainsFunc(now, func(w fuser) bool { return w.ID == u.ID })
			if in && !awaited[u.ID] {
				called[u.ID]++
			}
			awaited[u.ID] = in
		}
		// One move: the first awaited player's (in a phase where everyone
		// plays at once, the others play in the following rounds).
		u := now[turn%len(now)]
		before := e.core.Counter(chat)
		e.slash(u, channel, "move", "move", hints[u.ID])
		e.core.Flush()
		if e.core.Counter(chat) == before {
			t.Fatalf("turn %d: %s's move %q was not played", turn, u.Name, hints[u.ID])
		}
		awaited[u.ID] = false // a player who played is called anew next time
		moves++
	}
	if openTables(e) > 0 {
		t.Fatalf("the game did not end in %d moves", moves)
	}
	e.core.Flush()

	pings, public := 0, 0
	for _, m := range f.all() {
		if m.Channel == channel && !m.DM && !m.ephemeral() {
			public++ // deleted ones too: each was posted, and notified
			if strings.HasPrefix(m.Sent, "🔔") {
				pings++
			}
		}
	}
	// Every player here has his DMs open: his hand calls him there, so the
	// channel holds the board, the settings answer, "the game begins!" and
	// the ratings, and no ping.
	if pings > 0 || public > 4 {
		t.Errorf("%d public messages, %d of them pings; want 4 and no ping", public, pings)
	}
	var report []string
	for _, u := range players {
		var dms []*fmsg
		for _, m := range f.all() {
			if m.DM && m.Channel == f.dmOf(u.ID) {
				dms = append(dms, m)
			}
		}
		same := 0
		for i := 1; i < len(dms); i++ {
			if dms[i].Sent == dms[i-1].Sent {
				same++
				if same == 1 {
					t.Logf("%s: twice in a row: %q", u.Name, dms[i].Sent)
				}
			}
		}
		report = append(report, fmt.Sprintf("%s %d DMs for %d calls", u.Name, len(dms), called[u.ID]))
		if len(dms) > called[u.ID]+2 {
			t.Errorf("%s received %d DMs for %d turns in which he had to act (at most %d)", u.Name, len(dms), called[u.ID], called[u.ID]+2)
		}
		if same > 0 {
			t.Errorf("%s received %d DMs identical to the one before", u.Name, same)
		}
	}
	t.Logf("%s, %d players: %d moves, %d public messages (pings %d); %s", game, len(players), moves, public, pings, strings.Join(report, "; "))
}
