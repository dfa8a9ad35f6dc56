package bolt

import (
	"fmt"
	"time"

	"github.com/tablee/tablee/store"
)

// v1Save is one Save of the schema 1 fixture, in the order it was made.
type v1Save struct {
	table store.Table
	move  *store.Move
}

// v1Content is what testdata/schema1.db holds: every shape the schema 1
// layout had to carry. The file was written by tablee's store at schema
// version 1 (the layout of nested move and history buckets), by saving
// these tables and users in this order; the migration tests read it back
// through schema 2 and compare with this list.
//
//   - table 1: a finished Crack Word game of 3 moves in discord:100;
//   - table 2: an open game of 300 moves (past 255: keys must sort as
//     numbers), moved from telegram:-7 to telegram:-1007 after move 10 (a
//     group that became a supergroup), by three users and the bot (""),
//     with the clock going back once and a gap of three days;
//   - table 3: the next table of discord:100, open, no moves, no game or data;
//   - table 4: reserved by NewTableID and never saved;
//   - table 5: finished without a move (a lobby stopped before the start);
//   - users discord:1 (with data) and local:alice (empty data).
func v1Content() (saves []v1Save, users []store.User, nextTable uint64) {
	at := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	mv := func(seq uint64, seat int, user, text string) *store.Move {
		return &store.Move{Seq: seq, At: at, Seat: seat, User: user, Text: text}
	}

	t1 := store.Table{ID: 1, Chat: "discord:100", Game: "crackword", Data: []byte(`{"id":1,"phase":"playing"}`)}
	for seq, text := range []string{"A gauche 1 AGE", "R droite 1 AGREA", "P droite 3 OP"} {
		at = at.Add(37*time.Second + 123456789)
		if seq == 2 {
			t1.Finished = true
			t1.Data = []byte(`{"id":1,"phase":"finished","scores":[12,9]}`)
		}
		saves = append(saves, v1Save{t1, mv(uint64(seq+1), seq%2, fmt.Sprintf("discord:%d", seq%2+1), text)})
	}

	t2 := store.Table{ID: 2, Chat: "telegram:-7", Game: "coquillaude", Data: []byte(`{"id":2}`)}
	saves = append(saves, v1Save{t2, nil})
	for seq := uint64(1); seq <= 300; seq++ {
		switch {
		case seq == 40:
			at = at.Add(-5 * time.Second) // the clock went back
		case seq == 200:
			at = at.Add(72 * time.Hour)
		default:
			at = at.Add(time.Duration(seq%7)*time.Second + time.Duration(seq)*1000)
		}
		if seq == 11 {
			t2.Chat = "telegram:-1007"
		}
		user := ""
		if seq%4 != 0 {
			user = fmt.Sprintf("telegram:%d", seq%4)
		}
		t2.Data = []byte(fmt.Sprintf(`{"id":2,"moves":%d}`, seq))
		saves = append(saves, v1Save{t2, mv(seq, int(seq%4), user, fmt.Sprintf("reponse MOT%d", seq))})
	}

	t3 := store.Table{ID: 3, Chat: "discord:100"}
	saves = append(saves, v1Save{t3, nil})

	t5 := store.Table{ID: 5, Chat: "discord:200", Game: "wordsout", Finished: true, Data: []byte(`{"id":5,"phase":"abandoned"}`)}
	saves = append(saves, v1Save{t5, nil})

	users = []store.User{
		{ID: "discord:1", Data: []byte(`{"lang":"en","stats":{"crackword":[1,0]}}`)},
		{ID: "local:alice"},
	}
	return saves, users, 6
}
