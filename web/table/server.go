package table

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/web/access"
)

// Options configure a Server.
type Options struct {
	Core *bot.Core
	// Secret is the deployment's link secret (web.link_secret).
	Secret []byte
	// BotToken, when set, lets a Telegram Mini App open tables: its init
	// data is validated with it (access.ValidateInitData).
	BotToken string
	// InitDataAge is how old a Mini App's init data may be; default a day.
	InitDataAge time.Duration
	// Session is the longest a page's session lasts (never past its
	// link's expiry); default 12 hours. A page open longer opens its link
	// again.
	Session time.Duration
	// Keepalive is the time between two comments on a quiet event
	// stream, so that proxies keep it open; default 25 seconds.
	Keepalive time.Duration
	Now       func() time.Time
	Lang      i18n.Lang // for pages whose reader is unknown (a forged link)
	Logger    *slog.Logger
}

// SessionHeader is the header every request of a page carries its session
// in. A header, not a cookie: a page of another site can make the browser
// send a cookie, never a header it does not know.
const SessionHeader = "X-Tablee-Session"

// maxSessions bounds the sessions remembered: past it the oldest expiring
// go first, so that opening links in a loop costs memory only so far.
const maxSessions = 100_000

// Server is the web table's HTTP handler.
type Server struct {
	opts Options
	mux  *http.ServeMux

	// sessionKey signs the sessions' tokens (sessionKey).
	sessionKey []byte

	mu sync.Mutex
	// sessions is what this process remembers of the sessions it served,
	// by token; a session's truth is its token.
	sessions map[string]*session
	// done ends the event streams when the server stops.
	done     chan struct{}
	doneOnce sync.Once
}

// session is one open page: who, which table, what he may do.
type session struct {
	user    string // "" for a spectator link without a user
	table   uint64
	mode    access.Mode
	expires time.Time

	// game is the table's game, read when first needed (gameOf); guarded
	// by the server's mu.
	game string

	// previews counts the previews asked in the second that began at
	// previewsFrom (Server.preview); guarded by the server's mu.
	previews     int
	previewsFrom time.Time
}

// maxPreviews is the previews a page may ask a second: a word typed
// letter by letter asks one a letter at most (the page waits for a pause
// first), and a script asking more is told to slow down. They are not
// moves: the core's command buckets do not count them.
const maxPreviews = 10

// New makes the server.
func New(opts Options) (*Server, error) {
	if opts.Core == nil {
		return nil, errors.New("web/table: no core")
	}
	if len(opts.Secret) < access.MinSecret {
		return nil, access.ErrWeakSecret
	}
	if opts.InitDataAge <= 0 {
		opts.InitDataAge = 24 * time.Hour
	}
	if opts.Session <= 0 {
		opts.Session = 12 * time.Hour
	}
	if opts.Keepalive <= 0 {
		opts.Keepalive = 25 * time.Second
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Lang == "" {
		opts.Lang = i18n.Default
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	s := &Server{opts: opts, mux: http.NewServeMux(), sessionKey: sessionKey(opts.Secret), sessions: map[string]*session{}, done: make(chan struct{})}
	s.mux.HandleFunc("GET /t/{token}", s.page)
	s.mux.HandleFunc("GET /app", s.miniApp)
	s.mux.HandleFunc("POST /api/open", s.openMiniApp)
	s.mux.HandleFunc("GET /api/state", s.state)
	s.mux.HandleFunc("GET /api/events", s.events)
	s.mux.HandleFunc("POST /api/move", s.move)
	s.mux.HandleFunc("POST /api/preview", s.preview)
	s.mux.Handle("GET /assets/", http.StripPrefix("/assets/", assetServer()))
	return s, nil
}

// Close ends the open event streams, so that an http.Server's Shutdown
// does not wait for them.
func (s *Server) Close() { s.doneOnce.Do(func() { close(s.done) }) }

// ServeHTTP sets the headers every answer carries, then routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	// No inline script or style, nothing from elsewhere: a name a player
	// chose can never run as code in another's page. Telegram's web
	// client shows a Mini App in a frame.
	h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "+
		"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self' https://web.telegram.org")
	h.Set("X-Content-Type-Options", "nosniff")
	// A link's token is in its path: never sent on to another site.
	h.Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

// Link is the path of a signed link's page: the server's address, then
// this.
func Link(token string) string { return "/t/" + token }

// sessionKey is the key sessions are signed with, derived from the link
// secret: a link's token is never a session's, nor a session's a link's.
func sessionKey(secret []byte) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("tablee web session v1"))
	return m.Sum(nil)
}

