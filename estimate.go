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

// EstimateOptions describes the count Estimate estimates. The zero value
// estimates Count(ctx, n, CountOptions{}).
type EstimateOptions struct {
	// Method, Workers, MaxMemory and Shard are as in CountOptions.
	Method    Method
	Workers   int
	MaxMemory uint64
	Shard     Shard

	// Budget bounds the calibration; 0 means DefaultEstimateBudget.
	// Calibration may stop earlier once the estimate is good enough.
	Budget time.Duration
}

// A CountEstimate is the time and memory Estimate expects of a Count on
// this machine, as loaded as it is now.
type CountEstimate struct {
	N      int
	Method Method
	// Workers is the number of goroutines the count would run.
	Workers int
	// Units is the number of work units of the count (or shard);
	// estimated for MethodKernel above N = 32.
	Units int
	// CPUSeconds is the CPU time over all goroutines; WallSeconds the
	// wall time on this machine's cores, planning included.
	CPUSeconds, WallSeconds float64
	// PlanSeconds is the part of WallSeconds spent planning.
	PlanSeconds float64
	// Spread is the relative standard error of CPUSeconds (0.05: ±5%);
	// NaN when extrapolated from a smaller N (From ≠ N).
	Spread float64
	// Memory is the planned peak memory of the count's data in bytes.
	Memory uint64
	// Samples is the number of timed samples: units, or probes into
	// units when Probes is set.
	Samples int
	Probes  bool
	// From is the N the time was measured at.
	From int
	// Calibration is the time Estimate took.
	Calibration time.Duration
	// UnitSeconds holds each unit's estimated CPU seconds, by unit ID
	// (all units, also for a Shard); nil when the plan is not listed.
	UnitSeconds []float64
}

// Estimate returns the time and memory Count(ctx, n, opts) would take on
// this machine: it plans the count as Count does and times a random
// sample of the work for about opts.Budget (internal/estimate's doc.go
// tells how, per method). It fails for what Count refuses and, for
// MethodJoin, with ErrMemory when the count does not fit MaxMemory.
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
