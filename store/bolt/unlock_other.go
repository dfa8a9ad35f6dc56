//go:build !unix

package bolt

import "os"

// release closes f after bbolt panicked half-way through opening it.
func release(f *os.File) {
	_ = f.Close()
}
