package duplicate

import "testing"

// BenchmarkMotsDeTeteDeal is a whole day's deal of Mots de Tête with the
// top of every turn, on the standard grid and the bundled dictionary (the
// dictionary and the bot's familiar words loaded before the timer): what
// the day's first player would wait for if nothing were stored. A new seed
// each iteration, as a new day.
func BenchmarkMotsDeTeteDeal(b *testing.B) {
	e := realEngine()
	if _, err := MotsDeTete(e, 0); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := MotsDeTete(e, uint64(i)+1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMotsDeTeteScore is a player's move of a turn scored against the
// deal: the turn's position loaded and the move played on it.
func BenchmarkMotsDeTeteScore(b *testing.B) {
	d, err := MotsDeTete(realEngine(), 7)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := i % len(d.Turns)
		if _, err := d.Score(t, d.Turns[t].Top); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCoquillaudeDeal is a whole day's deal of La Coquillaude with the
// exhaustive top of every round, on the real board and the bundled
// dictionary and proper nouns (loaded before the timer). A new seed each
// iteration, as a new day.
func BenchmarkCoquillaudeDeal(b *testing.B) {
	e := realCoquillaude()
	if _, err := Coquillaude(e, 0); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := Coquillaude(e, uint64(i)+1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCoquillaudeScore is a player's proposal of a round scored
// against the deal: the round's position loaded and the proposal checked
// and valued on it.
func BenchmarkCoquillaudeScore(b *testing.B) {
	d, err := Coquillaude(realCoquillaude(), 7)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := i % len(d.Turns)
		if _, err := d.Score(t, d.Turns[t].Top); err != nil {
			b.Fatal(err)
		}
	}
}
