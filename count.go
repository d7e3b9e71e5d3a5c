package nqueens

import (
	"context"
	"fmt"
	"time"

	"github.com/nqueens/nqueens/internal/classic"
	"github.com/nqueens/nqueens/internal/run"
)

// CountOptions tunes Count and Plan; the zero value counts by the
// fastest method that fits (MethodAuto: see Plan) on every core. Checkpoint and Shard need
// MethodKernel or MethodJoin; docs/LONG-COUNTS.md tells how to use them.
type CountOptions struct {
	Workers   int    // goroutines; 0: runtime.NumCPU() (the classic methods use one)
	Method    Method // MethodAuto: Plan's choice
	TotalOnly bool   // only Solutions is wanted: MethodAuto may pick the join for a Shard

	// Progress, if not nil, is called at the start and after each work
	// unit, one call at a time; it must return quickly.
	Progress func(Progress)
	// Checkpoint, if not "", names a file where finished units are
	// recorded durably; a count that finds it resumes from it, exact. A
	// file of another count, or damaged, is refused (ErrCheckpoint); a
	// torn last record is dropped and told to Notice.
	Checkpoint string
	Notice     func(string) // one-line notices that are not errors
	// Shard, if not the zero value, counts that part of the count only,
	// with Result.UnitResults for Result.ShardRecord.
	Shard Shard
	// MaxMemory bounds MethodJoin's planned peak in bytes; a count that
	// does not fit fails with ErrMemory. 0: 16 GiB, a shard 2 GiB, and
	// within what the process may still take (the available memory, its
	// memory cgroups' limits, GOMEMLIMIT) less a margin: a whole count
	// plans within it, a shard lowers its workers to fit.
	MaxMemory uint64
	// SoftMemoryLimit, for MethodJoin, sets the process's soft memory
	// limit to the planned peak while Count runs (docs/BENCHMARKS.md);
	// leave it off where counts share a process.
	SoftMemoryLimit bool
	// Device is where MethodKernel counts (DeviceAuto: the CPU, for
	// now); DeviceGPU makes MethodAuto MethodKernel and refuses another
	// method. See Device.
	Device Device
}

// A Result is the outcome of a count (Count, CountPlan.Count).
type Result struct {
	N         int     // the board size
	Solutions Uint128 // the solutions counted: A000170(N), or a shard's part of it
	// Unique is the solutions up to symmetry, A002562(N), when
	// UniqueCounted: counted by MethodKernel and the classic methods,
	// derived from Solutions by Burnside's lemma for MethodJoin (n ≤ 32,
	// a whole count); else 0.
	Unique Uint128
	// Nodes is the search nodes this run visited (resumed units' nodes
	// not included); 0 for MethodJoin, which counts by joins, not nodes.
	Nodes   uint64
	Elapsed time.Duration // the time the count took (Count: with its Plan)
	Method  Method        // the method that counted, never MethodAuto
	// Units is the number of work units counted (those of the shard;
	// 1 for the classic methods), Resumed how many of them were read
	// from the checkpoint instead of counted.
	Units, Resumed int
	Shard          Shard // the shard counted; the zero Shard for a whole count
	// UnitResults holds each unit's result, ascending by ID, for a
	// shard (Result.ShardRecord); nil for a whole count.
	UnitResults []UnitResult
	Device      Device // MethodKernel's: DeviceCPU or DeviceGPU; "" for the other methods
	GPUs        []GPU  // DeviceGPU's devices that counted (none when every unit was resumed)

	planDigest string // of a MethodJoin count's plan, for ShardRecord
	burnside   bool   // Unique derived from Solutions (MethodJoin)
}

// UniqueCounted reports whether Unique is counted: not for a MethodJoin shard or n > 32.
func (r Result) UniqueCounted() bool { return r.Method != MethodJoin || r.burnside }

func checkN(n int) error {
	if n < 0 || n > MaxN {
		return fmt.Errorf("%w: n = %d is outside 0..%d", ErrSize, n, MaxN)
	}
	return nil
}

