package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/pgtest"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/postgres"
)

// The core on a store several processes share (shared.go): two cores, each
// with its own connection pool to one real PostgreSQL database, as two
// tablee processes are, with a clock they share.

var cluster *pgtest.Cluster

func TestMain(m *testing.M) {
	pgtest.Main(m, func(c *pgtest.Cluster) { cluster = c }, removeBenchFiles)
}

type process struct {
	core *Core
	st   *postgres.Store
	rec  *recorder
}

func twoProcesses(t *testing.T, tune ...func(*Options)) (*process, *process, *fakeClock) {
	t.Helper()
	return twoProcessesWith(t, nil, tune...)
}

// twoProcessesWith is twoProcesses with the first process's options (its
// store, its observer) as first changes them; tune changes both's.
func twoProcessesWith(t *testing.T, first func(*Options), tune ...func(*Options)) (*process, *process, *fakeClock) {
	t.Helper()
	url := cluster.Database(t)
	clock := &fakeClock{now: time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)}
	var seed uint64
	var seedMu sync.Mutex
	var ps []*process
	for i := range 2 {
		st, err := postgres.Open(url, postgres.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := &process{st: st, rec: &recorder{closed: map[string]bool{}}}
		opts := Options{Store: st, Clock: clock, Lang: i18n.EN,
			Seeds:  func() uint64 { seedMu.Lock(); defer seedMu.Unlock(); seed++; return seed },
			Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))}
		for _, f := range tune {
			f(&opts)
		}
		if i == 0 && first != nil {
			first(&opts)
		}
		p.core, err = New(opts)
		if err != nil {
			t.Fatal(err)
		}
		p.core.SetTransport("local", p.rec)
		p.rec.core = func() *Core { return p.core }
		ps = append(ps, p)
		t.Cleanup(func() { p.core.Close(); st.Close() })
	}
	return ps[0], ps[1], clock
}

func (p *process) do(chat, user, text string) []Out {
	name, args, _ := ParseText(text)
	return p.core.Handle(context.Background(), Command{Chat: chat, User: User{ID: "local:" + user, Name: user}, Name: name, Args: args})
}

// Moves sent to one process and the other in turn, each process holding
// a copy of the table the other moved on from: every move is accepted, the
// log holds each once, in order, and the boards shown by the two processes
// together show each position once.
func TestSharedProcessesPlayOneTable(t *testing.T) {
	a, b, _ := twoProcesses(t)
	procs := []*process{a, b}
	// Three whole games, one round each: a position is never shown twice
	// but by a delivery shown twice.
	for _, chat := range []string{"local:one", "local:two", "local:three"} {
		mustOK(t, a.do(chat, "alice", "/play tictactoe"))
		mustOK(t, b.do(chat, "bob", "/join"))
		mustOK(t, a.do(chat, "alice", "/start"))
		id := a.core.tableFor(Command{Chat: chat}).ID
		sent := 0
		for turn := 0; ; turn++ {
			p := procs[turn%2]
			var user, move string
			for _, u := range []string{"alice", "bob"} {
				if mv, ok := p.core.Hint(chat, "local:"+u); ok {
					user, move = u, mv
				}
			}
			if user == "" {
				break // the game is over
			}
			mustOK(t, p.do(chat, user, "/move "+move))
			sent++
		}
		moves, err := a.st.Moves(id)
		if err != nil || len(moves) != sent || sent < 5 {
			t.Fatalf("%s: %d moves logged (%v), %d sent", chat, len(moves), err, sent)
		}
		for i, m := range moves {
			if m.Seq != uint64(i+1) {
				t.Fatalf("%s: move %d has seq %d", chat, i+1, m.Seq)
			}
		}
		if rec, _ := a.st.Table(id); !rec.Finished {
			t.Errorf("%s: the game did not end", chat)
		}
	}
	// Let the deliverers finish, then look at the boards.
	a.core.Flush()
	b.core.Flush()
	waitFor(t, func() bool { return unshownCount(t, a.st) == 0 })
	seen := map[string]int{}
	for _, p := range procs {
		for _, o := range p.rec.take() {
			if o.Board {
				seen[o.Chat+"\n"+o.Text+"\n"+strings.Join(o.Mono, "\n")]++
			}
		}
	}
	for shown, n := range seen {
		if n > 1 {
			t.Errorf("a board was shown %d times:\n%s", n, shown)
		}
	}
	for _, chat := range []string{"local:one", "local:two", "local:three"} {
		ends := 0
		for shown := range seen {
			if strings.HasPrefix(shown, chat+"\n") && (strings.Contains(shown, "wins") || strings.Contains(shown, "Draw")) {
				ends++
			}
		}
		if ends != 1 {
			t.Errorf("%s: the final board was shown %d times", chat, ends)
		}
	}
}

