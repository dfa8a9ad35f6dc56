package main

import (
	"context"
	"errors"
	"log/slog"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/internal/metrics"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
	"github.com/tablee/tablee/store/postgres"
)

// The operator's side of tablee serve (docs/operating.md): the metrics the
// core, the store and the adapters report, and the admin listener that
// serves them (admin.listen, off by default).

// watchCore registers what is read of the core when scraped.
func watchCore(m *metrics.Metrics, core *bot.Core) {
	m.Gauge("tables_in_memory", "Tables kept in memory (memory.tables bounds their bytes).", func() float64 {
		n, _ := core.TablesInMemory()
		return float64(n)
	})
	m.Gauge("table_memory_bytes", "Estimated bytes of the tables in memory.", func() float64 {
		_, b := core.TablesInMemory()
		return float64(b)
	})
	m.Gauge("users_in_memory", "User records kept in memory (memory.users bounds them).", func() float64 {
		return float64(core.UsersInMemory())
	})
	m.Gauge("outbox_tables", "Tables whose messages are being delivered or wait for their deliverer.", func() float64 {
		return float64(core.Backlog())
	})
}

// watchStore registers the store's own figures: the journal and its
// checkpoints for the data file, the connection pool for PostgreSQL.
func watchStore(m *metrics.Metrics, st store.Store) {
	switch s := st.(type) {
	case *bolt.Store:
		f := func(read func(bolt.Figures) float64) func() float64 {
			return func() float64 { return read(s.Figures()) }
		}
		m.Gauge("journal_pending_saves", "Saves in the journal not yet written into the data file.",
			f(func(b bolt.Figures) float64 { return float64(b.JournalPending) }))
		m.Counter("checkpoints_total", "Checkpoints that wrote the journal into the data file.",
			f(func(b bolt.Figures) float64 { return float64(b.Checkpoints) }))
		m.Counter("checkpoint_failures_total", "Checkpoints that failed (the store then refuses writes until a restart).",
			f(func(b bolt.Figures) float64 { return float64(b.CheckpointFailures) }))
		m.Counter("checkpoint_seconds_total", "Time spent writing checkpoints.",
			f(func(b bolt.Figures) float64 { return b.CheckpointTime.Seconds() }))
		m.Gauge("journal_replayed_saves", "Saves the last start read back from the journal (a crash's).",
			f(func(b bolt.Figures) float64 { return float64(b.Replayed) }))
		m.Counter("journal_writes_total", "Writes of the journal, each one fsync shared by the saves of the moment.",
			f(func(b bolt.Figures) float64 { return float64(b.JournalWrites) }))
	case *postgres.Store:
		m.Gauge("postgres_pool_acquired_conns", "Connections of the pool in use.",
			func() float64 { return float64(s.PoolStat().AcquiredConns()) })
		m.Gauge("postgres_pool_idle_conns", "Connections of the pool idle.",
			func() float64 { return float64(s.PoolStat().IdleConns()) })
		m.Gauge("postgres_pool_max_conns", "Most connections the pool opens.",
			func() float64 { return float64(s.PoolStat().MaxConns()) })
		m.Counter("postgres_pool_acquires_total", "Connections taken from the pool.",
			func() float64 { return float64(s.PoolStat().AcquireCount()) })
		m.Counter("postgres_pool_empty_acquires_total", "Connections taken that had to wait for one to be free or opened.",
			func() float64 { return float64(s.PoolStat().EmptyAcquireCount()) })
		m.Counter("postgres_pool_acquire_seconds_total", "Time spent waiting for a connection of the pool.",
			func() float64 { return s.PoolStat().AcquireDuration().Seconds() })
	}
}

// readiness is what /readyz checks: the store answers and has met no
// damage, and each enabled platform is connected.
func readiness(st store.Store, damage *damageStop, h *health) map[string]metrics.Check {
	checks := map[string]metrics.Check{
		"store": func() error {
			if err := damage.Err(); err != nil {
				return err
			}
			// A cheap read of an index: the data file is open, or the
			// database answers.
			_, _, err := st.NextDue()
			return err
		},
	}
	for _, name := range h.names {
		checks[name] = func() error { return h.ready(name) }
	}
	return checks
}

// stopCheck fails once run is over: the stop began (a signal, or damage
// met), and the process takes nothing more.
func stopCheck(run context.Context) metrics.Check {
	return func() error {
		if run.Err() != nil {
			return errors.New("stopping")
		}
		return nil
	}
}

// serveAdmin opens the admin listener on addr (an address taken is an
// error at start-up) and serves it until ctx ends; the returned function
// waits for it to be closed.
func serveAdmin(ctx context.Context, addr string, m *metrics.Metrics, checks map[string]metrics.Check, log *slog.Logger) (wait func(), err error) {
	if addr == "" {
		return func() {}, nil
	}
	ln, err := metrics.Listen(addr)
	if err != nil {
		return nil, err
	}
	log.Info("admin listener", "addr", ln.Addr().String())
	done := make(chan struct{})
	go func() {
		defer close(done)
		metrics.Serve(ctx, ln, metrics.Mux(m, checks), log)
	}()
	return func() { <-done }, nil
}
