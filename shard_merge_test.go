package nqueens

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/run"
	"github.com/nqueens/nqueens/internal/shard"
)

// editUnitConsistently adds dt to the total and du to the unique count
// of the first unit of rec, and to rec's sums: a record that keeps every
// rule a single record can be checked against.
func editUnitConsistently(t *testing.T, rec *ShardRecord, dt, du uint64) int {
	t.Helper()
	rec.Units = append([]UnitResult(nil), rec.Units...)
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

func TestShardsMerge(t *testing.T) {
	total := loadOEIS(t, "a000170")
	unique := loadOEIS(t, "a002562")
	recs := countShards(t, MethodAuto, 13, 8, 1, "s%v")
	res, err := MergeShards(recs)
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions != want(t, total, 13) || res.Unique != want(t, unique, 13) {
		t.Errorf("merged 8 shards of 13 = %v, %v; want %v, %v", res.Solutions, res.Unique, want(t, total, 13), want(t, unique, 13))
	}
	if got, err := VerifyShards(context.Background(), recs, 5, 1, 2); err != nil || len(got) != 5 {
		t.Errorf("VerifyShards(5) = %d units, %v; want 5, nil", len(got), err)
	}

	other := countShards(t, MethodAuto, 12, 8, 1, "s%v")
	drop := func(i int) []ShardRecord { return append(append([]ShardRecord{}, recs[:i]...), recs[i+1:]...) }
	for _, tc := range []struct {
		name string
		recs []ShardRecord
		want string
	}{
		{"missing", drop(5), "missing shard 5 of 8"},
		{"duplicate", append(drop(5), recs[3]), "shard 3/8 is given twice"},
		{"other n", append(drop(5), other[5]), "s5/8 (shard 5/8) is n = 12"},
		{"none", nil, "no records"},
	} {
		if _, err := MergeShards(tc.recs); !errors.Is(err, ErrShard) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: MergeShards error = %v; want ErrShard mentioning %q", tc.name, err, tc.want)
		}
	}
	// A shard that holds other units than its own (a record of another
	// assignment relabelled) is refused by digest.
	swapped := append([]ShardRecord{}, recs...)
	swapped[1], swapped[2] = recs[2], recs[1]
	swapped[1].Shard, swapped[2].Shard = recs[1].Shard, recs[2].Shard
	if _, err := MergeShards(swapped); !errors.Is(err, ErrShard) || !strings.Contains(err.Error(), "digest") {
		t.Errorf("swapped shards: MergeShards error = %v; want a digest mismatch", err)
	}

	// A faulty machine: one unit off by 8 solutions and 1 class, totals
	// kept consistent. That keeps the unit's rule and Burnside's lemma
	// (TestMergeTampered has the edits that do not): only a recount
	// finds it.
	bad := editUnit(recs, 4, 0, func(u *UnitResult) { u.Total += 8; u.Unique++ })
	if res, err := MergeShards(bad); err != nil || res.Solutions == want(t, total, 13) {
		t.Fatalf("MergeShards(faulty) = %v, %v; want a (wrong) total and no error", res.Solutions, err)
	}
	_, err = VerifyShards(context.Background(), bad, 1000, 7, 2)
	if !errors.Is(err, ErrVerify) || !strings.Contains(err.Error(), "shard 4/8 (s4/8)") {
		t.Errorf("VerifyShards(all) on a faulty shard: error = %v; want ErrVerify naming shard 4/8", err)
	}
}

// TestMergeCarry merges records whose units hold the largest uint64
// values: the total passes 2^64 and must come out exact.
func TestMergeCarry(t *testing.T) {
	const m = 2
	recs := countShards(t, MethodAuto, 8, m, 1, "s%v")
	want := new(big.Int)
	for i := range recs {
		r := &recs[i]
		r.Solutions, r.Unique = Uint128{}, Uint128{}
		for j := range r.Units {
			r.Units[j].Total = ^uint64(0) - uint64(j)
			r.Units[j].Unique = ^uint64(0)
			var o1, o2 bool
			r.Solutions, o1 = r.Solutions.Add64(r.Units[j].Total)
			r.Unique, o2 = r.Unique.Add64(r.Units[j].Unique)
			if o1 || o2 {
				t.Fatal("overflow of 128 bits")
			}
			want.Add(want, new(big.Int).SetUint64(r.Units[j].Total))
		}
		// The JSON form carries the exact 128-bit totals.
		b, _ := json.Marshal(*r)
		back, err := ParseShardRecords(b, "carry")
		if err != nil || back[0].Solutions != r.Solutions {
			t.Fatalf("round trip of a record past 2^64: %v, %v", back, err)
		}
	}
	// MergeShards refuses such units (no unit of n = 8 holds 2^64−1
	// solutions): add them up without the units' rule and the lemma.
	if _, err := MergeShards(recs); !errors.Is(err, ErrShard) {
		t.Errorf("MergeShards of units of 2^64−1: %v; want ErrShard", err)
	}
	noRule := func(method string, n int) (shard.Plan, error) {
		p, err := run.PlanFor(method, n)
		p.Unit = nil
		return p, err
	}
	res, err := mergeShards(recs, noRule, false)
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions.Hi == 0 || res.Solutions.Big().Cmp(want) != 0 || res.Solutions.String() != want.String() {
		t.Errorf("merged total = %v (hi %d); want %v", res.Solutions, res.Solutions.Hi, want)
	}
}

