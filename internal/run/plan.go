package run

import (
	"context"
	"errors"
	"fmt"

	"github.com/nqueens/nqueens/internal/estimate"
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
// without counting (nqueens.CountPlan without N, Method and Shards).
type CountPlan struct {
	Shard                      Shard
	IDs                        []int // a shard's units; nil for a whole count
	Units, UnitsTotal, Workers int
	Projected                  bool
	Memory, Whole, Limit       uint64
	Fits                       bool
}

// checkPlanCount is CheckShardCount for a plan of every shard, whose
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

// Planned plans the kernel's count of n with o (o.Workers ≥ 1) and, for
// o.Shard.Count ≥ 1, each shard of it: the plan's units and, per
// worker, its scratch (estimate.KernelMemory).
func (kernelEngine) Planned(_ context.Context, n int, o Options) (CountPlan, []CountPlan, error) {
	if err := (kernelEngine{}).Listed(n); err != nil {
		return CountPlan{}, nil, err
	}
	p, err := KernelPlan(n, o.Workers)
	if err != nil {
		return CountPlan{}, nil, err
	}
	e := newKernel(p)
	units := len(e.c)
	limit := limitOr(o.MaxMemory, DefaultMaxMemory)
	plan := func(s Shard, ids []int, k int) CountPlan {
		w := max(1, min(o.Workers, k))
		mem := estimate.KernelMemory(units, w)
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

// Planned plans the join's memory for a count of n with o (o.Workers
// ≥ 1) without the quadrant table and, for o.Shard.Count ≥ 1, that of
// each shard, all from one counting walk of the quadrant
// (quadrant.Plan.PlanShards), as each shard's count plans it for its
// own units. It stops with ctx's error when ctx is done: at N = 28 the
// walk, the units' prices and the shards' plans take minutes.
func (joinEngine) Planned(ctx context.Context, n int, o Options) (CountPlan, []CountPlan, error) {
	if err := JoinUnitsN(n); err != nil {
		return CountPlan{}, nil, err
	}
	if err := joinN(n, o.Shard); err != nil {
		return CountPlan{}, nil, err
	}
	qo := quadrant.Options{Workers: o.Workers, MaxMemory: o.MaxMemory}
	limit := limitOr(o.MaxMemory, DefaultMaxMemory)
	if o.Shard.Count == 0 {
		w, err := quadrant.EstimateMemory(ctx, n, qo)
		if err != nil && !errors.Is(err, quadrant.ErrMemory) {
			return CountPlan{}, nil, err
		}
		return CountPlan{Units: w.Units, UnitsTotal: w.Units, Workers: w.Workers, Projected: w.Projected,
			Memory: w.PeakMemory, Whole: w.PeakMemory, Limit: limit, Fits: w.PeakMemory <= limit}, nil, nil
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
		w, err = quadrant.PlanMemory(n, max(1, min(o.Workers, units)), o.MaxMemory)
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
