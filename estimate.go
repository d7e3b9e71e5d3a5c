package nqueens

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/run"
)

// defaultEstimateBudget is the calibration time of CountPlan.Estimate
// with budget 0.
const defaultEstimateBudget = time.Second

// A CountEstimate is the time and memory CountPlan.Estimate expects of
// its count on this machine, as loaded as it is now.
type CountEstimate struct {
	N       int    // the board size
	Method  Method // the method that counts
	Workers int    // the goroutines the count runs on
	// Units is the number of work units the count (or shard) counts:
	// estimated for MethodKernel above N = 32, whose units are not
	// listed; 0 for n < 4 with MethodJoin.
	Units int
	// Samples is the number of timed samples: units, or probes into
	// units when Probes (MethodKernel's probes into its largest units,
	// MethodJoin's pieces of units), or the classic methods' counts of
	// smaller N.
	Samples int
	// From is the N the samples were taken at: N, or a smaller one
	// that the estimate was extrapolated from (the classic methods past
	// what their budget can count).
	From int
	// CPUSeconds is the CPU time over all goroutines; WallSeconds the
	// wall time on this machine's cores; PlanSeconds the part of both
	// spent planning (listing the kernel's units).
	CPUSeconds, WallSeconds, PlanSeconds float64
	// Spread is the relative standard error of CPUSeconds; NaN when
	// extrapolated from a smaller N.
	Spread float64
	Memory uint64 // the planned peak in bytes (CountPlan.Memory's, or within the default bound where the room refuses it)
	Probes bool   // the samples are probes into units, not whole units
	// Calibration is the time Estimate took.
	Calibration time.Duration
	// UnitSeconds holds each unit's estimated CPU seconds by ID (one
	// GPU's seconds on DeviceGPU), nil where the units are not listed or
	// timed one by one.
	UnitSeconds []float64
	// Device is where the count runs: MethodKernel's DeviceCPU or
	// DeviceGPU, "" for the other methods. On DeviceGPU the seconds are
	// GPU seconds timed on the first of GPUs (the devices present,
	// Workers of them): CPUSeconds and UnitSeconds are one GPU's (summed
	// over the GPUs, GPU-seconds, whose hours are GPU-hours), WallSeconds
	// the time on all of them.
	Device Device
	GPUs   []GPU // DeviceGPU's devices present (the first one timed)
}

// Estimate returns the time and memory the plan's Count would take on
// this machine, from a random sample of its work timed for about
// budget (0: 1 s; internal/estimate's doc.go), with the plan's
// goroutines. It fails for a plan not made by Plan, and with ctx's
// error when ctx is done.
func (p *CountPlan) Estimate(ctx context.Context, budget time.Duration) (CountEstimate, error) {
	start := time.Now()
	if !p.planned {
		return CountEstimate{}, errFigures
	}
	if budget < 0 {
		return CountEstimate{}, optionf("budget = %v: must not be negative", budget)
	}
	if budget == 0 {
		budget = defaultEstimateBudget
	}
	n, m := p.N, p.Method
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0x9e3779b97f4a7c15))
	eo := estimate.Options{Workers: p.workers, Budget: budget}
	var e estimate.Estimate
	var err error
	if p.run != nil {
		e, err = p.run.Estimate(ctx, eo, rnd)
	} else {
		e = estimate.Estimate{From: n, Workers: 1, Units: 1}
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
