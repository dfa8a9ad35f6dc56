package wordsout

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// abEngine plays seat levels with per-seat weights: a games.Engine whose
// games call botWith.
type abGame struct {
	*Game
	w []*weights
}

func (g abGame) Bot(seat int, level games.Strength) string { return g.botWith(seat, level, g.w[seat]) }

type abEngine struct {
	*Engine
	w []*weights
}

func (e abEngine) New(o games.Options, n int, seed uint64) (games.Game, error) {
	g, err := e.Engine.New(o, n, seed)
	if err != nil {
		return nil, err
	}
	w := make([]*weights, n)
	for i := range w {
		w[i] = e.w[i%len(e.w)]
	}
	return abGame{g.(*Game), w}, nil
}

// TestBotVariants compares bot weights (WORDSOUT_AB=1): each variant plays
// itself (the figures of the game's end) and the default weights (its win
// share), at Strong in two-player games.
func TestBotVariants(t *testing.T) {
	if os.Getenv("WORDSOUT_AB") == "" {
		t.Skip("set WORDSOUT_AB=1")
	}
	n := 300
	if v, err := strconv.Atoi(os.Getenv("WORDSOUT_AB_N")); err == nil {
		n = v
	}
	variants := map[string]weights{}
	add := func(name string, f func(w *weights)) {
		w := botWeights
		f(&w)
		variants[name] = w
	}
	add("default", func(w *weights) {})
	for _, spec := range strings.Split(os.Getenv("WORDSOUT_AB_SPECS"), ";") {
		if spec == "" {
			continue
		}
		add(spec, func(w *weights) { setWeights(t, w, spec) })
	}
	names := make([]string, 0, len(variants))
	for k := range variants {
		names = append(names, k)
	}
	sort.Strings(names)
	base := botWeights
	if b := os.Getenv("WORDSOUT_AB_BASE"); b != "" {
		setWeights(t, &base, b)
	}
	for i, name := range []string{"WORDSOUT_EASY", "WORDSOUT_NORMAL"} {
		for _, kv := range strings.Split(os.Getenv(name), ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				continue
			}
			f, _ := strconv.ParseFloat(v, 64)
			lv := &levels[i]
			*map[string]*float64{"sees": &lv.sees, "threat": &lv.threat, "setup": &lv.setup, "hunch": &lv.hunch, "sight": &lv.sight}[k] = f
		}
	}
	strong2 := []games.Strength{games.Strong, games.Strong}
	selfLevels := strong2
	if l := strings.Fields(os.Getenv("WORDSOUT_AB_LEVELS")); len(l) > 0 {
		selfLevels = nil
		for _, x := range l {
			selfLevels = append(selfLevels, map[string]games.Strength{"easy": games.Easy, "normal": games.Normal, "strong": games.Strong}[x])
		}
	}
	for _, name := range names {
		v := variants[name]
		self := gamestest.PlayLadder(t, abEngine{realEngine(), []*weights{&v}}, gamestest.Pairing{Name: name, Levels: selfLevels}, n, 1, 3000, ladderObserver(t))
		share := 0.5
		if os.Getenv("WORDSOUT_AB_NOVS") == "" {
			share = abPlay(t, n, 7000, []*weights{&v, &base})
		}
		t.Logf("%-40s vs base %.1f%% | first %.1f%% | out %.0f%% final hand %.1f p99 %.0f | passes %.1f streak p99 %.0f | words %.1f | moves %.0f | neg %.0f%%",
			name, 100*share, 100*self.WinShare(0), 100*self.Share("out"), self.Mean("largest final hand"), self.P99("largest final hand"),
			self.Mean("passes"), self.P99("longest pass streak"), self.Mean("words"), self.Mean("moves"), 100*self.Share("negative win"))
	}
}