// A game that ends through a process whose deliverer still runs for the
// table on a copy dropped since (another process moved the table): the
// last board is shown at once, by that deliverer, not left to the unshown
// poll. The deliverer's round used to find the table again from the
// store, while the game, ended, had left memory and its last move still
// waited in the store's chain under the table's lock: it found nothing to
// show and stopped.
func TestSharedLastMoveShownByADelivererOnADroppedCopy(t *testing.T) {
	chains, shown := &hold{}, &hold{}
	a, b, _ := twoProcessesWith(t, func(o *Options) {
		o.Store = &holdingChain{Store: o.Store.(*postgres.Store), hold: chains}
		o.Observer = &holdingShown{hold: shown}
	})
	const chat = "local:main"
	id := startTicTacToe(t, a, chat)
	mustOK(t, a.do(chat, "alice", "/move 1"))
	mustOK(t, a.do(chat, "bob", "/move 4"))
	a.core.Flush()
	// a's deliverer shows alice's move, records it shown, and is held
	// before it stops: it still runs for the table, on a's copy.
	shownHeld := shown.arm()
	mustOK(t, a.do(chat, "alice", "/move 2"))
	shownHeld.wait(t)
	// b plays bob's move and shows it: a's copy is behind.
	mustOK(t, b.do(chat, "bob", "/move 5"))
	b.core.Flush()
	// alice's winning move reaches a: refused by a's copy (bob's turn
	// there), which is dropped; played on the table read again, which
	// leaves memory as the game ends; its chained save held at its wait,
	// the table's lock held.
	chainHeld := chains.arm()
	answered := make(chan []Out, 1)
	go func() { answered <- a.do(chat, "alice", "/move 3") }()
	chainHeld.wait(t)
	// The deliverer goes on, kicked by the winning move's save.
	close(shownHeld.release)
	for end := time.Now().Add(time.Second); a.core.delivering(id) && time.Now().Before(end); {
		time.Sleep(5 * time.Millisecond)
	}
	close(chainHeld.release)
	mustOK(t, <-answered)
	a.core.Flush()
	if n := unshownCount(t, a.st); n != 0 {
		t.Fatalf("%d table unshown once the deliverers stopped: the last board was left to the unshown poll", n)
	}
	won := false
	for _, o := range a.rec.take() {
		won = won || o.Board && strings.Contains(o.Text, "wins")
	}
	if !won {
		t.Fatal("the final board was not shown by the process that played the last move")
	}
}

// hold stops, once armed, the next call that reaches it until released.
type hold struct {
	mu    sync.Mutex
	armed *held
}

// held is one stop of a hold: reached is closed when a call reaches it,
// and the call waits until release is closed.
type held struct{ reached, release chan struct{} }

func (h *hold) arm() *held {
	g := &held{reached: make(chan struct{}), release: make(chan struct{})}
	h.mu.Lock()
	h.armed = g
	h.mu.Unlock()
	return g
}

func (h *hold) stop() {
	h.mu.Lock()
	g := h.armed
	h.armed = nil
	h.mu.Unlock()
	if g != nil {
		close(g.reached)
		<-g.release
	}
}

