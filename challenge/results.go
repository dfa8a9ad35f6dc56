package challenge

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tablee/tablee/games/duplicate"
	"github.com/tablee/tablee/store"
)

// Result is a finished attempt as the day's standing keeps it (no move, no
// word: only numbers).
type Result struct {
	Day      duplicate.Day
	Game     string
	Player   Player
	Server   string
	Total    int
	Top      int // the tops' total
	Pct      duplicate.Tenths
	Marks    []duplicate.Mark // one per turn
	Finished time.Time

	card string // the share card, made from the deal when the attempt finished
}

// Card is the result's share card (duplicate.Card: the day, the game's
// symbol, the percentage, one mark a turn; no letter).
func (r Result) Card() string { return r.card }

// resultOf is a finished attempt's result.
func resultOf(a *Attempt, d *duplicate.Deal) Result {
	total, top, pct := d.Running(a.Points)
	marks := make([]duplicate.Mark, len(a.Points))
	for i, p := range a.Points {
		marks[i] = duplicate.MarkOf(p, d.Turns[i].TopScore)
	}
	return Result{
		Day: a.Day, Game: a.Game, Player: a.Player, Server: a.Server,
		Total: total, Top: top, Pct: pct, Marks: marks, Finished: a.Ended.UTC(),
		card: d.Card(a.Day, a.Points),
	}
}

// recordResult writes a finished attempt's result under its table's id:
// Store.Rate writes it once, however often a crash makes this run again,
// and the result is made from the saved attempt alone (its points, its
// end), so that every run would write the same.
func (s *Service) recordResult(a *Attempt, d *duplicate.Deal) error {
	r := resultOf(a, d)
	_, err := s.st.Rate(a.id, []store.Rating{
		{Key: resultKey(r.Game, r.Day, r.Player.ID), Data: encodeResult(r)},
		{Key: playerKey(r.Player.ID, r.Day, r.Game), Data: binary.AppendUvarint(nil, uint64(r.Pct))},
	})
	return err
}

// ensureResult records a finished attempt's result unless it is: a read
// when it is (each time a finished attempt is shown), a write once.
func (s *Service) ensureResult(a *Attempt, d *duplicate.Deal) error {
	if !a.completed() {
		return nil // abandoned: no result
	}
	if _, ok, err := s.record(resultKey(a.Game, a.Day, a.Player.ID)); err != nil || ok {
		return err
	}
	return s.recordResult(a, d)
}

// A result record's Data: a head of what listings sort and filter by,
// read without the rest, then the rest, read for the results shown. The
// player's id, the game and the day are in the key.
//
//	version 1 | total | top | pct | finished (Unix ms) | server | name | card | marks
//
// numbers as varints, strings and marks as a length then bytes.
const resultVersion = 1

func encodeResult(r Result) []byte {
	b := []byte{resultVersion}
	b = binary.AppendUvarint(b, uint64(r.Total))
	b = binary.AppendUvarint(b, uint64(r.Top))
	b = binary.AppendUvarint(b, uint64(r.Pct))
	b = binary.AppendVarint(b, r.Finished.UnixMilli())
	for _, s := range []string{r.Server, r.Player.Name, r.card} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(r.Marks)))
	for _, m := range r.Marks {
		b = append(b, byte(m))
	}
	return b
}

// head is what a listing sorts and filters results by.
type head struct {
	player   string
	total    int
	top      int
	pct      duplicate.Tenths
	finished int64  // Unix ms
	server   []byte // in data: compared, not copied, for every result listed
	data     []byte // the whole record, for the results shown
}

// reader reads a record's parts in order; the first error sticks.
type reader struct {
	b   []byte
	err error
}

func (r *reader) uint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// int reads a varint (binary.AppendVarint: zig-zag over a uvarint).
func (r *reader) int() int64 {
	u := r.uint()
	return int64(u>>1) ^ -int64(u&1)
}

