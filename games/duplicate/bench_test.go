package duplicate

import "testing"

// BenchmarkMotsDeTeteDeal is a whole day's deal of Mots de Tête with the
// top of every turn, on the standard grid and the bundled dictionary (the
// dictionary and the bot's familiar words loaded before the timer): what
// the day's first player would wait for if nothing were stored. A new seed
// each iteration, as a new day.
func BenchmarkMotsDeTeteDeal(b *testing.B) {
	e := realEngine()
	benchDeal(b, func(seed uint64) (*Deal, error) { return MotsDeTete(e, seed) })
}

// BenchmarkMotsDeTeteScore is a player's move of a turn scored against the
// deal: the turn's position loaded and the move played on it.
func BenchmarkMotsDeTeteScore(b *testing.B) {
	benchScore(b, mustDeal(b, realEngine(), 7))
}

// BenchmarkCoquillaudeDeal is a whole day's deal of La Coquillaude with the
// exhaustive top of every round, on the real board and the bundled
// dictionary and proper nouns (loaded before the timer). A new seed each
// iteration, as a new day.
func BenchmarkCoquillaudeDeal(b *testing.B) {
	e := realCoquillaude()
	benchDeal(b, func(seed uint64) (*Deal, error) { return Coquillaude(e, seed) })
}

// BenchmarkCoquillaudeScore is a player's proposal of a round scored
// against the deal: the round's position loaded and the proposal checked
// and valued on it.
func BenchmarkCoquillaudeScore(b *testing.B) {
	benchScore(b, mustCoquillaude(b, realCoquillaude(), 7))
}

// benchDeal deals a day from a new seed each iteration, after a first deal
// before the timer (the dictionaries loaded).
func benchDeal(b *testing.B, deal func(seed uint64) (*Deal, error)) {
	if _, err := deal(0); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := deal(uint64(i) + 1); err != nil {
			b.Fatal(err)
		}
	}
}

// benchScore scores the tops of a deal's turns in turn.
func benchScore(b *testing.B, d *Deal) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := i % len(d.Turns)
		if _, err := d.Score(t, d.Turns[t].Top); err != nil {
			b.Fatal(err)
		}
	}
}
