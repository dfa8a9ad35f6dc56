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

	"github.com/tablee/tablee/bot"
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
	// O_EXCL: two terminals started at once on one directory keep one
	// secret, the loser reads the winner's.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return localSecret(dir)
	}
	if err != nil {
		return nil, err
	}
	if _, err := f.WriteString(secret + "\n"); err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	return []byte(secret), nil
}

// challenges are the daily challenge's records on the store, dealt from
// the deployment's secret; nil (no challenge: /defi says so) without one.
func challenges(st store.Store, secret []byte) (bot.Challenges, error) {
	if len(secret) == 0 {
		return nil, nil
	}
	// MERGE(challenge): return challenge.New(st, challenge.Config{Secret: secret})
	// once the package is in the tree.
	return nil, nil
}
