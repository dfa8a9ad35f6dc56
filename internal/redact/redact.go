// Package redact keeps secrets out of what leaves the process: error
// messages and log records. A Redactor knows the secrets of a run (the bot
// tokens, the webhook secret) and replaces every form they take in text —
// as is, Go-quoted (%q, with \n or \u00e9), JSON-escaped, URL-encoded (path
// or query, upper- or lower-case hex), hex, base64 — with "***". It also
// masks, whoever they belong to, the shapes of platform tokens: Discord
// interaction tokens in webhook and interaction URLs, Telegram bot tokens
// in Bot API URLs.
//
// It is applied at the boundaries, not at every call site: the slog
// handler of the process (Handler), the error returned to main (Error), the
// loggers and errors of the platform adapters. A message that goes through
// it twice is unchanged the second time.
package redact

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Mask replaces a secret.
const Mask = "***"

// MinLength is the length below which a secret is not searched for in
// text: a secret of two or three characters would mask parts of ordinary
// words. Real tokens are tens of characters long.
const MinLength = 4

// Redactor replaces the secrets it knows, in every form, and the shapes of
// platform tokens. The zero value and nil mask the shapes only. A Redactor
// is immutable and safe for concurrent use.
type Redactor struct {
	secrets []string
	forms   *strings.Replacer
}

// New returns a Redactor for these secrets. Each is trimmed of surrounding
// white space, as the configuration trims tokens; empty and too short ones
// are ignored.
func New(secrets ...string) *Redactor {
	return (*Redactor)(nil).With(secrets...)
}

// With returns a Redactor that knows r's secrets and these.
func (r *Redactor) With(secrets ...string) *Redactor {
	var all []string
	if r != nil {
		all = slices.Clone(r.secrets)
	}
	for _, s := range secrets {
		for _, v := range append([]string{s, Trim(s)}, urlCuts(Trim(s))...) {
			if len([]rune(Trim(v))) >= MinLength && !slices.Contains(all, v) {
				all = append(all, v)
			}
		}
	}
	out := &Redactor{secrets: all}
	seen := map[string]bool{}
	var forms []string
	for _, s := range all {
		for _, f := range Forms(s) {
			if !seen[f] && len(f) >= MinLength {
				seen[f] = true
				forms = append(forms, f)
			}
		}
	}
	// The replacer tries its patterns in order at each position: the
	// longest form first, so that a secret's encoded form wins over a piece
	// of it.
	slices.SortStableFunc(forms, func(a, b string) int { return len(b) - len(a) })
	pairs := make([]string, 0, 2*len(forms))
	for _, f := range forms {
		pairs = append(pairs, f, Mask)
	}
	if len(pairs) > 0 {
		out.forms = strings.NewReplacer(pairs...)
	}
	return out
}

// urlCuts are what a URL keeps of a secret that holds a "#" or a "?": the
// text before it (the rest becomes a fragment, dropped, or a query,
// printed apart). Cuts shorter than 8 characters are too common to mask.
func urlCuts(s string) []string {
	var out []string
	for _, sep := range []string{"#", "?"} {
		if i := strings.Index(s, sep); i >= 8 {
			out = append(out, s[:i])
		}
	}
	return out
}

// Trim removes the white space around a secret: the trailing newline of a
// file written by echo, a Docker secret or a .env line, the spaces of a
// copy and paste, a byte-order mark.
func Trim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' })
}

// String is s with every form of the secrets and every token shape masked.
func (r *Redactor) String(s string) string {
	if r != nil && r.forms != nil {
		s = r.forms.Replace(s)
	}
	for _, sh := range shapes {
		// The regular expressions are the cost of a log record: run each
		// only where its literal part is.
		if len(s) >= sh.min && strings.Contains(s, sh.has) {
			s = sh.re.ReplaceAllString(s, sh.repl)
		}
	}
	return botTokens(s)
}

// Contains tells whether s holds a form of one of the secrets or a token
// shape, that is whether String would change it.
func (r *Redactor) Contains(s string) bool { return r.String(s) != s }

// shapes are tokens recognised by their form, whatever the run's secrets.
// has is a literal every match holds, min the shortest match.
var shapes = []struct {
	has  string
	min  int
	re   *regexp.Regexp
	repl string
}{
	// Discord's interaction (webhook) tokens, in the URLs that answer an
	// interaction: /interactions/<id>/<token>/callback and
	// /webhooks/<application id>/<token>[/messages/...]. They are valid for
	// 15 minutes and let anyone answer in the bot's name.
	{"/interactions/", 17, regexp.MustCompile(`(/interactions/[0-9]+/)[^/?#\s"'\\]+`), "${1}" + Mask},
	{"/webhooks/", 13, regexp.MustCompile(`(/webhooks/[0-9]+/)[^/?#\s"'\\]+`), "${1}" + Mask},
	// An interaction token outside a URL: base64 of "interaction:...".
	{"aW50ZXJhY3Rpb246", 17, regexp.MustCompile(`aW50ZXJhY3Rpb246[A-Za-z0-9_\-+/=]+`), Mask},
	// Telegram's Bot API URLs: /bot<token>/<method>, /file/bot<token>/<path>.
	{"/bot", 7, regexp.MustCompile(`(/bot)[0-9]+:[^/?#\s"'\\]+`), "${1}" + Mask},
}

