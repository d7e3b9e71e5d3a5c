package nqueens

import (
	"errors"
	"fmt"

	"github.com/nqueens/nqueens/internal/quadrant"
	"github.com/nqueens/nqueens/internal/run"
)

// DefaultShardMemory is the memory bound of a shard of a count with
// MethodJoin when CountOptions.MaxMemory is 0: 2 GiB, where a whole
// count has 16 GiB. Every shard of every n up to MaxQuadrantN fits it
// (one worker without projected tables needs at most about 1.7 GiB, at
// n = 24 and 25). Without a MaxMemory a shard lists its units' rows as
// it goes instead of building tables, with as many workers as fit (at
// n = 24 in 64 shards, one): at n = 22, shard 11 of 16 peaked at 132 MiB
// against the whole count's 625 MiB, at the CPU time the tables take.
// With a MaxMemory it keeps the projected tables and its workers while
// they fit, as a whole count does within its bound.
const DefaultShardMemory = quadrant.DefaultShardMemory

// PlanQuadrantShards returns what PlanQuadrant(n, opts) returns for each
// shard i/M of opts.Shard, i = 0..M−1 (its Index is ignored; Count and
// Replicas apply), and the units of each (as ShardUnits), without
// counting. Where PlanQuadrant walks the quadrant's placements for each
// shard, it walks them once (a walk that counts only, on all cores) and
// plans every shard from those counts, on all cores: about a second at
// n = 22 and a few seconds at n = 24 on two cores. A shard over its
// limit is no error: its Fits is false. Limit is the bound the count
// plans within, DefaultShardMemory when opts.MaxMemory is 0.
func PlanQuadrantShards(n int, opts CountOptions) ([]QuadrantPlan, [][]int, error) {
	if n < 4 || n > MaxQuadrantN {
		return nil, nil, fmt.Errorf("%w: method join has units for n = 4..%d, not n = %d", ErrSize, MaxQuadrantN, n)
	}
	sh := opts.Shard
	if sh.Count < 1 {
		return nil, nil, fmt.Errorf("%w %d/%d: M must be at least 1", ErrShard, sh.Index, sh.Count)
	}
	sh.Index = 0
	if err := sh.check(); err != nil {
		return nil, nil, err
	}
	workers, err := run.Workers(opts.Workers)
	if err != nil {
		return nil, nil, err
	}
	qo := quadrant.Options{Workers: workers, MaxMemory: opts.MaxMemory}
	p, err := quadrant.NewBucketPlan(n)
	if err != nil {
		return nil, nil, err
	}
	units := len(p.Units())
	// The whole count's plan, as PlanQuadrant's (EstimateMemory): its
	// goroutines are at most one per unit.
	whole, err := quadrant.PlanMemory(n, max(1, min(qo.Workers, units)), opts.MaxMemory)
	if err != nil && !errors.Is(err, quadrant.ErrMemory) {
		return nil, nil, err
	}
	if err := run.CheckShardCount(units, run.Shard(sh)); err != nil {
		return nil, nil, err
	}
	ids := p.Shards(sh.Count, sh.replicas())
	res, err := p.PlanShards(ids, qo)
	if err != nil {
		return nil, nil, err
	}
	limit := opts.MaxMemory
	if limit == 0 {
		limit = DefaultShardMemory
	}
	out := make([]QuadrantPlan, len(res))
	for i, r := range res {
		s := sh
		s.Index = i
		out[i] = QuadrantPlan{N: n, Shard: s, Units: r.Units, UnitsTotal: units,
			Workers: r.Workers, Projected: r.Projected, Memory: r.PeakMemory,
			Whole: whole.Peak, Limit: limit, Fits: r.PeakMemory <= limit}
	}
	return out, ids, nil
}
