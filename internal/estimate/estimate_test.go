package estimate

import "testing"

func TestPermutationNodes(t *testing.T) {
	// Count(12, Permutation) visits 1,302,061,344 nodes (README).
	for n, want := range map[int]float64{1: 1, 3: 15, 12: 1302061344} {
		if got := PermutationNodes(n); got != want {
			t.Errorf("PermutationNodes(%d) = %.0f; want %.0f", n, got, want)
		}
	}
}
