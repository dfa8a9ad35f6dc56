package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
)

// maxBotMoves bounds how many bot moves follow one command, so that a game
// whose bots could play forever cannot hold a table's lock forever.
const maxBotMoves = 5000

// The commands of the game under way: the hand, the board, a move, a pass.
func init() {
	commands.add(
		command{Name: "hand", French: "main", Aliases: []string{"jeu"}, Rank: 50, Help: "bot.help.views", Run: (*Core).hand},
		command{Name: "board", French: "plateau", Aliases: []string{"table"}, Rank: 51, Help: "bot.help.views", Run: (*Core).board},
		command{Name: "move", French: "coup", Aliases: []string{"jouer_coup", "m"}, Rank: 60, Help: "bot.help.moves",
			Params: []Param{{Name: "move", Required: true}}, Run: (*Core).typedMove},
		command{Name: "pass", French: "passe", Aliases: []string{"passer"}, Rank: 61, Help: "bot.help.moves", Run: (*Core).typedMove},
	)
}

// typedMove plays /move and /pass: MoveOf makes the move of them.
func (c *Core) typedMove(ctx context.Context, cmd Command, rep replier) []Out {
	mv, _ := MoveOf(nil, cmd.Name, cmd.Args)
	return c.move(ctx, cmd, mv, rep)
}

// move plays a typed move of the command's author.
func (c *Core) move(ctx context.Context, cmd Command, move string, rep replier) []Out {
	t := c.tableFor(cmd)
	if t == nil {
		if cmd.Private {
			return rep.refuse("bot.which_table")
		}
		return rep.refuse("bot.no_table")
	}
	// On a shared store the copy's version is not read first (a round
	// trip a move): the move's save compares it, and a stale save drops
	// the copy, for the command to be played again on the table read again
	// (handleFresh). A move refused may have been refused by a copy
	// another process moved on from: the version is read then.
	if t = c.lockCopy(t, false); t == nil {
		return rep.refuse("bot.no_table")
	}
	defer c.unlock(t)
	outs := c.commandMove(ctx, t, cmd, move, rep)
	if refused(outs) && !t.evicted && c.behind(t) {
		c.movedElsewhere(t)
	}
	return outs
}

// commandMove is playerMove for the author of a command: the move's save
// records the command's platform event played (Core.save).
func (c *Core) commandMove(ctx context.Context, t *Table, cmd Command, move string, rep replier) []Out {
	t.event = cmd.Event
	defer func() { t.event = nil }()
	return c.playerMove(ctx, t, cmd.User, move, rep)
}

// playerMove checks the seat and turn, applies, saves, announces and lets
// the bots answer. The table's lock is held.
func (c *Core) playerMove(ctx context.Context, t *Table, u User, move string, rep replier) []Out {
	if t.Phase.undealt() {
		return rep.refuse("bot.not_started")
	}
	if t.over() {
		return rep.refuse("bot.game_over")
	}
	seat := t.seatOf(u.ID)
	if seat < 0 {
		return rep.refuse("bot.not_seated")
	}
	if strings.TrimSpace(move) == "" {
		if _, ok := t.waitFor(seat); !ok {
			return rep.refuse("bot.not_your_turn", c.waitingNames(t))
		}
		return rep.refuse("bot.empty_move")
	}
	// A seat the game does not wait for goes to the engine all the same:
	// the rules say why he may not play now (his answer is already noted,
	// the counter window is not his), or that he may (La Coquillaude's
	// proposal replaced before the round is resolved), where "not your
	// turn" would be false.
	// The move's save and those of the bots' replies that follow it at
	// once are chained into one durable write, and the answer waits for it
	// (settle): nothing is answered or shown before the moves are on disk.
	// A bot that thinks long (its last move took more than
	// Options.ChainBotThought to choose) gets the person's move written
	// first, so that a crash while it thinks does not lose it.
	t.chain = t.botThought < c.opts.ChainBotThought
	settled := false
	defer func() {
		t.chain = false
		if !settled {
			// A panic on the way: what was saved reaches the disk before
			// the table's lock is released, and its deliverer shows it.
			_ = c.settle(t)
		}
	}()
	if _, err := c.apply(t, seat, u.ID, move); err != nil {
		var r *games.Refusal
		if errors.As(err, &r) {
			return rep.refusal(r.Msg, t)
		}
		return rep.refuse("bot.save_failed")
	}
	c.runBots(t)
	t.chain, settled = false, true
	if c.settle(t) != nil {
		return rep.refuse("bot.save_failed")
	}
	return []Out{{Dest: ToReply, Ack: true, Table: t.ID, Text: rep.text("bot.move_ok")}}
}

