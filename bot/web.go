package bot

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// The web table's side of the core: what a page shows one viewer of a
// table, in neutral data already rendered in his language, and his moves,
// which are Commands like any other. The page decides nothing: the core
// says what the viewer may see (his own private view, never another
// seat's) and the engines' Choices say what he may press.

// WebView is what the web table shows one viewer of a table at one moment.
type WebView struct {
	Table uint64    `json:"table"`
	Game  string    `json:"game"`
	Lang  i18n.Lang `json:"lang"`
	// Title is the table's title, as on the chat's board.
	Title string `json:"title"`
	Phase Phase  `json:"phase"`
	// Moves is the move counter the buttons carry: a page that shows an
	// older one is behind.
	Moves uint64 `json:"moves"`
	// Board is the public view: the scene when the game draws one, and the
	// monospace board every game has.
	Board *WebScene `json:"board,omitempty"`
	Mono  []string  `json:"mono,omitempty"`
	// Lines are the public view's sentences (scores, whose turn); Events
	// its recap of the last moves.
	Lines  []string  `json:"lines,omitempty"`
	Events []string  `json:"events,omitempty"`
	Seats  []WebSeat `json:"seats"`
	// Seat is the viewer's seat, -1 for a spectator.
	Seat int `json:"seat"`
	// Hand is the viewer's private view and buttons: nil for a spectator.
	Hand *WebHand `json:"hand,omitempty"`
}

// WebSeat is one seat as everyone sees it.
type WebSeat struct {
	Name  string `json:"name"`
	Score int    `json:"score"`
	Bot   bool   `json:"bot,omitempty"`
	// Turn says the game waits for this seat; Deadline is when its time
	// runs out, when it has a limit.
	Turn     bool      `json:"turn,omitempty"`
	Deadline time.Time `json:"deadline,omitzero"`
	// DeadlineText says the deadline in the viewer's words ("in 2 hours").
	DeadlineText string `json:"deadline_text,omitempty"`
}

// WebHand is a seated viewer's private view.
type WebHand struct {
	Title string    `json:"title"`
	Scene *WebScene `json:"scene,omitempty"`
	Mono  []string  `json:"mono,omitempty"`
	Lines []string  `json:"lines,omitempty"`
	// MustAct says the game waits for him; Buttons are then the first
	// step of his Choices, as the chat's buttons (Button.Data is a
	// payload for WebMove).
	MustAct bool       `json:"must_act,omitempty"`
	Buttons [][]Button `json:"buttons,omitempty"`
	// Asks are the moves of those buttons that ask for the rest of a move
	// in words (La Coquillaude's proposal, "mot"): a page that builds the
	// rest by touch (a cell, a direction, a word) offers it then only.
	Asks []string `json:"asks,omitempty"`
}

// WebScene is a games.Scene with its texts rendered.
type WebScene struct {
	Blocks  []WebBlock `json:"blocks"`
	Columns int        `json:"columns,omitempty"`
}

// WebBlock is a games.Block with its texts rendered.
type WebBlock struct {
	Label string      `json:"label,omitempty"`
	Rows  [][]WebTile `json:"rows,omitempty"`
	Note  string      `json:"note,omitempty"`
	// Grid: the rows are a board whose cells moves name, column letters
	// across (A…), row numbers down (1…).
	Grid  bool      `json:"grid,omitempty"`
	Wide  bool      `json:"wide,omitempty"`
	Lines []WebLine `json:"lines,omitempty"`
}

// WebLine is a line of text under a block.
type WebLine struct {
	Swatch *WebTile `json:"swatch,omitempty"`
	Text   string   `json:"text"`
	Bold   bool     `json:"bold,omitempty"`
}

// WebTile is a games.Tile, its colour, mark and icon named.
type WebTile struct {
	Text      string `json:"text,omitempty"`
	Corner    string `json:"corner,omitempty"`
	Fill      string `json:"fill,omitempty"`
	Mark      string `json:"mark,omitempty"`
	Icon      string `json:"icon,omitempty"`
	Empty     bool   `json:"empty,omitempty"`
	Highlight bool   `json:"highlight,omitempty"`
	Lying     bool   `json:"lying,omitempty"`
	// Top and Bottom are the joins on the tile's edges (Escogriffe).
	Top    *WebJoin `json:"top,omitempty"`
	Bottom *WebJoin `json:"bottom,omitempty"`
}

