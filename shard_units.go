package nqueens

import (
	"fmt"

	"github.com/nqueens/nqueens/internal/run"
)

// ShardUnits returns the unit IDs that each of the s.Count shards of a
// count of n with method m (MethodKernel or MethodJoin; MethodAuto as
// ChooseMethod picks it for a shard) counts with
// s.Replicas, as Count assigns them: element i holds those of shard
// i/s.Count, in the IDs of CountEstimate.UnitSeconds. s.Index is
// ignored. It lists the plan (the kernel's is kept for the Count or
// Estimate that follows; MethodJoin's without its table), and fails for
// what Count refuses: n outside 4..32 for the kernel (above, its plan is
// not listed) or 4..MaxQuadrantN for the join, another method, or a bad
// shard.
func ShardUnits(n int, m Method, s Shard) ([][]int, error) {
	if s.Count < 1 {
		return nil, fmt.Errorf("%w %d/%d: M must be at least 1", ErrShard, s.Index, s.Count)
	}
	s.Index = 0
	if err := s.check(); err != nil {
		return nil, err
	}
	k := run.ByMethod(string(ChooseMethod(n, CountOptions{Method: m, Shard: Shard{Count: s.Count}})))
	if k == nil {
		return nil, fmt.Errorf("method %s: shards need the %s or %s method", m, MethodKernel, MethodJoin)
	}
	if err := k.Listed(n); err != nil {
		return nil, err
	}
	e, err := k.Units(n) // the kernel's is kept for the Count or Estimate that follows
	if err != nil {
		return nil, err
	}
	if err := run.CheckShardCount(len(e.Costs()), run.Shard(s)); err != nil {
		return nil, err
	}
	return e.Shards(s.Count, s.replicas()), nil
}
