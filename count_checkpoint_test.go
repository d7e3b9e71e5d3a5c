package nqueens

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/run"
	"github.com/nqueens/nqueens/internal/shard"
)

func TestProgress(t *testing.T) {
	var calls []Progress
	res, err := Count(context.Background(), 11, CountOptions{Workers: 2, Progress: func(p Progress) { calls = append(calls, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != res.Units+1 {
		t.Fatalf("Progress called %d times; want %d (start + one per unit)", len(calls), res.Units+1)
	}
	for i, p := range calls {
		if p.UnitsDone != i || p.UnitsTotal != res.Units || p.N != 11 {
			t.Errorf("call %d: %d/%d units, n %d; want %d/%d, 11", i, p.UnitsDone, p.UnitsTotal, p.N, i, res.Units)
		}
	}
	last := calls[len(calls)-1]
	if last.Solutions != res.Solutions || last.Unique != res.Unique || last.Fraction() != 1 {
		t.Errorf("last progress %+v; want the result's totals %v/%v and fraction 1", last, res.Solutions, res.Unique)
	}
	if d, ok := last.Remaining(); !ok || d != 0 {
		t.Errorf("last progress Remaining() = %v, %v; want 0, true", d, ok)
	}
	// The classic methods report one unit.
	calls = nil
	if _, err := Count(context.Background(), 6, CountOptions{Method: MethodArrays, Progress: func(p Progress) { calls = append(calls, p) }}); err != nil || len(calls) != 2 || calls[1].UnitsDone != 1 {
		t.Errorf("Count(6, arrays) progress calls %+v, err %v; want 0/1 then 1/1", calls, err)
	}
}

// countUntil counts n with a checkpoint and cancels after stop units.
func countUntil(t *testing.T, n int, opts CountOptions, stop int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts.Progress = func(p Progress) {
		if p.UnitsDone-p.Resumed >= stop {
			cancel()
		}
	}
	if _, err := Count(ctx, n, opts); !errors.Is(err, context.Canceled) {
		t.Fatalf("Count(%d) cancelled after %d units: error = %v; want context.Canceled", n, stop, err)
	}
}

func TestCheckpointResume(t *testing.T) {
	total := loadOEIS(t, "a000170")
	path := filepath.Join(t.TempDir(), "ck")
	opts := CountOptions{Workers: 2, Checkpoint: path}
	// N = 14: units long enough (milliseconds) that a cancel stops the
	// count before it runs out of units.
	countUntil(t, 14, opts, 5)
	countUntil(t, 14, opts, 5)
	res, err := Count(context.Background(), 14, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := res.Solutions, want(t, total, 14); got != want {
		t.Errorf("resumed Count(14).Solutions = %v; want %v", got, want)
	}
	if res.Resumed < 10 {
		t.Errorf("resumed %d of %d units; want at least the 10 counted before", res.Resumed, res.Units)
	}
	// All done: a rerun counts nothing and gives the same answer.
	again, err := Count(context.Background(), 14, opts)
	if err != nil || again.Solutions != res.Solutions || again.Resumed != again.Units || again.Nodes != 0 {
		t.Errorf("rerun of a finished checkpoint = %+v, %v; want every unit resumed, same total", again, err)
	}
}

func TestCheckpointTornTail(t *testing.T) {
	total := loadOEIS(t, "a000170")
	path := filepath.Join(t.TempDir(), "ck")
	opts := CountOptions{Workers: 2, Checkpoint: path}
	if _, err := Count(context.Background(), 12, opts); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	lines = lines[:len(lines)-1] // the empty string after the last '\n'
	dup := lines[len(lines)-2]   // repeat a whole record: counted once
	tornAt := len(data) - len(lines[len(lines)-1])/2
	for name, content := range map[string]string{
		"torn":       string(data[:tornAt]),
		"zeros":      string(data[:tornAt]) + strings.Repeat("\x00", 512),
		"duplicated": string(data) + dup,
	} {
		os.WriteFile(path, []byte(content), 0o644)
		res, err := Count(context.Background(), 12, opts)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, want := res.Solutions, want(t, total, 12); got != want {
			t.Errorf("%s: Count(12).Solutions = %v; want %v", name, got, want)
		}
		if name == "torn" && res.Resumed != res.Units-1 {
			t.Errorf("%s: resumed %d of %d; want all but the torn one", name, res.Resumed, res.Units)
		}
	}
}

func TestCheckpointRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ck")
	if _, err := Count(context.Background(), 9, CountOptions{Checkpoint: path}); err != nil {
		t.Fatal(err)
	}
	if _, err := Count(context.Background(), 10, CountOptions{Checkpoint: path}); !errors.Is(err, ErrCheckpoint) || !strings.Contains(err.Error(), "n = 9, not n = 10") {
		t.Errorf("Count(10) with the checkpoint of 9: error = %v; want ErrCheckpoint naming both", err)
	}
	foreign := filepath.Join(dir, "go.mod")
	os.WriteFile(foreign, []byte("module x\n"), 0o644)
	if _, err := Count(context.Background(), 9, CountOptions{Checkpoint: foreign}); !errors.Is(err, ErrCheckpoint) {
		t.Errorf("Count with a foreign checkpoint: error = %v; want ErrCheckpoint", err)
	}
	if b, _ := os.ReadFile(foreign); string(b) != "module x\n" {
		t.Errorf("a refused foreign file was changed to %q", b)
	}
	if _, err := Count(context.Background(), 9, CountOptions{Checkpoint: path, Method: MethodArrays}); err == nil {
		t.Errorf("Count with a checkpoint and the arrays method: no error")
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
	bad := editUnit(recs, 4, 0, func(u *UnitCount) { u.Total += 8; u.Unique++ })
	if res, err := MergeShards(bad); err != nil || res.Solutions == want(t, total, 13) {
		t.Fatalf("MergeShards(faulty) = %v, %v; want a (wrong) total and no error", res.Solutions, err)
	}
	_, err = VerifyShards(context.Background(), bad, 1000, 7, 2)
	if !errors.Is(err, ErrVerify) || !strings.Contains(err.Error(), "shard 4/8 (s4/8)") {
		t.Errorf("VerifyShards(all) on a faulty shard: error = %v; want ErrVerify naming shard 4/8", err)
	}
}

func TestShardCheckpoint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	opts := CountOptions{Workers: 2, Checkpoint: path, Shard: Shard{Index: 2, Count: 3}}
	countUntil(t, 14, opts, 5)
	res, err := Count(context.Background(), 14, opts)
	if err != nil {
		t.Fatal(err)
	}
	direct, _ := Count(context.Background(), 14, CountOptions{Shard: Shard{Index: 2, Count: 3}})
	if res.Resumed == 0 || res.Solutions != direct.Solutions || len(res.UnitResults) != len(direct.UnitResults) {
		t.Errorf("resumed shard: %v in %d units (%d resumed); want %v in %d units", res.Solutions, len(res.UnitResults), res.Resumed, direct.Solutions, len(direct.UnitResults))
	}
	for i, u := range res.UnitResults {
		if u != direct.UnitResults[i] {
			t.Errorf("resumed shard unit %d = %+v; want %+v", i, u, direct.UnitResults[i])
		}
	}
}

func TestParseShard(t *testing.T) {
	for s, want := range map[string]Shard{"0/1": {Index: 0, Count: 1}, "3/8": {Index: 3, Count: 8}, "7/8": {Index: 7, Count: 8}} {
		if got, err := ParseShard(s); err != nil || got != want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"8/8", "-1/8", "1/0", "3", "a/b", "1/2/3", ""} {
		if _, err := ParseShard(s); !errors.Is(err, ErrShard) {
			t.Errorf("ParseShard(%q) error = %v; want ErrShard", s, err)
		}
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

func TestUint128Carry(t *testing.T) {
	max64 := ^uint64(0)
	for _, tc := range []struct {
		x       Uint128
		v       uint64
		want    Uint128
		overflw bool
	}{
		{Uint128{0, max64}, 1, Uint128{1, 0}, false},
		{Uint128{0, max64}, max64, Uint128{1, max64 - 1}, false},
		{Uint128{max64 - 1, max64}, 1, Uint128{max64, 0}, false},
		{Uint128{max64, max64}, 1, Uint128{0, 0}, true},
		{Uint128{max64, 0}, max64, Uint128{max64, max64}, false},
	} {
		if got, o := tc.x.Add64(tc.v); got != tc.want || o != tc.overflw {
			t.Errorf("%v.Add64(%d) = %v, %v; want %v, %v", tc.x, tc.v, got, o, tc.want, tc.overflw)
		}
		if got, o := tc.x.Add(Uint128{0, tc.v}); got != tc.want || o != tc.overflw {
			t.Errorf("%v.Add(%d) = %v, %v; want %v, %v", tc.x, tc.v, got, o, tc.want, tc.overflw)
		}
		if got, o := tc.x.addMul64(tc.v, 1); got != tc.want || o != tc.overflw {
			t.Errorf("%v.addMul64(%d, 1) = %v, %v; want %v, %v", tc.x, tc.v, got, o, tc.want, tc.overflw)
		}
	}
	// (2^64-1)^2 + (2^64-1) = 2^128 - 2^64: fits; once more overflows.
	x, o := Uint128{0, max64}.addMul64(max64, max64)
	if o || x != (Uint128{max64, 0}) {
		t.Errorf("addMul64 (2^64-1)^2 = %v, %v; want {%d 0}, false", x, o, max64)
	}
	if _, o := x.addMul64(1<<32, 1<<32); !o {
		t.Errorf("2^128-2^64 + 2^64: no overflow reported")
	}
	if s := (Uint128{1, 0}).String(); s != "18446744073709551616" {
		t.Errorf("2^64 prints as %s", s)
	}
}
