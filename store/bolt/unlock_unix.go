//go:build unix

package bolt

import (
	"os"
	"syscall"
)

// release drops the lock bbolt took on f and closes it, after bbolt panicked
// half-way through opening it. Closing alone is not enough: bbolt's memory
// map of the file keeps the open file, and so its flock, alive.
func release(f *os.File) {
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	_ = f.Close()
}
