package access

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"time"
)

// Mode is what a link lets its holder do at the table.
type Mode byte

const (
	// Player sees his own hand and plays: the link of a seated player.
	Player Mode = 1
	// Spectator sees the board only, read-only, as anyone in the chat does.
	Spectator Mode = 2
)

func (m Mode) String() string {
	switch m {
	case Player:
		return "player"
	case Spectator:
		return "spectator"
	}
	return "unknown"
}

// Link is what a signed link grants: one user, one table, one mode, until
// Expires.
type Link struct {
	// User is the user the link was made for ("discord:123…"). A spectator
	// link may leave it empty: the board's public, read-only view.
	User string
	// Table is the table's id.
	Table uint64
	Mode  Mode
	// Expires is when the link stops opening the table (to the second).
	Expires time.Time
}

// The errors of a link that does not open its table. Each gets its own page:
// a forged link is not worth asking again for, an expired one is (the bot
// makes a new one), another user's says whose it is not.
var (
	// ErrForged is a link whose signature does not hold, or that is not a
	// link at all (cut, padded, mangled by a mail client).
	ErrForged = errors.New("access: the link is not one the bot made")
	// ErrExpired is a genuine link past its expiry.
	ErrExpired = errors.New("access: the link has expired")
	// ErrOtherUser is a genuine link made for another user.
	ErrOtherUser = errors.New("access: the link was made for another user")
)

// ErrWeakSecret is a deployment secret too short to sign with: a mistake of
// the deployment, not of the link.
var ErrWeakSecret = errors.New("access: the link secret must be at least 32 bytes")

// ErrBadLink is a link Sign refuses to make: no table, no user for a
// player, an unknown mode, no expiry, a user id too long.
var ErrBadLink = errors.New("access: not a link that can be signed")

// MinSecret is the shortest deployment secret accepted: 256 bits, as long
// as the HMAC-SHA256 key it becomes.
const MinSecret = 32

const (
	version = 1
	// tagSize is the signature kept in a token: HMAC-SHA256 cut to 128
	// bits, as RFC 2104 (section 5) allows down to half the hash's output.
	// A forger must guess 2^128 tags; the link stays short enough for a
	// Discord button's URL.
	tagSize = 16
	// maxUser bounds the user id written in a token (platform ids are a few
	// tens of bytes), so that a token's size is bounded too.
	maxUser = 255
	// header: version, mode, expiry (8 bytes), table (8 bytes), user length.
	header = 1 + 1 + 8 + 8 + 1
)

// linkKey derives the key links are signed with from the deployment's
// secret, so that the same secret may key other things (another purpose
// derives another key) without a link's tag ever being valid elsewhere.
func linkKey(secret []byte) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("tablee web table link v1"))
	return mac.Sum(nil)
}

func tag(key, payload []byte) []byte {
	mac := hmac.New(sha256.New, key)
	mac.Write(payload)
	return mac.Sum(nil)[:tagSize]
}

// Sign makes the token of l under the deployment's secret: base64url
// without padding (safe in a URL's path or query as is) of the link's
// fields and their tag: 82 characters for a Discord user.
func Sign(secret []byte, l Link) (string, error) {
	if len(secret) < MinSecret {
		return "", ErrWeakSecret
	}
	if l.Table == 0 || (l.Mode != Player && l.Mode != Spectator) || (l.Mode == Player && l.User == "") ||
		len(l.User) > maxUser || l.Expires.Unix() <= 0 {
		return "", ErrBadLink
	}
	b := make([]byte, header, header+len(l.User)+tagSize)
	b[0] = version
	b[1] = byte(l.Mode)
	binary.BigEndian.PutUint64(b[2:], uint64(l.Expires.Unix()))
	binary.BigEndian.PutUint64(b[10:], l.Table)
	b[18] = byte(len(l.User))
	b = append(b, l.User...)
	b = append(b, tag(linkKey(secret), b)...)
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// Verify reads a token made by Sign under secret and tells what it grants
// at now: ErrForged for anything the secret did not sign (checked first,
// so a forger learns nothing of the fields), ErrExpired for a genuine link
// past its expiry. Whose link it is stays for the caller to check against
// the viewer (Link.Opens).
func Verify(secret []byte, token string, now time.Time) (Link, error) {
	if len(secret) < MinSecret {
		return Link{}, ErrWeakSecret
	}
	// Bounded before decoding: a huge "token" costs nothing.
	if len(token) > base64.RawURLEncoding.EncodedLen(header+maxUser+tagSize) {
		return Link{}, ErrForged
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(token)
	if err != nil || len(b) < header+tagSize {
		return Link{}, ErrForged
	}
	payload, got := b[:len(b)-tagSize], b[len(b)-tagSize:]
	// hmac.Equal compares in constant time: how long the refusal takes
	// tells nothing of how much of a guessed tag was right.
	if !hmac.Equal(got, tag(linkKey(secret), payload)) {
		return Link{}, ErrForged
	}
	// Signed by us, yet read as carefully: a token of another version, or
	// of a layout we no longer write, is refused, not misread.
	if payload[0] != version || int(payload[18]) != len(payload)-header {
		return Link{}, ErrForged
	}
	l := Link{
		Mode:    Mode(payload[1]),
		Expires: time.Unix(int64(binary.BigEndian.Uint64(payload[2:])), 0),
		Table:   binary.BigEndian.Uint64(payload[10:]),
		User:    string(payload[header:]),
	}
	if l.Mode != Player && l.Mode != Spectator {
		return Link{}, ErrForged
	}
	if !now.Before(l.Expires) {
		return Link{}, ErrExpired
	}
	return l, nil
}

// Opens tells whether the verified link l opens its table for user: a
// player's link only for the user it was made for (a link forwarded to a
// friend shows him nothing of the hand), a spectator link without a user
// for anyone.
func (l Link) Opens(user string) error {
	if l.Mode == Spectator && l.User == "" {
		return nil
	}
	if user == "" || user != l.User {
		return ErrOtherUser
	}
	return nil
}
