package coquillaude

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tablee/tablee/i18n"
)

// Phases of the game. The draw phase is automatic between answers and gifts.
const (
	phaseDraw      = 0 // internal: the engine rolls and draws for the player of Turn
	phaseGift      = 1 // CQ-D3: the other players give pions (simultaneous)
	phaseAnswer    = 2 // one player answers his question
	phaseCompose   = 3 // CQ-D4: everyone composes (simultaneous)
	phaseVote      = 4 // CQ-D5: the others vote on a famous name (simultaneous)
	phaseChallenge = 5 // CQ-D7: the others may challenge the anagrams (simultaneous)
)

// gift is one roll that earns pions from every other player (CQ-D3).
type gift struct {
	To     int `json:"to"`
	N      int `json:"n"`
	Number int `json:"number"`
}

// rollLog is one line of the round's record: a seat's number, its entry and
// what came of it.
type rollLog struct {
	Seat   int      `json:"seat"`
	Number int      `json:"number"`
	Kind   int      `json:"kind"`
	Result i18n.Msg `json:"result,omitzero"`
}

// proposal is a seat's word of the round (CQ-D4), private until resolution.
type proposal struct {
	None     bool     `json:"none,omitempty"` // proposes nothing
	Word     string   `json:"word,omitempty"` // folded, as it lies on the board
	Row      int      `json:"row,omitempty"`
	Col      int      `json:"col,omitempty"`
	Dir      int      `json:"dir,omitempty"`
	Famous   bool     `json:"famous,omitempty"` // claimed a famous person's name
	Anagrams []string `json:"anagrams,omitempty"`
	AnaFam   []bool   `json:"ana_famous,omitempty"` // each anagram claimed famous
	Text     string   `json:"text,omitempty"`       // as typed, for the private view

	// Filled at resolution.
	Checked bool     `json:"checked,omitempty"`
	Valid   bool     `json:"valid,omitempty"`
	Why     i18n.Msg `json:"why,omitzero"`
	FamOK   []bool   `json:"fam_ok,omitempty"` // per form (word, anagrams...): counts as famous
	Score   int      `json:"score,omitempty"`
	NoVote  *noVote  `json:"no_vote,omitempty"` // its famous claims were not voted on
}

// noVote is why a proposal's famous claims off the list were not put to the
// vote (CQ-D5): even accepted, the proposal would be worth at most Max,
// under 25 (By < 0) or under ByScore, the least that seat By's proposal is
// worth.
type noVote struct {
	Max     int `json:"max"`
	By      int `json:"by"`
	ByScore int `json:"by_score,omitempty"`
}

// forms are the proposal's word then its claimed anagrams.
func (p *proposal) forms() []string { return append([]string{p.Word}, p.Anagrams...) }

// claimsOffTheList are the forms claimed famous that the famous list lacks:
// the ones a vote would decide (CQ-D5).
func (p *proposal) claimsOffTheList() []string {
	var out []string
	for i, f := range p.forms() {
		claimed := p.Famous
		if i > 0 {
			claimed = p.AnaFam[i-1]
		}
		if claimed && !famous()[f] {
			out = append(out, f)
		}
	}
	return out
}

// voteItem is a famous name put to the vote (CQ-D5).
type voteItem struct {
	Seat int    `json:"seat"` // the proposer
	Form int    `json:"form"` // 0 the word, i+1 its i-th anagram
	Name string `json:"name"`
}