// botTokens masks bot tokens by their form, wherever they are: Telegram's
// (the bot's id, a colon, 30 or more characters of base64url) and
// Discord's (three base64url parts separated by dots: the user id, a
// timestamp, an HMAC). A scan rather than a regular expression: this runs
// on every string of every log record.
func botTokens(s string) string {
	var b strings.Builder
	last := 0 // s[last:] is not yet copied
	for i := 0; i < len(s); i++ {
		if s[i] != ':' && s[i] != '.' {
			continue
		}
		start, end := -1, -1
		if s[i] == ':' {
			if d := runBefore(s, i, isDigit); d >= 5 {
				if n := runAfter(s, i+1, isBase64URL); n >= 30 {
					start, end = i-d, i+1+n
				}
			}
		} else if first := runBefore(s, i, isBase64URL); first >= 23 {
			if second := runAfter(s, i+1, isBase64URL); second >= 6 && second <= 7 && i+1+second < len(s) && s[i+1+second] == '.' {
				if third := runAfter(s, i+2+second, isBase64URL); third >= 27 {
					start, end = i-first, i+2+second+third
				}
			}
		}
		if start >= last {
			b.WriteString(s[last:start])
			b.WriteString(Mask)
			last, i = end, end-1
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isBase64URL(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '-'
}

// runBefore is how many bytes before s[i] are in the class.
func runBefore(s string, i int, in func(byte) bool) int {
	n := 0
	for i-n-1 >= 0 && in(s[i-n-1]) {
		n++
	}
	return n
}

// runAfter is how many bytes from s[i] on are in the class.
func runAfter(s string, i int, in func(byte) bool) int {
	n := 0
	for i+n < len(s) && in(s[i+n]) {
		n++
	}
	return n
}

// Forms lists the ways s can appear in text: as is, escaped by Go's
// quoting, JSON or URL encoding (and one escaping inside another), in hex,
// and the parts of base64 that any encoding of a text holding s contains.
func Forms(s string) []string {
	escapes := []func(string) string{
		func(s string) string { return s },
		goQuoted, goQuotedASCII, goQuotedGraphic, jsonEscaped,
		url.PathEscape, url.QueryEscape, urlPath, formEncoded,
	}
	seen := map[string]bool{}
	var out []string
	add := func(f string) {
		for _, v := range []string{f, lowerHex(f)} {
			if v != "" && !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	for _, outer := range escapes {
		for _, inner := range escapes {
			add(outer(inner(s)))
		}
	}
	add(hex.EncodeToString([]byte(s)))
	add(strings.ToUpper(hex.EncodeToString([]byte(s))))
	for _, f := range base64Cores(s) {
		add(f)
	}
	return out
}

func unquote(q string) string { return q[1 : len(q)-1] }

func goQuoted(s string) string        { return unquote(strconv.Quote(s)) }
func goQuotedASCII(s string) string   { return unquote(strconv.QuoteToASCII(s)) }
func goQuotedGraphic(s string) string { return unquote(strconv.QuoteToGraphic(s)) }

func jsonEscaped(s string) string {
	b, _ := json.Marshal(s) // escapes <, > and & as \u003c too, as log/slog does not
	return unquote(string(b))
}

// urlPath is how net/url writes s as a path: it keeps / : @ and a few more.
func urlPath(s string) string { return (&url.URL{Path: s}).EscapedPath() }

// formEncoded is a query value as url.Values writes it.
func formEncoded(s string) string { return url.Values{"": {s}}.Encode()[1:] }

var percentHex = regexp.MustCompile(`%[0-9A-F]{2}`)

// lowerHex writes the %XX escapes of f in lower case, as some libraries do.
func lowerHex(f string) string {
	return percentHex.ReplaceAllStringFunc(f, strings.ToLower)
}

// base64Cores are the parts of the base64 encoding of s that do not depend
// on what surrounds s: for each of the three alignments s can have in a
// longer text, the characters made from s's bytes alone. Any standard or
// URL base64 encoding of a text holding s contains one of them. Cores of
// short secrets are too short to tell apart and are left out.
func base64Cores(s string) []string {
	var out []string
	for pad := 0; pad < 3; pad++ {
		text := strings.Repeat("\x00", pad) + s
		enc := base64.StdEncoding.EncodeToString([]byte(text))
		// The first whole group made only of s's bytes starts at the
		// character after pad's bytes; the last whole group ends before
		// what follows s.
		start := []int{0, 2, 3}[pad]
		end := 4 * (len(text) / 3)
		if end-start < 12 {
			continue
		}
		core := enc[start:end]
		out = append(out, core, strings.NewReplacer("+", "-", "/", "_").Replace(core))
	}
	return out
}
