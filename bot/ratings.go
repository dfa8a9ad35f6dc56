package bot

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/tablee/tablee/archive"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/rating"
	"github.com/tablee/tablee/store"
)

// Ratings. Every game that ends by its rules with a person seated is
// rated (package rating: Weng-Lin, as OpenSkill): each player's rating at
// that game moves, in the chat's server and across all servers. Bot
// players are rated too, one rating per strength and game, across all
// servers: in a server's game they take part with that rating, which only
// the rating across all servers changes. A game stopped early (/quit) is
// not rated, nor one without a person. A player who left is ranked below
// every seat that stayed, whatever the bot that played for him scored.
//
// Exactly once. A game's last move is saved with its last batch of the
// outbox; the deliverer that takes that batch rates the game before it
// shows it, and records the batch as shown only once the ratings are in
// the store. A crash before the ratings leaves the batch unshown: it is
// delivered again at start-up, and the game rated then. A crash between
// the ratings and Shown delivers it again too, and the store's Rate, which
// remembers the tables it rated, writes nothing the second time.

// ratingModel is the archive's: the records written here are those it
// reads (leaderboards, /stats).
var ratingModel = archive.Model

// everywhere is the scope of the ratings across all servers.
const everywhere = archive.Everywhere

// serverOf is the server of a chat, given as Command.Server names it: a
// chat that names none is its own.
func serverOf(chat, server string) string {
	if server != "" {
		return server
	}
	return chat
}

// BestMove is a seat's best-scoring move (archive.BestMove).
type BestMove = archive.BestMove

// noteBest keeps a move as its seat's best when it scored more than any
// before it.
func (t *Table) noteBest(seat int, move string, before, after []int) {
	if seat < 0 || seat >= len(before) || seat >= len(after) || seat >= len(t.Seats) {
		return
	}
	gain := after[seat] - before[seat]
	if gain <= 0 {
		return
	}
	for len(t.Best) < len(t.Seats) {
		t.Best = append(t.Best, BestMove{})
	}
	if gain > t.Best[seat].Points {
		t.Best[seat] = BestMove{Move: move, Points: gain}
	}
}

// ratingRecord is one player's record at one game in one scope.
type ratingRecord = archive.Record

// finishedGame is what rating a table needs, taken under its lock.
type finishedGame struct {
	table        uint64
	game, server string
	chat         string
	lang         i18n.Lang
	seats        []Seat
	scores       []int
	best         []BestMove
}

// finished returns the game to rate when the table ended by its rules and
// was not rated in this process yet. The caller holds the lock.
func (t *Table) finished() (finishedGame, bool) {
	if t.Phase != Finished || t.rated.Load() || len(t.Scores) != len(t.Seats) {
		return finishedGame{}, false
	}
	return finishedGame{
		table: t.ID, game: t.Game, server: serverOf(t.Chat, t.Server), chat: t.Chat, lang: t.Settings.Lang,
		seats: slices.Clone(t.Seats), scores: slices.Clone(t.Scores), best: slices.Clone(t.Best),
	}, true
}

// ratedSeat is one seat as the ratings see it.
type ratedSeat struct {
	player string // the user, or archive.BotPlayer of the bot's strength
	person bool
	rank   float64 // lower is better
	won    bool
}

// seatsOf ranks the seats: by score (highest first, ties share), the
// players who left below all others.
func (f finishedGame) seatsOf() []ratedSeat {
	winners := map[int]bool{}
	for _, w := range (games.Result{Scores: f.scores}).Winners() {
		winners[w] = true
	}
	ranks := rating.Ranks(f.scores)
	worst := slices.Max(ranks)
	out := make([]ratedSeat, len(f.seats))
	for i, s := range f.seats {
		r := ratedSeat{player: s.User, person: s.User != "", rank: ranks[i], won: winners[i] && !s.Left}
		if s.Bot || s.User == "" {
			r.player, r.person = archive.BotPlayer(s.Level), false
		}
		if s.Left {
			r.rank = worst + 1
		}
		out[i] = r
	}
	return out
}

// ratingChange is a person's rating in the game's server before and after.
type ratingChange struct {
	name          string
	before, after float64
}

