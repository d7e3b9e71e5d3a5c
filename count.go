package nqueens

import (
	"context"
	"fmt"
	"time"

	"github.com/nqueens/nqueens/internal/classic"
	"github.com/nqueens/nqueens/internal/run"
)

// CountOptions tunes Count; the zero value counts by the fastest method
// that fits (ChooseMethod) on every core. Checkpoint and Shard need
// MethodKernel or MethodJoin; docs/LONG-COUNTS.md tells how to use them.
type CountOptions struct {
	Workers   int    // goroutines; 0: runtime.NumCPU() (the classic methods use one)
	Method    Method // MethodAuto: ChooseMethod's
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
	// Device is where MethodKernel counts; DeviceGPU makes MethodAuto
	// MethodKernel and refuses another method; DeviceAuto counts on the
	// GPU where one is usable and estimated faster (see Device).
	Device Device
}

// A Result is the outcome of Count; Unique holds A002562(N) when
// UniqueCounted, and UnitResults each unit's result for a shard.
type Result struct {
	N                 int
	Solutions, Unique Uint128
	Nodes             uint64
	Elapsed           time.Duration
	Method            Method
	Units, Resumed    int
	Shard             Shard
	UnitResults       []UnitResult
	Device            Device // MethodKernel's: DeviceCPU or DeviceGPU; "" for the other methods
	GPUs              []GPU  // DeviceGPU's devices that counted (none when every unit was resumed)

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
// in all (A000170) and up to symmetry (A002562), exact, by ChooseMethod's
// method; n = 0 has one, n = 2 and 3 none. What it reads back is checked
// (internal/run's doc.go). It returns ctx.Err() promptly when ctx ends.
func Count(ctx context.Context, n int, opts CountOptions) (Result, error) {
	m, e, ro, err := opts.normalize(n)
	if err != nil {
		return Result{}, err
	}
	if m == MethodJoin {
		ro = run.WithinRoom(ro)
		defer run.SoftLimit(n, ro)()
	}
	start := time.Now()
	res := Result{N: n, Method: m, Units: 1}
	if e != nil {
		rr := run.Result{N: n, Method: string(m), Units: 1}
		pe, sel, err := e.Plan(ctx, n, ro, &rr)
		if err != nil {
			return Result{}, err
		}
		if pe != nil {
			if err := run.Count(ctx, pe, sel, ro, &rr, start); err != nil {
				return Result{}, err
			}
		}
		res = fromRun(rr)
	} else {
		if opts.Progress != nil {
			opts.Progress(Progress{N: n, UnitsTotal: 1, CostTotal: 1})
		}
		sols, unique, nodes, err := classic.Count(ctx, n, string(m), func(cols []int) bool { return isCanonical(cols) })
		if err != nil {
			return Result{}, err
		}
		res.Solutions, res.Unique, res.Nodes = Uint128{Lo: sols}, Uint128{Lo: unique}, nodes
		if opts.Progress != nil {
			opts.Progress(Progress{N: n, UnitsDone: 1, UnitsTotal: 1, CostDone: 1, CostTotal: 1,
				Solutions: res.Solutions, Unique: res.Unique, Nodes: res.Nodes, Elapsed: time.Since(start)})
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// normalize checks n and o as Count does, once for Count, Plan and
// Estimate, and returns the method that runs, its engine (nil for the
// classic methods) and the options as internal/run takes them.
func (o CountOptions) normalize(n int) (Method, run.Engine, run.Options, error) {
	if err := checkN(n); err != nil {
		return "", nil, run.Options{}, err
	}
	if _, err := ParseMethod(string(o.Method)); err != nil {
		return "", nil, run.Options{}, err
	}
	workers, err := run.Workers(o.Workers)
	if err != nil {
		return "", nil, run.Options{}, err
	}
	if err := o.Shard.check(); err != nil {
		return "", nil, run.Options{}, err
	}
	if o.Device == DeviceGPU && o.Method == MethodAuto {
		o.Method = MethodKernel
	}
	m := ChooseMethod(n, o)
	if err := checkDevice(o.Device, m); err != nil {
		return "", nil, run.Options{}, err
	}
	e := run.ByMethod(string(m))
	if e == nil && (o.Checkpoint != "" || o.Shard != (Shard{})) {
		return "", nil, run.Options{}, fmt.Errorf("method %s: checkpoints and shards need the %s or %s method", m, MethodKernel, MethodJoin)
	}
	o.Workers = workers
	if run.AutoGPU(n, string(m), o.Method == MethodAuto && o.Checkpoint == "", o.run()) {
		m, e, o.Device = MethodKernel, run.ByMethod(string(MethodKernel)), DeviceGPU
	}
	return m, e, o.run(), nil
}

// run returns the options as internal/run takes them.
func (o CountOptions) run() run.Options {
	ro := run.Options{Workers: o.Workers, Checkpoint: o.Checkpoint, Notice: o.Notice, Shard: run.Shard(o.Shard),
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
