package table

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/bot"
	_ "github.com/tablee/tablee/games/all"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store/bolt"
	"github.com/tablee/tablee/web/access"
)

var secret = []byte("a deployment secret of thirty-two bytes at least")

const botToken = "123456:test-token-of-the-bot"

// fixture is a core with one table of two players, served.
type fixture struct {
	t     testing.TB
	core  *bot.Core
	srv   *Server
	http  *httptest.Server
	table uint64
	now   time.Time
}

func newFixture(t testing.TB, game string, tune func(*bot.Options)) *fixture {
	t.Helper()
	f := served(t, tune)
	f.table = f.deal("local:main", "alice", "bob", game)
	return f
}

// served is a core on a bbolt file of the test's, its web table served.
func served(t testing.TB, tune func(*bot.Options)) *fixture {
	t.Helper()
	return servedOn(t, bolt.Options{Timeout: time.Second}, tune)
}

// servedOn is served on a bbolt file opened with opts.
func servedOn(t testing.TB, bopts bolt.Options, tune func(*bot.Options)) *fixture {
	t.Helper()
	st, err := bolt.Open(filepath.Join(t.TempDir(), "tablee.db"), bopts)
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(7)
	opts := bot.Options{Store: st, Lang: i18n.FR, Seeds: func() uint64 { seed++; return seed },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if tune != nil {
		tune(&opts)
	}
	core, err := bot.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, core: core, now: time.Now()}
	f.srv, err = New(Options{Core: core, Secret: secret, BotToken: botToken, Keepalive: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	f.http = httptest.NewServer(f.srv)
	t.Cleanup(func() {
		f.srv.Close()
		f.http.Close()
		core.Close()
		st.Close()
	})
	return f
}

// deal opens a table of a game in a chat, seats two players and deals.
func (f *fixture) deal(chat, first, second, game string) uint64 {
	f.t.Helper()
	f.sayIn(chat, first, "/play "+game)
	f.sayIn(chat, second, "/join")
	f.sayIn(chat, first, "/start")
	f.core.Flush()
	for _, o := range f.sayIn(chat, first, "/board") {
		if o.Table != 0 {
			return o.Table
		}
	}
	f.t.Fatal("no table in the chat")
	return 0
}

// chat sends a typed line from the table's chat, as the terminal does.
func (f *fixture) chat(user, line string) []bot.Out {
	f.t.Helper()
	return f.sayIn("local:main", user, line)
}

func (f *fixture) sayIn(chat, user, line string) []bot.Out {
	f.t.Helper()
	name, args, ok := bot.ParseText(line)
	if !ok {
		f.t.Fatalf("not a command: %q", line)
	}
	outs := f.core.Handle(context.Background(), bot.Command{Chat: chat, User: bot.User{ID: "local:" + user, Name: user}, Name: name, Args: args})
	for _, o := range outs {
		if o.Refusal {
			f.t.Fatalf("%s %s refused: %s", user, line, o.Text)
		}
	}
	return outs
}

func (f *fixture) link(user string, mode access.Mode, expires time.Time) string {
	f.t.Helper()
	return f.linkTo(f.table, user, mode, expires)
}

func (f *fixture) linkTo(table uint64, user string, mode access.Mode, expires time.Time) string {
	f.t.Helper()
	tok, err := access.Sign(secret, access.Link{User: user, Table: table, Mode: mode, Expires: expires})
	if err != nil {
		f.t.Fatal(err)
	}
	return tok
}

// open opens a link's page and returns its session.
func (f *fixture) open(user string, mode access.Mode) string {
	f.t.Helper()
	return f.openAt(f.table, user, mode)
}

func (f *fixture) openAt(table uint64, user string, mode access.Mode) string {
	f.t.Helper()
	res, body := f.get(Link(f.linkTo(table, user, mode, f.now.Add(time.Hour))), "")
	if res.StatusCode != http.StatusOK {
		f.t.Fatalf("link refused: %d %s", res.StatusCode, body)
	}
	i := strings.Index(body, `data-session="`)
	if i < 0 {
		f.t.Fatalf("no session in the page: %s", body)
	}
	rest := body[i+len(`data-session="`):]
	return rest[:strings.IndexByte(rest, '"')]
}

func (f *fixture) get(path, session string) (*http.Response, string) {
	f.t.Helper()
	req, _ := http.NewRequest("GET", f.http.URL+path, nil)
	if session != "" {
		req.Header.Set(SessionHeader, session)
	}
	return f.do(req)
}

func (f *fixture) post(path, session, body string) (*http.Response, string) {
	f.t.Helper()
	req, _ := http.NewRequest("POST", f.http.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if session != "" {
		req.Header.Set(SessionHeader, session)
	}
	return f.do(req)
}

func (f *fixture) do(req *http.Request) (*http.Response, string) {
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func (f *fixture) state(session string) pageState {
	f.t.Helper()
	res, body := f.get("/api/state", session)
	if res.StatusCode != http.StatusOK {
		f.t.Fatalf("state: %d %s", res.StatusCode, body)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
		f.t.Fatalf("state cached: %q", cc)
	}
	var st pageState
	if err := json.Unmarshal([]byte(body), &st); err != nil {
		f.t.Fatal(err)
	}
	return st
}

// handOf is a seat's hand as the core shows it to him, as it would appear
// in JSON: what no other viewer's response may hold.
func (f *fixture) handOf(user string) string {
	f.t.Helper()
	v, err := f.core.WebView(f.table, user)
	if err != nil || v.Hand == nil {
		f.t.Fatalf("no hand for %s: %v", user, err)
	}
	b, _ := json.Marshal(v.Hand.Mono)
	s := strings.Trim(string(b), "[]")
	if len(s) < 8 {
		f.t.Fatalf("hand too short to look for: %q", s)
	}
	return s
}

// mover is the user the game waits for, and the other.
func (f *fixture) mover() (string, string) {
	v, _ := f.core.WebView(f.table, "local:alice")
	if v.Seats[0].Turn {
		return "local:alice", "local:bob"
	}
	return "local:bob", "local:alice"
}

func TestPageHeadersAndSession(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	res, body := f.get(Link(f.link("local:alice", access.Player, f.now.Add(time.Hour))), "")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-inline") || strings.Contains(body, "<script>") || strings.Contains(body, "onclick") {
		t.Error("inline script allowed or used")
	}
	if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("headers: %v", res.Header)
	}
	if !strings.Contains(body, `lang="fr"`) || !strings.Contains(body, `data-session="`) {
		t.Errorf("page: %s", body)
	}
	// Nothing of the game is in the page itself: the script reads it
	// with the session.
	if strings.Contains(body, f.handOf("local:alice")) {
		t.Error("the page holds the hand without a session")
	}
	for _, asset := range []string{"/assets/table.js", "/assets/table.css"} {
		if res, _ := f.get(asset, ""); res.StatusCode != http.StatusOK {
			t.Errorf("%s: %d", asset, res.StatusCode)
		}
	}
}

func TestRefusedLinks(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	good := f.link("local:alice", access.Player, f.now.Add(time.Hour))
	forged := good[:len(good)-2] + "AA"
	if forged == good {
		forged = good[:len(good)-2] + "BB"
	}
	expired := f.link("local:alice", access.Player, f.now.Add(-time.Minute))
	for _, c := range []struct {
		name, path string
		status     int
		want       string
	}{
		{"forged", Link(forged), http.StatusForbidden, "pas été fait par le bot"},
		{"garbage", Link("not-a-link"), http.StatusForbidden, "pas été fait par le bot"},
		{"expired", Link(expired), http.StatusGone, "a expiré"},
		{"signed elsewhere", Link(mustSign(t, []byte(strings.Repeat("x", 40)), f.table)), http.StatusForbidden, "pas été fait par le bot"},
		{"unknown table", Link(mustSign(t, secret, f.table+99)), http.StatusNotFound, "plus là"},
	} {
		res, body := f.get(c.path, "")
		if res.StatusCode != c.status || !strings.Contains(body, c.want) || strings.Contains(body, "data-session") {
			t.Errorf("%s: %d %s", c.name, res.StatusCode, body)
		}
	}
	// The page speaks the browser's language when the link names nobody
	// it knows.
	req, _ := http.NewRequest("GET", f.http.URL+Link(forged), nil)
	req.Header.Set("Accept-Language", "en-GB,en;q=0.8")
	if _, body := f.do(req); !strings.Contains(body, "not one the bot made") {
		t.Errorf("English: %s", body)
	}
}

func mustSign(t *testing.T, key []byte, table uint64) string {
	tok, err := access.Sign(key, access.Link{User: "local:alice", Table: table, Mode: access.Player, Expires: time.Now().Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestStateIsTheSessionsOnly(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	alice, bob := f.open("local:alice", access.Player), f.open("local:bob", access.Player)
	aliceHand, bobHand := f.handOf("local:alice"), f.handOf("local:bob")
	res, body := f.get("/api/state", alice)
	if res.StatusCode != 200 || !strings.Contains(body, aliceHand) || strings.Contains(body, bobHand) {
		t.Fatalf("alice's state: %d, her hand %v, bob's hand %v", res.StatusCode, strings.Contains(body, aliceHand), strings.Contains(body, bobHand))
	}
	if _, body := f.get("/api/state", bob); strings.Contains(body, aliceHand) || !strings.Contains(body, bobHand) {
		t.Fatal("bob's state shows alice's hand, or not his")
	}
	// A spectator link, even one made for a seated player, shows no hand.
	watch := f.open("", access.Spectator)
	st := f.state(watch)
	if st.Hand != nil || st.Seat != -1 || !st.Watching {
		t.Fatalf("spectator: %+v", st)
	}
	if _, body := f.get("/api/state", f.open("local:bob", access.Spectator)); strings.Contains(body, bobHand) {
		t.Fatal("a spectator link of bob shows his hand")
	}
	for _, s := range []string{"", "nope", alice + "x"} {
		if res, body := f.get("/api/state", s); res.StatusCode != http.StatusUnauthorized || !strings.Contains(body, "rouvre ton lien") {
			t.Errorf("session %q: %d %s", s, res.StatusCode, body)
		}
	}
	// A session in the address is no session.
	if res, _ := f.get("/api/state?session="+url.QueryEscape(alice), ""); res.StatusCode != http.StatusUnauthorized {
		t.Error("a session taken from the query")
	}
}

func TestMoveNeedsTheSessionHeader(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	mover, _ := f.mover()
	ses := f.open(mover, access.Player)
	before := f.state(ses)
	b := before.Hand.Buttons[len(before.Hand.Buttons)-1][0]
	move := fmt.Sprintf(`{"payload":%q}`, b.Data)
	for _, s := range []string{"", "forged-session"} {
		if res, _ := f.post("/api/move", s, move); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("move with session %q: %d", s, res.StatusCode)
		}
	}
	if res, body := f.post("/api/move", f.open("", access.Spectator), move); res.StatusCode != http.StatusForbidden || !strings.Contains(body, "Tu regardes") {
		t.Fatalf("spectator move: %d %s", res.StatusCode, body)
	}
	for _, bad := range []string{`{}`, `{"payload":"x","typed":"/pass"}`, `not json`} {
		if res, _ := f.post("/api/move", ses, bad); res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d", bad, res.StatusCode)
		}
	}
	if f.state(ses).Moves != before.Moves {
		t.Fatal("a refused request moved the game")
	}
	// Pressed step by step, as the chat's buttons are.
	for step := 0; step < 6 && f.state(ses).Moves == before.Moves; step++ {
		body := move
		if b.Ask != "" {
			body = fmt.Sprintf(`{"payload":%q,"text":"maison"}`, b.Data)
		}
		res, out := f.post("/api/move", ses, body)
		if res.StatusCode != 200 {
			t.Fatalf("move: %d %s", res.StatusCode, out)
		}
		var r struct{ Replies []reply }
		_ = json.Unmarshal([]byte(out), &r)
		if len(r.Replies) == 0 || len(r.Replies[0].Buttons) == 0 {
			break
		}
		if r.Replies[0].Refusal {
			t.Fatalf("refused: %s", r.Replies[0].Text)
		}
		b = r.Replies[0].Buttons[0][0]
		move = fmt.Sprintf(`{"payload":%q}`, b.Data)
	}
	f.core.Flush()
	if f.state(ses).Moves == before.Moves {
		t.Fatal("the move was not played")
	}
}

func TestTypedMoveOutOfTurnIsRefusedAsInTheChat(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	_, other := f.mover()
	res, body := f.post("/api/move", f.open(other, access.Player), `{"typed":"/passe"}`)
	if res.StatusCode != 200 || !strings.Contains(body, `"refusal":true`) {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
}

func TestMovesAreRateLimitedAsCommands(t *testing.T) {
	f := newFixture(t, "crackword", func(o *bot.Options) {
		o.RateLimits = bot.RateLimits{User: bot.RateLimit{Burst: 4, Every: time.Hour}}
	})
	_, other := f.mover()
	ses := f.open(other, access.Player)
	var last string
	// The setup's commands count too: within four more, the player is
	// told to slow down.
	for i := 0; i < 4 && !strings.Contains(last, "Doucement"); i++ {
		_, last = f.post("/api/move", ses, `{"typed":"/passe"}`)
	}
	if !strings.Contains(last, "Doucement") {
		t.Fatalf("moves in a row are not slowed down: %s", last)
	}
}

// readEvent reads the stream's next event's data.
func readEvent(t testing.TB, r *bufio.Reader) string {
	t.Helper()
	var data string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("stream ended: %v", err)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "data: "):
			data = line[len("data: "):]
		case line == "" && data != "":
			return data
		}
	}
}

func TestLiveUpdateAfterAChatMove(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	mover, other := f.mover()
	ses := f.open(other, access.Player)
	moverHand := f.handOf(mover)
	req, _ := http.NewRequest("GET", f.http.URL+"/api/events", nil)
	req.Header.Set(SessionHeader, ses)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	r := bufio.NewReader(res.Body)
	var first pageState
	data := readEvent(t, r)
	if err := json.Unmarshal([]byte(data), &first); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(data, moverHand) {
		t.Fatal("the stream holds the other seat's hand")
	}
	// The mover plays from the chat: a pass, which every game takes.
	f.chat(strings.TrimPrefix(mover, "local:"), "/passe")
	var next pageState
	data = readEvent(t, r)
	if err := json.Unmarshal([]byte(data), &next); err != nil {
		t.Fatal(err)
	}
	if next.Moves <= first.Moves {
		t.Fatalf("the live update shows move %d after %d", next.Moves, first.Moves)
	}
	if strings.Contains(data, moverHand) {
		t.Fatal("the stream holds the other seat's hand")
	}
	if res, _ := f.get("/api/events", ""); res.StatusCode != http.StatusUnauthorized {
		t.Fatal("a stream without a session")
	}
}

// initData signs Mini App init data as Telegram does.
func initData(userID int64, start string, at time.Time, token string) string {
	v := url.Values{}
	v.Set("auth_date", strconv.FormatInt(at.Unix(), 10))
	v.Set("query_id", "AAHdF6IQAAAAAN0XohDhrOrc")
	v.Set("user", fmt.Sprintf(`{"id":%d,"first_name":"Zoé","language_code":"fr"}`, userID))
	if start != "" {
		v.Set("start_param", start)
	}
	v.Set("hash", access.SignInitData(v, token))
	return v.Encode()
}

func TestMiniApp(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	start := strconv.FormatUint(f.table, 36)
	open := func(data, link string) (*http.Response, string) {
		b, _ := json.Marshal(openRequest{InitData: data, Link: link})
		return f.post("/api/open", "", string(b))
	}
	if res, body := f.get("/app", ""); res.StatusCode != 200 || !strings.Contains(body, "data-miniapp") {
		t.Fatalf("/app: %d", res.StatusCode)
	}
	res, body := open(initData(42, start, time.Now(), botToken), "")
	if res.StatusCode != 200 {
		t.Fatalf("valid init data: %d %s", res.StatusCode, body)
	}
	var got map[string]string
	_ = json.Unmarshal([]byte(body), &got)
	if st := f.state(got["session"]); st.Hand != nil || st.Table != f.table {
		t.Fatalf("an unseated Telegram user: %+v", st)
	}
	for _, c := range []struct {
		name, data, link string
		status           int
		want             string
	}{
		{"wrong hash", initData(42, start, time.Now(), "999:another-bot"), "", http.StatusForbidden, "pas été fait par le bot"},
		{"old auth_date", initData(42, start, time.Now().Add(-48*time.Hour), botToken), "", http.StatusGone, "a expiré"},
		{"another user's link", initData(42, "", time.Now(), botToken), f.link("local:alice", access.Player, f.now.Add(time.Hour)),
			http.StatusForbidden, "un autre joueur"},
		{"no table", initData(42, "zzzz", time.Now(), botToken), "", http.StatusNotFound, "plus là"},
	} {
		res, body := open(c.data, c.link)
		if res.StatusCode != c.status || !strings.Contains(body, c.want) || strings.Contains(body, "session") {
			t.Errorf("%s: %d %s", c.name, res.StatusCode, body)
		}
	}
}

// TestEveryGameIsPlayableByItsButtons plays one move of each game by its
// buttons, as the page presses them: a whole move where the first step
// offers one, else the first choice, step by step, a word where one is
// asked.
func TestEveryGameIsPlayableByItsButtons(t *testing.T) {
	for _, game := range []string{"crackword", "wordsout", "motsdetete", "coquillaude", "escogriffe"} {
		t.Run(game, func(t *testing.T) {
			f := newFixture(t, game, nil)
			mover, _ := f.mover()
			ses := f.open(mover, access.Player)
			st := f.state(ses)
			if (st.Board == nil || len(st.Board.Blocks) == 0) && len(st.Mono) == 0 {
				t.Fatal("no board")
			}
			if st.Hand == nil || !st.Hand.MustAct || len(st.Hand.Buttons) == 0 {
				t.Fatalf("the mover has no buttons: %+v", st.Hand)
			}
			buttons := st.Hand.Buttons
			for step := 0; step < 8; step++ {
				b := buttons[0][0]
				req := moveRequest{Payload: b.Data}
				if b.Ask != "" {
					req.Text = answer(f, mover, b)
				}
				body, _ := json.Marshal(req)
				res, out := f.post("/api/move", ses, string(body))
				if res.StatusCode != 200 {
					t.Fatalf("%d %s", res.StatusCode, out)
				}
				var r struct{ Replies []reply }
				_ = json.Unmarshal([]byte(out), &r)
				if len(r.Replies) == 0 || len(r.Replies[0].Buttons) == 0 {
					for _, rep := range r.Replies {
						if rep.Refusal {
							t.Fatalf("refused: %s", rep.Text)
						}
					}
					break
				}
				buttons = r.Replies[0].Buttons
			}
			f.core.Flush()
			if got := f.state(ses).Moves; got == st.Moves {
				t.Fatalf("no move played (counter %d)", got)
			}
		})
	}
}

// answer is the text a button asks for: the rest of the bot player's move
// when it begins with the button's (La Coquillaude's proposal: a word, its
// cell, its direction), else a word.
func answer(f *fixture, user string, b bot.Button) string {
	move := b.Data[strings.LastIndexByte(b.Data, '.')+1:]
	if hint, ok := f.core.Hint("local:main", user); ok {
		if rest, ok := strings.CutPrefix(hint, move+" "); ok {
			return rest
		}
	}
	return "maison"
}

func TestEventsOfAnUnknownTableAreRefused(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	ses := f.srv.newSession("local:alice", f.table+99, access.Player, time.Time{})
	if res, body := f.get("/api/events", ses); res.StatusCode != http.StatusNotFound || !strings.Contains(body, "plus là") {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
}

// TestWholeGameWebAndChat plays a whole Mots de Tête game: one player
// moves from the web, with the lines the page composes (the compose
// template filled in with a cell, a direction and a word), the other from
// the chat; after every move the web's board and the chat's agree.
func TestWholeGameWebAndChat(t *testing.T) {
	f := served(t, nil)
	f.sayIn("local:main", "alice", "/play motsdetete target=100")
	f.sayIn("local:main", "bob", "/join")
	f.sayIn("local:main", "alice", "/start")
	f.core.Flush()
	for _, o := range f.chat("alice", "/board") {
		f.table = max(f.table, o.Table)
	}
	web := f.open("local:alice", access.Player)
	for move := 0; ; move++ {
		st := f.state(web)
		if st.Phase != bot.Playing {
			if st.Phase != bot.Finished {
				t.Fatalf("the game ended %s", st.Phase)
			}
			break
		}
		if move > 400 {
			t.Fatal("no end after 400 moves")
		}
		mover, _ := f.mover()
		hint, ok := f.core.Hint("local:main", mover)
		if mover == "local:bob" {
			if ok {
				f.chat("bob", "/coup "+hint)
			} else {
				f.chat("bob", "/passe")
			}
		} else {
			line := "/passe"
			if ok {
				if st.Compose == nil {
					t.Fatalf("alice's turn without a compose: %+v", st.Hand)
				}
				cell, dir, word := strings.Fields(hint)[0], strings.Fields(hint)[1], strings.Fields(hint)[2]
				line = strings.NewReplacer("{cell}", strings.ToLower(cell), "{dir}", dir, "{word}", word).Replace(st.Compose.Template)
			}
			res, body := f.post("/api/move", web, fmt.Sprintf(`{"typed":%q}`, line))
			if res.StatusCode != 200 || strings.Contains(body, `"refusal":true`) {
				t.Fatalf("web move %q: %d %s", line, res.StatusCode, body)
			}
		}
		f.core.Flush()
		after := f.state(web)
		if after.Moves == st.Moves {
			t.Fatalf("move %d not played", move)
		}
		var board bot.Out
		for _, o := range f.chat("bob", "/board") {
			if len(o.Mono) > 0 {
				board = o
			}
		}
		if strings.Join(board.Mono, "\n") != strings.Join(after.Mono, "\n") {
			t.Fatalf("after move %d the chat shows\n%s\nthe web\n%s", move, strings.Join(board.Mono, "\n"), strings.Join(after.Mono, "\n"))
		}
	}
	final := f.state(web)
	chat, _ := f.core.WebView(f.table, "local:bob")
	t.Logf("%d moves, scores %d and %d", final.Moves, final.Seats[0].Score, final.Seats[1].Score)
	if final.Seats[0].Score != chat.Seats[0].Score || final.Seats[1].Score != chat.Seats[1].Score ||
		max(final.Seats[0].Score, final.Seats[1].Score) < 100 {
		t.Fatalf("final scores: web %+v, chat %+v", final.Seats, chat.Seats)
	}
}

// TestPreviewRoute asks a word's score as the page does: the core's
// preview, for the session's player only, nothing played, and a page
// asking faster than a person types told to slow down.
func TestPreviewRoute(t *testing.T) {
	f := newFixture(t, "motsdetete", nil)
	mover, other := f.mover()
	ses := f.open(mover, access.Player)
	hint, ok := f.core.Hint("local:main", mover)
	if !ok {
		t.Fatal("no hint")
	}
	before := f.state(ses)
	cell, dir, word := strings.Fields(hint)[0], strings.Fields(hint)[1], strings.Fields(hint)[2]
	line := strings.NewReplacer("{cell}", strings.ToLower(cell), "{dir}", dir, "{word}", word).Replace(before.Compose.Template)
	ask := func(session, typed string) (*http.Response, bot.WebScore) {
		res, body := f.post("/api/preview", session, fmt.Sprintf(`{"typed":%q}`, typed))
		var sc bot.WebScore
		_ = json.Unmarshal([]byte(body), &sc)
		return res, sc
	}
	res, sc := ask(ses, line)
	want, _ := f.core.WebPreview(f.table, mover, line)
	if res.StatusCode != 200 || !sc.Known || sc.Points != want.Points || sc.Points <= 0 {
		t.Fatalf("%d %+v, the core says %+v", res.StatusCode, sc, want)
	}
	if _, sc := ask(f.open(other, access.Player), line); sc.Known || sc.Refusal == "" {
		t.Fatalf("the player not awaited: %+v", sc)
	}
	if res, _ := ask(f.open(mover, access.Spectator), line); res.StatusCode != http.StatusForbidden {
		t.Fatalf("a spectator link: %d", res.StatusCode)
	}
	if res, _ := ask("", line); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("no session: %d", res.StatusCode)
	}
	if f.state(ses).Moves != before.Moves {
		t.Fatal("a preview moved the game")
	}
	var last *http.Response
	for i := 0; i < maxPreviews+1; i++ {
		last, _ = ask(ses, line)
	}
	if last.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("previews in a burst: %d", last.StatusCode)
	}
}

