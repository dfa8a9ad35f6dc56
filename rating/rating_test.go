package rating

import (
	"math"
	"testing"
)

// paper is the model of the paper's Algorithm 4 alone, with no Tau: what
// openskill.js's model tests call (src/models/__tests__/plackett-luce.test.ts)
// and what its README's examples show.
var paper = Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001}

// near compares to the digits a source gives: tol is half its last digit.
func near(t *testing.T, what string, got [][]Rating, want [][]Rating, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d teams, want %d", what, len(got), len(want))
	}
	for i := range want {
		for j := range want[i] {
			g, w := got[i][j], want[i][j]
			if math.Abs(g.Mu-w.Mu) > tol || math.Abs(g.Sigma-w.Sigma) > tol {
				t.Errorf("%s: team %d player %d: mu %.15g sigma %.15g, want %.15g %.15g", what, i, j, g.Mu, g.Sigma, w.Mu, w.Sigma)
			}
		}
	}
}

func solo(rs ...Rating) [][]Rating {
	out := make([][]Rating, len(rs))
	for i, r := range rs {
		out[i] = []Rating{r}
	}
	return out
}

func order(n int) []float64 {
	rank := make([]float64, n)
	for i := range rank {
		rank[i] = float64(i + 1)
	}
	return rank
}

// The examples of openskill.js's README, given to three decimals (two for
// the teams).
func TestReadmeExamples(t *testing.T) {
	r := paper.New()
	// "rank: [4, 1, 3, 2] // 🐌 🥇 🥉 🥈"
	near(t, "ranks", paper.Rate(solo(r, r, r, r), []float64{4, 1, 3, 2}), [][]Rating{
		{{20.963, 8.084}}, {{27.795, 8.263}}, {{24.689, 8.084}}, {{26.553, 8.179}},
	}, 0.0005)
	// "score: [37, 19, 37, 42] // 🥈 🐌 🥈 🥇": ties share a rank.
	near(t, "scores", paper.Rate(solo(r, r, r, r), Ranks([]int{37, 19, 37, 42})), [][]Rating{
		{{24.689, 8.179}}, {{22.826, 8.179}}, {{24.689, 8.179}}, {{27.795, 8.263}},
	}, 0.0005)
	// Two against two: a1, a2 win against b1, b2.
	a1, a2 := r, Rating{32.444, 5.123}
	b1, b2 := Rating{43.381, 2.421}, Rating{25.188, 6.211}
	got := paper.Rate([][]Rating{{a1, a2}, {b1, b2}}, order(2))
	near(t, "teams", got, [][]Rating{{{28.67, 8.07}, {33.83, 5.06}}, {{43.07, 2.42}, {23.15, 6.14}}}, 0.005)
	// "ordinal({ mu: 43.07, sigma: 2.42 }) // 35.81"
	if o := (Rating{43.07, 2.42}).Ordinal(); math.Abs(o-35.81) > 1e-9 {
		t.Errorf("ordinal %v, want 35.81", o)
	}
	if o := paper.New().Ordinal(); math.Abs(o) > 1e-12 {
		t.Errorf("a new player's ordinal is %v, want 0", o)
	}
}

// openskill.js src/models/__tests__/plackett-luce.test.ts: the model alone,
// every player new, teams ranked in the order given.
func TestModelFreeForAll(t *testing.T) {
	r := paper.New()
	for _, c := range []struct {
		name string
		want [][]Rating
	}{
		{"2p", [][]Rating{{{27.63523138347365, 8.065506316323548}}, {{22.36476861652635, 8.065506316323548}}}},
		{"3p", [][]Rating{{{27.868876552746237, 8.204837030780652}}, {{25.717219138186557, 8.057829747583874}},
			{{21.413904309067206, 8.057829747583874}}}},
		{"4p", [][]Rating{{{27.795084971874736, 8.263160757613477}}, {{26.552824984374855, 8.179213704945203}},
			{{24.68943500312503, 8.083731307186588}}, {{20.96265504062538, 8.083731307186588}}}},
		{"5p", [][]Rating{{{27.666666666666668, 8.290556877154474}}, {{26.833333333333332, 8.240145629781066}},
			{{25.72222222222222, 8.179996679645559}}, {{24.055555555555557, 8.111796013701358}},
			{{20.72222222222222, 8.111796013701358}}}},
	} {
		teams := make([]Rating, len(c.want))
		for i := range teams {
			teams[i] = r
		}
		near(t, c.name, paper.plackettLuce(solo(teams...), order(len(teams))), c.want, 1e-12)
	}
	// "3 teams different sized players"
	got := paper.plackettLuce([][]Rating{{r, r, r}, {r}, {r, r}}, order(3))
	near(t, "3 teams", got, [][]Rating{
		{{25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}},
		{{27.21366020491262, 8.274321317985242}},
		{{21.84646897330287, 8.213058173195341}, {21.84646897330287, 8.213058173195341}},
	}, 1e-12)
	// "solo game does not change rating"
	near(t, "solo", paper.plackettLuce(solo(r), order(1)), solo(r), 0)
}

