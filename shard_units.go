package nqueens

import (
	"fmt"

	"github.com/nqueens/nqueens/internal/quadrant"
	"github.com/nqueens/nqueens/internal/shard"
)

// ShardUnits returns the unit IDs that each of the s.Count shards of a
// count of n with method m (Bitboard or Quadrant) counts with
// s.Replicas, as Count assigns them: element i holds those of shard
// i/s.Count, in the IDs of CountEstimate.UnitSeconds. s.Index is
// ignored. It lists the plan (the kernel's is kept for the Count or
// Estimate that follows; Quadrant's without its table), and fails for
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
	switch m.orDefault() {
	case Bitboard:
		if n < 4 || n > kernelListMax {
			return nil, fmt.Errorf("%w: the kernel's units are listed for n = 4..%d, not n = %d", ErrSize, kernelListMax, n)
		}
		p, err := kernelPlan(n, defaultWorkers())
		if err != nil {
			return nil, err
		}
		return shard.AssignReplicas(planCosts(p), s.Count, s.replicas()), nil
	case Quadrant:
		if n < 4 || n > MaxQuadrantN {
			return nil, fmt.Errorf("%w: method quadrant has units for n = 4..%d, not n = %d", ErrSize, MaxQuadrantN, n)
		}
		p, err := quadrant.NewUnitPlan(n)
		if err != nil {
			return nil, err
		}
		return p.Shards(s.Count, s.replicas()), nil
	}
	return nil, fmt.Errorf("method %s: shards need the %s or %s method", m, Bitboard, Quadrant)
}