func (g *held) wait(t *testing.T) {
	t.Helper()
	select {
	case <-g.reached:
	case <-time.After(10 * time.Second):
		t.Fatal("the call to hold never came")
	}
}

// holdingChain is a PostgreSQL store whose chained saves, once its hold
// is armed, wait at their wait (store.Chainer): not yet written, the
// table's lock held.
type holdingChain struct {
	*postgres.Store
	hold *hold
}

func (s *holdingChain) SaveChained(t store.Table, mv *store.Move) (func() error, error) {
	wait, err := s.Store.SaveChained(t, mv)
	if err != nil {
		return nil, err
	}
	return func() error { s.hold.stop(); return wait() }, nil
}

// holdingShown is an observer that, once its hold is armed, stops the
// next deliverer that tells it a batch shown: recorded shown, the
// deliverer still running.
type holdingShown struct {
	noObserver
	hold *hold
}

func (o *holdingShown) Shown(string, time.Duration) { o.hold.stop() }

// A command that reaches a process whose copy is behind (the table
// finished through the other process, and a new one opened in the chat)
// is played on the table as stored, not refused from the old copy.
func TestSharedStaleChatTableReadAgain(t *testing.T) {
	a, b, _ := twoProcesses(t)
	const chat = "local:main"
	mustOK(t, a.do(chat, "alice", "/play tictactoe"))
	mustOK(t, a.do(chat, "bob", "/join"))
	mustOK(t, a.do(chat, "alice", "/start"))
	first := a.core.tableFor(Command{Chat: chat}).ID
	// b stops the game and opens another; a still holds the first.
	mustOK(t, b.do(chat, "alice", "/quit"))
	mustOK(t, b.do(chat, "carol", "/play tictactoe"))
	// a gets a join for the chat's table: the new one.
	mustOK(t, a.do(chat, "dave", "/join"))
	rec, err := a.st.OpenTable(chat)
	if err != nil || rec.ID == first || !strings.Contains(string(rec.Data), "local:dave") {
		t.Fatalf("the chat's table %d (first %d) %v: dave did not join it", rec.ID, first, err)
	}
}

// A deadline reached by both processes at the same moment is acted on
// once: one timeout move in the log.
func TestSharedDeadlineFiresOnce(t *testing.T) {
	a, b, clock := twoProcesses(t)
	const chat = "local:main"
	mustOK(t, a.do(chat, "alice", "/play tictactoe long"))
	mustOK(t, a.do(chat, "bob", "/join"))
	mustOK(t, a.do(chat, "alice", "/settings turn=1h reminder=off"))
	mustOK(t, a.do(chat, "alice", "/start"))
	rec, _ := a.st.OpenTable(chat)
	// b has the table in memory too.
	if _, ok := b.core.Hint(chat, "local:alice"); !ok {
		if _, ok := b.core.Hint(chat, "local:bob"); !ok {
			t.Fatal("the table waits for nobody")
		}
	}
	clock.Advance(61 * time.Minute)
	var wg sync.WaitGroup
	for _, p := range []*process{a, b, a, b} {
		wg.Add(1)
		go func() { defer wg.Done(); p.core.Tick(context.Background()) }()
	}
	wg.Wait()
	moves, err := a.st.Moves(rec.ID)
	if err != nil || len(moves) != 1 || moves[0].User != "" {
		t.Fatalf("after the deadline: %+v, %v; want one move by the deadline", moves, err)
	}
}

