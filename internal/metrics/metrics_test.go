package metrics

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func get(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	body, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(body)
}

func TestMetricsReportedAreScraped(t *testing.T) {
	m := New()
	m.Moved("crackword", false)
	m.Moved("crackword", true)
	m.Moved("crackword", true)
	m.Refused("wordsout")
	m.Saved(3*time.Millisecond, nil)
	m.Saved(time.Millisecond, errors.New("disk"))
	m.Shown("crackword", 200*time.Millisecond)
	m.DeadlineLate("escogriffe", 90*time.Second)
	m.PlatformCall("telegram", "sendMessage", 200, 40*time.Millisecond)
	m.PlatformCall("telegram", "sendMessage", 429, 10*time.Millisecond)
	m.LimitWaited("telegram", 1500*time.Millisecond)
	m.IdleGame("crackword", "quiet", false)
	m.IdleGame("crackword", "quiet", true)
	m.IdleGame("escogriffe", "round", true)
	m.RateLimited("user")
	m.RateLimited("user")
	m.RateLimited("chat")
	m.LeftAtStop("telegram", 12)
	m.LeftAtStop("discord", 0)
	m.Gauge("tables_in_memory", "Tables in memory.", func() float64 { return 7 })
	code, body := get(t, Mux(m, nil), "/metrics")
	if code != 200 {
		t.Fatalf("/metrics: %d", code)
	}
	for _, want := range []string{
		`tablee_moves_total{by="player",game="crackword"} 1`,
		`tablee_moves_total{by="bot",game="crackword"} 2`,
		`tablee_refusals_total{game="wordsout"} 1`,
		`tablee_save_seconds_count 2`,
		`tablee_save_errors_total 1`,
		`tablee_delivery_seconds_count{game="crackword"} 1`,
		`tablee_deadline_late_seconds_bucket{game="escogriffe",le="60"} 0`,
		`tablee_deadline_late_seconds_bucket{game="escogriffe",le="300"} 1`,
		`tablee_platform_calls_total{code="200",method="sendMessage",platform="telegram"} 1`,
		`tablee_platform_calls_total{code="429",method="sendMessage",platform="telegram"} 1`,
		`tablee_platform_limit_wait_seconds_total{platform="telegram"} 1.5`,
		`tablee_tables_in_memory 7`,
		`tablee_idle_games_told_total{game="crackword",reason="quiet"} 1`,
		`tablee_idle_games_stopped_total{game="crackword",reason="quiet"} 1`,
		`tablee_idle_games_stopped_total{game="escogriffe",reason="round"} 1`,
		`tablee_rate_limited_commands_total{scope="user"} 2`,
		`tablee_rate_limited_commands_total{scope="chat"} 1`,
		`tablee_stop_left_updates_total{platform="telegram"} 12`,
		`go_goroutines `,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

func TestReadyzFailsWhileACheckFails(t *testing.T) {
	down := errors.New("not connected")
	state := error(nil)
	mux := Mux(New(), map[string]Check{
		"store":    func() error { return nil },
		"telegram": func() error { return state },
	})
	if code, body := get(t, mux, "/readyz"); code != 200 || !strings.Contains(body, "telegram: ok") {
		t.Fatalf("/readyz with everything up: %d %q", code, body)
	}
	state = down
	code, body := get(t, mux, "/readyz")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "telegram: not connected") || !strings.Contains(body, "store: ok") {
		t.Fatalf("/readyz with telegram down: %d %q", code, body)
	}
	// Alive all the same: an orchestrator must not kill a process whose
	// platform is down, it reconnects by itself.
	if code, _ := get(t, mux, "/healthz"); code != 200 {
		t.Fatalf("/healthz: %d", code)
	}
}

func TestProfilesOnTheAdminMux(t *testing.T) {
	mux := Mux(New(), nil)
	code, body := get(t, mux, "/debug/pprof/")
	if code != 200 || !strings.Contains(body, "goroutine") {
		t.Fatalf("/debug/pprof/: %d", code)
	}
	if code, _ := get(t, mux, "/debug/pprof/goroutine?debug=1"); code != 200 {
		t.Fatalf("/debug/pprof/goroutine: %d", code)
	}
}