// Count returns the number of solutions of the n×n board, 0 ≤ n ≤ MaxN,
// in all (A000170) and up to symmetry (A002562), exact: Plan, then
// CountPlan.Count (MethodAuto: Plan's choice; the plan builds only
// what counting needs); n = 0 has one, n = 2 and 3 none. What it reads back is checked (internal/run's doc.go). It
// returns ctx.Err() promptly when ctx ends. Result.Elapsed includes the
// planning.
func Count(ctx context.Context, n int, opts CountOptions) (Result, error) {
	start := time.Now()
	p, err := plan(ctx, n, opts, true)
	if err != nil {
		return Result{}, err
	}
	res, err := p.Count(ctx)
	if err != nil {
		return Result{}, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// Count counts the plan (Plan): the units of its shard, or every unit,
// resuming from and recording to its checkpoint, with its options'
// Progress and Notice. Its errors are Count's; Result.Elapsed is the
// time it took. It fails for a plan not made by Plan.
func (p *CountPlan) Count(ctx context.Context) (Result, error) {
	if !p.planned {
		return Result{}, errFigures
	}
	start := time.Now()
	if p.run != nil {
		rr, err := p.run.Count(ctx)
		if err != nil {
			return Result{}, err
		}
		res := fromRun(rr)
		res.Elapsed = time.Since(start)
		return res, nil
	}
	n, m, progress := p.N, p.Method, p.opts.Progress
	res := Result{N: n, Method: m, Units: 1}
	if progress != nil {
		progress(Progress{N: n, UnitsTotal: 1, CostTotal: 1})
	}
	sols, unique, nodes, err := classic.Count(ctx, n, string(m), func(cols []int) bool { return isCanonical(cols) })
	if err != nil {
		return Result{}, err
	}
	res.Solutions, res.Unique, res.Nodes = Uint128{Lo: sols}, Uint128{Lo: unique}, nodes
	if progress != nil {
		progress(Progress{N: n, UnitsDone: 1, UnitsTotal: 1, CostDone: 1, CostTotal: 1,
			Solutions: res.Solutions, Unique: res.Unique, Nodes: res.Nodes, Elapsed: time.Since(start)})
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// run returns the options as internal/run takes them, on workers
// goroutines.
func (o CountOptions) run(workers int) run.Options {
	ro := run.Options{Workers: workers, Checkpoint: o.Checkpoint, Notice: o.Notice, Shard: run.Shard(o.Shard),
		MaxMemory: o.MaxMemory, SoftMemoryLimit: o.SoftMemoryLimit, Device: string(o.Device)}
	if p := o.Progress; p != nil {
		ro.Progress = func(x run.Progress) {
			p(Progress{N: x.N, UnitsDone: x.UnitsDone, UnitsTotal: x.UnitsTotal, Resumed: x.Resumed,
				CostDone: x.CostDone, CostTotal: x.CostTotal, CostResumed: x.CostResumed,
				Solutions: Uint128(x.Solutions), Unique: Uint128(x.Unique), Nodes: x.Nodes, Elapsed: x.Elapsed})
		}
	}
	return ro
}

// fromRun returns the Result of an engine's count.
func fromRun(r run.Result) Result {
	res := Result{N: r.N, Method: Method(r.Method), Solutions: Uint128(r.Solutions), Unique: Uint128(r.Unique), Nodes: r.Nodes,
		Units: r.Units, Resumed: r.Resumed, Shard: Shard(r.Shard), planDigest: r.PlanDigest, burnside: r.Burnside,
		Device: Device(r.Device)}
	for _, g := range r.GPUs {
		res.GPUs = append(res.GPUs, GPU{Name: g.Name, Memory: g.Memory, Capability: g.Capability, Driver: g.Driver})
	}
	if r.UnitResults != nil {
		res.UnitResults = make([]UnitResult, len(r.UnitResults))
		for i, u := range r.UnitResults {
			res.UnitResults[i] = UnitResult(u)
		}
	}
	return res
}
