package discord

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablee/tablee/adapters/keeper"
	"github.com/tablee/tablee/bot"
)

// The board of a table and the hands of its players are kept in place by
// adapters/keeper; this file is Discord's side of it: how a board or a hand
// is sent, edited, stripped of its buttons and deleted, which of Discord's
// error codes mean that a message can no longer be edited, and the notes
// (their format is the one they always had).

// noteKey is the table note holding its board message.
const noteKey = "discord.board"

// handNotes prefixes the note of a player's hand: "discord.hand.<user>".
const handNotes = "discord.hand."

// boardExtra is what a board's note keeps besides where it is: whom it
// last notified (so that an edit that changes whose turn it is sends a
// ping, and one that does not stays quiet), and the server of its channel
// (for a link to it, link.go), "" when unknown.
type boardExtra struct {
	Notified string // sorted user ids, comma-separated
	Guild    string
}

type boardRef = keeper.Ref[boardExtra]

// boardCodec is the board note: "<channel> <message> <posted, Unix
// seconds> <notified> [<guild>]". The guild comes last, so that a note
// written before it existed reads as one without a known guild.
var boardCodec = keeper.Codec[boardExtra]{
	Format: func(r boardRef) string {
		s := r.Place + " " + r.ID + " " + strconv.FormatInt(r.Posted.Unix(), 10) + " " + r.Extra.Notified
		if r.Extra.Guild != "" {
			s += " " + r.Extra.Guild
		}
		return s
	},
	Parse: func(s string) (boardRef, bool) {
		f := strings.Split(s, " ")
		if len(f) < 3 || !isSnowflake(f[0]) || !isSnowflake(f[1]) {
			return boardRef{}, false
		}
		sec, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil {
			return boardRef{}, false
		}
		r := boardRef{Place: f[0], ID: f[1], Posted: time.Unix(sec, 0)}
		if len(f) > 3 {
			r.Extra.Notified = f[3]
		}
		if len(f) > 4 && isSnowflake(f[4]) {
			r.Extra.Guild = f[4]
		}
		return r, true
	},
}

type handRef = keeper.Ref[struct{}]

// handCodec is a hand's note: "<channel> <message> <turn it called for>".
var handCodec = keeper.Codec[struct{}]{
	Format: func(r handRef) string {
		return r.Place + " " + r.ID + " " + strconv.FormatUint(r.Turn, 10)
	},
	Parse: func(s string) (handRef, bool) {
		f := strings.Split(s, " ")
		if len(f) != 3 || !isSnowflake(f[0]) || !isSnowflake(f[1]) {
			return handRef{}, false
		}
		turn, err := strconv.ParseUint(f[2], 10, 64)
		return handRef{Place: f[0], ID: f[1], Turn: turn}, err == nil
	},
}

// boardOf is the board message of a table: remembered since it was
// posted, or read from the table's note. Deliver runs with no table lock
// held, so it may ask the core.
func (a *Adapter) boardOf(table uint64) (boardRef, bool) {
	return a.boards.Board(table, "")
}

// shown is a board or a hand on its way: what the core sent and how it is
// drawn.
type shown struct {
	o    bot.Out
	m    message
	user string // a hand's player (Discord id)
}

// boardSide is how Discord shows boards. An edit does not notify anyone:
// when the players the board waits for change, a short ping mentions them
// (and the previous ping is deleted).
type boardSide struct{ a *Adapter }

func (s boardSide) Send(ctx context.Context, ch string, b shown, prev *boardRef) (boardRef, error) {
	a, m := s.a, b.m
	who := strings.Join(m.Mentions.Users, ",")
	var was boardRef
	if prev != nil {
		was = *prev
		if m.Mentions != nil {
			// A board posted anew names everyone awaited but pings only
			// those who were not pinged for this turn yet.
			mentions := *m.Mentions
			mentions.Users = toPing(b.o, newlyAwaited(m.Mentions.Users, prev.Extra.Notified))
			m.Mentions = &mentions
		}
	}
	msg, err := a.send(ctx, ch, m)
	if err != nil {
		return boardRef{}, err
	}
	a.unping(ctx, b.o.Table) // the new board mentions them itself
	return boardRef{Place: ch, ID: msg.ID, Extra: boardExtra{Notified: who, Guild: a.guildOf(ch, was)}}, nil
}

