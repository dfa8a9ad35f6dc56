package motsdetete_test

import (
	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/games/motsdetete"
)

// The phrasing tests type moves through the chat's own parser.
func init() { motsdetete.ChatMove = bot.TypedMove }
