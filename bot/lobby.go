package bot

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// The commands of a table's lobby and life: open, sit, add bots, deal,
// stop, set.
func init() {
	commands.add(
		command{Name: "play", French: "jouer", Aliases: []string{"nouvelle", "new"}, Rank: 10, Moderated: true,
			Help: "bot.help.play", HelpArgs: func(c *Core) []any { return []any{c.gameNames()} },
			Params: []Param{{Name: "game", Required: true}, {Name: "options"}}, Run: (*Core).play},
		command{Name: "join", French: "rejoindre", Aliases: []string{"assoir", "asseoir"}, Rank: 20, Help: "bot.help.seats", Run: (*Core).join},
		command{Name: "leave", French: "partir", Aliases: []string{"quitter_place"}, Rank: 21, Help: "bot.help.seats", Run: (*Core).leave},
		command{Name: "addbot", French: "robot", Aliases: []string{"bot", "ajouter_robot"}, Rank: 30, Help: "bot.help.bots",
			Params: []Param{{Name: "count"}, {Name: "strength"}}, Run: (*Core).addBot},
		command{Name: "removebot", French: "retirer_robot", Rank: 31, Help: "bot.help.bots", Run: (*Core).removeBot},
		command{Name: "start", French: "commencer", Aliases: []string{"demarrer", "go"}, Rank: 40, Help: "bot.help.start", Run: (*Core).start},
		command{Name: "quit", French: "quitter", Aliases: []string{"abandon", "abandonner", "stop"}, Rank: 80, Moderated: true,
			Help: "bot.help.stop", Run: (*Core).quit},
		command{Name: "settings", French: "reglages", Aliases: []string{"options"}, Rank: 142, Moderated: true, Help: "bot.help.more",
			Params: []Param{{Name: "settings"}}, Run: (*Core).settings},
	)
}

// play opens a table in the chat: "/play crackword expert bots=2".
func (c *Core) play(ctx context.Context, cmd Command, rep replier) []Out {
	if len(cmd.Args) == 0 {
		return rep.refuse("bot.play_which", c.gameNames())
	}
	e, n, ok := games.LookupWords(cmd.Args)
	if !ok {
		return rep.refuse("bot.unknown_game", cmd.Args[0], c.gameNames())
	}
	opts, bots, lang, bad := parseTableOptions(e, cmd.Args[n:])
	if bad != "" {
		return rep.refuse("bot.unknown_option", bad, optionNames(e, rep.lang))
	}
	_, max := e.Seats()
	if bots >= max {
		return rep.refuse("bot.too_many_bots", max-1)
	}
	if old := c.chatTable(cmd.Chat); old != nil {
		return c.tableExists(cmd, old, rep)
	}
	return c.open(cmd.Chat, e, rep, func(id uint64, now time.Time) *Table {
		t := &Table{
			ID: id, Chat: cmd.Chat, Server: cmd.Server, Game: e.Name(), Options: opts, Creator: cmd.User.ID,
			Phase: Lobby, Secret: secret(), Created: now, engine: e,
			Settings: Settings{Lang: c.opts.Lang, Turn: c.opts.Turn, Reminder: c.opts.Reminder, OnExpiry: c.opts.OnExpiry},
			Seats:    []Seat{c.newSeat(cmd.User)},
		}
		if lang != "" {
			t.Settings.Lang = lang
		}
		for i := 0; i < bots; i++ {
			t.Seats = append(t.Seats, Seat{Bot: true, Name: botName(t)})
		}
		return t
	}, func(t *Table) []Out {
		return []Out{{Dest: ToReply, Ack: true, Table: t.ID, Text: rep.text("bot.opened", games.TitleOf(t.Game))}}
	})
}

