package wal

import (
	"errors"
	"os"
)

// FS is what the log needs of the file system. The log's tests put faults
// behind it (a torn write, a failed sync); OS is the real one.
type FS interface {
	// OpenFile opens name for reading and writing, creating it (mode
	// 0600) when missing.
	OpenFile(name string) (File, error)
	// ReadFile reads a whole file; a missing one is fs.ErrNotExist.
	ReadFile(name string) ([]byte, error)
	// SyncDir makes the creation of a file in dir durable.
	SyncDir(dir string) error
}

// File is one open log file.
type File interface {
	WriteAt(b []byte, off int64) (int, error)
	// Sync makes the bytes written durable (their data, not the file's
	// times: fdatasync).
	Sync() error
	Size() (int64, error)
	Close() error
	Name() string
}

// OS is the operating system's file system.
var OS FS = osFS{}

type osFS struct{}

func (osFS) OpenFile(name string) (File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}

func (osFS) ReadFile(name string) ([]byte, error) { return os.ReadFile(name) }

func (osFS) SyncDir(dir string) error { return SyncDir(dir) }

// SyncDir makes a file created or renamed in dir durable: without it, a
// file whose directory entry vanished in a crash takes what it holds with
// it.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		// ErrInvalid: a file system that cannot sync a directory, and
		// keeps its entries some other way.
		return err
	}
	return nil
}

type osFile struct{ *os.File }

func (f osFile) Sync() error { return fdatasync(f.File) }

func (f osFile) Size() (int64, error) {
	fi, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}
