package bot

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/reuse"
	"github.com/tablee/tablee/store"
)

// The outbox: what a change of a table must show, saved in the same
// transaction as the change, shown afterwards.
//
// A move used to be drawn and sent under the table's lock, one platform
// call after another: a slow platform slowed every move of the table, and
// a crash after the save lost what the players should have seen. Now a
// change only records in Table.Outbox what must be shown (the board
// changed, these events, these seats' hands, this message) and the save
// writes it with the table. The player's answer follows the commit at
// once. A deliverer per table then takes the outbox, builds the messages
// from the table's state at that moment (so that several moves in a row
// make one board and one hand per seat: superseded updates are never
// drawn), and draws the pictures and sends everything with no lock held.
// After a crash, a table whose record holds an outbox not yet shown is
// delivered at start-up (the store's Unshown index): a move that was
// answered is also, eventually, shown. The price is that the last batch
// before a crash may be shown twice.

// Outbox is a table's messages not yet shown. Seq counts the batches
// queued (one per saved change that shows something), Shown the batches
// taken by the deliverer; the rest is what they hold, merged.
type Outbox struct {
	Seq   uint64 `json:"seq,omitempty"`
	Shown uint64 `json:"shown,omitempty"`
	// Says are messages of their own, in order, before the board.
	Says []Say `json:"says,omitempty"`
	// Board asks for the board (or the lobby) to be drawn again, with the
	// public events of the moves since it was last shown.
	Board  bool       `json:"board,omitempty"`
	Public []i18n.Msg `json:"public,omitempty"`
	// Moves counts the moves whose events Public holds: the board shown
	// with them leaves out the view's recap of those moves
	// (games.View.Untold).
	Moves int `json:"moves,omitempty"`
	// Private holds each seat's private events; a seat with any gets its
	// view, as does every seat in Tell and, after a board change, every
	// seat the game waits for.
	Private map[int][]i18n.Msg `json:"private,omitempty"`
	Tell    []int              `json:"tell,omitempty"`
	// Pending holds each seat's notes of what the table had not settled
	// when they were made (games.Event.Pending): shown after the seat's
	// other notes, and only if no move was played since.
	Pending map[int][]PendingNote `json:"pending,omitempty"`
}

// PendingNote is a private note true until the table's next move.
type PendingNote struct {
	Msg i18n.Msg `json:"msg"`
	// Move is the table's move counter once the move that made it is
	// played: the note is shown while the counter still reads it.
	Move uint64 `json:"move"`
}

// notesOf is what seat is told in private when the outbox is shown: its
// notes, then its pending notes that no move has made stale since. A note
// built before a move and shown after it would contradict the board shown
// with it ("Contre noté : CASE" under "alice encaisse CASE"); the seat's
// view, built now, tells what still stands.
func (o *Outbox) notesOf(seat int, moves uint64) []i18n.Msg {
	notes := slices.Clip(o.Private[seat])
	for _, n := range o.Pending[seat] {
		if n.Move == moves {
			notes = append(notes, n.Msg)
		}
	}
	return notes
}

// Say is one message of its own: to the chat (User "") or to one user in
// private.
type Say struct {
	User string     `json:"user,omitempty"`
	Msgs []i18n.Msg `json:"msgs"`
	// Ping names the seats whose attention is wanted.
	Ping []int `json:"ping,omitempty"`
	// Scores adds the plain scores of a game stopped early.
	Scores bool `json:"scores,omitempty"`
}

// pending tells whether the outbox holds something not yet taken.
func (o *Outbox) pending() bool { return o.Seq > o.Shown }

// batch opens the batch of the change being made: every queue call before
// the change's save belongs to it. The caller holds the table's lock.
func (t *Table) batch() *Outbox {
	if !t.batchOpen {
		t.Outbox.Seq++
		t.batchOpen = true
	}
	return &t.Outbox
}

// showBoard queues the board with the events of a change: public ones for
// the board's message, private ones for their seats. It is called before
// the change is counted in t.Moves (apply).
func (t *Table) showBoard(events []games.Event, tell ...int) {
	o := t.batch()
	o.Board = true
	for _, e := range events {
		switch {
		case e.To == games.Everyone:
			o.Public = append(o.Public, e.Msg)
		case e.Pending && e.To >= 0 && e.To < len(t.Seats):
			if o.Pending == nil {
				o.Pending = map[int][]PendingNote{}
			}
			o.Pending[e.To] = append(o.Pending[e.To], PendingNote{Msg: e.Msg, Move: t.Moves + 1})
		case e.To >= 0 && e.To < len(t.Seats):
			if o.Private == nil {
				o.Private = map[int][]i18n.Msg{}
			}
			o.Private[e.To] = append(o.Private[e.To], e.Msg)
		}
	}
	for _, s := range tell {
		if !slices.Contains(o.Tell, s) {
			o.Tell = append(o.Tell, s)
		}
	}
}