func unshownCount(t *testing.T, st store.Store) int {
	list, err := st.Unshown()
	if err != nil {
		t.Fatal(err)
	}
	return len(list)
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for i := 0; i < 200; i++ {
		if cond() {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatal("waited 5 s in vain")
}

// A button of a hand one process sent, pressed in private and received by
// the other (Discord sends every DM to shard 0, whichever shard the
// table's server is on): played on the table as stored.
func TestSharedButtonPressedThroughTheOtherProcess(t *testing.T) {
	a, b, _ := twoProcesses(t)
	const chat = "local:main"
	startTicTacToe(t, a, chat)
	var data string
	for _, o := range a.rec.take() {
		if o.Dest == ToUser && o.User == "local:alice" {
			for _, row := range o.Buttons {
				for _, btn := range row {
					if data == "" && strings.HasPrefix(btn.Data, "m") {
						data = btn.Data
					}
				}
			}
		}
	}
	if data == "" {
		t.Fatal("alice's hand has no move button")
	}
	id := a.core.tableFor(Command{Chat: chat}).ID
	outs := b.core.Handle(context.Background(), Command{Chat: "local:dm-alice", Private: true,
		User: User{ID: "local:alice", Name: "alice"}, Payload: data})
	mustOK(t, outs)
	if moves, err := a.st.Moves(id); err != nil || len(moves) != 1 || moves[0].User != "local:alice" {
		t.Fatalf("after the press: %+v, %v", moves, err)
	}
	// The first process, behind, plays the next move on the table as stored.
	if mv, ok := a.core.Hint(chat, "local:bob"); !ok {
		t.Fatal("the first process does not see that bob is to play")
	} else {
		mustOK(t, a.do(chat, "bob", "/move "+mv))
	}
}

// A user's record changed through two processes, one change each: both
// are kept (each was made to the record as stored, under the store's lock
// of the user; a process writing back its own older copy lost the other's
// change), and each process sees the other's change once its copy is
// older than sharedUserFresh.
func TestSharedUserChangesKeptAndSeen(t *testing.T) {
	a, b, clock := twoProcesses(t)
	// Each process reads alice's record (none yet) and keeps a copy.
	mustOK(t, a.do("local:dm:alice", "alice", "/help"))
	mustOK(t, b.do("local:dm:alice", "alice", "/help"))
	mustOK(t, a.do("local:dm:alice", "alice", "/lang fr"))
	mustOK(t, b.do("local:dm:alice", "alice", "/settings tz=Europe/Paris"))
	wantFrenchInParis(t, a.st, "local:alice")
	clock.Advance(sharedUserFresh)
	for _, p := range []*process{a, b} {
		if u := p.core.user("local:alice"); u.Lang != i18n.FR || u.TZ != "Europe/Paris" {
			t.Errorf("a process sees lang %q, tz %q", u.Lang, u.TZ)
		}
	}
}

// Two processes changing one new user's record at the same moment: the
// store's lock of the user holds one back until the other has written, so
// neither change is lost, even though neither found a record.
func TestSharedUserConcurrentFirstChanges(t *testing.T) {
	a, b, _ := twoProcesses(t)
	for i := range 20 {
		user := fmt.Sprintf("local:u%d", i)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); a.core.updateUser(user, func(u *userRecord) { u.Lang = i18n.FR }) }()
		go func() { defer wg.Done(); b.core.updateUser(user, func(u *userRecord) { u.TZ = "Europe/Paris" }) }()
		wg.Wait()
		wantFrenchInParis(t, a.st, user)
	}
}

// wantFrenchInParis checks that a user's record as stored holds both
// changes the tests make through two processes: the language and the time
// zone.
func wantFrenchInParis(t *testing.T, st store.Store, id string) {
	t.Helper()
	rec, err := st.User(id)
	var got userRecord
	if err == nil {
		err = json.Unmarshal(rec.Data, &got)
	}
	if err != nil || got.Lang != i18n.FR || got.TZ != "Europe/Paris" {
		t.Errorf("%s as stored: %s (%v), want lang fr and tz Europe/Paris", id, rec.Data, err)
	}
}

