package bot

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
)

// Replays: /replay N (/revoir N) shows table N's board after each of its
// moves, one message with ⏮ ◀ ▶ ⏭ buttons that edit it in place where the
// platform allows (/revoir N 40 opens it at move 40). Each step is worked
// out afresh from the store: the engine is deterministic, so a new game
// from the table's seed and options, given the logged moves, goes through
// every position the players saw; the replay is refused when the last
// position it reaches is not the one saved with the table (a game from
// before seeds were kept, say), rather than show a history that did not
// happen.
//
// What a replay shows, and to whom:
//   - In the table's chat, what the chat saw during the game: the public
//     board after the move, the move as it was announced, and how it
//     changed the scores. Never a hand, not even once the game is over:
//     a replay is often watched with people who were not at the table.
//   - Once the game is over, what the strong bot would have played
//     instead and how it would have scored, where moves score. It plays
//     from the mover's hand of the time; the game is over, so that gives
//     nothing away.
//   - In private (/replay N in the private chat with the bot, or
//     /replay N me anywhere), to a player who sat at the table, the same
//     and his own hand after each move, with his moves as he typed them.
// The buttons carry the table, the step and whether the view is private;
// a button of a private replay shows the presser's own hand, never the
// hand of whoever opened it.

func init() {
	commands.add(command{Name: "replay", French: "revoir", Rank: 131, Help: "bot.help.past",
		Params: []Param{{Name: "table"}, {Name: "step"}, {Name: "mine"}}, Run: plain((*Core).replay)})
}

// replay answers /replay [table] [move] [me].
func (c *Core) replay(cmd Command, rep replier) []Out {
	var nums []uint64
	mine := cmd.Private
	for _, a := range cmd.Args {
		switch strings.ToLower(a) {
		case "me", "mine", "moi", "prive", "privé", "private":
			mine = true
			continue
		}
		n, err := strconv.ParseUint(strings.TrimPrefix(a, "#"), 10, 64)
		if err != nil || len(nums) == 2 {
			return rep.refuse("bot.replay_usage")
		}
		nums = append(nums, n)
	}
	var t *Table
	switch {
	case len(nums) > 0:
		t = c.storedTable(nums[0])
	case cmd.Private:
		return rep.refuse("bot.replay_usage")
	default:
		if t = c.lastGame(cmd.Chat); t == nil {
			return rep.refuse("bot.replay_none_here")
		}
	}
	step := uint64(0)
	if len(nums) == 2 {
		step = nums[1]
	}
	return c.showReplay(cmd, t, step, mine, false, rep)
}

// pressReplay shows the step a replay's button names.
func (c *Core) pressReplay(cmd Command, p payload, rep replier) []Out {
	if p.Move != "" && p.Move != "me" {
		return rep.refuse("bot.bad_button")
	}
	return c.showReplay(cmd, c.storedTable(p.Table), p.Counter, p.Move == "me", true, rep)
}

// showReplay checks that the command's author may see the replay, and
// draws its step (pressed: in place of the message whose button it was).
func (c *Core) showReplay(cmd Command, t *Table, step uint64, mine, pressed bool, rep replier) []Out {
	if t == nil || !t.began() || t.engine == nil {
		return rep.refuse("bot.replay_unknown")
	}
	seat := -1
	if mine {
		if seat = slices.IndexFunc(t.Seats, func(s Seat) bool { return s.User == cmd.User.ID }); seat < 0 {
			return rep.refuse("bot.replay_not_player", t.ID)
		}
	} else if t.Chat != cmd.Chat {
		return rep.refuse("bot.replay_elsewhere", t.ID)
	}
	moves, err := c.st.Moves(t.ID)
	if err != nil {
		c.log.Error("moves not read", "table", t.ID, "err", err)
		return rep.refuse("bot.read_failed")
	}
	if uint64(len(moves)) > t.Moves {
		moves = moves[:t.Moves] // a move saved since the table was read
	}
	total := uint64(len(moves))
	if step > total {
		if pressed {
			return rep.refuse("bot.bad_button")
		}
		step = total
	}
	st, err := replayStep(t, moves, int(step))
	if err != nil {
		c.log.Warn("replay refused", "table", t.ID, "game", t.Game, "err", err)
		return rep.refuse("bot.replay_unavailable", t.ID)
	}
	lang := t.Settings.Lang
	if mine {
		lang = rep.lang
	}
	out := c.replayOut(t, st, moves, step, seat, renderer(t, lang))
	out.Private, out.Replace = mine, pressed
	return []Out{out}
}

