package nqueens

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/quadrant"
)

// TestJoinShardsMerge counts N = 12..16 in M = 1, 3 and 8 join
// shards, merges them to A000170(N), and checks that the shards are
// balanced by the units' estimated cost.
func TestJoinShardsMerge(t *testing.T) {
	total := loadOEIS(t, "a000170")
	uniqueOEIS := loadOEIS(t, "a002562")
	for n := 12; n <= 16; n++ {
		plan, err := quadrant.NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		units := plan.Units()
		var sum, slack float64
		largest := map[int]float64{} // by layer
		for _, u := range units {
			sum += float64(u.Cost)
			largest[u.Layer()] = max(largest[u.Layer()], float64(u.Cost))
		}
		for _, c := range largest {
			slack += c
		}
		for _, m := range []int{1, 3, 8} {
			recs := countShards(t, MethodJoin, n, m, 1, "q%v")
			res, err := MergeShards(recs)
			if err != nil {
				t.Fatalf("MergeShards(%d quadrant shards of %d): %v", m, n, err)
			}
			if got, want := res.Solutions, want(t, total, n); got != want {
				t.Errorf("merged %d quadrant shards of %d: %v solutions; want %v", m, n, got, want)
			}
			if res.Method != MethodJoin || !res.UniqueCounted() || res.Units != len(units) || res.Shard.Count != m {
				t.Errorf("merged %d quadrant shards of %d = %+v; want method quadrant, unique derived, %d units", m, n, res, len(units))
			}
			if got, want := res.Unique, want(t, uniqueOEIS, n); got != want {
				t.Errorf("merged %d quadrant shards of %d: %v unique (derived from the total); want %v", m, n, got, want)
			}

			// An equal share of every layer: no shard is above the
			// mean by more than the largest unit of each layer.
			for _, r := range recs {
				var load float64
				for _, u := range r.Units {
					load += float64(units[u.ID].Cost)
				}
				if load > sum/float64(m)+slack {
					t.Errorf("n=%d shard %v: estimated cost %.0f; want at most mean %.0f + the largest unit of each layer %.0f", n, r.Shard, load, sum/float64(m), slack)
				}
			}
		}
	}
}

func TestJoinShardsVerify(t *testing.T) {
	recs := countShards(t, MethodJoin, 13, 3, 1, "q%v")
	got, err := VerifyShards(context.Background(), recs, 40, 3, 2)
	if err != nil || len(got) != 40 {
		t.Fatalf("VerifyShards(quadrant, 40) = %d units, %v; want 40, nil", len(got), err)
	}
	for _, u := range got {
		if u.Total == 0 && u.ID == 0 || u.Unique != 0 || u.Nodes != 0 {
			t.Errorf("recomputed quadrant unit %+v; want a total only", u)
		}
	}
	// A faulty machine: one unit off, totals kept consistent.
	bad := append([]ShardRecord{}, recs...)
	bad[1].Units = append([]UnitResult{}, recs[1].Units...)
	bad[1].Units[2].Total += 8
	bad[1].Solutions, _ = bad[1].Solutions.Add64(8)
	if _, err := MergeShards(bad); err != nil {
		t.Fatalf("MergeShards(faulty, consistent) error: %v", err)
	}
	if _, err := VerifyShards(context.Background(), bad, 10000, 5, 2); !errors.Is(err, ErrVerify) || !strings.Contains(err.Error(), "shard 1/3 (q1/3)") {
		t.Errorf("VerifyShards(all) on a faulty quadrant shard: error = %v; want ErrVerify naming shard 1/3", err)
	}
}

// TestShardsMixedMethods: kernel and join records of the same N and
// M never merge, whatever the order.
func TestShardsMixedMethods(t *testing.T) {
	q := countShards(t, MethodJoin, 12, 3, 1, "q%v")
	b := countShards(t, MethodAuto, 12, 3, 1, "s%v")
	for _, tc := range []struct {
		name string
		recs []ShardRecord
		want string
	}{
		{"kernel first", []ShardRecord{b[0], q[1], b[2]}, "q1/3 (shard 1/3) is a shard of method join, but s0/3 (shard 0/3) is of method kernel"},
		{"join first", []ShardRecord{q[0], q[1], b[2]}, "s2/3 (shard 2/3) is a shard of method kernel, but q0/3 (shard 0/3) is of method join"},
	} {
		if _, err := MergeShards(tc.recs); !errors.Is(err, ErrShard) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: MergeShards error = %v; want ErrShard with %q", tc.name, err, tc.want)
		}
	}
	// A quadrant record relabelled as bitboard fails its own checks or the
	// plan's: it never adds up.
	relabelled := append([]ShardRecord{}, q...)
	for i := range relabelled {
		relabelled[i].Method = MethodKernel
	}
	if _, err := MergeShards(relabelled); !errors.Is(err, ErrShard) {
		t.Errorf("quadrant records relabelled bitboard: MergeShards error = %v; want ErrShard", err)
	}
}

// TestJoinShardsFitTheirUnits counts an odd and an even N in shards,
// each with a plan for its own units, merges them to A000170(N), and
// checks that every shard plans less memory than the whole count
// (Plan) and recounts (VerifyShards) to its record.
func TestJoinShardsFitTheirUnits(t *testing.T) {
	total := loadOEIS(t, "a000170")
	for _, tc := range []struct{ n, m int }{{17, 6}, {18, 8}} {
		recs := countShards(t, MethodJoin, tc.n, tc.m, 1, "q%v")
		res, err := MergeShards(recs)
		if err != nil {
			t.Fatalf("MergeShards(%d quadrant shards of %d): %v", tc.m, tc.n, err)
		}
		if got, want := res.Solutions, want(t, total, tc.n); got != want {
			t.Errorf("merged %d quadrant shards of %d: %v solutions; want %v", tc.m, tc.n, got, want)
		}
		for i := range tc.m {
			s := Shard{Index: i, Count: tc.m}
			p, err := Plan(context.Background(), tc.n, CountOptions{Method: MethodJoin, Workers: 2, Shard: s})
			if err != nil {
				t.Fatal(err)
			}
			if p.Memory >= p.Whole || !p.Fits || p.Units != len(recs[i].Units) {
				t.Errorf("n=%d shard %v: planned %d bytes for %d units (fits %v); whole count %d bytes, the record %d units",
					tc.n, s, p.Memory, p.Units, p.Fits, p.Whole, len(recs[i].Units))
			}
		}
	}
	recs := countShards(t, MethodJoin, 16, 4, 1, "q%v")
	if got, err := VerifyShards(context.Background(), recs, 1000, 1, 2); err != nil || len(got) != 223 {
		t.Errorf("VerifyShards(all units of 16 in 4 quadrant shards) = %d units, %v; want 223, nil", len(got), err)
	}
}

// TestJoinShardOldVersion: records of quadrant-v1, whose shards were
// assigned by cost alone, and of quadrant-v3 (UnitsVersion: the same
// units and plan digest as now, but shards of whole layers) are refused
// by their version.
func TestJoinShardOldVersion(t *testing.T) {
	for _, old := range []string{"quadrant-v1", quadrant.UnitsVersion} {
		recs := countShards(t, MethodJoin, 12, 2, 1, "q%v")
		for i := range recs {
			recs[i].Version = old
		}
		_, err := MergeShards(recs)
		if !errors.Is(err, ErrShard) || !strings.Contains(err.Error(), old) || !strings.Contains(err.Error(), quadrant.Version) {
			t.Errorf("MergeShards(%s records) error = %v; want ErrShard naming %s and %s", old, err, old, quadrant.Version)
		}
	}
}
