package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tablee/tablee/adapters/local"
	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/config"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/metrics"
	"github.com/tablee/tablee/store/bolt"
)

const localUsage = `Usage: tablee local [--data DIR] [--seed N] [--lang en] [options]

Plays in this terminal, no token needed: you type as a user ("bob> /join"
speaks as bob), "#cafe" goes to another chat, /press N presses a button,
/auto lets a bot player play for you, /help lists the commands.

`

// runLocal plays in the terminal. Its data file is separate from serve's, so
// both can run side by side on one data directory.
func runLocal(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tablee local", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), localUsage); fs.PrintDefaults() }
	dataDir := fs.String("data", "./data", "directory of the data file (local.db)")
	seed := fs.Uint64("seed", 0, "seed of the first game, then seed+1, ...; 0 draws them at random")
	lang := fs.String("lang", "fr", "language of the chat: fr or en")
	user := fs.String("user", "alice", "the user you type as at first")
	echo := fs.Bool("echo", !isTerminal(stdin), "print each command read (default on when stdin is not a terminal)")
	closed := fs.String("closed-dm", "", "comma-separated users whose private messages fail (to try the closed-DM flow)")
	moderators := fs.String("moderators", "", "comma-separated users who moderate every chat (to try /quit, /kick and /settings as a moderator)")
	turn := fs.Duration("turn", 0, "default time per turn of new tables (0: none)")
	backups := fs.String("backups", config.Period(config.DefaultBackupEvery).String(), "time between two automatic backups of the data file into DIR/backups, or off")
	webAddr := fs.String("web", "", "address of the web table, such as 127.0.0.1:8080: each player's link is printed with his first hand (docs/web.md)")
	admin := fs.String("admin", "", "address of an admin listener, such as 127.0.0.1:9090: metrics, /healthz, /readyz and profiles, as tablee serve's admin.listen (docs/operating.md)")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	l, ok := i18n.ParseLang(*lang)
	if !ok {
		return fmt.Errorf("--lang must be fr or en, not %q", *lang)
	}
	every, err := config.ParsePeriod(*backups)
	if err != nil || (every > 0 && every.D() < time.Minute) {
		return fmt.Errorf("--backups must be off or a duration of at least 1m (such as 6h), not %q", *backups)
	}
	if err := os.MkdirAll(*dataDir, 0o700); err != nil {
		return fmt.Errorf("data directory %s: %w", *dataDir, err)
	}
	st, err := bolt.Open(filepath.Join(*dataDir, "local.db"), bolt.Options{Timeout: time.Second})
	if err != nil {
		return err
	}
	defer st.Close()
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	logOpened(logger, slog.LevelWarn, st)
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	damage := &damageStop{cancel: cancel}
	m := metrics.New()
	watchStore(m, st)
	secret, err := localSecret(*dataDir)
	if err != nil {
		return fmt.Errorf("the daily challenge's secret: %w", err)
	}
	ch, err := challengeRecords(st, secret)
	if err != nil {
		return err
	}
	opts := bot.Options{Store: st, Lang: l, Turn: *turn, Logger: logger, OnDamaged: damage.report, Observer: m, Challenges: ch}
	if *seed != 0 {
		next := *seed
		opts.Seeds = func() uint64 { s := next; next++; return s }
	}
	core, err := bot.New(opts)
	if err != nil {
		return err
	}
	watchCore(m, core)
	// The terminal is always connected: /readyz checks the store alone.
	adminDone, err := serveAdmin(runCtx, *admin, m, readiness(st, damage, newHealth(nil)), logger)
	if err != nil {
		return err
	}
	defer func() { cancel(); adminDone() }()
	defer serveCopies(st, logger, damage.report)()
	upkeepDone := make(chan struct{})
	go func() {
		defer close(upkeepDone)
		newUpkeep(st, every.D(), config.DefaultBackupKeep, 0, logger, damage.report).run(runCtx)
	}()
	var closedUsers []string
	if *closed != "" {
		closedUsers = strings.Split(*closed, ",")
	}
	var modUsers []string
	if *moderators != "" {
		modUsers = strings.Split(*moderators, ",")
	}
	chat := local.New(local.Options{Core: core, In: stdin, Out: stdout, User: *user, Echo: *echo, Prompt: !*echo, Welcome: !*echo,
		Closed: closedUsers, Moderators: modUsers, PictureDir: filepath.Join(*dataDir, "pictures")})
	webDone, err := serveLocalWeb(runCtx, *webAddr, core, chat, stdout, logger)
	if err != nil {
		return err
	}
	defer webDone()
	go core.Run(runCtx)
	err = chat.Run(runCtx)
	cancel()
	core.Close()
	<-upkeepDone
	if derr := damage.Err(); derr != nil {
		return derr
	}
	return err
}

func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