// open writes a new table, built by build, in a chat that has none, and
// shows its lobby; then runs under the new table's lock, the table saved
// and in memory, and gives the answer. The chat is reserved while the
// table is written, so that two /play (or /rematch) at once cannot open
// two tables; the reservation is not a table: a /join racing it finds no
// table yet rather than a half-made one.
func (c *Core) open(chat string, e games.Engine, rep replier, build func(id uint64, now time.Time) *Table, then func(t *Table) []Out) []Out {
	if old := c.chatTable(chat); old != nil {
		return rep.refuse("bot.table_exists", games.TitleOf(old.Game), i18n.T("bot.exists_wait"))
	}
	c.mu.Lock()
	if old := c.byChat[chat]; old != nil {
		c.mu.Unlock()
		return rep.refuse("bot.table_exists", i18n.T(old.Game+".title"), i18n.T("bot.exists_wait"))
	}
	if c.opening[chat] {
		c.mu.Unlock()
		return rep.refuse("bot.table_exists", games.TitleOf(e.Name()), i18n.T("bot.exists_wait"))
	}
	c.opening[chat] = true
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.opening, chat)
		c.mu.Unlock()
	}()

	id, err := c.st.NewTableID()
	if err != nil {
		return rep.refuse("bot.save_failed")
	}
	t := build(id, c.clock.Now().UTC())
	// The save kicks the table's deliverer, which waits for the table's
	// lock: held until the core knows the table, since drawing its lobby
	// asks the core for it (a join link).
	t.mu.Lock()
	defer c.unlock(t)
	t.showBoard(nil)
	if err := c.save(t, nil); err != nil {
		return rep.refuse("bot.save_failed")
	}
	c.mu.Lock()
	c.addLocked(t)
	c.mu.Unlock()
	return then(t)
}

// parseTableOptions reads "expert", "expert=on", "variant=solo", "solo"
// (a value of one option), "bots=2" and "lang=en". bad names the first word
// it did not understand.
func parseTableOptions(e games.Engine, args []string) (opts games.Options, bots int, lang i18n.Lang, bad string) {
	opts = games.Options{}
	for _, a := range args {
		key, val, hasVal := strings.Cut(strings.ToLower(a), "=")
		switch {
		case key == "bots" || key == "robots":
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 {
				return nil, 0, "", a
			}
			bots = n
			continue
		case key == "lang" || key == "langue":
			l, ok := i18n.ParseLang(val)
			if !ok {
				return nil, 0, "", a
			}
			lang = l
			continue
		}
		if name, value, ok := matchOption(e, key, val, hasVal); ok {
			opts[name] = value
			continue
		}
		return nil, 0, "", a
	}
	return opts, bots, lang, ""
}

// matchOption resolves "expert" (an on/off option turned on), "expert=off"
// and a bare value such as "solo" of an option "variant", each name and
// value in any language ("assisté=oui", "variante=quarté"); accents and
// case never matter.
func matchOption(e games.Engine, key, val string, hasVal bool) (string, string, bool) {
	key, val = games.FoldWord(key), games.FoldWord(val)
	for _, o := range e.Options() {
		if o.Named(key) {
			if !hasVal {
				if slices.Contains(o.Values, "on") {
					return o.Name, "on", true
				}
				return "", "", false
			}
			if v, ok := normaliseYesNo(val); ok && slices.Contains(o.Values, v) {
				return o.Name, v, true
			}
			if v, ok := o.ParseValue(val); ok {
				return o.Name, v, true
			}
			return "", "", false
		}
	}
	if hasVal {
		return "", "", false
	}
	for _, o := range e.Options() {
		if v, ok := o.ParseValue(key); ok && v != "on" && v != "off" {
			return o.Name, v, true
		}
	}
	return "", "", false
}

func normaliseYesNo(v string) (string, bool) {
	switch v {
	case "on", "oui", "yes", "true", "1":
		return "on", true
	case "off", "non", "no", "false", "0":
		return "off", true
	}
	return "", false
}

// optionNames lists what /play accepts after the game's name, as the
// reader writes it.
func optionNames(e games.Engine, lang i18n.Lang) string {
	names := []string{i18n.Renderer{Lang: lang}.Text(i18n.T("bot.play_extras"))}
	for _, o := range e.Options() {
		names = append(names, o.Label(lang)+"="+o.ValuesLabel(lang))
	}
	return strings.Join(names, ", ")
}

func (c *Core) gameNames() string {
	var names []string
	for _, e := range games.All() {
		names = append(names, e.Name())
	}
	return strings.Join(names, ", ")
}

func secret() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return strconv.FormatUint(uint64(b[0])<<24|uint64(b[1])<<16|uint64(b[2])<<8|uint64(b[3]), 36)
}

// parseStrength reads a strength as players type it, in English or
// French; accents and case do not matter (the command is already folded to
// lowercase NFC).
func parseStrength(word string) (games.Strength, bool) {
	switch strings.ToLower(word) {
	case "easy", "facile", "débutant", "debutant":
		return games.Easy, true
	case "normal", "normale", "moyen":
		return games.Normal, true
	case "strong", "hard", "fort", "forte", "difficile", "expert":
		return games.Strong, true
	}
	return 0, false
}

