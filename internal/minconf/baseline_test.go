package minconf

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// qs4Greedy is the baseline for BenchmarkSolve: the greedy phase of QS4
// as Sosic and Gu describe it and the public programs implement it — a
// Fisher–Yates shuffle, then for each row a random candidate from the
// unplaced columns (random position j in perm[i:]) tested against int32
// counters of both diagonal directions. Like greedy it gives up on a row
// after scanLimit candidates and leaves it with conflicts (QS4 instead
// stops the greedy phase c rows before the end; without a cap the last
// rows took 2 µs a queen at N = 10^6). None of the repair is done, so its
// time is a lower bound for a whole QS4 search. Memory: 4 bytes for perm
// and 16 for the counters per queen.
func qs4Greedy(n int, rng *rand.Rand) (leftover int, tries uint64) {
	perm := make([]int32, n)
	for i := range perm {
		perm[i] = int32(i)
	}
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		perm[i], perm[j] = perm[j], perm[i]
	}
	down := make([]int32, 2*n)
	up := make([]int32, 2*n)
	for i := 0; i < n; i++ {
		j := i
		for t := 0; t < scanLimit; t++ {
			tries++
			k := i + rng.IntN(n-i)
			q := int(perm[k])
			if down[i-q+n-1] == 0 && up[i+q] == 0 {
				j = k
				break
			}
		}
		perm[i], perm[j] = perm[j], perm[i]
		q := int(perm[i])
		if down[i-q+n-1] != 0 || up[i+q] != 0 {
			leftover++
		}
		down[i-q+n-1]++
		up[i+q]++
	}
	return leftover, tries
}

func BenchmarkQS4Baseline(b *testing.B) {
	for _, n := range []int{1_000_000, 10_000_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			rng := rand.New(rand.NewPCG(1, 2))
			var left int
			var tries uint64
			for b.Loop() {
				left, tries = qs4Greedy(n, rng)
				sink += int32(left)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/queen")
			b.ReportMetric(float64(tries)/float64(n), "tries/queen")
			b.ReportMetric(float64(left), "leftover")
		})
	}
}
