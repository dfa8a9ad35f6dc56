// Package telegram plays Tablée's games in Telegram groups: the group (or a
// forum topic) shows the board, edited in place; hands and private choices
// come in the private chat with the bot, with inline keyboards. It turns
// updates (long polling or a webhook) into bot.Commands and draws bot.Outs,
// keeping to Telegram's flood limits.
//
// Sending: public messages (boards, events, replies in groups) go through a
// queue per chat served by its own goroutine, so that Deliver never blocks
// the core; pending edits of one board are merged. Private messages are
// sent at once (within their own limits) because the core must know when a
// hand cannot be delivered (bot.ErrNoPrivate).
package telegram

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/adapters/keeper"
	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/ratewindow"
	"github.com/tablee/tablee/internal/redact"
	"github.com/tablee/tablee/store"
)

// Options configure the adapter.
type Options struct {
	Core  *bot.Core
	Token string
	// APIEndpoint is the Bot API's URL pattern (token, method); default
	// tgbotapi.APIEndpoint. Tests point it at a fake.
	APIEndpoint string
	HTTPClient  *http.Client
	// Mode is "polling" (default) or "webhook".
	Mode        string
	PollTimeout time.Duration // getUpdates' long-poll timeout (30 s)
	Webhook     Webhook
	Lang        i18n.Lang // language of the adapter's own notes when a user's is unknown
	Logger      *slog.Logger
	Clock       Clock
	Limits      Limits // zero: DefaultLimits
	// Boards says when the group's board has scrolled away and is posted
	// again at the bottom, the old one deleted (adapters/keeper): after
	// AfterMessages messages seen in the chat after it (default 8), or
	// AfterEdits edits with at least one message after it (default 12).
	// OlderThan is 0 (age alone never moves it): a bot sees the messages
	// of a group it is sent, so their count says how far it scrolled.
	Boards keeper.Settings
	// DrainTimeout bounds how long stopping waits for queued messages (4 s:
	// with answerGrace, a stop ends within 10 s).
	DrainTimeout time.Duration
	// Seen remembers the update_ids played (store.Deduper: the store the
	// processes share), so that an update posted again — a webhook retried,
	// or handed to two processes behind a load balancer — is played once.
	// Nil plays every update.
	Seen store.Deduper
	// answerWithin bounds how long a webhook request waits for its
	// update to be played (webhookAnswerWithin; tests shorten it).
	answerWithin time.Duration
	// riderWait bounds how long a call waits for a webhook's answer to
	// ride (riderWait, riders.go; tests lengthen it).
	riderWait time.Duration
	// FileIDs is the file where the file_ids of uploaded pictures are kept
	// across restarts ("" keeps them in memory only): a picture uploaded
	// before a restart is not uploaded again.
	FileIDs string
	// WebApp is the address a player's hand opens the web table at, in a
	// web_app button (the Mini App's page with his signed link:
	// table.Links.MiniAppPage); nil, or "" for a table, sends none. The
	// button rides the hand message, in the private chat, the only place
	// the Bot API allows one (keyboard).
	WebApp func(user string, table uint64) string
	// StartApp is the t.me link of the Mini App the operator registered
	// (telegram.mini_app) at a table (table.Links.StartApp): a link
	// button on the group's board opens it for whoever taps it, who plays
	// if he is seated and watches otherwise. nil, or "", sends none.
	StartApp func(table uint64) string
	// WatchLink is the address of a table's read-only page for anyone
	// (table.Links.Spectate): a url button on the group's board opens it
	// in the browser where no Mini App is registered (where one is, the
	// StartApp button already serves). nil, or "", sends none.
	WatchLink func(table uint64) string
	// Pending is the file where a stop keeps the updates getUpdates had
	// to confirm before they were played (a hundred in hand at once), for
	// the next run to play first ("": they are lost, and logged).
	Pending string
}

// Webhook is the webhook server.
type Webhook struct {
	Listen      string // ":8443"
	Path        string // "/telegram"
	URL         string // registered with setWebhook when set
	SecretToken string // checked on every request
}

// Note keys kept with tables.
const (
	noteBoard = "telegram.board" // "<message id>" of the board in the table's chat
)