// say queues a message of its own to the chat.
func (t *Table) say(msgs ...i18n.Msg) *Say {
	o := t.batch()
	o.Says = append(o.Says, Say{Msgs: msgs})
	return &o.Says[len(o.Says)-1]
}

// sayTo queues a private message to a user.
func (t *Table) sayTo(user string, msgs ...i18n.Msg) {
	o := t.batch()
	o.Says = append(o.Says, Say{User: user, Msgs: msgs})
}

// kick wakes the table's deliverer, starting it when it is not running.
// It never blocks: the deliverer waits for the table's lock, which the
// caller may hold. The caller holds the kicked copy's lock.
func (c *Core) kick(t *Table) {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	if st, ok := c.outRunning[t.ID]; ok {
		st.again, st.t = true, t
		return
	}
	st := &deliverer{t: t}
	c.outRunning[t.ID] = st
	reuse.Go(func() { c.drain(st, t.ID, t.Game) })
}

// deliverer is the state of one table's running deliverer, under
// Core.outMu: again is set when the outbox was kicked while it ran, and t
// is the copy of the table last kicked, which its next round shows.
//
// A running deliverer is handed each copy kicked, not only the one it
// started with: its copy may have been dropped since (another process
// moved the table), and a dropped copy's round finds the table again by
// its id, in memory or else in the store. A game that just ended has left
// memory (forget) while its last save may still be waiting in the store's
// chain (store.Chainer) under the table's lock: the store then holds the
// table as before the last move, nothing pending, and a round on the
// dropped copy took nothing and stopped, leaving the last board to the
// unshown poll, seconds later. The copy kicked is the one that save
// wrote: the round waits for its lock, so for the chain's write.
type deliverer struct {
	t     *Table
	again bool
}

// drain delivers the table's outbox until nothing is left, then stops.
// id and game are the table's, read by kick under the table's lock.
func (c *Core) drain(st *deliverer, id uint64, game string) {
	busy := 0
	for {
		c.outMu.Lock()
		t := st.t
		c.outMu.Unlock()
		wait := false
		c.safely("outbox", func() { wait = !c.deliverOutbox(t, id) }, "table", id, "game", game)
		if wait {
			// Another process shows the table now (shared.go): once it is
			// done, what is left is this deliverer's.
			if busy++; busy < deliveryBusyTries {
				time.Sleep(deliveryBusyWait)
				continue
			}
		} else {
			// The bound is of one wait: a deliverer that ran through many
			// batches, meeting the other process's now and then, would
			// otherwise give up at its next meeting and leave a batch to
			// the unshown poll, seconds later.
			busy = 0
		}
		c.outMu.Lock()
		if !st.again {
			delete(c.outRunning, id)
			c.outIdle.Broadcast()
			c.outMu.Unlock()
			return
		}
		st.again = false
		c.outMu.Unlock()
	}
}

// deliverOutbox takes the outbox under the table's lock, then draws and
// sends with no lock held, then tells the store it was shown. On a shared
// store it holds the table's delivery lease throughout; false when another
// process holds it, or when what was taken could not be saved as in
// flight (shared.go): the deliverer tries again. A store.Deliverer takes
// the lease in the save of what is taken, and gives it back in the save
// that records it shown: nothing taken, no lease.
func (c *Core) deliverOutbox(t *Table, id uint64) bool {
	if c.shared != nil {
		if !t.mayShow() {
			return true
		}
		if c.joined == nil {
			ok, err := c.shared.ClaimDelivery(id, c.opts.Lease)
			if err != nil {
				c.log.Warn("delivery lease not taken", "table", id, "err", err)
			}
			if !ok {
				return false
			}
			defer c.releaseDelivery(id)
		}
	}
	outs, seq, fin, over, ok := c.lockedTake(t)
	if !ok {
		return false
	}
	if seq == 0 {
		return true
	}
	released := c.joined == nil // else given back by landed, or below
	defer func() {
		if !released {
			c.releaseDelivery(id)
		}
	}()
	if c.shared != nil {
		defer c.stopShowing(t) // before the lease is given back
	}
	if since := t.takeUnshownSince(); !since.IsZero() {
		defer func() { c.obs.Shown(t.Game, time.Since(since)) }()
	}
	rated := true
	if over {
		// The game's last batch: rated before it is shown, and recorded
		// as shown only once rated (ratings.go).
		var told []Out
		told, rated = c.rateFinished(t, fin)
		outs = append(outs, told...)
	}
	// Each message is drawn, then sent, before the next is drawn: the
	// board (first) does not wait for the hands' pictures.
	stopping := false
	for i := range outs {
		c.drawPictures(outs[i : i+1])
		if c.deliver(context.Background(), outs[i]) {
			stopping = true
		}
	}
	c.changed(id) // the open web pages read the table again
	if c.notifier != nil {
		// And those other processes serve (ListenShown).
		if err := c.notifier.NotifyShown(id); err != nil {
			c.log.Warn("table shown, not notified", "table", id, "err", err)
		}
	}
	if !rated || stopping {
		// Shown again at the next start (rated then): a platform that
		// was stopping did not show all of it (ErrStopping).
		return true
	}
	if c.shared != nil {
		released = c.landed(t, seq) || released
		return true
	}
	if err := c.st.Shown(id, seq); err != nil {
		// The batch will be shown again after a restart; nothing is lost.
		c.log.Warn("outbox shown, not recorded", "table", id, "err", err)
	}
	return true
}

