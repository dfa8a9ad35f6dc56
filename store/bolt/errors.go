package bolt

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tablee/tablee/store"
)

// Kinds of failure, for errors.Is. The errors returned carry a full sentence
// naming the data file; these sentinels only classify them.
var (
	// ErrLocked: another process (or another Open in this one) holds the file.
	ErrLocked = errors.New("store/bolt: data file locked")
	// ErrSchema: the file was written by a newer tablee (a later
	// store.SchemaVersion), or names a version that never existed.
	ErrSchema = errors.New("store/bolt: data file of another schema version")
	// ErrCorrupt: not a bbolt file, an empty or cut file, a damaged page, a
	// fault or a panic reading the memory map, a record that does not
	// decode, or indexes that disagree. Every ErrCorrupt error is also a
	// store.ErrDamaged, which is what callers outside this package test:
	// ErrCorrupt stays for the callers that already used it.
	ErrCorrupt = errors.New("store/bolt: data file corrupt")
	// ErrDiskFailed: the disk or the file system under the data file
	// failed (an input/output error, read or met as a fault on the memory
	// map): not damage found in the file (diskfault.go).
	ErrDiskFailed = store.ErrDiskFailed
	// ErrMoveSeq, ErrChatBusy, ErrBadTable: the refusals of a Save every
	// store gives (store.ErrMoveSeq...), under the names this package
	// has always exported.
	ErrMoveSeq  = store.ErrMoveSeq
	ErrChatBusy = store.ErrChatBusy
	ErrBadTable = store.ErrBadTable
)

// fileError is a sentence for people plus a kind and a cause for errors.Is
// and errors.As.
type fileError struct {
	kind   error
	msg    string
	cause  error
	damage string // for damage: what is damaged, without the way out
}

func (e *fileError) Error() string { return e.msg }

func (e *fileError) Unwrap() []error {
	kinds := []error{e.kind}
	if e.kind == ErrCorrupt {
		kinds = append(kinds, store.ErrDamaged)
	}
	if e.cause != nil {
		kinds = append(kinds, e.cause)
	}
	return kinds
}

func (s *Store) damaged(what string, cause error) error {
	return damagedErrorWith(s.path, what, cause, s.pendingSaves())
}

// fault words a panic or a memory fault met reading the file (faultError).
func (s *Store) fault(what string, p any) error {
	return faultError(s.path, what, p, s.pendingSaves())
}

// damagedError says the file at path is damaged, what is, and the way
// out: which backup to restore and how. The saves its journal may hold
// are told from the files' times (pendingGuess).
func damagedError(path, what string, cause error) error {
	return damagedErrorWith(path, what, cause, pendingGuess(path))
}

// damagedErrorWith is damagedError knowing how many saves the journal holds
// that the file does not (or PendingUnknown). A cause that is the disk's
// input/output error is not damage: it is worded as the disk's failure.
func damagedErrorWith(path, what string, cause error, pending int) error {
	if cause != nil && isDiskError(cause) {
		return diskFailedError(path, fmt.Sprintf("%s: %v", what, pathCause(cause)), cause, pending)
	}
	damage := what
	if cause != nil {
		damage += ": " + cause.Error()
	}
	msg := fmt.Sprintf("store/bolt: %s is damaged: %s. %s", path, damage, WayOut(path, time.Now(), pending))
	return &fileError{kind: ErrCorrupt, msg: msg, cause: cause, damage: damage}
}

// WayOut is what to do with the damaged data file at path, naming its
// newest automatic backup: what every damage error ends with, and what
// `tablee check` prints for a damaged file. pending is how many saves its
// journal holds that the file does not (PendingUnknown: it may hold some):
// then the file is not to be moved aside, since a restart writes them
// into it, and a backup would lose them.
func WayOut(path string, now time.Time, pending int) string {
	var b strings.Builder
	backups, listErr := Backups(path)
	b.WriteString(backupsSay(path, now, backups, listErr))
	b.WriteString(" ")
	switch {
	case pending != 0:
		b.WriteString(journalSays(path, pending))
		fmt.Fprintf(&b, "Way out: stop tablee; make sure the disk is healthy (the system's log, dmesg); "+
			"start tablee again on the same file, which writes the journal's saves into the file when it opens it, "+
			"or run `tablee check %s`: keep the file and its journal as they are until then. "+
			"If tablee still says the file is damaged, copy the file and its journal files (%s*) somewhere safe "+
			"before you put a backup in its place (what was played since the backup is lost)", path, path)
	case len(backups) > 0:
		newest := backups[0]
		fmt.Fprintf(&b, "Way out: stop tablee; run `tablee check %s` to see what is damaged; "+
			"check the backup with `tablee check %s`, move the damaged file aside, copy the backup to %s "+
			"and start tablee again (what was played since the backup is lost)",
			path, newest.Path, path)
	case listErr != nil:
		fmt.Fprintf(&b, "Way out: stop tablee; run `tablee check %s` to see what is damaged; "+
			"find out why %s cannot be listed (a disk that fails says so in the system's log, dmesg: "+
			"then the file may be whole, and a restart on a healthy disk is the way out); "+
			"then check the newest backup with tablee check, move the damaged file aside, copy the backup to %s "+
			"and start tablee again", path, BackupDir(path), path)
	default:
		fmt.Fprintf(&b, "Way out: stop tablee; run `tablee check %s` to see what is damaged; "+
			"move the damaged file aside and put a copy of your own in its place", path)
	}
	b.WriteString(" (docs/persistence.md, \"A damaged data file\")")
	return b.String()
}

// Ago writes a duration the way a person says how long ago: "40s", "12m",
// "3h", "2d 5h".
func Ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", max(int(d/time.Second), 0))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d/time.Minute))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh", int(d/time.Hour))
	}
	days, hours := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour)
	if hours == 0 || days >= 10 {
		return fmt.Sprintf("%dd", days)
	}
	return fmt.Sprintf("%dd %dh", days, hours)
}

// lockedError says another process holds the file.
func lockedError(path string, waited time.Duration, cause error) error {
	return &fileError{
		kind:  ErrLocked,
		msg:   fmt.Sprintf("store/bolt: %s is locked by another tablee process (waited %s)", path, waited),
		cause: cause,
	}
}

// wrap names the file in any other error, leaving errors already worded
// (and store.ErrNotFound, which callers compare) untouched. Damage found in
// a move log is worded here, with the way out.
func (s *Store) wrap(what string, err error) error {
	var fe *fileError
	if err == nil || err == store.ErrNotFound || errors.As(err, &fe) {
		return err
	}
	var le *logError
	if errors.As(err, &le) {
		return s.damaged(le.Error(), nil)
	}
	return fmt.Errorf("store/bolt: %s: %s: %w", s.path, what, err)
}

// panicCause words what bbolt did on a damaged page: a memory fault (made
// a panic by debug.SetPanicOnFault) or one of its own panics.
func panicCause(p any) error {
	if e, ok := p.(interface{ Addr() uintptr }); ok {
		return fmt.Errorf("reading its memory map faulted at address %#x", e.Addr())
	}
	return fmt.Errorf("bbolt panicked: %v", p)
}