// newSession makes a session's token: who, which table, what he may do and
// until when, signed (access.Sign under the session key). It lives in the
// token, not in this process: any process of the deployment, and this one
// after a restart, takes it, so that a page's requests may reach any of
// them.
func (s *Server) newSession(user string, table uint64, mode access.Mode, expires time.Time) string {
	now := s.opts.Now()
	if max := now.Add(s.opts.Session); expires.IsZero() || expires.After(max) {
		expires = max
	}
	token, err := access.Sign(s.sessionKey, access.Link{User: user, Table: table, Mode: mode, Expires: expires})
	if err != nil {
		panic(err) // the link's own fields, checked when it was read
	}
	return token
}

// pruneLocked drops the expired sessions' memory, and when that is not
// enough the ones closest to their end.
func (s *Server) pruneLocked(now time.Time) {
	for k, v := range s.sessions {
		if !now.Before(v.expires) {
			delete(s.sessions, k)
		}
	}
	for len(s.sessions) >= maxSessions {
		var oldest string
		var at time.Time
		for k, v := range s.sessions {
			if oldest == "" || v.expires.Before(at) {
				oldest, at = k, v.expires
			}
		}
		delete(s.sessions, oldest)
	}
}

// sessionOf is the request's session, from its signed token; nil, with the
// refusal written, when it has none, a forged one or an expired one. What
// this process remembers of a session (its game, its previews' count) is
// kept in memory by token, made on its first request here.
func (s *Server) sessionOf(w http.ResponseWriter, r *http.Request) *session {
	token := r.Header.Get(SessionHeader)
	now := s.opts.Now()
	l, err := access.Verify(s.sessionKey, token, now)
	if token == "" || err != nil {
		s.refuseJSON(w, http.StatusUnauthorized, s.lang(r, ""), "web.session_gone")
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ses := s.sessions[token]
	if ses == nil {
		if len(s.sessions) >= maxSessions {
			s.pruneLocked(now)
		}
		ses = &session{user: l.User, table: l.Table, mode: l.Mode, expires: l.Expires}
		s.sessions[token] = ses
	}
	return ses
}

// lang is the language of a page for a user: his own, else the browser's,
// else the deployment's.
func (s *Server) lang(r *http.Request, user string) i18n.Lang {
	if user != "" {
		return s.opts.Core.Lang(user)
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag, _, _ = strings.Cut(tag, "-")
		if l, ok := i18n.ParseLang(tag); ok {
			return l
		}
	}
	return s.opts.Lang
}

func text(l i18n.Lang, key string, args ...any) string {
	return i18n.Renderer{Lang: l}.Text(i18n.T(key, args...))
}

// refusalKey is the page's text for a link that does not open.
func refusalKey(err error) string {
	switch {
	case errors.Is(err, access.ErrExpired), errors.Is(err, access.ErrInitDataExpired):
		return "web.expired"
	case errors.Is(err, access.ErrOtherUser):
		return "web.other_user"
	case errors.Is(err, bot.ErrNoWebTable):
		return "web.no_table"
	}
	return "web.forged"
}

func refusalStatus(err error) int {
	switch {
	case errors.Is(err, access.ErrExpired), errors.Is(err, access.ErrInitDataExpired):
		return http.StatusGone
	case errors.Is(err, bot.ErrNoWebTable):
		return http.StatusNotFound
	}
	return http.StatusForbidden
}

// page opens a table from a signed link: a session, and the page that
// carries it.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	// A browser names no user: the link's holder is the user it names, as
	// a chat's join link lets in whoever holds it. The Mini App, whose
	// user Telegram names, checks Opens (openMiniApp).
	l, err := access.Verify(s.opts.Secret, r.PathValue("token"), s.opts.Now())
	if err == nil {
		_, err = s.opts.Core.WebView(l.Table, l.User)
	}
	if err != nil {
		s.refusedPage(w, s.lang(r, ""), err)
		return
	}
	token := s.newSession(l.User, l.Table, l.Mode, l.Expires)
	s.tablePage(w, s.lang(r, l.User), token)
}

// miniApp is the Mini App's page: its script sends the init data Telegram
// gave it to /api/open for a session.
func (s *Server) miniApp(w http.ResponseWriter, r *http.Request) {
	if s.opts.BotToken == "" {
		http.NotFound(w, r)
		return
	}
	s.tablePage(w, s.lang(r, ""), "")
}

// openRequest is what the Mini App's page sends: Telegram's init data, and
// a signed link when it was opened from one.
type openRequest struct {
	InitData string `json:"init_data"`
	Link     string `json:"link,omitempty"`
}

