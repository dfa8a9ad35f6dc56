package coquillaude

import (
	"slices"
	"sort"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// tx collects the events of one move.
type tx struct {
	evs []games.Event
	pub []i18n.Msg // the public events, kept for the view
}

func (t *tx) public(key string, args ...any) {
	m := i18n.T(key, args...)
	t.pub = append(t.pub, m)
	t.evs = append(t.evs, games.Event{To: games.Everyone, Msg: m})
}

func (t *tx) private(seat int, key string, args ...any) {
	t.evs = append(t.evs, games.Event{To: seat, Msg: i18n.T(key, args...)})
}

// pending tells a seat of something the round has yet to settle
// (games.Event.Pending).
func (t *tx) pending(seat int, key string, args ...any) {
	t.evs = append(t.evs, games.Event{To: seat, Msg: i18n.T(key, args...), Pending: true})
}

// newState deals: the shuffled bag, 8 pions each, then the opening rolls:
// the highest number starts, ties roll again (their earlier rolls still earn
// gifts, CQ-D3), and each player's last opening number is his number of
// round 1 (the sheet's example: 6432, 4315, 5322 and 5516 are asked).
// opening forces the opening numbers (tests of the sheet's example).
func (g *Game) newState(players int, seed uint64, set settings, opening []int) *state {
	s := &state{
		Players: players, Rng: seed, Opts: set,
		Hands: make([][]byte, players), Scores: make([]int, players),
		Board: strings.Repeat(".", Size*Size), Out: []byte{},
		Rolls: make([]int, players), Opening: make([]int, players), Round: 1,
	}
	s.Bag = fullBag()
	s.shuffle(s.Bag)
	for p := 0; p < players; p++ {
		s.Hands[p] = []byte{}
		s.draw(p, 8)
	}
	t := &tx{}
	if opening != nil {
		copy(s.Opening, opening)
		for p, n := range opening {
			t.public("coquillaude.ev.opening_roll", i18n.Seat(p), n)
		}
		best := 0
		for p, n := range opening {
			if n > opening[best] {
				best = p
			}
		}
		s.First = best
	} else {
		contenders := make([]int, players)
		for i := range contenders {
			contenders[i] = i
		}
		for round := 0; ; round++ {
			best, tied := 0, []int(nil)
			for _, p := range contenders {
				if s.Opening[p] != 0 {
					// A roll replaced by a tie-break roll still earns its gifts.
					if k := giftCount(s.Opening[p]); k > 0 {
						s.Gifts = append(s.Gifts, gift{To: p, N: k, Number: s.Opening[p]})
					}
				}
				n := s.roll()
				s.Opening[p] = n
				t.public("coquillaude.ev.opening_roll", i18n.Seat(p), n)
				switch {
				case n > best:
					best, tied = n, []int{p}
				case n == best:
					tied = append(tied, p)
				}
			}
			if len(tied) == 1 || round == 50 {
				s.First = tied[0]
				break
			}
			t.public("coquillaude.ev.opening_tie", best)
			contenders = tied
		}
	}
	t.public("coquillaude.ev.first", i18n.Seat(s.First), s.Opening[s.First])
	g.s = s
	g.advance(s, t)
	s.Setup = t.pub
	return s
}

func (g *Game) apply(s *state, seat int, text string) ([]games.Event, error) {
	if s.Over {
		return nil, games.Refuse("coquillaude.err.game_over")
	}
	if s.Solo > 0 {
		return g.applySolo(s, seat, text)
	}
	if len(text) > 400 {
		return nil, games.Refuse("coquillaude.err.syntax", string([]rune(text)[:40])+"…")
	}
	waiting := false
	for _, w := range (&Game{s: s}).Waiting() {
		if w.Seat == seat {
			waiting = true
		}
	}
	// CQ-D4: until the round is resolved, a player may replace his
	// proposal (a typo mended): the last one counts.
	replacing := !waiting && seat >= 0 && seat < s.Players && s.Phase == phaseCompose &&
		s.Props[seat] != nil && len(s.Hands[seat]) > 0
	if !waiting && !replacing {
		if seat >= 0 && seat < s.Players && s.Phase == phaseCompose && s.Props[seat] != nil {
			return nil, games.Refuse("coquillaude.err.no_pions")
		}
		awaited := make([]bool, s.Players)
		for _, w := range (&Game{s: s}).Waiting() {
			awaited[w.Seat] = true
		}
		return nil, games.Refuse("coquillaude.err.not_waiting", seatList(awaited, true))
	}
	m, err := parseMove(text)
	if err != nil {
		return nil, err
	}
	t := &tx{}
	switch s.Phase {
	case phaseAnswer:
		switch m.kind {
		case mvAnswer:
			g.answer(s, t, m.text)
		case mvPass:
			g.answer(s, t, "")
		default:
			return nil, games.Refuse("coquillaude.err.phase_answer")
		}
	case phaseGift:
		if m.kind == mvPass {
			m = move{kind: mvGive, random: true}
		}
		if m.kind != mvGive {
			return nil, games.Refuse("coquillaude.err.phase_gift", s.Gifts[0].N, i18n.Seat(s.Gifts[0].To))
		}
		if err := g.give(s, t, seat, m); err != nil {
			return nil, err
		}
	case phaseCompose:
		switch m.kind {
		case mvPropose:
			if err := g.propose(s, t, seat, m.prop, replacing); err != nil {
				return nil, err
			}
		case mvPass:
			s.Props[seat] = &proposal{None: true}
			if replacing {
				// The table was told he proposed: it is told nothing new.
				t.pending(seat, "coquillaude.pv.replaced_none")
				break
			}
			t.public("coquillaude.ev.proposed_none", i18n.Seat(seat))
			g.composeDone(s, t)
		default:
			return nil, games.Refuse("coquillaude.err.phase_compose")
		}
	case phaseVote:
		switch m.kind {
		case mvVote:
		case mvPass:
			m.ballot = 3
			if f, _ := foldLower(strings.TrimSpace(strings.TrimPrefix(text, "/"))); f == "non" || f == "no" {
				m.ballot = 2
			}
		default:
			return nil, games.Refuse("coquillaude.err.phase_vote", s.Votes[s.VoteIdx].Name)
		}
		g.vote(s, t, seat, m.ballot)
	case phaseChallenge:
		switch m.kind {
		case mvChallenge:
			g.challenge(s, t, seat, m.list)
		case mvPass:
			s.Challenged[seat] = true
			t.public("coquillaude.ev.no_challenge", i18n.Seat(seat))
			g.challengeDone(s, t)
		default:
			return nil, games.Refuse("coquillaude.err.phase_challenge")
		}
	}
	s.Moves++
	return t.evs, nil
}

// advance runs the automatic steps (rolls, free draws, the end of a gift)
// until the game waits for someone.
func (g *Game) advance(s *state, t *tx) {
	for !s.Over {
		if len(s.Gifts) > 0 {
			if s.Phase == phaseGift {
				return
			}
			gf := s.Gifts[0]
			s.Given = make([]bool, s.Players)
			any := false
			for p := range s.Given {
				if p == gf.To || len(s.Hands[p]) == 0 {
					s.Given[p] = true
				} else {
					any = true
				}
			}
			if !any {
				s.Gifts = s.Gifts[1:]
				s.Given = nil
				continue
			}
			s.Phase = phaseGift
			t.public("coquillaude.ev.gift_due", i18n.Seat(gf.To), gf.Number, gf.N)
			return
		}
		if s.Phase != phaseDraw {
			return
		}
		if s.Turn >= s.Players {
			g.startCompose(s, t)
			return
		}
		p := s.seatOf(s.Turn)
		if !s.Rolled {
			n := s.Opening[p]
			if s.Round > 1 {
				n = s.roll()
			}
			s.Rolls[p], s.Rolled = n, true
			kind, _ := g.entry(n)
			s.Log = append(s.Log, rollLog{Seat: p, Number: n, Kind: kind})
			t.public("coquillaude.ev.roll", i18n.Seat(p), n, kindMsg(kind))
			if k := giftCount(n); k > 0 {
				s.Gifts = append(s.Gifts, gift{To: p, N: k, Number: n})
			}
			continue
		}
		kind, be := g.entry(s.Rolls[p])
		switch {
		case len(s.Bag) == 0:
			// The bag is empty: no more questions.
			s.logResult(i18n.T("coquillaude.log.bag_empty"))
			t.public("coquillaude.ev.bag_empty", i18n.Seat(p))
			s.nextTurn()
		case !isQuestion(kind):
			n := s.draw(p, entryPions(kind))
			s.logResult(i18n.T("coquillaude.log.free", n))
			t.public("coquillaude.ev.free", i18n.Seat(p), kindMsg(kind), n, len(s.Bag))
			s.nextTurn()
		default:
			var q question
			if be != nil {
				q = question{Puzzle: puzzleBooklet, Text: be.Question, Answers: be.Answers}
			} else {
				q = makeQuestion(g.w.dict, kind, s.next())
			}
			q.Seat, q.Number, q.Stars = p, s.Rolls[p], kind
			s.Q = &q
			s.Phase = phaseAnswer
			t.public("coquillaude.ev.question", i18n.Seat(p), q.Number, kindMsg(kind), q.msg())
			return
		}
	}
}

// entry is the booklet entry of a number: the server's booklet first, then
// the game's own (CQ-D2).
func (g *Game) entry(n int) (int, *BookletEntry) {
	if g.book != nil {
		if e, ok := g.book.Entries[n]; ok {
			return e.kind(), &e
		}
	}
	return entryKind(n), nil
}

func (s *state) logResult(m i18n.Msg) {
	if len(s.Log) > 0 {
		s.Log[len(s.Log)-1].Result = m
	}
}

func (s *state) nextTurn() {
	s.Turn++
	s.Rolled = false
	s.Phase = phaseDraw
}

// kindMsg names an entry: "★★", "COQUILLAUDINETTE"...
func kindMsg(kind int) i18n.Msg {
	switch kind {
	case entryStar1:
		return i18n.Raw("★")
	case entryStar2:
		return i18n.Raw("★★")
	case entryStar3:
		return i18n.Raw("★★★")
	case entryFree6:
		return i18n.Raw("COQUILLAUDINETTE")
	case entryFree8:
		return i18n.Raw("COQUILLAUDETTE")
	}
	return i18n.Raw("COQUILLAUDE")
}

// answer: one answer only; right gives 4, 6 or 8 pions, wrong or none 2.
func (g *Game) answer(s *state, t *tx, text string) {
	q := s.Q
	p := q.Seat
	right := text != "" && q.right(g.w.dict, text)
	shown := strings.ToUpper(strings.TrimSpace(text))
	if len([]rune(shown)) > 30 {
		shown = string([]rune(shown)[:30]) + "…"
	}
	if right {
		n := s.draw(p, entryPions(q.Stars))
		s.logResult(i18n.T("coquillaude.log.right", n))
		t.public("coquillaude.ev.right", i18n.Seat(p), shown, n)
	} else {
		n := s.draw(p, wrongPions)
		s.logResult(i18n.T("coquillaude.log.wrong", n))
		if text == "" {
			t.public("coquillaude.ev.no_answer", i18n.Seat(p), n, q.botAnswer())
		} else {
			t.public("coquillaude.ev.wrong", i18n.Seat(p), shown, n, q.botAnswer())
		}
	}
	s.Q = nil
	s.nextTurn()
	g.advance(s, t)
}

// give is one giver's part of a gift (CQ-D3): the pions he chooses, or
// random ones; a giver with too few gives what he has.
func (g *Game) give(s *state, t *tx, seat int, m move) error {
	gf := s.Gifts[0]
	h := s.Hands[seat]
	n := min(gf.N, len(h))
	var given []byte
	if m.random {
		for i := 0; i < n; i++ {
			k := s.intn(len(h))
			given = append(given, h[k])
			h = append(h[:k], h[k+1:]...)
		}
	} else {
		if len(m.give) != n {
			return games.Refuse("coquillaude.err.give_count", n, i18n.Seat(gf.To), len(m.give))
		}
		rest, ok := takeLetters(h, m.give)
		if !ok {
			return games.Refuse("coquillaude.err.give_not_owned", string(m.give))
		}
		h, given = rest, m.give
	}
	s.Hands[seat] = h
	s.Hands[gf.To] = append(s.Hands[gf.To], given...)
	s.Given[seat] = true
	t.public("coquillaude.ev.gave", i18n.Seat(seat), n, i18n.Seat(gf.To))
	t.private(seat, "coquillaude.pv.gave", spaced(string(given)), i18n.Seat(gf.To))
	t.private(gf.To, "coquillaude.pv.received", i18n.Seat(seat), spaced(string(given)))
	for _, d := range s.Given {
		if !d {
			return nil
		}
	}
	s.Gifts = s.Gifts[1:]
	s.Given = nil
	s.Phase = phaseDraw
	g.advance(s, t)
	return nil
}

// takeLetters removes letters from a hand (a new slice); false when the
// hand lacks one.
func takeLetters(hand, letters []byte) ([]byte, bool) {
	rest := cloneBytes(hand)
	for _, l := range letters {
		k := -1
		for i, b := range rest {
			if b == l {
				k = i
				break
			}
		}
		if k < 0 {
			return hand, false
		}
		rest = append(rest[:k], rest[k+1:]...)
	}
	return rest, true
}

func (g *Game) startCompose(s *state, t *tx) {
	s.Phase = phaseCompose
	s.Props = make([]*proposal, s.Players)
	for p := range s.Props {
		if len(s.Hands[p]) == 0 {
			s.Props[p] = &proposal{None: true}
		}
	}
	t.public("coquillaude.ev.compose", s.Round)
	g.composeDone(s, t)
}

// propose records a seat's proposal, or replaces the one he made this
// round. Its geometry and the pions are checked at once, so that a typing
// slip can be mended in time; whether its words are valid is only checked
// at resolution (CQ-D6).
func (g *Game) propose(s *state, t *tx, seat int, p proposal, replacing bool) error {
	if _, err := s.place(p.Word, p.Row, p.Col, p.Dir, s.Hands[seat]); err != nil {
		return err
	}
	if err := p.checkClaims(); err != nil {
		return err
	}
	s.Props[seat] = &p
	if replacing {
		// The table was told he proposed: it is told nothing new, and the
		// round waits for the same players.
		t.pending(seat, "coquillaude.pv.replaced", p.Word, cellName(p.Row, p.Col), i18n.T("coquillaude.dir."+dirWord[p.Dir]))
		return nil
	}
	t.public("coquillaude.ev.proposed", i18n.Seat(seat))
	t.pending(seat, "coquillaude.pv.proposed", p.Word, cellName(p.Row, p.Col), i18n.T("coquillaude.dir."+dirWord[p.Dir]))
	g.composeDone(s, t)
	return nil
}

// checkClaims refuses a claimed anagram that is no arrangement of the
// word's letters, or one claimed twice.
func (p *proposal) checkClaims() error {
	seen := map[string]bool{p.Word: true}
	for _, a := range p.Anagrams {
		if len(a) != len(p.Word) || !isAnagram(p.Word, a) {
			return games.Refuse("coquillaude.err.not_anagram", a, p.Word)
		}
		if seen[a] {
			return games.Refuse("coquillaude.err.anagram_twice", a)
		}
		seen[a] = true
	}
	return nil
}

func (g *Game) composeDone(s *state, t *tx) {
	for _, p := range s.Props {
		if p == nil {
			return
		}
	}
	g.resolve(s, t)
}

// check fills a proposal's validity (CQ-D6) and the votes it needs
// (CQ-D5). Forms are the word (0) then its anagrams.
func (g *Game) check(s *state, seat int, p *proposal) (lay layout, votes []voteItem) {
	p.Checked, p.Valid = true, false
	lay, err := s.place(p.Word, p.Row, p.Col, p.Dir, s.Hands[seat])
	if err != nil {
		if r, ok := err.(*games.Refusal); ok {
			p.Why = r.Msg
		}
		return lay, nil
	}
	forms := append([]string{p.Word}, p.Anagrams...)
	claims := append([]bool{p.Famous}, p.AnaFam...)
	p.FamOK = make([]bool, len(forms))
	for i, f := range forms {
		if i > 0 && !isAnagram(p.Word, f) {
			p.Why = i18n.T("coquillaude.why.not_anagram", f, p.Word)
			return lay, nil
		}
		switch {
		case famous()[f]:
			p.FamOK[i] = true
		case claims[i]:
			votes = append(votes, voteItem{Seat: seat, Form: i, Name: f})
		case !g.w.valid(f):
			p.Why = i18n.T("coquillaude.why.not_word", f)
			if g.w.lettersForWords(f) {
				p.Why = i18n.T("coquillaude.why.initialism", f)
			}
			return lay, nil
		}
	}
	for _, sw := range lay.Side {
		if !g.w.valid(sw.Word) {
			p.Why = i18n.T("coquillaude.why.side_word", sw.Word)
			if g.w.lettersForWords(sw.Word) {
				p.Why = i18n.T("coquillaude.why.side_initialism", sw.Word)
			}
			return lay, nil
		}
	}
	p.Valid = true
	return lay, votes
}

// score is a proposal's value given the votes so far: ok reports whether
// it is still valid (a name refused by the vote that is no word makes it
// invalid).
func (g *Game) score(p *proposal, lay layout, voted map[int]bool) (int, bool) {
	forms := append([]string{p.Word}, p.Anagrams...)
	fs := make([]form, len(forms))
	for i, f := range forms {
		fam := p.FamOK[i]
		if ok, was := voted[i]; was {
			if !ok && !g.w.valid(f) {
				return 0, false
			}
			fam = ok
		}
		fs[i] = form{Word: f, Famous: fam}
	}
	return mainValue(len(p.Word), lay.Shells, fs) + sideValue(lay.Side), true
}

// resolve checks every proposal, then holds the votes that may change the
// outcome, then places the best (CQ-D5, CQ-D6).
func (g *Game) resolve(s *state, t *tx) {
	// "Proposition enregistrée… vérifiée quand tout le monde aura
	// proposé": no longer so once the round is resolved.
	t.evs = games.Settle(t.evs)
	type cand struct {
		lay   layout
		votes []voteItem
	}
	cands := make([]cand, s.Players)
	for seat, p := range s.Props {
		if p.None {
			continue
		}
		lay, votes := g.check(s, seat, p)
		cands[seat] = cand{lay, votes}
	}
	// A vote is held only when it may matter: the proposal's best case
	// (every name accepted) reaches 25 and the others' worst cases.
	minOf := make([]int, s.Players)
	maxOf := make([]int, s.Players)
	for seat, p := range s.Props {
		minOf[seat], maxOf[seat] = -1, -1
		if p.None || !p.Valid {
			continue
		}
		no, yes := map[int]bool{}, map[int]bool{}
		for _, v := range cands[seat].votes {
			no[v.Form], yes[v.Form] = false, true
		}
		if v, ok := g.score(p, cands[seat].lay, no); ok {
			minOf[seat] = v
		}
		maxOf[seat], _ = g.score(p, cands[seat].lay, yes)
	}
	s.Votes, s.VoteOK, s.VoteIdx = nil, nil, 0
	for seat, p := range s.Props {
		if len(cands[seat].votes) == 0 {
			continue
		}
		// A claim that cannot change the round is not voted on, and the
		// table is told why (finish): it could not reach 25, or another
		// proposal is worth more whatever the vote.
		if maxOf[seat] < 25 {
			p.NoVote = &noVote{Max: maxOf[seat], By: -1}
			continue
		}
		by := -1
		for o := range s.Props {
			if o != seat && minOf[o] > maxOf[seat] && (by < 0 || minOf[o] > minOf[by]) {
				by = o
			}
		}
		if by >= 0 {
			p.NoVote = &noVote{Max: maxOf[seat], By: by, ByScore: minOf[by]}
			continue
		}
		s.Votes = append(s.Votes, cands[seat].votes...)
	}
	if len(s.Votes) > 0 {
		t.public("coquillaude.ev.votes", len(s.Votes))
		g.openVote(s, t)
		return
	}
	g.finish(s, t)
}

func (g *Game) openVote(s *state, t *tx) {
	s.Phase = phaseVote
	it := s.Votes[s.VoteIdx]
	s.Ballots = make([]int, s.Players)
	s.Ballots[it.Seat] = -1 // the proposer does not vote
	t.public("coquillaude.ev.vote_open", i18n.Seat(it.Seat), it.Name)
}

// vote: a name not on the list is accepted by a majority of those who vote
// in the window (CQ-D5); abstentions and timeouts do not count.
func (g *Game) vote(s *state, t *tx, seat, b int) {
	s.Ballots[seat] = b
	t.public("coquillaude.ev.voted", i18n.Seat(seat))
	yes, no := 0, 0
	for _, x := range s.Ballots {
		switch x {
		case 0:
			return
		case 1:
			yes++
		case 2:
			no++
		}
	}
	it := s.Votes[s.VoteIdx]
	ok := yes > no
	s.VoteOK = append(s.VoteOK, ok)
	if ok {
		t.public("coquillaude.ev.vote_yes", it.Name, yes, no)
	} else {
		t.public("coquillaude.ev.vote_no", it.Name, yes, no)
	}
	s.VoteIdx++
	if s.VoteIdx < len(s.Votes) {
		g.openVote(s, t)
		return
	}
	s.Ballots = nil
	g.finish(s, t)
}

// finish scores the checked proposals with the votes, reveals them and
// places the best; ends the game below 25 (CQ-D8).
func (g *Game) finish(s *state, t *tx) {
	from := len(t.pub)
	s.LastWord = nil
	best := -1
	var bestSeats []int
	lays := make([]layout, s.Players)
	for seat, p := range s.Props {
		if p.None {
			t.public("coquillaude.ev.reveal_none", i18n.Seat(seat))
			continue
		}
		if !p.Valid {
			t.public("coquillaude.ev.reveal_refused", i18n.Seat(seat), p.Word)
			t.private(seat, "coquillaude.pv.refused", p.Word, p.Why)
			continue
		}
		lay, _ := s.place(p.Word, p.Row, p.Col, p.Dir, s.Hands[seat])
		lays[seat] = lay
		voted := map[int]bool{}
		for i, v := range s.Votes {
			if v.Seat == seat && i < len(s.VoteOK) {
				voted[v.Form] = s.VoteOK[i]
			}
		}
		var unvoted []string
		if p.NoVote != nil {
			// Not voted on: the names off the list are not famous (no
			// vote at all is a refusal, CQ-D5).
			unvoted = p.claimsOffTheList()
			for i, f := range p.forms() {
				if slices.Contains(unvoted, f) {
					voted[i] = false
				}
			}
		}
		sc, ok := g.score(p, lay, voted)
		if !ok {
			p.Valid = false
			p.Why = i18n.T("coquillaude.why.vote_refused", p.Word)
			if p.NoVote != nil {
				p.Why = i18n.T("coquillaude.why.no_vote", p.Word)
			}
			t.public("coquillaude.ev.reveal_refused", i18n.Seat(seat), p.Word)
			g.tellNoVote(t, seat, p, unvoted)
			t.private(seat, "coquillaude.pv.refused", p.Word, p.Why)
			continue
		}
		for i, v := range voted {
			p.FamOK[i] = v
		}
		p.Score = sc
		t.public("coquillaude.ev.reveal", i18n.Seat(seat), describe(p), sc)
		g.tellNoVote(t, seat, p, unvoted)
		switch {
		case sc > best:
			best, bestSeats = sc, []int{seat}
		case sc == best:
			bestSeats = append(bestSeats, seat)
		}
	}
	keep := func() { s.Last, s.LastMove = append([]i18n.Msg(nil), t.pub[from:]...), s.Moves+1 }
	if best < 25 {
		// CQ-D8: nobody can score 25: the game ends (the proposal below 25
		// is not placed).
		if best < 0 {
			t.public("coquillaude.ev.end_none")
		} else {
			t.public("coquillaude.ev.end_low", best)
		}
		s.Props = nil
		g.endGame(s, t)
		keep()
		return
	}
	winner := g.tieBreak(s, t, bestSeats)
	p := s.Props[winner]
	lay := lays[winner]
	g.lay(s, winner, lay)
	s.LastWord = append([]int(nil), lay.Cells...)
	s.Scores[winner] += p.Score
	t.public("coquillaude.ev.placed", i18n.Seat(winner), p.Word, cellName(p.Row, p.Col), i18n.T("coquillaude.dir."+dirWord[p.Dir]), p.Score, len(lay.newLetters()))
	s.Props = nil
	if len(p.Anagrams) > 0 {
		// CQ-D7: the anagram challenge is open.
		var cells []int
		for i, n := range lay.New {
			if n {
				cells = append(cells, lay.Cells[i])
			}
		}
		s.Placed = &placed{Seat: winner, Word: p.Word, Cells: cells, Shells: lay.Shells, Claimed: len(p.Anagrams), Score: p.Score}
		s.Challenged = make([]bool, s.Players)
		s.Challenged[winner] = true
		s.Phase = phaseChallenge
		t.public("coquillaude.ev.challenge_open", i18n.Seat(winner), p.Word, len(p.Anagrams))
		keep()
		return
	}
	keep()
	g.nextRound(s, t)
}

// tellNoVote explains to the table why a famous claim was not put to the
// vote: even accepted it could not change the round (CQ-D5).
func (g *Game) tellNoVote(t *tx, seat int, p *proposal, names []string) {
	if p.NoVote == nil || len(names) == 0 {
		return
	}
	list := strings.Join(names, ", ")
	if p.NoVote.By < 0 {
		t.public("coquillaude.ev.no_vote_low", i18n.Seat(seat), list, p.NoVote.Max)
		return
	}
	t.public("coquillaude.ev.no_vote_beaten", i18n.Seat(seat), list, p.NoVote.Max, i18n.Seat(p.NoVote.By), p.NoVote.ByScore)
}

// describe is a proposal as revealed: the word, its claimed anagrams and
// famous marks.
func describe(p *proposal) string {
	var b strings.Builder
	b.WriteString(p.Word)
	if len(p.FamOK) > 0 && p.FamOK[0] {
		b.WriteString("⭐")
	}
	for i, a := range p.Anagrams {
		if i == 0 {
			b.WriteString(" (")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(a)
		if i+1 < len(p.FamOK) && p.FamOK[i+1] {
			b.WriteString("⭐")
		}
	}
	if len(p.Anagrams) > 0 {
		b.WriteString(")")
	}
	return b.String()
}

// tieBreak is CQ-D6: a famous name wins; then the higher number rolled this
// round; then the tied roll again (those rolls earn gifts too, CQ-D3,
// given at the start of the next round).
func (g *Game) tieBreak(s *state, t *tx, seats []int) int {
	if len(seats) == 1 {
		return seats[0]
	}
	var fam []int
	for _, seat := range seats {
		for _, f := range s.Props[seat].FamOK {
			if f {
				fam = append(fam, seat)
				break
			}
		}
	}
	if len(fam) == 1 {
		t.public("coquillaude.ev.tie_famous", i18n.Seat(fam[0]))
		return fam[0]
	}
	if len(fam) > 1 {
		seats = fam
	}
	rolls := make(map[int]int, len(seats))
	for _, seat := range seats {
		rolls[seat] = s.Rolls[seat]
	}
	for round := 0; ; round++ {
		best, tied := -1, []int(nil)
		for _, seat := range seats {
			switch n := rolls[seat]; {
			case n > best:
				best, tied = n, []int{seat}
			case n == best:
				tied = append(tied, seat)
			}
		}
		if len(tied) == 1 || round == 50 {
			if round == 0 {
				t.public("coquillaude.ev.tie_dice", i18n.Seat(tied[0]), best)
			} else {
				t.public("coquillaude.ev.tie_reroll", i18n.Seat(tied[0]), best)
			}
			return tied[0]
		}
		seats = tied
		for _, seat := range seats {
			n := s.roll()
			rolls[seat] = n
			if k := giftCount(n); k > 0 {
				s.Gifts = append(s.Gifts, gift{To: seat, N: k, Number: n})
			}
		}
	}
}

// lay puts a layout's new pions on the board, from the seat's hand.
func (g *Game) lay(s *state, seat int, lay layout) {
	b := []byte(s.Board)
	rest, _ := takeLetters(s.Hands[seat], lay.newLetters())
	s.Hands[seat] = rest
	for i, idx := range lay.Cells {
		b[idx] = lay.Word[i]
	}
	s.Board = string(b)
}

// challenge is CQ-D7: the first who shows more anagrams of the placed word
// than were claimed scores the word valued with his list; the placer loses
// his points and his placed pions leave the game. A list that fails is
// shown and ends that player's challenge.
func (g *Game) challenge(s *state, t *tx, seat int, list []string) {
	pl := s.Placed
	seen := map[string]bool{}
	var why i18n.Msg
	for _, a := range list {
		switch {
		case !isAnagram(pl.Word, a):
			why = i18n.T("coquillaude.why.not_anagram", a, pl.Word)
		case seen[a]:
			why = i18n.T("coquillaude.why.anagram_twice", a)
		case !g.w.valid(a):
			why = i18n.T("coquillaude.why.not_word", a)
		}
		if !why.IsZero() {
			break
		}
		seen[a] = true
	}
	if why.IsZero() && len(list) <= pl.Claimed {
		why = i18n.T("coquillaude.why.not_more", len(list), pl.Claimed)
	}
	s.Challenged[seat] = true
	if !why.IsZero() {
		t.public("coquillaude.ev.challenge_failed", i18n.Seat(seat), strings.Join(list, ", "), why)
		g.challengeDone(s, t)
		return
	}
	fs := []form{{Word: pl.Word, Famous: famous()[pl.Word]}}
	for _, a := range list {
		fs = append(fs, form{Word: a, Famous: famous()[a]})
	}
	v := mainValue(len(pl.Word), pl.Shells, fs)
	s.Scores[pl.Seat] -= pl.Score
	s.Scores[seat] += v
	b := []byte(s.Board)
	for _, idx := range pl.Cells {
		s.Out = append(s.Out, b[idx])
		b[idx] = '.'
	}
	s.Board = string(b)
	s.LastWord = nil // the word left the board
	t.public("coquillaude.ev.challenge_won", i18n.Seat(seat), strings.Join(list, ", "), v, i18n.Seat(pl.Seat), pl.Score, len(pl.Cells))
	s.Last = append(append([]i18n.Msg(nil), s.Last...), t.pub[len(t.pub)-1])
	s.LastMove = s.Moves + 1
	g.nextRound(s, t)
}

func (g *Game) challengeDone(s *state, t *tx) {
	for _, c := range s.Challenged {
		if !c {
			return
		}
	}
	t.public("coquillaude.ev.challenge_closed", s.Placed.Word)
	g.nextRound(s, t)
}

func (g *Game) nextRound(s *state, t *tx) {
	s.Round++
	s.Turn, s.Rolled, s.Phase = 0, false, phaseDraw
	s.Rolls = make([]int, s.Players)
	s.Log = nil
	s.Props, s.Votes, s.VoteOK, s.Ballots, s.VoteIdx = nil, nil, nil, nil, 0
	s.Placed, s.Challenged = nil, nil
	t.public("coquillaude.ev.round", s.Round)
	g.advance(s, t)
}

// endGame closes the game: the highest total wins (CQ-D8).
func (g *Game) endGame(s *state, t *tx) {
	s.Over = true
	s.Phase = phaseDraw
	order := make([]int, s.Players)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return s.Scores[order[i]] > s.Scores[order[j]] })
	for _, p := range order {
		t.public("coquillaude.ev.final", i18n.Seat(p), s.Scores[p])
	}
}

// Preview is what a proposal would score were it placed now, checked as
// the round's resolution checks it (its place, its pions, its words), a
// famous name it claims counted as no vote has accepted it yet. It works
// on a copy of the state: the game does not change (games.Previewer).
func (g *Game) Preview(seat int, text string) (int, error) {
	m, err := parseMove(text)
	if err != nil {
		return 0, err
	}
	if m.kind != mvPropose {
		return 0, games.ErrNoPreview
	}
	s := g.s.clone()
	if s.Phase != phaseCompose || seat < 0 || seat >= s.Players {
		return 0, games.Refuse("coquillaude.err.phase_compose")
	}
	p := m.prop
	if _, err := s.place(p.Word, p.Row, p.Col, p.Dir, s.Hands[seat]); err != nil {
		return 0, err
	}
	if err := p.checkClaims(); err != nil {
		return 0, err
	}
	lay, _ := g.check(s, seat, &p)
	if !p.Valid {
		return 0, &games.Refusal{Msg: p.Why}
	}
	points, _ := g.score(&p, lay, nil)
	return points, nil
}
