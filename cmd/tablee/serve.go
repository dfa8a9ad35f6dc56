package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	stdlog "log"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/config"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/metrics"
	"github.com/tablee/tablee/internal/redact"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
	"github.com/tablee/tablee/store/postgres"
)

const serveUsage = `Usage: tablee serve [--config FILE]

Runs the bot on the platforms its configuration enables (Discord,
Telegram) until SIGINT or SIGTERM. The configuration is tablee.yaml unless
--config names another file: make it from config.example.yaml, which
explains every setting (cp config.example.yaml tablee.yaml), enable a
platform and give its token there or in TABLEE_DISCORD_TOKEN or
TABLEE_TELEGRAM_TOKEN. To play without a platform: tablee local.

`

// noConfig says that the configuration at path is missing and how to make
// one: what a newcomer's first tablee serve meets.
func noConfig(path string) string {
	return fmt.Sprintf("there is no configuration file %s: make one from config.example.yaml, which explains every setting "+
		"(cp config.example.yaml %s), enable discord or telegram in it and give its token "+
		"(or set TABLEE_DISCORD_TOKEN or TABLEE_TELEGRAM_TOKEN), then run tablee serve again; "+
		"--config FILE names a configuration elsewhere. To play in this terminal without one: tablee local", path, path)
}

// serve runs the bot on the platforms its configuration enables, until
// SIGINT or SIGTERM; then it finishes the moves under way (the commands
// queued behind them are left to come again: see the adapters' stop.go),
// and closes the store, within 10 s.
//
// Nothing it writes holds a secret: its log handler and the error it
// returns pass through a redactor that knows the tokens of the run (and the
// shapes of platform tokens), and the standard log package (which the
// platform libraries use) writes through the same handler.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	fs := flag.NewFlagSet("tablee serve", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), serveUsage); fs.PrintDefaults() }
	path := fs.String("config", "tablee.yaml", "configuration file")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if _, err := os.Stat(*path); errors.Is(err, os.ErrNotExist) {
		return usageError("%s", noConfig(*path))
	}
	cfg, err := config.Load(*path) // its errors are redacted already
	if err != nil {
		return err
	}
	red := redact.New(cfg.Secrets()...)
	defer func() { err = red.Error(err) }()
	log := newLogger(cfg, red, stderr)
	defer useAsDefault(log)()
	log.Info("starting", "version", fullVersion(), "config", cfg)
	platforms := enabledPlatforms(cfg)
	if len(platforms) == 0 {
		return errors.New("config: no platform is enabled: set discord.enabled or telegram.enabled (or try `tablee local`)")
	}
	if err := useDictionary(cfg, log); err != nil {
		return err
	}
	if err := useBooklet(cfg, log); err != nil {
		return err
	}
	prepared := make(chan struct{})
	go func() { defer close(prepared); prepareGames(log) }()
	defer func() { <-prepared }() // no work of the run left behind it
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return fmt.Errorf("config: data_dir %s: %w", cfg.DataDir, err)
	}
	st, err := openStore(cfg, log)
	if err != nil {
		return err
	}
	// The stop's watch: its end runs last, after the store is closed.
	watch := &stopWatch{log: log}
	defer watch.end()
	defer st.Close()
	defer watch.at("closing the store")
	// The operator's figures: reported by the core, the store and the
	// adapters, served by the admin listener when admin.listen is set.
	m := metrics.New()
	watchStore(m, st)
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	// A damaged data file, met by a move, a backup or a retention pass,
	// stops the run cleanly: see damageStop.
	damage := &damageStop{cancel: cancel}
	lang, _ := i18n.ParseLang(cfg.Language)
	ch, err := challengeRecords(st, []byte(cfg.Challenge.Secret.Reveal()))
	if err != nil {
		return err
	}
	if ch == nil {
		log.Info("no daily challenge: challenge.secret is not set")
	}
	core, err := bot.New(bot.Options{
		Store: st, Lang: lang, Logger: log, OnDamaged: damage.report, Challenges: ch,
		Turn: time.Duration(cfg.Deadlines.Turn), Reminder: time.Duration(cfg.Deadlines.Reminder), OnExpiry: cfg.Deadlines.OnExpiry,
		LobbyExpiry: cfg.LobbyExpiry.D(),
		IdleGame:    cfg.Abandoned.After.D(),
		IdleGrace:   cfg.Abandoned.Grace.D(),
		TableMemory: int64(cfg.Memory.Tables),
		IdleTable:   cfg.Memory.Idle.D(),
		Users:       cfg.Memory.Users,
		Lease:       cfg.Postgres.Lease.D(),
		Observer:    m,
		WebNotify:   cfg.Web.Listen != "", // the processes' web pages hear each other's moves
		RateLimits: bot.RateLimits{
			User: bot.RateLimit{Burst: cfg.RateLimits.User.Burst, Every: cfg.RateLimits.User.Every.D()},
			Chat: bot.RateLimit{Burst: cfg.RateLimits.Chat.Burst, Every: cfg.RateLimits.Chat.Every.D()},
		},
	})
	if err != nil {
		return err
	}
	watchCore(m, core)
	health := newHealth(platforms)
	checks := readiness(st, damage, health)
	checks["serve"] = stopCheck(runCtx)
	// The admin listener outlives the run: during the stop /readyz says
	// "stopping" (503), so that a load balancer sends its webhooks to
	// another process at once, and /metrics shows what the stop left.
	adminCtx, adminCancel := context.WithCancel(context.WithoutCancel(ctx))
	adminDone, err := serveAdmin(adminCtx, cfg.Admin.Listen, m, checks, log)
	if err != nil {
		adminCancel()
		return err
	}
	defer func() { adminCancel(); watch.at("closing the admin listener"); adminDone() }() // the listener ends with the process
	if b, ok := st.(*bolt.Store); ok {
		closeCopies := serveCopies(b, log, damage.report)
		defer func() { watch.at("closing the hot copies"); closeCopies() }()
	}
	webDone, err := serveWeb(runCtx, cfg, core, log)
	if err != nil {
		return err
	}
	defer func() { watch.at("closing the web table"); webDone() }()
	upkeepDone := make(chan struct{})
	upkeep := newUpkeep(st.(retainer), cfg.Backups.Every.D(), cfg.Backups.Keep, cfg.Retention.D(), log, damage.report)
	watch.backingUp = upkeep.copying.Load
	go func() {
		defer close(upkeepDone)
		upkeep.run(runCtx)
	}()
	var supervisors sync.WaitGroup
	for _, p := range platforms {
		supervisors.Add(1)
		go func(p platform) {
			defer supervisors.Done()
			supervise(runCtx, p, core, log, health)
		}(p)
	}
	go health.report(runCtx, core, log, healthEvery)
	// Deadlines that passed while the bot was down are applied as soon as
	// the scheduler runs: wait until every platform can deliver what they
	// announce, so that nothing is told to no one; a platform that cannot
	// connect yet does not hold the others back for more than the wait.
	waitForTransports(runCtx, core, platforms, 30*time.Second, log)
	schedulerDone := make(chan struct{})
	go func() { core.Run(runCtx); close(schedulerDone) }()
	<-runCtx.Done()
	if damage.Err() == nil {
		log.Info("stopping: signal received")
	}
	var first error
	if err := damage.Err(); err != nil {
		if errors.Is(err, store.ErrDiskFailed) {
			log.Error("stopping: the disk under the data file failed", "err", err)
		} else {
			log.Error("stopping: the data file is damaged", "err", err)
		}
		first = err
	}
	watch.begin("the platforms") // past stopDeadline, the process exits
	cancel()
	supervisors.Wait()
	watch.at("the scheduler")
	<-schedulerDone
	watch.at("the commands under way")
	core.Close() // waits for the commands under way: no move is cut in half
	watch.at("the automatic backup")
	<-upkeepDone // a backup under way was abandoned at the cancel: see upkeep
	log.Info("stopped")
	return first
}