// replayed is one position of a replay: the game after the step's move and,
// for a move, the game before it and what the move told.
type replayed struct {
	after, before games.Game // before is nil for the deal
	events        []games.Event
}

// replayStep plays the table's log from its seed up to move k, and on to
// the last move to check that the replay ends where the game is.
func replayStep(t *Table, moves []store.Move, k int) (replayed, error) {
	g, err := t.engine.New(t.Options, len(t.Seats), t.Seed)
	if err != nil {
		return replayed{}, err
	}
	var st replayed
	if k == 0 {
		if st.after, err = copyGame(t.engine, g); err != nil {
			return replayed{}, err
		}
	}
	for i, mv := range moves {
		if i == k-1 {
			if st.before, err = copyGame(t.engine, g); err != nil {
				return replayed{}, err
			}
		}
		evs, err := g.Apply(mv.Seat, mv.Text)
		if err != nil {
			return replayed{}, fmt.Errorf("move %d (%q by seat %d): %w", i+1, mv.Text, mv.Seat, err)
		}
		if i == k-1 {
			st.events = evs
			if st.after, err = copyGame(t.engine, g); err != nil {
				return replayed{}, err
			}
		}
	}
	end, err := g.Save()
	if err != nil {
		return replayed{}, err
	}
	if !bytes.Equal(end, t.State) {
		return replayed{}, fmt.Errorf("the log of %d moves does not lead to the saved position", len(moves))
	}
	return st, nil
}

// copyGame copies a game through its saved state: engines are pure, so
// the copy plays on without touching the original.
func copyGame(e games.Engine, g games.Game) (games.Game, error) {
	data, err := g.Save()
	if err != nil {
		return nil, err
	}
	return e.Load(data)
}

// replayOut draws a step for the reader of r: seat is the reader's own
// seat in a private replay, -1 in a public one.
func (c *Core) replayOut(t *Table, st replayed, moves []store.Move, k uint64, seat int, r i18n.Renderer) Out {
	total := uint64(len(moves))
	game := i18n.T(t.Game + ".title")
	out := Out{Dest: ToReply, Chat: t.Chat}
	if k == 0 {
		out.Title = r.Text(i18n.T("bot.replay_title_deal", game, t.ID, total))
	} else {
		out.Title = r.Text(i18n.T("bot.replay_title", game, t.ID, k, total))
	}
	v := st.after.Public()
	out.Mono = v.Board
	var lines []string
	if k > 0 {
		mv := moves[k-1]
		lines = append(lines, r.Text(i18n.T("bot.replay_move", k, r.Name(mv.Seat))))
		for _, e := range st.events {
			if e.To == games.Everyone || (seat >= 0 && e.To == seat) {
				lines = append(lines, r.Text(e.Msg))
			}
		}
		if seat >= 0 && mv.Seat == seat {
			lines = append(lines, r.Text(i18n.T("bot.replay_you_played", mv.Text)))
		}
		played := scoreChange(st.before, st.after)
		if len(played) > 0 {
			lines = append(lines, r.Text(i18n.T("bot.replay_scored", deltaText(t, played, r))))
		}
		if t.over() {
			lines = append(lines, c.strongerMove(t, st, mv, played, r)...)
		}
		lines = append(lines, "")
	}
	told := 0 // the deal: no move's events, the recap tells the setup
	if k > 0 {
		told = 1 // the move's events are above: its recap is not repeated
	}
	public := r.Texts(v.Untold(told))
	lines = append(lines, public...)
	if seat >= 0 {
		// What the seat saw besides the public view: a game without
		// hidden hands (Mots de Tête) shows its board there again.
		pv := st.after.Private(seat)
		if len(pv.Board) > 0 && !slices.Equal(pv.Board, v.Board) {
			out.Mono = append(append(slices.Clip(out.Mono), ""), pv.Board...)
		}
		own := slices.DeleteFunc(r.Texts(pv.Lines), func(l string) bool { return slices.Contains(public, l) })
		lines = append(append(lines, "", r.Text(i18n.T("bot.replay_your_hand"))), own...)
	}
	out.Text = strings.Join(lines, "\n")
	// Text only, the board included: a press redraws the step, and a
	// picture would be drawn and uploaded again at every press (on
	// Telegram, a photo whose caption cannot hold the step's text is not
	// edited but sent again).
	out.Buttons = replayButtons(t.ID, k, total, seat >= 0, r)
	return out
}

