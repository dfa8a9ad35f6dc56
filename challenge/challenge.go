// Package challenge keeps the records of the daily challenge ("le défi du
// jour"): the day's deal of each game, stored once for the whole
// deployment; each player's attempt, played turn by turn and saved at every
// move; the results, their ranks of the day, streaks and the month's
// standing. games/duplicate deals and scores; this package stores and
// reads, over the store contract only, so that it works alike on one bbolt
// file and on a PostgreSQL shared by processes. It knows no platform and
// no clock: the caller gives the instant.
//
// Where things are kept (see docs/games/duplicate.md, "Records"):
//
//   - the day's deal of a game: a rating record written with Store.Rate
//     under a reserved id of (game, day) (dealID), so that the first
//     process to make it stores it and every other reads that one;
//   - an attempt: a table of its own chat (AttemptChat), Game "challenge",
//     its record in Data and each move in the table's log, one durable
//     Save a turn;
//   - a finished attempt's result: rating records written with Store.Rate
//     under the attempt's table id, exactly once.
//
// Every rating key begins with Prefix, which no leaderboard of the archive
// lists (those begin with a game's name).
package challenge

import (
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/games/duplicate"
	"github.com/tablee/tablee/store"
)

// Config is what a deployment gives the challenge.
type Config struct {
	Secret []byte   // the deployment's challenge secret (the `challenge.secret` setting); none: ErrNoSecret
	Games  []string // the games offered, in the order /defi lists them; nil: every game games/duplicate can deal
	// Make deals a game's challenge from a seed; nil: games/duplicate's
	// own (duplicate.Make). Tests give small grids and dictionaries here.
	Make func(game string, seed uint64) (*duplicate.Deal, error)
	// Load restores a stored deal; nil: duplicate.LoadGame, with the
	// game's registered engine.
	Load func(game string, data []byte) (*duplicate.Deal, error)
}

var (
	ErrNoSecret   = duplicate.ErrNoSecret // the deployment set no secret
	ErrNoGame     = errors.New("challenge: no challenge of that game")
	ErrPlayed     = errors.New("challenge: today's challenge already played") // one attempt a day
	ErrNotStarted = errors.New("challenge: no challenge started today")
	ErrTurnPlayed = errors.New("challenge: that turn was already played") // a move for a turn gone by (double send, another process)
	ErrDayOver    = errors.New("challenge: that day's challenge is over")
)

// Service is the challenge of one deployment over its store. It is safe
// for concurrent use; several Services (processes) may share a store.
type Service struct {
	st     store.Store
	shared bool // st is a store.Shared: saves carry the table's version
	cfg    Config
	games  []string

	// dealMu is held while a deal is read or made, so that a process
	// makes a day's deal once however many players ask at once (making
	// one is the day's one costly search).
	dealMu sync.Mutex
	deals  map[string]*duplicate.Deal // by dealKey: a stored deal never changes
}

// New is the challenge over a store.
func New(st store.Store, cfg Config) (*Service, error) {
	if st == nil {
		return nil, errors.New("challenge: no store")
	}
	if cfg.Make == nil {
		cfg.Make = duplicate.Make
	}
	if cfg.Load == nil {
		cfg.Load = duplicate.LoadGame
	}
	gs := cfg.Games
	if gs == nil {
		gs = duplicate.Games()
	}
	for _, g := range gs {
		if g == "" || strings.ContainsAny(g, "\x00:") {
			return nil, fmt.Errorf("challenge: the game name %q", g)
		}
	}
	_, shared := st.(store.Shared)
	return &Service{st: st, shared: shared, cfg: cfg, games: slices.Clone(gs), deals: map[string]*duplicate.Deal{}}, nil
}

// Games lists the games offered.
func (s *Service) Games() []string { return slices.Clone(s.games) }

func (s *Service) offers(game string) bool { return slices.Contains(s.games, game) }

// Today is the challenge day of an instant (duplicate.DayOf).
func Today(now time.Time) duplicate.Day { return duplicate.DayOf(now) }

