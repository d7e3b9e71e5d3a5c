package run

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/gpu"
	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/tally"
)

// gpuEstimateCap bounds a GPU estimate's wait for its first finished
// unit, beyond its budget: a unit that takes longer cannot be timed.
const gpuEstimateCap = 30 * time.Second

// gpuTimedMax is the largest n whose units the GPU estimate times
// itself, a choice not yet measured on a GPU (issue 43): a unit of
// n = 23 takes about 18 s on one core of docs/SCALING.md's machine (its
// 90 core-hours over 18,410 units), one of n = 27 about 22 core-hours,
// too long to time in a calibration on any device. Above it the
// GPU's seconds are the CPU's estimate at n times the ratio of GPU to
// CPU seconds measured at gpuTimedMax (an extrapolation: From).
const gpuTimedMax = 23

// estimateGPU fills e for a kernel count of n with o on the GPUs
// (o.Device DeviceGPU): it opens the first GPU through the count's own
// path (planGPU, the driver, gpu.Count) and counts units of the count,
// drawn in random order, for about eo.Budget and at least until one is
// finished, for n ≤ gpuTimedMax (above it, see gpuTimedMax and
// estimateGPUAbove). The GPU's seconds per unit of the plan's cost, from those
// units, price every unit (e.UnitSeconds: one GPU's seconds); CPUSeconds
// holds the GPU seconds of the count's units in all (the device's wall
// time on one GPU: GPU-seconds), WallSeconds the time on all the GPUs
// the driver reports, shared evenly, after PlanSeconds (the plan, and
// the device's opening). Spread is NaN: one timing, not a sample of
// independent ones. Errors are planGPU's (ErrDevice), the device's, or
// ctx's.
func estimateGPU(ctx context.Context, n int, o Options, eo estimate.Options, rnd *rand.Rand, e *estimate.Estimate) error {
	g, err := planGPU(n)
	if err != nil {
		return err
	}
	t0 := time.Now()
	p, err := kernelPlan(n, o.Workers)
	if err != nil {
		return err
	}
	costs := planCosts(p)
	sel, err := shardIDs(newKernel(p), o.Shard)
	if err != nil {
		return err
	}
	e.Units, e.From = len(sel), n
	e.Memory = kernel.Memory(len(p.Units), max(1, min(o.Workers, len(sel))))
	if g == nil { // n < 2: no search, counted on the CPU
		e.Workers, e.Spread, e.PlanSeconds = 1, 0, time.Since(t0).Seconds()
		e.WallSeconds = e.PlanSeconds
		return nil
	}
	dev, err := g.drv.Open(0)
	if err != nil {
		return WithKind(ErrDevice, fmt.Errorf("device gpu: %v", err))
	}
	defer dev.Close()
	e.PlanSeconds = time.Since(t0).Seconds()
	e.Workers = g.devices
	e.GPUs = []gpu.Info{dev.Info()}
	if n > gpuTimedMax {
		return estimateGPUAbove(ctx, p, gpuTimedMax, dev, o, eo, rnd, costs, sel, e)
	}
	secs, timed, err := timeGPUUnits(ctx, dev, p, costs, sel, o.Workers, eo.Budget, rnd)
	if err != nil {
		return err
	}
	e.Samples, e.Spread = timed, math.NaN()
	if timed == len(sel) {
		e.Spread = 0
	}
	e.UnitSeconds = make([]float64, len(costs))
	for i, c := range costs {
		e.UnitSeconds[i] = c * secs
	}
	e.CPUSeconds = 0
	for _, id := range sel {
		e.CPUSeconds += e.UnitSeconds[id]
	}
	e.WallSeconds = e.PlanSeconds + e.CPUSeconds/float64(e.Workers)
	return nil
}