// Ties: equal players who tie keep their mean; unequal ones meet halfway.
func TestModelTies(t *testing.T) {
	r := paper.New()
	got := paper.Rate(solo(r, r), []float64{1, 1})
	if math.Abs(got[0][0].Mu-25) > 1e-12 || math.Abs(got[1][0].Mu-25) > 1e-12 {
		t.Errorf("equal players tied: %+v", got)
	}
	got = paper.Rate(solo(Rating{35, 8}, Rating{15, 8}), []float64{1, 1})
	if got[0][0].Mu >= 35 || got[1][0].Mu <= 15 {
		t.Errorf("a tie between unequal players: %+v", got)
	}
	// The order of the teams does not matter, only their ranks.
	a := paper.Rate(solo(Rating{30, 7}, Rating{20, 6}, Rating{25, 8}), []float64{2, 1, 2})
	b := paper.Rate(solo(Rating{20, 6}, Rating{25, 8}, Rating{30, 7}), []float64{1, 2, 2})
	near(t, "reordered", [][]Rating{a[1], a[2], a[0]}, b, 1e-12)
}

// openskill.py 6.2.0's fixture (tests/models/data/plackettluce.json), which
// openskill.js's parity test asserts too (src/__tests__/parity-plackett-luce.test.ts):
// the whole rate with the default Tau, every player starting at r.
func TestParityWithOpenSkill(t *testing.T) {
	r := Rating{20.35125162611535, 8.33148112355601}
	m := Default
	near(t, "normal", m.Rate([][]Rating{{r}, {r, r}}, order(2)), [][]Rating{
		{{23.855123082692877, 8.22447878583752}},
		{{16.84738016953782, 8.179571171464575}, {16.84738016953782, 8.179571171464575}},
	}, 1e-12)
	near(t, "ranks", m.Rate([][]Rating{{r}, {r, r}, {r}, {r, r}}, []float64{2, 1, 4, 3}), [][]Rating{
		{{22.35555943890167, 8.265434830225024}},
		{{22.373451456616035, 8.258479912445537}, {22.373451456616035, 8.258479912445537}},
		{{18.311159777900297, 8.219170401234347}},
		{{18.364835831043397, 8.112716571808326}, {18.364835831043397, 8.112716571808326}},
	}, 1e-12)
	near(t, "scores", m.Rate([][]Rating{{r}, {r, r}}, Ranks([]int{1, 2})), [][]Rating{
		{{19.4016459546452, 8.22447878583752}},
		{{21.300857297585495, 8.179571171464575}, {21.300857297585495, 8.179571171464575}},
	}, 1e-12)
	near(t, "ties", m.Rate([][]Rating{{r}, {r, r}, {r, r, r}}, []float64{1, 2, 1}), [][]Rating{
		{{21.63766806988004, 8.310709773172306}},
		{{19.53956360838512, 8.268148437657915}, {19.53956360838512, 8.268148437657915}},
		{{19.87652320008089, 8.237522411103104}, {19.87652320008089, 8.237522411103104}, {19.87652320008089, 8.237522411103104}},
	}, 1e-12)
	limited := m
	limited.LimitSigma = true
	near(t, "limit_sigma", limited.Rate([][]Rating{{r}, {r, r}, {r, r, r}}, []float64{2, 1, 3}), [][]Rating{
		{{22.81664991565251, 8.28331609373364}},
		{{22.74645120129216, 8.268148437657915}, {22.74645120129216, 8.268148437657915}},
		{{15.49065376140138, 8.18959307104567}, {15.49065376140138, 8.18959307104567}, {15.49065376140138, 8.18959307104567}},
	}, 1e-12)
}

// Tau keeps a rating moving: a player with a tiny Sigma still gains from
// a win, and without Tau nearly nothing.
func TestTauKeepsRatingsMoving(t *testing.T) {
	sure := Rating{30, 0.5}
	other := Default.New()
	with := Default.Rate(solo(sure, other), order(2))[0][0]
	without := paper.Rate(solo(sure, other), order(2))[0][0]
	if with.Sigma <= without.Sigma || with.Mu-sure.Mu <= without.Mu-sure.Mu {
		t.Errorf("with Tau %+v, without %+v", with, without)
	}
}