// editUnit returns recs with unit i of record r changed by f and the
// record's sums changed to match: a consistent edit.
func editUnit(recs []ShardRecord, r, i int, f func(u *UnitResult)) []ShardRecord {
	out := append([]ShardRecord{}, recs...)
	rec := out[r]
	rec.Units = append([]UnitResult{}, rec.Units...)
	old := rec.Units[i]
	f(&rec.Units[i])
	u := rec.Units[i]
	rec.Solutions = rec.Solutions.sub64(old.Total).add64(u.Total)
	if rec.Method != MethodJoin {
		rec.Unique = rec.Unique.sub64(old.Unique).add64(u.Unique)
	}
	out[r] = rec
	return out
}

func (x Uint128) add64(v uint64) Uint128 { s, _ := x.Add64(v); return s }

func (x Uint128) sub64(v uint64) Uint128 {
	lo := x.Lo - v
	if lo > x.Lo {
		x.Hi--
	}
	return Uint128{Hi: x.Hi, Lo: lo}
}

// TestMergeTampered: shard records edited consistently (a unit and its
// shard's sums) are refused by MergeShards, naming the record's source
// and the command that counts the shard again; a quadrant set, whose
// units hold totals only, names every source.
func TestMergeTampered(t *testing.T) {
	const n = 12
	recs := countShards(t, MethodAuto, n, 4, 1, "s%v")
	find := func(id int) (int, int) {
		for r, rec := range recs {
			for i, u := range rec.Units {
				if u.ID == id {
					return r, i
				}
			}
		}
		t.Fatalf("unit %d is in no record", id)
		return 0, 0
	}
	var all []UnitResult
	for _, rec := range recs {
		all = append(all, rec.Units...)
	}
	sr, si := find(all[symmetricUnit(t, len(all), func(i int) uint64 { return all[i].Total }, func(i int) uint64 { return all[i].Unique })].ID)
	pr, pi := -1, 0 // a unit with total = 8·unique > 0
	for r, rec := range recs {
		for i, u := range rec.Units {
			if pr < 0 && u.Total > 0 && u.Total == 8*u.Unique {
				pr, pi = r, i
			}
		}
	}
	for _, c := range []struct {
		name string
		recs []ShardRecord
		src  int
		want string
	}{
		{"unit total+2 and the shard's sum +2", editUnit(recs, pr, pi, func(u *UnitResult) { u.Total += 2 }), pr, "unit " + strconv.Itoa(recs[pr].Units[pi].ID)},
		{"unit total 2^64−1", editUnit(recs, pr, pi, func(u *UnitResult) { u.Total = ^uint64(0) }), pr, "unit " + strconv.Itoa(recs[pr].Units[pi].ID)},
		{"unique > total", editUnit(recs, pr, pi, func(u *UnitResult) { u.Unique = u.Total + 1 }), pr, "unit " + strconv.Itoa(recs[pr].Units[pi].ID)},
		{"symmetric unit unique+1", editUnit(recs, sr, si, func(u *UnitResult) { u.Unique++ }), sr, "Burnside"},
	} {
		res, err := MergeShards(c.recs)
		if !errors.Is(err, ErrShard) {
			t.Errorf("%s: MergeShards = %v solutions, %v unique, error %v; want ErrShard", c.name, res.Solutions, res.Unique, err)
			continue
		}
		src := c.recs[c.src]
		for _, w := range []string{src.Source + " (shard " + src.Shard.String() + ")", c.want, "nqueens count 12 -shard " + src.Shard.String()} {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q; want it to name %q", c.name, err, w)
			}
		}
	}

	q := countShards(t, MethodJoin, n, 3, 1, "q%v")
	bad := editUnit(q, 1, 0, func(u *UnitResult) { u.Total += 2 })
	_, err := MergeShards(bad)
	if !errors.Is(err, ErrShard) {
		t.Fatalf("quadrant unit total+2: MergeShards error %v; want ErrShard", err)
	}
	for _, w := range []string{"q0/3, q1/3, q2/3", "Burnside", "nqueens count 12 -method join -shard I/3 for each I"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("quadrant unit total+2: error %q; want it to name %q", err, w)
		}
	}
	if strings.Contains(err.Error(), "a bug") {
		t.Errorf("quadrant unit total+2: error %q blames the program for damaged records", err)
	}
}
