package nqueens

import (
	"context"

	"github.com/nqueens/nqueens/internal/run"
)

// joinFrom is the smallest n at which MethodAuto picks the join: below
// it the kernel is as fast and needs a fraction of the join's memory
// (docs/BENCHMARKS.md).
const joinFrom = 18

// autoShare is the share of the available memory that the join's
// planned peak may take for MethodAuto to pick it when
// CountOptions.MaxMemory is 0; unknownMemory stands for the available
// memory where it cannot be read (not Linux).
const (
	autoShare     = 0.5
	unknownMemory = 8 << 30
)

// ChooseMethod returns the method Count(ctx, n, opts) runs: for
// MethodAuto, MethodJoin for 18 ≤ n ≤ MaxQuadrantN when its plan fits
// MaxMemory (0: half the available memory), else MethodKernel; a Shard
// by n alone (the join with TotalOnly), a Checkpoint by its writer.
func ChooseMethod(n int, opts CountOptions) Method {
	if opts.Method != MethodAuto {
		return opts.Method
	}
	inJoin := n >= joinFrom && n <= MaxQuadrantN
	if opts.Shard != (Shard{}) {
		if opts.TotalOnly && inJoin {
			return MethodJoin
		}
		return MethodKernel
	}
	if opts.Checkpoint != "" {
		if cn, m, err := checkpointMethod(opts.Checkpoint); err == nil && cn == n && m != "" {
			return m
		}
	}
	if !inJoin {
		return MethodKernel
	}
	limit := opts.MaxMemory
	if limit == 0 {
		avail, known := availableMemory()
		if !known {
			avail = unknownMemory
		}
		limit = uint64(float64(avail) * autoShare)
	}
	qp, err := Plan(context.Background(), n, CountOptions{Method: MethodJoin, Workers: opts.Workers, MaxMemory: limit})
	if err != nil || !qp.Fits {
		return MethodKernel
	}
	return MethodJoin
}

// availableMemory returns the memory the system says is available for
// new work without swapping, and false where it cannot tell; a variable
// for the tests.
var availableMemory = run.MemAvailable

// checkpointMethod returns the board size and method of the count that
// wrote the checkpoint at path (run.CheckpointMethod).
func checkpointMethod(path string) (n int, m Method, err error) {
	n, s, err := run.CheckpointMethod(path)
	return n, Method(s), err
}
