package nqueens

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/estimate"
)

func ExampleCountPlan_Estimate() {
	ctx := context.Background()
	p, err := Plan(ctx, 10, CountOptions{})
	if err != nil {
		panic(err)
	}
	e, err := p.Estimate(ctx, 0)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d units, within a second: %v\n", e.Units, e.WallSeconds < 1)
	if p, err = Plan(ctx, 33, CountOptions{}); err != nil {
		panic(err)
	}
	e, err = p.Estimate(ctx, 0)
	if err != nil {
		panic(err)
	}
	fmt.Printf("N = 33: more than a century: %v\n", e.WallSeconds > 100*365.25*86400)
	// Output:
	// 272 units, within a second: true
	// N = 33: more than a century: true
}

// estimateOptions are a count's options and an estimate's budget.
type estimateOptions struct {
	Method    Method
	Workers   int
	MaxMemory uint64
	Shard     Shard
	Budget    time.Duration
}

// estimateCount is Plan, then CountPlan.Estimate.
func estimateCount(ctx context.Context, n int, o estimateOptions) (CountEstimate, error) {
	p, err := Plan(ctx, n, CountOptions{Method: o.Method, Workers: o.Workers, MaxMemory: o.MaxMemory, Shard: o.Shard})
	if err != nil {
		return CountEstimate{}, err
	}
	return p.Estimate(ctx, o.Budget)
}

func TestEstimateErrors(t *testing.T) {
	ctx := t.Context()
	for _, c := range []struct {
		n    int
		opts estimateOptions
		want error
	}{
		{-1, estimateOptions{}, ErrSize},
		{65, estimateOptions{}, ErrSize},
		{8, estimateOptions{Method: "magic"}, ErrMethod},
		{26, estimateOptions{Method: MethodJoin}, ErrSize},
		{16, estimateOptions{Method: MethodJoin, MaxMemory: 1 << 20}, ErrMemory},
		{8, estimateOptions{Method: MethodMatrix, Shard: Shard{Index: 0, Count: 2}}, nil},
		{8, estimateOptions{Workers: -1}, nil},
		{8, estimateOptions{Budget: -time.Second}, nil},
		{8, estimateOptions{Shard: Shard{Index: 2, Count: 2}}, ErrShard},
	} {
		_, err := estimateCount(ctx, c.n, c.opts)
		if err == nil || c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("Estimate(%d, %+v) = %v; want an error (%v)", c.n, c.opts, err, c.want)
		}
	}
}

