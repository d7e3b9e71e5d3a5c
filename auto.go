package nqueens

import (
	"context"

	"github.com/nqueens/nqueens/internal/memlimit"
	"github.com/nqueens/nqueens/internal/run"
)

// joinFrom is the smallest n at which MethodAuto picks the join: below
// it the kernel is as fast and needs a fraction of the join's memory
// (docs/BENCHMARKS.md).
const joinFrom = 18

// autoShare is the share of the available memory that the join's
// planned peak may take for MethodAuto to pick it when
// CountOptions.MaxMemory is 0 (see autoLimit); unknownMemory stands for
// the available memory where it cannot be read (not Linux, without
// GOMEMLIMIT).
const (
	autoShare     = 0.5
	unknownMemory = 8 << 30
)

// choose chooses the method of MethodAuto for a count of n with opts
// on workers goroutines (see Plan) and returns, where it planned the
// join to see whether it fits, that plan, which the count keeps
// (countOnly: run.Options.CountOnly).
func choose(ctx context.Context, n int, opts CountOptions, workers int, countOnly bool) (Method, *run.Plan, error) {
	inJoin := n >= joinFrom && n <= MaxJoinN
	if opts.Shard != (Shard{}) {
		if opts.TotalOnly && inJoin {
			return MethodJoin, nil, nil
		}
		return MethodKernel, nil, nil
	}
	if opts.Checkpoint != "" {
		if cn, m, err := checkpointMethod(opts.Checkpoint); err == nil && cn == n && m != "" {
			return m, nil, nil
		}
	}
	if !inJoin {
		return MethodKernel, nil, nil
	}
	if opts.MaxMemory == 0 {
		opts.MaxMemory = autoLimit(availableMemory())
	}
	ro := opts.run(workers)
	ro.CountOnly = countOnly
	p, err := run.ByMethod(string(MethodJoin)).Plan(ctx, n, ro)
	switch {
	case err != nil && ctx.Err() != nil:
		return "", nil, err
	case err != nil || !p.Fits:
		return MethodKernel, nil, nil
	}
	return MethodJoin, p, nil
}

// autoLimit returns the bound MethodAuto's join must plan within where
// CountOptions.MaxMemory is 0, from the room the process has (r): where
// the system's available memory is the least bound, autoShare of it (the
// machine is shared); where a memory cgroup's limit or GOMEMLIMIT leaves
// less, the job's own allotment, what a join count plans within of it
// (run.RoomBudget), as an explicit -method join does; unknownMemory's
// autoShare where nothing is known.
func autoLimit(r memlimit.Room) uint64 {
	switch {
	case !r.Known:
		return uint64(unknownMemory * autoShare)
	case r.By == memlimit.ByCgroup || r.By == memlimit.ByGo:
		return run.RoomBudget(r.Bytes)
	}
	return uint64(float64(r.Bytes) * autoShare)
}

// availableMemory returns the memory this process may still take
// without swapping: the least of what the system says is available, the
// room its memory cgroups' limits leave and GOMEMLIMIT's, and which
// bound it (run.Room, memlimit.Read); a variable for the tests.
var availableMemory = func() memlimit.Room { return run.Room() }

// checkpointMethod returns the board size and method of the count that
// wrote the checkpoint at path (run.CheckpointMethod).
func checkpointMethod(path string) (n int, m Method, err error) {
	n, s, err := run.CheckpointMethod(path)
	return n, Method(s), err
}
