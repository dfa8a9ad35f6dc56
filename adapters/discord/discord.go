// Package discord plays Tablée in Discord servers: slash commands,
// buttons, select menus and modals become bot.Commands; the core's Outs
// become ephemeral replies, DMs, and one board message per table edited in
// place. It is built on discordgo: the gateway (reconnect and RESUME),
// REST rate-limit buckets and 429 retries are discordgo's; the global
// limit is the adapter's, which keeps the answers to interactions out of
// it (pace.go).
package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/tablee/tablee/adapters/keeper"
	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/internal/redact"
)

// Options configure the adapter.
type Options struct {
	Core  *bot.Core
	Token string // the bot token, without "Bot "
	// DevGuild registers the commands on this guild only (they appear at
	// once); empty registers them globally.
	DevGuild   string
	ShardID    int
	ShardCount int
	Logger     *slog.Logger

	// Client carries the REST calls (default: discordgo's, 20 s timeout);
	// Dialer opens the gateway. Tests point both at a fake Discord.
	Client *http.Client
	Dialer *websocket.Dialer

	// DeferAfter is how long an interaction waits for the core before it is
	// deferred (Discord wants an answer within 3 s). Default 1.5 s.
	DeferAfter time.Duration
	// WebLink is the address of a table's web page for a player, his own
	// signed and expiring link (table.Links.Page): a link button on his
	// hand message (DM or ephemeral) opens it. nil, or "" for a table,
	// adds none.
	WebLink func(user string, table uint64) string
	// WatchLink is the address of a table's read-only page for anyone
	// (table.Links.Spectate): a link button on the board message opens
	// it, for the spectators of the channel. nil, or "" for a table, adds
	// none.
	WatchLink func(table uint64) string
	// Boards says when a board has scrolled out of sight and is posted
	// anew rather than edited (adapters/keeper): after AfterMessages
	// messages of the bot in its channel (default 8: the adapter receives
	// no message content, so its own messages are those it counts), or
	// once OlderThan old (default 30 min), so that it does not sit far up
	// a busy channel; AfterEdits is 0 (edits alone never move it). An
	// older board is left as it is (Old: keeper.Leave).
	Boards keeper.Settings
	// GlobalRate is how many REST requests of the adapter Discord may
	// count in any second, the answers to interactions excepted (pace.go).
	// Default DefaultGlobalRate, under Discord's 50.
	GlobalRate int
	// Now is the adapter's clock (board ages). Default time.Now.
	Now func() time.Time
	// Connected, when set, is told when the gateway is connected (true,
	// also after a reconnection) and when it dropped (false): the
	// readiness an operator's load balancer reads.
	Connected func(up bool)
}

// Adapter is the Discord side of the bot and its transport for the
// "discord" platform.
type Adapter struct {
	opts Options
	core *bot.Core
	s    *discordgo.Session
	log  *slog.Logger
	red  *redact.Redactor // of the token and interaction tokens

	ctxMu sync.Mutex
	ctx   context.Context // for the commands: outlives the shutdown signal

	mu       sync.Mutex
	appID    string
	dms      map[string]string    // user id -> DM channel id
	pings    map[uint64]messageID // table -> the last "your turn" ping
	perms    permBook             // what each channel does not allow
	asks     map[string]string    // payload -> question of its modal
	guilds   map[string]string    // channel -> its server, from interactions (link.go)
	tableMus map[uint64]*tableMu  // the tables being delivered (lockTable)

	boards *keeper.Boards[shown, boardExtra] // the tables' board messages
	hands  *keeper.Hands[shown, struct{}]    // the players' hand messages
	notes  *keeper.Later                     // their notes, written outside of the deliveries

	inflight sync.WaitGroup
	closed   bool
	stopping bool // the stop began: new interactions are told to try again (stop.go)
	cut      context.CancelFunc

	// done, when set, is called once an interaction is fully answered
	// (tests wait on it).
	done func(interactionID string)
}

type messageID struct{ Channel, ID string }