// TestEstimateKernel: the estimate lists the plan Count runs, and its
// per-unit figures add up to its total, for the whole count and a shard.
func TestEstimateKernel(t *testing.T) {
	for _, n := range []int{0, 1, 2, 4, 10, 14} {
		want, err := Count(t.Context(), n, CountOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e, err := estimateCount(t.Context(), n, estimateOptions{})
		if err != nil {
			t.Fatalf("Estimate(%d): %v", n, err)
		}
		if e.Units != want.Units || len(e.UnitSeconds) != want.Units || e.From != n || e.Method != MethodKernel {
			t.Errorf("Estimate(%d): %d units (%d per-unit times), from %d, method %s; want %d units from %d by bitboard",
				n, e.Units, len(e.UnitSeconds), e.From, e.Method, want.Units, n)
		}
		if n >= 4 && (e.Samples < estimate.MinSamples || !(e.CPUSeconds > 0) || e.WallSeconds < e.CPUSeconds/float64(e.Workers)) {
			t.Errorf("Estimate(%d): %d samples, %g s CPU, %g s wall on %d workers; want %d+ samples and a positive time", n, e.Samples, e.CPUSeconds, e.WallSeconds, e.Workers, estimate.MinSamples)
		}
		var sum float64
		for _, s := range e.UnitSeconds {
			sum += s
		}
		if math.Abs(sum-e.CPUSeconds) > 1e-9*max(sum, 1) {
			t.Errorf("Estimate(%d): unit times sum to %g; CPUSeconds %g", n, sum, e.CPUSeconds)
		}
	}
	res, err := Count(t.Context(), 14, CountOptions{Shard: Shard{Index: 1, Count: 4}})
	if err != nil {
		t.Fatal(err)
	}
	e, err := estimateCount(t.Context(), 14, estimateOptions{Shard: Shard{Index: 1, Count: 4}})
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for _, u := range res.UnitResults {
		sum += e.UnitSeconds[u.ID]
	}
	if e.Units != res.Units || math.Abs(sum-e.CPUSeconds) > 1e-9*sum {
		t.Errorf("Estimate(14, shard 1/4): %d units, %g s; the shard counts %d units, estimated at %g s", e.Units, e.CPUSeconds, res.Units, sum)
	}
}

// TestEstimateLarge: planning and sampling stay cheap at every N the
// kernel accepts, and what cannot finish is estimated so (bounded by a
// context: an estimate that took minutes would fail).
func TestEstimateLarge(t *testing.T) {
	for _, n := range []int{30, 33, 40, 64} {
		ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
		e, err := estimateCount(ctx, n, estimateOptions{Budget: 200 * time.Millisecond})
		cancel()
		if err != nil {
			t.Fatalf("Estimate(%d): %v", n, err)
		}
		const century = 100 * 365.25 * 86400
		if !(e.WallSeconds > century) || !e.Probes || e.Samples == 0 || e.Memory > 256<<20 {
			t.Errorf("Estimate(%d): %g s wall, probes %v, %d samples, %d bytes; want over a century, from probes, under 256 MiB", n, e.WallSeconds, e.Probes, e.Samples, e.Memory)
		}
	}
}

// TestEstimateQuadrant: the join's estimate plans its memory as Count
// does, samples at N itself at every N (also N = 22, where the whole
// table is GBs), and gives per-unit times that sum to its units' part.
func TestEstimateQuadrant(t *testing.T) {
	for _, c := range []struct {
		n     int
		units int
		opts  estimateOptions
		mem   uint64 // at least
	}{
		{14, 107, estimateOptions{Method: MethodJoin, Workers: 2}, 1},
		{17, 3807, estimateOptions{Method: MethodJoin, Budget: 100 * time.Millisecond}, 1},
		{22, 1904, estimateOptions{Method: MethodJoin, Budget: 100 * time.Millisecond}, 500 << 20},
	} {
		e, err := estimateCount(t.Context(), c.n, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		var sum float64
		for _, x := range e.UnitSeconds {
			if !(x >= 0) {
				t.Errorf("Estimate(%d, quadrant): a unit of %v s, want ≥ 0", c.n, x)
			}
			sum += x
		}
		if e.Units != c.units || e.From != c.n || e.Memory < c.mem || len(e.UnitSeconds) != c.units ||
			e.Samples == 0 || math.IsNaN(e.Spread) || !(e.CPUSeconds > 0) || sum > e.CPUSeconds*(1+1e-9) || sum < e.CPUSeconds/2 {
			t.Errorf("Estimate(%d, quadrant): %d units from %d, %d bytes, %d unit times summing to %v of %v s CPU, %d samples, spread %v; "+
				"want %d units from %d, at least %d bytes, a time per unit summing to at most the CPU time, samples, a spread",
				c.n, e.Units, e.From, e.Memory, len(e.UnitSeconds), sum, e.CPUSeconds, e.Samples, e.Spread, c.units, c.n, c.mem)
		}
	}
}

// TestEstimateQuadrantShard: a shard's estimate counts its units only
// and keeps a time for every unit of the plan.
func TestEstimateQuadrantShard(t *testing.T) {
	const n = 16
	whole, err := estimateCount(t.Context(), n, estimateOptions{Method: MethodJoin, Budget: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var units int
	for i := range 4 {
		e, err := estimateCount(t.Context(), n, estimateOptions{Method: MethodJoin, Budget: 200 * time.Millisecond, Shard: Shard{Index: i, Count: 4}})
		if err != nil {
			t.Fatal(err)
		}
		units += e.Units
		if !(e.CPUSeconds > 0) || e.Samples == 0 {
			t.Errorf("shard %d/4: %v s CPU from %d samples, want a positive time from samples", i, e.CPUSeconds, e.Samples)
		}
		if len(e.UnitSeconds) != whole.Units {
			t.Errorf("shard %d/4: %d unit times, want one per unit of the plan, %d", i, len(e.UnitSeconds), whole.Units)
		}
	}
	if units != whole.Units {
		t.Errorf("shards' units sum to %d, want the whole count's %d", units, whole.Units)
	}
}

// TestEstimateClassic: a classic method is counted outright when that
// is cheap (From = N) and extrapolated otherwise.
func TestEstimateClassic(t *testing.T) {
	e, err := estimateCount(t.Context(), 6, estimateOptions{Method: MethodArrays})
	if err != nil {
		t.Fatal(err)
	}
	if e.From != 6 || e.Spread != 0 || e.Workers != 1 {
		t.Errorf("Estimate(6, arrays): from %d, spread %v, %d workers; want measured at 6 on 1 worker", e.From, e.Spread, e.Workers)
	}
	e, err = estimateCount(t.Context(), 20, estimateOptions{Method: MethodPermutation, Budget: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	// 20! candidates: far beyond a day at any speed.
	if e.From >= 20 || !math.IsNaN(e.Spread) || !(e.WallSeconds > 86400) {
		t.Errorf("Estimate(20, permutation): from %d, %g s; want extrapolated, over a day", e.From, e.WallSeconds)
	}
}
