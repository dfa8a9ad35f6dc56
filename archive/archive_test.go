package archive

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/testgame"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
)

func init() { testgame.Register() }

// shelf is an archive over a real bbolt file: the tables are saved in it
// with their moves, and read back as the Games they were saved as (the
// core decodes its own records; the archive is given Games).
type shelf struct {
	t     *testing.T
	st    *bolt.Store
	games map[uint64]Game
	a     *Archive
	logs  bytes.Buffer
}

func newShelf(t *testing.T) *shelf {
	t.Helper()
	st, err := bolt.Open(filepath.Join(t.TempDir(), "tablee.db"), bolt.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s := &shelf{t: t, st: st, games: map[uint64]Game{}}
	s.a = New(st, func(id uint64) (Game, bool) { g, ok := s.games[id]; return g, ok },
		slog.New(slog.NewTextHandler(io.MultiWriter(&s.logs), nil)))
	return s
}

var ended = time.Date(2026, 11, 19, 20, 0, 0, 0, time.UTC)

// play saves a game of tic-tac-toe in chat between alice and bob, its
// cells played in turn, its log in the store; fewer than a winning line
// leave it played, none leaves it a lobby.
func (s *shelf) play(chat string, cells ...string) Game {
	s.t.Helper()
	id, err := s.st.NewTableID()
	if err != nil {
		s.t.Fatal(err)
	}
	e, _ := games.Lookup("tictactoe")
	g := Game{ID: id, Chat: chat, Engine: e, Seed: id, Status: Lobby, Lang: i18n.EN, Created: ended.Add(-time.Hour),
		Seats: []Seat{{User: "local:alice", Name: i18n.Raw("alice")}, {User: "local:bob", Name: i18n.Raw("bob")}}}
	rec := store.Table{ID: id, Chat: chat, Game: "tictactoe", Data: []byte("{}"), Seated: []string{"local:alice", "local:bob"}}
	if err := s.st.Save(rec, nil); err != nil {
		s.t.Fatal(err)
	}
	if len(cells) > 0 {
		gm, err := e.New(nil, 2, g.Seed)
		if err != nil {
			s.t.Fatal(err)
		}
		g.Status = Playing
		for i, c := range cells {
			if _, err := gm.Apply(i%2, c); err != nil {
				s.t.Fatal(err)
			}
			g.Moves++
			if err := s.st.Save(rec, &store.Move{Seq: g.Moves, Seat: i % 2, User: g.Seats[i%2].User, Text: c}); err != nil {
				s.t.Fatal(err)
			}
		}
		if g.State, err = gm.Save(); err != nil {
			s.t.Fatal(err)
		}
		if res := gm.Result(); res.Over {
			g.Status, g.Scores, g.Ended = Finished, res.Scores, ended
		}
	}
	// Closed in the store, so that the chat may open the next table; the
	// Game says how it stands.
	rec.Finished = true
	if err := s.st.Save(rec, nil); err != nil {
		s.t.Fatal(err)
	}
	s.games[id] = g
	return g
}

// A replay's step is the game after that many moves of its log, the game
// before it and what the move told; a log that does not lead to the saved
// position is no replay.
func TestStep_PlaysTheLogToTheSavedPosition(t *testing.T) {
	s := newShelf(t)
	g := s.play("local:main", "1", "4", "2", "5", "3")
	moves, err := s.st.Moves(g.ID)
	if err != nil || len(moves) != 5 {
		t.Fatalf("%d moves, %v", len(moves), err)
	}
	e := g.Engine
	for k := 0; k <= len(moves); k++ {
		p, err := Step(g, moves, k)
		if err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		want, _ := e.New(nil, 2, g.Seed)
		for _, mv := range moves[:k] {
			want.Apply(mv.Seat, mv.Text)
		}
		a, _ := p.After.Save()
		w, _ := want.Save()
		if !bytes.Equal(a, w) {
			t.Fatalf("step %d: %s, want %s", k, a, w)
		}
		if (k == 0) != (p.Before == nil) || (k > 0 && len(p.Events) == 0) {
			t.Fatalf("step %d: before %v, events %v", k, p.Before, p.Events)
		}
	}
	g.State = []byte(`{"Cells":[1,1,1,2,2,0,0,0,0],"Turn":1,"Winner":0}`)
	if _, err := Step(g, moves[:4], 4); err == nil {
		t.Fatal("a log that does not lead to the saved position was replayed")
	}
}

// keys are the catalogue keys of a page's lines.
func keys(p Page) []string {
	var out []string
	for _, l := range p.Lines {
		out = append(out, l.Text.Key)
	}
	return out
}

// The history lists the games that began, newest first, ten to a page,
// with a line for the next page; a player's own history links each game
// to its chat, whatever the chat.
func TestHistory_NewestFirstInPages(t *testing.T) {
	s := newShelf(t)
	var ids []uint64
	for i := 0; i < HistoryPage+2; i++ {
		ids = append(ids, s.play("local:main", "1", "4", "2", "5", "3").ID)
	}
	s.play("local:main")                  // a lobby: no game
	other := s.play("local:cafe", "5").ID // elsewhere, still played
	now := ended.Add(48 * time.Hour)

	first := s.a.History("local:main", false, 1, now)
	if first.Refusal || first.Title.Key != "bot.history_title" || len(first.Lines) != HistoryPage+3 {
		t.Fatalf("page 1: %+v", first)
	}
	for i, l := range first.Lines[:HistoryPage] {
		if l.Text.Args[0] != ids[len(ids)-1-i] || l.Link != (Where{}) {
			t.Fatalf("line %d: %+v", i, l)
		}
	}
	if got := keys(first)[HistoryPage:]; !slices.Equal(got, []string{blank.Text.Key, "bot.history_replay", "bot.history_more"}) {
		t.Fatalf("page 1 ends with %q", got)
	}
	second := s.a.History("local:main", false, 2, now)
	if len(second.Lines) != 4 || second.Lines[0].Text.Args[0] != ids[1] || second.Lines[1].Text.Args[0] != ids[0] {
		t.Fatalf("page 2: %+v", second)
	}
	if p := s.a.History("local:main", false, 3, now); !p.Refusal || p.Lines[0].Text.Key != "bot.history_no_page" {
		t.Fatalf("page 3: %+v", p)
	}
	if p := s.a.History("local:main", false, historyPages+1, now); !p.Refusal || p.Lines[0].Text.Key != "bot.history_usage" {
		t.Fatalf("page %d: %+v", historyPages+1, p)
	}
	if p := s.a.History("local:nowhere", false, 1, now); p.Refusal || p.Lines[0].Text.Key != "bot.history_none" {
		t.Fatalf("an empty chat: %+v", p)
	}

	mine := s.a.History("local:bob", true, 1, now)
	if mine.Title.Key != "bot.history_title_mine" || mine.Lines[0].Link != (Where{Table: other, Chat: "local:cafe"}) ||
		mine.Lines[1].Link != (Where{Table: ids[len(ids)-1], Chat: "local:main"}) {
		t.Fatalf("bob's games: %+v", mine)
	}
}

// A history line says the number, the date, the game and the players
// with their scores, the winner crowned, and a game still played.
func TestHistory_LineOfEachGame(t *testing.T) {
	s := newShelf(t)
	s.play("local:main", "1", "4", "2", "5", "3")
	s.play("local:main", "5")
	p := s.a.History("local:main", false, 1, ended.Add(48*time.Hour))
	r := i18n.Renderer{Lang: i18n.EN}
	for i, want := range []struct {
		id      uint64
		players string
		state   string
		date    time.Time
	}{
		{2, "alice, bob", "bot.history_playing", ended.Add(-time.Hour)}, // dated by its start
		{1, "alice 1 🏆, bob 0", "", ended},
	} {
		m := p.Lines[i].Text
		if m.Key != "bot.history_line" || m.Args[0] != want.id || m.Args[2].(i18n.Msg).Key != "tictactoe.title" ||
			r.Text(m.Args[3].(i18n.Msg)) != want.players || (want.state != "") != (m.Args[4].(i18n.Msg).Key == want.state) {
			t.Errorf("line %d: %#v", i, m)
		}
		if d := m.Args[1].(i18n.Msg); fmt.Sprint(d) != fmt.Sprint(ShortDate(want.date, ended)) {
			t.Errorf("line %d dated %v, want %v", i, d, ShortDate(want.date, ended))
		}
	}
}

// A replay shows the chat's own games to the chat, a player's hand only
// to him, and refuses a step past the end only to a button.
func TestReplay_WhoSeesWhat(t *testing.T) {
	s := newShelf(t)
	g := s.play("local:main", "1", "4", "2", "5", "3")
	ask := Ask{Table: g.ID, Step: 2, Chat: "local:main", User: "local:carol", Lang: i18n.FR}
	p := s.a.Replay(ask)
	if p.Refusal || p.Title.Key != "bot.replay_title" || p.Lang != i18n.EN || p.Private || p.Chat != "local:main" ||
		len(p.Buttons) != 1 || len(p.Buttons[0]) != 4 {
		t.Fatalf("step 2: %+v", p)
	}
	if b := p.Buttons[0][1]; b.Label.Key != "bot.btn_replay_back" || b.Table != g.ID || b.Step != 1 || b.Mine {
		t.Fatalf("step 2: %+v", p)
	}
	if got := keys(p); got[0] != "bot.replay_move" || !slices.Contains(got, "tictactoe.played") || slices.Contains(got, "bot.replay_your_hand") {
		t.Fatalf("step 2 says %q", got)
	}
	if n := p.Renderer("").Name(1); n != "bob" {
		t.Fatalf("seat 1 is %q", n)
	}
	for _, c := range []struct {
		ask  Ask
		want string
	}{
		{Ask{Table: g.ID, Chat: "local:cafe", User: "local:carol"}, "bot.replay_elsewhere"},
		{Ask{Table: g.ID, Mine: true, Chat: "local:cafe", User: "local:carol"}, "bot.replay_not_player"},
		{Ask{Table: 99, Chat: "local:main"}, "bot.replay_unknown"},
		{Ask{Table: g.ID, Step: 6, Pressed: true, Chat: "local:main"}, "bot.bad_button"},
	} {
		if p := s.a.Replay(c.ask); !p.Refusal || p.Lines[0].Text.Key != c.want {
			t.Errorf("%+v: %+v", c.ask, p)
		}
	}
	last := s.a.Replay(Ask{Table: g.ID, Step: 6, Chat: "local:main"})
	if last.Refusal || last.Title.Args[2] != uint64(5) || len(last.Buttons[0]) != 2 {
		t.Fatalf("a step past the end typed: %+v", last)
	}
	mine := s.a.Replay(Ask{Table: g.ID, Step: 1, Mine: true, Chat: "local:cafe", User: "local:bob", Lang: i18n.FR})
	if mine.Refusal || !mine.Private || mine.Lang != i18n.FR || !mine.Buttons[0][0].Mine || !slices.Contains(keys(mine), "bot.replay_your_hand") {
		t.Fatalf("bob's own replay: %+v", mine)
	}
	if p := s.a.ReplayCommand(nil, "local:main", "local:carol", false, i18n.EN); p.Refusal || p.Title.Args[1] != g.ID {
		t.Fatalf("/replay of the chat's last game: %+v", p)
	}
	if p := s.a.ReplayCommand(nil, "local:cafe", "local:carol", false, i18n.EN); !p.Refusal || p.Lines[0].Text.Key != "bot.replay_none_here" {
		t.Fatalf("/replay in a chat without games: %+v", p)
	}
	if p := s.a.ReplayCommand([]string{"1", "2", "3"}, "local:main", "local:carol", false, i18n.EN); !p.Refusal || p.Lines[0].Text.Key != "bot.replay_usage" {
		t.Fatalf("/replay 1 2 3: %+v", p)
	}
}

// rate writes rating records as the core does when a game ends.
func (s *shelf) rate(table uint64, game, scope string, recs map[string]Record) {
	s.t.Helper()
	var rs []store.Rating
	for p, r := range recs {
		data, err := json.Marshal(r)
		if err != nil {
			s.t.Fatal(err)
		}
		rs = append(rs, store.Rating{Key: Key(game, scope, p), Data: data})
	}
	if ok, err := s.st.Rate(table, rs); err != nil || !ok {
		s.t.Fatalf("rate: %v %v", ok, err)
	}
}

// The leaderboard reads the records of its scope, best first, the bots'
// of every server among them; /stats reads a player's, and finds him by
// name or mention.
func TestRatings_LeaderboardAndStatsReadTheRecords(t *testing.T) {
	s := newShelf(t)
	e, _ := games.Lookup("tictactoe")
	one := func(mu float64, games, wins int, name string) Record {
		return Record{Name: name, Rating: Model.New(), Games: games, Wins: wins}.with(mu)
	}
	s.rate(1, "tictactoe", Everywhere, map[string]Record{
		"local:alice": one(30, 3, 2, "alice"), "local:bob": one(20, 3, 1, "bob"), BotPlayer(games.Strong): one(40, 9, 9, ""),
	})
	s.rate(2, "tictactoe", "server", map[string]Record{"local:alice": one(25, 2, 1, "alice"), "local:bob": one(26, 2, 1, "bob")})

	p := s.a.Leaderboard([]games.Engine{e}, "server", i18n.EN)
	if p.Refusal || p.Title.Key != "bot.leaderboard_game_here" || len(p.Mono) != 3 || p.Scene == nil || len(p.Scene.Blocks) != 3 {
		t.Fatalf("the server's leaderboard: %+v", p)
	}
	for i, who := range []string{"bot.rated_bot", "bob", "alice"} { // the bot named by the core's texts
		if !bytes.Contains([]byte(p.Mono[i]), []byte(who)) {
			t.Errorf("place %d: %q, want %s", i+1, p.Mono[i], who)
		}
	}
	if p := s.a.Leaderboard([]games.Engine{e}, "elsewhere", i18n.EN); p.Refusal || p.Lines[0].Text.Key != "bot.leaderboard_empty" {
		t.Fatalf("bots alone are no leaderboard: %+v", p)
	}

	st := s.a.Stats("server", "local:alice", "alice", 4, 1, i18n.EN)
	if st.Refusal || st.Title.Key != "bot.stats_title" {
		t.Fatalf("alice's stats: %+v", st)
	}
	if got := keys(st); !slices.Equal(got, []string{"bot.stats_rating", "bot.stats_played", "bot.stats_bots", blank.Text.Key, "bot.stats_total"}) {
		t.Fatalf("alice's stats say %q", got)
	}
	if rank, total := st.Lines[0].Text.Args[2], st.Lines[0].Text.Args[3]; rank != 3 || total != 3 {
		t.Fatalf("alice is %v of %v on the server's leaderboard", rank, total)
	}
	if played, won := st.Lines[4].Text.Args[0], st.Lines[4].Text.Args[1]; played != 7 || won != 3 {
		t.Fatalf("alice played %v and won %v, with the games counted before the ratings", played, won)
	}
	if p := s.a.Stats("server", "local:carol", "carol", 0, 0, i18n.EN); p.Refusal || p.Lines[0].Text.Key != "bot.stats_none" {
		t.Fatalf("carol's stats: %+v", p)
	}
	if id, name, ok := s.a.FindPlayer("@Bob", "server"); !ok || id != "local:bob" || name != "bob" {
		t.Fatalf("@Bob: %q %q %v", id, name, ok)
	}
	if id, name, ok := s.a.FindPlayer("<@!42>", "server"); !ok || id != "discord:42" || name != "" {
		t.Fatalf("a mention: %q %q %v", id, name, ok)
	}
	if _, _, ok := s.a.FindPlayer("carol", "server"); ok {
		t.Fatal("carol found")
	}
	if r, ok, err := s.a.Rating("tictactoe", Everywhere, "local:alice"); err != nil || !ok || r.Games != 3 {
		t.Fatalf("alice's rating: %+v %v %v", r, ok, err)
	}
	if r, ok, err := s.a.Rating("tictactoe", Everywhere, "local:ali"); err != nil || ok || r.Rating != Model.New() {
		t.Fatalf("a player never rated: %+v %v %v (a key that begins another is not his)", r, ok, err)
	}
}

// with sets a record's skill, sure of it.
func (r Record) with(mu float64) Record {
	r.Mu, r.Sigma = mu, 1
	return r
}

// A rating reads with the reader's decimal mark, never "-0.0".
func TestNumber_DecimalMark(t *testing.T) {
	for _, c := range []struct {
		x      float64
		en, fr string
	}{{3.14, "3.1", "3,1"}, {-0.04, "0.0", "0,0"}, {-2.25, "-2.3", "-2,3"}} {
		if got := Number(i18n.EN, c.x); got != c.en {
			t.Errorf("%v in English: %q", c.x, got)
		}
		if got := Number(i18n.FR, c.x); got != c.fr {
			t.Errorf("%v in French: %q", c.x, got)
		}
	}
	if got := Signed(i18n.EN, 1.25); got != "+1.3" {
		t.Errorf("signed: %q", got)
	}
}
