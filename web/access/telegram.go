package access

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ErrInitDataForged is init data Telegram did not sign for this bot: no
// hash, a wrong one, or not a query string at all.
var ErrInitDataForged = errors.New("access: the Mini App data is not Telegram's")

// ErrInitDataExpired is genuine init data older than the age allowed (or
// dated ahead of the clock by more than the skew allowed): the page asks
// Telegram for fresh data by opening the Mini App again.
var ErrInitDataExpired = errors.New("access: the Mini App data is too old")

// ErrInitDataNoUser is genuine init data without a user that can be read
// (a Mini App opened from inline mode carries none).
var ErrInitDataNoUser = errors.New("access: the Mini App data names no user")

// clockSkew is how far ahead of our clock an auth_date may be: Telegram's
// clock and ours differ by seconds, not minutes.
const clockSkew = time.Minute

// TelegramUser is the user of the Mini App, as Telegram describes him (the
// WebAppUser object): the fields the web table uses.
type TelegramUser struct {
	ID           int64  `json:"id"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	Username     string `json:"username"`
	LanguageCode string `json:"language_code"`
}

// InitData is validated Mini App init data.
type InitData struct {
	User     TelegramUser
	AuthDate time.Time
	// StartParam is the start_param of a t.me/<bot>/<app>?startapp= link:
	// which table to open.
	StartParam string
	// Fields are every field received, decoded, hash included.
	Fields url.Values
}

// ValidateInitData checks initData (the query string the Mini App sends, as
// Telegram.WebApp.initData gives it) against the bot's token, as Telegram
// documents (see initDataHash), and that its auth_date is at most maxAge before
// now. It returns ErrInitDataForged, ErrInitDataExpired or
// ErrInitDataNoUser, in that order of checking: nothing is read of data
// that is not Telegram's.
func ValidateInitData(initData, botToken string, now time.Time, maxAge time.Duration) (InitData, error) {
	fields, err := url.ParseQuery(initData)
	if err != nil {
		return InitData{}, fmt.Errorf("%w: %v", ErrInitDataForged, err)
	}
	for k, v := range fields {
		// A field twice could be read one way when checked and another when
		// used: Telegram sends each once.
		if len(v) != 1 {
			return InitData{}, fmt.Errorf("%w: the field %q is given %d times", ErrInitDataForged, k, len(v))
		}
	}
	if len(fields["hash"]) == 0 {
		return InitData{}, fmt.Errorf("%w: no hash", ErrInitDataForged)
	}
	got, err := hex.DecodeString(fields.Get("hash"))
	if err != nil || !hmac.Equal(got, initDataHash(fields, botToken)) {
		return InitData{}, fmt.Errorf("%w: the hash does not match", ErrInitDataForged)
	}

	d := InitData{Fields: fields, StartParam: fields.Get("start_param")}
	secs, err := strconv.ParseInt(fields.Get("auth_date"), 10, 64)
	if err != nil {
		// Signed without a readable date: its age cannot be known.
		return InitData{}, fmt.Errorf("%w: auth_date %q is not a Unix time", ErrInitDataExpired, fields.Get("auth_date"))
	}
	d.AuthDate = time.Unix(secs, 0)
	if age := now.Sub(d.AuthDate); age > maxAge || age < -clockSkew {
		return InitData{}, fmt.Errorf("%w: signed at %s, %s ago", ErrInitDataExpired, d.AuthDate.UTC().Format(time.RFC3339), age.Round(time.Second))
	}
	if err := json.Unmarshal([]byte(fields.Get("user")), &d.User); err != nil || d.User.ID == 0 {
		return InitData{}, ErrInitDataNoUser
	}
	return d, nil
}

// SignInitData is the hash Telegram gives fields under botToken, in hex:
// what a test, or `tablee local` rehearsing a Mini App, signs its own init
// data with. fields' hash, if any, is left out, as Telegram does.
func SignInitData(fields url.Values, botToken string) string {
	return hex.EncodeToString(initDataHash(fields, botToken))
}

// initDataHash is the hash of a Mini App's init data under the bot's token.
// Telegram documents how a bot checks the init data its Mini App receives
// (Telegram.WebApp.initData), in "Validating data received via the Mini
// App", https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app:
//
//   - the data is a query string of field-value pairs;
//   - the data-check-string is every received field but hash, sorted
//     alphabetically, each as key=<value>, joined by a line feed (0x0A);
//   - the secret key is the HMAC-SHA-256 of the bot's token with the
//     constant string "WebAppData" as the key;
//   - the data is Telegram's when hash is the hexadecimal HMAC-SHA-256 of
//     the data-check-string under that secret key;
//   - auth_date, a Unix time, may be checked so that old data is refused;
//   - complex fields (user) are JSON-serialized objects.
//
// The values in the data-check-string are the decoded ones: Telegram signs
// the fields, then URL-encodes them into the query string.
//
// So the hash is HMAC-SHA-256(data-check-string) under the key
// HMAC-SHA-256(bot token) keyed by "WebAppData"; ValidateInitData does the
// rest (the comparison, auth_date, the user).
func initDataHash(fields url.Values, botToken string) []byte {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		if k != "hash" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	lines := make([]string, len(keys))
	for i, k := range keys {
		lines[i] = k + "=" + fields.Get(k)
	}
	secret := hmac.New(sha256.New, []byte("WebAppData"))
	secret.Write([]byte(botToken))
	mac := hmac.New(sha256.New, secret.Sum(nil))
	mac.Write([]byte(strings.Join(lines, "\n")))
	return mac.Sum(nil)
}
