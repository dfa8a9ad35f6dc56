package challenge

import (
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/duplicate"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/games/motsdetete"
	"github.com/tablee/tablee/internal/pgtest"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
	"github.com/tablee/tablee/store/postgres"
)

var cluster *pgtest.Cluster

func TestMain(m *testing.M) { pgtest.Main(m, func(c *pgtest.Cluster) { cluster = c }) }

// smallGrid and smallWords make deals of a few milliseconds: a 9 x 9 grid
// with every kind of bonus cell and no centre cross (the first word goes
// anywhere), and a dictionary of a hundred words.
var smallGrid = []string{
	"1 2 O 1 3 1 O 2 1",
	"2 Y 1 1 2 1 1 Y 2",
	"O 1 3 R 1 R 3 1 O",
	"1 1 R 4 1 4 R 1 1",
	"3 2 1 1 5 1 1 2 3",
	"1 1 R 4 1 4 R 1 1",
	"O 1 3 R 1 R 3 1 O",
	"2 Y 1 1 2 1 1 Y 2",
	"1 2 O 1 3 1 O 2 1",
}

var smallWords = strings.Fields(`
	AMI AMIE AMIS ARME ARMES AS DAME DAMES DE DENT DENTS DIRE DU DUNE ELLE EN ES ET ETOILE
	ETOILES IL ILES LA LAIT LAME LAMES LE LENT LENTE LIRE LOTS LUNE MA MAIS MAISON MALE
	MALES MARE ME MENTIR MERE MONDE MOTS MUSE NE NIER NOIR NOTE NU ONDE ONDES OR OSER OU
	PARTIR RAISON RAME RAMES RATE RENTE RIEN RIRE RONDE ROSE ROSES RUNE RUSE SA SAISON SALE
	SALUT SE SEL SENT SERRE SEUL SOIR SOLDE SOLE SOLEIL SONT SORTIR SUD SUR TA TAIRE TAMIS
	TARE TE TENIR TENTE TIRE TOILE TOILES TOIT TOUT TRAME TRES UN USER VENIR VENT`)

var (
	smallOnce   sync.Once
	smallEngine *motsdetete.Engine
)

func small(t testing.TB) *motsdetete.Engine {
	smallOnce.Do(func() {
		g, gridErr := motsdetete.ParseGrid(smallGrid)
		lex, lexErr := lexicon.Build(smallWords)
		if err := errors.Join(gridErr, lexErr); err != nil {
			panic(err)
		}
		smallEngine = &motsdetete.Engine{Lex: func() *lexicon.Lexicon { return lex }, Grid: g}
	})
	return smallEngine
}

// testGames are the games offered in the tests: Mots de Tête, and a second
// game dealt by the same engine, to see what is per game and what is not.
var testGames = []string{"motsdetete", "quarte"}

// smallConfig deals small Mots de Tête deals, counting them in made.
func smallConfig(t testing.TB, made *atomic.Int64) Config {
	e := small(t)
	return Config{
		Secret: []byte("the tests' secret"),
		Games:  testGames,
		Make: func(game string, seed uint64) (*duplicate.Deal, error) {
			if made != nil {
				made.Add(1)
			}
			return duplicate.MotsDeTete(e, seed)
		},
		Load: func(game string, data []byte) (*duplicate.Deal, error) { return duplicate.Load(e, data) },
	}
}

// kind is one of the real stores the tests run on: where a fresh one is
// (a file, a database), and how one is opened there.
type kind struct {
	name   string
	fresh  func(t *testing.T) string
	openAt func(t testing.TB, where string) store.Store
	shared bool // several processes may open it at once (PostgreSQL)
}

// wheres is where each store of the tests is.
var wheres sync.Map

func (k kind) at(t *testing.T, where string) store.Store {
	st := k.openAt(t, where)
	wheres.Store(st, where)
	return st
}