func (r *reader) bytes() []byte {
	n := r.uint()
	if r.err != nil || n > uint64(len(r.b)) {
		r.fail()
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *reader) fail() {
	if r.err == nil {
		r.err = errors.New("challenge: a result record is damaged")
	}
	r.b = nil
}

// decodeHead reads a result record's head, and the reader left on the rest.
func decodeHead(player string, data []byte) (head, *reader, error) {
	if len(data) == 0 || data[0] != resultVersion {
		return head{}, nil, fmt.Errorf("challenge: the result of %s: unknown record", player)
	}
	r := &reader{b: data[1:]}
	h := head{player: player, data: data}
	h.total = int(r.uint())
	h.top = int(r.uint())
	h.pct = duplicate.Tenths(r.uint())
	h.finished = r.int()
	h.server = r.bytes()
	return h, r, r.err
}

// decodeResult reads a whole result record.
func decodeResult(game string, day duplicate.Day, player string, data []byte) (Result, error) {
	h, r, err := decodeHead(player, data)
	if err != nil {
		return Result{}, err
	}
	res := Result{Day: day, Game: game, Player: Player{ID: player}, Server: string(h.server),
		Total: h.total, Top: h.top, Pct: h.pct, Finished: time.UnixMilli(h.finished).UTC()}
	res.Player.Name = string(r.bytes())
	res.card = string(r.bytes())
	marks := r.bytes()
	if r.err != nil {
		return Result{}, r.err
	}
	res.Marks = make([]duplicate.Mark, len(marks))
	for i, m := range marks {
		res.Marks[i] = duplicate.Mark(m)
	}
	return res, nil
}

// Result reads a player's result of a day's game; ErrNotStarted when he has
// none. An attempt finished without its result recorded (a crash between
// its last save and Rate) has it recorded now.
func (s *Service) Result(playerID, game string, day duplicate.Day) (Result, error) {
	data, ok, err := s.record(resultKey(game, day, playerID))
	if err != nil {
		return Result{}, err
	}
	if !ok {
		a, err := s.find(game, day, playerID)
		if err != nil {
			return Result{}, err
		}
		if !a.completed() {
			return Result{}, ErrNotStarted
		}
		d, err := s.Deal(game, day)
		if err != nil {
			return Result{}, err
		}
		if err := s.ensureResult(a, d); err != nil {
			return Result{}, err
		}
		return resultOf(a, d), nil
	}
	return decodeResult(game, day, playerID, data)
}

// heads reads the heads of the day's results of a game, those of a server
// only when server is not "".
func (s *Service) heads(prefix, server string) ([]head, error) {
	rs, err := s.st.Ratings(prefix)
	if err != nil {
		return nil, err
	}
	out := make([]head, 0, len(rs))
	for _, rec := range rs {
		h, _, err := decodeHead(keyPlayer(rec.Key[len(prefix):]), rec.Data)
		if err != nil {
			return nil, err
		}
		if server == "" || string(h.server) == server {
			out = append(out, h)
		}
	}
	return out, nil
}

// Rank is a place in a standing: Place 1 is first; ties share a place; Of
// is how many finished.
type Rank struct{ Place, Of int }

// Ranks is the result's rank of the day across the deployment and within
// its server (the zero Rank when Server is ""): ties (the same total)
// share a place.
func (s *Service) Ranks(r Result) (global, local Rank, err error) {
	hs, err := s.heads(dayPrefix(r.Game, r.Day), "")
	if err != nil {
		return Rank{}, Rank{}, err
	}
	global.Place, local.Place = 1, 1
	for _, h := range hs {
		global.Of++
		if h.total > r.Total {
			global.Place++
		}
		if r.Server != "" && string(h.server) == r.Server {
			local.Of++
			if h.total > r.Total {
				local.Place++
			}
		}
	}
	if r.Server == "" {
		local = Rank{}
	}
	return global, local, nil
}

// Standing is the day's results of a game, best first (by total, then the
// earlier finish), at most limit (<= 0: all), across the deployment (server
// "") or within a server. Places gives their places.
func (s *Service) Standing(game string, day duplicate.Day, server string, limit int) ([]Result, error) {
	hs, err := s.heads(dayPrefix(game, day), server)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(hs, func(a, b head) int {
		return cmp.Or(cmp.Compare(b.total, a.total), cmp.Compare(a.finished, b.finished), strings.Compare(a.player, b.player))
	})
	if limit > 0 && len(hs) > limit {
		hs = hs[:limit]
	}
	out := make([]Result, len(hs))
	for i, h := range hs {
		if out[i], err = decodeResult(game, day, h.player, h.data); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Places are the places of a standing's results, best first as Standing
// gives them: a result with the total of the one before shares its place.
func Places(rs []Result) []int {
	out := make([]int, len(rs))
	for i, r := range rs {
		out[i] = i + 1
		if i > 0 && r.Total == rs[i-1].Total {
			out[i] = out[i-1]
		}
	}
	return out
}

// Streak is a player's days in a row with a finished challenge (of any
// game): Current counts today when played, else up to yesterday (a streak
// ends only once a whole day passed without); Best is the longest ever.
type Streak struct{ Current, Best int }

// Streak reads a player's streak at an instant (days of Europe/Paris).
func (s *Service) Streak(playerID string, now time.Time) (Streak, error) {
	prefix := playerPrefix(playerID)
	rs, err := s.st.Ratings(prefix)
	if err != nil {
		return Streak{}, err
	}
	today := Today(now)
	var st Streak
	var last duplicate.Day
	run := 0
	for _, r := range rs { // in key order: by day
		d, ok := parseDay(strings.SplitN(r.Key[len(prefix):], "\x00", 2)[0])
		if !ok || d == last {
			continue // another game of the same day
		}
		if run > 0 && last.Next() == d {
			run++
		} else {
			run = 1
		}
		last = d
		st.Best = max(st.Best, run)
	}
	if run > 0 && (last == today || last.Next() == today) {
		st.Current = run
	}
	return st, nil
}

// MonthRow is a player's month: days played, the sum of his percentages
// (what the month ranks by: it rewards playing every day as well as
// playing well), his average.
type MonthRow struct {
	Player  Player
	Rank    Rank
	Days    int
	Sum     duplicate.Tenths
	Average duplicate.Tenths
}

// Month is the month's standing of a game (month: the first day of the
// month, any Day in it), across the deployment or within a server, best
// first (by the sum of the percentages, then the average, then the earlier
// last finish), at most limit (<= 0: all). Rows equal in sum and average
// share a place.
func (s *Service) Month(game string, month duplicate.Day, server string, limit int) ([]MonthRow, error) {
	prefix := monthPrefix(game, month)
	rs, err := s.st.Ratings(prefix)
	if err != nil {
		return nil, err
	}
	type row struct {
		MonthRow
		last head // the player's latest result: his name, his last finish
	}
	byPlayer := map[string]*row{}
	var rows []*row
	for _, rec := range rs {
		rest := rec.Key[len(prefix):] // 29\0player\0
		i := strings.IndexByte(rest, 0)
		if i < 0 {
			continue
		}
		h, _, err := decodeHead(keyPlayer(rest[i+1:]), rec.Data)
		if err != nil {
			return nil, err
		}
		if server != "" && string(h.server) != server {
			continue
		}
		r := byPlayer[h.player]
		if r == nil {
			r = &row{}
			byPlayer[h.player] = r
			rows = append(rows, r)
		}
		r.Days++
		r.Sum += h.pct
		if h.finished >= r.last.finished {
			r.last = h
		}
	}
	for _, r := range rows {
		r.Average = duplicate.Tenths((2*int(r.Sum) + r.Days) / (2 * r.Days))
	}
	slices.SortFunc(rows, func(a, b *row) int {
		return cmp.Or(cmp.Compare(b.Sum, a.Sum), cmp.Compare(b.Average, a.Average),
			cmp.Compare(a.last.finished, b.last.finished), strings.Compare(a.last.player, b.last.player))
	})
	out := make([]MonthRow, 0, len(rows))
	for i, r := range rows {
		if limit > 0 && i == limit {
			break
		}
		r.Rank = Rank{Place: i + 1, Of: len(rows)}
		if i > 0 && r.Sum == rows[i-1].Sum && r.Average == rows[i-1].Average {
			r.Rank.Place = out[i-1].Rank.Place
		}
		name, err := nameOf(r.last)
		if err != nil {
			return nil, err
		}
		r.Player = Player{ID: r.last.player, Name: name}
		out = append(out, r.MonthRow)
	}
	return out, nil
}

// nameOf reads the player's name of a result record.
func nameOf(h head) (string, error) {
	_, r, err := decodeHead(h.player, h.data)
	if err != nil {
		return "", err
	}
	name := r.bytes()
	return string(name), r.err
}
