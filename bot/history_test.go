package bot

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/archive"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
)

// /history lists the chat's games newest first, with their number, date,
// game and scores, the winner crowned; a game stopped or still played
// says so; a lobby that never began is no game; another chat's games are
// not listed. Ten to a page.
func TestHistory_ListsGamesInOrderWithScores(t *testing.T) {
	h := newHarness(t)
	h.clock.Advance(-365 * 24 * time.Hour) // the first game, a year ago
	h.seated()
	h.finishTicTacToe() // #1: alice wins
	h.clock.Advance(365*24*time.Hour - 48*time.Hour)
	h.seated() // #2: bob wins, two days ago
	for _, m := range []string{"alice 1", "bob 4", "alice 2", "bob 5", "alice 9", "bob 6"} {
		u, cell, _ := strings.Cut(m, " ")
		mustOK(t, h.do(u, "/move "+cell))
	}
	mustOK(t, h.doIn("local:cafe", "carol", "/play tictactoe")) // #3, elsewhere
	mustOK(t, h.do("alice", "/play tictactoe"))                 // #4: never began
	mustOK(t, h.do("alice", "/quit"))
	h.clock.Advance(48 * time.Hour)
	h.seated() // #5: stopped after one move
	mustOK(t, h.do("alice", "/move 5"))
	mustOK(t, h.do("alice", "/quit"))
	h.seated() // #6: in progress
	mustOK(t, h.do("alice", "/move 5"))
	mustOK(t, h.do("bob", "/move 1"))

	outs := h.do("dave", "/history")
	if len(outs) != 1 || outs[0].Refusal || outs[0].Title != "Games played here" {
		t.Fatalf("/history: %+v", outs)
	}
	// A game is dated by its end, a game still played by its start.
	want := []string{
		"#6 · 21 November · Tic-tac-toe · alice, bob · in progress, 2 moves played",
		"#5 · 21 November · Tic-tac-toe · alice 0, bob 0 · stopped",
		"#2 · 19 November · Tic-tac-toe · alice 0, bob 1 🏆",
		"#1 · 21 November 2025 · Tic-tac-toe · alice 1 🏆, bob 0",
		"",
		"/replay <number> to watch a game again, move by move.",
	}
	if got := strings.Split(outs[0].Text, "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("/history:\n%s\nwant:\n%s", outs[0].Text, strings.Join(want, "\n"))
	}
	// In French, for a French reader.
	mustOK(t, h.do("dave", "/langue fr"))
	fr := h.do("dave", "/historique")
	if len(fr) != 1 || !strings.Contains(fr[0].Text, "n°1 · 21 novembre 2025 · Morpion · alice 1 🏆, bob 0") ||
		!strings.Contains(fr[0].Text, "en cours, 2 coups joués") || !strings.Contains(fr[0].Text, "/revoir <numéro>") {
		t.Fatalf("/historique: %+v", fr)
	}
	if o := h.doIn("local:cafe", "carol", "/history"); len(o) != 1 || !strings.Contains(o[0].Text, "No game has been played here yet") {
		t.Fatalf("a chat whose only table never began: %+v", o)
	}
	mustRefuse(t, h.do("dave", "/history 0"), "Usage")
	mustRefuse(t, h.do("dave", "/history 2"), "page 2")
}

// privateHistory is /history sent by user in his private chat with the bot.
func (h *harness) privateHistory(user string, args ...string) []Out {
	h.t.Helper()
	return h.core.Handle(ctxBG(), Command{Chat: "local:dm:" + user, Private: true, User: User{ID: "local:" + user, Name: user},
		Name: "history", Args: args})
}

