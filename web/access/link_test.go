package access

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"
)

var (
	secret  = []byte("0123456789abcdef0123456789abcdef")
	another = []byte("fedcba9876543210fedcba9876543210")
	now     = time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
)

func aliceLink() Link {
	return Link{User: "discord:123456789012345678", Table: 42, Mode: Player, Expires: now.Add(time.Hour)}
}

func mustSign(t testing.TB, s []byte, l Link) string {
	t.Helper()
	tok, err := Sign(s, l)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestLinkRoundTrip(t *testing.T) {
	for _, l := range []Link{
		aliceLink(),
		{User: "telegram:7", Table: 1<<64 - 1, Mode: Spectator, Expires: now.Add(time.Second)},
		{Table: 9, Mode: Spectator, Expires: now.Add(30 * 24 * time.Hour)},
		{User: strings.Repeat("é", maxUser/2), Table: 3, Mode: Player, Expires: now.Add(time.Minute)},
	} {
		tok := mustSign(t, secret, l)
		if strings.ContainsAny(tok, "+/=") {
			t.Errorf("%q is not base64url without padding", tok)
		}
		got, err := Verify(secret, tok, now)
		if err != nil {
			t.Fatalf("%+v: %v", l, err)
		}
		if got.User != l.User || got.Table != l.Table || got.Mode != l.Mode || !got.Expires.Equal(l.Expires) {
			t.Errorf("got %+v, want %+v", got, l)
		}
	}
	if tok := mustSign(t, secret, aliceLink()); len(tok) > 90 {
		t.Errorf("a Discord player's link is %d characters, want it compact: %s", len(tok), tok)
	}
}

// TestLinkAnyChangeIsForged: every bit of every byte flipped, a byte cut
// off the end or added, and the token is refused as forged.
func TestLinkAnyChangeIsForged(t *testing.T) {
	tok := mustSign(t, secret, aliceLink())
	raw, _ := base64.RawURLEncoding.DecodeString(tok)
	for i := range raw {
		for bit := range 8 {
			b := bytes.Clone(raw)
			b[i] ^= 1 << bit
			if _, err := Verify(secret, base64.RawURLEncoding.EncodeToString(b), now); !errors.Is(err, ErrForged) {
				t.Fatalf("byte %d bit %d flipped: %v", i, bit, err)
			}
		}
	}
	for _, bad := range []string{tok[:len(tok)-1], tok + "A", tok[1:], "A" + tok, tok + "=", strings.ToUpper(tok)} {
		if _, err := Verify(secret, bad, now); !errors.Is(err, ErrForged) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestLinkExpired(t *testing.T) {
	l := aliceLink()
	tok := mustSign(t, secret, l)
	if _, err := Verify(secret, tok, l.Expires.Add(-time.Second)); err != nil {
		t.Fatalf("a second before expiry: %v", err)
	}
	for _, at := range []time.Time{l.Expires, l.Expires.Add(time.Second), l.Expires.Add(365 * 24 * time.Hour)} {
		if _, err := Verify(secret, tok, at); !errors.Is(err, ErrExpired) {
			t.Errorf("at %v: %v, want expired", at, err)
		}
	}
	// A forged token is forged whatever the time: its expiry is not read.
	if _, err := Verify(another, tok, l.Expires.Add(time.Hour)); !errors.Is(err, ErrForged) {
		t.Errorf("another secret, expired: %v, want forged", err)
	}
}

func TestLinkOtherSecretIsForged(t *testing.T) {
	tok := mustSign(t, another, aliceLink())
	if _, err := Verify(secret, tok, now); !errors.Is(err, ErrForged) {
		t.Fatalf("%v, want forged", err)
	}
	// A secret that only starts the same is another secret.
	longer := append(bytes.Clone(secret), 'x')
	if _, err := Verify(longer, mustSign(t, secret, aliceLink()), now); !errors.Is(err, ErrForged) {
		t.Fatalf("longer secret: %v, want forged", err)
	}
}

func TestLinkOpens(t *testing.T) {
	l, err := Verify(secret, mustSign(t, secret, aliceLink()), now)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Opens("discord:123456789012345678"); err != nil {
		t.Errorf("its user: %v", err)
	}
	for _, u := range []string{"discord:1", "", "telegram:123456789012345678", "discord:123456789012345678 "} {
		if err := l.Opens(u); !errors.Is(err, ErrOtherUser) {
			t.Errorf("%q: %v, want another user's", u, err)
		}
	}
	public := Link{Table: 42, Mode: Spectator}
	if err := public.Opens("discord:5"); err != nil {
		t.Errorf("a public spectator link: %v", err)
	}
	bobs := Link{User: "discord:5", Table: 42, Mode: Spectator}
	if err := bobs.Opens("discord:6"); !errors.Is(err, ErrOtherUser) {
		t.Errorf("bob's spectator link for another: %v", err)
	}
}

func TestSignRefuses(t *testing.T) {
	if _, err := Sign(secret[:MinSecret-1], aliceLink()); !errors.Is(err, ErrWeakSecret) {
		t.Errorf("short secret: %v", err)
	}
	if _, err := Verify(secret[:MinSecret-1], "x", now); !errors.Is(err, ErrWeakSecret) {
		t.Errorf("verify with a short secret: %v", err)
	}
	for name, change := range map[string]func(*Link){
		"no table":            func(l *Link) { l.Table = 0 },
		"player without user": func(l *Link) { l.User = "" },
		"unknown mode":        func(l *Link) { l.Mode = 3 },
		"no mode":             func(l *Link) { l.Mode = 0 },
		"no expiry":           func(l *Link) { l.Expires = time.Time{} },
		"user too long":       func(l *Link) { l.User = strings.Repeat("x", maxUser+1) },
	} {
		l := aliceLink()
		change(&l)
		if _, err := Sign(secret, l); !errors.Is(err, ErrBadLink) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestLinkUnknownLayoutIsForged: a token the secret signed but of another
// version or with a wrong user length is refused, not misread.
func TestLinkUnknownLayoutIsForged(t *testing.T) {
	raw, _ := base64.RawURLEncoding.DecodeString(mustSign(t, secret, aliceLink()))
	payload := bytes.Clone(raw[:len(raw)-tagSize])
	for name, change := range map[string]func([]byte){
		"version 2":   func(b []byte) { b[0] = 2 },
		"mode 0":      func(b []byte) { b[1] = 0 },
		"user length": func(b []byte) { b[18]-- },
	} {
		b := bytes.Clone(payload)
		change(b)
		tok := base64.RawURLEncoding.EncodeToString(append(b, tag(linkKey(secret), b)...))
		if _, err := Verify(secret, tok, now); !errors.Is(err, ErrForged) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzVerify: no token of any shape makes Verify panic, and whatever it
// accepts is a link Sign makes again into the very same token (one token
// per link: nothing else slips through).
func FuzzVerify(f *testing.F) {
	f.Add(mustSign(f, secret, aliceLink()))
	f.Add(mustSign(f, secret, Link{Table: 1, Mode: Spectator, Expires: now.Add(time.Hour)}))
	for _, s := range []string{"", "A", "====", "AQ", strings.Repeat("A", 500), "%00", "a.b.c", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tok string) {
		l, err := Verify(secret, tok, now)
		if err != nil {
			if !errors.Is(err, ErrForged) && !errors.Is(err, ErrExpired) {
				t.Fatalf("%q: unexpected error %v", tok, err)
			}
			return
		}
		again, err := Sign(secret, l)
		if err != nil || again != tok {
			t.Fatalf("%q verified as %+v, which signs as %q (%v)", tok, l, again, err)
		}
	})
}
