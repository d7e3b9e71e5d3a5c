package estimate

import (
	"math"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"github.com/nqueens/nqueens/internal/oeis"
)

// TestIntervalCoverage prints, with NQUEENS_COVERAGE=R (runs; K=samples
// a run in NQUEENS_COVERAGE_K, 10000 by default), how often the 95%
// interval of R runs of seeds 1..R at N = 16 (SplitDepth) covers Q(16),
// for the normal interval Solutions returns and for Johnson's
// skewness-corrected one (N. J. Johnson, JASA 73, 1978: the centre
// moved up by μ3/(6·s²·k), μ3 the samples' third central moment). The
// misses are counted by side: "below" is an interval whose high end is
// under Q. Sample counts, not times: the figures do not depend on the
// machine.
func TestIntervalCoverage(t *testing.T) {
	runs, _ := strconv.Atoi(os.Getenv("NQUEENS_COVERAGE"))
	if runs <= 0 {
		t.Skip("NQUEENS_COVERAGE not set")
	}
	k := 10000
	if s := os.Getenv("NQUEENS_COVERAGE_K"); s != "" {
		k, _ = strconv.Atoi(s)
	}
	const n = 16
	q := float64(oeis.MustLoad(t, "a000170")[n].Uint64())
	d := SplitDepth(n)
	type tally struct{ cover, below, above int }
	var (
		mu             sync.Mutex
		normal, skewed tally
		skewSum        float64
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
				mu.Unlock()
			}
		})
	}
	for r := range runs {
		next <- r
	}
	close(next)
	wg.Wait()
	t.Logf("N = %d, depth %d, %d runs of %d samples, seeds 1..%d; mean skewness of a sample %.1f", n, d, runs, k, runs, skewSum/float64(runs))
	for _, c := range []struct {
		name string
		tl   tally
	}{{"normal", normal}, {"Johnson", skewed}} {
		t.Logf("%-8s covers %d (%.1f%%), below Q %d, above Q %d", c.name, c.tl.cover, 100*float64(c.tl.cover)/float64(runs), c.tl.below, c.tl.above)
	}
}
