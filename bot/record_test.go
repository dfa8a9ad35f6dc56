package bot

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/jsonw/jsonwtest"
)

// TestRecordIsWhatMarshalWrites: the table's record, whose game state is
// put in as the engine saved it, is what json.Marshal writes of the table,
// byte for byte, also when other fields hold a key "state".
func TestRecordIsWhatMarshalWrites(t *testing.T) {
	state, err := json.Marshal(map[string]any{"rows": [][]int{{1, 2}, {}}, "last": "<a & b> \u2028", "state": 0})
	if err != nil {
		t.Fatal(err)
	}
	tables := []*Table{
		{ID: 1, Chat: "tg:1", Game: "crackword", Phase: Lobby},
		{ID: 2, Chat: "tg:2", Game: "crackword", Phase: Playing, State: state, Moves: 7,
			Options: games.Options{"state": "0", "expert": "on"},
			Seats:   []Seat{{User: "tg:9", Name: `"state":0`}, {Name: "bot", Bot: true}},
			Notes:   map[string]string{"state": "0"}, Created: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)},
	}
	for _, tb := range tables {
		rec, err := tb.record()
		if err != nil {
			t.Fatal(err)
		}
		jsonwtest.SameAsMarshal(t, fmt.Sprintf("table %d", tb.ID), tb, rec.Data)
		if string(tb.State) != string(state) && len(tb.State) > 0 {
			t.Fatalf("table %d: the record changed the state to %s", tb.ID, tb.State)
		}
	}
}

// BenchmarkRecord writes the record of a table in play, as every save does:
// two seats, a few notes, deadlines, and an outbox with the messages of a
// move not yet shown.
func BenchmarkRecord(b *testing.B) {
	tb := benchTable()
	rec, err := tb.record()
	if err != nil {
		b.Fatal(err)
	}
	tb.committed = rec.Data // as the last save left it
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tb.record(); err != nil {
			b.Fatal(err)
		}
	}
}

// benchTable is a table in play as a save finds it.
func benchTable() *Table {
	state, _ := json.Marshal(map[string]any{"cards": make([]int, 600), "last": "a move"})
	created := time.Date(2026, 3, 4, 20, 15, 7, 123456789, time.UTC)
	return &Table{ID: 2, Chat: "tg:-1001234567890", Server: "tg:-1001234567890", Game: "crackword",
		Options: games.Options{"expert": "on"}, Creator: "tg:9", Phase: Playing,
		Seats: []Seat{{User: "tg:9", Name: "Ann", Since: 41}, {Name: "🤖 Robot", Bot: true, Level: games.Strong}},
		Seed:  0x9e3779b97f4a7c15, Moves: 42, State: state,
		Settings:  Settings{Lang: "fr", Turn: 24 * time.Hour, Reminder: 2 * time.Hour, OnExpiry: "pass"},
		Deadlines: []Deadline{{Seat: 0, At: created.Add(48 * time.Hour)}},
		Secret:    "k3J9xQ2mZ7",
		Notes:     map[string]string{"board": "1234", "hand:0": "1235", "lobby": "1200"},
		Created:   created, Touched: created,
		Outbox: Outbox{Seq: 43, Shown: 42, Board: true, Moves: 2,
			Public:  []i18n.Msg{i18n.T("crackword.played", i18n.Seat(0), "CASE", 12), i18n.T("crackword.bot_played", i18n.Seat(1), "ROUE", 7)},
			Private: map[int][]i18n.Msg{0: {i18n.T("crackword.drew", i18n.Raw("E A S"))}},
			Tell:    []int{0}},
		Awaited: []int{0}, Turns: 21,
		Best:   []BestMove{{Move: "CASE", Points: 12}, {Move: "ROUE", Points: 7}},
		Active: created.Add(time.Hour)}
}