// WebJoin is a games.Join named: a shape of a colour.
type WebJoin struct {
	Shape string `json:"shape"`
	Color string `json:"color"`
}

func webJoin(j *games.Join) *WebJoin {
	if j == nil {
		return nil
	}
	return &WebJoin{Shape: nameOf(shapeNames[:], j.Shape), Color: nameOf(colourNames[:], j.Color)}
}

// ErrNoWebTable is a table the web cannot show: unknown, or never dealt
// and gone.
var ErrNoWebTable = errors.New("bot: no such table")

// WebView is what the table shows user ("" or a user not seated: a
// spectator, who sees the board only), in his language; a viewer without
// a user reads the table's. A finished table shows its last board, read
// from the store.
func (c *Core) WebView(table uint64, user string) (WebView, error) {
	if t := c.lockLive(c.table(table)); t != nil {
		defer c.unlock(t)
		return c.webView(t, user), nil
	}
	if t := c.storedTable(table); t != nil {
		return c.webView(t, user), nil
	}
	return WebView{}, ErrNoWebTable
}

// webView builds the view; the caller holds the table's lock (or the only
// copy of a stored table).
func (c *Core) webView(t *Table, user string) WebView {
	lang := t.Settings.Lang
	if user != "" {
		lang = c.langOf(user)
	}
	r := renderer(t, lang)
	v := WebView{Table: t.ID, Game: t.Game, Lang: lang, Phase: t.Phase, Moves: t.Moves, Seat: -1,
		Title: r.Text(i18n.T("bot.table_title", r.Text(i18n.T(t.Game+".title")), t.ID))}
	if user != "" {
		v.Seat = t.seatOf(user)
	}
	var scores []int
	if t.game != nil {
		pub := t.game.Public()
		v.Mono = pub.Board
		v.Lines = r.Texts(pub.Lines)
		for _, rc := range pub.Recap {
			v.Events = append(v.Events, r.Text(rc.Msg))
		}
		if s, ok := publicScene(t)(); ok {
			v.Board = webScene(s, r)
		}
		scores = t.game.Result().Scores
	} else if t.Scores != nil {
		scores = t.Scores
	}
	now := c.clock.Now()
	for i, s := range t.Seats {
		ws := WebSeat{Name: t.nameIn(i, lang), Bot: s.Bot}
		if i < len(scores) {
			ws.Score = scores[i]
		}
		if t.Phase == Playing && t.game != nil {
			if _, ok := t.waitFor(i); ok {
				ws.Turn = true
				if d, ok := t.deadline(i); ok {
					ws.Deadline = c.timing(t).expiresAt(d, now).UTC()
					ws.DeadlineText = r.Text(i18n.Deadline(ws.Deadline, now))
				}
			}
		}
		v.Seats = append(v.Seats, ws)
	}
	if v.Seat >= 0 && t.Phase == Playing && t.game != nil {
		v.Hand = c.webHand(t, v.Seat, r)
	}
	return v
}

// webHand is one seat's private view: only ever asked for the viewer's own
// seat (webView).
func (c *Core) webHand(t *Table, seat int, r i18n.Renderer) *WebHand {
	pv := t.game.Private(seat)
	h := &WebHand{Title: r.Text(i18n.T("bot.hand_title", r.Text(i18n.T(t.Game+".title")), t.ID)),
		Mono: pv.Board, Lines: r.Texts(pv.Lines)}
	if s, ok := privateScene(t, seat)(); ok {
		h.Scene = webScene(s, r)
	}
	if _, ok := t.waitFor(seat); ok {
		h.MustAct = true
		choices := t.game.Choices(seat, "")
		h.Buttons = c.buttons(t, choices, r)
		for _, ch := range choices {
			if ch.AskWords {
				h.Asks = append(h.Asks, ch.Move)
			}
		}
	}
	return h
}

