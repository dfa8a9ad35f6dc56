package bolt

import (
	"errors"
	"fmt"

	"github.com/tablee/tablee/store"
)

// Kinds of failure, for errors.Is. The errors returned carry a full sentence
// naming the data file; these sentinels only classify them.
var (
	// ErrLocked: another process (or another Open in this one) holds the file.
	ErrLocked = errors.New("store/bolt: data file locked")
	// ErrSchema: the file was written with another store.SchemaVersion.
	ErrSchema = errors.New("store/bolt: data file of another schema version")
	// ErrCorrupt: not a bbolt file, a bad checksum, a damaged page, a record
	// that does not decode, or indexes that disagree.
	ErrCorrupt = errors.New("store/bolt: data file corrupt")
	// ErrMoveSeq: a Save whose move is not exactly the next of its table's
	// log; nothing was written.
	ErrMoveSeq = errors.New("store/bolt: move out of sequence")
	// ErrChatBusy: a Save of an unfinished table for a chat that already has
	// another unfinished table; nothing was written.
	ErrChatBusy = errors.New("store/bolt: chat already has an open table")
	// ErrBadTable: a Save of a table whose id was never given by NewTableID,
	// or without a chat; nothing was written.
	ErrBadTable = errors.New("store/bolt: invalid table")
)

// fileError is a sentence for people plus a kind and a cause for errors.Is
// and errors.As.
type fileError struct {
	kind  error
	msg   string
	cause error
}

func (e *fileError) Error() string { return e.msg }

func (e *fileError) Unwrap() []error {
	if e.cause == nil {
		return []error{e.kind}
	}
	return []error{e.kind, e.cause}
}

func (s *Store) corrupt(what string, cause error) error {
	return corruptError(s.path, what, cause)
}

func corruptError(path, what string, cause error) error {
	msg := fmt.Sprintf("store/bolt: %s is corrupt: %s", path, what)
	if cause != nil {
		msg += ": " + cause.Error()
	}
	return &fileError{kind: ErrCorrupt, msg: msg, cause: cause}
}

// wrap names the file in any other error, leaving errors already worded
// (and store.ErrNotFound, which callers compare) untouched.
func (s *Store) wrap(what string, err error) error {
	var fe *fileError
	if err == nil || err == store.ErrNotFound || errors.As(err, &fe) {
		return err
	}
	return fmt.Errorf("store/bolt: %s: %s: %w", s.path, what, err)
}
