package discord

import (
	"net/url"
	"testing"
)

// The metrics name a REST call without its ids or tokens: one series per
// kind of call, and no interaction token in them.
func TestRouteLeavesOutIdsAndTokens(t *testing.T) {
	for raw, want := range map[string]string{
		"https://discord.com/api/v9/channels/123456789012345678/messages":                     "POST /channels/:id/messages",
		"https://discord.com/api/v9/interactions/123456789012345678/aW50ZXJhY3Rpb24/callback": "POST /interactions/:id/:token/callback",
		"https://discord.com/api/v9/webhooks/42/aW50ZXJhY3Rpb24/messages/@original":           "POST /webhooks/:id/:token/messages/@original",
		"http://127.0.0.1:5555/api/v10/users/@me/channels":                                    "POST /users/@me/channels",
	} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := route("POST", u.Path); got != want {
			t.Errorf("route(%s) = %q, want %q", raw, got, want)
		}
	}
}