// strongerMove is what the strong bot would have played in the mover's
// place and how it would have scored, where moves score (the move or the
// bot's changed a score); the bot plays on a copy of the position.
func (c *Core) strongerMove(t *Table, st replayed, mv store.Move, played map[int]int, r i18n.Renderer) []string {
	best := st.before.Bot(mv.Seat, games.Strong)
	if best == "" {
		return nil
	}
	g, err := copyGame(t.engine, st.before)
	if err != nil {
		return nil
	}
	if _, err := g.Apply(mv.Seat, best); err != nil {
		c.log.Warn("the strong bot's move refused in a replay", "table", t.ID, "move", best, "err", err)
		return nil
	}
	would := scoreChange(st.before, g)
	if len(played) == 0 && len(would) == 0 {
		return nil // a game whose moves do not score, or a move that does not
	}
	if best == mv.Text {
		return []string{r.Text(i18n.T("bot.replay_best_same"))}
	}
	if len(would) == 0 {
		return []string{r.Text(i18n.T("bot.replay_best_nothing", best))}
	}
	return []string{r.Text(i18n.T("bot.replay_best", best, deltaText(t, would, r)))}
}

// scoreChange is how a move changed each seat's score (seats unchanged
// left out).
func scoreChange(before, after games.Game) map[int]int {
	if before == nil {
		return nil
	}
	b, a := before.Result().Scores, after.Result().Scores
	d := map[int]int{}
	for s := range a {
		if s < len(b) && a[s] != b[s] {
			d[s] = a[s] - b[s]
		}
	}
	return d
}

// deltaText is "alice +3, bob −2", in seat order.
func deltaText(t *Table, d map[int]int, r i18n.Renderer) string {
	var parts []string
	for s := range t.Seats {
		if v, ok := d[s]; ok {
			sign := "+"
			if v < 0 {
				sign, v = "−", -v
			}
			parts = append(parts, fmt.Sprintf("%s %s%d", r.Name(s), sign, v))
		}
	}
	return strings.Join(parts, ", ")
}

// replayButtons are ⏮ ◀ ▶ ⏭, those that lead somewhere.
func replayButtons(table, k, total uint64, mine bool, r i18n.Renderer) [][]Button {
	flag := ""
	if mine {
		flag = "me"
	}
	var row []Button
	add := func(key string, to uint64) {
		row = append(row, Button{Label: r.Text(i18n.T(key)), Data: payload{Kind: 'v', Table: table, Counter: to, Move: flag}.encode()})
	}
	if k > 0 {
		add("bot.btn_replay_first", 0)
		add("bot.btn_replay_back", k-1)
	}
	if k < total {
		add("bot.btn_replay_next", k+1)
		add("bot.btn_replay_last", total)
	}
	if row == nil {
		return nil
	}
	return [][]Button{row}
}