// DefaultChainBotThought is Options.ChainBotThought's default: the bots of
// the five games mostly choose in microseconds to a fraction of a
// millisecond, where a move's fsync takes about 0.2 ms.
const DefaultChainBotThought = time.Millisecond

// apply is the way of one move: the engine validates and applies it, the
// table, the move and what the move shows (its events, before the ones of
// pre, and the board: the outbox) are saved in one transaction, and only
// then is the move accepted. A failed save puts the table back as it was.
func (c *Core) apply(t *Table, seat int, user, move string, pre ...games.Event) ([]games.Event, error) {
	snap := t.snapshot()
	before := t.game.Result().Scores
	events, err := t.game.Apply(seat, move)
	if err != nil {
		var r *games.Refusal
		if errors.As(err, &r) {
			c.obs.Refused(t.Game)
		}
		return nil, err
	}
	t.noteBest(seat, move, before, t.game.Result().Scores)
	t.showBoard(append(pre, events...))
	t.Outbox.Moves++ // its events are shown with the board
	state, err := t.game.Save()
	if err != nil {
		t.restore(snap)
		return nil, err
	}
	t.State = state
	t.Moves++
	t.Votes = nil
	if user != "" {
		t.noteActive(c.clock.Now()) // a person plays: the game is not idle (idle.go)
	}
	if res := t.game.Result(); res.Over {
		t.Phase = Finished
		t.Scores = res.Scores
		t.Deadlines = nil
		t.Ended = c.clock.Now().UTC()
	} else {
		c.rearm(t, seat)
	}
	mv := &store.Move{Seq: t.Moves, At: c.clock.Now().UTC(), Seat: seat, User: user, Text: move}
	if err := c.save(t, mv); err != nil {
		t.restore(snap)
		return nil, err
	}
	c.obs.Moved(t.Game, user == "" && t.botPlays(seat))
	if t.unshownSince.IsZero() {
		t.unshownSince = time.Now() // wall clock, as the delivery it measures
	}
	// A finished game is rated by its deliverer, with its last batch
	// (ratings.go): exactly once, across crashes too.
	return events, nil
}

// runBots lets bot players (and seats whose player left) move while the
// game waits for them. Each move queues what it shows; the table's
// deliverer makes one board of them all, and the hands of those who must
// act, once the lock is released.
func (c *Core) runBots(t *Table) {
	c.playBots(t)
	if t.over() {
		c.forget(t)
	}
	if t.evicted {
		c.replayBots(t)
	}
}

// replayBots plays the bot seats of a table whose copy was dropped because
// another process saved the table (a stale save, shared.go): at once, on
// the table read again, so that a conflict between processes delays the
// bot's reply by a read, not by the scheduler's pause. After freshTries
// conflicts in a row the scheduler plays them after its pause (retryLater).
// The caller holds the dropped copy's lock, which nobody else waits on
// while holding another table's.
func (c *Core) replayBots(t *Table) {
	for try := 1; try <= freshTries; try++ {
		fresh := c.lockLive(c.table(t.ID))
		if fresh == nil || !c.replayBotsOn(fresh, try == freshTries) {
			return // played, or finished or deleted by the other process
		}
	}
}

// replayBotsOn plays the bot seats of a locked copy read again, and
// unlocks it; true when its save was stale too. After the last try the
// scheduler's pause is asked for.
func (c *Core) replayBotsOn(t *Table, last bool) (stale bool) {
	defer c.unlock(t)
	c.playBots(t)
	if t.over() {
		c.forget(t)
	}
	if t.evicted && last {
		c.log.Error("bot move not played", "table", t.ID, "game", t.Game, "err", store.ErrStale)
		c.retryLater(t)
	}
	return t.evicted
}

// playBots plays the bot seats while the game waits for them; moved says
// whether any bot move was saved.
func (c *Core) playBots(t *Table) (moved bool) {
	for n := 0; t.Phase == Playing; n++ {
		seat := -1
		for _, w := range t.waiting() {
			if t.botPlays(w.Seat) {
				seat = w.Seat
				break
			}
		}
		if seat < 0 {
			c.timing(t).retried()
			break
		}
		if n == maxBotMoves {
			// Bots that would play forever are an engine's bug: the
			// scheduler gives them another go later, the lock is freed.
			c.log.Error("bots keep playing; pausing the table", "table", t.ID, "game", t.Game)
			c.retryLater(t)
			break
		}
		if !c.botStep(t, seat) {
			break
		}
		moved = true
	}
	return moved
}

