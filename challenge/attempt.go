package challenge

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tablee/tablee/games/duplicate"
	"github.com/tablee/tablee/store"
)

// TableGame is the Game of an attempt's table.
const TableGame = "challenge"

// Attempt is one player's challenge of one game on one day.
type Attempt struct {
	Day      duplicate.Day
	Game     string
	Player   Player
	Server   string   // where he started it (bot.Command.Server; "" in a private chat: global rank only)
	Moves    []string // the moves played, one a turn, as the game applied them ("" for a pass)
	Points   []int    // their points, one a turn
	Started  time.Time
	Finished bool
	// Ended is when the last turn was played (zero while not Finished):
	// the result's Finished, which breaks ties of a standing.
	Ended time.Time

	id      uint64 // the table holding it
	version uint64 // the table's Version as read (a Shared store checks it)
}

// Turn is the index (0-based) of the attempt's next turn: len(Moves).
func (a *Attempt) Turn() int { return len(a.Moves) }

// attemptRecord is an attempt as its table's Data keeps it.
type attemptRecord struct {
	Day      string    `json:"day"`
	Game     string    `json:"game"`
	Player   string    `json:"player"`
	Name     string    `json:"name,omitempty"`
	Server   string    `json:"server,omitempty"`
	Moves    []string  `json:"moves,omitempty"`
	Points   []int     `json:"points,omitempty"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished,omitzero"`
}

// table is the attempt as the store keeps it: no Seated (it is in
// nobody's games, history or /mygames), no Due (nothing is waited for: the
// player plays when he likes, until midnight).
func (a *Attempt) table() (store.Table, error) {
	data, err := json.Marshal(attemptRecord{
		Day: a.Day.String(), Game: a.Game, Player: a.Player.ID, Name: a.Player.Name, Server: a.Server,
		Moves: a.Moves, Points: a.Points, Started: a.Started.UTC(), Finished: a.Ended.UTC(),
	})
	return store.Table{
		ID: a.id, Chat: AttemptChat(a.Game, a.Day, a.Player.ID), Game: TableGame,
		Finished: a.Finished, Data: data, Version: a.version,
	}, err
}

// attemptOf reads an attempt's table.
func attemptOf(t store.Table) (*Attempt, error) {
	var r attemptRecord
	if err := json.Unmarshal(t.Data, &r); err != nil {
		return nil, fmt.Errorf("challenge: the attempt of table %d: %w", t.ID, err)
	}
	day, ok := parseDay(r.Day)
	if !ok || len(r.Moves) != len(r.Points) {
		return nil, fmt.Errorf("challenge: the attempt of table %d is damaged", t.ID)
	}
	return &Attempt{
		Day: day, Game: r.Game, Player: Player{ID: r.Player, Name: r.Name}, Server: r.Server,
		Moves: r.Moves, Points: r.Points, Started: r.Started, Finished: t.Finished, Ended: r.Finished,
		id: t.ID, version: t.Version,
	}, nil
}

// find reads a player's attempt of a game on a day: the chat's open table,
// else the last table the chat had (a finished attempt); ErrNotStarted
// when the chat never had one.
func (s *Service) find(game string, day duplicate.Day, player string) (*Attempt, error) {
	chat := AttemptChat(game, day, player)
	t, err := s.st.OpenTable(chat)
	if errors.Is(err, store.ErrNotFound) {
		var ids []uint64
		if ids, err = s.st.ChatTables(chat); err != nil {
			return nil, err
		}
		if len(ids) == 0 {
			return nil, ErrNotStarted
		}
		t, err = s.st.Table(ids[len(ids)-1])
	}
	if err != nil {
		return nil, err
	}
	return attemptOf(t)
}

