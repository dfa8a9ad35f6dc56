// Package metrics is what an operator sees of a running tablee serve: the
// Prometheus figures of the core, the store and the platforms, in a
// registry of its own (not the process-wide default, so that tests and
// several cores never share counters), and the admin listener that serves
// them with /healthz, /readyz and the profiles of net/http/pprof.
//
// The core and the adapters report through bot.Observer, which *Metrics
// implements; no label holds a chat or a user, so the number of series is
// bounded by the games, the platforms and their API methods.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// namespace prefixes every metric of the bot.
const namespace = "tablee"

// Latency buckets, in seconds: a save is a journal fsync (milliseconds);
// a delivery waits on the platform's limits (seconds, up to a minute in a
// busy Telegram group); a deadline may be applied minutes late after a
// restart.
var (
	saveBuckets     = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}
	deliveryBuckets = []float64{.05, .1, .25, .5, 1, 2, 5, 10, 20, 30, 60, 120}
	callBuckets     = []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}
	lateBuckets     = []float64{1, 5, 15, 60, 300, 900, 3600, 6 * 3600, 24 * 3600}
)

// Metrics holds the registry and the figures reported to it. Its methods
// are safe for concurrent use.
type Metrics struct {
	reg *prometheus.Registry

	moves        *prometheus.CounterVec
	refusals     *prometheus.CounterVec
	saves        prometheus.Histogram
	saveErrors   prometheus.Counter
	delivery     *prometheus.HistogramVec
	deadlineLate *prometheus.HistogramVec
	calls        *prometheus.CounterVec
	callSeconds  *prometheus.HistogramVec
	limitWait    *prometheus.CounterVec
	idleTold     *prometheus.CounterVec
	idleStopped  *prometheus.CounterVec
	rateLimited  *prometheus.CounterVec
	leftAtStop   *prometheus.CounterVec
}

// New makes the registry with the bot's figures, the Go runtime's and the
// process's (memory, goroutines, open files, CPU).
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.moves = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "moves_total",
		Help: "Moves applied and saved, by game and by who played them (player: a person or a timeout; bot)."},
		[]string{"game", "by"})
	m.refusals = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "refusals_total",
		Help: "Moves the game's rules refused, by game."}, []string{"game"})
	m.saves = prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: namespace, Name: "save_seconds",
		Help: "Time the store took to save a table (and its move), journal fsync included.", Buckets: saveBuckets})
	m.saveErrors = prometheus.NewCounter(prometheus.CounterOpts{Namespace: namespace, Name: "save_errors_total",
		Help: "Saves the store refused or failed (a stale copy on a shared store included)."})
	m.delivery = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "delivery_seconds",
		Help: "Time from a move's save until the table's messages were sent, by game.", Buckets: deliveryBuckets},
		[]string{"game"})
	m.deadlineLate = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "deadline_late_seconds",
		Help: "How long after it ran out a turn's deadline was applied, by game.", Buckets: lateBuckets},
		[]string{"game"})
	m.calls = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "platform_calls_total",
		Help: "Requests to a platform's API, by platform, method and code (HTTP status or API error code; 0: no answer)."},
		[]string{"platform", "method", "code"})
	m.callSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "platform_call_seconds",
		Help: "Duration of requests to a platform's API, by platform and method (Telegram's getUpdates is a long poll).", Buckets: callBuckets},
		[]string{"platform", "method"})
	m.limitWait = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "platform_limit_wait_seconds_total",
		Help: "Time requests waited for a platform's rate limits before they were sent, by platform."},
		[]string{"platform"})
	m.idleTold = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "idle_games_told_total",
		Help: "Started games nobody plays told they will stop, by game and reason (quiet: nobody moved; round: a round on timeouts alone)."},
		[]string{"game", "reason"})
	m.idleStopped = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "idle_games_stopped_total",
		Help: "Started games stopped for want of players, by game and reason (quiet, round, all_left)."},
		[]string{"game", "reason"})
	m.rateLimited = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "rate_limited_commands_total",
		Help: "Commands refused by the rate limits, by the bucket that refused them (user, chat)."},
		[]string{"scope"})
	m.leftAtStop = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "stop_left_updates_total",
		Help: "Updates a platform had and did not play because the stop began: they come again after the restart."},
		[]string{"platform"})
	m.reg.MustRegister(m.moves, m.refusals, m.saves, m.saveErrors, m.delivery, m.deadlineLate,
		m.calls, m.callSeconds, m.limitWait, m.idleTold, m.idleStopped, m.rateLimited, m.leftAtStop,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Moved counts a saved move.
func (m *Metrics) Moved(game string, byBot bool) {
	by := "player"
	if byBot {
		by = "bot"
	}
	m.moves.WithLabelValues(game, by).Inc()
}

// Refused counts a move the rules refused.
func (m *Metrics) Refused(game string) { m.refusals.WithLabelValues(game).Inc() }

// Saved records a save's duration, and counts it as failed when err is set.
func (m *Metrics) Saved(d time.Duration, err error) {
	m.saves.Observe(d.Seconds())
	if err != nil {
		m.saveErrors.Inc()
	}
}

// Shown records the time from a move's save to its messages sent.
func (m *Metrics) Shown(game string, d time.Duration) {
	m.delivery.WithLabelValues(game).Observe(d.Seconds())
}

// DeadlineLate records how late a deadline was applied.
func (m *Metrics) DeadlineLate(game string, late time.Duration) {
	m.deadlineLate.WithLabelValues(game).Observe(late.Seconds())
}

// PlatformCall counts one request to a platform's API and its duration.
func (m *Metrics) PlatformCall(platform, method string, code int, d time.Duration) {
	m.calls.WithLabelValues(platform, method, strconv.Itoa(code)).Inc()
	m.callSeconds.WithLabelValues(platform, method).Observe(d.Seconds())
}

// LimitWaited adds time a request waited for a platform's rate limits.
func (m *Metrics) LimitWaited(platform string, d time.Duration) {
	if d > 0 {
		m.limitWait.WithLabelValues(platform).Add(d.Seconds())
	}
}

// IdleGame counts a game nobody plays told it will stop, or stopped.
func (m *Metrics) IdleGame(game, reason string, stopped bool) {
	if stopped {
		m.idleStopped.WithLabelValues(game, reason).Inc()
	} else {
		m.idleTold.WithLabelValues(game, reason).Inc()
	}
}

// RateLimited counts a command refused by the rate limits.
func (m *Metrics) RateLimited(scope string) { m.rateLimited.WithLabelValues(scope).Inc() }

// LeftAtStop counts updates left unplayed by a stop.
func (m *Metrics) LeftAtStop(platform string, n int) {
	if n > 0 {
		m.leftAtStop.WithLabelValues(platform).Add(float64(n))
	}
}

// Gauge registers a figure read when scraped (tables in memory, the
// outbox depth): f must be cheap and safe for concurrent use.
func (m *Metrics) Gauge(name, help string, f func() float64) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: namespace, Name: name, Help: help}, f))
}

// Counter registers a counter read when scraped (a store's own count of
// checkpoints): f must only grow, be cheap and safe for concurrent use.
func (m *Metrics) Counter(name, help string, f func() float64) {
	m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: namespace, Name: name, Help: help}, f))
}

// Register adds a collector of its own (the store's figures).
func (m *Metrics) Register(c prometheus.Collector) error { return m.reg.Register(c) }

// Handler serves the registry in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}
