package nqueens

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/run"
)

// TestPlanShards checks the assignment Plan reports against what Count
// counts: each unit in exactly R distinct shards, and a shard's units
// those of its Result.UnitResults.
func TestPlanShards(t *testing.T) {
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
		p, err := Plan(context.Background(), tc.n, CountOptions{Method: tc.m, Shard: Shard{Count: tc.k, Replicas: tc.r}})
		if err != nil {
			t.Fatalf("Plan(%d, %s, %d×%d): %v", tc.n, tc.m, tc.k, tc.r, err)
		}
		shards, err := p.Shards(t.Context(), Shard{Count: tc.k, Replicas: tc.r})
		if err != nil {
			t.Fatalf("Plan(%d, %s, %d×%d).Shards: %v", tc.n, tc.m, tc.k, tc.r, err)
		}
		if len(shards) != tc.k {
			t.Fatalf("Plan(%d, %s, %d×%d) has %d shards; want %d", tc.n, tc.m, tc.k, tc.r, len(shards), tc.k)
		}
		if p.Method != tc.m || !slices.Equal(p.IDs, shards[0].IDs) || p.Units != shards[0].Units {
			t.Errorf("Plan(%d, %s, shard 0/%d): method %s, units %v; want %s, those of Shards[0] %v", tc.n, tc.m, tc.k, p.Method, p.IDs, tc.m, shards[0].IDs)
		}
		if _, err := shards[0].Count(t.Context()); !errors.Is(err, errFigures) {
			t.Errorf("Count of a plan of Shards: %v; want errFigures", err)
		}
		where := map[int][]int{}
		for i, sp := range shards {
			if sp.Units != len(sp.IDs) || sp.Shard != (Shard{Index: i, Count: tc.k, Replicas: tc.r}) {
				t.Errorf("n=%d %s shard %d: Units %d, Shard %v; want %d, %d/%d", tc.n, tc.m, i, sp.Units, sp.Shard, len(sp.IDs), i, tc.k)
			}
			for _, id := range sp.IDs {
				where[id] = append(where[id], i)
			}
		}
		whole, err := Count(t.Context(), tc.n, CountOptions{Method: tc.m})
		if err != nil {
			t.Fatal(err)
		}
		if len(where) != whole.Units || p.UnitsTotal != whole.Units {
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
		for i, sp := range shards {
			ids := sp.IDs
			res, err := Count(t.Context(), tc.n, CountOptions{Method: tc.m, Shard: Shard{Index: i, Count: tc.k, Replicas: tc.r}})
			if err != nil {
				t.Fatal(err)
			}
			counted := make([]int, len(res.UnitResults))
			for j, u := range res.UnitResults {
				counted[j] = u.ID
			}
			slices.Sort(counted)
			if !slices.Equal(counted, slices.Sorted(slices.Values(ids))) {
				t.Errorf("n=%d %s shard %d/%d×%d: Count counted units %v; Plan lists %v", tc.n, tc.m, i, tc.k, tc.r, counted, ids)
			}
		}
	}
	if _, err := Plan(context.Background(), 12, CountOptions{Method: MethodKernel, Shard: Shard{Count: 2, Replicas: 3}}); !errors.Is(err, ErrShard) {
		t.Errorf("Plan with R > M: %v; want ErrShard", err)
	}
}