// state is the whole game, saved as JSON.
type state struct {
	Players int      `json:"players"`
	Rng     uint64   `json:"rng"`
	Opts    settings `json:"opts"`
	Bag     []byte   `json:"bag"`   // drawn from the end
	Hands   [][]byte `json:"hands"` // private pions
	Board   string   `json:"board"` // Size*Size letters, '.' empty
	Out     []byte   `json:"out"`   // pions that left the game (CQ-D7)
	Scores  []int    `json:"scores"`
	First   int      `json:"first"`
	Opening []int    `json:"opening"` // each seat's opening number: its number of round 1

	Round  int       `json:"round"`
	Turn   int       `json:"turn"` // 0..Players: index in the round's order from First
	Phase  int       `json:"phase"`
	Rolled bool      `json:"rolled,omitempty"`
	Rolls  []int     `json:"rolls"` // this round's number of each seat (0 = not yet)
	Log    []rollLog `json:"log"`   // this round's rolls and entries

	Gifts []gift `json:"gifts,omitempty"` // owed, first is being given
	Given []bool `json:"given,omitempty"` // per seat, during phaseGift

	Q *question `json:"q,omitempty"` // the question being answered

	Props []*proposal `json:"props,omitempty"` // per seat during compose and resolution

	Votes   []voteItem `json:"votes,omitempty"`
	VoteIdx int        `json:"vote_idx,omitempty"`
	Ballots []int      `json:"ballots,omitempty"` // per seat: 0 not yet, 1 yes, 2 no, 3 abstain
	VoteOK  []bool     `json:"vote_ok,omitempty"` // results of Votes so far

	Placed     *placed `json:"placed,omitempty"` // the word open to challenge
	Challenged []bool  `json:"challenged,omitempty"`

	Over  bool       `json:"over,omitempty"`
	Moves int        `json:"moves"`
	Setup []i18n.Msg `json:"setup,omitempty"`
	Last  []i18n.Msg `json:"last,omitempty"` // the last resolution, for the public view
	// LastMove is the count of moves once the move that made Last was
	// played (0 in a state saved before it was kept): how old the recap
	// is (games.Recalled.Age).
	LastMove int `json:"last_move,omitempty"`
	// LastWord is the board cells of the word placed at the last
	// resolution (none when it placed nothing), drawn highlighted.
	LastWord []int `json:"last_word,omitempty"`

	// Solo is set in a position of the duplicate (NewDuplicate): one
	// player, the hand refilled to Solo pions each round; 0 at a table.
	Solo int `json:"solo,omitempty"`
}

// placed is the word placed this round while the anagram challenge is open.
type placed struct {
	Seat    int    `json:"seat"`
	Word    string `json:"word"`
	Cells   []int  `json:"cells"` // board cells of the new pions
	Shells  int    `json:"shells"`
	Claimed int    `json:"claimed"` // anagrams claimed
	Score   int    `json:"score"`   // what the placer scored
}

// settings are the table's options kept with the game.
type settings struct {
	BotSuccess int               `json:"bot_success"` // percent of questions a bot answers right
	Durations  map[string]string `json:"durations,omitempty"`
}

// next is splitmix64: the whole random source of a game.
func (s *state) next() uint64 {
	s.Rng += 0x9e3779b97f4a7c15
	return mix64(s.Rng)
}

func (s *state) intn(n int) int { return int(s.next() % uint64(n)) }

func (s *state) shuffle(b []byte) {
	for i := len(b) - 1; i > 0; i-- {
		j := s.intn(i + 1)
		b[i], b[j] = b[j], b[i]
	}
}

// roll throws the four dice: blue thousands, white hundreds, red tens,
// green units.
func (s *state) roll() int {
	n := 0
	for i := 0; i < 4; i++ {
		n = n*10 + 1 + s.intn(6)
	}
	return n
}

// draw moves up to n pions from the bag to seat's hand (when the bag holds
// fewer, he takes what remains) and returns how many.
func (s *state) draw(seat, n int) int {
	if n > len(s.Bag) {
		n = len(s.Bag)
	}
	k := len(s.Bag) - n
	s.Hands[seat] = append(s.Hands[seat], s.Bag[k:]...)
	s.Bag = s.Bag[:k]
	return n
}

func (s *state) at(r, c int) byte { return s.Board[r*Size+c] }

func (s *state) boardEmpty() bool {
	for i := 0; i < len(s.Board); i++ {
		if s.Board[i] != '.' {
			return false
		}
	}
	return true
}

// seatOf is the seat playing at index i of the round's order.
func (s *state) seatOf(i int) int { return (s.First + i) % s.Players }

func cloneBytes(b []byte) []byte { return append(make([]byte, 0, len(b)+8), b...) }

