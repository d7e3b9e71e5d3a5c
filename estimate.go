package nqueens

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/run"
)

// DefaultEstimateBudget is the calibration time of the zero
// EstimateOptions.
const DefaultEstimateBudget = time.Second

// EstimateOptions describes the count Estimate estimates and bounds its
// calibration. The zero value estimates Count(ctx, n, CountOptions{}):
// the method ChooseMethod picks, on every core.
type EstimateOptions struct {
	// Method, Workers, MaxMemory and Shard are those of the count, as
	// in CountOptions.
	Method    Method
	Workers   int
	MaxMemory uint64
	Shard     Shard

	// Budget bounds the time spent timing samples of the work; 0 means
	// DefaultEstimateBudget. Calibration stops earlier, after at least
	// 20 samples, once it has spent a twentieth of the wall time it
	// estimates, or once the spread of whole-unit samples is below 2%,
	// so that the estimate of a short count costs a few percent of the
	// count. It must not be negative.
	Budget time.Duration
}

// A CountEstimate is the time and memory Estimate expects of a Count on
// this machine, as loaded as it is now.
type CountEstimate struct {
	N      int
	Method Method
	// Workers is the number of goroutines the count would run: at most
	// its units, 1 for the classic methods, and for MethodJoin what its
	// memory plan allows.
	Workers int
	// Units is the number of work units of the count (of the shard, with
	// Shard). For MethodKernel above N = 32 it is estimated from the
	// sampled borders (the plan is not listed).
	Units int
	// CPUSeconds is the estimated CPU time of the count, summed over
	// its goroutines; WallSeconds its wall time on Workers goroutines on
	// the cores of this machine (runtime.NumCPU), planning included,
	// and never less than its largest unit.
	CPUSeconds, WallSeconds float64
	// PlanSeconds is the part of WallSeconds spent listing the plan (a
	// Count right after Estimate reuses the kernel's plan and skips it).
	PlanSeconds float64
	// Spread is the relative standard error of CPUSeconds from the
	// samples' variance (0.05: ±5%). It is NaN when the time is
	// extrapolated from another N (From ≠ N), which has no such measure.
	Spread float64
	// Memory is the planned peak memory of the count's data in bytes
	// (MethodJoin: its memory plan; the kernel: the plan and each worker's
	// scratch; the Go runtime's few MiB are not included).
	Memory uint64
	// Samples is the number of timed samples: units, or probes into
	// units when Probes is set.
	Samples int
	// Probes reports that the samples were random probes into units
	// (Knuth's estimator), the units being too large to time whole.
	Probes bool
	// From is the board size the time was measured at: N, or a smaller
	// one it was extrapolated from.
	From int
	// Calibration is the time Estimate took.
	Calibration time.Duration
	// UnitSeconds holds the estimated CPU seconds of each unit of the
	// plan, indexed by unit ID (all units, also for a Shard), to plan
	// shards by time; nil when the plan is not listed (MethodKernel above
	// N = 32, the classic methods). For MethodJoin they leave out the
	// tables' construction (CPUSeconds minus their sum).
	UnitSeconds []float64
}

// Estimate returns the time and memory Count(ctx, n, opts) would take
// on this machine: it plans the count's units as Count does and times a
// random sample of the work, for about opts.Budget at most (see
// EstimateOptions.Budget). The kernel's samples run on as many
// goroutines at once as the count would (the others on one), so that a
// sample takes what it takes beside the count's other workers: on a
// machine loaded by other processes two workers are not twice as fast
// as one, and the estimate sees that. The methods:
//
//   - MethodKernel: units drawn by planned cost and uniformly, searched
//     whole (N ≤ 18) or probed (Knuth's estimator); above N = 32 the
//     plan is not listed and borders are drawn uniformly instead (the
//     spread is then large, ±50% is typical).
//   - MethodJoin: pieces of units drawn by a cost proxy and uniformly,
//     their half lists streamed and joined by the count's join, plus the
//     tables' construction.
//   - The classic methods: smaller boards counted in full and their time
//     per node extrapolated (Spread NaN: good to a factor of about two).
//
// internal/estimate's doc.go tells how each samples.
// WallSeconds divides the CPU time by the workers the machine can run at
// once (min(Workers, NumCPU, Units)), assuming the units spread evenly,
// as the kernel's 1.9–2.3× scaling on 2 cores bears out, and is at least
// the largest unit's estimate. The estimate of a busy machine is that of
// the same load during the count. Estimate fails for what Count refuses
// (n outside 0..MaxN, a bad method, shard or worker count) and, for
// MethodJoin, with ErrMemory when the count does not fit MaxMemory; it
// returns ctx.Err() when ctx is done.
func Estimate(ctx context.Context, n int, opts EstimateOptions) (CountEstimate, error) {
	start := time.Now()
	if err := checkN(n); err != nil {
		return CountEstimate{}, err
	}
	if _, err := ParseMethod(string(opts.Method)); err != nil {
		return CountEstimate{}, err
	}
	m := ChooseMethod(n, CountOptions{Method: opts.Method, Workers: max(opts.Workers, 0), MaxMemory: opts.MaxMemory, Shard: opts.Shard})
	workers, err := run.Workers(opts.Workers)
	if err != nil {
		return CountEstimate{}, err
	}
	if opts.Budget < 0 {
		return CountEstimate{}, fmt.Errorf("estimate budget %v: must not be negative", opts.Budget)
	}
	if err := opts.Shard.check(); err != nil {
		return CountEstimate{}, err
	}
	if m != MethodKernel && m != MethodJoin && opts.Shard != (Shard{}) {
		return CountEstimate{}, fmt.Errorf("method %s: checkpoints and shards need the %s or %s method", m, MethodKernel, MethodJoin)
	}
	if opts.Budget == 0 {
		opts.Budget = DefaultEstimateBudget
	}
	e := estimate.Estimate{From: n, Workers: 1, Units: 1}
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0x9e3779b97f4a7c15))
	eo := estimate.Options{Workers: workers, Budget: opts.Budget}
	if eng := run.ByMethod(string(m)); eng != nil {
		ro := run.Options{Workers: workers, MaxMemory: opts.MaxMemory, Shard: run.Shard(opts.Shard)}
		err = eng.Estimate(ctx, n, ro, eo, rnd, &e)
	} else {
		kind := estimate.Board // the time per node grows as N (Bitboard too)
		switch m {
		case MethodArrays:
			kind = estimate.Arrays
		case MethodPermutation:
			kind = estimate.Permutation
		}
		err = estimate.ClassicTimes(ctx, n, kind, func(ctx context.Context, n int) (uint64, error) {
			res, err := Count(ctx, n, CountOptions{Method: m})
			return res.Nodes, err
		}, eo, &e)
	}
	if err != nil {
		return CountEstimate{}, err
	}
	return CountEstimate{N: n, Method: m, Workers: e.Workers, Units: e.Units, CPUSeconds: e.CPUSeconds, WallSeconds: e.WallSeconds,
		PlanSeconds: e.PlanSeconds, Spread: e.Spread, Memory: e.Memory, Samples: e.Samples, Probes: e.Probes, From: e.From,
		Calibration: time.Since(start), UnitSeconds: e.UnitSeconds}, nil
}