// open gives a fresh store.
func (k kind) open(t *testing.T) store.Store { return k.at(t, k.fresh(t)) }

// service is a fresh store and a Service of small deals on it.
func (k kind) service(t *testing.T) (store.Store, *Service) {
	st := k.open(t)
	return st, newService(t, st, smallConfig(t, nil))
}

// reopen closes st and opens it again: a restart.
func (k kind) reopen(t *testing.T, st store.Store) store.Store {
	where, _ := wheres.Load(st)
	st.Close()
	return k.at(t, where.(string))
}

// another opens st a second time, as another process does (PostgreSQL);
// st itself where one process holds the store (bbolt).
func (k kind) another(t *testing.T, st store.Store) store.Store {
	if !k.shared {
		return st
	}
	where, _ := wheres.Load(st)
	return k.at(t, where.(string))
}

func boltAt(t testing.TB, path string) store.Store {
	st, err := bolt.Open(path, bolt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func pgAt(t testing.TB, url string) store.Store {
	st, err := postgres.Open(url, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

var (
	boltKind = kind{name: "bolt", openAt: boltAt,
		fresh: func(t *testing.T) string { return filepath.Join(t.TempDir(), "tablee.db") }}
	pgKind = kind{name: "postgres", openAt: pgAt, shared: true,
		fresh: func(t *testing.T) string { return cluster.Database(t) }}
)

// onBoth runs a test's body on a real bbolt file and on a real PostgreSQL.
func onBoth(t *testing.T, body func(t *testing.T, k kind)) {
	for _, k := range []kind{boltKind, pgKind} {
		t.Run(k.name, func(t *testing.T) { body(t, k) })
	}
}

func newService(t testing.TB, st store.Store, cfg Config) *Service {
	t.Helper()
	s, err := New(st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// at is an instant of a day, Paris time.
func at(day duplicate.Day, hour, min int) time.Time {
	return time.Date(day.Year, day.Month, day.Day, hour, min, 0, 0, day.Start().Location())
}

// strategy is what a player plays at a turn of a deal.
type strategy func(t testing.TB, d *duplicate.Deal, i int) string

func tops(_ testing.TB, d *duplicate.Deal, i int) string { return d.Turns[i].Top }

func passes(testing.TB, *duplicate.Deal, int) string { return "" }

// easy is the easy bot's move from the turn's position.
func easy(t testing.TB, d *duplicate.Deal, i int) string {
	g, err := d.Position(i)
	if err != nil {
		t.Fatal(err)
	}
	return g.Bot(0, games.Easy)
}

// mixed finds the top on even turns and passes on odd ones.
func mixed(t testing.TB, d *duplicate.Deal, i int) string {
	if i%2 == 0 {
		return d.Turns[i].Top
	}
	return "passe"
}

// playAll plays a whole challenge of game for p from start, a minute a
// turn, and returns its result and the points expected (Deal.Score).
func playAll(t testing.TB, s *Service, p Player, server, game string, start time.Time, play strategy) (Result, []int) {
	t.Helper()
	a, d, err := s.Start(p, server, game, start)
	if err != nil {
		t.Fatalf("%s starts %s: %v", p.ID, game, err)
	}
	var want []int
	var last Played
	for i := range d.Turns {
		move := play(t, d, i)
		pts, err := d.Score(i, move)
		if move == "" {
			pts, err = 0, nil
		}
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, pts)
		if last, err = s.Play(a, i, move, start.Add(time.Duration(i+1)*time.Minute)); err != nil {
			t.Fatalf("%s turn %d %q: %v", p.ID, i+1, move, err)
		}
		if last.Points != pts || last.Top.Top != d.Turns[i].Top {
			t.Fatalf("%s turn %d: %+v, want %d points", p.ID, i+1, last, pts)
		}
	}
	if !last.Finished || last.Result == nil {
		t.Fatalf("%s: the last turn did not finish: %+v", p.ID, last)
	}
	return *last.Result, want
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}