func (s *state) clone() *state {
	c := *s
	c.Bag = cloneBytes(s.Bag)
	c.Out = cloneBytes(s.Out)
	c.Hands = make([][]byte, len(s.Hands))
	for i, h := range s.Hands {
		c.Hands[i] = cloneBytes(h)
	}
	c.Scores = append([]int(nil), s.Scores...)
	c.Opening = append([]int(nil), s.Opening...)
	c.Rolls = append([]int(nil), s.Rolls...)
	c.Log = append([]rollLog(nil), s.Log...)
	c.Gifts = append([]gift(nil), s.Gifts...)
	c.Given = append([]bool(nil), s.Given...)
	if s.Q != nil {
		q := *s.Q
		c.Q = &q
	}
	if s.Props != nil {
		c.Props = make([]*proposal, len(s.Props))
		for i, p := range s.Props {
			if p != nil {
				cp := *p
				cp.FamOK = append([]bool(nil), p.FamOK...)
				c.Props[i] = &cp
			}
		}
	}
	c.Votes = append([]voteItem(nil), s.Votes...)
	c.Ballots = append([]int(nil), s.Ballots...)
	c.VoteOK = append([]bool(nil), s.VoteOK...)
	if s.Placed != nil {
		p := *s.Placed
		c.Placed = &p
	}
	c.Challenged = append([]bool(nil), s.Challenged...)
	// Setup, Last, LastWord, Anagrams and Cells are never modified in place,
	// only replaced.
	return &c
}

func (s *state) save() ([]byte, error) { return json.Marshal(s) }

func loadState(data []byte) (*state, error) {
	s := &state{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("coquillaude: load: %w", err)
	}
	n := s.Players
	least := 2
	if s.Solo > 0 {
		least = 1 // a duplicate round: one player (NewDuplicate)
	}
	if n < least || n > 4 || len(s.Hands) != n || len(s.Scores) != n || len(s.Board) != Size*Size ||
		len(s.Rolls) != n || s.First < 0 || s.First >= n || s.Turn < 0 || s.Turn > n ||
		s.Phase < phaseDraw || s.Phase > phaseChallenge {
		return nil, errors.New("coquillaude: load: inconsistent state")
	}
	ok := true
	switch s.Phase {
	case phaseAnswer:
		ok = s.Q != nil && s.Q.Seat >= 0 && s.Q.Seat < n && s.Q.Stars >= 1 && s.Q.Stars <= 3
	case phaseGift:
		ok = len(s.Gifts) > 0 && len(s.Given) == n && s.Gifts[0].To >= 0 && s.Gifts[0].To < n
	case phaseCompose:
		ok = len(s.Props) == n
	case phaseVote:
		ok = len(s.Props) == n && s.VoteIdx < len(s.Votes) && len(s.Ballots) == n
	case phaseChallenge:
		ok = s.Placed != nil && len(s.Challenged) == n
	}
	for _, gf := range s.Gifts {
		ok = ok && gf.To >= 0 && gf.To < n
	}
	for _, c := range s.LastWord {
		ok = ok && c >= 0 && c < Size*Size && s.Board[c] != '.'
	}
	if !ok {
		return nil, errors.New("coquillaude: load: inconsistent phase")
	}
	letters := func(b []byte) bool {
		for _, x := range b {
			if x < 'A' || x > 'Z' {
				return false
			}
		}
		return true
	}
	if !letters(s.Bag) || !letters(s.Out) {
		return nil, errors.New("coquillaude: load: bad pion")
	}
	for _, h := range s.Hands {
		if !letters(h) {
			return nil, errors.New("coquillaude: load: bad pion")
		}
	}
	for i := 0; i < len(s.Board); i++ {
		if b := s.Board[i]; b != '.' && (b < 'A' || b > 'Z') {
			return nil, errors.New("coquillaude: load: bad board")
		}
	}
	total := len(s.Bag) + len(s.Out)
	for _, h := range s.Hands {
		total += len(h)
	}
	for i := 0; i < len(s.Board); i++ {
		if s.Board[i] != '.' {
			total++
		}
	}
	if total != BagSize {
		return nil, fmt.Errorf("coquillaude: load: %d pions, want %d", total, BagSize)
	}
	for i, h := range s.Hands {
		if h == nil {
			s.Hands[i] = []byte{}
		}
	}
	if s.Bag == nil {
		s.Bag = []byte{}
	}
	if s.Out == nil {
		s.Out = []byte{}
	}
	return s, nil
}
