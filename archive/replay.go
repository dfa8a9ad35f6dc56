package archive

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

// Ask is a reader's request for a step of a replay.
type Ask struct {
	Table uint64
	Step  uint64
	Mine  bool // with the reader's own hand, in private
	// Pressed is a button's request: a step past the end is no longer
	// brought back to the end, the button is refused.
	Pressed bool
	Chat    string // where the reader asks
	User    string
	Lang    i18n.Lang // the reader's
}

// ReplayCommand answers /replay [table] [move] [me] typed by user in chat
// (private: the private chat with the bot).
func (a *Archive) ReplayCommand(args []string, chat, user string, private bool, lang i18n.Lang) Page {
	q := Ask{Mine: private, Chat: chat, User: user, Lang: lang}
	var nums []uint64
	for _, s := range args {
		switch strings.ToLower(s) {
		case "me", "mine", "moi", "prive", "privé", "private":
			q.Mine = true
			continue
		}
		n, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 10, 64)
		if err != nil || len(nums) == 2 {
			return refusal("bot.replay_usage")
		}
		nums = append(nums, n)
	}
	if len(nums) == 2 {
		q.Step = nums[1]
	}
	switch {
	case len(nums) > 0:
		q.Table = nums[0]
	case private:
		return refusal("bot.replay_usage")
	default:
		g, ok := a.Last(chat)
		if !ok {
			return refusal("bot.replay_none_here")
		}
		return a.replay(q, g, true)
	}
	return a.Replay(q)
}

// Replay checks that the reader may see the replay of table q.Table, and
// draws its step.
func (a *Archive) Replay(q Ask) Page {
	g, ok := a.open(q.Table)
	return a.replay(q, g, ok)
}

// replay is Replay of the game g, read (ok) or not.
func (a *Archive) replay(q Ask, g Game, ok bool) Page {
	if !ok || !g.Began() || g.Engine == nil {
		return refusal("bot.replay_unknown")
	}
	seat := -1
	if q.Mine {
		if seat = slices.IndexFunc(g.Seats, func(s Seat) bool { return s.User == q.User }); seat < 0 {
			return refusal("bot.replay_not_player", g.ID)
		}
	} else if g.Chat != q.Chat {
		return refusal("bot.replay_elsewhere", g.ID)
	}
	moves, err := a.st.Moves(g.ID)
	if err != nil {
		a.log.Error("moves not read", "table", g.ID, "err", err)
		return refusal("bot.read_failed")
	}
	if uint64(len(moves)) > g.Moves {
		moves = moves[:g.Moves] // a move saved since the table was read
	}
	step := q.Step
	if total := uint64(len(moves)); step > total {
		if q.Pressed {
			return refusal("bot.bad_button")
		}
		step = total
	}
	st, err := Step(g, moves, int(step))
	if err != nil {
		a.log.Warn("replay refused", "table", g.ID, "game", g.Engine.Name(), "err", err)
		return refusal("bot.replay_unavailable", g.ID)
	}
	p := Page{Names: g.Names(), Lang: g.Lang, Chat: g.Chat, Private: q.Mine}
	if q.Mine {
		p.Lang = q.Lang
	}
	a.replayPage(&p, g, st, moves, step, seat)
	return p
}

// Position is one position of a replay: the game after the step's move
// and, for a move, the game before it and what the move told.
type Position struct {
	After, Before games.Game // Before is nil for the deal
	Events        []games.Event
}

