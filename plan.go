package nqueens

import (
	"context"

	"github.com/nqueens/nqueens/internal/run"
)

// A CountPlan is what Count(ctx, N, opts) would do (Plan): the method,
// the work units of the count (or shard) of UnitsTotal, a shard's unit
// IDs, its goroutines and, for MethodJoin, whether it builds projected
// tables; Memory is its planned peak in bytes, Whole the whole count's,
// Limit the bound (MaxMemory, or 16 GiB; 2 GiB for a MethodJoin shard),
// and Fits whether Memory ≤ Limit (only MethodJoin refuses to exceed
// it). Shards holds the plan of every shard of opts.Shard.Count.
type CountPlan struct {
	N                    int
	Method               Method
	Shard                Shard
	Units, UnitsTotal    int
	IDs                  []int
	Workers              int
	Projected            bool
	Memory, Whole, Limit uint64
	Fits                 bool
	Shards               []CountPlan
}

// Plan plans Count(ctx, n, opts) without counting. It fails as Count
// does, and with ErrSize where units are not listed: n < 4, or n > 32
// for MethodKernel. It returns ctx's error when ctx is done: planning
// the join's shards past MaxJoinN takes minutes (a counting walk of
// the quadrant, the units' prices, each shard's memory), and stops
// within a second.
func Plan(ctx context.Context, n int, opts CountOptions) (CountPlan, error) {
	m, e, ro, err := opts.normalize(n)
	if err != nil {
		return CountPlan{}, err
	}
	if e == nil {
		return CountPlan{N: n, Method: m, Units: 1, UnitsTotal: 1, Workers: 1, Limit: run.DefaultMaxMemory, Fits: true}, nil
	}
	whole, shards, err := e.Planned(ctx, n, ro)
	if err != nil {
		return CountPlan{}, err
	}
	p := fromRunPlan(n, m, whole)
	if shards != nil {
		p.Shards = make([]CountPlan, len(shards))
		for i, s := range shards {
			p.Shards[i] = fromRunPlan(n, m, s)
		}
		all := p.Shards
		p = all[opts.Shard.Index]
		p.Shards = all
	}
	return p, nil
}

func fromRunPlan(n int, m Method, p run.CountPlan) CountPlan {
	return CountPlan{N: n, Method: m, Shard: Shard(p.Shard), Units: p.Units, UnitsTotal: p.UnitsTotal, IDs: p.IDs,
		Workers: p.Workers, Projected: p.Projected, Memory: p.Memory, Whole: p.Whole, Limit: p.Limit, Fits: p.Fits}
}
