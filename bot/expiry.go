package bot

import (
	"context"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// A lobby nobody starts would stay open forever, in memory and on disk:
// anyone can open one in every chat the bot is in. So a lobby that has not
// changed for Options.LobbyExpiry (default a week) is closed: its record is
// deleted from the store (it holds no move, nothing worth keeping) and the
// chat is told once. Every change to the lobby (a join, a bot, a setting)
// starts the wait again, so a table still being gathered stays. When it
// closes is the table's timing's (timing.lobbyCloses).

// DefaultLobbyExpiry is how long an unchanged lobby stays open.
const DefaultLobbyExpiry = 7 * 24 * time.Hour

// expireLobby closes the table's lobby if its time has come, and tells the
// chat with the lock released (the table is gone from the store: it has no
// outbox any more).
func (c *Core) expireLobby(ctx context.Context, t *Table, now time.Time) {
	if out, ok := c.closeExpiredLobby(t, now); ok {
		c.deliver(ctx, out)
	}
}

func (c *Core) closeExpiredLobby(t *Table, now time.Time) (Out, bool) {
	if t = c.lockTicked(t); t == nil {
		return Out{}, false
	}
	defer c.unlock(t)
	at, ok := c.timing(t).lobbyCloses()
	if !ok || now.Before(at) {
		return Out{}, false
	}
	if t.Phase == Rematching {
		// Its board says it closed; it is kept, as a lobby stopped by /quit is.
		c.expireRematch(t)
		return Out{}, false
	}
	if err := c.st.DeleteTable(t.ID); err != nil {
		c.log.Error("expired lobby not deleted", "table", t.ID, "chat", t.Chat, "err", err)
		c.retryLater(t)
		return Out{}, false
	}
	c.log.Info("lobby expired", "table", t.ID, "chat", t.Chat, "game", t.Game)
	t.Phase = Abandoned // for anyone still holding the table: it is gone
	c.forget(t)
	r := renderer(t, t.Settings.Lang)
	return Out{Dest: ToChat, Chat: t.Chat, Table: t.ID,
		Text: r.Text(i18n.T("bot.lobby_expired", games.TitleOf(t.Game), i18n.Duration(c.opts.LobbyExpiry), t.Game))}, true
}