// boardOut draws the public view (or the lobby) for the chat.
func (c *Core) boardOut(t *Table) Out { return c.boardOutTold(t, 0) }

// boardOutTold is boardOut shown with the events of the last moves (how
// many), just above it: the view's recap of those moves, which says the
// same, is left out.
func (c *Core) boardOutTold(t *Table, moves int) Out {
	r := renderer(t, t.Settings.Lang)
	out := Out{Dest: ToChat, Chat: t.Chat, Table: t.ID, Board: true, Turn: t.Turns}
	title := r.Text(i18n.T(t.Game + ".title"))
	out.Title = r.Text(i18n.T("bot.table_title", title, t.ID))
	if t.Rematch != nil && t.game == nil {
		// A rematch never dealt: waiting (Rematching), or closed.
		return c.rematchBoard(t, out, r)
	}
	if t.Phase == Lobby {
		min, max := t.engine.Seats()
		var lines []string
		for i, s := range t.Seats {
			lines = append(lines, fmt.Sprintf("%d. %s", i+1, s.withLevel(r.Lang)))
		}
		lines = append(lines, "", r.Text(i18n.T("bot.lobby_help", playersMsg(min, max))))
		if opts := c.optionsText(t, r); opts != "" {
			lines = append(lines, opts)
		}
		out.Text = strings.Join(lines, "\n")
		tr := r
		out.Buttons = [][]Button{{
			{Label: tr.Text(i18n.T("bot.btn_join")), Data: payload{Kind: 'j', Table: t.ID}.encode()},
			{Label: tr.Text(i18n.T("bot.btn_start")), Data: payload{Kind: 's', Table: t.ID}.encode()},
		}}
		return out
	}
	if t.game == nil {
		return out
	}
	v := t.game.Public()
	out.Mono = v.Board
	c.picture(t, &out, publicScene(t), r)
	lines := r.Texts(v.Untold(moves))
	if t.Phase == Playing {
		now := c.clock.Now()
		for _, w := range t.waiting() {
			if s := t.Seats[w.Seat]; !t.botPlays(w.Seat) {
				out.Mentions = append(out.Mentions, Mention{User: s.User, Name: s.Name, ByDM: c.user(s.User).handsByDM(),
					Quiet: t.quietNow(w.Seat, now)})
			}
			if d, ok := t.deadline(w.Seat); ok {
				lines = append(lines, r.Text(i18n.T("bot.deadline", t.name(w.Seat), i18n.Deadline(c.timing(t).expiresAt(d, now), now))))
			}
		}
		if h, ok := t.game.(games.Handless); !ok || !h.Handless() {
			out.Buttons = [][]Button{{
				{Label: r.Text(i18n.T("bot.btn_hand")), Data: payload{Kind: 'h', Table: t.ID, Counter: t.Moves}.encode()},
			}}
		}
	} else if t.over() {
		out.Buttons = rematchButton(t, r)
	}
	out.Text = strings.Join(lines, "\n")
	return out
}

func (c *Core) scoreLine(t *Table, r i18n.Renderer) string {
	if t.game == nil {
		return ""
	}
	res := t.game.Result()
	var parts []string
	for s, v := range res.Scores {
		parts = append(parts, fmt.Sprintf("%s %d", t.name(s), v))
	}
	// The winners are not named here: the engine's view of a finished game
	// names them, and the board that carries this line shows that view.
	return r.Text(i18n.T("bot.scores", strings.Join(parts, " · ")))
}

// privateOut draws one seat's private view with its buttons.
func (c *Core) privateOut(t *Table, seat int, lang i18n.Lang) Out {
	r := renderer(t, lang)
	v := t.game.Private(seat)
	out := Out{Dest: ToUser, User: t.Seats[seat].User, Table: t.ID, Mono: v.Board, Hand: true, Turn: t.Seats[seat].Since}
	game := r.Text(i18n.T(t.Game + ".title"))
	out.Title = r.Text(i18n.T("bot.hand_title", game, t.ID))
	lines := r.Texts(v.Lines)
	out.Text = strings.Join(lines, "\n")
	if _, ok := t.waitFor(seat); ok {
		// The move number tells one call to play from the next, even with
		// the same cards in hand.
		out.MustAct = true
		// A call to play in the player's quiet hours comes silently: the
		// reminders wait for the end of them (deadline.go), the hand that
		// shows the turn need not wake him.
		out.Silent = t.quietNow(seat, c.clock.Now())
		out.Title = r.Text(i18n.T("bot.hand_title_turn", game, t.Moves+1, t.ID))
		out.Buttons = c.buttons(t, t.game.Choices(seat, ""), r)
	}
	c.picture(t, &out, privateScene(t, seat), r)
	return out
}