func botName(t *Table) string {
	return fmt.Sprintf("🤖 Robot %d", t.bots()+1)
}

// JoinToken is what a join link carries (Telegram's ?start=): the table and
// its secret, so that a table cannot be joined by guessing its number.
func JoinToken(table uint64, secret string) string {
	return "j" + strconv.FormatUint(table, 36) + "_" + secret
}

func (c *Core) tableByToken(token string) *Table {
	rest, ok := strings.CutPrefix(token, "j")
	if !ok {
		return nil
	}
	idStr, sec, ok := strings.Cut(rest, "_")
	if !ok {
		return nil
	}
	id, err := strconv.ParseUint(idStr, 36, 64)
	if err != nil {
		return nil
	}
	t := c.table(id)
	if t == nil || t.Secret != sec {
		return nil
	}
	return t
}

// JoinLink returns the join token of a chat's open table, for adapters that
// build deep links.
func (c *Core) JoinLink(table uint64) string {
	t := c.table(table)
	if t == nil {
		return ""
	}
	return JoinToken(t.ID, t.Secret)
}

// join seats the user at the chat's table, or at the table of a join token
// sent in private.
func (c *Core) join(ctx context.Context, cmd Command, rep replier) []Out {
	var t *Table
	if len(cmd.Args) == 1 && strings.HasPrefix(cmd.Args[0], "j") {
		t = c.tableByToken(cmd.Args[0])
	}
	if t == nil && !cmd.Private {
		t = c.tableFor(cmd)
	}
	if t == nil {
		return rep.refuse("bot.no_table")
	}
	if refused := c.seat(t, cmd.User, rep, true); refused != nil {
		return refused
	}
	// A private hello tells at once whether the user's hand can reach him.
	// It is sent with the table's lock released, before the seat is taken,
	// so that it comes before the lobby it changes; a seat taken by
	// someone else in between leaves a hello for nothing, never a seat
	// without one.
	dmClosed := c.privateHello(ctx, t, cmd.User.ID) != nil
	if refused := c.seat(t, cmd.User, rep, false); refused != nil {
		return refused
	}
	outs := []Out{{Dest: ToReply, Ack: true, Table: t.ID, Text: rep.text("bot.joined", cmd.User.Name)}}
	if dmClosed {
		outs = append(outs, Out{Dest: ToReply, Table: t.ID, Text: rep.text("bot.dm_closed."+platformOf(cmd.User.ID), cmd.User.Name)})
	}
	return outs
}

// seat gives the user a seat in the table's lobby; a refusal otherwise.
// With check it only says whether it would.
func (c *Core) seat(t *Table, u User, rep replier, check bool) []Out {
	if t = c.lockLive(t); t == nil {
		return rep.refuse("bot.no_table")
	}
	defer c.unlock(t)
	if !t.Phase.undealt() {
		return rep.refuse("bot.already_started")
	}
	if t.seatOf(u.ID) >= 0 {
		return rep.refuse("bot.already_seated")
	}
	if t.Phase == Rematching {
		return rep.refuse("bot.rematch_seats")
	}
	if _, max := t.engine.Seats(); len(t.Seats) >= max {
		return rep.refuse("bot.table_full", max)
	}
	if check {
		return nil
	}
	snap := t.snapshot()
	t.Seats = append(t.Seats, c.newSeat(u))
	t.showBoard(nil)
	if !c.keep(t, snap) {
		return rep.refuse("bot.save_failed")
	}
	return nil
}

// privateHello confirms a seat in private; its error says the DM is closed.
func (c *Core) privateHello(ctx context.Context, t *Table, user string) error {
	lang := c.langOf(user)
	out := Out{Dest: ToUser, User: user, Table: t.ID,
		Text: renderer(t, lang).Text(i18n.T("bot.seated", games.TitleOf(t.Game), t.ID))}
	c.transMu.RLock()
	tr := c.transports[platformOf(user)]
	c.transMu.RUnlock()
	if tr == nil {
		return nil
	}
	err := tr.Deliver(ctx, out)
	c.updateUser(user, func(u *userRecord) { u.NoDM = err != nil })
	return err
}

