package nqueens

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/nqueens/nqueens/internal/checkpoint"
)

// countEngine counts with e the units sel (those of opts.Shard) into
// res, resuming from and recording to opts.Checkpoint, reporting to
// opts.Progress, and checks a whole count's totals (engine.burnside).
// It is the one orchestration of every engine: the engine is called
// once per unit, never per node.
func countEngine(ctx context.Context, e engine, sel []int, opts CountOptions, res *Result, start time.Time) (err error) {
	costs := e.costs()
	res.Units, res.Shard = len(sel), opts.Shard
	keep := opts.Shard != (Shard{})
	if keep {
		res.planDigest = e.digest() // for ShardRecord
	}
	var prior map[int]checkpoint.Record
	var cp *checkpoint.File
	if opts.Checkpoint != "" {
		if res.planDigest == "" {
			res.planDigest = e.digest()
		}
		h := checkpoint.Header{N: res.N, Version: e.unitsVersion(), Plan: res.planDigest, Units: len(costs)}
		if cp, prior, err = openCheckpoint(opts.Checkpoint, h, e.checkRecord, opts.Notice); err != nil {
			return err
		}
		defer closeCheckpoint(cp, &err)
	}
	prog := Progress{N: res.N, UnitsTotal: len(sel)}
	var overflow bool
	all := make([]UnitCount, 0, len(sel)) // UnitResults, and to find a unit at fault
	add := func(u UnitCount) {
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
			add(UnitCount{ID: id, Total: r.Total, Unique: r.Unique, Nodes: r.Nodes})
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
	err = e.count(ctx, todo, opts.Workers, func(u UnitCount) error {
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
			return cpErr // a checkpoint write failed
		}
		return err
	}
	if overflow {
		return fmt.Errorf("n = %d: the count overflowed 128 bits", res.N)
	}
	slices.SortFunc(all, func(a, b UnitCount) int { return a.ID - b.ID })
	res.Solutions, res.Unique, res.Nodes = prog.Solutions, prog.Unique, prog.Nodes
	if keep {
		res.UnitResults = all
		return nil // a shard is checked as a whole when it is merged
	}
	read := func(id int) bool { _, ok := prior[id]; return ok }
	return e.burnside(ctx, res, all, read, opts.Checkpoint)
}
