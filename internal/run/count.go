package run

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/tally"
)

// Count counts with e the units sel (those of opts.Shard) and returns
// res (its N, Method and Device set by the caller) with the totals,
// resuming from and recording to opts.Checkpoint, reporting to
// opts.Progress (Elapsed from the call), and checks a whole count's
// totals (Engine.Burnside). It is the one orchestration of every
// engine: the engine is called once per unit, never per node.
func Count(ctx context.Context, e Engine, sel []int, opts Options, res Result) (_ Result, err error) {
	start := time.Now()
	costs := e.Costs()
	res.Units, res.Shard = len(sel), opts.Shard
	keep := opts.Shard != (Shard{})
	if keep {
		res.PlanDigest = e.Digest() // for ShardRecord
	}
	var prior map[int]checkpoint.Record
	var cp *checkpoint.File
	if opts.Checkpoint != "" {
		if res.PlanDigest == "" {
			res.PlanDigest = e.Digest()
		}
		h := checkpoint.Header{N: res.N, Version: e.Info().UnitsVersion, Plan: res.PlanDigest, Units: len(costs)}
		if cp, prior, err = OpenCheckpoint(opts.Checkpoint, h, e.CheckRecord, opts.Notice); err != nil {
			return Result{}, err
		}
		defer closeCheckpoint(cp, &err)
	}
	prog := Progress{N: res.N, UnitsTotal: len(sel)}
	var overflow bool
	all := make([]tally.UnitResult, 0, len(sel)) // UnitResults, and to find a unit at fault
	add := func(u tally.UnitResult) {
		var o1, o2 bool
		prog.Solutions, o1 = prog.Solutions.Add64(u.Total)
		prog.Unique, o2 = prog.Unique.Add64(u.Unique)
		overflow = overflow || o1 || o2
		prog.UnitsDone++
		prog.CostDone += costs[u.ID]
		all = append(all, u)
	}
	todo := make([]int, 0, len(sel)) // not nil: nil would count every unit
	for _, id := range sel {
		c := costs[id]
		prog.CostTotal += c
		if r, ok := prior[id]; ok {
			add(tally.UnitResult{ID: id, Total: r.Total, Unique: r.Unique, Nodes: r.Nodes})
			prog.Resumed++
			prog.CostResumed += c
			continue
		}
		todo = append(todo, id)
	}
	res.Resumed = prog.Resumed
	if opts.Progress != nil {
		prog.Elapsed = time.Since(start)
		opts.Progress(prog)
	}
	var cpErr error
	err = e.Count(ctx, todo, opts.Workers, func(u tally.UnitResult) error {
		if cp != nil {
			if err := cp.Append(checkpoint.Record{Unit: u.ID, Total: u.Total, Unique: u.Unique, Nodes: u.Nodes}); err != nil {
				cpErr = err
				return err
			}
		}
		add(u)
		prog.Nodes += u.Nodes // by this run: resumed units' nodes are not
		if opts.Progress != nil {
			prog.Elapsed = time.Since(start)
			opts.Progress(prog)
		}
		return nil
	})
	if err != nil {
		if cpErr != nil && ctx.Err() == nil {
			return Result{}, cpErr // a checkpoint write failed
		}
		return Result{}, err
	}
	if overflow {
		return Result{}, fmt.Errorf("n = %d: the count overflowed 128 bits", res.N)
	}
	slices.SortFunc(all, func(a, b tally.UnitResult) int { return a.ID - b.ID })
	res.Solutions, res.Unique, res.Nodes = prog.Solutions, prog.Unique, prog.Nodes
	if keep {
		res.UnitResults = all
		return res, nil // a shard is checked as a whole when it is merged
	}
	read := func(id int) bool { _, ok := prior[id]; return ok }
	if err := e.Burnside(ctx, &res, all, read, opts.Checkpoint); err != nil {
		return Result{}, err
	}
	return res, nil
}
