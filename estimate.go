package nqueens

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/run"
)

// defaultEstimateBudget is the calibration time of the zero
// EstimateOptions.
const defaultEstimateBudget = time.Second

// EstimateOptions describes the count Estimate estimates, as in
// CountOptions (the zero value: Count(ctx, n, CountOptions{})), and
// bounds the calibration (0: 1 s).
type EstimateOptions struct {
	Method    Method
	Workers   int
	MaxMemory uint64
	Shard     Shard
	Budget    time.Duration
	Device    Device // DeviceGPU: timed on the GPU (see CountEstimate)
}

// A CountEstimate is the time and memory Estimate expects of a Count on
// this machine, as loaded as it is now: its goroutines and work units
// (estimated for MethodKernel above N = 32); CPU seconds over all
// goroutines and wall seconds on this machine's cores, PlanSeconds of
// them planning; Spread, the relative standard error of CPUSeconds (NaN
// when extrapolated from a smaller N, From); the planned peak Memory in
// bytes; the timed Samples (probes into units when Probes); and each
// unit's CPU seconds by ID (nil when the plan is not listed).
type CountEstimate struct {
	N, Workers, Units, Samples, From             int
	Method                                       Method
	CPUSeconds, WallSeconds, PlanSeconds, Spread float64
	Memory                                       uint64
	Probes                                       bool
	Calibration                                  time.Duration // the time Estimate took
	UnitSeconds                                  []float64
	// Device is where the count runs (MethodKernel's: DeviceCPU or
	// DeviceGPU; "" for the other methods). On DeviceGPU the seconds
	// are GPU seconds, timed on the first of GPUs (the devices present,
	// Workers of them): CPUSeconds and UnitSeconds one GPU's (summed
	// over the GPUs they are GPU-seconds, whose hours are GPU-hours),
	// WallSeconds on all of them.
	Device Device
	GPUs   []GPU
}

// Estimate returns the time and memory Count(ctx, n, opts) would take on
// this machine, from a random sample of the work timed for about
// opts.Budget (internal/estimate's doc.go). Its errors are Count's.
func Estimate(ctx context.Context, n int, opts EstimateOptions) (CountEstimate, error) {
	start := time.Now()
	m, eng, ro, err := CountOptions{Method: opts.Method, Workers: opts.Workers, MaxMemory: opts.MaxMemory, Shard: opts.Shard, Device: opts.Device}.normalize(n)
	if err != nil {
		return CountEstimate{}, err
	}
	if opts.Budget < 0 {
		return CountEstimate{}, optionf("budget = %v: must not be negative", opts.Budget)
	}
	if opts.Budget == 0 {
		opts.Budget = defaultEstimateBudget
	}
	e := estimate.Estimate{From: n, Workers: 1, Units: 1}
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0x9e3779b97f4a7c15))
	eo := estimate.Options{Workers: ro.Workers, Budget: opts.Budget}
	if eng != nil {
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
	ce := CountEstimate{N: n, Method: m, Workers: e.Workers, Units: e.Units, CPUSeconds: e.CPUSeconds, WallSeconds: e.WallSeconds,
		PlanSeconds: e.PlanSeconds, Spread: e.Spread, Memory: e.Memory, Samples: e.Samples, Probes: e.Probes, From: e.From,
		Calibration: time.Since(start), UnitSeconds: e.UnitSeconds, Device: Device(run.EstimateDevice(string(m), e.GPUs))}
	for _, g := range e.GPUs {
		ce.GPUs = append(ce.GPUs, GPU{Name: g.Name, Memory: g.Memory, Capability: g.Capability, Driver: g.Driver})
	}
	return ce, nil
}
