package discord

import (
	"net/http"
	"strings"
	"time"

	"github.com/tablee/tablee/bot"
)

// observed is the REST client's transport, telling the core's observer
// (the operator's metrics) each call's route, status and duration.
type observed struct {
	base http.RoundTripper
	obs  bot.Observer
}

func (o observed) RoundTrip(r *http.Request) (*http.Response, error) {
	began := time.Now()
	resp, err := o.base.RoundTrip(r)
	code := 0 // no answer: a network error
	if err == nil {
		code = resp.StatusCode
	}
	o.obs.PlatformCall("discord", route(r.Method, r.URL.Path), code, time.Since(began))
	return resp, err
}

// route names a REST call by its method and path with the ids and tokens
// left out ("POST /channels/:id/messages"), so that the metrics hold one
// series per kind of call, never one per channel, and no interaction
// token (a secret for 15 minutes) reaches them.
func route(method, path string) string {
	_, path, _ = strings.Cut(path, "/api/")
	parts := strings.Split(path, "/")
	if len(parts) > 0 && strings.HasPrefix(parts[0], "v") {
		parts = parts[1:] // the API version
	}
	for i, p := range parts {
		switch {
		case p == "":
		case isSnowflake(p):
			parts[i] = ":id"
		case i >= 2 && parts[i-1] == ":id" && (parts[i-2] == "webhooks" || parts[i-2] == "interactions"):
			parts[i] = ":token"
		case strings.ContainsAny(p, "%:") && i > 0 && parts[i-1] == "reactions":
			parts[i] = ":emoji"
		}
	}
	return method + " /" + strings.Join(parts, "/")
}

// observeClient returns a copy of c whose calls are told to obs (a copy:
// the client may be a caller's, shared with others).
func observeClient(c *http.Client, obs bot.Observer) *http.Client {
	cp := *c
	base := cp.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	cp.Transport = observed{base: base, obs: obs}
	return &cp
}
