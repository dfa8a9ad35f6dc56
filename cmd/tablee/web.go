package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/config"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/web/table"
)

// serveWeb starts the web table of `tablee serve` when web.listen is set;
// wait waits for its end, once ctx ended.
func serveWeb(ctx context.Context, cfg *config.Config, core *bot.Core, log *slog.Logger) (wait func(), err error) {
	if cfg.Web.Listen == "" {
		return func() {}, nil
	}
	opts := table.Options{Core: core, Secret: []byte(cfg.Web.LinkSecret.Reveal()), Logger: log}
	if cfg.Telegram.Enabled {
		// The Mini App's init data is signed with the bot's token.
		opts.BotToken = cfg.Telegram.Token.Reveal()
	}
	srv, err := table.New(opts)
	if err != nil {
		return nil, err
	}
	_, served, err := table.Serve(ctx, cfg.Web.Listen, srv, log)
	if err != nil {
		return nil, err
	}
	// The moves other processes of a shared store show reach the pages
	// served here (Core.ListenShown: nothing to do on another store).
	listened := make(chan struct{})
	go func() {
		defer close(listened)
		core.ListenShown(ctx)
	}()
	return func() { served(); <-listened }, nil
}

// webLinks makes the links the chats give their players to the web
// table: none (a zero Links, whose links are "") when this deployment
// serves no web table.
func webLinks(cfg *config.Config) table.Links {
	if cfg.Web.Listen == "" || cfg.Web.PublicURL == "" {
		return table.Links{}
	}
	return table.Links{Base: cfg.Web.PublicURL, Secret: []byte(cfg.Web.LinkSecret.Reveal()), MiniApp: cfg.Telegram.MiniApp}
}

// localLinkLife is how long a link `tablee local` prints opens its table.
const localLinkLife = 24 * time.Hour

// serveLocalWeb starts the web table of `tablee local` on addr, with a
// secret of this run (its links open nothing after it), and prints each
// player's link the first time his hand is shown at a table.
func serveLocalWeb(ctx context.Context, addr string, core *bot.Core, chat bot.Transport, out io.Writer, log *slog.Logger) (wait func(), err error) {
	if addr == "" {
		return func() {}, nil
	}
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return nil, err
	}
	srv, err := table.New(table.Options{Core: core, Secret: secret, Logger: log})
	if err != nil {
		return nil, err
	}
	bound, wait, err := table.Serve(ctx, addr, srv, log)
	if err != nil {
		return nil, err
	}
	base := "http://" + bound
	if host, port, err := net.SplitHostPort(bound); err == nil {
		if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
			base = "http://" + net.JoinHostPort("localhost", port) // every address: this machine's is one
		}
	}
	core.SetTransport("local", &linkPrinter{core: core, next: chat, out: out,
		links: table.Links{Base: base, Secret: secret, Life: localLinkLife}, told: map[string]bool{}})
	return wait, nil
}

// linkPrinter is the terminal's transport with one thing more: the first
// hand of a player at a table comes with his web table's link, and the
// first hand of a table with its spectators' read-only link, once.
type linkPrinter struct {
	core  *bot.Core
	next  bot.Transport
	out   io.Writer
	links table.Links

	mu   sync.Mutex
	told map[string]bool // "table user", and "table" for its spectators' link
}

// first tells whether key is told for the first time.
func (p *linkPrinter) first(key string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	was := p.told[key]
	p.told[key] = true
	return !was
}

func (p *linkPrinter) Deliver(ctx context.Context, o bot.Out) error {
	err := p.next.Deliver(ctx, o)
	if o.Hand && o.User != "" && o.Table != 0 {
		r := i18n.Renderer{Lang: p.core.Lang(o.User)}
		if u := p.links.Spectate(o.Table); u != "" && p.first(fmt.Sprint(o.Table)) {
			fmt.Fprintln(p.out, r.Text(i18n.T("web.local_watch", o.Table, u)))
		}
		if u := p.links.Page(o.User, o.Table); u != "" && p.first(fmt.Sprint(o.Table, " ", o.User)) {
			fmt.Fprintln(p.out, r.Text(i18n.T("web.local_link", strings.TrimPrefix(o.User, "local:"), u)))
		}
	}
	return err
}
