package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDataToolsNeedNoToken runs tablee check, backup and compact on the
// real binary with a configuration that enables both platforms and gives
// neither token: they read the data file only, so they find it through
// data_dir and do their work, while tablee serve still refuses the same
// configuration for its missing tokens.
func TestDataToolsNeedNoToken(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
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
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
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
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
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