// idleConns is how many connections to the Bot API are kept open between
// requests. Every chat's messages go out at once (a worker a chat, a
// deliverer a table): with net/http's default of two, a request beyond the
// second found no idle connection and opened one, closed again after it —
// 292 connections for 2,200 requests at 250 moves/s in the end-to-end
// benchmark, each a TLS handshake against Telegram.
const idleConns = 256

// writeBuffer is the write buffer of a connection to the Bot API: most
// pictures and their form (a Crack Word board is some 25 KB) go out with
// the request's headers in one write (upload). With net/http's default of
// 4 KB, the rest of a body past the first 4 KB went through a 32 KB buffer
// allocated for each request (bufio's ReadFrom handing it to the
// socket's). 32 KB a connection, of the idleConns kept at most.
const writeBuffer = 32 << 10

// apiTransport is net/http's default transport keeping idleConns
// connections to the Bot API.
func apiTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns, t.MaxIdleConnsPerHost = idleConns, idleConns
	t.WriteBufferSize = writeBuffer
	return t
}

// Adapter is the Telegram side of the bot and its bot.Transport.
type Adapter struct {
	opts     Options
	core     *bot.Core
	obs      bot.Observer // the core's: the operator's metrics of the calls
	api      *tgbotapi.BotAPI
	client   *http.Client
	username string
	log      *slog.Logger
	red      *redact.Redactor // of the token and the webhook secret
	clock    Clock
	limits   Limits
	lim      *limits

	sendCtx    context.Context // sends; cancelled when draining gives up
	sendCancel context.CancelFunc

	qmu     sync.Mutex
	queues  map[int64]*chatQueue
	workers sync.WaitGroup

	imu      sync.Mutex
	inboxes  map[int64]*inbox
	handlers sync.WaitGroup
	stop     *stopState // stop.go

	boards *keeper.Boards[*job, boardExtra] // the tables' boards (kept.go)
	hands  *keeper.Hands[hand, handExtra]   // the players' hands (hands.go)

	smu      sync.Mutex
	crowded  map[uint64]int         // table -> board requests still taken as made in a busy group (sendBoard)
	lastSeen map[string]int         // chat key -> last message id seen there
	asks     map[string]string      // callback data -> the word it asks for
	files    map[string]string      // PictureKey -> file_id of its upload
	pending  map[int64]pendingAsk   // user -> the button waiting for his word
	noDM     map[int64]bool         // users Telegram refused to reach in private
	asked    map[int64]time.Time    // users -> when their last command or button came (limiter.go)
	opened   map[int64]bool         // users who wrote in private during this run
	toNew    map[int64]int64        // migrated group -> its supergroup
	pubNames map[int64]string       // group -> its public username (link.go)
	probed   map[int64]bool         // creators whose private chat was probed
	refused  map[string]bool        // Bot API methods the server does not have
	webhook  atomic.Pointer[string] // the webhook server's address, once listening
	handled  atomic.Int64           // updates handled (tests)
	mods     moderatorBook          // getChatMember's answers (moderators.go)
	rides    riders                 // calls waiting for a webhook's answer (riders.go)
}

type pendingAsk struct {
	data   string
	prompt int // message id of the ForceReply prompt
}

