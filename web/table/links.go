package table

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/web/access"
)

// Links makes the addresses the chats give their players: a signed link
// to a table's page (Discord's link button, tablee local), the Mini App's
// page carrying one (Telegram's web_app button), and the t.me link of a
// Mini App the operator registered with @BotFather.
type Links struct {
	// Base is web.public_url: the https:// address the server is reached
	// at, without a trailing slash.
	Base   string
	Secret []byte
	// Life is how long a link opens its table at least (a day by default;
	// at most an hour more): the hand message that carries it is sent
	// again at each turn, with a new one.
	Life time.Duration
	// MiniApp is the registered Mini App's short address, "bot/app"
	// (telegram.mini_app), "" when none is.
	MiniApp string
	Now     func() time.Time
}

// DefaultLinkLife is Links.Life's default.
const DefaultLinkLife = 24 * time.Hour

// SpectatorLife is how long a board's spectator link opens its table at
// least (at most a day more): the board stays in the chat between games'
// moves for days, and it shows only what the chat already sees.
const SpectatorLife = 30 * 24 * time.Hour

func (l Links) sign(user string, table uint64) (string, bool) {
	if user == "" {
		return "", false
	}
	life := l.Life
	if life <= 0 {
		life = DefaultLinkLife
	}
	// The expiry is rounded up to the hour: a hand drawn again within the
	// hour carries the same link, so that the adapters see the same
	// message and edit nothing (a new token each time would be a change).
	return l.signed(access.Link{User: user, Table: table, Mode: access.Player}, life, time.Hour)
}

// signed signs link, expiring life from now rounded up to round.
func (l Links) signed(link access.Link, life, round time.Duration) (string, bool) {
	if l.Base == "" || len(l.Secret) < access.MinSecret || link.Table == 0 {
		return "", false
	}
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	link.Expires = now().Add(life).Truncate(round).Add(round)
	tok, err := access.Sign(l.Secret, link)
	return tok, err == nil
}

// Spectate is the address of the table's read-only page for anyone: a
// spectator link naming no user, which shows the board and no hand. The
// board message carries it; its expiry is rounded up to the day, so that
// a board edited again within the day carries the same link (no edit for
// the link alone), and a board sent anew later a fresh one. "" when the
// deployment serves no web table.
func (l Links) Spectate(table uint64) string {
	tok, ok := l.signed(access.Link{Table: table, Mode: access.Spectator}, SpectatorLife, 24*time.Hour)
	if !ok {
		return ""
	}
	return strings.TrimSuffix(l.Base, "/") + Link(tok)
}

// Page is the address of the table's page for a player: his signed link.
// "" when the deployment serves no web table (no web.public_url).
func (l Links) Page(user string, table uint64) string {
	tok, ok := l.sign(user, table)
	if !ok {
		return ""
	}
	return strings.TrimSuffix(l.Base, "/") + Link(tok)
}

// MiniAppPage is the address a web_app button opens: the Mini App's page,
// the player's signed link in its query (the page sends it with the init
// data, and the server checks that the user Telegram names is the link's).
func (l Links) MiniAppPage(user string, table uint64) string {
	tok, ok := l.sign(user, table)
	if !ok {
		return ""
	}
	return strings.TrimSuffix(l.Base, "/") + "/app?link=" + url.QueryEscape(tok)
}

// StartApp is the t.me link that opens the registered Mini App at a
// table (its start parameter is the table's number in base 36, as the
// server reads it), "" when no Mini App is registered. It names no user:
// Telegram says who opens it, a seated player plays, anyone else watches.
func (l Links) StartApp(table uint64) string {
	if l.MiniApp == "" || table == 0 {
		return ""
	}
	return "https://t.me/" + strings.Trim(l.MiniApp, "/") + "?startapp=" + strconv.FormatUint(table, 36)
}