// openMiniApp opens a session from a Mini App's init data: the table is
// the link's, or the start parameter's (a table's number in base 36, as
// a t.me/<bot>/<app>?startapp= link carries it); the user is Telegram's.
func (s *Server) openMiniApp(w http.ResponseWriter, r *http.Request) {
	lang := s.lang(r, "")
	if s.opts.BotToken == "" {
		http.NotFound(w, r)
		return
	}
	var req openRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 8<<10)).Decode(&req); err != nil {
		s.refuseJSON(w, http.StatusBadRequest, lang, "web.bad_request")
		return
	}
	now := s.opts.Now()
	init, err := access.ValidateInitData(req.InitData, s.opts.BotToken, now, s.opts.InitDataAge)
	if err != nil {
		s.refuseJSON(w, refusalStatus(err), lang, refusalKey(err))
		return
	}
	user := "telegram:" + strconv.FormatInt(init.User.ID, 10)
	lang = s.lang(r, user)
	var table uint64
	mode, expires := access.Spectator, time.Time{}
	if req.Link != "" {
		l, err := access.Verify(s.opts.Secret, req.Link, now)
		if err == nil {
			err = l.Opens(user)
		}
		if err != nil {
			s.refuseJSON(w, refusalStatus(err), lang, refusalKey(err))
			return
		}
		table, mode, expires = l.Table, l.Mode, l.Expires
	} else if table, err = strconv.ParseUint(init.StartParam, 36, 64); err != nil {
		s.refuseJSON(w, http.StatusNotFound, lang, "web.no_table")
		return
	}
	v, err := s.opts.Core.WebView(table, user)
	if err != nil {
		s.refuseJSON(w, http.StatusNotFound, lang, "web.no_table")
		return
	}
	if v.Seat >= 0 {
		// Telegram vouches for the user: his seat is his to play.
		mode = access.Player
	}
	writeJSON(w, map[string]string{"session": s.newSession(user, table, mode, expires)})
}

// pageState is what the page reads: the core's view and what the page
// needs to build a typed move.
type pageState struct {
	bot.WebView
	// Compose says how a word placed on the board's grid is typed, when
	// the viewer may place one: the page fills it in.
	Compose *compose `json:"compose,omitempty"`
	// Watching says the viewer plays not: the page offers nothing to press.
	Watching bool `json:"watching,omitempty"`
	// Targets are the places of the board the hand's buttons name (a row,
	// a pile), by the buttons' data: a tap there presses them.
	Targets map[string]target `json:"targets,omitempty"`
}

func (s *Server) view(ses *session) (pageState, error) {
	user := ses.user
	v, err := s.opts.Core.WebView(ses.table, user)
	if err != nil {
		return pageState{}, err
	}
	if ses.mode != access.Player && v.Hand != nil {
		// A spectator link of a seated user shows the board only.
		v.Hand, v.Seat = nil, -1
	}
	st := pageState{WebView: v, Watching: v.Hand == nil}
	if v.Hand != nil && v.Hand.MustAct {
		st.Compose = composeFor(v.Game, v.Lang, v.Hand.Asks)
		st.Targets = targetsFor(v.Game, v.Hand.Buttons)
	}
	return st, nil
}

// state is the session's view of its table, as JSON.
func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	ses := s.sessionOf(w, r)
	if ses == nil {
		return
	}
	st, err := s.view(ses)
	if err != nil {
		s.refuseJSON(w, http.StatusNotFound, s.lang(r, ses.user), "web.no_table")
		return
	}
	writeJSON(w, st)
}

// moveRequest is a press of a button (its data, with the text it asked
// for) or a typed line.
type moveRequest struct {
	Payload string `json:"payload,omitempty"`
	Text    string `json:"text,omitempty"`
	Typed   string `json:"typed,omitempty"`
}

// reply is one answer of the core to a move, for the page.
type reply struct {
	Text    string            `json:"text,omitempty"`
	Refusal bool              `json:"refusal,omitempty"`
	Buttons [][]bot.Button    `json:"buttons,omitempty"`
	Targets map[string]target `json:"targets,omitempty"`
}

// playerOf is the request's session when its user plays (a player's
// link, a seated Mini App user), and his language; nil, with the refusal
// written, otherwise.
func (s *Server) playerOf(w http.ResponseWriter, r *http.Request) (*session, i18n.Lang) {
	ses := s.sessionOf(w, r)
	if ses == nil {
		return nil, ""
	}
	lang := s.lang(r, ses.user)
	if ses.mode != access.Player || ses.user == "" {
		s.refuseJSON(w, http.StatusForbidden, lang, "web.spectator_only")
		return nil, ""
	}
	return ses, lang
}