func webScene(s games.Scene, r i18n.Renderer) *WebScene {
	ws := &WebScene{Columns: s.Columns}
	for _, b := range s.Blocks {
		wb := WebBlock{Grid: b.Grid, Wide: b.Wide}
		if !b.Label.IsZero() {
			wb.Label = r.Text(b.Label)
		}
		if !b.Note.IsZero() {
			wb.Note = r.Text(b.Note)
		}
		for _, row := range b.Rows {
			wr := make([]WebTile, len(row))
			for i, tile := range row {
				wr[i] = webTile(tile)
			}
			wb.Rows = append(wb.Rows, wr)
		}
		for _, l := range b.Lines {
			wl := WebLine{Text: r.Text(l.Text), Bold: l.Bold}
			if l.Swatch != (games.Tile{}) {
				sw := webTile(l.Swatch)
				wl.Swatch = &sw
			}
			wb.Lines = append(wb.Lines, wl)
		}
		ws.Blocks = append(ws.Blocks, wb)
	}
	return ws
}

var (
	colourNames = [...]string{games.White: "white", games.Red: "red", games.Blue: "blue", games.Green: "green",
		games.Yellow: "yellow", games.Orange: "orange", games.Sky: "sky", games.Purple: "purple", games.Gray: "gray",
		games.Black: "black", games.Cream: "cream"}
	shapeNames = [...]string{games.Circle: "circle", games.Square: "square", games.Triangle: "triangle",
		games.Star: "star", games.Diamond: "diamond"}
	iconNames = [...]string{games.IconJoker: "joker", games.IconTrash: "trash", games.IconReplay: "replay",
		games.IconLock: "lock"}
)

func nameOf[T ~uint8](names []string, v T) string {
	if int(v) < len(names) {
		return names[v]
	}
	return ""
}

func webTile(t games.Tile) WebTile {
	return WebTile{Text: t.Text, Corner: t.Corner, Fill: nameOf(colourNames[:], t.Fill), Mark: nameOf(shapeNames[:], t.Mark),
		Icon: nameOf(iconNames[:], t.Icon), Empty: t.Empty, Highlight: t.Highlight, Lying: t.Lying,
		Top: webJoin(t.Top), Bottom: webJoin(t.Bottom)}
}

// WebMove plays what a page sent for user at a table, as the Command a
// chat would send: a button's payload (with the text it asked for), or a
// typed line ("/coup j4 bas test"). It goes through Handle, so it is
// checked, rate limited, saved, answered and shown as any other; the
// answers are for the page (a refusal, the next step of a choice).
func (c *Core) WebMove(ctx context.Context, table uint64, user, payload, text, typed string) []Out {
	cmd := Command{User: User{ID: user, Name: c.user(user).Name}, Payload: payload, Text: text}
	if t := c.lockLive(c.table(table)); t != nil {
		// The table's chat: a typed move names no table, the chat's is
		// the one it plays at, and the chat's rate limit counts it.
		cmd.Chat = t.Chat
		if s := t.seatOf(user); s >= 0 && cmd.User.Name == "" {
			cmd.User.Name = t.Seats[s].Name
		}
		c.unlock(t)
	} else {
		return replier{lang: c.langOf(user)}.refuse("bot.no_table")
	}
	if typed != "" {
		name, args, ok := ParseText(typed)
		if !ok || cmd.Payload != "" {
			return replier{lang: c.langOf(user)}.refuse("bot.bad_input")
		}
		cmd.Name, cmd.Args = name, args
	}
	return c.Handle(ctx, cmd)
}

// WebScore is what a move would score, asked by a page before it sends it
// (a word composed on the grid).
type WebScore struct {
	// Points are the points the move would score now; Known says the game
	// can say them before the move is played.
	Points int  `json:"points"`
	Known  bool `json:"known"`
	// Refusal is why the rules would refuse the move now, in the
	// viewer's words; "" when they take it.
	Refusal string `json:"refusal,omitempty"`
}