// New connects to the Bot API (getMe) and registers the adapter as the
// core's "telegram" transport.
func New(opts Options) (*Adapter, error) {
	if opts.Core == nil {
		return nil, errors.New("telegram: no core")
	}
	opts.Token = redact.Trim(opts.Token)
	if opts.Token == "" {
		return nil, errors.New("telegram: no token")
	}
	// What the adapter logs or returns passes through a redactor of its
	// token and webhook secret.
	red := redact.New(opts.Token, opts.Webhook.SecretToken)
	if opts.APIEndpoint == "" {
		opts.APIEndpoint = tgbotapi.APIEndpoint
	}
	if opts.Mode == "" {
		opts.Mode = "polling"
	}
	if opts.Mode != "polling" && opts.Mode != "webhook" {
		return nil, fmt.Errorf("telegram: mode must be polling or webhook, not %q", opts.Mode)
	}
	if opts.PollTimeout < 0 {
		opts.PollTimeout = 0
	}
	if opts.Lang == "" {
		opts.Lang = i18n.Default
	}
	opts.Logger = red.Logger(opts.Logger)
	if opts.Clock == nil {
		opts.Clock = ratewindow.System{}
	}
	if opts.Limits == (Limits{}) {
		opts.Limits = DefaultLimits()
	}
	if opts.Boards.AfterMessages <= 0 {
		opts.Boards.AfterMessages = 8
	}
	if opts.Boards.AfterEdits <= 0 {
		opts.Boards.AfterEdits = 12
	}
	opts.Boards.Old = keeper.Delete
	if opts.answerWithin <= 0 {
		opts.answerWithin = webhookAnswerWithin
	}
	if opts.riderWait <= 0 {
		opts.riderWait = riderWait
	}
	if opts.DrainTimeout <= 0 {
		opts.DrainTimeout = 4 * time.Second
	}
	client := opts.HTTPClient
	if client == nil {
		// Requests other than getUpdates must not hang: a minute is far
		// more than Telegram takes.
		client = &http.Client{Timeout: time.Minute, Transport: apiTransport()}
	}
	api, err := tgbotapi.NewBotAPIWithClient(opts.Token, opts.APIEndpoint, statusDoer{client})
	if err != nil {
		return nil, fmt.Errorf("telegram: getMe: %w", classify(nil, err, red))
	}
	sendCtx, cancel := context.WithCancel(context.Background())
	a := &Adapter{
		opts: opts, core: opts.Core, obs: opts.Core.Observer(), api: api, client: client, username: api.Self.UserName,
		log: opts.Logger.With("platform", "telegram"), red: red, clock: opts.Clock, limits: opts.Limits,
		lim: newLimits(opts.Clock, opts.Limits), sendCtx: sendCtx, sendCancel: cancel,
		queues: map[int64]*chatQueue{}, inboxes: map[int64]*inbox{},
		crowded: map[uint64]int{}, lastSeen: map[string]int{}, asks: map[string]string{}, files: map[string]string{}, pubNames: map[int64]string{},
		pending: map[int64]pendingAsk{}, noDM: map[int64]bool{}, asked: map[int64]time.Time{}, opened: map[int64]bool{},
		toNew: map[int64]int64{}, probed: map[int64]bool{}, refused: map[string]bool{},
		stop: newStopState(),
	}
	a.boards = keeper.NewBoards(boardSide{a}, opts.Boards,
		keeper.Config[boardExtra]{Notes: opts.Core, Note: noteBoard, Codec: boardCodec, Max: maxBoards, Log: a.log})
	a.hands = keeper.NewHands(handSide{a},
		keeper.Config[handExtra]{Notes: opts.Core, Note: handNotes, Codec: handCodec, Max: maxHands, Log: a.log})
	a.loadFileIDs()
	opts.Core.SetTransport("telegram", a)
	return a, nil
}

// Username is the bot's @username, without the @.
func (a *Adapter) Username() string { return a.username }

// WebhookAddr is the address the webhook server listens on, once it does.
func (a *Adapter) WebhookAddr() string {
	if p := a.webhook.Load(); p != nil {
		return *p
	}
	return ""
}

// Run receives updates until ctx ends; then each chat finishes the update
// it is playing, the updates queued behind are left to come again
// (stop.go), and what is queued to send is sent within DrainTimeout.
func (a *Adapter) Run(ctx context.Context) error {
	stopWatch := make(chan struct{})
	defer close(stopWatch)
	go func() {
		select {
		case <-ctx.Done():
			a.beginStop()
		case <-stopWatch:
		}
	}()
	// The command menus are set alongside: commands are answered from the
	// first second even while setMyCommands is retried.
	a.handlers.Add(1)
	go func() { defer a.handlers.Done(); a.setCommands(ctx) }()
	var err error
	if a.opts.Mode == "webhook" {
		err = a.serveWebhook(ctx)
	} else {
		err = a.poll(ctx)
	}
	a.beginStop()
	a.handlers.Wait()
	if a.opts.Mode != "webhook" {
		a.confirm()
	}
	a.drain()
	// Nothing sends after the stop: a delivery the core still makes fails
	// at once (its outbox is shown at the next start).
	a.sendCancel()
	a.stop.hardCut()
	a.saveFileIDs()
	return a.red.Error(err)
}

// drain waits for the send queues to empty, then cancels what remains.
func (a *Adapter) drain() {
	a.sendRiders(true) // no answer is left for them to ride
	done := make(chan struct{})
	go func() { a.workers.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(a.opts.DrainTimeout):
		a.log.Warn("stopping with messages still queued")
		a.sendCancel()
		<-done
	case <-a.stop.hard.Done():
		a.log.Warn("stopping with messages still queued", "after", stopWithin)
		a.sendCancel()
		<-done
	}
}