// leave frees the user's seat. In a lobby the seat goes away; in a game a
// bot takes it over, so the others can finish.
func (c *Core) leave(ctx context.Context, cmd Command, rep replier) []Out {
	t, none := c.lockTable(cmd, rep)
	if t == nil {
		return none
	}
	defer c.unlock(t)
	if t.Phase == Rematching {
		return c.declineRematch(t, cmd.User, rep)
	}
	seat := t.seatOf(cmd.User.ID)
	if seat < 0 {
		return rep.refuse("bot.not_seated")
	}
	snap := t.snapshot()
	c.vacate(t, seat)
	if t.over() {
		t.say(i18n.T("bot.left", cmd.User.Name), i18n.T("bot.closed"))
	} else {
		t.say(i18n.T("bot.left", cmd.User.Name))
		t.showBoard(nil)
	}
	if !c.keep(t, snap) {
		return rep.refuse("bot.save_failed")
	}
	if t.over() {
		c.forget(t)
	} else if t.Phase == Playing {
		c.runBots(t)
	}
	return []Out{{Dest: ToReply, Ack: true, Text: rep.text("bot.you_left")}}
}

// addBot fills empty seats with bot players: "/addbot", "/addbot 2",
// "/addbot 2 strong", "/robot facile 3" (number and strength in any order).
func (c *Core) addBot(ctx context.Context, cmd Command, rep replier) []Out {
	t := c.tableFor(cmd)
	if t == nil {
		return rep.refuse("bot.no_table")
	}
	n, level := 1, games.Normal
	seenN, seenLevel := false, false
	for _, a := range cmd.Args {
		if v, err := strconv.Atoi(a); err == nil && !seenN {
			if v < 1 || v > 16 {
				return rep.refuse("bot.bad_number", a)
			}
			n, seenN = v, true
			continue
		}
		if l, ok := parseStrength(a); ok && !seenLevel {
			level, seenLevel = l, true
			continue
		}
		return rep.refuse("bot.bad_addbot", a)
	}
	if t = c.lockLive(t); t == nil {
		return rep.refuse("bot.no_table")
	}
	defer c.unlock(t)
	if !t.Phase.undealt() {
		return rep.refuse("bot.already_started")
	}
	if t.seatOf(cmd.User.ID) < 0 {
		return rep.refuse("bot.not_seated")
	}
	if t.Phase == Rematching {
		return rep.refuse("bot.rematch_seats")
	}
	_, max := t.engine.Seats()
	if len(t.Seats)+n > max {
		return rep.refuse("bot.table_full", max)
	}
	snap := t.snapshot()
	for i := 0; i < n; i++ {
		t.Seats = append(t.Seats, Seat{Bot: true, Name: botName(t), Level: level})
	}
	t.showBoard(nil)
	if !c.keep(t, snap) {
		return rep.refuse("bot.save_failed")
	}
	return []Out{{Dest: ToReply, Ack: true, Text: rep.text("bot.bots_added", n, i18n.T("bot.strength."+level.String()))}}
}

// removeBot takes the last bot player out of a lobby.
func (c *Core) removeBot(ctx context.Context, cmd Command, rep replier) []Out {
	t, none := c.lockTable(cmd, rep)
	if t == nil {
		return none
	}
	defer c.unlock(t)
	if !t.Phase.undealt() {
		return rep.refuse("bot.already_started")
	}
	if t.seatOf(cmd.User.ID) < 0 {
		return rep.refuse("bot.not_seated")
	}
	if t.Phase == Rematching {
		return rep.refuse("bot.rematch_seats")
	}
	last := -1
	for j := len(t.Seats) - 1; j >= 0; j-- {
		if t.Seats[j].Bot {
			last = j
			break
		}
	}
	if last < 0 {
		return rep.refuse("bot.no_bot")
	}
	snap := t.snapshot()
	t.Seats = slices.Delete(t.Seats, last, last+1)
	t.showBoard(nil)
	if !c.keep(t, snap) {
		return rep.refuse("bot.save_failed")
	}
	return []Out{{Dest: ToReply, Ack: true, Text: rep.text("bot.bot_removed")}}
}

