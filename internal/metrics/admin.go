package metrics

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"sort"
	"strings"
	"time"
)

// Check tells whether one thing the process needs is ready (the store
// open, a platform connected): nil, or why not.
type Check func() error

// Mux is the admin listener's routes: /metrics, /healthz (the process
// answers), /readyz (every check passes, else 503 with the ones that fail),
// and /debug/pprof/. The profiles are mounted here only, never on a
// listener the platforms or the public reach (importing net/http/pprof
// also registers them on http.DefaultServeMux, which nothing in tablee
// serves).
func Mux(m *Metrics, checks map[string]Check) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "ok")
	})
	names := make([]string, 0, len(checks))
	for n := range checks {
		names = append(names, n)
	}
	sort.Strings(names)
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		var b strings.Builder
		ready := true
		for _, n := range names {
			if err := checks[n](); err != nil {
				ready = false
				fmt.Fprintf(&b, "%s: %v\n", n, err)
			} else {
				fmt.Fprintf(&b, "%s: ok\n", n)
			}
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if !ready {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		fmt.Fprint(w, b.String())
	})
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// Listen opens the admin listener: apart from Serve, so that an address
// already taken stops tablee serve at start-up rather than being a line in
// its log.
func Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("admin.listen %s: %w", addr, err)
	}
	return ln, nil
}

// Serve serves h on ln until ctx ends, then closes it.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, log *slog.Logger) {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("admin listener stopped", "err", err)
	}
}
