// Package jsonwtest checks JSON written without reflection against
// encoding/json's.
package jsonwtest

import (
	"encoding/json"
	"testing"
)

// SameAsMarshal fails the test when got is not what json.Marshal writes
// of v, byte for byte.
func SameAsMarshal(t testing.TB, what string, v any, got []byte) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if string(got) != string(want) {
		t.Fatalf("%s: written\n%s\njson.Marshal writes\n%s", what, got, want)
	}
}
