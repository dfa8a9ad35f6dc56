package bot

import (
	"strconv"
	"time"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/jsonw"
)

// The table's record is written at every save. json.Marshal's reflection
// over the table, its seats, its outbox and their messages cost more than
// the rest of writing it, so the record is written here field by field,
// byte for byte what json.Marshal(t) writes (TestRecordIsWhatMarshalWrites,
// TestRecordOfRandomTables): the fields in their order, each omitted
// exactly when its omitempty or omitzero tag omits it, maps with their keys
// sorted as json.Marshal sorts them, a nil slice as null. Types with a
// MarshalJSON of their own go through it, or through what writes the same
// bytes: a message through i18n.Msg.AppendJSON, a time through
// jsonw.AppendTime. A field added to Table or to a type it holds must be
// written here too (TestRecordWriterKnowsEveryField).

// recordWriter writes a table's record; err keeps the first time
// MarshalJSON refuses (a year past 9999), for the caller to report.
type recordWriter struct{ err error }

// appendRecord appends the table's record to b. The game's state is put in
// as the engine saved it: compact JSON (games.Game), which json.Marshal
// would only check and compact again.
func (t *Table) appendRecord(b []byte) ([]byte, error) {
	var w recordWriter
	b = w.table(b, t)
	return b, w.err
}

func (w *recordWriter) table(b []byte, t *Table) []byte {
	b = strconv.AppendUint(append(b, `{"id":`...), t.ID, 10)
	b = jsonw.AppendString(append(b, `,"chat":`...), t.Chat)
	if t.Server != "" {
		b = jsonw.AppendString(append(b, `,"server":`...), t.Server)
	}
	b = jsonw.AppendString(append(b, `,"game":`...), t.Game)
	if len(t.Options) > 0 {
		b = jsonw.AppendStringMap(append(b, `,"options":`...), t.Options, jsonw.AppendString)
	}
	b = jsonw.AppendString(append(b, `,"creator":`...), t.Creator)
	b = jsonw.AppendString(append(b, `,"phase":`...), string(t.Phase))
	b = jsonw.AppendArray(append(b, `,"seats":`...), t.Seats, w.seat)
	b = strconv.AppendUint(append(b, `,"seed":`...), t.Seed, 10)
	b = strconv.AppendUint(append(b, `,"moves":`...), t.Moves, 10)
	if len(t.State) > 0 {
		b = append(append(b, `,"state":`...), t.State...)
	}
	b = appendSettings(append(b, `,"settings":`...), t.Settings)
	if len(t.Deadlines) > 0 {
		b = jsonw.AppendArray(append(b, `,"deadlines":`...), t.Deadlines, w.deadline)
	}
	if len(t.Votes) > 0 {
		b = jsonw.AppendArray(append(b, `,"votes":`...), t.Votes, jsonw.AppendString)
	}
	b = jsonw.AppendString(append(b, `,"secret":`...), t.Secret)
	if len(t.Notes) > 0 {
		b = jsonw.AppendStringMap(append(b, `,"notes":`...), t.Notes, jsonw.AppendString)
	}
	b = w.time(append(b, `,"created":`...), t.Created)
	// omitempty leaves a struct in: a zero Touched is written.
	b = w.time(append(b, `,"touched":`...), t.Touched)
	if len(t.Scores) > 0 {
		b = jsonw.AppendArray(append(b, `,"scores":`...), t.Scores, jsonw.AppendInt[int])
	}
	if !t.Outbox.isZero() {
		b = appendOutbox(append(b, `,"outbox":`...), &t.Outbox)
	}
	if t.InFlight != nil {
		b = appendOutbox(append(b, `,"inflight":`...), t.InFlight)
	}
	if len(t.Awaited) > 0 {
		b = jsonw.AppendArray(append(b, `,"awaited":`...), t.Awaited, jsonw.AppendInt[int])
	}
	if t.Turns != 0 {
		b = strconv.AppendUint(append(b, `,"turns":`...), t.Turns, 10)
	}
	if len(t.Best) > 0 {
		b = jsonw.AppendArray(append(b, `,"best":`...), t.Best, appendBestMove)
	}
	if t.Rematch != nil {
		b = w.rematch(append(b, `,"rematch":`...), t.Rematch)
	}
	if !t.Ended.IsZero() {
		b = w.time(append(b, `,"ended":`...), t.Ended)
	}
	if !t.Active.IsZero() {
		b = w.time(append(b, `,"active":`...), t.Active)
	}
	if len(t.Lapsed) > 0 {
		b = jsonw.AppendArray(append(b, `,"lapsed":`...), t.Lapsed, jsonw.AppendInt[int])
	}
	if !t.Told.IsZero() {
		b = w.time(append(b, `,"told":`...), t.Told)
	}
	return append(b, '}')
}

func (w *recordWriter) time(b []byte, at time.Time) []byte {
	b, err := jsonw.AppendTime(b, at)
	if err != nil && w.err == nil {
		w.err = err
	}
	return b
}

func (w *recordWriter) seat(b []byte, s Seat) []byte {
	b = append(b, '{')
	if s.User != "" {
		b = jsonw.AppendString(append(b, `"user":`...), s.User)
		b = append(b, ',')
	}
	b = jsonw.AppendString(append(b, `"name":`...), s.Name)
	if s.Bot {
		b = append(b, `,"bot":true`...)
	}
	if s.Level != 0 {
		b = jsonw.AppendInt(append(b, `,"level":`...), s.Level)
	}
	if s.Left {
		b = append(b, `,"left":true`...)
	}
	if s.Since != 0 {
		b = strconv.AppendUint(append(b, `,"since":`...), s.Since, 10)
	}
	if !s.AwayUntil.IsZero() {
		b = w.time(append(b, `,"away_until":`...), s.AwayUntil)
	}
	if s.Quiet != "" {
		b = jsonw.AppendString(append(b, `,"quiet":`...), s.Quiet)
	}
	return append(b, '}')
}