// New builds the adapter and registers it as the core's "discord"
// transport. Nothing connects before Run.
func New(opts Options) (*Adapter, error) {
	if opts.Core == nil {
		return nil, errors.New("discord: no core")
	}
	opts.Token = strings.TrimPrefix(redact.Trim(opts.Token), "Bot ")
	if opts.Token == "" {
		return nil, errors.New("discord: no token")
	}
	if opts.ShardCount < 1 {
		opts.ShardCount = 1
	}
	if opts.ShardID < 0 || opts.ShardID >= opts.ShardCount {
		return nil, fmt.Errorf("discord: shard %d of %d", opts.ShardID, opts.ShardCount)
	}
	// What the adapter logs or returns passes through a redactor of its
	// token and of the interaction tokens that discordgo's errors quote in
	// URLs (/webhooks/<app>/<token>/...).
	red := redact.New(opts.Token)
	opts.Logger = red.Logger(opts.Logger)
	if opts.DeferAfter <= 0 {
		opts.DeferAfter = 1500 * time.Millisecond
	}
	if opts.Boards.OlderThan <= 0 {
		opts.Boards.OlderThan = 30 * time.Minute
	}
	if opts.Boards.AfterMessages <= 0 {
		opts.Boards.AfterMessages = 8
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	s, err := discordgo.New("Bot " + opts.Token)
	if err != nil {
		return nil, red.Error(err)
	}
	// Interactions need no intent; Guilds is the least the gateway allows
	// to be useful. No message content, no members, no presences.
	s.Identify.Intents = discordgo.IntentsGuilds
	s.StateEnabled = false
	s.ShardID, s.ShardCount = opts.ShardID, opts.ShardCount
	s.ShouldRetryOnRateLimit = true // 429: wait retry_after, then again
	s.ShouldReconnectOnError = true // a dropped gateway reconnects and RESUMEs
	s.MaxRestRetries = 3
	if opts.Client != nil {
		s.Client = opts.Client
	}
	if opts.GlobalRate <= 0 {
		opts.GlobalRate = DefaultGlobalRate
	}
	// Paced outside, observed inside: a call's duration is Discord's, the
	// wait before it is told apart (LimitWaited).
	s.Client = pacedClient(observeClient(s.Client, opts.Core.Observer()), opts.GlobalRate, opts.Core.Observer())
	if opts.Dialer != nil {
		s.Dialer = opts.Dialer
	}
	s.LogLevel = discordgo.LogError
	a := &Adapter{
		opts: opts, core: opts.Core, s: s, log: opts.Logger.With("platform", "discord"), red: red,
		ctx: context.Background(),
		dms: map[string]string{}, pings: map[uint64]messageID{},
		asks: map[string]string{}, tableMus: map[uint64]*tableMu{}, guilds: map[string]string{},
	}
	a.notes = keeper.NewLater(opts.Core, a.log)
	a.boards = keeper.NewBoards(boardSide{a}, opts.Boards,
		keeper.Config[boardExtra]{Notes: a.notes, Note: noteKey, Codec: boardCodec, Max: maxBoards, Log: a.log})
	a.hands = keeper.NewHands(handSide{a},
		keeper.Config[struct{}]{Notes: a.notes, Note: handNotes, Codec: handCodec, Max: maxHands, Log: a.log})
	s.AddHandler(a.onInteraction)
	opts.Core.SetTransport("discord", a)
	return a, nil
}

// Session is the discordgo session (for tests and diagnostics).
func (a *Adapter) Session() *discordgo.Session { return a.s }

// HasPrivateFallback: a player whose DMs are closed still sees his hand,
// ephemerally, with the board's "My hand" button.
func (a *Adapter) HasPrivateFallback() bool { return true }

// Run connects to the gateway, registers the slash commands and serves
// interactions until ctx is done; then it closes the gateway, waits for
// the interactions under way and saves the board notes.
func (a *Adapter) Run(ctx context.Context) error {
	return a.red.Error(a.serve(ctx))
}

func (a *Adapter) serve(ctx context.Context) error {
	a.ctxMu.Lock()
	// The interactions under way outlive the stop signal, their answers
	// for answerGrace at most (stop.go).
	a.ctx, a.cut = context.WithCancel(context.WithoutCancel(ctx))
	a.ctxMu.Unlock()
	if err := a.s.Open(); err != nil {
		return fmt.Errorf("discord: connecting to the gateway: %w", err)
	}
	defer a.stop()
	if err := a.register(ctx); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	a.log.Info("connected", "shard", a.opts.ShardID, "shards", a.opts.ShardCount, "dev_guild", a.opts.DevGuild)
	if up := a.opts.Connected; up != nil {
		up(true)
		defer up(false)
		defer a.s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) { up(false) })()
		defer a.s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { up(true) })()
		defer a.s.AddHandler(func(*discordgo.Session, *discordgo.Ready) { up(true) })()
	}
	<-ctx.Done()
	a.beginStop()
	return nil
}

func (a *Adapter) baseCtx() context.Context {
	a.ctxMu.Lock()
	defer a.ctxMu.Unlock()
	return a.ctx
}

func (a *Adapter) stop() {
	if err := a.s.Close(); err != nil {
		a.log.Warn("closing the gateway", "err", err)
	}
	a.mu.Lock()
	a.closed = true
	a.mu.Unlock()
	a.inflight.Wait()
	a.notes.Flush()
	a.notes.Stop()
}

// register overwrites the application's commands in one call: on the dev
// guild when one is set, globally otherwise.
func (a *Adapter) register(ctx context.Context) error {
	app := ""
	if r := a.s.State; r != nil {
		r.RLock()
		if r.Ready.Application != nil {
			app = r.Ready.Application.ID
		}
		if app == "" && r.Ready.User != nil {
			app = r.Ready.User.ID
		}
		r.RUnlock()
	}
	if app == "" {
		return errors.New("discord: READY named no application")
	}
	a.mu.Lock()
	a.appID = app
	a.mu.Unlock()
	cmds, dropped := applicationCommands()
	if len(dropped) > 0 {
		a.log.Warn("commands left out of Discord's menu (invalid or clashing names)", "commands", dropped)
	}
	if _, err := a.s.ApplicationCommandBulkOverwrite(app, a.opts.DevGuild, cmds, discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("discord: registering the commands: %w", err)
	}
	return nil
}

// restCode is Discord's JSON error code of a failed REST call, 0 for none.
func restCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// Discord's error codes the adapter acts on.
const (
	codeUnknownMessage  = 10008
	codeUnknownChannel  = 10003
	codeCannotDM        = 50007
	codeNotAuthor       = 50005
	codeThreadArchived  = 50083
	codeMissingAccess   = 50001
	codeMissingPerms    = 50013
	codeUnknownInteract = 10062
)
