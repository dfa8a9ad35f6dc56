package bolt

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// Schema 1, the layout before moves were kept in blocks:
//
//	meta     "schema" -> "1", "next_table" -> as in schema 2
//	tables   id       -> table record version 1: flags chat game data crc
//	open     chat     -> id, as in schema 2
//	chats    chat/    -> nested bucket: id -> empty
//	moves    id/      -> nested bucket: seq -> move record version 1
//	users    id       -> user record, as in schema 2
//
// Record version 1, all integers unsigned varints unless told:
//
//	table: version(1) flags(bit 0 finished) len chat, chat, len game, game, len data, data, crc32c
//	move:  version(1) seq, at (zigzag varint Unix nanoseconds), seat (zigzag varint),
//	       len user, user, len text, text, crc32c
var (
	bChatsV1 = []byte("chats")
	bMovesV1 = []byte("moves")
)

const recordVersionV1 = 1

func decodeTableV1(id uint64, v []byte) (store.Table, error) {
	r := unseal(nil, v, recordVersionV1)
	t := store.Table{ID: id}
	flags := r.byte()
	t.Finished = flags&flagFinished != 0
	t.Chat = r.string()
	t.Game = r.string()
	t.Data = r.bytes()
	if flags&^flagFinished != 0 {
		r.fail("unknown flags")
	}
	return t, r.done()
}

func decodeMoveV1(v []byte) (store.Move, error) {
	r := unseal(nil, v, recordVersionV1)
	var m store.Move
	m.Seq = r.uvarint()
	m.At = time.Unix(0, r.varint()).UTC()
	m.Seat = int(r.varint())
	m.User = r.string()
	m.Text = r.string()
	return m, r.done()
}

// readLogV1 calls fn with each move of table id's schema 1 log, in order. A
// damaged move, or one out of sequence, is a *logError; onDamage (when not
// nil) is told and decides whether to read on.
func readLogV1(moves *bbolt.Bucket, id uint64, fn func(store.Move) error, onDamage func(*logError) bool) error {
	b := moves.Bucket(key(id))
	if b == nil {
		return nil
	}
	next := uint64(1)
	return b.ForEach(func(k, v []byte) error {
		m, err := decodeMoveV1(v)
		var le *logError
		switch {
		case err != nil:
			le = &logError{table: id, seq: next, what: err.Error()}
		case len(k) != 8 || binary.BigEndian.Uint64(k) != m.Seq || m.Seq != next:
			le = &logError{table: id, seq: next, what: fmt.Sprintf("move %d stored under key %x", m.Seq, k)}
		}
		next++
		if le != nil {
			if onDamage != nil && onDamage(le) {
				return nil
			}
			return le
		}
		return fn(m)
	})
}

// migrate brings a schema 1 file to schema 2: a copy of the file is first
// written, checked, into the backups directory (named with "schema1"), then
// every table, log and history is rewritten in one transaction. A failure
// leaves the file as it was.
func (s *Store) migrate() error {
	base := strings.TrimSuffix(filepath.Base(s.path), filepath.Ext(s.path))
	aside := filepath.Join(BackupDir(s.path), base+"-schema1-"+s.now().UTC().Format(backupTimeLayout)+".db")
	if _, err := s.backup(context.Background(), aside); err != nil {
		return s.damagedOr(fmt.Sprintf("migrating from schema 1: copying the file to %s first", aside), err)
	}
	now := s.now().UTC()
	err := s.write(func(tx *bbolt.Tx) error { return s.migrateTx(tx, now) })
	if err != nil {
		return s.damagedOr("migrating from schema 1 (nothing was changed; a copy of the file is "+aside+")", err)
	}
	s.migratedFrom, s.migrationCopy = 1, aside
	return nil
}

// damagedOr words an error of a migration: damage keeps its own words,
// anything else names the file.
func (s *Store) damagedOr(what string, err error) error {
	var fe *fileError
	if errors.As(err, &fe) {
		return err
	}
	var le *logError
	if errors.As(err, &le) {
		return s.damaged(le.Error()+" ("+what+")", nil)
	}
	return fmt.Errorf("store/bolt: %s: %s: %w", s.path, what, err)
}