// Step plays the game's log from its seed up to move k, and on to the
// last move to check that the replay ends where the game is.
func Step(g Game, moves []store.Move, k int) (Position, error) {
	e := g.Engine
	gm, err := e.New(g.Options, len(g.Seats), g.Seed)
	if err != nil {
		return Position{}, err
	}
	var st Position
	if k == 0 {
		if st.After, err = copyGame(e, gm); err != nil {
			return Position{}, err
		}
	}
	for i, mv := range moves {
		if i == k-1 {
			if st.Before, err = copyGame(e, gm); err != nil {
				return Position{}, err
			}
		}
		evs, err := gm.Apply(mv.Seat, mv.Text)
		if err != nil {
			return Position{}, fmt.Errorf("move %d (%q by seat %d): %w", i+1, mv.Text, mv.Seat, err)
		}
		if i == k-1 {
			st.Events = evs
			if st.After, err = copyGame(e, gm); err != nil {
				return Position{}, err
			}
		}
	}
	end, err := gm.Save()
	if err != nil {
		return Position{}, err
	}
	if !bytes.Equal(end, g.State) {
		return Position{}, fmt.Errorf("the log of %d moves does not lead to the saved position", len(moves))
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

// replayPage draws step k on p: seat is the reader's own seat in a
// private replay, -1 in a public one.
func (a *Archive) replayPage(p *Page, g Game, st Position, moves []store.Move, k uint64, seat int) {
	total := uint64(len(moves))
	game := i18n.T(g.Engine.Name() + ".title")
	if k == 0 {
		p.Title = i18n.T("bot.replay_title_deal", game, g.ID, total)
	} else {
		p.Title = i18n.T("bot.replay_title", game, g.ID, k, total)
	}
	v := st.After.Public()
	p.Mono = v.Board
	var out []i18n.Msg
	if k > 0 {
		mv := moves[k-1]
		out = append(out, i18n.T("bot.replay_move", k, i18n.Seat(mv.Seat)))
		for _, e := range st.Events {
			if e.To == games.Everyone || (seat >= 0 && e.To == seat) {
				out = append(out, e.Msg)
			}
		}
		if seat >= 0 && mv.Seat == seat {
			out = append(out, i18n.T("bot.replay_you_played", mv.Text))
		}
		played := scoreChange(st.Before, st.After)
		if len(played) > 0 {
			out = append(out, i18n.T("bot.replay_scored", gains(g, played)))
		}
		if g.Over() {
			out = append(out, a.strongerMove(g, st, mv, played)...)
		}
		out = append(out, i18n.Raw(""))
	}
	told := 0 // the deal: no move's events, the recap tells the setup
	if k > 0 {
		told = 1 // the move's events are above: its recap is not repeated
	}
	public := v.Untold(told)
	out = append(out, public...)
	if seat >= 0 {
		// What the seat saw besides the public view: a game without
		// hidden hands (Mots de Tête) shows its board there again.
		pv := st.After.Private(seat)
		if len(pv.Board) > 0 && !slices.Equal(pv.Board, v.Board) {
			p.Mono = append(append(slices.Clip(p.Mono), ""), pv.Board...)
		}
		// Compared as read: a line of the hand already said publicly is
		// not said twice.
		r := p.Renderer(p.Lang)
		shown := r.Texts(public)
		own := slices.DeleteFunc(slices.Clone(pv.Lines), func(m i18n.Msg) bool { return slices.Contains(shown, r.Text(m)) })
		out = append(append(out, i18n.Raw(""), i18n.T("bot.replay_your_hand")), own...)
	}
	p.Lines = lines(out...)
	// Text only, the board included: a press redraws the step, and a
	// picture would be drawn and uploaded again at every press (on
	// Telegram, a photo whose caption cannot hold the step's text is not
	// edited but sent again).
	p.Buttons = replayButtons(g.ID, k, total, seat >= 0)
}

// strongerMove is what the strong bot would have played in the mover's
// place and how it would have scored, where moves score (the move or the
// bot's changed a score); the bot plays on a copy of the position.
func (a *Archive) strongerMove(g Game, st Position, mv store.Move, played map[int]int) []i18n.Msg {
	best := st.Before.Bot(mv.Seat, games.Strong)
	if best == "" {
		return nil
	}
	gm, err := copyGame(g.Engine, st.Before)
	if err != nil {
		return nil
	}
	if _, err := gm.Apply(mv.Seat, best); err != nil {
		a.log.Warn("the strong bot's move refused in a replay", "table", g.ID, "move", best, "err", err)
		return nil
	}
	would := scoreChange(st.Before, gm)
	if len(played) == 0 && len(would) == 0 {
		return nil // a game whose moves do not score, or a move that does not
	}
	if best == mv.Text {
		return []i18n.Msg{i18n.T("bot.replay_best_same")}
	}
	if len(would) == 0 {
		return []i18n.Msg{i18n.T("bot.replay_best_nothing", best)}
	}
	return []i18n.Msg{i18n.T("bot.replay_best", best, gains(g, would))}
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

// gains is "alice +3, bob −2", in seat order.
func gains(g Game, d map[int]int) i18n.Msg {
	var parts []any
	for s := range g.Seats {
		if v, ok := d[s]; ok {
			sign := "+"
			if v < 0 {
				sign, v = "−", -v
			}
			parts = append(parts, i18n.T("archive.gain", i18n.Seat(s), sign, v))
		}
	}
	return commas(parts)
}

// replayButtons are ⏮ ◀ ▶ ⏭, those that lead somewhere.
func replayButtons(table, k, total uint64, mine bool) [][]Button {
	var row []Button
	add := func(key string, to uint64) {
		row = append(row, Button{Label: i18n.T(key), Table: table, Step: to, Mine: mine})
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

// Renderer renders the page for a reader of lang (the page's own
// language, when it has one), its seats named.
func (p Page) Renderer(lang i18n.Lang) i18n.Renderer {
	if p.Lang != "" {
		lang = p.Lang
	}
	r := i18n.Renderer{Lang: lang}
	if p.Names != nil {
		plain := r
		r.Name = func(seat int) string {
			if seat < 0 || seat >= len(p.Names) {
				return "?"
			}
			return plain.Text(p.Names[seat])
		}
	}
	return r
}
