package discord

import (
	"log/slog"
	"strings"
	"testing"

	"github.com/tablee/tablee/internal/redact/redacttest"
)

// TestInteractionTokensNeverLogged: the calls that answer an interaction
// fail on the network; discordgo's errors quote their URLs, interaction
// token included (/interactions/<id>/<token>/callback,
// /webhooks/<app>/<token>/messages/@original). The adapter's log keeps the
// ids and masks the tokens, whichever logger it was given.
func TestInteractionTokensNeverLogged(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			var logs redacttest.Buffer
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
