package coquillaude

import (
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// fuzzPositions are the positions FuzzApply plays in (1,924, built once
// per process: 0.6 s, 5 s under -race): every position of twelve bot
// games, 2 to 4 players, each bot success rate, from the deal to the end,
// and of games where a player claims a name off the famous list, which the
// bots never do. An execution loads one instead of replaying bot moves.
var fuzzPositions = gamestest.PositionsOnce{Build: func(t testing.TB) *gamestest.Positions {
	p := gamestest.NewPositions(&Engine{}, 1)
	for seed := uint64(1); seed <= 4; seed++ {
		for players := 2; players <= 4; players++ {
			rate := []string{"70", "0", "100", "50"}[seed%4]
			if err := p.Play(gamestest.SelfPlay{Options: games.Options{"bot_success": rate}, Players: players, Seed: seed}); err != nil {
				t.Fatal(err)
			}
		}
	}
	// CQ-D5: the bots claim only names on the list, which go to no vote;
	// a name off it opens one (AARON, a name; ZORGLUB, not even a word).
	for i, name := range []string{"AARON", "ZORGLUB"} {
		g := composeGame(t, 4-2*i, nil, []string{name})
		if err := p.Add(g); err != nil {
			t.Fatal(err)
		}
		mustApply(t, g, 0, "mot "+name+" H10 droite celebre")
		if err := p.PlayFrom(g, uint64(i), 0); err != nil {
			t.Fatal(err)
		}
	}
	return p
}}

var fuzzMoves = []string{
	"reponse CHINE", "answer niche", "mot NAPOLEON H11 droite celebre", "word NAPOLEON H11 right famous",
	"mot REGLES H11 bas anagrammes=LEGERS,GRELES", "mot BALISE J10 diag anagrammes=BLAISE*,BASILE*",
	"mot X U21 haut-droite", "mot ÉLÈVE 11H down", "rien", "nothing", "don E", "don E S", "don hasard",
	"give random", "vote oui", "vote blanc", "oui", "defi LEGERS,GRELES,REGELS", "challenge a,b,c",
	"passe", "", " ", "/reponse", "mot", "mot A Z99 droite", "mot AB A0 droite", "don 123", "vote peut-être",
	"mot REGLES H11 bas anagrammes=,,,", "defi ,", "mot REGLES H11 H12 bas", "mot AARON H10 droite celebre",
	"vote non", "mot ZORGLUB H10 droite celebre",
}

// fuzzSeeds is FuzzApply's seed corpus: every move above in the first
// and the last position of each phase a player acts in (and of a game
// over), from seats taken in turn.
func fuzzSeeds(t testing.TB) []gamestest.FuzzInput {
	return fuzzPositions.Get(t).Seeds(t, func(g games.Game) int {
		if s := g.(*Game).s; !s.Over {
			return s.Phase
		}
		return -1
	}, []int{phaseGift, phaseAnswer, phaseCompose, phaseVote, phaseChallenge, -1}, fuzzMoves)
}

// FuzzApply: any move string from any seat, in any position of a bot game,
// never panics; a refused move changes nothing; an accepted one keeps the
// 171 pions and saves, loads and shows the same.
func FuzzApply(f *testing.F) {
	for _, in := range fuzzSeeds(f) {
		f.Add(in.Seat, in.Pos, in.Move)
	}
	f.Fuzz(func(t *testing.T, seat uint8, pos uint16, move string) { fuzzBody(t, seat, pos, move) })
}

// fuzzBody is the body of FuzzApply.
func fuzzBody(t testing.TB, seat uint8, pos uint16, move string) {
	g := fuzzPositions.Get(t).MustLoad(t, int(pos)).(*Game)
	if _, ok := gamestest.TryMove(t, g, int(seat%6)-1, move); !ok {
		return
	}
	checkInvariants(t, g)
	gamestest.MustRoundTrip(t, &Engine{}, g)
	_ = g.Scene()
	for p := 0; p < g.s.Players; p++ {
		_ = g.PrivateScene(p)
		_ = g.Choices(p, move)
	}
}

// BenchmarkFuzzBody is the cost of one execution of FuzzApply.
func BenchmarkFuzzBody(b *testing.B) {
	gamestest.BenchmarkFuzz(b, fuzzSeeds(b), fuzzBody)
}
