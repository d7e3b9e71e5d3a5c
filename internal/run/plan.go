package run

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/quadrant"
	"github.com/nqueens/nqueens/internal/shard"
)

// DefaultMaxMemory is the memory bound of a whole count when
// Options.MaxMemory is 0, and of a kernel shard; DefaultShardMemory a
// join shard's.
const (
	DefaultMaxMemory   = quadrant.DefaultMaxMemory
	DefaultShardMemory = quadrant.DefaultShardMemory
)

// A CountPlan is the plan of a count, or of one of its shards, made
// without counting (nqueens.CountPlan's figures).
type CountPlan struct {
	Shard                      Shard
	IDs                        []int // a shard's units; nil for a whole count
	Units, UnitsTotal, Workers int
	Projected                  bool
	Memory, Whole, Limit       uint64
	Fits                       bool
}

// A Plan is a count of n planned with its options (Method.Plan): what
// it counts and needs (CountPlan, of its shard for a shard), and what
// the engine built for it, which Estimate and Count use instead of
// building it again. Count builds what only counting needs (the join's
// tables).
type Plan struct {
	CountPlan
	N      int
	Method string
	o      Options // Workers ≥ 1; the join's after WithinRoom
	raw    Options // as given, for Shards (a plan for any machine)
	c      counter
}

// A counter is a method's side of a Plan.
type counter interface {
	// count counts the plan with o into res (N, Method set).
	count(ctx context.Context, o Options, res Result) (Result, error)
	// estimate fills e for the plan's count with o (nqueens.CountPlan.Estimate).
	estimate(ctx context.Context, o Options, eo estimate.Options, rnd *rand.Rand, e *estimate.Estimate) error
	// shards plans the whole count and each shard of o.Shard.Count
	// (Plan.Shards).
	shards(ctx context.Context, o Options) (CountPlan, []CountPlan, error)
}

// Count counts the plan: the units of its shard (every unit for a
// whole count), resuming from and recording to its checkpoint (Count's
// orchestration, count.go).
func (p *Plan) Count(ctx context.Context) (Result, error) {
	return p.c.count(ctx, p.o, Result{N: p.N, Method: p.Method})
}

// Estimate returns the time and memory the plan's count would take
// here, from a sample of its work timed for about eo.Budget
// (internal/estimate), with the plan's goroutines.
func (p *Plan) Estimate(ctx context.Context, eo estimate.Options, rnd *rand.Rand) (estimate.Estimate, error) {
	e := estimate.Estimate{From: p.N, Workers: 1, Units: 1}
	eo.Workers = p.o.Workers
	err := p.c.estimate(ctx, p.o, eo, rnd, &e)
	return e, err
}

// Shards returns the plan of every shard of the split s of the plan's
// count (s.Index is ignored; nil for the zero Shard) with the plan's
// Workers and MaxMemory as given (a plan for other machines too: not
// bounded by this one's room), and the whole count's plan. The kernel
// above kernel.ListMax, whose units are not listed, plans them
// from its last Estimate (kernelCount.estimatedShards). Its error for n whose
// units are not listed wraps ErrSize, and it returns ctx's error when
// ctx is done.
func (p *Plan) Shards(ctx context.Context, s Shard) (CountPlan, []CountPlan, error) {
	if s.Count == 0 {
		return CountPlan{}, nil, nil
	}
	o := p.raw
	o.Shard = s
	return p.c.shards(ctx, o)
}

// planCalls counts the plans this package builds (kernel.NewPlanWorkers
// through kernelPlan; quadrant.NewUnitPlan, NewWholePlan and PlanMemory
// through the functions below, which are its only calls of them), for
// the tests that check that a count plans each once (Calls).
var planCalls struct{ kernel, unit, whole, memory atomic.Int64 }

// PlanCalls is how many plans of each kind this package has built
// (planCalls): kernel plans listed, the join's unit plans, whole plans
// and whole memory plans.
type PlanCalls struct{ Kernel, Unit, Whole, Memory int64 }

// Calls returns the plans built so far (for tests).
func Calls() PlanCalls {
	return PlanCalls{planCalls.kernel.Load(), planCalls.unit.Load(), planCalls.whole.Load(), planCalls.memory.Load()}
}

// newUnitPlan is quadrant.NewUnitPlan, counted (planCalls).
func newUnitPlan(ctx context.Context, n int) (*quadrant.Plan, error) {
	planCalls.unit.Add(1)
	return quadrant.NewUnitPlan(ctx, n)
}

// newWholePlan is quadrant.NewWholePlan, counted (planCalls).
func newWholePlan(ctx context.Context, n int) (*quadrant.Plan, error) {
	planCalls.whole.Add(1)
	return quadrant.NewWholePlan(ctx, n)
}

// planMemory is quadrant.PlanMemory, counted (planCalls).
func planMemory(n, workers int, limit uint64) (quadrant.MemoryPlan, error) {
	planCalls.memory.Add(1)
	return quadrant.PlanMemory(n, workers, limit)
}

// since returns the seconds since t0.
func since(t0 time.Time) float64 { return time.Since(t0).Seconds() }

