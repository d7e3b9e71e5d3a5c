package estimate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
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

// checkEstimator runs runs estimates of runs seeds and samples samples
// each at N = 8..14, a descent of half the rows, and returns an error
// when the pooled mean is more than 4 standard errors from Q(N) at some
// N, or when the intervals cover Q(N) in fewer than 85% of the runs
// (95% expected; the normal approximation at 100 samples of a skewed
// distribution loses a few percent). The seeds are fixed: the result
// does not change from run to run.
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
	if cov < 0.85 {
		errs = append(errs, fmt.Errorf("the 95%% intervals cover Q(N) in %d of %d runs (%.1f%%); want at least 85%%", covered, total, 100*cov))
	}
	return errors.Join(errs...)
}

// TestSolutionsUnbiased: the estimates' mean is Q(N) and the intervals
// cover it about 95% of the time.
func TestSolutionsUnbiased(t *testing.T) {
	if err := checkEstimator(t, nil, 100, 100); err != nil {
		t.Error(err)
	}
}

// TestSolutionsBiasedFails: the same check rejects the estimator whose
// weight is off by one.
func TestSolutionsBiasedFails(t *testing.T) {
	if err := checkEstimator(t, func(k int) float64 { return float64(k + 1) }, 100, 100); err == nil {
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
