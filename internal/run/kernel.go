package run

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/shard"
	"github.com/nqueens/nqueens/internal/tally"
)

// kernelEngine is the kernel (internal/kernel): units are the classes
// of border placements, and each counts its total, unique and nodes.
// Its zero value is the method before a plan.
type kernelEngine struct {
	p *kernel.Plan
	c []float64 // the units' costs
	g *gpuRun   // not nil: Count counts on the GPU (gpu.go)
}

func newKernel(p *kernel.Plan) kernelEngine { return kernelEngine{p: p, c: planCosts(p)} }

func (kernelEngine) Info() Info {
	return Info{Method: Kernel, Version: kernel.Version, UnitsVersion: kernel.Version, Record: ""}
}

// Plan returns the plan on o.Workers goroutines (the plan Estimate
// listed, if it did), whose Count runs on the GPU for o.Device
// DeviceGPU (checked first: an error of kind ErrDevice).
func (kernelEngine) Plan(_ context.Context, n int, o Options, res *Result) (Engine, []int, error) {
	var g *gpuRun
	res.Device = DeviceCPU
	if o.Device == DeviceGPU {
		var err error
		if g, err = planGPU(n, res); err != nil {
			return nil, nil, err
		}
	}
	p, err := KernelPlan(n, o.Workers)
	if err != nil {
		return nil, nil, err
	}
	e := newKernel(p)
	e.g = g
	ids, err := ShardIDs(e, o.Shard)
	return e, ids, err
}

func (kernelEngine) Units(n int) (Engine, error) {
	p, err := KernelPlan(n, 0)
	if err != nil {
		return nil, err
	}
	return newKernel(p), nil
}

func (kernelEngine) Listed(n int) error {
	if n < 4 || n > estimate.KernelListMax {
		return fmt.Errorf("%w: the kernel's units are listed for n = 4..%d, not n = %d", ErrSize, estimate.KernelListMax, n)
	}
	return nil
}

// Estimate lists the plan (kept for the Count that follows) and samples
// its units, or samples borders above estimate.KernelListMax; for
// o.Device DeviceGPU it times units on the GPU (estimateGPU).
func (kernelEngine) Estimate(ctx context.Context, n int, o Options, eo estimate.Options, rnd *rand.Rand, e *estimate.Estimate) error {
	if o.Device == DeviceGPU {
		return estimateGPU(ctx, n, o, eo, rnd, e)
	}
	if n > estimate.KernelListMax {
		return estimate.Borders(ctx, n, o.Shard.Count, eo, rnd, e)
	}
	t0 := time.Now()
	p, err := KernelPlan(n, o.Workers)
	if err != nil {
		return err
	}
	planSec := time.Since(t0).Seconds()
	costs := planCosts(p)
	sel, err := SelectIDs(costs, o.Shard)
	if err != nil {
		return err
	}
	return estimate.Kernel(ctx, n, p, planSec, costs, sel, eo, rnd, e)
}

func (e kernelEngine) Digest() string   { return e.p.Digest() }
func (e kernelEngine) Costs() []float64 { return e.c }

func (e kernelEngine) Shards(m, r int) [][]int {
	return shard.AssignReplicas(e.c, m, r)
}

func (e kernelEngine) CheckUnit(id int, total, unique uint64) error {
	return e.p.CheckResult(id, total, unique)
}

func (e kernelEngine) CheckRecord(r checkpoint.Record) error {
	return e.p.CheckResult(r.Unit, r.Total, r.Unique)
}

func (e kernelEngine) Count(ctx context.Context, ids []int, workers int, done func(tally.UnitResult) error) error {
	if e.g != nil {
		return e.g.count(ctx, e.p, ids, workers, done)
	}
	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	err := kernel.Run(runCtx, e.p, ids, workers, func(i int, r tally.UnitResult) {
		if err := done(tally.UnitResult{ID: i, Total: r.Total, Unique: r.Unique, Nodes: r.Nodes}); err != nil {
			cancel(err)
		}
	})
	if err != nil && ctx.Err() == nil {
		if cause := context.Cause(runCtx); cause != nil {
			return cause // done's error
		}
	}
	return err
}