// start deals the game. The creator starts; seat order is the order of
// arrival, and the engine decides who plays first by its own rules.
func (c *Core) start(ctx context.Context, cmd Command, rep replier) []Out {
	t, none := c.lockTable(cmd, rep)
	if t == nil {
		return none
	}
	defer c.unlock(t)
	if !t.Phase.undealt() {
		return rep.refuse("bot.already_started")
	}
	if t.Phase == Rematching {
		// A rematch starts when its last player says yes.
		return rep.refuse("bot.rematch_waiting", c.unconfirmedNames(t))
	}
	if t.Creator != cmd.User.ID {
		return rep.refuse("bot.creator_only", t.name(t.seatOf(t.Creator)))
	}
	min, _ := t.engine.Seats()
	if len(t.Seats) < min {
		return rep.refuse("bot.too_few", min, len(t.Seats))
	}
	snap := t.snapshot()
	if no := c.deal(t, rep); no != nil {
		return no
	}
	t.say(i18n.T("bot.started", i18n.T(t.Game+".title")))
	if !c.keep(t, snap) {
		return rep.refuse("bot.save_failed")
	}
	c.runBots(t)
	return []Out{{Dest: ToReply, Ack: true, Table: t.ID, Text: rep.text("bot.go")}}
}

// deal begins the game of a lobby whose seats are set: a new game from a
// new seed (kept with the table: a replay starts from it, archive.Step), the
// deadlines, and the board with every seat's hand to show, after the
// public events pre. It returns the refusal when the game cannot begin,
// having changed nothing; the caller holds the lock and saves.
func (c *Core) deal(t *Table, rep replier, pre ...games.Event) []Out {
	if closed := c.closedDMs(t); closed != "" {
		return rep.refuse("bot.dm_closed_start", closed)
	}
	seed := c.opts.Seeds()
	g, err := t.engine.New(t.Options, len(t.Seats), seed)
	if err != nil {
		// An engine that explains (solo with two players) is shown as it
		// says, in the player's language.
		var r *games.Refusal
		if errors.As(err, &r) {
			return rep.refusal(r.Msg, t)
		}
		c.log.Error("new game", "table", t.ID, "err", err)
		return rep.refuse("bot.cannot_start", err.Error())
	}
	state, err := g.Save()
	if err != nil {
		return rep.refuse("bot.save_failed")
	}
	t.game, t.State, t.Phase, t.Seed = g, state, Playing, seed
	t.noteActive(c.clock.Now())   // the wait for a first move starts (idle.go)
	c.startAway(t, c.clock.Now()) // before the deadlines: they count from a return
	c.rearm(t, -1)
	everyone := make([]int, len(t.Seats))
	for i := range everyone {
		everyone[i] = i
	}
	t.showBoard(pre, everyone...)
	return nil
}

// closedDMs names the seated users who cannot get their hand in private,
// when the platform has no other private way to show it.
func (c *Core) closedDMs(t *Table) string {
	var names []string
	for _, s := range t.Seats {
		if !s.human() {
			continue
		}
		c.transMu.RLock()
		tr := c.transports[platformOf(s.User)]
		c.transMu.RUnlock()
		if fb, ok := tr.(PrivateFallback); ok && fb.HasPrivateFallback() {
			continue
		}
		if c.user(s.User).NoDM {
			names = append(names, s.Name)
		}
	}
	return strings.Join(names, ", ")
}

// quit ends a table: at once for its creator and the chat's moderators,
// by a majority vote of the seated players otherwise.
func (c *Core) quit(ctx context.Context, cmd Command, rep replier) []Out {
	t, none := c.lockTable(cmd, rep)
	if t == nil {
		return none
	}
	defer c.unlock(t)
	if t.Phase == Rematching {
		if t.seatOf(cmd.User.ID) < 0 && cmd.moderates(t) {
			return c.closeRematchModerated(t, cmd.User, rep)
		}
		// Stopping a rematch nobody started is saying no to it.
		return c.declineRematch(t, cmd.User, rep)
	}
	seat := t.seatOf(cmd.User.ID)
	if seat < 0 && t.Creator != cmd.User.ID && !cmd.moderates(t) {
		return rep.refuse("bot.quit_not_seated")
	}
	snap := t.snapshot()
	r := renderer(t, t.Settings.Lang)
	var msg i18n.Msg
	if t.Creator == cmd.User.ID || t.Phase == Lobby && t.humans() <= 1 && seat >= 0 {
		c.abandon(t)
		msg = i18n.T("bot.quit_by", cmd.User.Name)
	} else if cmd.moderates(t) {
		// A moderator stops a game, or closes a lobby, at once.
		msg = i18n.T("bot.quit_by_moderator", cmd.User.Name)
		if t.Phase == Lobby {
			msg = i18n.T("bot.close_by_moderator", cmd.User.Name)
		}
		c.abandon(t)
	} else {
		if !slices.Contains(t.Votes, cmd.User.ID) {
			t.Votes = append(t.Votes, cmd.User.ID)
		}
		need := t.humans()/2 + 1
		if len(t.Votes) >= need {
			c.abandon(t)
			msg = i18n.T("bot.quit_voted", len(t.Votes), t.humans())
		} else {
			msg = i18n.T("bot.quit_vote", cmd.User.Name, len(t.Votes), need)
		}
	}
	t.say(msg).Scores = t.over()
	if !c.keep(t, snap) {
		return rep.refuse("bot.save_failed")
	}
	if t.over() {
		c.forget(t)
	}
	return []Out{{Dest: ToReply, Ack: true, Text: r.Text(msg)}}
}