// Start begins the player's attempt of today's challenge of game, or
// resumes the one he began today. A new attempt is saved (durably) before
// Start returns. A finished one is returned with ErrPlayed (so the caller
// can show the result again). The deal is today's deal.
func (s *Service) Start(p Player, server, game string, now time.Time) (*Attempt, *duplicate.Deal, error) {
	if err := validPlayer(p.ID); err != nil {
		return nil, nil, err
	}
	day := Today(now)
	d, err := s.Deal(game, day)
	if err != nil {
		return nil, nil, err
	}
	for range 3 {
		a, err := s.find(game, day, p.ID)
		if err == nil {
			return s.existing(a, d)
		}
		if !errors.Is(err, ErrNotStarted) {
			return nil, nil, err
		}
		id, err := s.st.NewTableID()
		if err != nil {
			return nil, nil, err
		}
		s.endAbandoned(game, day, p.ID)
		a = &Attempt{Day: day, Game: game, Player: p, Server: server, Started: now.UTC(), id: id}
		t, err := a.table()
		if err != nil {
			return nil, nil, err
		}
		err = s.st.Save(t, nil)
		if errors.Is(err, store.ErrChatBusy) || errors.Is(err, store.ErrStale) {
			continue // started at the same time elsewhere: that one is his attempt
		}
		if err != nil {
			return nil, nil, err
		}
		s.saved(a)
		return a, d, nil
	}
	return nil, nil, fmt.Errorf("challenge: starting %s for %s: the store keeps refusing", game, p.ID)
}

// endAbandoned finishes the player's attempt of the day before day when
// he left it unfinished: nobody may play it any more, and an open table
// stays in the store's open tables until it finishes (retention deletes
// only finished ones). It has no result (Result: ErrNotStarted). Only the
// day before is looked at (one read when he starts a new day); an
// attempt of a player who never comes back stays open. Best effort: a
// failure leaves it open, as before.
func (s *Service) endAbandoned(game string, day duplicate.Day, player string) {
	yesterday := duplicate.DayOf(day.Start().Add(-time.Hour))
	t, err := s.st.OpenTable(AttemptChat(game, yesterday, player))
	if err != nil {
		return
	}
	a, err := attemptOf(t)
	if err != nil {
		return
	}
	a.Finished = true // Ended stays zero: abandoned, not completed
	if t, err = a.table(); err == nil {
		_ = s.st.Save(t, nil)
	}
}

// completed tells a finished attempt that was played to its end (it has a
// result) from one abandoned (endAbandoned).
func (a *Attempt) completed() bool { return a.Finished && !a.Ended.IsZero() }

// existing is an attempt found in the store: a finished one has its result
// recorded (a crash may have come between its last save and Rate) and is
// returned with ErrPlayed.
func (s *Service) existing(a *Attempt, d *duplicate.Deal) (*Attempt, *duplicate.Deal, error) {
	if !a.Finished {
		return a, d, nil
	}
	if err := s.ensureResult(a, d); err != nil {
		return nil, nil, err
	}
	return a, d, ErrPlayed
}

// Current is the player's attempt of today's challenge of game;
// ErrNotStarted when none. A finished one is returned with ErrPlayed, as
// Start does.
func (s *Service) Current(playerID, game string, now time.Time) (*Attempt, *duplicate.Deal, error) {
	if !s.offers(game) {
		return nil, nil, ErrNoGame
	}
	day := Today(now)
	a, err := s.find(game, day, playerID)
	if err != nil {
		return nil, nil, err
	}
	d, err := s.Deal(game, day)
	if err != nil {
		return nil, nil, err
	}
	return s.existing(a, d)
}

