package nqueens

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// editUnitConsistently adds dt to the total and du to the unique count
// of the first unit of rec, and to rec's sums: a record that keeps every
// rule a single record can be checked against.
func editUnitConsistently(t *testing.T, rec *ShardRecord, dt, du uint64) int {
	t.Helper()
	rec.Units = append([]UnitCount(nil), rec.Units...)
	rec.Units[0].Total += dt
	rec.Units[0].Unique += du
	rec.Solutions, _ = rec.Solutions.Add64(dt)
	rec.Unique, _ = rec.Unique.Add64(du)
	b, _ := json.Marshal(*rec)
	back, err := ParseShardRecords(b, rec.Source)
	if err != nil {
		t.Fatalf("the edited record does not parse: %v", err)
	}
	*rec = back[0]
	return rec.Units[0].ID
}

func TestReplicasMerge(t *testing.T) {
	total := loadOEIS(t, "a000170")
	for _, tc := range []struct {
		method  Method
		n, m, r int
		du      uint64 // the unique count's part of a consistent edit
	}{
		{MethodKernel, 12, 4, 2, 1},
		{MethodKernel, 11, 3, 3, 1},
		{MethodJoin, 12, 4, 2, 0},
		{MethodJoin, 11, 5, 2, 0},
	} {
		name := fmt.Sprintf("method %s n = %d, %d shards, %d replicas", tc.method, tc.n, tc.m, tc.r)
		recs := countShards(t, tc.method, tc.n, tc.m, tc.r, "r%d.json")
		seen := map[int]int{}
		for _, rec := range recs {
			if rec.Shard.Replicas != tc.r {
				t.Errorf("%s: %s has replicas %d", name, rec.Source, rec.Shard.Replicas)
			}
			for _, u := range rec.Units {
				seen[u.ID]++
			}
		}
		for id, k := range seen {
			if k != tc.r {
				t.Errorf("%s: unit %d is in %d records; want %d", name, id, k, tc.r)
			}
		}
		res, err := MergeShards(recs)
		if err != nil {
			t.Fatalf("%s: MergeShards: %v", name, err)
		}
		if w := want(t, total, tc.n); res.Solutions != w || res.Units != len(seen) || res.Shard != (Shard{Count: tc.m, Replicas: tc.r}) {
			t.Errorf("%s: MergeShards = %v solutions, %d units, shard %+v; want %v, %d, {Count: %d, Replicas: %d}",
				name, res.Solutions, res.Units, res.Shard, w, len(seen), tc.m, tc.r)
		}
		// --recompute of every unit recounts each unit once and
		// compares it with every copy.
		got, err := VerifyShards(context.Background(), recs, 1<<20, 1, 2)
		if err != nil || len(got) != len(seen) {
			t.Errorf("%s: VerifyShards(all) = %d units, %v; want %d units", name, len(got), err, len(seen))
		}
		// One copy edited consistently: total +8 (and unique +1 for the
		// kernel) keeps every per-unit rule and Burnside's lemma, and
		// only its other copies give it away.
		bad := append([]ShardRecord(nil), recs...)
		id := editUnitConsistently(t, &bad[1], 8, tc.du)
		_, err = MergeShards(bad)
		if !errors.Is(err, ErrShard) {
			t.Fatalf("%s, r1.json edited: MergeShards error = %v; want ErrShard", name, err)
		}
		msg := err.Error()
		var holders []string
		for _, rec := range recs {
			for _, u := range rec.Units {
				if u.ID == id {
					holders = append(holders, fmt.Sprintf("%s (shard %d/%d) has total %d", rec.Source, rec.Shard.Index, tc.m, u.Total+8*b2u(rec.Source == "r1.json")))
				}
			}
		}
		for _, h := range holders {
			if !strings.Contains(msg, h) {
				t.Errorf("%s: %q; want it to say %q", name, msg, h)
			}
		}
		wantStart := fmt.Sprintf("n = %d unit %d: its %d replicas disagree:", tc.n, id, tc.r)
		wantCmd := fmt.Sprintf("nqueens count %d%s -shard 1/%d -replicas %d", tc.n, map[Method]string{MethodJoin: " -method join"}[tc.method], tc.m, tc.r)
		if !strings.HasPrefix(msg, wantStart) || !strings.Contains(msg, wantCmd) {
			t.Errorf("%s: %q; want it to start %q and hold %q", name, msg, wantStart, wantCmd)
		}
		// The same edit without replicas passes every other check: the
		// reason for replicas (see TestShardMergeCLI's "faulty").
		one := countShards(t, tc.method, tc.n, tc.m, 1, "r%d.json")
		editUnitConsistently(t, &one[1], 8, tc.du)
		if res, err := MergeShards(one); err != nil || res.Solutions == want(t, total, tc.n) {
			t.Errorf("%s without replicas, edited: MergeShards = %v, %v; want the edited total accepted", name, res.Solutions, err)
		}
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func TestReplicasRefused(t *testing.T) {
	for _, tc := range []struct {
		s    Shard
		r    int
		want string
	}{
		{Shard{Index: 0, Count: 2}, 3, "3 replicas need at least 3 shards, not 2"},
		{Shard{Index: 1, Count: 4}, 0, "0 replicas: R must be at least 1"},
		{Shard{Index: 1, Count: 4}, -2, "-2 replicas: R must be at least 1"},
	} {
		if _, err := tc.s.WithReplicas(tc.r); !errors.Is(err, ErrShard) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%v.WithReplicas(%d) error = %v; want ErrShard starting %q", tc.s, tc.r, err, tc.want)
		}
	}
	if _, err := Count(context.Background(), 10, CountOptions{Shard: Shard{Index: 0, Count: 2, Replicas: 3}}); !errors.Is(err, ErrShard) {
		t.Errorf("Count with 3 replicas of 2 shards: error %v; want ErrShard", err)
	}
	// R = 1 is no replicas: the same Shard, the same record.
	for _, s := range []Shard{{Index: 0, Count: 1}, {Index: 3, Count: 8}} {
		if got, err := s.WithReplicas(1); err != nil || got != s {
			t.Errorf("%v.WithReplicas(1) = %+v, %v; want %+v", s, got, err, s)
		}
	}
	res, err := Count(context.Background(), 9, CountOptions{Shard: Shard{Index: 1, Count: 3, Replicas: 1}})
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := res.ShardRecord()
	if b, _ := json.Marshal(rec); strings.Contains(string(b), "replicas") {
		t.Errorf("record with Replicas 1: %s; want no replicas field", b)
	}
	// Records of different R do not merge.
	mixed := append(countShards(t, MethodKernel, 10, 4, 2, "r%d.json")[:2], countShards(t, MethodKernel, 10, 4, 1, "r%d.json")[2:]...)
	if _, err := MergeShards(mixed); !errors.Is(err, ErrShard) || !strings.Contains(err.Error(), "records of different -replicas do not merge") {
		t.Errorf("MergeShards(R = 2 and R = 1 records) error = %v; want records of different -replicas refused", err)
	}
}
