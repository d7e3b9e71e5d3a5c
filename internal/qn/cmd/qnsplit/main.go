// Command qnsplit measures, for each board N and each number d of rows
// drawn near qn.SplitDepth(N), the relative variance of one sample
// of the estimator of Q(N) (qn.Samples, seed 1) and its mean nodes:
// the figures behind estimate.SplitNodes (docs/SCALING.md). The best
// depth has the least relvar·(nodes+100), the variance per node searched
// plus a sample's fixed cost. Node counts, not times: the figures are
// the same on any machine.
//
// Usage:
//
//	go run ./internal/qn/cmd/qnsplit [-n A-B] [-nodes X] [-min K] [-max K]
//
// For each N of A..B (14-21 by default; about 15 minutes on one core)
// it prints the SplitDepth, then one line per depth from SplitDepth−3
// until a sample's search takes under 2,000 nodes: the samples k drawn
// (until their nodes pass -nodes, 3·10^8, with at least -min, 300, and
// at most -max, 2·10^6), their mean, relative variance and nodes a
// sample. Bad flags: a line on stderr, exit 2.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/nqueens/nqueens/internal/qn"
	"github.com/nqueens/nqueens/internal/qn/cmd/internal/nrange"
)

func main() {
	var (
		boards   = flag.String("n", "14-21", "the boards `A-B` (or one, A), 4 ≤ A ≤ B ≤ 32")
		maxNodes = flag.Float64("nodes", 3e8, "stop a depth's samples once their nodes pass this (and -min are drawn)")
		minK     = flag.Int("min", 300, "the fewest samples of a depth")
		maxK     = flag.Int("max", 2000000, "the most samples of a depth")
	)
	flag.Parse()
	lo, hi, err := nrange.Parse(*boards, 4, 32)
	if err == nil && (flag.NArg() > 0 || *minK < 2 || *maxK < *minK || *maxNodes < 0) {
		err = fmt.Errorf("want no arguments, 2 ≤ -min ≤ -max and -nodes ≥ 0")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "qnsplit:", err)
		os.Exit(2)
	}
	for n := lo; n <= hi; n++ {
		sd := qn.SplitDepth(n)
		fmt.Printf("n=%d SplitDepth=%d\n", n, sd)
		for d := max(1, sd-3); d <= n-4; d++ {
			var sum, sumsq float64
			var nodes uint64
			k := 0
			for x, nd := range qn.Samples(n, d, 1) {
				sum += x
				sumsq += x * x
				nodes += nd + uint64(d)
				k++
				if float64(nodes) > *maxNodes && k >= *minK || k >= *maxK {
					break
				}
			}
			m := sum / float64(k)
			v := (sumsq/float64(k) - m*m) / (m * m)
			c := float64(nodes) / float64(k)
			fmt.Printf("  d=%2d k=%7d mean=%.4g relvar=%.4g nodes/sample=%.4g relvar*(nodes+100)=%.4g\n", d, k, m, v, c, v*(c+100))
			if c < 2000 {
				break
			}
		}
	}
}
