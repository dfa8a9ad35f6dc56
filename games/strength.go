package games

import (
	"math"

	"github.com/tablee/tablee/games/cards"
)

// Strength is how well a bot player plays. Easy and Normal bots play the
// words people know and now and then miss the best move, as people do;
// Strong plays the best move its engine finds. The zero value is Normal,
// the default of /addbot, so that a seat saved without a strength plays
// at the default.
type Strength int8

const (
	Easy   Strength = -1
	Normal Strength = 0
	Strong Strength = 1
)

// Strengths lists the strengths, weakest first.
var Strengths = []Strength{Easy, Normal, Strong}

// String is the strength's word in saved tables, options and logs.
func (s Strength) String() string {
	switch s {
	case Easy:
		return "easy"
	case Strong:
		return "strong"
	}
	return "normal"
}

// Candidate is one move a bot weighs: its score as the engine sees it and
// the familiarity of the least familiar word it plays (lexicon.Familiarity:
// 1 for the most used word, 0 for a word few people know). A move that
// plays no word (a pass, a card) has Rank 1: anyone can play it.
type Candidate struct {
	Score float64
	Rank  int
}

// Known is the familiarity rank a word must reach for an Easy bot to play
// it; Normal bots play any word of the familiarity list (about 7,400 words
// and their forms).
const Known = 3000

// Plays tells whether a bot of this strength would play a word of that
// familiarity rank at all.
func (s Strength) Plays(rank int) bool {
	switch s {
	case Strong:
		return true
	case Easy:
		return rank > 0 && rank <= Known
	}
	return rank > 0
}

// Choose picks the index of the move a bot of this strength plays among
// cands, deterministically from salt (a hash of the game's seed, its move
// count and the seat, so that engines stay pure). Strong takes the best
// score. Normal keeps the moves whose words it knows and takes the best of
// them three times out of four, else the second or third. Easy keeps the
// words most people know and takes one of its four best at random. When a
// Normal or Easy bot knows none of the words, it plays the best move of
// what it would know at the next strength up, so that it never stalls a
// game for want of a familiar word. It returns -1 only for no candidate.
func (s Strength) Choose(cands []Candidate, salt uint64) int {
	if len(cands) == 0 {
		return -1
	}
	level := s
	var pool []int
	for {
		pool = pool[:0]
		for i, c := range cands {
			if level.Plays(c.Rank) {
				pool = append(pool, i)
			}
		}
		if len(pool) > 0 || level == Strong {
			break
		}
		level++
	}
	// Best first; equal scores keep the engine's order.
	top := topIndices(cands, pool, 4)
	r := cards.Mix(salt + 0x9e3779b97f4a7c15)
	switch {
	case s == Strong || level != s:
		return top[0]
	case s == Normal:
		if r%4 != 0 || len(top) == 1 {
			return top[0]
		}
		return top[1+int(r>>8)%min(2, len(top)-1)]
	}
	return top[int(r>>8)%len(top)]
}

// topIndices returns up to k indices of pool with the highest scores, best
// first.
func topIndices(cands []Candidate, pool []int, k int) []int {
	top := make([]int, 0, k)
	for _, i := range pool {
		at := len(top)
		for at > 0 && cands[i].Score > cands[top[at-1]].Score {
			at--
		}
		if at >= k {
			continue
		}
		if len(top) < k {
			top = append(top, 0)
		}
		copy(top[at+1:], top[at:len(top)-1])
		top[at] = i
	}
	return top
}

// Chance tells, from salt, whether an event of probability p happens.
func Chance(salt uint64, p float64) bool {
	return float64(cards.Mix(salt+0x9e3779b97f4a7c15)>>11) < p*float64(uint64(1)<<53) && !math.IsNaN(p)
}
