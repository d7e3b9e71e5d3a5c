package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/testio"
)

// countShards writes the records of count 12 -shard I/M (with -method
// join when join is set) for the given I into dir, as name-I.json, and
// returns their paths.
func countShards(t *testing.T, dir, name string, m int, join bool, idx ...int) []string {
	t.Helper()
	var out []string
	for _, i := range idx {
		path := filepath.Join(dir, name+"-"+strconv.Itoa(i)+".json")
		args := []string{"count", "12", "-shard", strconv.Itoa(i) + "/" + strconv.Itoa(m), "-o", path}
		if join {
			args = append(args, "-method", "join", "-total-only")
		}
		if _, errs, code := cli(t, "", args...); code != 0 {
			t.Fatalf("nqueens %s: exit %d, %s", strings.Join(args, " "), code, errs)
		}
		out = append(out, path)
	}
	return out
}

// TestMergeRepeatedRecords: merge refuses a stream that repeats a
// record at the second copy, having read little of it (the review's
// defect 1: yes "$(cat k0.json)" | nqueens merge - grew 31 MiB/s
// without end).
func TestMergeRepeatedRecords(t *testing.T) {
	k := countShards(t, t.TempDir(), "k", 3, false, 0)
	b, err := os.ReadFile(k[0])
	if err != nil {
		t.Fatal(err)
	}
	in := testio.Repeat(strings.TrimSpace(string(b))+"\n", 32<<20)
	var out, errb bytes.Buffer
	code := run(context.Background(), in, &out, &errb, []string{"merge", "-"})
	want := "nqueens merge: standard input: record 2: bad shard record: shard 0/3 again: record 1 is shard 0/3 too; an input holds each shard once\n"
	if code != exitUsage || errb.String() != want {
		t.Errorf("a record repeated | nqueens merge -: exit %d, %q; want %d, %q", code, errb.String(), exitUsage, want)
	}
	if in.N > 1<<20 {
		t.Errorf("a record repeated | nqueens merge -: read %d bytes; want at most 1 MiB", in.N)
	}
}

// TestMergeRefusesAtTheFile: a second copy of a shard, or a record of
// another count, is refused at the file that brings it, with the words
// of the whole set's check (exit 1), before the files after it are
// read: here a missing file, which would be exit 2. Methods are named
// as the command names them, kernel and join.
func TestMergeRefusesAtTheFile(t *testing.T) {
	dir := t.TempDir()
	k := countShards(t, dir, "k", 3, false, 0, 1)
	q := countShards(t, dir, "q", 2, true, 0)
	missing := filepath.Join(dir, "none.json")
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{k[0], k[0], missing}, "shard 0/3 is given twice: " + k[0] + " and " + k[0]},
		{[]string{k[0], k[1], k[0], missing}, "shard 0/3 is given twice: " + k[0] + " and " + k[0]},
		{[]string{q[0], k[1], missing}, k[1] + " (shard 1/3) is a shard of method kernel, but " + q[0] + " (shard 0/2) is of method join: records of different methods do not merge"},
	} {
		_, errs, code := cli(t, "", append([]string{"merge"}, tc.files...)...)
		if want := "nqueens merge: shard records do not make one count: " + tc.want + "\n"; code != exitNo || errs != want {
			t.Errorf("nqueens merge %s: exit %d, %q; want %d, %q", strings.Join(tc.files, " "), code, errs, exitNo, want)
		}
	}
}

// TestMergeFieldMessages: a record's field of the wrong kind is named in
// plain words (it was Go's: "math/big: cannot unmarshal … into a
// *big.Int", "a JSON number …, not uint64").
func TestMergeFieldMessages(t *testing.T) {
	k := countShards(t, t.TempDir(), "k", 3, false, 0)
	b, err := os.ReadFile(k[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ old, new, want string }{
		{`"solutions":5040`, `"solutions":"5040"`, `field "solutions": want a whole number of at most 39 digits, got the string "5040"`},
		{`"shards":3`, `"shards":99999999999999999999`, `field "shards": want a whole number of at most 18 digits, got 99999999999999999999`},
		{`"total":48`, `"total":1e400`, `field "units[0].total": want a whole number from 0 to 18446744073709551615, got 1e400`},
		{`"shards":3,`, `"shards":3,"replicas":0,`, `replicas = 0: want 1 ≤ R ≤ M (a count without -replicas leaves the field out)`},
	} {
		s := strings.Replace(string(b), tc.old, tc.new, 1)
		if s == string(b) {
			t.Fatalf("%s is not in the record %s", tc.old, b)
		}
		_, errs, code := cli(t, s, "merge", "-")
		if want := "nqueens merge: standard input: record 1: bad shard record: " + tc.want + "\n"; code != exitUsage || errs != want {
			t.Errorf("nqueens merge of a record with %s: exit %d, %q; want %d, %q", tc.new, code, errs, exitUsage, want)
		}
	}
}

// TestMergeStdinTwice: "-" given twice is refused before anything is
// read (the second read found nothing: "standard input: bad shard
// record: no record").
func TestMergeStdinTwice(t *testing.T) {
	want := "nqueens merge: - is given twice: standard input can be read once\n"
	if _, errs, code := cli(t, "{}", "merge", "-", "x.json", "-"); code != exitUsage || errs != want {
		t.Errorf("nqueens merge - x.json -: exit %d, %q; want %d, %q", code, errs, exitUsage, want)
	}
}
