package bolt

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/storetest"
)

// The store contract's suite (store/storetest), on a real bbolt file.
func TestContract(t *testing.T) {
	storetest.Run(t, storetest.Opener{
		Open: func(t *testing.T) store.Store {
			st, err := Open(filepath.Join(t.TempDir(), "tablee.db"), Options{Timeout: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		},
		Reopen: func(t *testing.T, st store.Store) store.Store {
			path := st.(*Store).Path()
			st.Close()
			again, err := Open(path, Options{Timeout: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { again.Close() })
			return again
		},
	})
}
