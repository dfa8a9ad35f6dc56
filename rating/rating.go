// Package rating rates players of multiplayer games: the Bayesian
// approximation of Weng and Lin ("A Bayesian Approximation Method for Online
// Ranking", Journal of Machine Learning Research 12, 2011), with the
// Plackett-Luce model of its Algorithm 4, as OpenSkill implements it (the
// reference is openskill.js: src/models/plackett-luce.ts, src/util.ts and
// src/rate.ts; its tests and openskill.py's fixtures are this package's).
//
// A rating is a belief about a player's skill: a mean Mu and a standard
// deviation Sigma. Each game moves the beliefs of its players towards what
// the outcome says, more for players the model is unsure of (a high Sigma),
// and makes them surer. Ordinal, Mu - 3 Sigma, is the skill the player has
// with 99.7% likelihood: what a leaderboard sorts by, so that a newcomer
// who won once does not top it.
//
// No Go library of it is kept up (the ports on GitHub have no tests and few
// users), so it is implemented here from the paper and checked against the
// published examples of the reference.
package rating

import "math"

// Rating is one player's skill as the model believes it.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Ordinal is the conservative skill, Mu - 3 Sigma: 0 for a new player.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Model holds the constants of the rating.
type Model struct {
	// Mu and Sigma are a new player's rating.
	Mu, Sigma float64
	// Beta is the spread of a player's performance around his skill: how
	// much luck there is in one game.
	Beta float64
	// Kappa keeps a variance from falling to zero or below (the paper's
	// kappa, a small positive number).
	Kappa float64
	// Tau is added to every Sigma before a game (sqrt(Sigma² + Tau²)), so
	// that a rating never freezes: skill changes, and a player who played
	// hundreds of games still moves when he gets better.
	Tau float64
	// LimitSigma keeps Sigma from growing through Tau in a game, so that
	// a win never lowers the ordinal.
	LimitSigma bool
}

// Default is OpenSkill's model: Mu 25, Sigma 25/3, Beta 25/6, Kappa
// 0.0001, Tau 25/300 (openskill.js src/constants.ts).
var Default = Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300}

// New is a new player's rating.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// Rate returns the ratings of the players of teams after a game in which
// team i finished at rank[i]: lower is better, and equal ranks are a tie.
// A player alone is a team of one. The result has the shape of teams; rank
// must have one entry per team.
func (m Model) Rate(teams [][]Rating, rank []float64) [][]Rating {
	// Tau first (openskill.js src/rate.ts), so that the game sees the
	// uncertainty that grew since the players' last game.
	played := make([][]Rating, len(teams))
	for i, team := range teams {
		played[i] = make([]Rating, len(team))
		for j, p := range team {
			played[i][j] = Rating{Mu: p.Mu, Sigma: math.Sqrt(p.Sigma*p.Sigma + m.Tau*m.Tau)}
		}
	}
	out := m.plackettLuce(played, rank)
	if m.LimitSigma && m.Tau != 0 {
		for i := range out {
			for j := range out[i] {
				out[i][j].Sigma = min(out[i][j].Sigma, teams[i][j].Sigma)
			}
		}
	}
	return out
}

// plackettLuce is Algorithm 4 of the paper: the players' ratings after a
// game, with no Tau. The model only compares ranks, so teams need not be
// in rank order.
func (m Model) plackettLuce(teams [][]Rating, rank []float64) [][]Rating {
	n := len(teams)
	mu, sigSq := make([]float64, n), make([]float64, n)
	c := 0.0
	for i, team := range teams {
		for _, p := range team {
			mu[i] += p.Mu
			sigSq[i] += p.Sigma * p.Sigma
		}
		c += sigSq[i] + m.Beta*m.Beta
	}
	c = math.Sqrt(c)
	// e[q] = exp(mu_q / c); sumQ[q] sums it over the teams ranked at q or
	// below; a[q] counts the teams tied with q.
	e, sumQ, a := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range teams {
		e[i] = math.Exp(mu[i] / c)
	}
	for q := range teams {
		for i := range teams {
			if rank[i] >= rank[q] {
				sumQ[q] += e[i]
			}
			if rank[i] == rank[q] {
				a[q]++
			}
		}
	}
	out := make([][]Rating, n)
	for i, team := range teams {
		omega, delta := 0.0, 0.0
		for q := range teams {
			if rank[q] > rank[i] {
				continue
			}
			quotient := e[i] / sumQ[q]
			if i == q {
				omega += (1 - quotient) / a[q]
			} else {
				omega -= quotient / a[q]
			}
			delta += quotient * (1 - quotient) / a[q]
		}
		gamma := math.Sqrt(sigSq[i]) / c
		omega *= sigSq[i] / c
		delta *= sigSq[i] / (c * c) * gamma
		out[i] = make([]Rating, len(team))
		for j, p := range team {
			share := p.Sigma * p.Sigma / sigSq[i]
			out[i][j] = Rating{
				Mu:    p.Mu + share*omega,
				Sigma: p.Sigma * math.Sqrt(math.Max(1-share*delta, m.Kappa)),
			}
		}
	}
	return out
}

// Ranks turns scores (highest wins, equal scores tie) into the ranks Rate
// takes.
func Ranks(scores []int) []float64 {
	rank := make([]float64, len(scores))
	for i, s := range scores {
		rank[i] = -float64(s)
	}
	return rank
}
