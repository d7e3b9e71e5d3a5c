package run

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/nqueens/nqueens/internal/quadrant"
)

// TestJoinPlannedShards checks that the join's planned plans each shard
// from one walk as the shard's count plans it alone (joinEngine.Plan,
// from a walk of its own), with the units the count assigns
// (joinIDs), at N = 16..18 (16 with -short) and a few M, with and
// without a bound that makes the shards stream.
func TestJoinPlannedShards(t *testing.T) {
	top := 18
	if testing.Short() {
		top = 16
	}
	for n := 16; n <= top; n++ {
		up, err := quadrant.NewUnitPlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		for _, sh := range []Shard{{Count: 1}, {Count: 3}, {Count: 8, Replicas: 2}} {
			for _, limit := range []uint64{0, 3 << 20} {
				name := fmt.Sprintf("n=%d/m=%d/r=%d/limit=%d", n, sh.Count, sh.Replicas, limit)
				o := Options{Workers: 2, MaxMemory: limit, Shard: sh}
				whole, got, err := joinEngine{}.planned(context.Background(), n, o)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if len(got) != sh.Count {
					t.Fatalf("%s: %d plans; want %d", name, len(got), sh.Count)
				}
				o.Shard = Shard{}
				w, _, err := joinEngine{}.planned(context.Background(), n, o)
				if err != nil {
					t.Fatal(err)
				}
				if !equalPlans(whole, w) {
					t.Errorf("%s: whole count %+v; planned alone %+v", name, whole, w)
				}
				for i, g := range got {
					s := sh
					s.Index = i
					ids, err := joinIDs(up, s)
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(g.IDs, ids) {
						t.Errorf("%s shard %d: units differ from the count's", name, i)
					}
					sp, err := joinEngine{}.Plan(context.Background(), n, Options{Workers: 2, MaxMemory: limit, Shard: s})
					if err != nil {
						t.Fatal(err)
					}
					mp := quadrant.MemoryPlan{Peak: sp.Memory, Workers: sp.Workers, Projected: sp.Projected}
					wantLimit := limitOr(limit, DefaultShardMemory)
					want := CountPlan{Shard: s, IDs: g.IDs, Units: len(ids), UnitsTotal: len(up.Units()), Workers: mp.Workers,
						Projected: mp.Projected, Memory: mp.Peak, Whole: w.Memory, Limit: wantLimit, Fits: mp.Peak <= wantLimit}
					if !equalPlans(g, want) {
						t.Errorf("%s shard %d: planned %+v; alone %+v", name, i, g, want)
					}
				}
			}
		}
	}
}

func equalPlans(a, b CountPlan) bool { return reflect.DeepEqual(a, b) }

// TestPlannedErrors checks what the engines' planned refuses.
func TestPlannedErrors(t *testing.T) {
	for _, tc := range []struct {
		e interface {
			Info() info
			planned(context.Context, int, Options) (CountPlan, []CountPlan, error)
		}
		n int
		o Options
	}{
		{joinEngine{}, 3, Options{Workers: 1, Shard: Shard{Count: 2}}},
		{joinEngine{}, quadrant.MaxN + 1, Options{Workers: 1}},
		{joinEngine{}, quadrant.MaxShardN + 1, Options{Workers: 1, Shard: Shard{Count: 8}}},
		{joinEngine{}, 16, Options{Workers: 1, Shard: Shard{Count: 1 << 20}}},
		{kernelEngine{}, 3, Options{Workers: 1}},
		{kernelEngine{}, 33, Options{Workers: 1}},
		{kernelEngine{}, 8, Options{Workers: 1, Shard: Shard{Count: 1 << 20}}},
	} {
		if _, _, err := tc.e.planned(context.Background(), tc.n, tc.o); err == nil {
			t.Errorf("%s planned(%d, %+v) = nil error; want one", tc.e.Info().Method, tc.n, tc.o)
		}
	}
}

// TestShardDefaultMemory: with the default bound every shard of N = 24
// in 64 plans under 2 GB (10^9 bytes twice), as issue 13 asks, and a
// plan within 16 GiB would not (the projected tables take up to 5 GiB);
// only plans, no count. It walks the 633,443,407 placements of the
// quadrant once (a few seconds of CPU; skipped with -short).
func TestShardDefaultMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("walks the N = 24 quadrant")
	}
	const n, m = 24, 64
	_, plans, err := joinEngine{}.planned(context.Background(), n, Options{Shard: Shard{Count: m}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range plans {
		if !p.Fits || p.Memory >= 2e9 || p.Limit != DefaultShardMemory {
			t.Errorf("N = %d shard %s: planned %d bytes (fits %v, limit %d); want under 2e9 within DefaultShardMemory", n, p.Shard, p.Memory, p.Fits, p.Limit)
		}
	}
	_, big, err := joinEngine{}.planned(context.Background(), n, Options{Shard: Shard{Count: m}, Workers: 2, MaxMemory: 16 << 30})
	if err != nil {
		t.Fatal(err)
	}
	var most uint64
	for _, p := range big {
		most = max(most, p.Memory)
	}
	if most < 2e9 {
		t.Errorf("N = %d in %d shards within 16 GiB: at most %d bytes; the test of the default needs a bound that matters", n, m, most)
	}
}

// TestJoinN: the join counts N ≤ quadrant.MaxN whole and, by shards,
// N ≤ quadrant.MaxShardN.
func TestJoinN(t *testing.T) {
	sh := Shard{Count: 8}
	for _, tc := range []struct {
		n  int
		s  Shard
		ok bool
	}{
		{quadrant.MaxN, Shard{}, true}, {quadrant.MaxN + 1, Shard{}, false},
		{quadrant.MaxN + 1, sh, true}, {quadrant.MaxShardN, sh, true},
		{quadrant.MaxShardN + 1, sh, false}, {quadrant.MaxShardN + 1, Shard{}, false},
	} {
		if err := joinN(tc.n, tc.s); (err == nil) != tc.ok || err != nil && !errors.Is(err, ErrSize) {
			t.Errorf("joinN(%d, %v) = %v; want ok %v (else ErrSize)", tc.n, tc.s, err, tc.ok)
		}
	}
}