// TestRecordIsWhatMarshalWritesOfFullTables: tables with every field of the
// record set, and times, strings and messages json.Marshal writes in ways
// of their own.
func TestRecordIsWhatMarshalWritesOfFullTables(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		paris = time.FixedZone("CET", 3600)
	}
	now := time.Now() // with its monotonic reading
	odd := `"state":0 <b>&amp;</b> é \u2028 ` + "\u2029 \x00\x1f\t\n \xff\xc3 \\ 🤖"
	state, _ := json.Marshal(map[string]any{"last": odd, "state": 0, "rows": [][]int{{1}, {}}})
	msg := i18n.T("crackword.played", i18n.Seat(1), odd, 12, int64(-7), int32(3), uint64(1<<40),
		i18n.T("bot.nested", i18n.Raw(odd)), 2.5, true)
	full := benchTable()
	full.Server, full.State = odd, state
	full.Options = games.Options{"b": "2", "a": odd, odd: "", "A": "x"}
	full.Seats = []Seat{
		{User: "tg:9", Name: odd, Since: 1 << 63, AwayUntil: now.Add(time.Hour), Quiet: "23:00-08:00 Europe/Paris"},
		{Name: "🤖", Bot: true, Level: games.Easy, Left: true},
		{User: "dc:1", Name: "", Level: games.Strong, AwayUntil: time.Date(2026, 7, 1, 2, 3, 4, 500, paris)},
	}
	full.Settings = Settings{Lang: "en", Turn: -time.Nanosecond, Reminder: 1<<63 - 1, OnExpiry: odd,
		View: ViewPicture, Hints: true, Away: AwayBot}
	full.Deadlines = []Deadline{{Seat: 2, At: now, Reminded: true}, {Seat: -1, At: time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.FixedZone("", -(23*3600+59*60)))}}
	full.Votes = []string{"tg:9", odd}
	full.Notes = map[string]string{"z": "1", "board": odd, "": "", "Board": "2", "é": "3"}
	full.Created, full.Touched = now, time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC)
	full.Scores = []int{-3, 0, 1 << 40}
	full.Outbox = Outbox{Seq: 9, Shown: 7, Board: true, Moves: -1,
		Says:    []Say{{User: "tg:9", Msgs: []i18n.Msg{msg, {}}, Ping: []int{0, 2}, Scores: true}, {Msgs: nil}, {Msgs: []i18n.Msg{}}},
		Public:  []i18n.Msg{msg, i18n.T("")},
		Private: map[int][]i18n.Msg{10: {msg}, 2: nil, -1: {}, 0: {i18n.Raw(odd)}},
		Tell:    []int{2, 0},
		Pending: map[int][]PendingNote{1: {{Msg: msg, Move: 43}, {}}, 11: nil, 3: {}}}
	full.InFlight = &Outbox{Seq: 7, Shown: 6, Says: []Say{{Msgs: []i18n.Msg{msg}}}}
	full.Awaited, full.Turns = []int{0, 2}, 1<<64-1
	full.Best = []BestMove{{Move: odd, Points: -2, Table: 5}, {}}
	full.Rematch = &Rematch{Of: 1, Confirmed: []string{"tg:9", odd}, Until: now.In(paris), Closed: rematchDeclined, By: odd}
	full.Ended, full.Active, full.Told = now.UTC(), now.Local(), time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("", 5*3600+30*60))
	full.Lapsed = []int{1}

	// The same with every omitempty field empty but not nil, and the
	// outbox and in-flight outbox zero.
	empty := &Table{ID: 3, Seats: []Seat{}, Options: games.Options{}, Deadlines: []Deadline{}, Votes: []string{},
		Notes: map[string]string{}, Scores: []int{}, InFlight: &Outbox{}, Awaited: []int{}, Best: []BestMove{},
		Rematch: &Rematch{}, Lapsed: []int{}, State: json.RawMessage{}}
	// An outbox whose slices and maps are empty but not nil is not zero.
	notZero := &Table{ID: 4, Outbox: Outbox{Says: []Say{}}}
	notZeroMap := &Table{ID: 5, Outbox: Outbox{Pending: map[int][]PendingNote{}}, InFlight: &Outbox{Private: map[int][]i18n.Msg{}, Tell: []int{}}}
	for _, tb := range []*Table{full, empty, notZero, notZeroMap, {}} {
		checkRecord(t, tb)
	}
}

// checkRecord fails the test when the table's record is not what
// json.Marshal writes of the table.
func checkRecord(t *testing.T, tb *Table) {
	t.Helper()
	rec, err := tb.record()
	if err != nil {
		t.Fatalf("table %d: %v", tb.ID, err)
	}
	jsonwtest.SameAsMarshal(t, fmt.Sprintf("table %d", tb.ID), tb, rec.Data)
}

// A time RFC 3339 cannot write fails the record as it fails json.Marshal.
func TestRecordOfAnUnwritableTime(t *testing.T) {
	for _, tb := range []*Table{
		{Created: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{Seats: []Seat{{AwayUntil: time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("", 24*3600))}}},
		{Rematch: &Rematch{Until: time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)}},
	} {
		_, want := json.Marshal(tb)
		_, err := tb.record()
		if err == nil || want == nil || err.Error() != want.Error() {
			t.Fatalf("record: %v; json.Marshal: %v", err, want)
		}
	}
}