// abandon ends a table early; its scores so far are kept for history.
func (c *Core) abandon(t *Table) {
	t.Phase = Abandoned
	t.Deadlines = nil
	t.Votes = nil
	t.Ended = c.clock.Now().UTC()
	if t.game != nil {
		t.Scores = t.game.Result().Scores
	}
}

// settings shows or changes a table's settings:
// "/settings turn=12h reminder=1h expiry=bot lang=en expert=on".
func (c *Core) settings(ctx context.Context, cmd Command, rep replier) []Out {
	// The user's own settings come first, and need no table.
	var mine []Out
	var rest []string
	for _, a := range joinKeyValues(cmd.Args) {
		key, val, _ := strings.Cut(strings.ToLower(a), "=")
		if isZoneKey(key) {
			_, typed, _ := strings.Cut(a, "=") // a zone's name keeps its capitals
			set := c.setZone(cmd.User.ID, typed, rep)
			if set[0].Refusal {
				return set
			}
			mine = append(mine, set...)
			continue
		}
		if key != "hand" && key != "main" {
			rest = append(rest, a)
			continue
		}
		switch val {
		case "dm", "mp", "private", "prive", "privé":
			c.updateUser(cmd.User.ID, func(u *userRecord) { u.Hand = "" })
			mine = append(mine, rep.say("bot.set_hand_dm")...)
		case "button", "bouton":
			c.updateUser(cmd.User.ID, func(u *userRecord) { u.Hand = HandButton })
			mine = append(mine, rep.say("bot.set_hand_button")...)
		default:
			return rep.refuse("bot.bad_hand", a)
		}
	}
	if len(mine) > 0 && len(rest) == 0 {
		return mine
	}
	cmd.Args = rest
	return append(mine, c.tableSettings(ctx, cmd, rep)...)
}

// tableSettings shows or changes the settings of the command's table.
func (c *Core) tableSettings(ctx context.Context, cmd Command, rep replier) []Out {
	t, none := c.lockTable(cmd, rep)
	if t == nil {
		return none
	}
	defer c.unlock(t)
	if len(cmd.Args) == 0 {
		return []Out{{Dest: ToReply, Table: t.ID, Text: c.settingsText(t, rep.lang)}}
	}
	// A moderator changes the settings of any table of his chat, and the
	// table is told; otherwise they are the creator's (or, once he left,
	// any player's).
	byModerator := cmd.moderates(t) && t.Creator != cmd.User.ID
	if !byModerator && t.Creator != cmd.User.ID && t.seatOf(cmd.User.ID) < 0 {
		return rep.refuse("bot.not_seated")
	}
	if !byModerator && t.Creator != cmd.User.ID && t.seatOf(t.Creator) >= 0 {
		return rep.refuse("bot.creator_only", t.name(t.seatOf(t.Creator)))
	}
	snap := t.snapshot()
	args := joinKeyValues(cmd.Args)
	for _, a := range args {
		key, val, ok := strings.Cut(strings.ToLower(a), "=")
		if !ok {
			key, val = strings.ToLower(a), ""
		}
		if msg := c.applySetting(t, key, val); msg != "" {
			t.restore(snap)
			return rep.refuse(msg, a)
		}
	}
	if t.Phase == Playing {
		// New time settings give every waiting seat a fresh deadline.
		t.Deadlines = nil
		c.rearm(t, -1)
	}
	if byModerator {
		t.say(i18n.T("bot.settings_by_moderator", cmd.User.Name, strings.Join(args, " ")))
	}
	if !c.keep(t, snap) {
		return rep.refuse("bot.save_failed")
	}
	if t.Phase == Playing {
		c.runBots(t) // away=bot: the bot plays for a player away
	}
	c.wakeUp()
	return []Out{{Dest: ToReply, Table: t.ID, Text: c.settingsText(t, rep.lang)}}
}