// A note set by a process whose copy another process moved on from is
// saved on the table read again (its save found the copy stale): the note
// is kept, and so is the other process's move.
func TestSharedNoteOnAStaleCopy(t *testing.T) {
	a, b, _ := twoProcesses(t)
	const chat = "local:main"
	id := startTicTacToe(t, a, chat)
	// b plays a move: a's copy is behind.
	playNextMove(t, b, chat)
	before, err := a.st.Table(id)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.core.SetNote(id, "hand", "42"); err != nil {
		t.Fatal(err)
	}
	rec, err := a.st.Table(id)
	if err != nil || rec.Version != before.Version+1 || !strings.Contains(string(rec.Data), `"hand":"42"`) {
		t.Fatalf("table %d after the note: version %d (before %d), %v: want the note saved on the fresh copy", id, rec.Version, before.Version, err)
	}
	if got := a.core.Note(id, "hand"); got != "42" {
		t.Fatalf("Note = %q, want 42", got)
	}
}

// playNextMove plays, through p, the move of whichever of alice and bob
// the game in chat waits for, and waits for it to be shown.
func playNextMove(t *testing.T, p *process, chat string) {
	t.Helper()
	for _, u := range []string{"alice", "bob"} {
		if mv, ok := p.core.Hint(chat, "local:"+u); ok {
			mustOK(t, p.do(chat, u, "/move "+mv))
			p.core.Flush()
			return
		}
	}
	t.Fatal("no move to play")
}

// startTicTacToe starts a game of alice and bob in chat through p, shown,
// and returns its table's id.
func startTicTacToe(t *testing.T, p *process, chat string) uint64 {
	t.Helper()
	mustOK(t, p.do(chat, "alice", "/play tictactoe"))
	mustOK(t, p.do(chat, "bob", "/join"))
	mustOK(t, p.do(chat, "alice", "/start"))
	p.core.Flush()
	return p.core.tableFor(Command{Chat: chat}).ID
}

// notingRecorder notes each board it is handed with its table, as the
// Telegram adapter notes the messages it posts, while the deliverer shows
// the batch.
type notingRecorder struct {
	*recorder
	core func() *Core
}

func (n notingRecorder) Deliver(ctx context.Context, o Out) error {
	err := n.recorder.Deliver(ctx, o)
	if o.Board && o.Table != 0 {
		if nerr := n.core().SetNote(o.Table, "board", fmt.Sprint(o.Turn)); nerr != nil {
			return nerr
		}
	}
	return err
}

// A note set while this process shows a table rides the save that records
// the batch shown and gives the delivery lease back: a move shown is three
// saves of the table (the move, the batch taken, the batch shown), not
// four, and the other process reads the note and takes the lease after.
func TestSharedNoteWhileShowingRidesTheShownSave(t *testing.T) {
	a, b, _ := twoProcesses(t)
	a.core.SetTransport("local", notingRecorder{a.rec, func() *Core { return a.core }})
	const chat = "local:main"
	id := startTicTacToe(t, a, chat)
	before, err := a.st.Table(id)
	if err != nil {
		t.Fatal(err)
	}
	playNextMove(t, a, chat)
	after, err := b.st.Table(id)
	if err != nil {
		t.Fatal(err)
	}
	var turn uint64
	for _, o := range a.rec.take() {
		if o.Board && o.Table == id {
			turn = o.Turn
		}
	}
	if want := fmt.Sprintf(`"board":"%d"`, turn); turn == 0 || !strings.Contains(string(before.Data), `"board":"`) || strings.Contains(string(before.Data), want) || !strings.Contains(string(after.Data), want) {
		t.Fatalf("the other process reads %s, without the note %s", after.Data, want)
	}
	if after.Version != before.Version+3 || after.Unshown != 0 {
		t.Fatalf("after a move shown and noted: version %d (before %d, want 3 saves more), unshown %d", after.Version, before.Version, after.Unshown)
	}
	if ok, err := b.st.ClaimDelivery(id, time.Minute); !ok || err != nil {
		t.Fatalf("the delivery lease was not given back: %v, %v", ok, err)
	}
}
