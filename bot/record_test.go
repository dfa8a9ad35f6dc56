package bot

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/tablee/tablee/games"
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

// BenchmarkRecord writes the record of a table in play, as every save does.
func BenchmarkRecord(b *testing.B) {
	state, _ := json.Marshal(map[string]any{"cards": make([]int, 600), "last": "a move"})
	tb := &Table{ID: 2, Chat: "tg:2", Game: "crackword", Phase: Playing, State: state,
		Seats: []Seat{{User: "tg:9", Name: "Ann"}, {Name: "bot", Bot: true}}, Notes: map[string]string{"board": "12"}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tb.record(); err != nil {
			b.Fatal(err)
		}
	}
}