// minEmptyPoll is the least time between two getUpdates that found
// nothing.
const minEmptyPoll = time.Second

// poll is the long-polling loop: getUpdates with the offset of the last
// update seen plus one, a timeout of PollTimeout, and a growing back-off
// after errors (or Telegram's retry_after).
func (a *Adapter) poll(ctx context.Context) error {
	// A webhook left by a previous run makes getUpdates fail (409).
	if _, e := a.request(ctx, 0, time.Minute, "deleteWebhook", tgbotapi.Params{}); e != nil && ctx.Err() == nil {
		a.log.Warn("deleteWebhook failed", "err", e)
	}
	a.takeAside(ctx)
	poller := *a.api
	poller.Client = statusDoer{ctxDoer{ctx: ctx, c: &http.Client{Timeout: a.opts.PollTimeout + 30*time.Second}}}
	timeout := int(a.opts.PollTimeout / time.Second)
	full := false
	var backoff time.Duration
	for ctx.Err() == nil {
		select {
		case <-a.stop.advanced: // the offset read next is the moved one
		default:
		}
		p := tgbotapi.Params{"timeout": strconv.Itoa(timeout), "allowed_updates": `["message","callback_query"]`}
		if offset := a.offset(full); offset != 0 {
			p["offset"] = strconv.Itoa(offset)
		}
		asked := a.clock.Now()
		resp, err := poller.MakeRequest("getUpdates", p)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			e := classify(resp, err, a.red)
			a.obs.PlatformCall("telegram", "getUpdates", e.code, a.clock.Now().Sub(asked))
			wait := e.retryAfter
			if wait == 0 {
				if backoff == 0 {
					backoff = a.limits.RetryBackoff
				} else if backoff *= 2; backoff > a.limits.MaxPollBackoff {
					backoff = a.limits.MaxPollBackoff
				}
				wait = backoff
			}
			a.log.Warn("getUpdates failed", "err", e, "retry_in", wait)
			select {
			case <-ctx.Done():
			case <-a.clock.After(wait):
			}
			continue
		}
		backoff = 0
		a.obs.PlatformCall("telegram", "getUpdates", http.StatusOK, a.clock.Now().Sub(asked))
		var raws []json.RawMessage
		if err := json.Unmarshal(resp.Result, &raws); err != nil {
			a.log.Error("getUpdates: unreadable result", "err", err)
			continue
		}
		var us []update
		for _, raw := range raws {
			u, err := decodeUpdate(raw)
			if err != nil {
				a.log.Warn("unreadable update", "err", err)
				continue
			}
			us = append(us, u)
		}
		fresh := a.fetched(us)
		for _, u := range fresh {
			a.dispatch(ctx, u)
		}
		full = len(fresh) == 0 && len(raws) >= maxPollBatch
		if len(raws) > 0 && len(raws) < maxPollBatch && a.holding() {
			// Updates are in hand (they are not confirmed until played):
			// Telegram would answer at once with them again, so the next
			// call waits until the first of them is played, busyPoll at
			// most. A call at once after new updates came gave them back
			// and cost a request a move (measured: two getUpdates a move
			// at 100 moves/s against one).
			select {
			case <-ctx.Done():
			case <-a.stop.advanced:
			case <-time.After(busyPoll):
			}
			continue
		}
		if took := a.clock.Now().Sub(asked); len(raws) == 0 && took < minEmptyPoll {
			// Nothing new, and sooner than a long poll would have said
			// so: short polling, or a server that answers at once
			// whatever the timeout (some Bot API servers and proxies do).
			// Asking again at once would make a thousand requests a
			// second; an idle bot asks about once a second.
			select {
			case <-ctx.Done():
			case <-a.clock.After(minEmptyPoll - took):
			}
		}
	}
	return nil
}

