package config

import (
	"strings"
	"testing"
)

func TestSizes(t *testing.T) {
	for in, want := range map[string]Size{
		"256MB": 256 << 20, "1GB": 1 << 30, "64kb": 64 << 10, "100B": 100, "4096": 4096, " 2 MB ": 2 << 20,
	} {
		got, err := ParseSize(in)
		if err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
		if back, err := ParseSize(got.String()); err != nil || back != got {
			t.Errorf("%q written as %q reads back as %d, %v", in, got.String(), back, err)
		}
	}
	for _, in := range []string{"", "MB", "-1MB", "1.5GB", "12 parsecs", "99999999999GB"} {
		if _, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) accepted", in)
		}
	}
}

func TestMemorySettings(t *testing.T) {
	c := Default()
	if c.Memory.Tables != 256<<20 || c.Memory.Idle.D().Minutes() != 30 || c.Memory.Users != 50_000 {
		t.Fatalf("memory defaults: %+v", c.Memory)
	}
	c, err := Parse([]byte("memory:\n  tables: 1GB\n  idle: 2h\n  users: 2000\n"), "t.yaml")
	if err != nil || c.Memory.Tables != 1<<30 || c.Memory.Idle.D().Hours() != 2 || c.Memory.Users != 2000 {
		t.Fatalf("memory: %+v, %v", c.Memory, err)
	}
	for yaml, want := range map[string]string{
		"memory:\n  tables: 100KB\n": "memory.tables",
		"memory:\n  tables: lots\n":  "must be a size such as 256MB",
		"memory:\n  idle: 10s\n":     "memory.idle",
		"memory:\n  users: 10\n":     "memory.users",
	} {
		if _, err := Parse([]byte(yaml), "t.yaml"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error naming %s", yaml, err, want)
		}
	}
}