// mayShow tells whether the deliverer may have something to show: on a
// shared store, a round of the deliverer costs the database a lease taken
// and given back, and the round a kick during the last one asks for (the
// bot's reply saved while the person's move waited to be shown) usually
// finds the outbox already taken. A copy evicted since may be behind: the
// round reads it again. What another process left unshown is found by its
// own deliverer or the unshown poll (pickUpUnshown), not here.
func (t *Table) mayShow() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.evicted || t.Outbox.pending() || t.InFlight != nil
}

// lockedTake takes the outbox under the table's lock, and the game to rate
// when the table just ended by its rules. On a shared store what it took
// is saved as in flight before anything is sent; when another process
// saved the table since this copy was read, it is taken again at once from
// the table read again; false when that save failed (nothing taken).
func (c *Core) lockedTake(t *Table) (outs []Out, seq uint64, fin finishedGame, over, ok bool) {
	if c.shared == nil {
		t.mu.Lock()
		defer c.unlock(t)
		outs, seq = c.takeOutbox(t)
		fin, over = t.finished()
		return outs, seq, fin, over, true
	}
	for try := 1; ; try++ {
		var err error
		outs, seq, fin, over, ok, err = c.takeInFlight(t)
		if !errors.Is(err, store.ErrStale) || try == freshTries {
			return outs, seq, fin, over, ok
		}
	}
}

// takeInFlight is lockedTake on a shared store, once. The copy's version
// is not read first: the save that marks what was taken in flight checks
// it, and nothing is sent before that save.
func (c *Core) takeInFlight(t *Table) ([]Out, uint64, finishedGame, bool, bool, error) {
	if t = c.lockSaved(t); t == nil {
		return nil, 0, finishedGame{}, false, true, nil
	}
	defer c.unlock(t)
	out, in := t.Outbox, t.InFlight
	outs, seq := c.takeOutbox(t)
	if seq != 0 {
		t.lazy = true
		if c.joined != nil {
			t.lease = &leaseStep{claim: true}
		}
		if err := c.save(t, nil); err != nil {
			// Not taken after all. The hands it would have shown were
			// not: they are shown again rather than skipped (turns.go).
			t.Outbox, t.InFlight, t.shownHands = out, in, nil
			if errors.Is(err, errLeaseHeld) {
				err = nil // another process shows the table: wait for it
			}
			return nil, 0, finishedGame{}, false, false, err
		}
	}
	t.showing = seq != 0
	fin, over := t.finished()
	return outs, seq, fin, over, true, nil
}

