package classic

import (
	"math/bits"
	"math/rand/v2"
)

// Probe estimates the size of a method's search on the n×n board by one
// random descent (Knuth, "Estimating the efficiency of backtrack
// programs", Math. Comp. 29, 1975). The descent places a queen row by
// row on a free square drawn uniformly, as Bitboard would visit it; the
// product of the numbers of free squares met so far estimates the
// number of nodes at each depth, and the product at depth n the number
// of solutions. The expected value over descents of each figure is the
// exact figure, Stats.Nodes and Stats.Solutions of a whole search.
//
// Bitboard, Arrays and Matrix place the same queens (TestSameTree), so
// their Nodes are the non-attacking placements the descent samples.
// Permutation places a queen on every free column whatever the
// diagonals: its nodes are the partial permutations, counted exactly
// (PermutationNodes); its solutions are estimated as for the others.
// An unknown method name is treated as Bitboard. Probe does not check n
// (0..MaxN).
func Probe(method string, n int, rnd *rand.Rand) (nodes, solutions float64) {
	var full uint64 = 1<<uint(n) - 1
	if n == 64 {
		full = ^uint64(0)
	}
	var cols, left, right uint64
	w := 1.0
	for r := 0; r < n; r++ {
		free := full &^ (cols | left | right)
		k := bits.OnesCount64(free)
		if k == 0 {
			w = 0
			break
		}
		w *= float64(k)
		nodes += w
		// The j-th free square, j uniform in 0..k-1.
		for j := rnd.IntN(k); j > 0; j-- {
			free &= free - 1
		}
		bit := free & -free
		cols, left, right = cols|bit, (left|bit)<<1&full, (right|bit)>>1
	}
	if method == "permutation" {
		nodes = PermutationNodes(n)
	}
	return nodes, w
}

// PermutationNodes is Stats.Nodes of Permutation on the n×n board: the
// partial permutations of 1..n columns, n + n(n−1) + … + n!.
func PermutationNodes(n int) float64 {
	sum, term := 0.0, 1.0
	for k := 0; k < n; k++ {
		term *= float64(n - k)
		sum += term
	}
	return sum
}