// checkPlanCount is checkShardCount for a plan of every shard, whose
// Index means nothing: its error starts with M ("4000: M = …"), not
// with a shard I/M.
func checkPlanCount(units int, s Shard) error {
	if err := shard.CheckCount(units, s.Count, s.R()); err != nil {
		return WithKind(ErrShard, fmt.Errorf("%d: %w", s.Count, err))
	}
	return nil
}

// limitOr returns limit, or def when it is 0.
func limitOr(limit, def uint64) uint64 {
	if limit == 0 {
		return def
	}
	return limit
}

// planned plans the kernel's count of n with o (o.Workers ≥ 1) and, for
// o.Shard.Count ≥ 1, each shard of it: the plan's units and, per
// worker, its scratch (kernel.Memory).
func (kernelEngine) planned(_ context.Context, n int, o Options) (CountPlan, []CountPlan, error) {
	if err := (kernelEngine{}).Listed(n); err != nil {
		return CountPlan{}, nil, err
	}
	p, err := kernelPlan(n, o.Workers)
	if err != nil {
		return CountPlan{}, nil, err
	}
	e := newKernel(p)
	units := len(e.c)
	limit := limitOr(o.MaxMemory, DefaultMaxMemory)
	plan := func(s Shard, ids []int, k int) CountPlan {
		w := max(1, min(o.Workers, k))
		mem := kernel.Memory(units, w)
		return CountPlan{Shard: s, IDs: ids, Units: k, UnitsTotal: units, Workers: w, Memory: mem, Limit: limit, Fits: mem <= limit}
	}
	whole := plan(Shard{}, nil, units)
	whole.Whole = whole.Memory
	if o.Shard.Count == 0 {
		return whole, nil, nil
	}
	if err := checkPlanCount(units, o.Shard); err != nil {
		return CountPlan{}, nil, err
	}
	ids := e.Shards(o.Shard.Count, o.Shard.R())
	shards := make([]CountPlan, len(ids))
	for i := range ids {
		s := o.Shard
		s.Index = i
		shards[i] = plan(s, ids[i], len(ids[i]))
		shards[i].Whole = whole.Memory
	}
	return whole, shards, nil
}

// planned plans the join's memory for a count of n with o (o.Workers
// ≥ 1) without the quadrant table and, for o.Shard.Count ≥ 1, that of
// each shard, all from one counting walk of the quadrant
// (quadrant.Plan.PlanShards), as each shard's count plans it for its
// own units. It stops with ctx's error when ctx is done: at N = 28 the
// walk, the units' prices and the shards' plans take minutes.
func (joinEngine) planned(ctx context.Context, n int, o Options) (CountPlan, []CountPlan, error) {
	if err := joinUnitsN(n); err != nil {
		return CountPlan{}, nil, err
	}
	if err := joinN(n, o.Shard); err != nil {
		return CountPlan{}, nil, err
	}
	qo := quadrant.Options{Workers: o.Workers, MaxMemory: o.MaxMemory}
	limit := limitOr(o.MaxMemory, DefaultMaxMemory)
	if o.Shard.Count == 0 {
		up, err := newUnitPlan(ctx, n)
		if err != nil {
			return CountPlan{}, nil, err
		}
		units := len(up.Units())
		w, err := planMemory(n, max(1, min(o.Workers, units)), o.MaxMemory)
		if err != nil && !errors.Is(err, quadrant.ErrMemory) {
			return CountPlan{}, nil, err
		}
		return CountPlan{Units: units, UnitsTotal: units, Workers: w.Workers, Projected: w.Projected,
			Memory: w.Peak, Whole: w.Peak, Limit: limit, Fits: w.Peak <= limit}, nil, nil
	}
	p, err := quadrant.NewBucketPlan(ctx, n)
	if err != nil {
		return CountPlan{}, nil, err
	}
	units := len(p.Units())
	whole := CountPlan{Units: units, UnitsTotal: units, Limit: limit}
	var w quadrant.MemoryPlan
	if n <= quadrant.MaxN {
		// The whole count's plan, as EstimateMemory's: its goroutines
		// are at most one per unit. (Past MaxN there is none: Memory
		// and Whole are 0, Fits false.)
		w, err = planMemory(n, max(1, min(o.Workers, units)), o.MaxMemory)
		if err != nil && !errors.Is(err, quadrant.ErrMemory) {
			return CountPlan{}, nil, err
		}
		whole.Workers, whole.Projected, whole.Memory, whole.Whole, whole.Fits = w.Workers, w.Projected, w.Peak, w.Peak, w.Peak <= limit
	}
	if err := checkPlanCount(units, o.Shard); err != nil {
		return CountPlan{}, nil, err
	}
	ids := p.Shards(o.Shard.Count, o.Shard.R())
	res, err := p.PlanShards(ctx, ids, qo)
	if err != nil {
		return CountPlan{}, nil, err
	}
	slimit := limitOr(o.MaxMemory, DefaultShardMemory)
	shards := make([]CountPlan, len(res))
	for i, r := range res {
		s := o.Shard
		s.Index = i
		shards[i] = CountPlan{Shard: s, IDs: ids[i], Units: r.Units, UnitsTotal: units, Workers: r.Workers,
			Projected: r.Projected, Memory: r.PeakMemory, Whole: w.Peak, Limit: slimit, Fits: r.PeakMemory <= slimit}
	}
	return whole, shards, nil
}