// Player is who plays: platform-qualified id ("telegram:42") and display name.
type Player struct{ ID, Name string }

// firstReservedID is where the ids of the deals' Rate begin. Table ids
// come from NewTableID, a counter from 1 that never gets near 1<<62 (a
// million tables a second for 146,000 years); the stores keep ids as a
// signed 64-bit integer (PostgreSQL's bigint), so every reserved id stays
// in [1<<62, 1<<63): never a table's, always storable.
const firstReservedID = 1 << 62

// dealID is the id a day's deal of a game is stored (rated) under: a hash
// of the pair in the reserved range. Store.Rate writes once per id, so the
// first deal stored for (game, day) is the day's, whichever process made
// it. Two pairs sharing a hash (one chance in 2^62 a pair) would only make
// the second's deal be made again by each process that asks (it is read
// by its key, dealKey, not by its id), never give a wrong deal.
func dealID(game string, day duplicate.Day) uint64 {
	h := fnv.New64a()
	h.Write([]byte(game + "\x00" + day.String()))
	return firstReservedID | h.Sum64()&(firstReservedID-1)
}

// Deal is the day's deal of a game: read from the store, or made from the
// day's seed and stored by the first who asks (stored once: every later
// reader, any process, gets the stored one).
func (s *Service) Deal(game string, day duplicate.Day) (*duplicate.Deal, error) {
	if !s.offers(game) {
		return nil, ErrNoGame
	}
	key := dealKey(game, day)
	s.dealMu.Lock()
	defer s.dealMu.Unlock()
	if d, ok := s.deals[key]; ok {
		return d, nil
	}
	d, err := s.storedDeal(game, day)
	if err == nil && d == nil {
		d, err = s.makeDeal(game, day)
	}
	if err != nil {
		return nil, err
	}
	if len(s.deals) >= maxCachedDeals {
		clear(s.deals) // the days gone by: today's are read again once
	}
	s.deals[key] = d
	return d, nil
}

// maxCachedDeals bounds the deals a Service keeps: a few games of today and
// yesterday (an attempt of yesterday is played until midnight).
const maxCachedDeals = 32

// storedDeal reads the day's deal from the store; nil when none is stored.
func (s *Service) storedDeal(game string, day duplicate.Day) (*duplicate.Deal, error) {
	data, ok, err := s.record(dealKey(game, day))
	if err != nil || !ok {
		return nil, err
	}
	d, err := s.cfg.Load(game, data)
	if err != nil {
		return nil, fmt.Errorf("challenge: the stored deal of %s on %s: %w", game, day, err)
	}
	return d, nil
}

// makeDeal makes the day's deal from its seed and stores it; when another
// process stored one first, that one is the day's.
func (s *Service) makeDeal(game string, day duplicate.Day) (*duplicate.Deal, error) {
	seed, err := duplicate.Seed(s.cfg.Secret, game, day)
	if err != nil {
		return nil, err
	}
	d, err := s.cfg.Make(game, seed)
	if err != nil {
		return nil, fmt.Errorf("challenge: dealing %s on %s: %w", game, day, err)
	}
	data, err := d.Save()
	if err != nil {
		return nil, err
	}
	written, err := s.st.Rate(dealID(game, day), []store.Rating{{Key: dealKey(game, day), Data: data}})
	if err != nil {
		return nil, fmt.Errorf("challenge: storing the deal of %s on %s: %w", game, day, err)
	}
	if written {
		return d, nil
	}
	stored, err := s.storedDeal(game, day)
	if err == nil && stored == nil {
		err = fmt.Errorf("challenge: the deal of %s on %s was stored but cannot be read", game, day)
	}
	return stored, err
}

// record reads the rating record of exactly key.
func (s *Service) record(key string) ([]byte, bool, error) {
	rs, err := s.st.Ratings(key)
	if err != nil {
		return nil, false, err
	}
	for _, r := range rs {
		if r.Key == key {
			return r.Data, true, nil
		}
	}
	return nil, false, nil
}
