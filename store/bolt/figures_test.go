package bolt

import "testing"

// Figures tells the operator the saves waiting in the journal and the
// checkpoints that wrote them into the data file.
func TestFiguresCountTheJournalAndItsCheckpoints(t *testing.T) {
	s := openJournaled(t, tempPath(t))
	playMoves(t, s, newTable(t, s, "discord:1"), 0, 5)
	if f := s.Figures(); f.JournalPending != 5 || f.Checkpoints != 0 {
		t.Fatalf("before the checkpoint: %+v, want 5 saves pending and no checkpoint", f)
	}
	if err := s.checkpoint(); err != nil {
		t.Fatal(err)
	}
	f := s.Figures()
	if f.JournalPending != 0 || f.Checkpoints != 1 || f.CheckpointFailures != 0 || f.CheckpointTime <= 0 {
		t.Fatalf("after the checkpoint: %+v", f)
	}
}