// burnside checks the kernel's totals, 8·U − Q = S180 + 2·S90
// (checkBurnside), and names the unit that breaks its own share of the
// identity, which a count that breaks it has (kernelUnitAtFault).
func (e kernelEngine) Burnside(ctx context.Context, res *Result, all []tally.UnitResult, read func(int) bool, cp string) error {
	err := CheckBurnside(ctx, res.N, res.Solutions, res.Unique)
	var be *burnsideError
	if !errors.As(err, &be) {
		return err
	}
	u, ok := kernelUnitAtFault(e.p, all)
	switch {
	case !ok:
		return fmt.Errorf("%v, yet every unit keeps its share 8·unique − total of it (a bug)", err)
	case read(u.ID):
		return WithKind(ErrCheckpoint, fmt.Errorf("%s: %v: %s; %s", cp, err, unitShare(e.p, u, "as read from this checkpoint"), deleteRemedy))
	case cp != "":
		return fmt.Errorf("%v: %s (a bug or a hardware fault), and %s holds it: delete it and count again", err, unitShare(e.p, u, "as counted by this run"), cp)
	}
	return fmt.Errorf("%v: %s: a bug or a hardware fault; count again", err, unitShare(e.p, u, "as counted by this run"))
}

// Merged checks merged kernel records by Burnside's lemma and
// names the unit, and its record, that breaks its share of it.
func (kernelEngine) Merged(ctx context.Context, res *Result, recs []shard.Named) error {
	err := CheckBurnside(ctx, res.N, res.Solutions, res.Unique)
	var be *burnsideError
	if !errors.As(err, &be) {
		return err
	}
	// The identity is the sum of each unit's share of it: find the unit.
	p, perr := kernel.NewPlan(res.N)
	if perr != nil {
		return perr
	}
	for _, r := range recs {
		units := make([]tally.UnitResult, len(r.Units))
		for i, u := range r.Units {
			units[i] = tally.UnitResult(u)
		}
		if u, ok := kernelUnitAtFault(p, units); ok {
			return WithKind(ErrShard, fmt.Errorf("%v: %s; the record was damaged or edited: count that shard again (%s)",
				err, unitShare(p, u, "in "+r.Source+" ("+r.Name()+")"), RecountCommand(&r.Record, false)))
		}
	}
	return WithKind(ErrShard, fmt.Errorf("%v, yet every unit of %s keeps its share of it (a bug)", err, sources(recs)))
}

// planCosts are the estimated costs of the units of a kernel plan.
func planCosts(p *kernel.Plan) []float64 {
	c := make([]float64, len(p.Units))
	for i, u := range p.Units {
		c[i] = u.Cost
	}
	return c
}

// kernelUnitAtFault returns the first unit of results (one per unit of
// p, as a whole count has) whose 8·Unique − Total is not its share of
// S180 + 2·S90, kernel.Plan.Excess: the identity 8·U − Q = S180 + 2·S90
// is the sum of these over the units, so a count that breaks it has
// such a unit. Only units with a rotation symmetry need a search.
func kernelUnitAtFault(p *kernel.Plan, results []tally.UnitResult) (tally.UnitResult, bool) {
	for _, u := range results {
		if 8*u.Unique-u.Total != p.Excess(u.ID) {
			return u, true
		}
	}
	return tally.UnitResult{}, false
}

// unitShare describes unit u, from where, breaking its share of
// Burnside's identity.
func unitShare(p *kernel.Plan, u tally.UnitResult, where string) string {
	return fmt.Sprintf("unit %d, %s (total %d, unique %d), breaks its share of it: 8·unique − total = %d, but the unit's symmetric solutions make it %d",
		u.ID, where, u.Total, u.Unique, int64(8*u.Unique-u.Total), p.Excess(u.ID))
}

// The last kernel plan, which Estimate lists and the Count after it
// reuses (a plan does not change once made).
var lastPlan struct {
	sync.Mutex
	p *kernel.Plan
}

// KernelPlan returns kernel.NewPlanWorkers(n, workers), reusing the last
// plan of the same n.
func KernelPlan(n, workers int) (*kernel.Plan, error) {
	lastPlan.Lock()
	defer lastPlan.Unlock()
	if p := lastPlan.p; p != nil && p.N == n {
		return p, nil
	}
	p, err := kernel.NewPlanWorkers(n, workers)
	if err != nil {
		return nil, err
	}
	lastPlan.p = p
	return p, nil
}