// Started lists the games of today the player began, finished or not, in
// Games() order (what a bare `/defi` tells him, and which game a move
// typed without one is for: the one unfinished).
func (s *Service) Started(playerID string, now time.Time) ([]*Attempt, error) {
	day := Today(now)
	var out []*Attempt
	for _, g := range s.games {
		a, err := s.find(g, day, playerID)
		if errors.Is(err, ErrNotStarted) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// saved records in a the save of its table: a Shared store counts it.
func (s *Service) saved(a *Attempt) {
	if s.shared {
		a.version++
	}
}

// reload reads a's table again (another process moved it, or a was a
// stale copy).
func (s *Service) reload(a *Attempt) error {
	t, err := s.st.Table(a.id)
	if err != nil {
		return err
	}
	fresh, err := attemptOf(t)
	if err != nil {
		return err
	}
	*a = *fresh
	return nil
}

// Played is what a move revealed.
type Played struct {
	Turn     int            // the turn just played (0-based)
	Move     string         // as the game applied it ("" pass)
	Points   int            // his points
	Top      duplicate.Turn // the turn's top, revealed now that he played it
	Total    int            // his running total
	TopTotal int            // the tops' total over the same turns
	Pct      duplicate.Tenths
	Finished bool
	Result   *Result // when Finished: his result, recorded with the day's
}

// staleTries bounds how often Play reads the attempt again and plays anew
// when another process moved it in between.
const staleTries = 5

// Play plays the player's move for turn `turn` (the turn he was shown: a
// move for a turn already played returns ErrTurnPlayed and changes
// nothing). The move is typed as in the game; "" or the game's pass word
// is a pass (0 points). A move the game refuses returns the game's error
// (a *games.Refusal) and changes nothing. Otherwise the attempt is saved
// with the move appended to its log, durably, before Play returns; the
// last turn finishes it and records its result exactly once (even if a
// crash makes it run again). A change of the same attempt by another
// process (a shared store) is met by reading it again and playing again on
// it. The day being over (now past the attempt's day) returns ErrDayOver
// and changes nothing.
//
// a is updated with what the store holds: the move appended, or what
// another process played.
func (s *Service) Play(a *Attempt, turn int, move string, now time.Time) (Played, error) {
	if !now.Before(a.Day.Next().Start()) {
		return Played{}, ErrDayOver
	}
	d, err := s.Deal(a.Game, a.Day)
	if err != nil {
		return Played{}, err
	}
	for try := 0; ; try++ {
		if a.Finished || turn < a.Turn() {
			if a.Finished { // a crash may have come before its result
				if err := s.ensureResult(a, d); err != nil {
					return Played{}, err
				}
			}
			return Played{}, ErrTurnPlayed
		}
		if turn > a.Turn() || turn >= len(d.Turns) {
			if try == 0 { // a copy older than the turn he was shown
				if err := s.reload(a); err != nil {
					return Played{}, err
				}
				continue
			}
			return Played{}, fmt.Errorf("challenge: turn %d is not to be played (next: %d of %d)", turn+1, a.Turn()+1, len(d.Turns))
		}
		text, points, err := score(d, turn, move)
		if err != nil {
			return Played{}, err
		}
		next := *a
		next.Moves = append(slices.Clip(a.Moves), text)
		next.Points = append(slices.Clip(a.Points), points)
		if len(next.Moves) == len(d.Turns) {
			next.Finished, next.Ended = true, now.UTC().Truncate(time.Millisecond) // as the result keeps it
		}
		t, err := next.table()
		if err != nil {
			return Played{}, err
		}
		err = s.st.Save(t, &store.Move{Seq: uint64(turn + 1), At: now.UTC(), User: a.Player.ID, Text: text})
		if (errors.Is(err, store.ErrStale) || errors.Is(err, store.ErrMoveSeq)) && try < staleTries {
			// Moved by another process (or another copy here): read it
			// again; the move is played on what it holds, or was played.
			if err := s.reload(a); err != nil {
				return Played{}, err
			}
			continue
		}
		if err != nil {
			return Played{}, err
		}
		s.saved(&next)
		*a = next
		return s.played(a, d, turn)
	}
}

// played is what the move of turn revealed, with the result recorded when
// it was the last.
func (s *Service) played(a *Attempt, d *duplicate.Deal, turn int) (Played, error) {
	total, top, pct := d.Running(a.Points)
	p := Played{
		Turn: turn, Move: a.Moves[turn], Points: a.Points[turn], Top: d.Turns[turn],
		Total: total, TopTotal: top, Pct: pct, Finished: a.Finished,
	}
	if a.Finished {
		r := resultOf(a, d)
		p.Result = &r
		if err := s.recordResult(a, d); err != nil {
			// The move is saved and the attempt finished: the next Start,
			// Current, Play or Result of it records the result.
			return p, fmt.Errorf("challenge: the result is not recorded yet: %w", err)
		}
	}
	return p, nil
}

// score scores a move of turn on the deal: the move as kept ("" for a
// pass) and its points. A pass is "" or the move the game applies for a
// seat that lets its time pass (its pass word).
func score(d *duplicate.Deal, turn int, move string) (string, int, error) {
	move = strings.TrimSpace(move)
	g, err := d.Position(turn)
	if err != nil {
		return "", 0, err
	}
	pass := ""
	if w := g.Waiting(); len(w) > 0 {
		pass = w[0].Timeout
	}
	if move == "" || strings.EqualFold(move, pass) {
		if pass == "" {
			return "", 0, nil
		}
		move = pass
	}
	points, err := d.Score(turn, move)
	if err != nil {
		return "", 0, err
	}
	if strings.EqualFold(move, pass) {
		move = ""
	}
	return move, points, nil
}
