package escogriffe

// splitmix64: the whole random state of a game is one uint64 kept in the
// saved state, so a reloaded game draws the same cards.
func (s *state) rand64() uint64 {
	s.RNG += 0x9e3779b97f4a7c15
	z := s.RNG
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n) (n small: the bias of a modulo on 64 bits
// is negligible).
func (s *state) intn(n int) int { return int(s.rand64() % uint64(n)) }

func (s *state) shuffle(cards []int) {
	for i := len(cards) - 1; i > 0; i-- {
		j := s.intn(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}
