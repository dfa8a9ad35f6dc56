// Package benchgame is the game the end-to-end benchmarks of the adapters
// play: in each chat, Crack Word between a person and a bot player, the
// person typing /pass and the bot answering with its own move at once. All
// the tables are dealt from one seed, so that every chat plays the same
// game: it lasts more than MaxPasses passes, and the board that shows a
// chat's kth pass is the first whose move counter reaches Counters()[k].
package benchgame

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/bot"
	_ "github.com/tablee/tablee/games/crackword" // the game played
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store/bolt"
)

// MaxPasses is the most passes a chat is sent: the game ends after 31.
const MaxPasses = 28

// Move is what the person types for each move.
const Move = "/pass"

// Seeds deals every table from one seed: give it as bot.Options.Seeds.
func Seeds() uint64 { return 1 }

// Steps open a chat's table, the person against a bot player, started;
// text shows its board as text rather than as a picture.
func Steps(text bool) []string {
	if text {
		return []string{"/play crackword", "/settings view=text", "/addbot", "/start"}
	}
	return []string{"/play crackword", "/addbot", "/start"}
}

// Open plays Steps in a chat for a user on a core (Server is the chat).
func Open(core *bot.Core, chat string, user bot.User, text bool) error {
	for _, step := range Steps(text) {
		if outs := Do(core, chat, user, step); len(outs) > 0 && outs[0].Refusal {
			return fmt.Errorf("benchgame: %s in %s refused: %s", step, chat, outs[0].Text)
		}
	}
	return nil
}

// Do plays one typed command of a user in a chat.
func Do(core *bot.Core, chat string, user bot.User, text string) []bot.Out {
	name, args, _ := bot.ParseText(text)
	return core.Handle(context.Background(), bot.Command{Chat: chat, Server: chat, User: user, Name: name, Args: args})
}

// Counters are the table's move counter once opened ([0]) and after the
// person's kth pass ([k], up to MaxPasses), from a dry run of the game on
// a core and a data file of its own.
func Counters(text bool) ([]uint64, error) {
	dir, err := os.MkdirTemp("", "benchgame")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	st, err := bolt.Open(filepath.Join(dir, "dry.db"), bolt.Options{NoSync: true})
	if err != nil {
		return nil, err
	}
	defer st.Close()
	core, err := bot.New(bot.Options{Store: st, Lang: i18n.EN, Seeds: Seeds, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return nil, err
	}
	defer core.Close()
	const chat = "dry:1"
	user := bot.User{ID: "dry:person", Name: "Person"}
	core.SetPrivateReachable(user.ID, true)
	if err := Open(core, chat, user, text); err != nil {
		return nil, err
	}
	out := []uint64{core.Counter(chat)}
	for range MaxPasses {
		if outs := Do(core, chat, user, Move); len(outs) == 0 || outs[0].Refusal {
			return nil, fmt.Errorf("benchgame: pass %d refused: %+v", len(out), outs)
		}
		out = append(out, core.Counter(chat))
	}
	return out, nil
}

// Size is how much a benchmark plays: the rates it tries, how long the
// arrivals of each last, and how many chats at least play.
type Size struct {
	Rates []float64     // moves a second
	Span  time.Duration // of arrivals at each rate
	Chats int           // at least; a rate gets more when it needs them
}

// SizeFromEnv is the default size (25 to 1,000 moves a second, 3 s of
// arrivals each, 200 chats), changed by TABLEE_E2E_RATES ("25,100"),
// TABLEE_E2E_SECONDS and TABLEE_E2E_CHATS: the full size is
// TABLEE_E2E_CHATS=1000 TABLEE_E2E_SECONDS=10.
func SizeFromEnv() (Size, error) {
	z := Size{Rates: []float64{25, 100, 250, 500, 1000}, Span: 3 * time.Second, Chats: 200}
	if s := os.Getenv("TABLEE_E2E_RATES"); s != "" {
		z.Rates = nil
		for _, f := range strings.Split(s, ",") {
			r, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || r <= 0 {
				return z, fmt.Errorf("TABLEE_E2E_RATES: %q is no rate", f)
			}
			z.Rates = append(z.Rates, r)
		}
	}
	if s := os.Getenv("TABLEE_E2E_SECONDS"); s != "" {
		n, err := strconv.ParseFloat(s, 64)
		if err != nil || n <= 0 {
			return z, fmt.Errorf("TABLEE_E2E_SECONDS: %q", s)
		}
		z.Span = time.Duration(n * float64(time.Second))
	}
	if s := os.Getenv("TABLEE_E2E_CHATS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			return z, fmt.Errorf("TABLEE_E2E_CHATS: %q", s)
		}
		z.Chats = n
	}
	return z, nil
}

// ChatsFor is how many chats play at rate: enough that none averages
// more than half of MaxPasses.
func (z Size) ChatsFor(rate float64) int {
	return max(z.Chats, int(rate*z.Span.Seconds()/(MaxPasses/2))+1)
}

// Arrival is the chat of one arrival, and which of the chat's moves it is
// (from 1).
type Arrival struct {
	Chat, K int
}

// Plan gives each of n arrivals its chat (of chats): one drawn at random
// from the seed, or the next one with moves left when it had MaxPasses.
func Plan(seed uint64, n, chats int) []Arrival {
	rnd := rand.New(rand.NewPCG(seed, 1))
	count := make([]int, chats)
	out := make([]Arrival, n)
	for i := range out {
		j := rnd.IntN(chats)
		for tries := 0; count[j] >= MaxPasses && tries < chats; tries++ {
			j = (j + 1) % chats
		}
		count[j]++
		out[i] = Arrival{Chat: j, K: count[j]}
	}
	return out
}