// buttons turns an engine's choices into buttons, grouped by row. A choice
// whose payload would not fit a platform's limit is left out (it can still
// be typed) rather than cut.
func (c *Core) buttons(t *Table, choices []games.Choice, r i18n.Renderer) [][]Button {
	var rows [][]Button
	rowOf := map[int]int{}
	for _, ch := range choices {
		kind := byte('c')
		switch {
		case !ch.Ask.IsZero() && ch.AskWords:
			kind = 'w'
		case !ch.Ask.IsZero():
			kind = 'a'
		case ch.Final:
			kind = 'm'
		}
		data := payload{Kind: kind, Table: t.ID, Counter: t.Moves, Move: ch.Move}.encode()
		if len(data) > maxPayload {
			c.log.Warn("choice too long for a button", "game", t.Game, "move", ch.Move)
			continue
		}
		b := Button{Label: r.Text(ch.Label), Data: data}
		if !ch.Ask.IsZero() {
			b.Ask = r.Text(ch.Ask)
		}
		i, ok := rowOf[ch.Row]
		if !ok {
			i = len(rows)
			rowOf[ch.Row] = i
			rows = append(rows, nil)
		}
		rows[i] = append(rows[i], b)
	}
	return rows
}

func (c *Core) waitingNames(t *Table) string {
	var names []string
	for _, w := range t.waiting() {
		names = append(names, t.name(w.Seat))
	}
	return strings.Join(names, ", ")
}

// CheckPress tells, before an adapter asks its user for the text a button
// wants (AsksText: a modal, a forced reply), whether the press would be
// refused anyway: a forged or stale button, a player not seated or not
// awaited. It returns the refusal to show instead, nil when the press may
// go on. Nothing is played.
func (c *Core) CheckPress(cmd Command) []Out {
	rep := replier{lang: c.userLang(cmd.User)}
	p, err := decodePayload(cmd.Payload)
	if err != nil {
		return rep.refuse("bot.bad_button")
	}
	t := c.lockLive(c.table(p.Table))
	if t == nil {
		return rep.refuse("bot.stale_button")
	}
	defer c.unlock(t)
	if t.Phase != Playing {
		return rep.refuse("bot.stale_button")
	}
	return c.moveRefusal(t, p, t.seatOf(cmd.User.ID), rep)
}

// moveRefusal is the refusal of a move button pressed by seat, nil when
// the button is current and the seat is awaited. The caller holds the
// table's lock.
func (c *Core) moveRefusal(t *Table, p payload, seat int, rep replier) []Out {
	switch {
	case p.Counter != t.Moves:
		return rep.refuse("bot.stale_button")
	case seat < 0:
		return rep.refuse("bot.not_your_button")
	}
	if _, ok := t.waitFor(seat); !ok {
		return rep.refuse("bot.not_your_turn", c.waitingNames(t))
	}
	return nil
}

