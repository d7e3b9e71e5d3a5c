package estimate

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"github.com/nqueens/nqueens/internal/oeis"
)

// TestIntervalCoverage prints, with NQUEENS_COVERAGE=R (runs per N; K
// samples a run in NQUEENS_COVERAGE_K, 10000 by default; the boards in
// NQUEENS_COVERAGE_N, A or A-B, 16 by default), how often the 95%
// interval of R runs of seeds 1..R (SplitDepth rows drawn) covers Q(N),
// for the normal interval Solutions returns and for Johnson's
// skewness-corrected one (N. J. Johnson, JASA 73, 1978: the centre
// moved up by μ3/(6·s²·k), μ3 the samples' third central moment), and
// the mean and standard deviation of the standardized errors
// z = (mean − Q)/StdErr (0 and 1 when the interval is right). The
// misses are counted by side: "below" is an interval whose high end is
// under Q. Sample counts, not times: the figures do not depend on the
// machine. The runs of one seed at two N are independent (runKey).
func TestIntervalCoverage(t *testing.T) {
	runs, _ := strconv.Atoi(os.Getenv("NQUEENS_COVERAGE"))
	if runs <= 0 {
		t.Skip("NQUEENS_COVERAGE not set")
	}
	k := 10000
	if s := os.Getenv("NQUEENS_COVERAGE_K"); s != "" {
		k, _ = strconv.Atoi(s)
	}
	nlo, nhi := 16, 16
	if s := os.Getenv("NQUEENS_COVERAGE_N"); s != "" {
		if _, err := fmt.Sscanf(s, "%d-%d", &nlo, &nhi); err != nil {
			if _, err := fmt.Sscanf(s, "%d", &nlo); err != nil {
				t.Fatalf("NQUEENS_COVERAGE_N=%q: want A or A-B", s)
			}
			nhi = nlo
		}
	}
	if k < 2 || nlo < 11 || nhi > 27 || nlo > nhi {
		t.Fatalf("K = %d, N = %d..%d: want K ≥ 2 and 11 ≤ N ≤ 27", k, nlo, nhi)
	}
	type tally struct{ cover, below, above int }
	var all tally
	var zAll, zzAll float64
	for n := nlo; n <= nhi; n++ {
		q := float64(oeis.MustLoad(t, "a000170")[n].Uint64())
		d := SplitDepth(n)
		var (
			mu             sync.Mutex
			normal, skewed tally
			skewSum        float64
			zSum, zzSum    float64
			wg             sync.WaitGroup
			next           = make(chan int)
		)
		count := func(tl *tally, lo, hi float64) {
			switch {
			case hi < q:
				tl.below++
			case lo > q:
				tl.above++
			default:
				tl.cover++
			}
		}
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				var s qnSampler
				xs := make([]float64, k)
				for r := range next {
					s.init(n, d, uint64(r+1), nil)
					sum := 0.0
					for i := range xs {
						xs[i], _ = s.sample(uint64(i))
						sum += xs[i]
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
					mu.Lock()
					count(&normal, m-z95*se, m+z95*se)
					count(&skewed, m+shift-z95*se, m+shift+z95*se)
					skewSum += mu3 / math.Pow(v, 1.5)
					z := (m - q) / se
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
		t.Logf("N = %d, depth %d, %d runs of %d samples, seeds 1..%d; mean skewness of a sample %.1f; z mean %.3f, SD %.3f",
			n, d, runs, k, runs, skewSum/float64(runs), zm, math.Sqrt(zzSum/float64(runs)-zm*zm))
		for _, c := range []struct {
			name string
			tl   tally
		}{{"normal", normal}, {"Johnson", skewed}} {
			t.Logf("  %-8s covers %d (%.1f%%), below Q %d, above Q %d", c.name, c.tl.cover, 100*float64(c.tl.cover)/float64(runs), c.tl.below, c.tl.above)
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
	t.Logf("in all, normal: %d of %d cover (%.2f%%; Wilson 95%% interval %.2f%% to %.2f%%), below Q %d, above Q %d; z mean %.3f, SD %.3f",
		all.cover, total, 100*float64(all.cover)/float64(total), 100*lo, 100*hi, all.below, all.above, zm, math.Sqrt(zzAll/float64(total)-zm*zm))
}

// wilson returns Wilson's 95% interval of a binomial proportion: c
// successes in k trials.
func wilson(c, k int) (lo, hi float64) {
	p, n, z := float64(c)/float64(k), float64(k), z95
	mid := (p + z*z/(2*n)) / (1 + z*z/n)
	hw := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / (1 + z*z/n)
	return mid - hw, mid + hw
}