// WebPreview is what a typed move ("/coup j4 bas test") of user would
// score at a table, without playing it: the engine is asked on a copy of
// the game, loaded from its save, so that the table, its counter and its
// record never change; a game that scores the move only later (La
// Coquillaude's proposal) says it through games.Previewer. The rules stay
// with the engine: the page only shows what it answers.
func (c *Core) WebPreview(table uint64, user, typed string) (WebScore, error) {
	t := c.lockLive(c.table(table))
	if t == nil {
		return WebScore{}, ErrNoWebTable
	}
	defer c.unlock(t)
	lang := c.langOf(user)
	r := renderer(t, lang)
	refuse := func(m i18n.Msg) (WebScore, error) { return WebScore{Refusal: r.Text(m)}, nil }
	seat := t.seatOf(user)
	switch {
	case t.Phase != Playing || t.game == nil:
		return refuse(i18n.T("bot.game_over"))
	case seat < 0:
		return refuse(i18n.T("bot.not_seated"))
	}
	if _, ok := t.waitFor(seat); !ok {
		return refuse(i18n.T("bot.not_your_turn", c.waitingNames(t)))
	}
	name, args, ok := ParseText(typed)
	move, isMove := MoveOf(t.engine, name, args)
	if !ok || !isMove || strings.TrimSpace(move) == "" {
		return refuse(i18n.T("bot.bad_input"))
	}
	var rf *games.Refusal
	if p, ok := t.game.(games.Previewer); ok {
		points, err := p.Preview(seat, move)
		switch {
		case err == nil:
			return WebScore{Points: points, Known: true}, nil
		case errors.As(err, &rf):
			return refuse(rf.Msg)
		case !errors.Is(err, games.ErrNoPreview):
			return WebScore{}, err
		}
	}
	// A copy of the game, from its save: what the move would do to it is
	// what it does to the table's when played. Under the table's lock, as
	// a move's Apply is: the engines' work is the same, without the save.
	cp, err := t.engine.Load(t.State)
	if err != nil {
		return WebScore{}, err
	}
	before := cp.Result().Scores
	if _, err := cp.Apply(seat, move); err != nil {
		if errors.As(err, &rf) {
			return refuse(rf.Msg)
		}
		return WebScore{}, err
	}
	after := cp.Result().Scores
	if seat >= len(before) || seat >= len(after) {
		return WebScore{}, nil
	}
	return WebScore{Points: after[seat] - before[seat], Known: true}, nil
}

// Watch tells a watcher each time something of the table was shown (its
// outbox delivered): one buffered signal, never waited for, so that a page
// slow to read never slows a move; a page that missed several reads the
// table once. stop forgets the watcher.
func (c *Core) Watch(table uint64) (changed <-chan struct{}, stop func()) {
	ch := make(chan struct{}, 1)
	w := &c.watchers
	w.mu.Lock()
	if w.byTable == nil {
		w.byTable = map[uint64]map[chan struct{}]struct{}{}
	}
	if w.byTable[table] == nil {
		w.byTable[table] = map[chan struct{}]struct{}{}
	}
	w.byTable[table][ch] = struct{}{}
	w.mu.Unlock()
	return ch, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		delete(w.byTable[table], ch)
		if len(w.byTable[table]) == 0 {
			delete(w.byTable, table)
		}
	}
}

// ListenShown tells this process's watchers (Watch) of the tables other
// processes showed, on a store shared by several that tells them
// (store.Notifier, with Options.WebNotify), until ctx ends: a page served
// here then shows a move another process played at once. It returns at
// once on any other store.
func (c *Core) ListenShown(ctx context.Context) {
	if c.notifier == nil {
		return
	}
	c.notifier.ListenShown(ctx, func(id uint64) {
		if id == 0 {
			c.changedAll() // notifications may have been missed
			return
		}
		c.changed(id)
	})
}

// changedAll signals every watcher: each page reads its table once.
func (c *Core) changedAll() {
	w := &c.watchers
	w.mu.Lock()
	var ids []uint64
	for id := range w.byTable {
		ids = append(ids, id)
	}
	w.mu.Unlock()
	for _, id := range ids {
		c.changed(id)
	}
}

// watchers are the pages watching tables (Core.Watch).
type watchers struct {
	mu      sync.Mutex
	byTable map[uint64]map[chan struct{}]struct{}
}

// changed signals the table's watchers, none of them waited for.
func (c *Core) changed(table uint64) {
	w := &c.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	for ch := range w.byTable[table] {
		select {
		case ch <- struct{}{}:
		default: // a signal is already waiting: one read serves both
		}
	}
}