// rateGame rates a finished game, once, and returns how the ratings of
// its people moved in its server: none when there was nothing to rate or
// the store had rated it already.
func (c *Core) rateGame(f finishedGame) ([]ratingChange, error) {
	seats := f.seatsOf()
	if len(seats) < 2 || !slices.ContainsFunc(seats, func(s ratedSeat) bool { return s.person }) {
		return nil, nil // a solitaire, or bots among themselves
	}
	// One rating at a time: each reads the records it then writes.
	c.rateMu.Lock()
	defer c.rateMu.Unlock()
	global, err := c.readRated(f.game, everywhere, seats, func(ratedSeat) bool { return true })
	if err != nil {
		return nil, err
	}
	local, err := c.readRated(f.game, f.server, seats, func(s ratedSeat) bool { return s.person })
	if err != nil {
		return nil, err
	}
	var recs []store.Rating
	add := func(scope string, updated map[string]ratingRecord) error {
		for _, p := range sortedKeys(updated) {
			data, err := json.Marshal(updated[p])
			if err != nil {
				return err
			}
			recs = append(recs, store.Rating{Key: archive.Key(f.game, scope, p), Data: data})
		}
		return nil
	}
	if err := add(everywhere, f.update(seats, global, nil)); err != nil {
		return nil, err
	}
	// In the server, bots play with their rating of all servers, which
	// only the game's rating across all servers changes.
	newLocal := f.update(seats, local, global)
	if err := add(f.server, newLocal); err != nil {
		return nil, err
	}
	ok, err := c.st.Rate(f.table, recs)
	if err != nil || !ok {
		return nil, err
	}
	var changes []ratingChange
	for i, s := range seats {
		if s.person {
			changes = append(changes, ratingChange{name: f.seats[i].Name, before: local[s.player].Ordinal(), after: newLocal[s.player].Ordinal()})
		}
	}
	return changes, nil
}

// readRated reads the records of the seats that keep keeps, in a scope.
func (c *Core) readRated(game, scope string, seats []ratedSeat, keep func(ratedSeat) bool) (map[string]ratingRecord, error) {
	out := map[string]ratingRecord{}
	for _, s := range seats {
		if _, seen := out[s.player]; seen || !keep(s) {
			continue
		}
		r, _, err := c.archive().Rating(game, scope, s.player)
		if err != nil {
			return nil, err
		}
		out[s.player] = r
	}
	return out, nil
}

// update rates the game for the players of recs and returns their new
// records. The seats of players not in recs play with their rating in
// fixed (the bots in a server's game). A player at several seats (two
// bots of one strength) moves by the mean of his seats' updates and
// counts the game once.
func (f finishedGame) update(seats []ratedSeat, recs, fixed map[string]ratingRecord) map[string]ratingRecord {
	teams := make([][]rating.Rating, len(seats))
	rank := make([]float64, len(seats))
	for i, s := range seats {
		r, ok := recs[s.player]
		if !ok {
			r = fixed[s.player]
		}
		teams[i], rank[i] = []rating.Rating{r.Rating}, s.rank
	}
	rated := ratingModel.Rate(teams, rank)
	out := map[string]ratingRecord{}
	sum := map[string]rating.Rating{}
	n := map[string]float64{}
	won := map[string]bool{}
	for i, s := range seats {
		rec, ok := recs[s.player]
		if !ok {
			continue
		}
		if prev, seen := out[s.player]; seen {
			rec = prev
		} else {
			rec.Games++
		}
		if s.person && f.seats[i].Name != "" {
			rec.Name = f.seats[i].Name
		}
		if s.won && !won[s.player] {
			rec.Wins++
			won[s.player] = true
		}
		if s.person && i < len(f.best) && f.best[i].Points > rec.Best.Points {
			rec.Best = BestMove{Move: f.best[i].Move, Points: f.best[i].Points, Table: f.table}
		}
		out[s.player] = rec
		sum[s.player] = rating.Rating{Mu: sum[s.player].Mu + rated[i][0].Mu, Sigma: sum[s.player].Sigma + rated[i][0].Sigma}
		n[s.player]++
	}
	for p, rec := range out {
		rec.Rating = rating.Rating{Mu: sum[p].Mu / n[p], Sigma: sum[p].Sigma / n[p]}
		out[p] = rec
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// rateFinished rates the table when it just ended by its rules, and
// returns the message that tells the chat how its players' ratings moved.
// ok is false when the ratings could not be written: the batch must not
// be recorded as shown, so that the next start rates it.
func (c *Core) rateFinished(t *Table, f finishedGame) (out []Out, ok bool) {
	changes, err := c.rateGame(f)
	if err != nil {
		c.log.Error("game not rated; it will be at the next start", "table", f.table, "game", f.game, "err", err)
		return nil, false
	}
	t.rated.Store(true)
	if len(changes) == 0 {
		return nil, true
	}
	r := i18n.Renderer{Lang: f.lang}
	var parts []string
	for _, ch := range changes {
		parts = append(parts, r.Text(i18n.T("bot.rating_change", ch.name, archive.Number(f.lang, ch.before),
			archive.Number(f.lang, ch.after), archive.Signed(f.lang, ch.after-ch.before))))
	}
	text := r.Text(i18n.T("bot.ratings_moved", i18n.T(f.game+".title"), strings.Join(parts, " · ")))
	return []Out{{Dest: ToChat, Chat: f.chat, Table: f.table, Text: text}}, true
}