// TestRecordOfRandomTables compares the record with json.Marshal over
// tables whose every exported field, at every depth, is filled at random
// (or left zero, nil or empty): a field the writer leaves out is found.
func TestRecordOfRandomTables(t *testing.T) {
	for seed := range int64(3000) {
		checkRecord(t, randomTable(t, seed))
	}
}

func FuzzRecord(f *testing.F) {
	for seed := range int64(8) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed int64) { checkRecord(t, randomTable(t, seed)) })
}

func randomTable(t *testing.T, seed int64) *Table {
	g := recordGen{t: t, r: rand.New(rand.NewPCG(uint64(seed), 0x7ab1e))}
	tb := &Table{}
	g.fill(reflect.ValueOf(tb).Elem(), 0)
	return tb
}

// recordGen fills values with what a record may hold, weighted towards
// what json.Marshal writes in ways of its own: zero, nil and empty values,
// strings to escape, times in zones, integer map keys that sort as strings.
type recordGen struct {
	t *testing.T
	r *rand.Rand
}

var (
	timeType  = reflect.TypeFor[time.Time]()
	msgType   = reflect.TypeFor[i18n.Msg]()
	stateType = reflect.TypeFor[json.RawMessage]()
)

func (g recordGen) fill(v reflect.Value, depth int) {
	if g.r.IntN(4) == 0 {
		return // the zero value
	}
	switch v.Type() {
	case timeType:
		v.Set(reflect.ValueOf(g.time()))
		return
	case msgType:
		v.Set(reflect.ValueOf(g.msg(depth)))
		return
	case stateType:
		state, err := json.Marshal(map[string]any{g.string(): g.string(), "state": g.r.IntN(3), "n": []int{g.r.IntN(9)}})
		if err != nil {
			g.t.Fatal(err)
		}
		v.SetBytes(state)
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(g.string())
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(g.int(v.Type().Bits()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(g.int(v.Type().Bits())))
	case reflect.Slice:
		n := g.r.IntN(4)
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			g.fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		for range g.r.IntN(5) {
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			g.fill(k, depth+1)
			g.fill(e, depth+1)
			v.SetMapIndex(k, e)
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		g.fill(v.Elem(), depth+1)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				g.fill(v.Field(i), depth+1)
			}
		}
	default:
		g.t.Fatalf("the record holds a %s (%s): teach recordGen and record_json.go to write it", v.Type(), v.Kind())
	}
}

func (g recordGen) int(bits int) int64 {
	switch g.r.IntN(4) {
	case 0:
		return int64(g.r.IntN(12)) // integer map keys: "10" and "11" sort before "2"
	case 1:
		return -int64(g.r.IntN(3))
	}
	return g.r.Int64() >> (64 - bits)
}