func (s *Store) migrateTx(tx *bbolt.Tx, now time.Time) error {
	meta, tables := tx.Bucket(bMeta), tx.Bucket(bTables)
	if v := meta.Get(kSchema); string(v) != "1" {
		return fmt.Errorf("schema is %q, not 1", v)
	}
	chats, moves, open := tx.Bucket(bChatsV1), tx.Bucket(bMovesV1), tx.Bucket(bOpen)
	if chats == nil || moves == nil || open == nil || tables == nil || tx.Bucket(bUsers) == nil {
		return s.damaged("schema 1 file without its buckets", nil)
	}
	history, err := tx.CreateBucket(bHistory)
	if err != nil {
		return s.damaged("schema 1 file with a history bucket", err)
	}
	log, err := tx.CreateBucket(bLog)
	if err != nil {
		return s.damaged("schema 1 file with a log bucket", err)
	}
	history.FillPercent, log.FillPercent = appendFill, appendFill
	// Schema 1 knew no due time, nothing unshown and no seated users: the
	// indexes start empty, and incomplete until the bot saved every open
	// table once (see DueIndexComplete).
	for _, name := range indexBuckets {
		if _, err := tx.CreateBucket(name); err != nil {
			return s.damaged("schema 1 file with an index bucket", err)
		}
	}
	if err := meta.Delete(kDueComplete); err != nil {
		return err
	}

	// Tables are read first and rewritten after: a bucket must not change
	// under its own ForEach.
	var old []store.Table
	err = tables.ForEach(func(k, v []byte) error {
		if len(k) != 8 {
			return s.damaged(fmt.Sprintf("a table key of %d bytes", len(k)), nil)
		}
		id := binary.BigEndian.Uint64(k)
		t, err := decodeTableV1(id, v)
		if err != nil {
			return s.damaged(fmt.Sprintf("table %d (schema 1)", id), err)
		}
		old = append(old, t)
		return nil
	})
	if err != nil {
		return err
	}
	for _, t := range old {
		var last time.Time
		var count uint64
		err := readLogV1(moves, t.ID, func(m store.Move) error {
			tail, err := readLogTail(boltBucket{log}, t.ID)
			if err != nil {
				return err
			}
			last, count = m.At, m.Seq
			return appendMove(boltBucket{log}, t.ID, tail, &m)
		}, nil)
		if err != nil {
			return err
		}
		// Schema 1 did not record when a table finished: its last move
		// did, or, for a table finished without moves, the migration.
		finishedAt := now
		if !last.IsZero() {
			finishedAt = last
		}
		if err := tables.Put(key(t.ID), prepareTable(t).encode(finishedAt, count, 0)); err != nil {
			return err
		}
	}
	err = chats.ForEach(func(chat, v []byte) error {
		h := chats.Bucket(chat)
		if v != nil || h == nil {
			return s.damaged(fmt.Sprintf("the history of chat %s is not a bucket", chat), nil)
		}
		return h.ForEach(func(idk, _ []byte) error {
			if len(idk) != 8 {
				return s.damaged(fmt.Sprintf("history of chat %s holds a key of %d bytes", chat, len(idk)), nil)
			}
			return history.Put(historyKey(string(chat), binary.BigEndian.Uint64(idk)), []byte{})
		})
	})
	if err != nil {
		return err
	}
	if err := tx.DeleteBucket(bChatsV1); err != nil {
		return err
	}
	if err := tx.DeleteBucket(bMovesV1); err != nil {
		return err
	}
	return meta.Put(kSchema, []byte(strconv.Itoa(store.SchemaVersion)))
}

// Migrated tells whether Open migrated the file from an older schema, and
// where it copied the file first.
func (s *Store) Migrated() (from int, copyPath string) {
	return s.migratedFrom, s.migrationCopy
}
