package estimate

import (
	"os"
	"testing"
)

// TestSplitVariance prints, with NQUEENS_SPLIT=1, the relative variance
// of a sample and its mean nodes at each depth, to choose SplitNodes
// (node counts, not times; N = 14..21 take about 15 minutes).
func TestSplitVariance(t *testing.T) {
	if os.Getenv("NQUEENS_SPLIT") == "" {
		t.Skip("NQUEENS_SPLIT not set")
	}
	for n := 14; n <= 21; n++ {
		t.Logf("n=%d SplitDepth=%d", n, SplitDepth(n))
		for d := max(1, SplitDepth(n)-3); d <= n-4; d++ {
			var s qnSampler
			s.init(n, d, 1, nil)
			var acc sampleSums
			var nodes uint64
			k := 0
			for i := uint64(0); ; i++ {
				x, nd := s.sample(i)
				acc.add(x)
				nodes += nd + uint64(d)
				k++
				if nodes > 3e8 && k >= 300 || k >= 2000000 {
					break
				}
			}
			m := acc.sum / float64(k)
			v := (acc.sumsq/float64(k) - m*m) / (m * m)
			c := float64(nodes) / float64(k)
			t.Logf("  d=%2d k=%7d mean=%.4g relvar=%.4g nodes/sample=%.4g relvar*(nodes+100)=%.4g", d, k, m, v, c, v*(c+100))
			if c < 2000 {
				break
			}
		}
	}
}