// /history in private lists the author's own games, whatever their chats,
// newest first: finished, stopped or still played, across a restart; not a
// lobby that never began, not a game he was not at, not one he left before
// its end. /replay of a listed game in private shows his hand.
func TestHistory_InPrivateListsThePlayersOwnGames(t *testing.T) {
	h := newHarness(t)
	if o := h.privateHistory("alice"); len(o) != 1 || o[0].Refusal || !strings.Contains(o[0].Text, "You have not played a game yet") {
		t.Fatalf("/history in private before any game: %+v", o)
	}
	h.seated()
	h.finishTicTacToe() // #1, here: alice wins
	mustOK(t, h.doIn("local:cafe", "carol", "/play tictactoe"))
	mustOK(t, h.doIn("local:cafe", "alice", "/join"))
	mustOK(t, h.doIn("local:cafe", "carol", "/start")) // #2, at the café: in progress
	mustOK(t, h.doIn("local:cafe", "carol", "/move 5"))
	mustOK(t, h.doIn("local:club", "bob", "/play tictactoe"))
	mustOK(t, h.doIn("local:club", "dave", "/join"))
	mustOK(t, h.doIn("local:club", "bob", "/start"))           // #3, without alice
	mustOK(t, h.doIn("local:bar", "alice", "/play tictactoe")) // #4: never begins
	h.restart()

	outs := h.privateHistory("alice")
	if len(outs) != 1 || outs[0].Refusal || outs[0].Title != "Your games" {
		t.Fatalf("/history in private: %+v", outs)
	}
	want := []string{
		"#2 · 21 November · Tic-tac-toe · carol, alice · in progress, 1 move played",
		"#1 · 21 November · Tic-tac-toe · alice 1 🏆, bob 0",
		"",
		"/replay <number> to watch one of them again, move by move, with your hand.",
	}
	if got := outs[0].Text; got != strings.Join(want, "\n") {
		t.Fatalf("alice's games:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	if o := h.privateHistory("dave"); len(o) != 1 || !strings.HasPrefix(o[0].Text, "#3 · ") || strings.Contains(o[0].Text, "#1") {
		t.Fatalf("dave's games: %+v", o)
	}
	// The chat's own list is unchanged by it.
	if o := h.doIn("local:cafe", "carol", "/history"); len(o) != 1 || !strings.HasPrefix(o[0].Text, "#2 · ") || strings.Contains(o[0].Text, "#1 ·") {
		t.Fatalf("the café's games: %+v", o)
	}
	// A listed game replays in private, with the player's hand.
	replay := h.core.Handle(ctxBG(), Command{Chat: "local:dm:alice", Private: true, User: User{ID: "local:alice", Name: "alice"},
		Name: "replay", Args: []string{"1"}})
	if len(replay) != 1 || replay[0].Refusal || !replay[0].Private {
		t.Fatalf("/replay 1 in private: %+v", replay)
	}
	// In French, for a French reader; a page past the end is refused.
	mustOK(t, h.do("alice", "/langue fr"))
	fr := h.privateHistory("alice")
	if len(fr) != 1 || fr[0].Title != "Tes parties" || !strings.Contains(fr[0].Text, "n°1 · 21 novembre · Morpion · alice 1 🏆, bob 0") ||
		!strings.Contains(fr[0].Text, "avec ton jeu") {
		t.Fatalf("/historique in private: %+v", fr)
	}
	mustRefuse(t, h.privateHistory("alice", "2"), "page 2")
}

// A data file from before the store kept the players of finished games:
// the core names them once, from each table's data, when it starts, and
// /history in private then lists the older games too. testdata/schema4.db
// was written by tablee at commit ba76d22 (schema 4): a game of
// tic-tac-toe alice won against bob (#1), then one in progress (#2).
func TestHistory_InPrivateFindsGamesOfAnOlderFile(t *testing.T) {
	h := newHarness(t)
	h.close()
	data, err := os.ReadFile(filepath.Join("testdata", "schema4.db"))
	if err != nil {
		t.Fatal(err)
	}
	journals, _ := filepath.Glob(h.path + ".journal.*") // the fresh file's, of another run
	for _, j := range journals {
		os.Remove(j)
	}
	if err := os.WriteFile(h.path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	h.open()
	if from, _ := h.st.Migrated(); from != 4 {
		t.Fatalf("the file was migrated from schema %d, want 4", from)
	}
	if !strings.Contains(h.logs.String(), "players of finished games named, once") || !strings.Contains(h.logs.String(), "tables=1") {
		t.Fatalf("the start did not name the players of the finished game:\n%s", h.logs.String())
	}
	outs := h.privateHistory("bob")
	if len(outs) != 1 || !strings.HasPrefix(outs[0].Text, "#2 · ") || !strings.Contains(outs[0].Text, "\n#1 · ") {
		t.Fatalf("bob's games after the upgrade: %+v", outs)
	}
	if done, err := h.st.PlayedIndexComplete(); err != nil || !done {
		t.Fatalf("PlayedIndexComplete = %v, %v", done, err)
	}
	// Done once: the next start has nothing to name.
	before := strings.Count(h.logs.String(), "named, once")
	h.restart()
	if n := strings.Count(h.logs.String(), "named, once"); n != before {
		t.Fatalf("the players were named again at the next start")
	}
}

// More games than a page: the newest ten, then the rest on page 2, and a
// line that says so.
func TestHistory_Pages(t *testing.T) {
	h := newHarness(t)
	for i := 0; i < archive.HistoryPage+2; i++ {
		h.seated()
		h.finishTicTacToe()
	}
	first := h.do("alice", "/history")
	lines := strings.Split(first[0].Text, "\n")
	if len(first) != 1 || !strings.HasPrefix(lines[0], fmt.Sprintf("#%d ·", archive.HistoryPage+2)) ||
		!strings.HasPrefix(lines[archive.HistoryPage-1], "#3 ·") || !strings.Contains(first[0].Text, "/history 2 for older games.") {
		t.Fatalf("page 1:\n%s", first[0].Text)
	}
	second := h.do("alice", "/history 2")
	lines = strings.Split(second[0].Text, "\n")
	if len(second) != 1 || !strings.HasPrefix(lines[0], "#2 ·") || !strings.HasPrefix(lines[1], "#1 ·") || lines[2] != "" ||
		strings.Contains(second[0].Text, "/history 3") {
		t.Fatalf("page 2:\n%s", second[0].Text)
	}
}

// A date of this year is a day and a month; of another year, with it.
func TestHistory_ShortDate(t *testing.T) {
	now := time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		at     time.Time
		en, fr string
	}{
		{time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC), "14 March", "14 mars"},
		{time.Date(2026, 5, 1, 23, 30, 0, 0, time.UTC), "1 May", "1er mai"},
		{time.Date(2025, 12, 31, 23, 0, 0, 0, time.UTC), "31 December 2025", "31 décembre 2025"},
	} {
		for lang, want := range map[i18n.Lang]string{i18n.EN: c.en, i18n.FR: c.fr} {
			if got := (i18n.Renderer{Lang: lang}).Text(archive.ShortDate(c.at, now)); got != want {
				t.Errorf("%v in %s: %q, want %q", c.at, lang, got, want)
			}
		}
	}
}

