package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
)

// TestDataToolsNeedNoToken runs tablee check, backup and compact on the
// real binary with a configuration that enables both platforms and gives
// neither token: they read the data file only, so they find it through
// data_dir and do their work, while tablee serve still refuses the same
// configuration for its missing tokens.
func TestDataToolsNeedNoToken(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	path := filepath.Join(data, "tablee.db")
	fillDataFile(t, path, 3, 4, 100, time.Now)
	cfg := "data_dir: " + data + "\ndiscord:\n  enabled: true\ntelegram:\n  enabled: true\n"
	if err := os.WriteFile(filepath.Join(dir, "tablee.yaml"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check"}, {"backup", filepath.Join(dir, "copy.db")}, {"compact"}} {
		out, errOut, code := tablee(t, bin, dir, args...)
		if code != 0 {
			t.Errorf("tablee %v without a token: exit %d\n%s%s", args, code, out, errOut)
		}
		if !strings.Contains(out, path) {
			t.Errorf("tablee %v did not work on %s:\n%s%s", args, path, out, errOut)
		}
	}
	_, errOut, code := tablee(t, bin, dir, "serve")
	if code == 0 || !strings.Contains(errOut, "discord.token") || !strings.Contains(errOut, "telegram.token") {
		t.Errorf("serve without tokens: exit %d, want a refusal naming both tokens:\n%s", code, errOut)
	}
}

// TestServeWithoutConfigSaysHowToMakeOne runs tablee serve in a directory
// with no tablee.yaml: it says how to make one from config.example.yaml,
// and names --config and tablee local.
func TestServeWithoutConfigSaysHowToMakeOne(t *testing.T) {
	bin := buildBinary(t)
	out, errOut, code := tablee(t, bin, t.TempDir(), "serve")
	if code == 0 {
		t.Fatalf("serve without a configuration: exit 0\n%s%s", out, errOut)
	}
	wantIn(t, "serve without a configuration", errOut, "tablee.yaml", "cp config.example.yaml tablee.yaml", "token", "--config FILE", "tablee local")
	// A file named and missing is named as such.
	_, errOut, _ = tablee(t, bin, t.TempDir(), "serve", "--config", "elsewhere.yaml")
	wantIn(t, "serve --config elsewhere.yaml", errOut, "elsewhere.yaml", "config.example.yaml")
}

// TestHelpFlagExitsZero asks each command for its usage with -h: it is
// printed on stdout and the exit status is 0, where a bad flag still
// prints on stderr and exits 2.
func TestHelpFlagExitsZero(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"serve", "-h"}, "Usage: tablee serve"},
		{[]string{"serve", "--help"}, "config.example.yaml"},
		{[]string{"local", "-h"}, "Usage: tablee local"},
		{[]string{"check", "-h"}, "Usage: tablee check"},
		{[]string{"backup", "-h"}, "Usage: tablee backup"},
		{[]string{"compact", "-h"}, "Usage: tablee compact"},
	} {
		out, errOut, code := tablee(t, bin, dir, c.args...)
		if code != 0 || !strings.Contains(out, c.says) || !strings.Contains(out, "-config") && c.args[0] != "local" {
			t.Errorf("tablee %v: exit %d, want 0 and the usage on stdout:\nstdout:\n%s\nstderr:\n%s", c.args, code, out, errOut)
		}
	}
	for _, args := range [][]string{{"serve", "--nonsense"}, {"local", "--nonsense"}} {
		out, errOut, code := tablee(t, bin, dir, args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "nonsense") {
			t.Errorf("tablee %v: exit %d, want 2 and the error on stderr:\nstdout:\n%s\nstderr:\n%s", args, code, out, errOut)
		}
	}
}

// TestCheckWayOutKeepsWhatARestartSaves runs tablee check on damaged
// files as an operator would: with backups that cannot be listed it says
// the listing failed, never that there is no backup; with a journal that
// holds saves the file lacks (a crash after them), it advises a restart
// that writes them back, not moving the file aside.
func TestCheckWayOutKeepsWhatARestartSaves(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()

	unlisted := filepath.Join(dir, "unlisted", "tablee.db")
	ids := fillDataFile(t, unlisted, 6, 8, 100, time.Now)
	flipInFile(t, unlisted, fmt.Sprintf("move 7 of table %d", ids[2]))
	if err := os.WriteFile(bolt.BackupDir(unlisted), []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := tablee(t, bin, dir, "check", unlisted)
	if code != 1 {
		t.Fatalf("check of a damaged file: exit %d, want 1\n%s%s", code, out, errOut)
	}
	wantIn(t, "check with backups that cannot be listed", out, "Listing the automatic backups in "+bolt.BackupDir(unlisted)+" failed (", "not a directory")
	if strings.Contains(out, "There is no automatic backup") {
		t.Errorf("check said there is no backup when listing them failed:\n%s", out)
	}

	// A crash with 3 saves in the journal only: the data file and its
	// journal files copied while the store is open, as kill -9 leaves them.
	live := filepath.Join(dir, "live", "tablee.db")
	ids = fillDataFile(t, live, 6, 8, 100, time.Now)
	st, err := bolt.Open(live, bolt.Options{NoSync: true, CheckpointEvery: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	tb := store.Table{ID: 100, Chat: "discord:9", Game: "tictactoe", Data: []byte("{}")}
	if tb.ID, err = st.NewTableID(); err != nil {
		t.Fatal(err)
	}
	for seq := uint64(1); seq <= 3; seq++ {
		if err := st.Save(tb, &store.Move{Seq: seq, At: time.Now().UTC(), User: "discord:1", Text: "journal only"}); err != nil {
			t.Fatal(err)
		}
	}
	crashed := filepath.Join(dir, "crashed", "tablee.db")
	if err := os.MkdirAll(filepath.Dir(crashed), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, suffix := range []string{"", ".journal.0", ".journal.1"} {
		if _, err := os.Stat(live + suffix); err == nil {
			copyFile(t, live+suffix, crashed+suffix)
		}
	}
	st.Close()
	flipInFile(t, crashed, fmt.Sprintf("move 7 of table %d", ids[2]))
	out, errOut, code = tablee(t, bin, dir, "check", crashed)
	if code != 1 {
		t.Fatalf("check of a damaged file with saves in its journal: exit %d, want 1\n%s%s", code, out, errOut)
	}
	wantIn(t, "check with saves in the journal", out, "journal 3 saves not yet in the file",
		"holds 3 saves not yet in the file", "start tablee again on the same file")
	if strings.Contains(out, "move the damaged file aside") {
		t.Errorf("check advised moving aside a file whose journal holds saves:\n%s", out)
	}
}
