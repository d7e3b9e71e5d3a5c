// Command qncover measures how often the 95% interval of estimate's
// Solutions covers Q(N): for R runs of K samples each (seeds 1..R,
// qn.SplitDepth(N) rows drawn, qn.Samples), the normal
// interval Solutions returns and Johnson's skewness-corrected one (N. J.
// Johnson, JASA 73, 1978: the centre moved up by μ3/(6·s²·K), μ3 the
// samples' third central moment), with the mean and standard deviation
// of the standardized errors z = (mean − Q)/StdErr (0 and 1 when the
// interval is right). The misses are counted by side: "below" is an
// interval whose high end is under Q. Sample counts, not times: the
// figures are the same on any machine. The runs of one seed at two N
// are independent. docs/SCALING.md quotes what it printed.
//
// Usage:
//
//	go run ./internal/qn/cmd/qncover -runs R [-k K] [-n A-B]
//
// K is 10000 by default, the boards 16 (11 ≤ A ≤ B ≤ 27, whose Q(N)
// A000170 holds). It prints per N a line of the runs and of the
// z-scores and one line per interval (covers, below Q, above Q), then
// the normal interval's coverage over all N with Wilson's 95% interval
// of that proportion. The runs go on GOMAXPROCS goroutines. Run it in
// the repository: it reads Q(N) from testdata/a000170.txt. Bad flags: a
// line on stderr, exit 2; no testdata, exit 3.
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"sync"

	"github.com/nqueens/nqueens/internal/oeis"
	"github.com/nqueens/nqueens/internal/qn"
	"github.com/nqueens/nqueens/internal/qn/cmd/internal/nrange"
)

func main() {
	var (
		runs   = flag.Int("runs", 0, "the runs `R` a board (seeds 1..R), 1 ≤ R ≤ 10^6")
		k      = flag.Int("k", 10000, "the samples `K` a run, 2 ≤ K ≤ 10^8")
		boards = flag.String("n", "16", "the boards `A-B` (or one, A), 11 ≤ A ≤ B ≤ 27")
	)
	flag.Parse()
	lo, hi, err := nrange.Parse(*boards, 11, 27)
	if err == nil && (flag.NArg() > 0 || *runs < 1 || *runs > 1e6 || *k < 2 || *k > 1e8) {
		err = fmt.Errorf("want no arguments, 1 ≤ -runs ≤ 10^6 and 2 ≤ -k ≤ 10^8")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "qncover:", err)
		os.Exit(2)
	}
	q, err := oeis.Load("a000170")
	if err != nil {
		fmt.Fprintln(os.Stderr, "qncover:", err)
		os.Exit(3)
	}
	cover(oeis.Uint64s(q), lo, hi, *runs, *k)
}

// A tally counts the intervals that cover Q, and the misses by side.
type tally struct{ cover, below, above int }

func (tl *tally) add(q, lo, hi float64) {
	switch {
	case hi < q:
		tl.below++
	case lo > q:
		tl.above++
	default:
		tl.cover++
	}
}

// cover prints the coverage of runs runs of k samples at each n of
// nlo..nhi, Q(n) = q[n].
func cover(q map[int]uint64, nlo, nhi, runs, k int) {
	var all tally
	var zAll, zzAll float64
	for n := nlo; n <= nhi; n++ {
		want := float64(q[n])
		d := qn.SplitDepth(n)
		var (
			mu             sync.Mutex
			normal, skewed tally
			skewSum        float64
			zSum, zzSum    float64
			wg             sync.WaitGroup
			next           = make(chan int)
		)
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				xs := make([]float64, 0, k)
				for r := range next {
					xs = xs[:0]
					sum := 0.0
					for x := range qn.Samples(n, d, uint64(r+1)) {
						xs = append(xs, x)
						sum += x
						if len(xs) == k {
							break
						}
					}
					m := sum / float64(k)
					var m2, m3 float64
					for _, x := range xs {
						dx := x - m
						m2 += dx * dx
						m3 += dx * dx * dx
					}
					v := m2 / float64(k-1)
					mu3 := m3 / float64(k)
					se := math.Sqrt(v / float64(k))
					shift := mu3 / (6 * v * float64(k))
					z := (m - want) / se
					mu.Lock()
					normal.add(want, m-qn.Z95*se, m+qn.Z95*se)
					skewed.add(want, m+shift-qn.Z95*se, m+shift+qn.Z95*se)
					skewSum += mu3 / math.Pow(v, 1.5)
					zSum += z
					zzSum += z * z
					mu.Unlock()
				}
			})
		}
		for r := range runs {
			next <- r
		}
		close(next)
		wg.Wait()
		zm := zSum / float64(runs)
		fmt.Printf("N = %d, depth %d, %d runs of %d samples, seeds 1..%d; mean skewness of a sample %.1f; z mean %.3f, SD %.3f\n",
			n, d, runs, k, runs, skewSum/float64(runs), zm, math.Sqrt(zzSum/float64(runs)-zm*zm))
		for _, c := range []struct {
			name string
			tl   tally
		}{{"normal", normal}, {"Johnson", skewed}} {
			fmt.Printf("  %-8s covers %d (%.1f%%), below Q %d, above Q %d\n", c.name, c.tl.cover, 100*float64(c.tl.cover)/float64(runs), c.tl.below, c.tl.above)
		}
		all.cover += normal.cover
		all.below += normal.below
		all.above += normal.above
		zAll += zSum
		zzAll += zzSum
	}
	total := runs * (nhi - nlo + 1)
	lo, hi := wilson(all.cover, total)
	zm := zAll / float64(total)
	fmt.Printf("in all, normal: %d of %d cover (%.2f%%; Wilson 95%% interval %.2f%% to %.2f%%), below Q %d, above Q %d; z mean %.3f, SD %.3f\n",
		all.cover, total, 100*float64(all.cover)/float64(total), 100*lo, 100*hi, all.below, all.above, zm, math.Sqrt(zzAll/float64(total)-zm*zm))
}

// wilson returns Wilson's 95% interval of a binomial proportion: c
// successes in k trials.
func wilson(c, k int) (lo, hi float64) {
	p, n, z := float64(c)/float64(k), float64(k), qn.Z95
	mid := (p + z*z/(2*n)) / (1 + z*z/n)
	hw := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / (1 + z*z/n)
	return mid - hw, mid + hw
}