// platform is one adapter wired into serve.
type platform struct {
	name string
	// run plays the platform until ctx ends; it calls up(true) once
	// connected, up(false) when the connection is lost.
	run func(ctx context.Context, core *bot.Core, log *slog.Logger, up func(bool)) error
}

// platformAdapters is filled by the adapters' wiring files, one each.
var platformAdapters = map[string]func(cfg *config.Config) (platform, bool){}

func enabledPlatforms(cfg *config.Config) []platform {
	var out []platform
	for _, name := range []string{"discord", "telegram"} {
		if mk, ok := platformAdapters[name]; ok {
			if p, on := mk(cfg); on {
				out = append(out, p)
			}
		}
	}
	return out
}

// newLogger is the run's logger: every record is redacted before it is
// written.
func newLogger(cfg *config.Config, red *redact.Redactor, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.Log.Level))
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if cfg.Log.Format == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	return slog.New(red.Handler(h))
}

// useAsDefault makes l the default logger, and the standard log package's
// output, until the returned function puts back the previous ones.
func useAsDefault(l *slog.Logger) (restore func()) {
	prev, prevOut, prevFlags := slog.Default(), stdlog.Writer(), stdlog.Flags()
	slog.SetDefault(l)
	return func() {
		slog.SetDefault(prev)
		stdlog.SetOutput(prevOut)
		stdlog.SetFlags(prevFlags)
	}
}

// waitForTransports returns once each platform has registered its
// transport with the core, or when the wait is over (a platform that
// cannot connect logs its own errors and keeps trying).
func waitForTransports(ctx context.Context, core *bot.Core, platforms []platform, limit time.Duration, log *slog.Logger) {
	deadline := time.Now().Add(limit)
	for {
		missing := ""
		for _, p := range platforms {
			if !core.HasTransport(p.name) {
				missing = p.name
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			log.Warn("scheduler started before a platform was ready", "platform", missing)
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// openStore opens the store the configuration names: the data file (one
// process), or the PostgreSQL database that several processes share.
func openStore(cfg *config.Config, log *slog.Logger) (store.Store, error) {
	if cfg.Store != "postgres" {
		st, err := bolt.Open(cfg.DBPath(), bolt.Options{Timeout: 2 * time.Second})
		if err != nil {
			return nil, err
		}
		logOpened(log, slog.LevelInfo, st)
		return st, nil
	}
	st, err := postgres.Open(cfg.Postgres.URL.Reveal(), postgres.Options{})
	if err != nil {
		return nil, err
	}
	v, _ := st.Schema()
	log.Info("store: postgres", "schema", v, "owner", st.Owner())
	if cfg.Backups.Every > 0 {
		log.Info("automatic backups are for the data file: back the database up with its own tools (docs/postgres.md)")
	}
	return st, nil
}