// BenchmarkNamePlayersOnce is the start of a core on a data file from
// before the store kept the players of finished games: 20,000 finished
// games whose records name no users, each the final record of a real game
// (the five of store/bolt/testdata/games, played to the end by tablee
// local, 1.1 to 2 KB) in turn. Each op is one start, which reads every
// table, names the players of each from its data and saves it once:
//
//	go test ./bot -run '^$' -bench BenchmarkNamePlayersOnce -benchtime 3x
//
// reports ms-per-1000 (the start's time per thousand finished games).
func BenchmarkNamePlayersOnce(b *testing.B) {
	const games = 20_000
	names := []string{"crackword", "wordsout", "escogriffe", "coquillaude", "motsdetete"}
	var finals [][]byte
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join("..", "store", "bolt", "testdata", "games", name+".json"))
		if err != nil {
			b.Fatal(err)
		}
		finals = append(finals, data)
	}
	src := filepath.Join(b.TempDir(), "src.db")
	st, err := bolt.Open(src, bolt.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < games; i++ {
		id, err := st.NewTableID()
		if err != nil {
			b.Fatal(err)
		}
		// As a schema 4 tablee kept it: finished, no users named.
		t := store.Table{ID: id, Chat: fmt.Sprintf("local:c%d", i), Game: names[i%5], Data: finals[i%5], Finished: true}
		if err := st.Save(t, nil); err != nil {
			b.Fatal(err)
		}
	}
	st.Close()
	forgetPlayedMark(b, src)
	data, err := os.ReadFile(src)
	if err != nil {
		b.Fatal(err)
	}
	var took time.Duration
	for i := 0; i < b.N; i++ {
		path := filepath.Join(b.TempDir(), "tablee.db")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			b.Fatal(err)
		}
		st, err := bolt.Open(path, bolt.Options{})
		if err != nil {
			b.Fatal(err)
		}
		t0 := time.Now()
		core, err := New(Options{Store: st, Lang: i18n.EN, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		took += time.Since(t0)
		if err != nil {
			b.Fatal(err)
		}
		if ids, _ := st.PlayedTables("local:alice"); len(ids) != games {
			b.Fatalf("alice played %d games after the start, want %d", len(ids), games)
		}
		core.Close()
		st.Close()
	}
	b.ReportMetric(float64(took.Milliseconds())/float64(b.N)/games*1000, "ms-per-1000")
}

// forgetPlayedMark takes out of a data file the mark that every table names
// its users (meta "played_complete" of store/bolt's layout), as a file
// upgraded from schema 4 is.
func forgetPlayedMark(tb testing.TB, path string) { forgetMark(tb, path, "played_complete") }

// forgetMark takes a mark out of the meta bucket of a store/bolt data file.
func forgetMark(tb testing.TB, path, mark string) {
	tb.Helper()
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: time.Second})
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(tx *bbolt.Tx) error { return tx.Bucket([]byte("meta")).Delete([]byte(mark)) }); err != nil {
		tb.Fatal(err)
	}
}
