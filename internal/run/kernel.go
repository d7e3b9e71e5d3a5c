package run

import (
	"context"
	"errors"
	"fmt"
	"math"
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

func (kernelEngine) Info() info {
	return info{Method: methodKernel, Version: kernel.Version, UnitsVersion: kernel.Version, Record: ""}
}

// Plan plans a kernel count of n with o: the plan listed on o.Workers
// goroutines (kernelPlan) and its units of o.Shard, or for n above
// kernel.ListMax nothing listed yet (Count lists it; Estimate
// samples borders instead). For o.Device DeviceGPU it checks first that
// the GPU can count it (an error of kind ErrDevice).
func (kernelEngine) Plan(ctx context.Context, n int, o Options) (*Plan, error) {
	k := &kernelCount{n: n}
	if o.Device == DeviceGPU {
		g, err := planGPU(n)
		if err != nil {
			return nil, err
		}
		k.g = g
	}
	limit := limitOr(o.MaxMemory, DefaultMaxMemory)
	p := &Plan{N: n, Method: methodKernel, o: o, raw: o, c: k,
		CountPlan: CountPlan{Shard: o.Shard, Workers: o.Workers, Limit: limit, Fits: true}}
	if n > kernel.ListMax {
		return p, nil // not listed: its units are estimated
	}
	if err := k.list(ctx, o); err != nil {
		return nil, err
	}
	units := len(k.e.c)
	w := max(1, min(o.Workers, len(k.sel)))
	mem := kernel.Memory(units, w)
	p.Units, p.UnitsTotal, p.Workers, p.Memory, p.Whole, p.Fits = len(k.sel), units, w, mem, kernel.Memory(units, max(1, min(o.Workers, units))), mem <= limit
	if o.Shard != (Shard{}) {
		p.IDs = k.sel
	}
	return p, nil
}

// kernelCount is a kernel count planned (kernelEngine.Plan): the plan
// listed and the units it counts (nil above kernel.ListMax
// until Count lists them), and the GPUs it counts on, if any.
type kernelCount struct {
	n       int
	e       kernelEngine
	sel     []int
	planSec float64 // the seconds the listing took
	g       *gpuRun
	// estUnits, above kernel.ListMax, is the whole count's
	// units as its last Estimate estimated them (0: none yet), for
	// the shards' plans (shards).
	estUnits int
}

// list lists the plan of the count and selects its units.
func (k *kernelCount) list(_ context.Context, o Options) error {
	t0 := time.Now()
	p, err := kernelPlan(k.n, o.Workers)
	if err != nil {
		return err
	}
	k.planSec = since(t0)
	k.e = newKernel(p)
	k.e.g = k.g
	k.sel, err = shardIDs(k.e, o.Shard)
	return err
}

func (k *kernelCount) count(ctx context.Context, o Options, res Result) (Result, error) {
	if k.e.p == nil {
		if err := k.list(ctx, o); err != nil {
			return Result{}, err
		}
	}
	res.Device = DeviceCPU
	if k.g != nil {
		res.Device = DeviceGPU
	}
	res, err := Count(ctx, k.e, k.sel, o, res)
	if k.g != nil {
		res.GPUs = k.g.gpus
	}
	return res, err
}

// estimate samples the plan's units, or borders above
// kernel.ListMax; for o.Device DeviceGPU it times units on the
// GPU (estimateGPU).
func (k *kernelCount) estimate(ctx context.Context, o Options, eo estimate.Options, rnd *rand.Rand, e *estimate.Estimate) error {
	if o.Device == DeviceGPU {
		return estimateGPU(ctx, k.n, o, eo, rnd, e)
	}
	if k.e.p == nil {
		err := estimate.Borders(ctx, k.n, o.Shard.Count, eo, rnd, e)
		if err == nil && o.Shard.Count == 0 {
			k.estUnits = e.Units
		}
		return err
	}
	r, err := estimate.Kernel(ctx, estimate.KernelWork{N: k.n, Plan: k.e.p, PlanSeconds: k.planSec, Costs: k.e.c, Sel: k.sel}, eo, rnd)
	if err != nil {
		return err
	}
	*e = r
	return nil
}

func (k *kernelCount) shards(ctx context.Context, o Options) (CountPlan, []CountPlan, error) {
	if k.e.p == nil {
		return k.estimatedShards(o)
	}
	return kernelEngine{}.planned(ctx, k.n, o)
}

// estimatedShards plans every shard of o.Shard.Count (o.Shard.Replicas copies
// of each unit) above kernel.ListMax, where the units are not
// listed, from the units the count's Estimate estimated: each shard's
// share of them and its memory (kernel.Memory, one worker per
// unit up to o.Workers). Before an Estimate it fails as Listed does.
func (k *kernelCount) estimatedShards(o Options) (CountPlan, []CountPlan, error) {
	if k.estUnits == 0 {
		return CountPlan{}, nil, (kernelEngine{}).Listed(k.n)
	}
	all := k.estUnits
	limit := limitOr(o.MaxMemory, DefaultMaxMemory)
	wholeMem := kernel.Memory(all, max(1, min(o.Workers, all)))
	whole := CountPlan{Units: all, UnitsTotal: all, Workers: max(1, min(o.Workers, all)), Memory: wholeMem, Whole: wholeMem, Limit: limit, Fits: wholeMem <= limit}
	shards := make([]CountPlan, o.Shard.Count)
	for i := range shards {
		s := o.Shard
		s.Index = i
		units := int(math.Round(float64(all*s.R()) / float64(s.Count)))
		w := max(1, min(o.Workers, units))
		mem := kernel.Memory(all, w)
		shards[i] = CountPlan{Shard: s, Units: units, UnitsTotal: all, Workers: w, Memory: mem, Whole: wholeMem, Limit: limit, Fits: mem <= limit}
	}
	return whole, shards, nil
}

func (kernelEngine) Units(n int) (Engine, error) {
	p, err := kernelPlan(n, 0)
	if err != nil {
		return nil, err
	}
	return newKernel(p), nil
}

func (kernelEngine) Listed(n int) error {
	if n < 4 || n > kernel.ListMax {
		return fmt.Errorf("%w: the kernel's units are listed for n = 4..%d, not n = %d", ErrSize, kernel.ListMax, n)
	}
	return nil
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

// Burnside checks the kernel's totals, 8·U − Q = S180 + 2·S90
// (checkBurnside), and names the unit that breaks its own share of the
// identity, which a count that breaks it has (kernelUnitAtFault).
func (e kernelEngine) Burnside(ctx context.Context, res *Result, all []tally.UnitResult, read func(int) bool, cp string) error {
	err := checkBurnside(ctx, res.N, res.Solutions, res.Unique)
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
	err := checkBurnside(ctx, res.N, res.Solutions, res.Unique)
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
				err, unitShare(p, u, "in "+r.Source+" ("+r.Name()+")"), recountCommand(&r.Record, false)))
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

// The last kernel plan, which a merge, a check of records and the count
// of the same n reuse (a plan does not change once made).
var lastPlan struct {
	sync.Mutex
	p *kernel.Plan
}

// kernelPlan returns kernel.NewPlanWorkers(n, workers), reusing the last
// plan of the same n.
func kernelPlan(n, workers int) (*kernel.Plan, error) {
	lastPlan.Lock()
	defer lastPlan.Unlock()
	if p := lastPlan.p; p != nil && p.N == n {
		return p, nil
	}
	planCalls.kernel.Add(1)
	p, err := kernel.NewPlanWorkers(n, workers)
	if err != nil {
		return nil, err
	}
	lastPlan.p = p
	return p, nil
}
