package redact_test

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/internal/redact"
	"github.com/tablee/tablee/internal/redact/redacttest"
)

func TestEveryEncodingIsMasked(t *testing.T) {
	for _, secret := range redacttest.Shapes() {
		r := redact.New(secret)
		s := redact.Trim(secret)
		u := url.URL{Scheme: "https", Host: "api.example.org", Path: "/bot" + s + "/getMe", RawQuery: url.Values{"token": {s}}.Encode()}
		_, parseErr := url.Parse("https://api.example.org/bot" + s + "/getMe")
		jsonText, _ := json.Marshal(map[string]string{"token": s})
		texts := map[string]string{
			"plain":          "token " + s + " end",
			"untrimmed":      "token " + secret + " end",
			"%q":             fmt.Sprintf("value %q", s),
			"%+q":            fmt.Sprintf("value %+q", s),
			"%q of %q":       fmt.Sprintf("%q", fmt.Sprintf("%q", s)),
			"%x":             fmt.Sprintf("%x", s),
			"%X":             fmt.Sprintf("%X", s),
			"json":           string(jsonText),
			"url":            u.String(),
			"url %q":         fmt.Sprintf("%q", u.String()),
			"path escape":    url.PathEscape(s),
			"query escape":   url.QueryEscape(s),
			"lower hex":      lowerHex(url.QueryEscape(s)),
			"base64":         base64.StdEncoding.EncodeToString([]byte("Bot " + s)),
			"base64 offset2": base64.URLEncoding.EncodeToString([]byte("ab" + s + "z")),
			"base64 offset1": base64.RawStdEncoding.EncodeToString([]byte("a" + s)),
			"hex in text":    hex.EncodeToString([]byte("x" + s + "y")),
		}
		if parseErr != nil {
			texts["url.Parse error"] = parseErr.Error()
		}
		for name, text := range texts {
			got := r.String(text)
			if leak := findForm(got, s); leak != "" {
				t.Errorf("%q, %s: %q still holds %q", short(secret), name, short(got), short(leak))
			}
			if got == text && name != "url.Parse error" {
				t.Errorf("%q, %s: nothing masked in %q", short(secret), name, short(text))
			}
			if again := r.String(got); again != got {
				t.Errorf("%q, %s: a second pass changed %q to %q", short(secret), name, short(got), short(again))
			}
		}
	}
}

// findForm returns the first leak of s in text, "" when none.
func findForm(text, s string) string {
	if leaks := redacttest.Leaks(text, s); len(leaks) > 0 {
		return leaks[0]
	}
	return ""
}

var percentHex = regexp.MustCompile(`%[0-9A-F]{2}`)

func lowerHex(f string) string { return percentHex.ReplaceAllStringFunc(f, strings.ToLower) }