func appendSettings(b []byte, s Settings) []byte {
	b = jsonw.AppendString(append(b, `{"lang":`...), string(s.Lang))
	b = jsonw.AppendInt(append(b, `,"turn":`...), s.Turn)
	b = jsonw.AppendInt(append(b, `,"reminder":`...), s.Reminder)
	b = jsonw.AppendString(append(b, `,"on_expiry":`...), s.OnExpiry)
	if s.View != "" {
		b = jsonw.AppendString(append(b, `,"view":`...), s.View)
	}
	if s.Hints {
		b = append(b, `,"hints":true`...)
	}
	if s.Away != "" {
		b = jsonw.AppendString(append(b, `,"away":`...), s.Away)
	}
	return append(b, '}')
}

func (w *recordWriter) deadline(b []byte, d Deadline) []byte {
	b = jsonw.AppendInt(append(b, `{"seat":`...), d.Seat)
	b = w.time(append(b, `,"at":`...), d.At)
	if d.Reminded {
		b = append(b, `,"reminded":true`...)
	}
	return append(b, '}')
}

// isZero is what omitzero asks of an outbox with no IsZero method: every
// field its zero value, so an empty slice or map that is not nil counts.
func (o *Outbox) isZero() bool {
	return o.Seq == 0 && o.Shown == 0 && o.Says == nil && !o.Board && o.Public == nil &&
		o.Moves == 0 && o.Private == nil && o.Tell == nil && o.Pending == nil
}

// appendOutbox writes an outbox, whose fields are all omitempty: each but
// the first written is preceded by a comma.
func appendOutbox(b []byte, o *Outbox) []byte {
	b = append(b, '{')
	if o.Seq != 0 {
		b = strconv.AppendUint(append(b, `"seq":`...), o.Seq, 10)
	}
	if o.Shown != 0 {
		b = strconv.AppendUint(append(comma(b), `"shown":`...), o.Shown, 10)
	}
	if len(o.Says) > 0 {
		b = jsonw.AppendArray(append(comma(b), `"says":`...), o.Says, appendSay)
	}
	if o.Board {
		b = append(comma(b), `"board":true`...)
	}
	if len(o.Public) > 0 {
		b = appendMsgs(append(comma(b), `"public":`...), o.Public)
	}
	if o.Moves != 0 {
		b = jsonw.AppendInt(append(comma(b), `"moves":`...), o.Moves)
	}
	if len(o.Private) > 0 {
		b = jsonw.AppendIntMap(append(comma(b), `"private":`...), o.Private, appendMsgs)
	}
	if len(o.Tell) > 0 {
		b = jsonw.AppendArray(append(comma(b), `"tell":`...), o.Tell, jsonw.AppendInt[int])
	}
	if len(o.Pending) > 0 {
		b = jsonw.AppendIntMap(append(comma(b), `"pending":`...), o.Pending, appendPendingNotes)
	}
	return append(b, '}')
}

// comma separates a field from the one before it, if any, in an object
// being written.
func comma(b []byte) []byte {
	if b[len(b)-1] == '{' {
		return b
	}
	return append(b, ',')
}

func appendSay(b []byte, s Say) []byte {
	b = append(b, '{')
	if s.User != "" {
		b = jsonw.AppendString(append(b, `"user":`...), s.User)
		b = append(b, ',')
	}
	b = appendMsgs(append(b, `"msgs":`...), s.Msgs)
	if len(s.Ping) > 0 {
		b = jsonw.AppendArray(append(b, `,"ping":`...), s.Ping, jsonw.AppendInt[int])
	}
	if s.Scores {
		b = append(b, `,"scores":true`...)
	}
	return append(b, '}')
}

// appendMsg writes a message as its MarshalJSON does: compact, its strings
// escaped as json.Marshal escapes them, so json.Marshal's compacting of
// what MarshalJSON returns changes nothing.
func appendMsg(b []byte, m i18n.Msg) []byte { return m.AppendJSON(b) }

func appendMsgs(b []byte, ms []i18n.Msg) []byte { return jsonw.AppendArray(b, ms, appendMsg) }

func appendPendingNotes(b []byte, ns []PendingNote) []byte {
	return jsonw.AppendArray(b, ns, appendPendingNote)
}

func appendPendingNote(b []byte, n PendingNote) []byte {
	b = appendMsg(append(b, `{"msg":`...), n.Msg)
	b = strconv.AppendUint(append(b, `,"move":`...), n.Move, 10)
	return append(b, '}')
}

func appendBestMove(b []byte, m BestMove) []byte {
	b = jsonw.AppendString(append(b, `{"move":`...), m.Move)
	b = jsonw.AppendInt(append(b, `,"points":`...), m.Points)
	if m.Table != 0 {
		b = strconv.AppendUint(append(b, `,"table":`...), m.Table, 10)
	}
	return append(b, '}')
}

func (w *recordWriter) rematch(b []byte, r *Rematch) []byte {
	b = strconv.AppendUint(append(b, `{"of":`...), r.Of, 10)
	if len(r.Confirmed) > 0 {
		b = jsonw.AppendArray(append(b, `,"confirmed":`...), r.Confirmed, jsonw.AppendString)
	}
	b = w.time(append(b, `,"until":`...), r.Until)
	if r.Closed != "" {
		b = jsonw.AppendString(append(b, `,"closed":`...), r.Closed)
	}
	if r.By != "" {
		b = jsonw.AppendString(append(b, `,"by":`...), r.By)
	}
	return append(b, '}')
}
