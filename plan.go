package nqueens

import (
	"context"
	"errors"
	"fmt"

	"github.com/nqueens/nqueens/internal/run"
)

// A CountPlan is a count planned (Plan): what Count(ctx, N, opts) will
// count, on how many goroutines, in how much memory, and what the
// engine built for it, which its Estimate and Count use instead of
// building it again. Its methods must not run concurrently. The plans
// that CountPlan.Shards returns hold the figures only: their Estimate,
// Count and Shards fail.
type CountPlan struct {
	N      int    // the board size
	Method Method // the method that counts: MethodAuto's choice, never MethodAuto
	Shard  Shard  // the shard counted; the zero Shard for a whole count
	// Units is the number of work units the count (or shard) counts,
	// UnitsTotal the whole count's: 1 and 1 for the classic methods, 0
	// and 0 for n < 4 with MethodJoin, and for MethodKernel above
	// n = 32, whose units are not listed until it counts (Estimate
	// estimates them).
	Units, UnitsTotal int
	IDs               []int // a shard's units by ID; nil for a whole count
	Workers           int   // goroutines: CountOptions.Workers, fewer where the units are fewer or the memory is short
	Projected         bool  // MethodJoin builds projected tables (see internal/quadrant)
	// Memory is the planned peak in bytes (MethodKernel and the join:
	// the plan and each worker's scratch and tables; 0 for the classic
	// methods, and for MethodKernel above n = 32, whose Estimate
	// estimates it); Whole is the whole count's (0 for a MethodJoin
	// shard past MaxJoinN, which has no whole count); Limit is the
	// bound: CountOptions.MaxMemory, or 16 GiB, or 2 GiB for a
	// MethodJoin shard, and for MethodJoin less where the room this
	// process has (the available memory, memory cgroups, GOMEMLIMIT)
	// is less.
	Memory, Whole, Limit uint64
	// Fits reports whether Memory ≤ Limit: only MethodJoin refuses to
	// count a plan that does not fit (ErrMemory).
	Fits bool

	opts    CountOptions // as given, Method the one that counts
	workers int          // CountOptions.Workers, 0 made every core
	run     *run.Plan    // the engine's plan; nil for a classic method
	planned bool         // made by Plan: not CountPlan.Shards' figures
}

// errFigures is the error of Estimate and Count of a plan not made by
// Plan.
var errFigures = errors.New("this CountPlan holds figures only (CountPlan.Shards, or not made by Plan): plan the count with Plan")

// Plan plans Count(ctx, n, opts) without counting: it checks n and
// opts once (its errors are Count's), chooses the method for
// MethodAuto (below), and builds what the engine needs before it counts
// (the kernel's plan of units, the join's unit and memory plans); the
// plan's Estimate and Count use them. It returns ctx's error when ctx
// is done: planning the join's shards past MaxJoinN takes minutes
// (a counting walk of the quadrant, the units' prices), and stops
// within a second.
//
// MethodAuto picks MethodJoin for 18 ≤ n ≤ MaxJoinN when its plan
// fits MaxMemory (0: a share of the memory this process may take, see
// autoLimit; the count then plans within it), else MethodKernel; for a
// Shard by n alone (the join with TotalOnly); for a Checkpoint the
// method that wrote it (its header is read once); with DeviceGPU
// MethodKernel.
func Plan(ctx context.Context, n int, opts CountOptions) (*CountPlan, error) {
	return plan(ctx, n, opts, false)
}

// plan is Plan; countOnly: the plan is counted at once (Count), so the
// engines build only what counting needs (run.Options.CountOnly).
func plan(ctx context.Context, n int, opts CountOptions, countOnly bool) (*CountPlan, error) {
	if err := checkN(n); err != nil {
		return nil, err
	}
	if _, err := ParseMethod(string(opts.Method)); err != nil {
		return nil, err
	}
	workers, err := run.Workers(opts.Workers)
	if err != nil {
		return nil, err
	}
	if err := opts.Shard.check(); err != nil {
		return nil, err
	}
	if opts.Device == DeviceGPU && opts.Method == MethodAuto {
		opts.Method = MethodKernel
	}
	var rp *run.Plan
	auto := opts.Method == MethodAuto
	if auto {
		if opts.Method, rp, err = choose(ctx, n, opts, workers, countOnly); err != nil {
			return nil, err
		}
	}
	m := opts.Method
	if err := checkDevice(opts.Device, m); err != nil {
		return nil, err
	}
	e := run.ByMethod(string(m))
	if e == nil && (opts.Checkpoint != "" || opts.Shard != (Shard{})) {
		return nil, fmt.Errorf("method %s: checkpoints and shards need the %s or %s method", m, MethodKernel, MethodJoin)
	}
	if run.AutoGPU(n, string(m), auto && opts.Checkpoint == "", opts.run(workers)) {
		// DeviceAuto, a GPU usable and estimated faster (run.AutoGPU).
		m, e, rp = MethodKernel, run.ByMethod(string(MethodKernel)), nil
		opts.Method, opts.Device = MethodKernel, DeviceGPU
	}
	p := &CountPlan{N: n, Method: m, opts: opts, workers: workers, planned: true}
	if e == nil {
		p.Units, p.UnitsTotal, p.Workers, p.Limit, p.Fits = 1, 1, 1, run.DefaultMaxMemory, true
		return p, nil
	}
	if rp == nil {
		ro := opts.run(workers)
		ro.CountOnly = countOnly
		if rp, err = e.Plan(ctx, n, ro); err != nil {
			return nil, err
		}
	}
	p.run = rp
	p.setFigures(rp.CountPlan)
	return p, nil
}

// setFigures sets p's exported figures from the engine's.
func (p *CountPlan) setFigures(r run.CountPlan) {
	p.Shard, p.Units, p.UnitsTotal, p.IDs = Shard(r.Shard), r.Units, r.UnitsTotal, r.IDs
	p.Workers, p.Projected, p.Memory, p.Whole, p.Limit, p.Fits = r.Workers, r.Projected, r.Memory, r.Whole, r.Limit, r.Fits
}

// Shards returns the plan of every shard of the split s (its Count M
// and Replicas; Index aside) of the plan's count, from one walk of the
// units: each shard's units, goroutines and memory, with Whole the whole
// count's planned peak, as each shard's count would plan them with
// CountOptions.Workers and MaxMemory as given (not within this
// machine's room: a plan for other machines too). MethodKernel above
// n = 32, whose units are not listed, shares the units its last
// Estimate estimated (IDs nil). It returns nil for the zero Shard; its
// error for n whose units are not listed (n < 4, MethodKernel above
// n = 32 before an Estimate) wraps ErrSize, for an M above R × the
// units ErrShard, and it returns ctx's error when ctx is done. The
// plans hold figures only.
func (p *CountPlan) Shards(ctx context.Context, s Shard) ([]CountPlan, error) {
	if !p.planned {
		return nil, errFigures
	}
	if s == (Shard{}) {
		return nil, nil
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	if p.run == nil {
		return nil, fmt.Errorf("%w: method %s has no shards", ErrShard, p.Method)
	}
	_, shards, err := p.run.Shards(ctx, run.Shard(s))
	if err != nil {
		return nil, err
	}
	out := make([]CountPlan, len(shards))
	for i, s := range shards {
		out[i] = CountPlan{N: p.N, Method: p.Method}
		out[i].setFigures(s)
	}
	return out, nil
}
