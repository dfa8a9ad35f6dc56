package postgres

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// The tables shown, told to every process on the database by
// LISTEN/NOTIFY (store.Notifier): a process's web pages then read again a
// table another process moved, at once and for one statement a delivery,
// where polling each watched table's version would cost a query a table
// and a second, pages open or not, and still lag.

// shownChannel is the channel the notifications go on; a payload is
// "<table> <owner>", so that a process skips its own.
const shownChannel = "tablee_shown"

// NotifyShown tells the processes listening that table id was shown. On
// the lazy pool: a notification lost in a crash of the database loses
// nothing (the pages read the table at their next change).
func (s *Store) NotifyShown(id uint64) error {
	ctx, cancel := s.ctx()
	defer cancel()
	_, err := s.lazyPool.Exec(ctx, "SELECT pg_notify($1, $2)", shownChannel, strconv.FormatUint(id, 10)+" "+s.owner)
	return s.wrap("notifying a table shown", err)
}

// ListenShown listens on a connection of its own (a pool's would be held
// for good), made again a second after it is lost; each time it is (re)made
// shown(0) says that notifications may have been missed.
func (s *Store) ListenShown(ctx context.Context, shown func(id uint64)) {
	for first := true; ctx.Err() == nil; first = false {
		if !first {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
		}
		conn, err := pgx.ConnectConfig(ctx, s.listen)
		if err != nil {
			continue
		}
		if _, err := conn.Exec(ctx, "LISTEN "+shownChannel); err == nil {
			if !first {
				shown(0)
			}
			s.relay(ctx, conn, shown)
		}
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		_ = conn.Close(closeCtx)
		cancel()
	}
}

// relay passes the notifications on until the connection fails or ctx
// ends.
func (s *Store) relay(ctx context.Context, conn *pgx.Conn, shown func(id uint64)) {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return
		}
		table, owner, _ := strings.Cut(n.Payload, " ")
		if owner == s.owner {
			continue // this process told its own pages already
		}
		if id, err := strconv.ParseUint(table, 10, 64); err == nil && id != 0 {
			shown(id)
		}
	}
}
