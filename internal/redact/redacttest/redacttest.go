// Package redacttest holds what the tests of secret redaction share: the
// token shapes they feed through the program, and the scan of its output
// for any form of them.
package redacttest

import (
	"bytes"
	"strings"
	"sync"

	"github.com/tablee/tablee/internal/redact"
)

// Marker is in every shape: found anywhere in an output, in any case, it
// shows that a piece of a secret got out, even one no form covers (a URL
// cut short, a fragment quoted by a parser).
const Marker = "S3KR1T"

// Shapes are secrets as operators write them by mistake or as platforms
// make them: with the newline of a file or the spaces of a copy and paste,
// with quotes, percent signs, slashes, colons, unicode, YAML's special
// characters, very long; and a real-looking Telegram and Discord token.
func Shapes() []string {
	return []string{
		"123456789:AAHdqTcvS3KR1TGWJxfSeofSAs0K5PALDsaw",
		"MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdefS3KR1Tlmnopqrstuvwxyz0123456789",
		"plain-S3KR1T-token\n",
		"\r\n  S3KR1T-with-spaces-around \t\n",
		"inner space S3KR1T token",
		`quo"te's-S3KR1T-token`,
		"per%cent%zz%41-S3KR1T",
		"sl/ash/S3KR1T?q=1#frag",
		"co:lo:n:S3KR1T:x",
		"ünï©ødé-S3KR1T-✓-東京",
		"{yaml: [S3KR1T, *x, &y, !tag]} # comment",
		"*alias-S3KR1T",
		"- dash: S3KR1T | > @ `",
		"back\\slash-S3KR1T-\x01ctl",
		strings.Repeat("LONG-S3KR1T-", 400),
	}
}

// Leaks lists what of secret out shows: a form of it (as redact.Forms
// gives them), or the marker.
func Leaks(out, secret string) []string {
	var found []string
	for _, s := range []string{secret, redact.Trim(secret)} {
		for _, f := range redact.Forms(s) {
			if len(f) >= redact.MinLength && strings.Contains(out, f) {
				found = append(found, f)
			}
		}
	}
	if strings.Contains(strings.ToUpper(out), Marker) {
		found = append(found, Marker)
	}
	return found
}

// Excerpt is where a leak is in out, for a failure message.
func Excerpt(out, leak string) string {
	i := strings.Index(out, leak)
	if i < 0 {
		i = strings.Index(strings.ToUpper(out), strings.ToUpper(leak))
	}
	if i < 0 {
		return ""
	}
	from, to := max(0, i-80), min(len(out), i+len(leak)+80)
	return out[from:to]
}

// Buffer collects what a run writes from several goroutines (its log
// handler, a library's logger), to be scanned.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *Buffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is everything written so far.
func (l *Buffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Reset forgets what was written.
func (l *Buffer) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.Reset()
}
