package bot

import (
	"encoding/json"
	"fmt"
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