// abPlay is seat 0's win share (ties shared) over n games where seat k
// plays ws[(k+i)%len(ws)] at Strong in game i.
func abPlay(t *testing.T, n int, seed uint64, ws []*weights) float64 {
	e := realEngine()
	wins := 0.0
	var cash, end [2]float64
	outs := 0.0
	defer func() {
		if os.Getenv("WORDSOUT_AB_V") != "" {
			t.Logf("  variant cash %.1f end %.1f | base cash %.1f end %.1f | out %.0f%%", cash[0]/float64(n), end[0]/float64(n), cash[1]/float64(n), end[1]/float64(n), 100*outs/float64(n))
		}
	}()
	for i := 0; i < n; i++ {
		gg, _ := e.New(nil, len(ws), seed+uint64(i))
		g := gg.(*Game)
		// Seats rotate so that no seat's advantage tells.
		shift := i % len(ws)
		for k := 0; k < 3000 && !g.s.Over; k++ {
			seat := g.Waiting()[0].Seat
			mv := g.botWith(seat, games.Strong, ws[(seat+shift)%len(ws)])
			evs, err := g.Apply(seat, mv)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if e.To != games.Everyone || len(e.Msg.Args) < 2 {
					continue
				}
				side := func() int { return min(1, (int(e.Msg.Args[0].(i18n.Seat))+shift)%len(ws)) }
				switch e.Msg.Key {
				case "wordsout.ev.cash":
					cash[side()] += float64(e.Msg.Args[2].(int))
				case "wordsout.ev.penalty":
					end[side()] -= float64(e.Msg.Args[1].(int))
				case "wordsout.ev.bonus":
					end[side()] += float64(e.Msg.Args[1].(int))
				}
			}
		}
		if g.s.Passes < g.s.Players {
			outs++
		}
		best := []int{}
		for p, v := range g.s.Scores {
			if len(best) == 0 || v > g.s.Scores[best[0]] {
				best = []int{p}
			} else if v == g.s.Scores[best[0]] {
				best = append(best, p)
			}
		}
		for _, p := range best {
			if (p+shift)%len(ws) == 0 {
				wins += 1 / float64(len(best))
			}
		}
	}
	return wins / float64(n)
}

func setWeights(t *testing.T, w *weights, spec string) {
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(kv, "=")
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatalf("%q: %v", kv, err)
		}
		p := map[string]*float64{"lay": &w.lay, "layLate": &w.layLate, "draw": &w.draw, "stall": &w.stall,
			"threat": &w.threat, "countered": &w.countered, "special": &w.special, "out": &w.out, "dead": &w.dead, "deny": &w.deny, "narrow": &w.narrow, "setup": &w.setup, "far": &w.far, "hard": &w.hard, "stuck": &w.stuck, "stuckLate": &w.stuckLate, "trash": &w.trash, "trashLate": &w.trashLate, "cons": &w.cons}[k]
		if p == nil {
			t.Fatalf("no weight %q", k)
		}
		*p = f
	}
	_ = fmt.Sprint()
}

// TestBotTrace prints one game of Strong bots (WORDSOUT_TRACE=seed).
func TestBotTrace(t *testing.T) {
	seed, err := strconv.Atoi(os.Getenv("WORDSOUT_TRACE"))
	if err != nil {
		t.Skip("set WORDSOUT_TRACE=seed")
	}
	w := botWeights
	if b := os.Getenv("WORDSOUT_AB_BASE"); b != "" {
		setWeights(t, &w, b)
	}
	ws := []*weights{&w, &w}
	levels := []games.Strength{games.Strong, games.Strong}
	for i, l := range strings.Fields(os.Getenv("WORDSOUT_TRACE_LEVELS")) {
		levels[i] = map[string]games.Strength{"easy": games.Easy, "normal": games.Normal, "strong": games.Strong}[l]
	}
	if os.Getenv("WORDSOUT_TRACE_OLD") != "" {
		ws[1] = &botWeights
	}
	gg, _ := realEngine().New(nil, 2, uint64(seed))
	g := gg.(*Game)
	for k := 0; k < 3000 && !g.s.Over; k++ {
		seat := g.Waiting()[0].Seat
		mv := g.botWith(seat, levels[seat], ws[seat])
		if os.Getenv("WORDSOUT_TRACE_AT") == strconv.Itoa(k) {
			b := newBotCtx(g.s, g.dict, seat, games.Normal, ws[seat])
			b.turn(false)
			for i, c := range b.cands {
				t.Logf("   %-20s %6.2f rank %d", b.moves[i], c.Score, c.Rank)
			}
		}
		rows := rowsOf(g)
		t.Logf("%3d p%d pioche %2d rows %-30q hand %-40s -> %s", k, seat, g.s.Pioche.Len(), strings.Join(rows[:], " | "), handOf(g, seat), mv)
		if _, err := g.Apply(seat, mv); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("scores %v hands %d %d", g.s.Scores, len(g.s.Hands[0]), len(g.s.Hands[1]))
}