// A session lives in its signed token, not in the process that made it:
// another process of the deployment (or this one restarted) serves it, a
// deployment with another secret refuses it, a link's token is no session
// (nor a session's a link), and an expired session is refused.
func TestSessionsServeOnEveryProcess(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	ses := f.open("local:alice", access.Player)
	other, err := New(Options{Core: f.core, Secret: secret, BotToken: botToken, Keepalive: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	get := func(srv *Server, session string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/api/state", nil)
		req.Header.Set(SessionHeader, session)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		return rec
	}
	if rec := get(other, ses); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), f.handOf("local:alice")) {
		t.Fatalf("another process: %d %s", rec.Code, rec.Body)
	}
	elsewhere, err := New(Options{Core: f.core, Secret: []byte("another deployment's secret, thirty-two bytes"), BotToken: botToken})
	if err != nil {
		t.Fatal(err)
	}
	defer elsewhere.Close()
	if rec := get(elsewhere, ses); rec.Code != http.StatusUnauthorized {
		t.Errorf("another deployment took the session: %d", rec.Code)
	}
	link := f.link("local:alice", access.Player, f.now.Add(time.Hour))
	if rec := get(f.srv, link); rec.Code != http.StatusUnauthorized {
		t.Errorf("a link's token served as a session: %d", rec.Code)
	}
	if res, _ := f.get(Link(ses), ""); res.StatusCode == http.StatusOK {
		t.Error("a session's token opened as a link")
	}
	later, err := New(Options{Core: f.core, Secret: secret, BotToken: botToken,
		Now: func() time.Time { return time.Now().Add(13 * time.Hour) }})
	if err != nil {
		t.Fatal(err)
	}
	defer later.Close()
	if rec := get(later, ses); rec.Code != http.StatusUnauthorized {
		t.Errorf("an expired session served: %d", rec.Code)
	}
}
