package nqueens

import (
	"errors"
	"testing"
)

// TestShardUnits checks the assignment ShardUnits reports against what
// Count counts: each unit in exactly R distinct shards, and a shard's
// result the sum of the units listed for it.
func TestShardUnits(t *testing.T) {
	for _, tc := range []struct {
		n    int
		m    Method
		k, r int
	}{
		{12, MethodKernel, 4, 1},
		{12, MethodKernel, 4, 2},
		{13, MethodJoin, 3, 3},
		{14, MethodJoin, 5, 2},
	} {
		got, err := ShardUnits(tc.n, tc.m, Shard{Count: tc.k, Replicas: tc.r})
		if err != nil {
			t.Fatalf("ShardUnits(%d, %s, %d×%d): %v", tc.n, tc.m, tc.k, tc.r, err)
		}
		if len(got) != tc.k {
			t.Fatalf("ShardUnits(%d, %s, %d×%d) has %d shards; want %d", tc.n, tc.m, tc.k, tc.r, len(got), tc.k)
		}
		where := map[int][]int{}
		for i, ids := range got {
			for _, id := range ids {
				where[id] = append(where[id], i)
			}
		}
		whole, err := Count(t.Context(), tc.n, CountOptions{Method: tc.m})
		if err != nil {
			t.Fatal(err)
		}
		if len(where) != whole.Units {
			t.Errorf("n=%d %s: %d distinct units over the shards; the count has %d", tc.n, tc.m, len(where), whole.Units)
		}
		for id, shards := range where {
			seen := map[int]bool{}
			for _, s := range shards {
				seen[s] = true
			}
			if len(shards) != tc.r || len(seen) != tc.r {
				t.Errorf("n=%d %s: unit %d is in shards %v; want %d distinct", tc.n, tc.m, id, shards, tc.r)
			}
		}
		for i, ids := range got {
			res, err := Count(t.Context(), tc.n, CountOptions{Method: tc.m, Shard: Shard{Index: i, Count: tc.k, Replicas: tc.r}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Units != len(ids) {
				t.Errorf("n=%d %s shard %d/%d×%d: Count counted %d units; ShardUnits lists %d", tc.n, tc.m, i, tc.k, tc.r, res.Units, len(ids))
			}
		}
	}
	if _, err := ShardUnits(12, MethodKernel, Shard{Count: 2, Replicas: 3}); !errors.Is(err, ErrShard) {
		t.Errorf("ShardUnits with R > M: %v; want ErrShard", err)
	}
}
