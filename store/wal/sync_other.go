//go:build !linux

package wal

import "os"

// fdatasync makes the written bytes of f durable (fsync where the system
// has no fdatasync).
func fdatasync(f *os.File) error { return f.Sync() }