// TestPlan checks a whole count's plan of each method, and what Plan
// refuses.
func TestPlan(t *testing.T) {
	for _, tc := range []struct {
		n     int
		opts  CountOptions
		want  Method
		units int
	}{
		{8, CountOptions{Method: MethodMatrix}, MethodMatrix, 1},
		{12, CountOptions{Method: MethodKernel, Workers: 3}, MethodKernel, 0},
		{16, CountOptions{Method: MethodJoin, Workers: 2}, MethodJoin, 0},
		{12, CountOptions{}, MethodKernel, 0},
	} {
		p, err := Plan(context.Background(), tc.n, tc.opts)
		if err != nil {
			t.Fatalf("Plan(%d, %+v): %v", tc.n, tc.opts, err)
		}
		res, err := Count(t.Context(), tc.n, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		if p.N != tc.n || p.Method != tc.want || p.Units != res.Units || p.UnitsTotal != res.Units || p.IDs != nil {
			t.Errorf("Plan(%d, %+v) = %+v; want method %s, %d units as Count's", tc.n, tc.opts, p, tc.want, res.Units)
		}
		if tc.opts.Method == MethodAuto && p.Method != chooseMethod(t, tc.n, tc.opts) {
			t.Errorf("Plan(%d, %+v): method %s; choose picks %s", tc.n, tc.opts, p.Method, chooseMethod(t, tc.n, tc.opts))
		}
		if !p.Fits || p.Workers < 1 || p.Workers > max(tc.opts.Workers, 1) && tc.opts.Workers != 0 {
			t.Errorf("Plan(%d, %+v): %d workers, fits %v", tc.n, tc.opts, p.Workers, p.Fits)
		}
		// The limit is 16 GiB, or for the join less where the room this
		// process has is less (a memory cgroup: CI's fresh step runs in
		// 4 GiB).
		limitOK := p.Limit == 16<<30 || tc.want == MethodJoin && p.Limit > 0 && p.Limit < 16<<30
		if tc.want != MethodMatrix && (p.Memory == 0 || p.Whole != p.Memory || !limitOK) {
			t.Errorf("Plan(%d, %+v): memory %d, whole %d, limit %d; want >0, the same, 16 GiB (the join: at most)", tc.n, tc.opts, p.Memory, p.Whole, p.Limit)
		}
	}
	for _, tc := range []struct {
		n    int
		opts CountOptions
		kind error
	}{
		{-1, CountOptions{}, ErrSize},
		{3, CountOptions{Method: MethodJoin, Shard: Shard{Count: 2}}, ErrSize},
		{MaxJoinN + 1, CountOptions{Method: MethodJoin}, ErrSize},
		{16, CountOptions{Method: MethodJoin, Shard: Shard{Count: 2, Replicas: 3}}, ErrShard},
		{16, CountOptions{Method: MethodJoin, Shard: Shard{Count: 1 << 20}}, ErrShard},
		{16, CountOptions{Workers: -1}, nil},
		{8, CountOptions{Method: MethodMatrix, Shard: Shard{Count: 2}}, nil},
		{8, CountOptions{Method: "nope"}, nil},
	} {
		_, err := Plan(context.Background(), tc.n, tc.opts)
		if err == nil || tc.kind != nil && !errors.Is(err, tc.kind) {
			t.Errorf("Plan(%d, %+v) error = %v; want one (%v)", tc.n, tc.opts, err, tc.kind)
		}
	}
	// Units not listed: the plan is made, its shards are not.
	for _, n := range []int{3, 33} {
		p, err := Plan(t.Context(), n, CountOptions{Method: MethodKernel})
		if err != nil {
			t.Fatalf("Plan(%d, kernel): %v", n, err)
		}
		if _, err := p.Shards(t.Context(), Shard{Count: 2}); !errors.Is(err, ErrSize) {
			t.Errorf("Plan(%d, kernel).Shards: %v; want ErrSize", n, err)
		}
	}
}

// TestCountPlansOnce: Count(ctx, 18, CountOptions{}) (MethodAuto: the
// join) builds each of the join's plans at most once before its first
// unit (internal/run's counted plans, run.Calls): one memory plan of the
// whole count (the choice's, which the count keeps), one whole plan, no
// unit plan (a count that is not estimated needs none) and no kernel
// plan; before the planned count was a value it built the unit plan
// once and the memory plan twice. The count stops at its first progress
// report, before any unit.
func TestCountPlansOnce(t *testing.T) {
	withMemory(t, 64<<30, true)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	before := run.Calls()
	_, err := Count(ctx, 18, CountOptions{Workers: 2, Progress: func(Progress) { cancel() }})
	after := run.Calls()
	got := run.PlanCalls{Kernel: after.Kernel - before.Kernel, Unit: after.Unit - before.Unit,
		Whole: after.Whole - before.Whole, Memory: after.Memory - before.Memory}
	if want := (run.PlanCalls{Whole: 1, Memory: 1}); got != want || !errors.Is(err, context.Canceled) {
		t.Errorf("Count(18) built %+v, %v; want %+v, context.Canceled", got, err, want)
	}
}

// TestPlanShardsEstimated: the kernel above n = 32 lists no units, so
// its plan's shards share the units its Estimate estimated, each with
// the memory of the whole plan's units and its own workers (what
// nqueens plan prints per shard; before, an Estimate of 1 ns for each
// shard size).
func TestPlanShardsEstimated(t *testing.T) {
	p, err := Plan(t.Context(), 33, CountOptions{Method: MethodKernel, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	est, err := p.Estimate(t.Context(), time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	shards, err := p.Shards(t.Context(), Shard{Count: 4, Replicas: 2})
	if err != nil || len(shards) != 4 {
		t.Fatalf("Shards after Estimate: %d plans, %v; want 4", len(shards), err)
	}
	for _, s := range shards {
		units := int(math.Round(float64(est.Units*2) / 4))
		if d := int64(s.Memory) - int64(est.Memory); s.Units != units || s.Workers != est.Workers || d < -1024 || d > 1024 || s.IDs != nil {
			t.Errorf("shard %s: %d units, %d workers, %d bytes; want %d, %d, about %d (the estimate's)", s.Shard, s.Units, s.Workers, s.Memory, units, est.Workers, est.Memory)
		}
	}
}