// joinKeyValues accepts "turn 12h" as well as "turn=12h".
func joinKeyValues(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.Contains(a, "=") && i+1 < len(args) && !strings.Contains(args[i+1], "=") && isSettingKey(a) {
			a += "=" + args[i+1]
			i++
		}
		out = append(out, a)
	}
	return out
}

func isSettingKey(s string) bool {
	switch strings.ToLower(s) {
	case "turn", "tour", "reminder", "rappel", "expiry", "expiration", "lang", "langue", "view", "vue", "affichage", "hints", "aides", "indices", "away", "absence":
		return true
	}
	return isZoneKey(strings.ToLower(s))
}

// isZoneKey names the user's time zone setting (/settings tz=Europe/Paris).
func isZoneKey(key string) bool {
	switch key {
	case "tz", "timezone", "zone", "fuseau", "fuseau_horaire":
		return true
	}
	return false
}

// applySetting changes one setting; it returns the refusal key, or "".
func (c *Core) applySetting(t *Table, key, val string) string {
	switch key {
	case "lang", "langue":
		l, ok := i18n.ParseLang(val)
		if !ok {
			return "bot.bad_setting"
		}
		t.Settings.Lang = l
	case "turn", "tour":
		d, ok := parseDuration(val)
		if !ok {
			return "bot.bad_setting"
		}
		if d > 0 && d < MinTurn {
			return "bot.turn_too_short"
		}
		t.Settings.Turn = d
	case "reminder", "rappel":
		d, ok := parseDuration(val)
		if !ok {
			return "bot.bad_setting"
		}
		t.Settings.Reminder = d
	case "view", "vue", "affichage":
		switch val {
		case "both", "les2", "tout":
			t.Settings.View = ViewBoth
		case "picture", "image", "png":
			t.Settings.View = ViewPicture
		case "text", "texte":
			t.Settings.View = ViewText
		default:
			return "bot.bad_setting"
		}
	case "hints", "aides", "indices":
		on, ok := normaliseYesNo(val)
		if !ok {
			return "bot.bad_setting"
		}
		t.Settings.Hints = on == "on"
	case "away", "absence":
		switch val {
		case "pause", "wait", "attendre", "attente":
			t.Settings.Away = AwayPause
		case "bot", "robot":
			t.Settings.Away = AwayBot
		default:
			return "bot.bad_setting"
		}
	case "expiry", "expiration":
		switch val {
		case "pass", "passe":
			t.Settings.OnExpiry = "pass"
		case "bot", "robot":
			t.Settings.OnExpiry = "bot"
		default:
			return "bot.bad_setting"
		}
	default:
		name, value, ok := matchOption(t.engine, key, val, val != "")
		if !ok {
			return "bot.bad_setting"
		}
		if !t.Phase.undealt() {
			return "bot.rules_locked"
		}
		if t.Options == nil {
			t.Options = games.Options{}
		}
		t.Options[name] = value
	}
	return ""
}

// MinTurn is the shortest turn time a table may have. Below it a game
// plays itself through timeouts before anyone can answer (turn=1ns did).
const MinTurn = time.Minute

// parseDuration reads "off", "0", "90s", "5min", "12h", "2d", "2j" and "1d12h".
func parseDuration(s string) (time.Duration, bool) {
	switch s {
	case "off", "non", "no", "0", "aucun", "none":
		return 0, true
	}
	var days time.Duration
	if i := strings.IndexAny(s, "dj"); i > 0 {
		n, err := strconv.Atoi(s[:i])
		if err != nil || n < 0 || n > 365 {
			return 0, false
		}
		days = time.Duration(n) * 24 * time.Hour
		s = s[i+1:]
		if s == "" {
			return days, true
		}
	}
	// People write minutes "5min" or "5mn"; Go reads "5m".
	s = strings.NewReplacer("min", "m", "mn", "m").Replace(s)
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || d > 365*24*time.Hour {
		return 0, false
	}
	return days + d, true
}
