package qn

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sync"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/oeis"
)

// TestSolutionsExact: with no row drawn (Depth −1) and at the small N
// whose SplitDepth is 0, Solutions counts Q(N) exactly.
func TestSolutionsExact(t *testing.T) {
	want := oeis.MustLoad(t, "a000170")
	for n := 0; n <= 12; n++ {
		for _, depth := range []int{-1, 0} {
			if depth == 0 && SplitDepth(n) != 0 {
				continue
			}
			res, err := Solutions(context.Background(), n, SolutionOptions{Samples: 5, Depth: depth})
			if err != nil {
				t.Fatalf("Solutions(%d, Depth %d): %v", n, depth, err)
			}
			w := float64(want[n].Uint64())
			if res.Mean != w || res.Low != w || res.High != w || res.Samples != 1 || res.Depth != 0 {
				t.Errorf("Solutions(%d, Depth %d) = %+v; want Mean = Low = High = %.0f, 1 sample, depth 0", n, depth, res, w)
			}
		}
	}
}

// TestCompleterSplit sums the completer's counts below every placement
// of the first d rows: Q(N) at every split.
func TestCompleterSplit(t *testing.T) {
	want := oeis.MustLoad(t, "a000170")
	var c completer
	for n := 1; n <= 11; n++ {
		full := fullMask(n)
		for d := 0; d <= n; d++ {
			var sum uint64
			var walk func(r int, col, ld, rd uint64)
			walk = func(r int, col, ld, rd uint64) {
				if r == d {
					s, _ := c.count(full, col, ld, rd, n-d)
					sum += s
					return
				}
				for f := full &^ (col | ld | rd); f != 0; f &= f - 1 {
					bit := f & -f
					walk(r+1, col|bit, (ld|bit)<<1, (rd|bit)>>1)
				}
			}
			walk(0, 0, 0, 0)
			if w := want[n].Uint64(); sum != w {
				t.Errorf("N = %d, split after %d rows: %d solutions; want %d", n, d, sum, w)
			}
		}
	}
}

// TestSampleExpectation computes the estimator's expected value exactly
// (every descent, with its probability) at small N and every depth: it
// is Q(N), and not with the weight off by one.
func TestSampleExpectation(t *testing.T) {
	want := oeis.MustLoad(t, "a000170")
	var c completer
	expect := func(n, d int, weight func(int) float64) float64 {
		full := fullMask(n)
		var walk func(r int, p, w float64, col, ld, rd uint64) float64
		walk = func(r int, p, w float64, col, ld, rd uint64) float64 {
			if r == d {
				s, _ := c.count(full, col, ld, rd, n-d)
				return p * w * float64(s)
			}
			f := full &^ (col | ld | rd)
			k := bits.OnesCount64(f)
			e := 0.0
			for ; f != 0; f &= f - 1 {
				bit := f & -f
				e += walk(r+1, p/float64(k), w*weight(k), col|bit, (ld|bit)<<1, (rd|bit)>>1)
			}
			return e
		}
		return walk(0, 1, 1, 0, 0, 0)
	}
	exact := func(k int) float64 { return float64(k) }
	offByOne := func(k int) float64 { return float64(k + 1) }
	for n := 4; n <= 10; n++ {
		w := float64(want[n].Uint64())
		for d := 1; d < n; d++ {
			if got := expect(n, d, exact); math.Abs(got-w) > 1e-9*w {
				t.Errorf("N = %d, depth %d: expected sample %.6f; want Q = %.0f", n, d, got, w)
			}
			if got := expect(n, d, offByOne); math.Abs(got-w) <= 1e-9*w {
				t.Errorf("N = %d, depth %d, weight k+1: expected sample %.6f = Q; want it off", n, d, got)
			}
		}
	}
}

// minCoverage is the least share of checkEstimator's runs whose 95%
// interval must cover Q(N). Its 3,500 runs of 200 samples cover 94.3%
// (a sample's skew costs a little at 200 samples), and 89.6% with a 90%
// interval (z = 1.6449) reported as 95%: 92% is 6 standard errors of
// the coverage below the one and 4.7 above the other.
const minCoverage = 0.92

