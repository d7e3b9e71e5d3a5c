package nqueens

import (
	"fmt"

	"github.com/nqueens/nqueens/internal/run"
)

// A CountPlan is what Count(ctx, N, opts) would do, planned without
// counting (Plan).
type CountPlan struct {
	N      int
	Method Method // the method Count runs: ChooseMethod(N, opts)
	Shard  Shard  // opts.Shard; the zero Shard for a whole count
	// Units is the number of work units the count (or the shard) has,
	// of UnitsTotal in the whole count; IDs are a shard's units (nil
	// for a whole count: all of them), as Result.UnitResults names them.
	Units, UnitsTotal int
	IDs               []int
	// Workers is the number of goroutines the count would run;
	// Projected, for MethodJoin, whether it builds projected tables
	// (else it streams its rows; internal/quadrant's doc.go).
	Workers   int
	Projected bool
	// Memory is the planned peak in bytes, Whole the whole count's with
	// the same options, and Limit the bound it plans within:
	// opts.MaxMemory, or by default 16 GiB (2 GiB for a shard of
	// MethodJoin). Fits reports whether Memory ≤ Limit; only MethodJoin
	// refuses to count when it does not (ErrMemory).
	Memory, Whole, Limit uint64
	Fits                 bool
	// Shards, when opts.Shard.Count = M ≥ 1, holds the plan of every
	// shard i/M, i = 0..M−1; Shards[opts.Shard.Index] is this one.
	Shards []CountPlan
}

// Plan plans Count(ctx, n, opts) without counting: its method, units,
// workers and memory and, for a Shard, those of every shard. It fails for
// what Count refuses, and with ErrSize where the units are not listed:
// n < 4, and n > 32 for MethodKernel.
func Plan(n int, opts CountOptions) (CountPlan, error) {
	if err := checkN(n); err != nil {
		return CountPlan{}, err
	}
	if _, err := ParseMethod(string(opts.Method)); err != nil {
		return CountPlan{}, err
	}
	workers, err := run.Workers(opts.Workers)
	if err != nil {
		return CountPlan{}, err
	}
	if err := opts.Shard.check(); err != nil {
		return CountPlan{}, err
	}
	m := ChooseMethod(n, opts)
	e := run.ByMethod(string(m))
	if e == nil {
		if opts.Checkpoint != "" || opts.Shard != (Shard{}) {
			return CountPlan{}, fmt.Errorf("method %s: checkpoints and shards need the %s or %s method", m, MethodKernel, MethodJoin)
		}
		return CountPlan{N: n, Method: m, Units: 1, UnitsTotal: 1, Workers: 1, Limit: run.DefaultMaxMemory, Fits: true}, nil
	}
	ro := opts.run()
	ro.Workers = workers
	whole, shards, err := e.Planned(n, ro)
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
