package nqueens

import "github.com/nqueens/nqueens/internal/run"

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

// ChooseMethod returns the method Count(ctx, n, opts) runs: opts.Method,
// unless it is MethodAuto. For MethodAuto it is
//
//   - for a Shard, the join (MethodJoin) from n = 18 to MaxQuadrantN when
//     opts.TotalOnly is set, else the kernel (MethodKernel): by n alone, so
//     that every shard of a count picks the same method on every machine;
//   - for a Checkpoint that exists and is of n, the method that wrote it
//     (its header);
//   - the join from n = 18 to MaxQuadrantN when its planned peak memory
//     (Plan with opts.Workers) fits opts.MaxMemory, or, when that
//     is 0, half the memory the system reports available (MemAvailable;
//     8 GiB where it cannot tell): from n = 18 on it is several times
//     faster than the kernel, and Count derives its unique count by
//     Burnside's lemma (see Count);
//   - the kernel (MethodKernel) elsewhere.
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
	qp, err := Plan(n, CountOptions{Method: MethodJoin, Workers: opts.Workers, MaxMemory: limit})
	if err != nil || !qp.Fits {
		return MethodKernel
	}
	return MethodJoin
}

// availableMemory returns the memory the system says is available for
// new work without swapping, and false where it cannot tell; a variable
// for the tests.
var availableMemory = run.MemAvailable