// serveWebhook receives updates over HTTPS (behind a proxy that terminates
// TLS): every request must carry the secret token in
// X-Telegram-Bot-Api-Secret-Token.
func (a *Adapter) serveWebhook(ctx context.Context) error {
	w := a.opts.Webhook
	if w.Listen == "" || w.Path == "" || w.SecretToken == "" {
		return errors.New("telegram: webhook mode needs listen, path and secret_token")
	}
	ln, err := net.Listen("tcp", w.Listen)
	if err != nil {
		return fmt.Errorf("telegram: webhook: %w", err)
	}
	addr := ln.Addr().String()
	a.webhook.Store(&addr)
	mux := http.NewServeMux()
	mux.Handle(w.Path, a.WebhookHandler(ctx))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	a.log.Info("webhook listening", "addr", addr, "path", w.Path)
	shutdown := func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}
	// Every process of the bot registers the same webhook at start, once
	// it serves (behind a load balancer, Telegram may post to it at once):
	// setting it again changes nothing queued (only drop_pending_updates
	// drops updates). None deletes it when it stops: the others still
	// serve.
	if w.URL != "" {
		p := tgbotapi.Params{"url": w.URL, "secret_token": w.SecretToken, "allowed_updates": `["message","callback_query"]`}
		if _, e := a.request(ctx, 0, time.Minute, "setWebhook", p); e != nil {
			shutdown()
			return fmt.Errorf("telegram: setWebhook: %w", e)
		}
	}
	select {
	case <-ctx.Done():
	case err := <-errc:
		return fmt.Errorf("telegram: webhook server: %w", err)
	}
	// Queued updates are answered 503 now, the ones being played once
	// played: the server's shutdown does not wait on the backlog.
	a.beginStop()
	shutdown()
	return nil
}

// WebhookHandler receives Telegram's POSTs. A request without the right
// secret token is refused with 401 and never read.
func (a *Adapter) WebhookHandler(ctx context.Context) http.Handler {
	secret := []byte(a.opts.Webhook.SecretToken)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		got := []byte(r.Header.Get("X-Telegram-Bot-Api-Secret-Token"))
		if len(secret) == 0 || subtle.ConstantTimeCompare(got, secret) != 1 {
			a.log.Warn("webhook request with a wrong secret token refused", "remote", r.RemoteAddr)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		u, err := decodeUpdate(body)
		if err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		// Answered 200 once the update was played (its move saved), or
		// dropped as played already. Until then Telegram holds it: a
		// process that dies first leaves it to be posted again ("in case
		// of an unsuccessful request ... we will repeat the request",
		// setWebhook), and an update not played within answerWithin
		// (queued behind its chat's others), or played by another
		// process now, is answered 503 so that it is posted again too.
		// It is claimed only when its turn comes, and marked played once
		// played (serveChat): the retry is played by whichever process
		// gets it first and dropped by the others, and played again if
		// the process that claimed it stopped first.
		select {
		case played := <-a.dispatch(ctx, u):
			if !played {
				// Played by another process now, or not played because
				// this one is stopping: posted again either way.
				http.Error(w, "not played here now", http.StatusServiceUnavailable)
				return
			}
			// The answer may carry a call (riders.go).
			a.answerHook(w)
		case <-r.Context().Done():
		case <-time.After(a.opts.answerWithin):
			http.Error(w, "still playing", http.StatusServiceUnavailable)
		}
	})
}

var commandName = regexp.MustCompile(`^[a-z0-9_]{1,32}$`)

// setMyCommands registers the command menus: English by default and for
// "en", French for "fr" (French names are aliases the core understands).
func (a *Adapter) setCommands(ctx context.Context) {
	infos := bot.Commands()
	for _, menu := range []struct {
		code string
		lang i18n.Lang
	}{{"", i18n.EN}, {"en", i18n.EN}, {"fr", i18n.FR}} {
		var cmds []tgbotapi.BotCommand
		seen := map[string]bool{}
		for _, c := range infos {
			name := c.Names[menu.lang]
			if name == "" {
				name = c.Name
			}
			desc := strings.TrimSpace(c.Descriptions[menu.lang])
			if !commandName.MatchString(name) || seen[name] || desc == "" {
				continue
			}
			seen[name] = true
			cmds = append(cmds, tgbotapi.BotCommand{Command: name, Description: truncate(desc, 256)})
			if len(cmds) == 100 {
				break
			}
		}
		cfg := tgbotapi.SetMyCommandsConfig{Commands: cmds, LanguageCode: menu.code}
		if _, e := a.call(ctx, 0, time.Minute, "setMyCommands", func() (*tgbotapi.APIResponse, error) { return a.bounded().Request(cfg) }); e != nil {
			a.log.Warn("setMyCommands failed", "lang", menu.code, "err", e)
		}
	}
}
