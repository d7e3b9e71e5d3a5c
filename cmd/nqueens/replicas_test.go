package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nqueens/nqueens"
)

// editShardFile rewrites the record in path with its first unit's total
// +dt and unique +du, and the record's sums to match: valid, and keeping
// every per-unit rule and Burnside's lemma when dt = 8·du (kernel) or
// dt = 8 (quadrant). It returns the unit's id.
func editShardFile(t *testing.T, path string, dt, du uint64) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := nqueens.ParseShardRecords(b, path)
	if err != nil {
		t.Fatal(err)
	}
	r := recs[0]
	r.Units[0].Total += dt
	r.Units[0].Unique += du
	r.Solutions, _ = r.Solutions.Add64(dt)
	r.Unique, _ = r.Unique.Add64(du)
	if b, err = json.Marshal(r); err != nil {
		t.Fatal(err)
	}
	if _, err := nqueens.ParseShardRecords(b, path); err != nil {
		t.Fatalf("the edited record is not valid: %v", err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return r.Units[0].ID
}

func TestReplicasCLI(t *testing.T) {
	for _, tc := range []struct {
		name    string
		n, m, r int
		flags   []string
		du      uint64
		want    string
	}{
		{"kernel", 12, 4, 2, nil, 1, "12-queens: " + knownTotal(t, 12) + " solutions, 1787 unique (4 shards, 2 replicas agree, 730 units)\n"},
		{"quadrant", 12, 4, 2, []string{"--method", "quadrant", "--total-only"}, 0, "12-queens: " + knownTotal(t, 12) + " solutions, 1787 unique (4 shards, 2 replicas agree, 52 units; method join, unique by symmetry)\n"},
	} {
		dir := t.TempDir()
		var files []string
		for i := range tc.m {
			f := filepath.Join(dir, fmt.Sprintf("r%d.json", i))
			args := append([]string{"count", strconv.Itoa(tc.n), "--shard", fmt.Sprintf("%d/%d", i, tc.m), "--replicas", strconv.Itoa(tc.r), "-o", f, "--workers", "2"}, tc.flags...)
			if code, out, errs := runCLI(t, args...); code != 0 {
				t.Fatalf("%s: %v: exit %d\n%s%s", tc.name, args, code, out, errs)
			}
			files = append(files, f)
		}
		code, out, errs := runCLI(t, append([]string{"merge"}, files...)...)
		if code != 0 || out != tc.want {
			t.Errorf("%s: merge: exit %d, stdout %q, stderr %q; want 0 and %q", tc.name, code, out, errs, tc.want)
		}
		code, out, _ = runCLI(t, append([]string{"merge", "--json"}, files...)...)
		if want := `"shards":4,"replicas":2,`; code != 0 || !strings.Contains(out, want) {
			t.Errorf("%s: merge --json: exit %d, %q; want %q", tc.name, code, out, want)
		}
		// A consistent edit of shard 1's first unit: the records stay
		// valid and keep every rule, and the unit's other copy gives
		// it away.
		id := editShardFile(t, files[1], 8, tc.du)
		code, out, errs = runCLI(t, append([]string{"merge"}, files...)...)
		other := ""
		for _, f := range files {
			if f == files[1] {
				continue
			}
			b, _ := os.ReadFile(f)
			if recs, err := nqueens.ParseShardRecords(b, f); err == nil {
				for _, u := range recs[0].Units {
					if u.ID == id {
						other = fmt.Sprintf("%s (shard %d/%d)", f, recs[0].Shard.Index, tc.m)
					}
				}
			}
		}
		for _, want := range []string{
			fmt.Sprintf("n = %d unit %d: its 2 replicas disagree:", tc.n, id),
			files[1] + " (shard 1/4) has total",
			other + " has total",
			"count these shards again, without their checkpoints (",
			"-shard 1/4 -replicas 2",
		} {
			if code != 1 || out != "" || other == "" || !strings.Contains(errs, want) {
				t.Errorf("%s: merge with %s edited: exit %d, stdout %q, stderr %q; want exit 1 and %q", tc.name, files[1], code, out, errs, want)
			}
		}
	}
}

func TestReplicasFlagCLI(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args  []string
		inErr string
	}{
		{[]string{"count", "12", "--shard", "0/2", "--replicas", "3"}, "-replicas: 3 replicas need at least 3 shards, not 2"},
		{[]string{"count", "12", "--shard", "0/2", "--replicas", "0"}, "-replicas: 0 replicas: R must be at least 1"},
		{[]string{"count", "12", "--replicas", "2"}, "-replicas is for -shard"},
		{[]string{"count", "12", "-replicas", "0"}, "-replicas is for -shard"},
		{[]string{"count", "12", "--shard", "0/2", "--replicas", "x"}, "replicas"},
	} {
		code, out, errs := runCLI(t, tc.args...)
		if code != 2 || out != "" || !strings.Contains(errs, tc.inErr) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", tc.args, code, out, errs, tc.inErr)
		}
	}
	// --replicas 1 is no replicas: the same record, byte for byte.
	plain, one := filepath.Join(dir, "plain.json"), filepath.Join(dir, "one.json")
	runCLI(t, "count", "10", "--shard", "1/3", "-o", plain)
	runCLI(t, "count", "10", "--shard", "1/3", "--replicas", "1", "-o", one)
	a, _ := os.ReadFile(plain)
	b, _ := os.ReadFile(one)
	if len(a) == 0 || string(a) != string(b) || strings.Contains(string(a), "replicas") {
		t.Errorf("count --shard 1/3 --replicas 1 wrote %s; want %s, without replicas", b, a)
	}
	// Records of different R do not merge.
	var files []string
	for i := range 3 {
		f := filepath.Join(dir, fmt.Sprintf("m%d.json", i))
		r := "2"
		if i == 2 {
			r = "1"
		}
		runCLI(t, "count", "10", "--shard", fmt.Sprintf("%d/3", i), "--replicas", r, "-o", f)
		files = append(files, f)
	}
	code, _, errs := runCLI(t, append([]string{"merge"}, files...)...)
	if want := files[2] + " (shard 2/3) counts each unit in 1 shard, but " + files[0] + " (shard 0/3) in 2 shards: records of different -replicas do not merge"; code != 1 || !strings.Contains(errs, want) {
		t.Errorf("merge of R = 2 and R = 1 records: exit %d, stderr %q; want exit 1 and %q", code, errs, want)
	}
}