// move plays the page's move as a command of the session's user.
func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	ses, lang := s.playerOf(w, r)
	if ses == nil {
		return
	}
	var req moveRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<10)).Decode(&req); err != nil ||
		(req.Payload == "") == (req.Typed == "") {
		s.refuseJSON(w, http.StatusBadRequest, lang, "web.bad_request")
		return
	}
	outs := s.opts.Core.WebMove(r.Context(), ses.table, ses.user, req.Payload, req.Text, req.Typed)
	replies := []reply{}
	for _, o := range outs {
		if o.Dest != bot.ToReply {
			continue
		}
		text := o.Text
		if o.Title != "" && text == "" {
			text = o.Title
		}
		rep := reply{Text: text, Refusal: o.Refusal, Buttons: o.Buttons}
		if len(o.Buttons) > 0 {
			rep.Targets = targetsFor(s.gameOf(ses), o.Buttons)
		}
		replies = append(replies, rep)
	}
	writeJSON(w, map[string]any{"replies": replies})
}

// previewRequest is a move the page composes, typed as in the chat.
type previewRequest struct {
	Typed string `json:"typed"`
}

// preview says what the session's player's composed move would score,
// asked of the core (Core.WebPreview), which asks the engine on a copy of
// the game: nothing changes.
func (s *Server) preview(w http.ResponseWriter, r *http.Request) {
	ses, lang := s.playerOf(w, r)
	if ses == nil {
		return
	}
	var req previewRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<10)).Decode(&req); err != nil || req.Typed == "" {
		s.refuseJSON(w, http.StatusBadRequest, lang, "web.bad_request")
		return
	}
	now := s.opts.Now()
	s.mu.Lock()
	if now.Sub(ses.previewsFrom) >= time.Second {
		ses.previews, ses.previewsFrom = 0, now
	}
	ses.previews++
	over := ses.previews > maxPreviews
	s.mu.Unlock()
	if over {
		s.refuseJSON(w, http.StatusTooManyRequests, lang, "web.slow_down")
		return
	}
	score, err := s.opts.Core.WebPreview(ses.table, ses.user, req.Typed)
	if err != nil {
		s.refuseJSON(w, http.StatusNotFound, lang, "web.no_table")
		return
	}
	writeJSON(w, score)
}

// gameOf is the game of the session's table, read once.
func (s *Server) gameOf(ses *session) string {
	s.mu.Lock()
	game := ses.game
	s.mu.Unlock()
	if game != "" {
		return game
	}
	if v, err := s.opts.Core.WebView(ses.table, ""); err == nil {
		game = v.Game
	}
	s.mu.Lock()
	ses.game = game
	s.mu.Unlock()
	return game
}

// events streams the session's view each time the table was shown, as
// server-sent events: read by the page with fetch, which sends the
// session header (EventSource cannot).
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	ses := s.sessionOf(w, r)
	if ses == nil {
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	// Watched before the first view is read: a change between the two is
	// not missed.
	changed, stop := s.opts.Core.Watch(ses.table)
	defer stop()
	first, err := s.view(ses)
	if err != nil {
		s.refuseJSON(w, http.StatusNotFound, s.lang(r, ses.user), "web.no_table")
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: pass each event on at once
	write := func(st pageState) bool {
		b, err := json.Marshal(st)
		if err != nil {
			return false
		}
		if _, err := w.Write(append(append([]byte("event: state\ndata: "), b...), "\n\n"...)); err != nil {
			return false
		}
		flusher.Flush()
		return true
	}
	send := func() bool {
		st, err := s.view(ses)
		return err == nil && write(st)
	}
	if !write(first) {
		return
	}
	tick := time.NewTicker(s.opts.Keepalive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		case <-changed:
			if !s.opts.Now().Before(ses.expires) || !send() {
				return
			}
		case <-tick.C:
			if _, err := w.Write([]byte(": keepalive\n\n")); err != nil {
				return
			}
			flusher.Flush()
		}
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) refuseJSON(w http.ResponseWriter, status int, lang i18n.Lang, key string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": text(lang, key)})
}

// Serve listens on addr and serves s there until ctx ends: the listener
// is open when it returns without error, at the address bound (the port
// chosen when addr's is 0), and wait waits for the end.
func Serve(ctx context.Context, addr string, s *Server, log *slog.Logger) (bound string, wait func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("web.listen %s: %w", addr, err)
	}
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan struct{})
	go func() {
		defer close(done)
		go func() {
			<-ctx.Done()
			s.Close() // the event streams first: Shutdown waits for them
			shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			_ = srv.Shutdown(shut)
		}()
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("web table stopped", "err", err)
		}
	}()
	log.Info("web table", "addr", ln.Addr().String())
	return ln.Addr().String(), func() { <-done }, nil
}