// estimateGPUAbove is estimateGPU for p's n above m (gpuTimedMax), on
// dev: a third of the budget each, the GPU times units of m, the CPU's
// kernel estimates m and n (on eo.Workers goroutines), and every unit
// of n is priced at its CPU seconds times the ratio of the GPU's
// seconds to the CPU's at m. Samples are the GPU's, From is m, Spread
// NaN.
func estimateGPUAbove(ctx context.Context, p *kernel.Plan, m int, dev gpu.Device, o Options, eo estimate.Options, rnd *rand.Rand, costs []float64, sel []int, e *estimate.Estimate) error {
	third := eo.Budget / 3
	pm, err := kernel.NewPlanWorkers(m, o.Workers) // not kernelPlan's: it keeps p for the count
	if err != nil {
		return err
	}
	cm := planCosts(pm)
	all := allIDs(len(cm))
	secs, timed, err := timeGPUUnits(ctx, dev, pm, cm, all, o.Workers, third, rnd)
	if err != nil {
		return err
	}
	var gpuM float64
	for _, c := range cm {
		gpuM += c * secs
	}
	cpu := func(p *kernel.Plan, costs []float64, sel []int) (estimate.Estimate, error) {
		return estimate.Kernel(ctx, estimate.KernelWork{N: p.N, Plan: p, Costs: costs, Sel: sel}, estimate.Options{Workers: eo.Workers, Budget: third}, rnd)
	}
	em, err := cpu(pm, cm, all)
	if err != nil {
		return err
	}
	en, err := cpu(p, costs, sel)
	if err != nil {
		return err
	}
	if em.CPUSeconds <= 0 {
		return fmt.Errorf("device gpu: the CPU's estimate of n = %d is %g s: no ratio to the GPU's", m, em.CPUSeconds)
	}
	ratio := gpuM / em.CPUSeconds
	e.Samples, e.From, e.Spread = timed, m, math.NaN()
	e.UnitSeconds = make([]float64, len(costs))
	e.CPUSeconds = 0
	for i, x := range en.UnitSeconds {
		e.UnitSeconds[i] = x * ratio
	}
	for _, id := range sel {
		e.CPUSeconds += e.UnitSeconds[id]
	}
	e.WallSeconds = e.PlanSeconds + e.CPUSeconds/float64(e.Workers)
	return nil
}

// timeGPUUnits counts the units sel of p on dev, in random order, for
// about budget and until at least one is finished (at most budget +
// gpuEstimateCap), and returns the GPU's seconds per unit of cost (the
// time to the last unit finished over the cost of the units finished)
// and the number of units finished.
func timeGPUUnits(ctx context.Context, dev gpu.Device, p *kernel.Plan, costs []float64, sel []int, workers int, budget time.Duration, rnd *rand.Rand) (float64, int, error) {
	order := slices.Clone(sel)
	rnd.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var finished atomic.Int64
	over := time.AfterFunc(budget, func() {
		if finished.Load() > 0 {
			cancel()
		}
	})
	defer over.Stop()
	giveUp := time.AfterFunc(budget+gpuEstimateCap, cancel)
	defer giveUp.Stop()
	start := time.Now()
	var cost float64
	var last time.Duration
	err := gpu.Count(cctx, dev, p, order, gpu.Options{Workers: workers}, func(i int, _ tally.UnitResult) {
		cost += costs[i]
		last = time.Since(start)
		if finished.Add(1); last >= budget {
			cancel()
		}
	})
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	k := int(finished.Load())
	if err != nil && cctx.Err() == nil {
		return 0, 0, err // the device's
	}
	if k == 0 {
		return 0, 0, fmt.Errorf("device gpu: no unit of n = %d finished within %v on the GPU: it cannot be priced", p.N, budget+gpuEstimateCap)
	}
	if cost == 0 {
		return 0, k, nil
	}
	return last.Seconds() / cost, k, nil
}

// EstimateDevice is the device an estimate of a count by method names (nqueens.CountEstimate.Device): DeviceGPU when it was timed on
// GPUs, DeviceCPU for the kernel's other estimates, "" for the other
// methods.
func EstimateDevice(method string, gpus []gpu.Info) string {
	switch {
	case gpus != nil:
		return DeviceGPU
	case method == methodKernel:
		return DeviceCPU
	}
	return ""
}