// checkEstimator runs runs estimates of runs seeds and samples samples
// each at N = 8..14, a descent of half the rows, and returns an error
// when the pooled mean is more than 4 standard errors from Q(N) at some
// N, or when the intervals cover Q(N) in fewer than minCoverage of the
// runs (95% expected). The seeds are fixed: the result does not change
// from run to run.
func checkEstimator(t *testing.T, weight func(int) float64, runs, samples int) error {
	want := oeis.MustLoad(t, "a000170")
	covered, total := 0, 0
	var errs []error
	for n := 8; n <= 14; n++ {
		q := float64(want[n].Uint64())
		var pool sampleSums
		for seed := range runs {
			res, err := Solutions(context.Background(), n, SolutionOptions{
				Samples: samples, Seed: uint64(seed + 1000*n), Depth: n / 2, weight: weight})
			if err != nil {
				return err
			}
			if res.Samples != samples || res.Depth != n/2 {
				return fmt.Errorf("N = %d: %d samples at depth %d; want %d at %d", n, res.Samples, res.Depth, samples, n/2)
			}
			// The pooled sums, from the mean and standard error.
			k := float64(res.Samples)
			sd2 := res.StdErr * res.StdErr * k
			pool.k += res.Samples
			pool.sum += res.Mean * k
			pool.sumsq += sd2*(k-1) + res.Mean*res.Mean*k
			total++
			if res.Low <= q && q <= res.High {
				covered++
			}
		}
		m := pool.sum / float64(pool.k)
		se := math.Sqrt((pool.sumsq/float64(pool.k) - m*m) / float64(pool.k-1))
		if math.Abs(m-q) > 4*se {
			errs = append(errs, fmt.Errorf("N = %d: pooled mean %.1f ± %.1f (%d samples); want Q = %.0f within 4 standard errors", n, m, se, pool.k, q))
		}
	}
	cov := float64(covered) / float64(total)
	t.Logf("coverage %d/%d = %.1f%%", covered, total, 100*cov)
	if cov < minCoverage {
		errs = append(errs, fmt.Errorf("the 95%% intervals cover Q(N) in %d of %d runs (%.1f%%); want at least %.1f%%", covered, total, 100*cov, 100*minCoverage))
	}
	return errors.Join(errs...)
}

// TestSolutionsUnbiased: the estimates' mean is Q(N) and the intervals
// cover it about 95% of the time (not 90%).
func TestSolutionsUnbiased(t *testing.T) {
	if err := checkEstimator(t, nil, 500, 200); err != nil {
		t.Error(err)
	}
}

// TestSolutionsBiasedFails: the same check rejects the estimator whose
// weight is off by one.
func TestSolutionsBiasedFails(t *testing.T) {
	if err := checkEstimator(t, func(k int) float64 { return float64(k + 1) }, 500, 200); err == nil {
		t.Error("the check passes an estimator whose weight is k+1; want it to fail")
	} else {
		t.Logf("rejected, as it should be: %v", err)
	}
}

