package render

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// AtOnce runs check(i) for every i below n on each of g goroutines at
// once, each in an order of its own, and reports the first error of each
// goroutine. (Exported for the tests of package render_test too.)
func AtOnce(t testing.TB, g, n int, check func(i int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, g)
	for k := 0; k < g; k++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			for _, i := range rand.New(rand.NewPCG(seed, 1)).Perm(n) {
				if err := check(i); err != nil {
					errs <- err
					return
				}
			}
		}(uint64(k))
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
