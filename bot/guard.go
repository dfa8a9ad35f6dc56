package bot

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
)

// A panic in an engine, in the core or in an adapter's Deliver concerns one
// table and one command. It must never stop the process (every chat of both
// platforms would stop with it), and it must never leave a table half
// changed in memory. The core therefore recovers at its boundaries (a
// command, a deadline tick, a delivery), and a table whose lock is released
// by a panic is put back to what the store last committed for it: the state
// the players were last told about.

// tablePanic is a panic that went through a table's lock: it carries the
// table, so that the boundary can say which table and game it concerned.
type tablePanic struct {
	table uint64
	game  string
	value any
	stack []byte
}

func (p *tablePanic) Error() string {
	return fmt.Sprintf("panic at table %d (%s): %v", p.table, p.game, p.value)
}

// unlock releases a table's lock at the end of a function that may change
// the table: `t.mu.Lock(); defer c.unlock(t)`. When a panic unwinds through
// it, the table is reloaded from the store before the lock is released, and
// the panic goes on to the boundary with the table's name on it.
func (c *Core) unlock(t *Table) {
	p := recover()
	if p == nil {
		t.mu.Unlock()
		return
	}
	tp, ok := p.(*tablePanic)
	if !ok {
		tp = &tablePanic{table: t.ID, game: t.Game, value: p, stack: debug.Stack()}
	}
	c.reload(t)
	t.mu.Unlock()
	panic(tp)
}

// reload puts a table back to its last committed record. The caller holds
// the table's lock. A table that cannot be read back is dropped from memory
// (it stays on disk) rather than kept in a state nobody saved.
func (c *Core) reload(t *Table) {
	if t.ID == 0 {
		return
	}
	rec, err := c.st.Table(t.ID)
	if err != nil {
		c.log.Error("table not reloaded after a panic; dropped from memory", "table", t.ID, "err", err)
		c.forget(t)
		return
	}
	t.restore(snapshot{rec.Data})
	t.committed = rec.Data
	t.shared.Store(&rec.Data)
	if t.game == nil && t.Phase == Playing {
		c.forget(t)
		return
	}
	// A bot seat may be waiting in the state we went back to: the
	// scheduler plays it again, after a pause so that an engine that
	// panics on every try cannot spin.
	c.retryLater(t)
}

// recovered logs a panic caught at a boundary with what it concerned.
func (c *Core) recovered(p any, where string, attrs ...any) {
	tp, ok := p.(*tablePanic)
	if !ok {
		tp = &tablePanic{value: p, stack: debug.Stack()}
	}
	attrs = append(attrs, "where", where, "panic", fmt.Sprint(tp.value))
	if tp.table != 0 {
		attrs = append(attrs, "table", tp.table, "game", tp.game)
	}
	attrs = append(attrs, "stack", firstLines(string(tp.stack), 24))
	c.log.Error("panic recovered", attrs...)
}

// commandAttrs names a command in a log line: its chat, its author and the
// move it carried, never more than the command itself holds.
func commandAttrs(cmd Command) []any {
	move := cmd.Payload
	if move == "" {
		move = strings.TrimSpace(cmd.Name + " " + strings.Join(cmd.Args, " "))
	}
	return []any{"chat", cmd.Chat, "user", cmd.User.ID, "command", move}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// safely runs f and turns a panic into a logged error, for work done on
// behalf of no one in particular (a tick, a delivery).
func (c *Core) safely(where string, f func(), attrs ...any) (ok bool) {
	defer func() {
		if p := recover(); p != nil {
			c.recovered(p, where, attrs...)
			ok = false
		}
	}()
	f()
	return true
}

// deliverOne hands one message to a transport, so that a transport that
// panics loses that message only.
func (c *Core) deliverOne(ctx context.Context, tr Transport, o Out) (err error) {
	defer func() {
		if p := recover(); p != nil {
			c.recovered(p, "deliver", "table", o.Table, "chat", o.Chat, "to", o.User)
			err = fmt.Errorf("bot: delivery panicked: %v", p)
		}
	}()
	return tr.Deliver(ctx, o)
}