func short(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

func TestTextWithoutSecretsIsUnchanged(t *testing.T) {
	r := redact.New("123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw", "webhook-secret_42")
	for _, text := range []string{
		"", "telegram: 429 Too Many Requests: retry after 3",
		`Get "https://discord.com/api/v9/gateway": dial tcp 127.0.0.1:9: connect: connection refused`,
		"config: tablee.yaml:3: telegram.mode must be polling or webhook, not \"hook\"",
		"https://api.telegram.org/file/photos/1.jpg", "time 12:34:56, table #12",
		"github.com/tablee/tablee/store/bolt.(*Store).Save: 1234567:short", "v1.2.3 and a.very_long_file_name_of_many_words.txt",
	} {
		if got := r.String(text); got != text {
			t.Errorf("%q became %q", text, got)
		}
	}
}

func TestShortSecretsAreNotSearched(t *testing.T) {
	r := redact.New("ab", " x\n", "")
	if got := r.String("a table, a bot, x"); got != "a table, a bot, x" {
		t.Errorf("got %q", got)
	}
}

func TestDiscordInteractionTokensAreMasked(t *testing.T) {
	tok := "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpUSElTSVNBU0VDUkVUVE9LRU4"
	other := "Xy7_opaque-token.with.dots"
	cases := []string{
		`Post "https://discord.com/api/v9/interactions/1234567890123/` + tok + `/callback": context deadline exceeded`,
		`Patch "https://discord.com/api/v9/webhooks/987654321/` + other + `/messages/@original": EOF`,
		`Post "https://discord.com/api/v9/webhooks/987654321/` + other + `?wait=true": EOF`,
		"token " + tok + " expired",
	}
	for _, c := range cases {
		got := redact.New().String(c)
		if strings.Contains(got, tok) || strings.Contains(got, other) || !strings.Contains(got, redact.Mask) {
			t.Errorf("%q became %q", c, got)
		}
	}
	var nilRedactor *redact.Redactor
	if got := nilRedactor.String(cases[0]); strings.Contains(got, tok) {
		t.Errorf("nil redactor: %q", got)
	}
	// The ids stay: they say which interaction failed and are not secret.
	if got := redact.New().String(cases[0]); !strings.Contains(got, "/interactions/1234567890123/***/callback") {
		t.Errorf("ids lost: %q", got)
	}
}

func TestTelegramTokenShapesAreMasked(t *testing.T) {
	tok := "987654321:AAF-some_token_of_thirty_five_chars_x"
	for _, c := range []string{
		`Post "https://api.telegram.org/bot` + tok + `/getMe": dial tcp: connection refused`,
		"https://api.telegram.org/file/bot" + tok + "/photos/file_1.jpg",
		"/bot1:weird%token/sendMessage",
		"token=" + tok,
	} {
		got := redact.New().String(c)
		if strings.Contains(got, tok) || strings.Contains(got, "weird%token") || !strings.Contains(got, redact.Mask) {
			t.Errorf("%q became %q", c, got)
		}
	}
}

func TestDiscordBotTokenShapesAreMasked(t *testing.T) {
	tok := "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789"
	for _, c := range []string{
		"Authorization: Bot " + tok,
		`{"token":"` + tok + `","intents":1}`,
		tok + "." + tok,
	} {
		got := redact.New().String(c)
		if strings.Contains(got, "GhIjKl") || !strings.Contains(got, redact.Mask) {
			t.Errorf("%q became %q", c, got)
		}
	}
}

func TestErrorKeepsTheChain(t *testing.T) {
	secret := "s3cr3t-token-value"
	base := fmt.Errorf("dial %s: %w", secret, fs.ErrNotExist)
	r := redact.New(secret)
	err := r.Error(base)
	if strings.Contains(err.Error(), secret) || !strings.Contains(err.Error(), "dial *** :") && !strings.Contains(err.Error(), "dial ***:") {
		t.Errorf("message %q", err)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Error("errors.Is lost the wrapped error")
	}
	if r.Error(err) != err {
		t.Error("redacting twice wraps twice")
	}
	if r.Error(nil) != nil {
		t.Error("nil error became non-nil")
	}
	if joined := r.Error(errors.Join(base, errors.New("other "+secret))); strings.Contains(joined.Error(), secret) {
		t.Errorf("joined: %q", joined)
	}
}

type leaky struct{ Token string }

type masked struct{}

func (masked) LogValue() slog.Value { return slog.StringValue("fine") }

func TestHandlerMasksEveryAttribute(t *testing.T) {
	for _, secret := range redacttest.Shapes() {
		s := redact.Trim(secret)
		for _, format := range []string{"text", "json"} {
			var buf bytes.Buffer
			var h slog.Handler = slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})
			if format == "json" {
				h = slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})
			}
			r := redact.New(secret)
			log := r.Logger(slog.New(h)).With("base", "https://x.test/bot"+s+"/getMe")
			req, _ := http.NewRequest("GET", "https://discord.test/api", nil)
			log.WithGroup("grp").Error("failed with "+s,
				"err", &url.Error{Op: "Get", URL: "https://api.example.org/bot" + s + "/getMe", Err: errors.New("refused")},
				"str", s, "quoted", fmt.Sprintf("%q", s),
				"bytes", []byte("x"+s), "struct", leaky{Token: s}, "list", []string{"a", s},
				slog.Group("nested", "deep", "k="+url.QueryEscape(s)),
				"valuer", masked{}, "n", 42, "req", req.URL)
			out := buf.String()
			if leak := findForm(out, s); leak != "" {
				t.Errorf("%s, %q: %q leaks in\n%s", format, short(secret), short(leak), short(out))
			}
			if !strings.Contains(out, "fine") || !strings.Contains(out, "42") || !strings.Contains(out, "discord.test") {
				t.Errorf("%s: attributes without secrets lost:\n%s", format, short(out))
			}
		}
	}
}

func TestHandlerKeepsTypesWithoutSecrets(t *testing.T) {
	var buf bytes.Buffer
	log := redact.New("a-secret-token").Logger(slog.New(slog.NewJSONHandler(&buf, nil)))
	log.Info("hello", "list", []string{"a", "b"}, "n", 3, "ok", true)
	var rec struct {
		List []string
		N    int
		OK   bool
	}
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil || len(rec.List) != 2 || rec.N != 3 || !rec.OK {
		t.Errorf("%v: %s", err, buf.String())
	}
}

// BenchmarkRecord is the cost of one log record through Handler in a run
// with both platforms' tokens and a webhook secret: a message and an error
// quoting a URL.
func BenchmarkRecord(b *testing.B) {
	r := redact.New(redacttest.Shapes()[0], redacttest.Shapes()[1], "wh_S3KR1T_secret-token")
	log := r.Logger(slog.New(slog.NewTextHandler(io.Discard, nil)))
	err := errors.New(`Post "https://discord.com/api/v9/interactions/123456789012345678/aW50ZXJhY3Rpb246MTIz/callback": context deadline exceeded`)
	b.ReportAllocs()
	for b.Loop() {
		log.Warn("answering an interaction", "type", 4, "err", err)
	}
}

// A database address's password is found wherever a driver takes it from.
func TestDatabasePasswords(t *testing.T) {
	for dsn, want := range map[string][]string{
		"postgres://tablee:pa55-word@db:5432/tablee":                    {"pa55-word"},
		"postgresql://tablee:p%40ss%2Fword@db/tablee?sslmode=require":   {"p@ss/word"},
		"postgres://tablee@db/tablee?password=in-the-query&sslmode=off": {"in-the-query"},
		"host=db user=tablee password=plain-one dbname=tablee":          {"plain-one"},
		`host=db password = 'with spaces \' and quote' dbname=tablee`:   {"with spaces ' and quote"},
		`password=back\ slash user=u`:                                   {"back slash"},
		"postgres://tablee@db/tablee":                                   nil,
		"host=db user=tablee":                                           nil,
		"":                                                              nil,
	} {
		if got := redact.DatabasePasswords(dsn); !slices.Equal(got, want) {
			t.Errorf("DatabasePasswords(%q) = %q, want %q", dsn, got, want)
		}
	}
}
