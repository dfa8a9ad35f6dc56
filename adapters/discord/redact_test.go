package discord

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
	"testing"
)

// syncBuffer is a log written by the adapter's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestInteractionTokensNeverLogged: the calls that answer an interaction
// fail on the network; discordgo's errors quote their URLs, interaction
// token included (/interactions/<id>/<token>/callback,
// /webhooks/<app>/<token>/messages/@original). The adapter's log keeps the
// ids and masks the tokens, whichever logger it was given.
func TestInteractionTokensNeverLogged(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			var logs syncBuffer
			h := slog.Handler(slog.NewTextHandler(&logs, nil))
			if format == "json" {
				h = slog.NewJSONHandler(&logs, nil)
			}
			e := newEnv(t, Options{Logger: slog.New(h)})
			e.f.mu.Lock()
			e.f.netFail = []string{"/interactions/", "/webhooks/"}
			e.f.mu.Unlock()
			in := e.slash(alice, channel, "games")
			out := logs.String()
			if !strings.Contains(out, "answering an interaction") || !strings.Contains(out, "connection reset by peer") {
				t.Fatalf("the failure was not logged:\n%s", out)
			}
			if strings.Contains(out, in.Token) || strings.Contains(out, "itok") {
				t.Errorf("interaction token logged:\n%s", out)
			}
			if !strings.Contains(out, "/interactions/"+in.ID+"/***/callback") {
				t.Errorf("the interaction's id or the mask is missing:\n%s", out)
			}
			if strings.Contains(out, "test-token") {
				t.Errorf("bot token logged:\n%s", out)
			}
		})
	}
}
