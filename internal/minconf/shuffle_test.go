package minconf

import (
	"math/rand/v2"
	"testing"
)

// TestShuffle checks that shuffle gives a permutation for sizes around
// powers of two (where the share of values ≥ N discarded is largest or
// nil) and that it is spread: few steps repeat the step before them, as
// they would in arithmetic runs, and the two halves mix.
func TestShuffle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 2, 4, 5, 7, 8, 9, 1000, 1023, 1024, 1025, 65537, 1 << 20} {
		perm := make([]int32, n)
		shuffle(perm, rng)
		seen := make([]bool, n)
		for _, x := range perm {
			if x < 0 || int(x) >= n || seen[x] {
				t.Fatalf("n = %d: shuffle gave %d twice or out of range", n, x)
			}
			seen[x] = true
		}
		if n < 1000 {
			continue
		}
		runs, low := 0, 0
		for k := 2; k < n; k++ {
			if perm[k]-perm[k-1] == perm[k-1]-perm[k-2] {
				runs++
			}
		}
		for _, x := range perm[:n/2] {
			if int(x) < n/2 {
				low++
			}
		}
		if runs > n/100 {
			t.Errorf("n = %d: %d repeated steps", n, runs)
		}
		if d := low - n/4; d*d > n { // ±2 standard deviations and then some
			t.Errorf("n = %d: %d of the first half are below n/2, want about %d", n, low, n/4)
		}
	}
}
