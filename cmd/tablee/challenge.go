package main

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tablee/tablee/bot/challenges"
	"github.com/tablee/tablee/challenge"
	"github.com/tablee/tablee/challenge/forcore"
	"github.com/tablee/tablee/store"
)

// localChallengeSecret is the name of the file, beside tablee local's data
// file, holding the secret its daily challenge is dealt from.
const localChallengeSecret = "challenge.secret"

// localSecret is the daily challenge's secret of tablee local: read from
// the file beside its data file, or made once (32 random bytes) and kept
// there, readable by its owner alone. The terminal needs no configuration,
// and its challenge stays the same all day, day after day, for its data:
// a secret drawn anew at each start would deal another challenge after
// every restart.
func localSecret(dir string) ([]byte, error) {
	path := filepath.Join(dir, localChallengeSecret)
	data, err := os.ReadFile(path)
	if err == nil {
		if s := strings.TrimSpace(string(data)); s != "" {
			return []byte(s), nil
		}
		return nil, fmt.Errorf("%s is empty: delete it to have a new secret made (the challenges dealt change)", path)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	secret := base64.StdEncoding.EncodeToString(b[:])
	// Written whole in a file of its own, then linked to its name, which a
	// link never replaces: two terminals started at once on one directory
	// keep one secret (the loser reads the winner's), and none reads a
	// file half written.
	tmp, err := os.CreateTemp(dir, localChallengeSecret+".*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return nil, err
	}
	if _, err := tmp.WriteString(secret + "\n"); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	if err := os.Link(tmp.Name(), path); errors.Is(err, fs.ErrExist) {
		return localSecret(dir)
	} else if err != nil {
		return nil, err
	}
	return []byte(secret), nil
}

// challengeRecords are the daily challenge's records on the store, dealt
// from the deployment's secret; nil (no challenge: /defi says so) without
// one.
func challengeRecords(st store.Store, secret []byte) (challenges.Records, error) {
	if len(secret) == 0 {
		return nil, nil
	}
	svc, err := challenge.New(st, challenge.Config{Secret: secret})
	if err != nil {
		return nil, fmt.Errorf("the daily challenge: %w", err)
	}
	return forcore.New(svc), nil
}