func (g recordGen) string() string {
	pieces := []string{"a", "Zé", `"`, `\`, "<", ">", "&", "\u2028", "\u2029", "\x00", "\n", "\x1f", "\x7f",
		"\xff", "\xc3", "🤖", "state", `"state":0`, " ", "tg:9"}
	var s strings.Builder
	for range g.r.IntN(5) {
		s.WriteString(pieces[g.r.IntN(len(pieces))])
	}
	return s.String()
}

func (g recordGen) time() time.Time {
	at := time.Unix(g.r.Int64N(253402214400+62135596800)-62135596800, g.r.Int64N(1e9))
	switch g.r.IntN(5) {
	case 0:
		return time.Now() // with a monotonic reading
	case 1:
		return at.Truncate(time.Second) // no fraction
	case 2:
		return at.In(time.FixedZone("", (g.r.IntN(47)-23)*1800+g.r.IntN(60)))
	case 3:
		return at.Local()
	}
	return at.UTC()
}

func (g recordGen) msg(depth int) i18n.Msg {
	m := i18n.Msg{Key: g.string()}
	for range g.r.IntN(4) {
		switch g.r.IntN(8) {
		case 0:
			m.Args = append(m.Args, g.string())
		case 1:
			m.Args = append(m.Args, int(g.int(64)))
		case 2:
			m.Args = append(m.Args, g.int(64))
		case 3:
			m.Args = append(m.Args, int32(g.int(32)))
		case 4:
			m.Args = append(m.Args, uint64(g.int(64)))
		case 5:
			m.Args = append(m.Args, i18n.Seat(g.r.IntN(5)))
		case 6:
			if depth < 8 {
				m.Args = append(m.Args, g.msg(depth+1))
			}
		default:
			m.Args = append(m.Args, g.r.Float64())
		}
	}
	return m
}

// TestRecordWriterKnowsEveryField: the fields of Table and of every type
// its record holds are the ones record_json.go writes, by name, type and
// tag, and none of those types marshals itself (but those the writer
// writes through their own writer). A field added, renamed, retyped or
// retagged fails here until the writer and this list learn it.
func TestRecordWriterKnowsEveryField(t *testing.T) {
	want := map[string][]string{
		"bot.Table": {"ID uint64 id", "Chat string chat", "Server string server,omitempty", "Game string game",
			"Options games.Options options,omitempty", "Creator string creator", "Phase bot.Phase phase",
			"Seats []bot.Seat seats", "Seed uint64 seed", "Moves uint64 moves", "State json.RawMessage state,omitempty",
			"Settings bot.Settings settings", "Deadlines []bot.Deadline deadlines,omitempty",
			"Votes []string votes,omitempty", "Secret string secret", "Notes map[string]string notes,omitempty",
			"Created time.Time created", "Touched time.Time touched,omitempty", "Scores []int scores,omitempty",
			"Outbox bot.Outbox outbox,omitzero", "InFlight *bot.Outbox inflight,omitempty",
			"Awaited []int awaited,omitempty", "Turns uint64 turns,omitempty", "Best []archive.BestMove best,omitempty",
			"Rematch *bot.Rematch rematch,omitempty", "Ended time.Time ended,omitzero", "Active time.Time active,omitzero",
			"Lapsed []int lapsed,omitempty", "Told time.Time told,omitzero"},
		"bot.Seat": {"User string user,omitempty", "Name string name", "Bot bool bot,omitempty",
			"Level games.Strength level,omitempty", "Left bool left,omitempty", "Since uint64 since,omitempty",
			"AwayUntil time.Time away_until,omitzero", "Quiet string quiet,omitempty"},
		"bot.Settings": {"Lang i18n.Lang lang", "Turn time.Duration turn", "Reminder time.Duration reminder",
			"OnExpiry string on_expiry", "View string view,omitempty", "Hints bool hints,omitempty", "Away string away,omitempty"},
		"bot.Deadline": {"Seat int seat", "At time.Time at", "Reminded bool reminded,omitempty"},
		"bot.Outbox": {"Seq uint64 seq,omitempty", "Shown uint64 shown,omitempty", "Says []bot.Say says,omitempty",
			"Board bool board,omitempty", "Public []i18n.Msg public,omitempty", "Moves int moves,omitempty",
			"Private map[int][]i18n.Msg private,omitempty", "Tell []int tell,omitempty",
			"Pending map[int][]bot.PendingNote pending,omitempty"},
		"bot.Say":          {"User string user,omitempty", "Msgs []i18n.Msg msgs", "Ping []int ping,omitempty", "Scores bool scores,omitempty"},
		"bot.PendingNote":  {"Msg i18n.Msg msg", "Move uint64 move"},
		"archive.BestMove": {"Move string move", "Points int points", "Table uint64 table,omitempty"},
		"bot.Rematch": {"Of uint64 of", "Confirmed []string confirmed,omitempty", "Until time.Time until",
			"Closed string closed,omitempty", "By string by,omitempty"},
	}
	// Written through what writes the same bytes as their MarshalJSON.
	own := map[reflect.Type]bool{timeType: true, msgType: true, stateType: true}
	marshaler := reflect.TypeFor[json.Marshaler]()
	texter := reflect.TypeFor[encoding.TextMarshaler]()
	got := map[string][]string{}
	var walk func(reflect.Type)
	walk = func(ty reflect.Type) {
		if own[ty] {
			return
		}
		if ty.Implements(marshaler) || ty.Implements(texter) || reflect.PointerTo(ty).Implements(marshaler) || reflect.PointerTo(ty).Implements(texter) {
			t.Errorf("%s marshals itself: record_json.go must write it as its method does", ty)
		}
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice:
			walk(ty.Elem())
		case reflect.Map:
			walk(ty.Key())
			walk(ty.Elem())
		case reflect.Struct:
			if _, ok := got[ty.String()]; ok {
				return
			}
			got[ty.String()] = []string{}
			for i := range ty.NumField() {
				if f := ty.Field(i); f.IsExported() {
					got[ty.String()] = append(got[ty.String()], f.Name+" "+f.Type.String()+" "+f.Tag.Get("json"))
					walk(f.Type)
				}
			}
		}
	}
	walk(reflect.TypeFor[Table]())
	for ty, fields := range got {
		if !slices.Equal(fields, want[ty]) {
			t.Errorf("%s has the fields\n%q\nthe record writer knows\n%q", ty, fields, want[ty])
		}
	}
	for ty := range want {
		if _, ok := got[ty]; !ok {
			t.Errorf("the record no longer holds %s", ty)
		}
	}
}
