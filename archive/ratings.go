package archive

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/rating"
)

// Ratings as the store keeps them. The core rates every game that ends by
// its rules with a person seated, in the chat's server and across all
// servers, and writes one record per player, game and scope; bots are
// rated by strength, across all servers. The archive owns the records'
// form and reads them: leaderboards and a player's ratings
// (leaderboard.go).

// Model is OpenSkill's, Tau included: a rating keeps moving however many
// games its player has played.
var Model = rating.Default

// Everywhere is the scope of the ratings across all servers.
const Everywhere = "*"

// Key is a rating record's key in the store: the records of one game and
// scope (a leaderboard) share the prefix game, 0, scope, 0.
func Key(game, scope, player string) string { return boardPrefix(game, scope) + player }

func boardPrefix(game, scope string) string { return game + "\x00" + scope + "\x00" }

// BotPrefix begins the player a bot is rated as.
const BotPrefix = "bot:"

// BotPlayer is the player a bot of a strength is rated as.
func BotPlayer(level games.Strength) string { return BotPrefix + level.String() }

// BestMove is a seat's best-scoring move: its text as played and the
// points it brought (the seat's score after it less before it). The
// engines do not say which word a move made: the move's text says it.
type BestMove struct {
	Move   string `json:"move"`
	Points int    `json:"points"`
	Table  uint64 `json:"table,omitempty"` // in a rating record: where it was played
}

// Record is one player's record at one game in one scope.
type Record struct {
	Name string `json:"name,omitempty"` // as he was last seated
	rating.Rating
	Games int      `json:"games"`
	Wins  int      `json:"wins,omitempty"`
	Best  BestMove `json:"best,omitzero"`
}

// entry is a record with its player.
type entry struct {
	player string
	Record
}

// ratings reads the records whose key begins with prefix.
func (a *Archive) ratings(prefix string) ([]entry, error) {
	recs, err := a.st.Ratings(prefix)
	if err != nil {
		return nil, err
	}
	out := make([]entry, 0, len(recs))
	for _, r := range recs {
		e := entry{player: r.Key[len(prefix):]}
		if err := json.Unmarshal(r.Data, &e.Record); err != nil {
			return nil, fmt.Errorf("rating %q: %w", r.Key, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// Rating reads one player's record; a player never rated has a new one,
// and false.
func (a *Archive) Rating(game, scope, player string) (Record, bool, error) {
	es, err := a.ratings(Key(game, scope, player))
	if err != nil {
		return Record{}, false, err
	}
	for _, e := range es {
		if e.player == "" { // the key itself, not a longer one it begins
			return e.Record, true, nil
		}
	}
	return Record{Rating: Model.New()}, false, nil
}

// Number shows a rating (its ordinal) to one decimal, with the reader's
// decimal mark.
func Number(lang i18n.Lang, x float64) string {
	x = math.Round(x*10) / 10
	if x == 0 {
		x = 0 // no "-0.0"
	}
	s := fmt.Sprintf("%.1f", x)
	if lang == i18n.FR {
		s = strings.ReplaceAll(s, ".", ",")
	}
	return s
}

// Signed is Number with its sign, "+" too.
func Signed(lang i18n.Lang, x float64) string {
	s := Number(lang, x)
	if s[0] != '-' {
		s = "+" + s
	}
	return s
}