func (s boardSide) Edit(ctx context.Context, at boardRef, b shown) (boardRef, error) {
	a, m := s.a, b.m
	if err := a.edit(ctx, messageID{Channel: at.Place, ID: at.ID}, m); err != nil {
		switch restCode(err) {
		case codeUnknownMessage, codeNotAuthor, codeThreadArchived, codeUnknownChannel:
			a.log.Info("board no longer editable: posting it anew", "table", b.o.Table, "err", err)
			return at, fmt.Errorf("%w: %w", keeper.ErrGone, err)
		}
		return at, err
	}
	// A board note written before guilds were kept learns its guild
	// (link.go).
	at.Extra.Guild = a.guildOf(at.Place, at)
	if who := strings.Join(m.Mentions.Users, ","); who != at.Extra.Notified {
		// One mention per player per turn: those newly awaited are
		// pinged; in a phase where everyone plays at once, each
		// submission shrinks the set and pings no one again.
		switch newly := toPing(b.o, newlyAwaited(m.Mentions.Users, at.Extra.Notified)); {
		case who == "":
			a.unping(ctx, b.o.Table)
		case len(newly) > 0:
			a.ping(ctx, at.Place, b.o.Table, newly)
		}
		at.Extra.Notified = who
	}
	return at, nil
}

func (s boardSide) Strip(ctx context.Context, at boardRef)  { s.a.strip(ctx, at.Place, at.ID) }
func (s boardSide) Delete(ctx context.Context, at boardRef) { s.a.remove(ctx, at.Place, at.ID) }

// deliverBoard edits the table's board message in place, or posts it anew
// (the keeper's Settings, Options.Boards) or when force is set (/board).
func (a *Adapter) deliverBoard(ctx context.Context, ch string, o bot.Out, force bool) error {
	defer a.lockTable(o.Table)()
	_, err := a.boards.Show(ctx, o.Table, ch, shown{o: o, m: a.withWatchLink(render(o), o)}, keeper.Show{Now: a.opts.Now(), Force: force})
	return err
}

// handSide is how Discord shows hands: by DM, every one of which notifies
// (and a DM per move is what makes players mute a bot, and what Discord's
// anti-spam watches).
type handSide struct{ a *Adapter }

func (s handSide) Send(ctx context.Context, _ string, h shown, _ *handRef) (handRef, error) {
	msg, err := s.a.sendDM(ctx, h.user, h.m)
	if err != nil {
		return handRef{}, err
	}
	return handRef{Place: msg.ChannelID, ID: msg.ID}, nil
}

func (s handSide) Edit(ctx context.Context, at handRef, h shown) (handRef, error) {
	err := s.a.edit(ctx, messageID{Channel: at.Place, ID: at.ID}, h.m)
	if c := restCode(err); err != nil && (c == codeUnknownMessage || c == codeUnknownChannel) {
		s.a.log.Info("hand no longer editable: sending it anew", "table", h.o.Table, "err", err)
		return at, fmt.Errorf("%w: %w", keeper.ErrGone, err)
	}
	return at, err
}

func (s handSide) Strip(ctx context.Context, at handRef)  { s.a.strip(ctx, at.Place, at.ID) }
func (s handSide) Delete(ctx context.Context, at handRef) { s.a.remove(ctx, at.Place, at.ID) }

// deliverHand keeps one hand message per player and table (the keeper's
// Hands).
func (a *Adapter) deliverHand(ctx context.Context, user string, o bot.Out) error {
	defer a.lockTable(o.Table)()
	_, err := a.hands.Show(ctx, o.Table, user, "", shown{o: o, m: a.withWebLink(render(o), o), user: user}, o)
	return err
}

// strip removes the buttons of an older message: it keeps its text, but
// only the newest one can be played from.
func (a *Adapter) strip(ctx context.Context, ch, id string) {
	none := []discordgo.MessageComponent{}
	if _, err := a.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: ch, Components: &none},
		discordgo.WithContext(ctx)); err != nil && restCode(err) != codeUnknownMessage {
		a.log.Debug("removing the buttons of an older message", "channel", ch, "err", err)
	}
}

// remove deletes a message; one already gone is fine.
func (a *Adapter) remove(ctx context.Context, ch, id string) {
	if err := a.s.ChannelMessageDelete(ch, id, discordgo.WithContext(ctx)); err != nil && restCode(err) != codeUnknownMessage {
		a.log.Debug("deleting a message", "channel", ch, "err", err)
	}
}
