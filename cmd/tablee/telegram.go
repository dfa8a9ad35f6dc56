package main

import (
	"context"
	stdlog "log"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/adapters/telegram"
	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/config"
	"github.com/tablee/tablee/i18n"
)

// envBenchmarkTelegramLimits=off turns the adapter's rate limits off, for
// the end-to-end benchmark that runs this binary against a fake Bot API
// (Telegram's limits would measure Telegram rather than the bot). Not a
// setting: against Telegram the bot would be refused and throttled.
const envBenchmarkTelegramLimits = "TABLEE_BENCHMARK_TELEGRAM_LIMITS"

// The Telegram adapter, when telegram.enabled is set.
func init() {
	// The library's own lines go to the standard logger, which serve sends
	// through its redacting handler (it writes to stderr otherwise).
	_ = tgbotapi.SetLogger(stdlog.Default())
	platformAdapters["telegram"] = func(cfg *config.Config) (platform, bool) {
		tc := cfg.Telegram
		if !tc.Enabled {
			return platform{}, false
		}
		lang, _ := i18n.ParseLang(cfg.Language)
		links := webLinks(cfg) // the web table's buttons: none without one
		return platform{name: "telegram", run: func(ctx context.Context, core *bot.Core, log *slog.Logger, up func(bool)) error {
			var limits telegram.Limits // zero: Telegram's
			if os.Getenv(envBenchmarkTelegramLimits) == "off" {
				limits = telegram.BenchmarkLimits()
				log.Warn("telegram: the rate limits are off (" + envBenchmarkTelegramLimits + "=off): for benchmarks against a fake Bot API only")
			}
			a, err := telegram.New(telegram.Options{
				Core:        core,
				Token:       tc.Token.Reveal(),
				Mode:        tc.Mode,
				PollTimeout: time.Duration(tc.PollTimeout),
				Webhook: telegram.Webhook{
					Listen: tc.Webhook.Listen, Path: tc.Webhook.Path, URL: tc.Webhook.URL,
					SecretToken: tc.Webhook.SecretToken.Reveal(),
				},
				Lang:        lang,
				Logger:      log,
				APIEndpoint: strings.TrimRight(tc.APIEndpoint, "/") + "/bot%s/%s",
				FileIDs:     filepath.Join(cfg.DataDir, "telegram-file-ids.json"),
				Pending:     filepath.Join(cfg.DataDir, "telegram-pending.json"),
				Seen:        core.Seen(),
				Limits:      limits,
				WebApp:      links.MiniAppPage,
				StartApp:    links.StartApp,
				WatchLink:   links.Spectate,
			})
			if err != nil {
				return err
			}
			log.Info("telegram: connected", "bot", "@"+a.Username(), "mode", tc.Mode)
			// Connected once the Bot API answered getMe: Telegram keeps
			// the updates until they are fetched or posted, so a
			// request failing later is retried, not a lost connection.
			up(true)
			return a.Run(ctx)
		}}, true
	}
}
