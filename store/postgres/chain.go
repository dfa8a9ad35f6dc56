package postgres

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/tablee/tablee/store"
)

// A person's move and the bot's reply to it, chained (store.Chainer): the
// saves of a table chained one after the other are kept here, not sent,
// until the first of their waits (or a Save of the table that follows
// them), which sends them all as one statement: one round trip, one
// commit waiting for the disk, one write of the table's row and its
// indexes, where each save was all of that. The statement checks the
// version the first save read and the log's end before its move, as a
// save does, so that a stale chain writes nothing and its waits say
// store.ErrStale; the caller answers nothing before the wait (Core.settle)
// and plays the command again on the table read again.
//
// Until then the chain is this process's only: reads, here or in another
// process, see the table as before it, as they would have a moment before
// the first save. The caller holds the table meanwhile (the core's lock
// of the table), and saves of other tables need not wait for it: nothing
// saved elsewhere depends on a move not yet answered.

var _ store.Chainer = (*Store)(nil)

// chain is a table's saves chained and not sent yet.
type chain struct {
	id    uint64
	saves []store.Table
	moves []*store.Move // each save's move; the last one's may be nil
	once  sync.Once
	err   error
}

// SaveChained keeps the save with the table's chained saves before it, to
// be sent with them by the first wait (store.Chainer). A save the chain
// does not take (a table never saved, no move) is saved at once.
func (s *Store) SaveChained(t store.Table, mv *store.Move) (wait func() error, err error) {
	if t.Chat == "" || mv == nil || t.Version == 0 {
		return func() error { return nil }, s.Save(t, mv)
	}
	s.chainMu.Lock()
	ch := s.chains[t.ID]
	if ch != nil && ch.continues(t, mv) {
		ch.saves, ch.moves = append(ch.saves, t), append(ch.moves, mv)
		s.chainMu.Unlock()
		return func() error { return s.send(ch) }, nil
	}
	before := ch
	ch = &chain{id: t.ID, saves: []store.Table{t}, moves: []*store.Move{mv}}
	if s.chains == nil {
		s.chains = map[uint64]*chain{}
	}
	s.chains[t.ID] = ch
	s.chainMu.Unlock()
	if before != nil {
		// A copy that does not follow the chain before it: that one is
		// sent first, its waits told how it went.
		s.send(before)
	}
	return func() error { return s.send(ch) }, nil
}

// continues tells whether t and its move (nil: none) are the save that
// follows the chain's last: the next version of the table, in the same
// chat, after a save with a move, its move the next one.
func (ch *chain) continues(t store.Table, mv *store.Move) bool {
	last := len(ch.saves) - 1
	prev := ch.moves[last]
	return prev != nil && t.Version == ch.saves[last].Version+1 && t.Chat == ch.saves[last].Chat &&
		(mv == nil || mv.Seq == prev.Seq+1)
}

// joinChain adds a Save of a table to the table's chain when it follows
// it: the chain, to send now; nil when there is none to join. A Save that
// does not follow it is another copy's, which the statements' versions
// order.
func (s *Store) joinChain(t store.Table, mv *store.Move) *chain {
	s.chainMu.Lock()
	defer s.chainMu.Unlock()
	ch := s.chains[t.ID]
	if ch == nil || !ch.continues(t, mv) {
		return nil
	}
	ch.saves, ch.moves = append(ch.saves, t), append(ch.moves, mv)
	return ch
}

// send writes a chain once; every wait of it returns how that went.
func (s *Store) send(ch *chain) error {
	ch.once.Do(func() {
		s.chainMu.Lock()
		if s.chains[ch.id] == ch {
			delete(s.chains, ch.id)
		}
		s.chainMu.Unlock()
		ch.err = s.saveChain(ch.saves, ch.moves)
	})
	return ch.err
}

// saveChain writes a table's chained saves in one statement: the last
// one's table, every move, every event played, at the version the first
// read (chain.continues made them follow each other).
func (s *Store) saveChain(saves []store.Table, moves []*store.Move) error {
	if len(saves) == 1 {
		return s.save(saves[0], moves[0], nil)
	}
	var (
		seqs  []int64
		ats   []time.Time
		seats []int32
		users []string
		texts []string
	)
	for _, mv := range moves {
		if mv == nil {
			continue
		}
		seqs, ats, seats = append(seqs, int64(mv.Seq)), append(ats, mv.At.UTC()), append(seats, int32(mv.Seat))
		users, texts = append(users, mv.User), append(texts, mv.Text)
	}
	first := saves[0]
	t := saves[len(saves)-1]
	t.Version, t.Played = first.Version, nil
	for _, sv := range saves {
		for _, k := range sv.Played {
			// Once each: a statement's upsert may not touch a row twice.
			if !slices.Contains(t.Played, k) {
				t.Played = append(t.Played, k)
			}
		}
		t.Unshown = max(t.Unshown, sv.Unshown)
	}
	what := fmt.Sprintf("saving table %d (%d saves chained)", t.ID, len(saves))
	ctx, cancel := s.ctx()
	defer cancel()
	args := tableArgs(t)
	args[9] = seqs[len(seqs)-1]
	args = append(args, int64(len(saves)), seqs[0], seqs, ats, seats, users, texts)
	q := "WITH saved AS (" + saveChain + " RETURNING id)"
	if len(t.Played) > 0 {
		args = append(args, t.Played)
		q += fmt.Sprintf(", played AS ("+playedWithSave+")", len(args))
	}
	tag, err := s.pool.Exec(ctx, q+"\n"+saveMoves, args...)
	return s.saved(ctx, what, first, moves[0], tag, err)
}

const (
	// saveChain is saveKnown for a table's chained saves in one: the last
	// one's table, the version the first read ($11) and $12 versions on,
	// the log ending just before the first move ($13) and at the last
	// ($10).
	saveChain = `
UPDATE tables SET ` + saveColumns + `,
	unshown = greatest(unshown, $9), last_move = $10::bigint, version = version + $12::bigint
WHERE id = $1 AND version = $11::bigint AND last_move = $13::bigint - 1`
	// saveMoves appends the chain's moves, their fields as arrays
	// ($14 … $18), to the log of the table saved.
	saveMoves = `INSERT INTO moves (table_id, seq, at, seat, user_id, text)
SELECT id, m.seq, m.at, m.seat, m.user_id, m.text FROM saved,
	unnest($14::bigint[], $15::timestamptz[], $16::integer[], $17::text[], $18::text[]) AS m (seq, at, seat, user_id, text)`
)
