package classic

import (
	"math"
	"math/rand/v2"
	"testing"
)

// meanSE returns the mean of xs and its standard error.
func meanSE(xs []float64) (mean, se float64) {
	var sum, sumsq float64
	for _, x := range xs {
		sum += x
		sumsq += x * x
	}
	k := float64(len(xs))
	mean = sum / k
	v := (sumsq/k - mean*mean) * k / (k - 1)
	return mean, math.Sqrt(max(v, 0) / k)
}

// TestProbeUnbiased: the mean of many probes is the exact Stats.Nodes
// and Stats.Solutions of each method's whole search, within four
// standard errors and 3% (the seeds are fixed, so the test is
// deterministic; a biased descent, such as one that always takes the
// lowest free square, is off by far more).
func TestProbeUnbiased(t *testing.T) {
	const probes = 40000
	for _, method := range []string{"bitboard", "arrays", "matrix", "permutation"} {
		for _, n := range []int{4, 6, 8, 10} {
			s := Search{N: n}
			if err := Methods[method](&s); err != nil {
				t.Fatal(err)
			}
			rnd := rand.New(rand.NewPCG(uint64(n), 7))
			nodes, sols := make([]float64, probes), make([]float64, probes)
			for i := range probes {
				nodes[i], sols[i] = Probe(method, n, rnd)
			}
			for _, f := range []struct {
				what  string
				xs    []float64
				exact uint64
			}{{"nodes", nodes, s.Stats.Nodes}, {"solutions", sols, s.Stats.Solutions}} {
				mean, se := meanSE(f.xs)
				exact := float64(f.exact)
				if d := math.Abs(mean - exact); d > 4*se || d > 0.03*exact {
					t.Errorf("%s n=%d: mean %s of %d probes = %.1f ± %.1f; exact %d", method, n, f.what, probes, mean, se, f.exact)
				}
			}
		}
	}
}

// TestProbeEdges: boards with no search to speak of.
func TestProbeEdges(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	tests := []struct {
		method     string
		n          int
		nodes, sol float64
	}{
		{"bitboard", 0, 0, 1}, // the empty board is one solution, no queen placed
		{"bitboard", 1, 1, 1},
		{"permutation", 0, 0, 1},
		{"permutation", 3, 15, 0}, // 3 + 6 + 6 partial permutations, no solution
	}
	for _, tt := range tests {
		for range 50 {
			nodes, sol := Probe(tt.method, tt.n, rnd)
			if sol != tt.sol || (tt.method == "permutation" || tt.n < 2) && nodes != tt.nodes {
				t.Fatalf("Probe(%s, %d) = %v, %v; want %v, %v", tt.method, tt.n, nodes, sol, tt.nodes, tt.sol)
			}
		}
	}
	// N = 64: finite, positive, and no shift out of range.
	nodes, _ := Probe("bitboard", 64, rnd)
	if !(nodes > 64) || math.IsInf(nodes, 0) {
		t.Errorf("Probe(bitboard, 64) nodes = %v; want a finite figure above 64", nodes)
	}
	if got := PermutationNodes(8); got != 109600 {
		t.Errorf("PermutationNodes(8) = %v; want 109600", got)
	}
}