// TestSolutionsDeterministic: a seed and a number of samples give the
// same estimate on 1 and on 4 goroutines.
func TestSolutionsDeterministic(t *testing.T) {
	o := SolutionOptions{Samples: 500, Seed: 7, Depth: 8}
	o.Workers = 1
	a, err := Solutions(context.Background(), 16, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Workers = 4
	b, err := Solutions(context.Background(), 16, o)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(a.Mean-b.Mean) > 1e-9*a.Mean || math.Abs(a.StdErr-b.StdErr) > 1e-6*a.StdErr || a.Samples != b.Samples {
		t.Errorf("1 worker: %+v\n4 workers: %+v\nwant the same estimate", a, b)
	}
	o.Seed = 8
	c, err := Solutions(context.Background(), 16, o)
	if err != nil {
		t.Fatal(err)
	}
	if c.Mean == a.Mean {
		t.Errorf("seeds 7 and 8 give the same mean %.0f; want different samples", a.Mean)
	}
}

// TestSolutionsBudget: a budget stops the sampling, after
// MinSolutionSamples at least; a cancelled context is an error.
func TestSolutionsBudget(t *testing.T) {
	res, err := Solutions(context.Background(), 18, SolutionOptions{Budget: 50 * time.Millisecond, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Samples < MinSolutionSamples || res.Depth != SplitDepth(18) || !(res.Low < res.Mean && res.Mean < res.High) {
		t.Errorf("Solutions(18, 50 ms) = %+v; want at least %d samples at depth %d, Low < Mean < High", res, MinSolutionSamples, SplitDepth(18))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solutions(ctx, 18, SolutionOptions{Budget: time.Hour}); !errors.Is(err, context.Canceled) {
		t.Errorf("Solutions with a cancelled context: error %v; want context.Canceled", err)
	}
	if _, err := Solutions(context.Background(), 18, SolutionOptions{}); !errors.Is(err, ErrNoSamples) {
		t.Errorf("Solutions without budget or samples: error %v; want ErrNoSamples", err)
	}
}

// TestSplitDepth: the depth grows with N, and the search below it is
// small enough (0 up to N = 10, where the whole search is ~35,000 nodes).
func TestSplitDepth(t *testing.T) {
	prev := 0
	for n := 1; n <= 64; n++ {
		d := SplitDepth(n)
		if d < prev-1 || d > n {
			t.Errorf("SplitDepth(%d) = %d after %d at N−1", n, d, prev)
		}
		if n <= 10 && d != 0 {
			t.Errorf("SplitDepth(%d) = %d; want 0 (an exact count)", n, d)
		}
		prev = d
	}
}

// TestSolutionsInterval recomputes a fixed-count estimate from its
// samples: the mean, the standard error s/√k with s² = Σ(x−m)²/(k−1),
// and the interval mean ± 1.959963984540054·StdErr (the two-sided 95%
// normal quantile, not 1.6449's 90%).
func TestSolutionsInterval(t *testing.T) {
	const n, k, seed = 16, 200, 11
	d := SplitDepth(n)
	res, err := Solutions(context.Background(), n, SolutionOptions{Samples: k, Seed: seed, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	var s qnSampler
	s.init(n, d, seed, nil)
	xs := make([]float64, k)
	m := 0.0
	for i := range xs {
		xs[i], _ = s.sample(uint64(i))
		m += xs[i] / k
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	se := math.Sqrt(ss / (k - 1) / k)
	if res.Samples != k || res.Depth != d || math.Abs(res.Mean-m) > 1e-12*m || math.Abs(res.StdErr-se) > 1e-9*se {
		t.Errorf("Solutions(%d, %d samples, seed %d) = %d samples at depth %d, mean %.6f, standard error %.6f; want %d at %d, %.6f, %.6f",
			n, k, seed, res.Samples, res.Depth, res.Mean, res.StdErr, k, d, m, se)
	}
	if res.Low <= 0 {
		t.Fatalf("Low = %g; want the interval unclipped", res.Low)
	}
	if z := (res.High - res.Low) / (2 * res.StdErr); math.Abs(z-1.959963984540054) > 1e-9 {
		t.Errorf("(High − Low)/(2·StdErr) = %.12f; want 1.959963984540054", z)
	}
	if c := (res.High + res.Low) / 2; math.Abs(c-res.Mean) > 1e-9*res.Mean {
		t.Errorf("the interval's centre %.6f; want the mean %.6f", c, res.Mean)
	}
}

// TestSamplesIndependent: sample i of one seed at two boards, or at two
// depths of one board, draws from unrelated generators, so that one
// seed's estimates at several N (a coverage table's rows) are
// independent. Seeded by (seed, i) alone they shared their random
// numbers: a correlation of 0.2 to 0.45 between neighbouring N.
func TestSamplesIndependent(t *testing.T) {
	const k = 4000
	for _, c := range []struct{ n1, d1, n2, d2 int }{
		{12, 4, 13, 4}, {13, 4, 14, 5}, {14, 5, 15, 6}, {14, 5, 14, 6}, {15, 6, 15, 7},
	} {
		var a, b qnSampler
		a.init(c.n1, c.d1, 1, nil)
		b.init(c.n2, c.d2, 1, nil)
		var sa, sb, saa, sbb, sab float64
		for i := range uint64(k) {
			x, _ := a.sample(i)
			y, _ := b.sample(i)
			sa, sb, saa, sbb, sab = sa+x, sb+y, saa+x*x, sbb+y*y, sab+x*y
		}
		ma, mb := sa/k, sb/k
		r := (sab/k - ma*mb) / math.Sqrt((saa/k-ma*ma)*(sbb/k-mb*mb))
		// Independent, r has a standard deviation of 1/√k = 0.016.
		if math.Abs(r) > 0.08 {
			t.Errorf("samples 0..%d of seed 1 at N = %d (depth %d) and N = %d (depth %d): correlation %.3f; want about 0", k-1, c.n1, c.d1, c.n2, c.d2, r)
		}
	}
}

// stepClock is a test clock for Solutions' budget: the first call (the
// start) reads 0, and call c ≥ 1 reads late[c] (or the last of late
// past its end), where late means past the budget. Its readings need not
// be in order: a goroutine that reads the clock late after claiming
// work, because it was descheduled, reads after another's later read.
func stepClock(late []bool) func() time.Time {
	var mu sync.Mutex
	calls := 0
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		c := calls
		calls++
		if c == 0 {
			return time.Unix(0, 0)
		}
		if late[min(c-1, len(late)-1)] {
			return time.Unix(1000, 0)
		}
		return time.Unix(0, 1)
	}
}

// TestSolutionsBudgetPrefix: whatever the clock reads and whichever
// goroutine reads it, a timed estimate uses the samples of indices
// 0..k−1, the same as a fixed count of k: no claimed block of samples
// is dropped at the budget (dropping one while another goroutine goes
// on favours the samples that are quick to compute). The clocks read
// late once, then in time again for a few calls; every one of their
// runs must equal the fixed count of its samples.
func TestSolutionsBudgetPrefix(t *testing.T) {
	const n, seed = 12, 5
	f, t0 := false, true
	for _, late := range [][]bool{
		{t0},
		{f, f, t0, f, f, f, f, f, t0},
		{f, t0, f, f, f, f, f, f, f, f, f, f, t0},
		{f, f, f, f, t0, f, t0, f, f, f, f, f, f, f, f, t0},
	} {
		res, err := Solutions(context.Background(), n, SolutionOptions{Budget: time.Second, Seed: seed, Workers: 2, now: stepClock(late)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Samples < MinSolutionSamples || res.Samples%sampleBlock != 0 {
			t.Errorf("clock %v: %d samples; want at least %d, whole blocks of %d", late, res.Samples, MinSolutionSamples, sampleBlock)
			continue
		}
		want, err := Solutions(context.Background(), n, SolutionOptions{Samples: res.Samples, Seed: seed, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(res.Mean-want.Mean) > 1e-12*want.Mean || math.Abs(res.StdErr-want.StdErr) > 1e-9*want.StdErr {
			t.Errorf("clock %v: %d samples, mean %.6f ± %.6f; want the first %d samples' %.6f ± %.6f", late, res.Samples, res.Mean, res.StdErr, res.Samples, want.Mean, want.StdErr)
		}
	}
}

// TestSolutionsMinSamples: a budget that has passed before the first
// sample (1 ns, or a clock that always reads late) still takes
// MinSolutionSamples, whatever the machine's speed, and a few blocks
// more at most.
func TestSolutionsMinSamples(t *testing.T) {
	const workers = 4
	for _, o := range []SolutionOptions{
		{Budget: time.Nanosecond, Seed: 3, Workers: workers},
		{Budget: time.Second, Seed: 3, Workers: workers, now: stepClock([]bool{true})},
	} {
		res, err := Solutions(context.Background(), 16, o)
		if err != nil {
			t.Fatal(err)
		}
		if res.Samples < MinSolutionSamples || res.Samples >= MinSolutionSamples+workers*sampleBlock || !(res.Low < res.Mean && res.Mean < res.High) {
			t.Errorf("Solutions(16, budget %v, clock %t) = %+v; want %d to %d samples, Low < Mean < High", o.Budget, o.now != nil, res, MinSolutionSamples, MinSolutionSamples+workers*sampleBlock-1)
		}
	}
}
