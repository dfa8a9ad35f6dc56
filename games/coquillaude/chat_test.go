package coquillaude_test

import (
	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/games/coquillaude"
)

// The phrasing tests type moves through the chat's own parser.
func init() { coquillaude.ChatMove = bot.TypedMove }
