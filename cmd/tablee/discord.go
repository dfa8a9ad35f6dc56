package main

import (
	"context"
	"log/slog"

	"github.com/tablee/tablee/adapters/discord"
	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/config"
)

// The Discord adapter in `tablee serve`, when discord.enabled is set.
func init() {
	platformAdapters["discord"] = func(cfg *config.Config) (platform, bool) {
		if !cfg.Discord.Enabled {
			return platform{}, false
		}
		d := cfg.Discord
		return platform{name: "discord", run: func(ctx context.Context, core *bot.Core, log *slog.Logger, up func(bool)) error {
			a, err := discord.New(discord.Options{
				Core: core, Token: d.Token.Reveal(), DevGuild: d.DevGuild,
				ShardID: d.ShardID, ShardCount: d.ShardCount, Logger: log, Connected: up,
				WebLink:   webLinks(cfg).Page,     // the web table's link button: none without one
				WatchLink: webLinks(cfg).Spectate, // the board's, for its spectators
			})
			if err != nil {
				return err
			}
			return a.Run(ctx)
		}}, true
	}
}
