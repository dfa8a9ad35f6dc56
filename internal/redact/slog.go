package redact

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
)

// Error returns err with its message redacted. errors.Is and errors.As
// still see the errors it wraps (whose own messages are not redacted: print
// the returned error, not what it wraps); the errors joined by errors.Join
// are each redacted too. nil stays nil.
func (r *Redactor) Error(err error) error {
	switch e := err.(type) {
	case nil:
		return nil
	case *redacted:
		if e.r == r {
			return err
		}
	case *redactedJoin:
		if e.r == r {
			return err
		}
	case interface{ Unwrap() []error }:
		return &redactedJoin{err: err, r: r}
	}
	return &redacted{err: err, r: r}
}

type redacted struct {
	err error
	r   *Redactor
}

func (e *redacted) Error() string { return e.r.String(e.err.Error()) }
func (e *redacted) Unwrap() error { return e.err }

// redactedJoin keeps the shape of errors.Join: its errors, each redacted.
type redactedJoin struct {
	err error
	r   *Redactor
}

func (e *redactedJoin) Error() string { return e.r.String(e.err.Error()) }

func (e *redactedJoin) Unwrap() []error {
	errs := e.err.(interface{ Unwrap() []error }).Unwrap()
	out := make([]error, len(errs))
	for i, x := range errs {
		out[i] = e.r.Error(x)
	}
	return out
}

// Logger is l with every record passed through r.
func (r *Redactor) Logger(l *slog.Logger) *slog.Logger {
	if l == nil {
		l = slog.Default()
	}
	return slog.New(r.Handler(l.Handler()))
}

// Handler wraps h so that the message and every attribute of a record
// (errors, strings, groups, values that log themselves) reach h redacted.
// Attributes that hold no secret are passed as they are, with their type.
func (r *Redactor) Handler(h slog.Handler) slog.Handler {
	if rh, ok := h.(*handler); ok && rh.r == r {
		return h
	}
	return &handler{next: h, r: r}
}

type handler struct {
	next slog.Handler
	r    *Redactor
}

func (h *handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h *handler) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, h.r.String(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.attr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h *handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		clean[i] = h.attr(a)
	}
	return &handler{next: h.next.WithAttrs(clean), r: h.r}
}

func (h *handler) WithGroup(name string) slog.Handler {
	return &handler{next: h.next.WithGroup(h.r.String(name)), r: h.r}
}

func (h *handler) attr(a slog.Attr) slog.Attr {
	a.Key = h.r.String(a.Key)
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		a.Value = slog.StringValue(h.r.String(v.String()))
	case slog.KindGroup:
		group := v.Group()
		clean := make([]slog.Attr, len(group))
		for i, g := range group {
			clean[i] = h.attr(g)
		}
		a.Value = slog.GroupValue(clean...)
	case slog.KindAny:
		a.Value = h.any(v)
	default: // numbers, booleans, times and durations hold no text
		a.Value = v
	}
	return a
}

// any redacts a value of any type. An error becomes its redacted message
// (what both handlers print for it anyway); another value is kept as it is
// unless one of the ways a handler may print it (fmt or JSON) shows a
// secret, and then it becomes the redacted text.
func (h *handler) any(v slog.Value) slog.Value {
	x := v.Any()
	switch x := x.(type) {
	case error:
		return slog.StringValue(h.r.String(x.Error()))
	case []byte:
		if s := string(x); h.r.Contains(s) {
			return slog.StringValue(h.r.String(s))
		}
		return v
	}
	text := fmt.Sprintf("%+v", x)
	if h.r.Contains(text) {
		return slog.StringValue(h.r.String(text))
	}
	if j, err := json.Marshal(x); err == nil && h.r.Contains(string(j)) {
		return slog.StringValue(h.r.String(text))
	}
	return v
}