// press runs a button: it checks the table, the move counter and the
// presser's seat before anything else, so stale, forged or borrowed
// buttons change nothing.
func (c *Core) press(ctx context.Context, cmd Command, rep replier) []Out {
	p, err := decodePayload(cmd.Payload)
	if err != nil {
		return rep.refuse("bot.bad_button")
	}
	// These two are about games that may have ended: read from the store.
	switch p.Kind {
	case 'r':
		return c.pressRematch(ctx, cmd, p, rep)
	case 'v':
		return c.pressReplay(cmd, p, rep)
	case 'd':
		return c.pressChallenge(cmd, p, rep)
	}
	t := c.table(p.Table)
	if t == nil {
		return rep.refuse("bot.stale_button")
	}
	switch p.Kind {
	case 'j':
		return c.join(ctx, Command{Chat: t.Chat, User: cmd.User, Name: "join", Args: []string{JoinToken(t.ID, t.Secret)}}, rep)
	case 's':
		return c.start(ctx, Command{Chat: t.Chat, User: cmd.User, Name: "start"}, rep)
	}
	if t = c.lockLive(t); t == nil {
		return rep.refuse("bot.stale_button")
	}
	defer c.unlock(t)
	if t.Phase != Playing {
		return rep.refuse("bot.stale_button")
	}
	seat := t.seatOf(cmd.User.ID)
	if p.Kind == 'h' {
		if seat < 0 {
			return rep.refuse("bot.not_seated")
		}
		out := c.privateOut(t, seat, rep.lang)
		out.Dest, out.Private = ToReply, true
		return []Out{out}
	}
	if no := c.moveRefusal(t, p, seat, rep); no != nil {
		return no
	}
	switch p.Kind {
	case 'c':
		r := renderer(t, rep.lang)
		bs := c.buttons(t, t.game.Choices(seat, p.Move), r)
		if len(bs) == 0 {
			return rep.refuse("bot.stale_button")
		}
		return []Out{{Dest: ToReply, Private: true, Replace: true, Table: t.ID, Text: r.Text(i18n.T("bot.choose", p.Move)), Buttons: bs}}
	case 'a':
		text := strings.TrimSpace(cmd.Text)
		if text == "" || strings.ContainsAny(text, " \t") {
			return rep.refuse("bot.need_word")
		}
		return c.commandMove(ctx, t, cmd, p.Move+" "+text, rep)
	case 'w':
		// Several words: the rest of a move, on one line.
		text := strings.Join(strings.Fields(cmd.Text), " ")
		if text == "" {
			return rep.refuse("bot.need_text")
		}
		return c.commandMove(ctx, t, cmd, p.Move+" "+text, rep)
	default:
		return c.commandMove(ctx, t, cmd, p.Move, rep)
	}
}

// board re-posts the chat's board.
func (c *Core) board(ctx context.Context, cmd Command, rep replier) []Out {
	t, none := c.lockTable(cmd, rep)
	if t == nil {
		if last := c.lastTable(cmd); last != nil {
			return []Out{c.finalBoard(last, rep)}
		}
		return none
	}
	defer c.unlock(t)
	out := c.boardOut(t)
	out.Dest = ToReply
	return []Out{out}
}

// lastTable reads the chat's most recent game from the store, when no
// table is open: finished games stay readable, and "who won?" is the first
// thing asked after one.
func (c *Core) lastTable(cmd Command) *Table {
	if cmd.Private {
		return nil
	}
	t := c.lastGame(cmd.Chat)
	if t == nil || !t.over() || t.game == nil {
		return nil
	}
	return t
}

// finalBoard is the last board of a finished table, with its scores.
func (c *Core) finalBoard(t *Table, rep replier) Out {
	out := c.boardOut(t)
	// Its one button proposes a rematch.
	out.Dest, out.Board, out.Mentions = ToReply, false, nil
	r := renderer(t, t.Settings.Lang)
	if t.Phase == Abandoned {
		// The engine's lines would still say whose turn it was.
		out.Text = r.Text(i18n.T("bot.stopped"))
	}
	out.Text = r.Text(i18n.T("bot.last_game")) + "\n" + out.Text + "\n" + c.scoreLine(t, r)
	return out
}

// hand shows the author's private view, privately.
func (c *Core) hand(ctx context.Context, cmd Command, rep replier) []Out {
	t, none := c.lockTable(cmd, rep)
	if t == nil {
		return none
	}
	defer c.unlock(t)
	if t.Phase != Playing {
		return rep.refuse("bot.not_started")
	}
	seat := t.seatOf(cmd.User.ID)
	if seat < 0 {
		return rep.refuse("bot.not_seated")
	}
	// Asked in a group, the hand is still a private reply: adapters show it
	// to its owner alone (ephemeral, or in the private chat).
	out := c.privateOut(t, seat, rep.lang)
	out.Dest, out.Private = ToReply, true
	return []Out{out}
}

// Hint is the move a Normal bot player would make for a user's seat at a
// chat's table, when the game waits for him: the terminal's /auto and
// /hint. Normal plays words a person knows, so a hint is one he can learn
// from rather than a dictionary oddity.
func (c *Core) Hint(chat, user string) (string, bool) {
	t := c.lockLive(c.tableFor(Command{Chat: chat}))
	if t == nil {
		return "", false
	}
	defer c.unlock(t)
	seat := t.seatOf(user)
	if seat < 0 {
		return "", false
	}
	if _, ok := t.waitFor(seat); !ok {
		return "", false
	}
	return t.game.Bot(seat, games.Normal), true
}

// Counter is the move counter of a chat's open table (0 without one).
func (c *Core) Counter(chat string) uint64 {
	t := c.lockLive(c.tableFor(Command{Chat: chat}))
	if t == nil {
		return 0
	}
	defer c.unlock(t)
	return t.Moves
}
