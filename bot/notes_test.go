package bot

import (
	"encoding/json"
	"testing"
	"time"
)

// seatedWithNote opens a table (seated), shows what it saved, and sets
// a note of it.
func (h *harness) seatedWithNote(key, value string) uint64 {
	h.t.Helper()
	id := h.seated().ID
	h.core.Flush()
	h.setNote(id, key, value)
	return id
}

func (h *harness) setNote(id uint64, key, value string) {
	h.t.Helper()
	if err := h.core.SetNote(id, key, value); err != nil {
		h.t.Fatal(err)
	}
}

// storedNote is a note as the store holds it, "" when it has none.
func (h *harness) storedNote(id uint64, key string) string {
	h.t.Helper()
	rec, err := h.st.Table(id)
	if err != nil {
		h.t.Fatal(err)
	}
	var notes struct {
		Notes map[string]string `json:"notes"`
	}
	if err := json.Unmarshal(rec.Data, &notes); err != nil {
		h.t.Fatal(err)
	}
	return notes.Notes[key]
}

// A note rides the table's next save, rather than a durable write of its
// own: read back at once, on disk with the next move.
func TestNoteRidesTheNextSave(t *testing.T) {
	h := newHarness(t)
	id := h.seatedWithNote("hand:alice", "41")
	if got := h.core.Note(id, "hand:alice"); got != "41" {
		t.Fatalf("the note reads %q, want 41", got)
	}
	if got := h.storedNote(id, "hand:alice"); got != "" {
		t.Fatalf("the note was saved on its own (%q): it should wait for the next save", got)
	}
	mustOK(t, h.do("alice", "/move 1"))
	if got := h.storedNote(id, "hand:alice"); got != "41" {
		t.Fatalf("the move's save holds the note %q, want 41", got)
	}
}

// A note waiting for a save is saved by the scheduler's sweep and at
// Close, and its table does not leave memory before.
func TestNoteSavedBySweepAndClose(t *testing.T) {
	h := newHarness(t)
	id := h.seatedWithNote("board", "7")
	// A second table, used last: evict always keeps the one used last.
	mustOK(t, h.doIn("local:other", "carol", "/play tictactoe"))
	h.core.Flush()
	h.clock.Advance(time.Hour)
	h.core.evict(time.Nanosecond)
	if n, _ := h.core.TablesInMemory(); n != 2 {
		t.Fatalf("%d tables in memory: the table with a note to save left", n)
	}
	h.core.saveNotes()
	if got := h.storedNote(id, "board"); got != "7" {
		t.Fatalf("the sweep saved the note %q, want 7", got)
	}
	h.core.evict(time.Nanosecond)
	if n, _ := h.core.TablesInMemory(); n != 1 {
		t.Fatalf("%d tables in memory: the table, saved, should leave", n)
	}

	h.setNote(id, "board", "8")
	h.restart()
	if got := h.core.Note(id, "board"); got != "8" {
		t.Fatalf("after a restart the note reads %q, want 8 (saved at Close)", got)
	}
}

// A change that fails goes back to the last save, and keeps the notes
// set since: the messages they point to were sent.
func TestNoteSurvivesAFailedChange(t *testing.T) {
	h := newHarness(t)
	id := h.seatedWithNote("board", "9")
	h.st.Close() // every later save fails
	mustRefuse(t, h.do("alice", "/move 1"), "could not save")
	if got := h.core.Note(id, "board"); got != "9" {
		t.Fatalf("after a failed move the note reads %q, want 9", got)
	}
}