// takeOutbox builds the messages of the outbox from the table as it is now
// and empties it in memory (the next save writes it empty; until then the
// store's Unshown index, cleared by Shown, says it was shown). The caller
// holds the lock.
func (c *Core) takeOutbox(t *Table) (outs []Out, seq uint64) {
	o := t.Outbox
	if t.InFlight != nil {
		// Left in flight by a process that died showing it (shared.go).
		o = t.InFlight.with(o)
	}
	if !o.pending() {
		return nil, 0
	}
	t.Outbox = Outbox{Seq: o.Seq, Shown: o.Seq}
	if c.shared != nil {
		taken := o
		t.InFlight = &taken
	}
	r := renderer(t, t.Settings.Lang)
	for _, s := range o.Says {
		outs = append(outs, c.sayOut(t, s, r))
	}
	if !o.Board {
		return outs, o.Seq
	}
	board := c.boardOutTold(t, o.Moves)
	if len(o.Public) > 0 {
		board.Text = strings.Join(r.Texts(o.Public), "\n") + "\n\n" + board.Text
	}
	if t.Phase == Abandoned && t.game != nil {
		// A natural end is announced by the engine's own events; a game
		// stopped early gets the plain scores.
		board.Text += "\n" + c.scoreLine(t, r)
	}
	outs = append(outs, board)
	if t.game == nil {
		return outs, o.Seq
	}
	seats := map[int]bool{}
	for _, s := range o.Tell {
		seats[s] = true
	}
	notes := map[int][]i18n.Msg{}
	for s := range t.Seats {
		if n := o.notesOf(s, t.Moves); len(n) > 0 {
			notes[s], seats[s] = n, true
		}
		if len(o.Pending[s]) > 0 {
			// Its note dropped or not, the seat's view is built again:
			// what it tells stands as of now (a hand a counter left).
			seats[s] = true
		}
	}
	for _, w := range t.waiting() {
		seats[w.Seat] = true
	}
	for s := range t.Seats { // in seat order, so that transcripts are stable
		if !seats[s] || !t.Seats[s].human() {
			continue
		}
		lang := c.langOf(t.Seats[s].User)
		out := c.privateOut(t, s, lang)
		if notes := notes[s]; len(notes) > 0 {
			out.Text = strings.Join(renderer(t, lang).Texts(notes), "\n") + "\n\n" + out.Text
		}
		if !t.handChanged(s, out) {
			// The same hand, the same call: nothing to show (turns.go).
			continue
		}
		outs = append(outs, out)
	}
	return outs, o.Seq
}

// sayOut renders a message of its own in its reader's language.
func (c *Core) sayOut(t *Table, s Say, chatR i18n.Renderer) Out {
	if s.User != "" {
		r := renderer(t, c.langOf(s.User))
		return Out{Dest: ToUser, User: s.User, Table: t.ID, Text: strings.Join(r.Texts(s.Msgs), "\n")}
	}
	out := Out{Dest: ToChat, Chat: t.Chat, Table: t.ID, Text: strings.Join(chatR.Texts(s.Msgs), "\n")}
	for _, seat := range s.Ping {
		if seat >= 0 && seat < len(t.Seats) && t.Seats[seat].human() {
			out.Mentions = append(out.Mentions, Mention{User: t.Seats[seat].User, Name: t.Seats[seat].Name,
				Quiet: t.quietNow(seat, c.clock.Now())})
		}
	}
	if s.Scores && t.game != nil {
		out.Text += "\n" + c.scoreLine(t, chatR)
	}
	return out
}

// Flush waits until every outbox saved so far has been handed to the
// transports: for the terminal chat, which prints the board before the
// answer, for tests, and for a clean stop.
func (c *Core) Flush() {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	for len(c.outRunning) > 0 {
		c.outIdle.Wait()
	}
}

// resumeOutboxes starts the delivery of what a crash left unshown, read
// from the store's index: open tables and finished ones.
func (c *Core) resumeOutboxes() {
	recs, err := c.st.Unshown()
	if err != nil {
		c.log.Error("unshown tables not read", "err", err)
	}
	for _, rec := range recs {
		// An open table is put in memory (and kept there while its
		// deliverer runs); a finished one is delivered from its record.
		var t *Table
		if rec.Finished {
			if t, err = loadTable(rec); err != nil {
				c.log.Error("unshown table not loaded", "table", rec.ID, "err", err)
				continue
			}
			t.mu.Lock()
		} else if t = c.lockLive(c.loaded(rec)); t == nil {
			continue
		}
		pending := t.Outbox.pending() || t.InFlight != nil
		if pending {
			c.kick(t)
		}
		fin, over := t.finished()
		t.mu.Unlock()
		if !pending && over {
			// Its batch was taken before the crash: rate it (once) all
			// the same, before the index forgets it.
			if _, ok := c.rateFinished(t, fin); !ok {
				continue
			}
		}
		if !pending {
			if err := c.st.Shown(rec.ID, rec.Unshown); err != nil {
				c.log.Warn("outbox shown, not recorded", "table", rec.ID, "err", err)
			}
		}
	}
}

// takeUnshownSince returns and clears when the oldest move not shown yet
// was saved.
func (t *Table) takeUnshownSince() time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	since := t.unshownSince
	t.unshownSince = time.Time{}
	return since
}
