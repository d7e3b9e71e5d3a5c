package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nqueens/nqueens"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// cli runs the command line and returns stdout, stderr and the exit code.
func cli(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), strings.NewReader(stdin), &out, &errb, args)
	return out.String(), errb.String(), code
}

// A goldenCase is one command line whose exit code, stdout and stderr
// are kept in testdata/<name>.golden.
type goldenCase struct {
	name, stdin string
	args        []string
}

// TestCLIGolden compares deterministic command lines with
// testdata/<name>.golden, which holds the exit code, stdout and stderr.
// Run "go test ./cmd/nqueens -run TestCLI -update" to rewrite them (every
// TestCLI* test keeps its golden files so) after a deliberate
// change, and review the diff.
func TestCLIGolden(t *testing.T) {
	testGolden(t, []goldenCase{
		{"count-8", "", []string{"count", "8"}},
		{"count-0", "", []string{"count", "0"}},
		{"count-neg", "", []string{"count", "-3"}},
		{"count-abc", "", []string{"count", "abc"}},
		{"count-99", "", []string{"count", "99"}},
		{"count-range-bad", "", []string{"count", "9-3"}},
		{"count-method-bad", "", []string{"count", "8", "-method", "magic"}},
		{"count-flag-bad", "", []string{"count", "8", "-frobnicate"}},
		{"count-12-auto", "", []string{"count", "12"}},
		{"count-12-total-only", "", []string{"count", "12", "-total-only"}},
		{"count-total-only-bitboard", "", []string{"count", "12", "-method", "kernel", "-total-only"}},
		{"count-max-memory-small", "", []string{"count", "14", "-method", "quadrant", "-total-only", "-max-memory", "1K"}},
		{"count-max-memory-bad", "", []string{"count", "14", "-max-memory", "lots"}},
		{"count-12-total-only-shard", "", []string{"count", "12", "-method", "quadrant", "-total-only", "-shard", "1/3"}},
		{"count-quadrant-shard-small", "", []string{"count", "3", "-method", "quadrant", "-shard", "0/2"}},
		{"count-arrays-checkpoint", "", []string{"count", "9", "-method", "arrays", "-checkpoint", "x.ckpt"}},
		{"solve-6", "", []string{"solve", "6"}},
		{"solve-8-unique", "", []string{"solve", "8", "-unique"}},
		{"solve-4-board", "", []string{"solve", "4", "-format", "board"}},
		{"solve-5-json-limit", "", []string{"solve", "5", "-format", "json", "-limit", "3"}},
		{"solve-8-stats", "", []string{"solve", "8", "-method", "permutation", "-stats", "-limit", "1"}},
		{"solve-8-v", "", []string{"solve", "8", "-method", "permutation", "-v", "-limit", "1"}},
		{"count-format-bad", "", []string{"count", "8", "-format", "xml"}},
		{"merge-format-bad", "", []string{"merge", "-format", "xml", "x.json"}},
		{"merge-h", "", []string{"merge", "-h"}},
		{"plan-h", "", []string{"plan", "-h"}},
		{"solve-xml", "", []string{"solve", "8", "-format", "xml"}},
		{"check-valid", "", []string{"check", "5", "2", "6", "1", "7", "4", "8", "3"}},
		{"check-invalid", "", []string{"check", "1 1"}},
		{"check-offboard", "", []string{"check", "5,2,6,9,7,4,8,3"}},
		{"check-stdin-board", "..Q.\nQ...\n...Q\n.Q..\n", []string{"check", "-"}},
		{"check-stdin-empty", "", []string{"check", "-"}},
		{"help", "", []string{"help"}},
		{"help-count", "", []string{"help", "count"}},
		{"solve-h", "", []string{"solve", "-h"}},
		{"no-args", "", nil},
		{"unknown", "", []string{"frobnicate"}},
		{"count-flag-unknown-hint", "", []string{"count", "12", "-verbose"}},
		{"solve-method-auto", "", []string{"solve", "8", "-method", "auto"}},
		{"solve-method-quadrant", "", []string{"solve", "8", "-method", "quadrant"}},
		{"watch-method-quadrant", "", []string{"watch", "4", "-method", "quadrant"}},
		{"gen-queens-negative", "", []string{"gen", "completion", "8", "-family", "queens", "-queens", "-2"}},
		{"gen-queens-missing", "", []string{"gen", "completion", "-family", "queens", "-n", "8"}},
		{"gen-h", "", []string{"gen", "-h"}},
		{"find-0-json", "", []string{"find", "0", "-format", "json"}},
		{"find-0-random", "", []string{"find", "0", "-random", "-seed", "3"}},
		{"find-v-no-random", "", []string{"find", "8", "-v"}},
		{"find-h", "", []string{"find", "-h"}},
	})
}

// testGolden runs each case and compares it with its golden file, or
// rewrites the file under -update.
func testGolden(t *testing.T, tests []goldenCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := cli(t, tt.stdin, tt.args...)
			got := fmt.Sprintf("$ nqueens %s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", strings.Join(tt.args, " "), code, out, errs)
			path := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("nqueens %s:\n got:\n%s\nwant:\n%s", strings.Join(tt.args, " "), got, want)
			}
		})
	}
}

// TestExitCodes: bad input exits 2 with one line on stderr and no panic.
func TestExitCodes(t *testing.T) {
	tests := []struct {
		args  []string
		stdin string
		code  int
	}{
		{[]string{"count", "-3"}, "", 2},
		{[]string{"count", "abc"}, "", 2},
		{[]string{"count", "99"}, "", 2},
		{[]string{"count", "1-2-3"}, "", 2},
		{[]string{"count", "-workers", "-1", "8"}, "", 2},
		{[]string{"solve", "8", "-format", "xml"}, "", 2},
		{[]string{"solve", "8", "-limit", "-2"}, "", 2},
		{[]string{"solve"}, "", 2},
		{[]string{"check", "1 1"}, "", 1},
		{[]string{"check", "-"}, "", 2},
		{[]string{"check", "-"}, "Q.\n.", 2},
		{[]string{"check"}, "", 2},
		{[]string{"check", "2 4 1 3"}, "", 0},
		{[]string{"help", "nope"}, "", 2},
		{[]string{"count", "-h"}, "", 0},
		// Found by review: each of these once exited 0 or 1.
		{[]string{"solve", "2"}, "", 1},
		{[]string{"solve", "3", "-format", "svg"}, "", 1},
		{[]string{"show", "{}"}, "", 2},
		{[]string{"watch", "4", "-method", "quadrant"}, "", 2},
		{[]string{"count", "5", "-shard", "0/0"}, "", 2},
		{[]string{"count", "5", "-checkpoint", "/nonexistent-dir/x"}, "", 2},
		{[]string{"count", "5", "-checkpoint", "/"}, "", 2},
		{[]string{"count", "5", "-shard", "0/2", "-o", "/nonexistent-dir/x"}, "", 2},
		{[]string{"count", "13", "-method", "quadrant", "-total-only", "-max-memory", "1"}, "", 2},
		{[]string{"check", "/nonexistent-file"}, "", 2},
		{[]string{"count", "1000000000000000000000"}, "", 2},
		{[]string{"count", "5-"}, "", 2},
		{[]string{"help", "-h"}, "", 0},
	}
	for _, tt := range tests {
		_, errs, code := cli(t, tt.stdin, tt.args...)
		if code != tt.code {
			t.Errorf("nqueens %q exit = %d; want %d (stderr %q)", tt.args, code, tt.code, errs)
		}
		if code == 2 && strings.Count(errs, "\n") != 1 {
			t.Errorf("nqueens %q stderr = %q; want exactly one line", tt.args, errs)
		}
		if strings.Contains(errs, "goroutine") || strings.Contains(errs, "panic") {
			t.Errorf("nqueens %q panicked: %s", tt.args, errs)
		}
	}
}

func TestCountRange(t *testing.T) {
	out, _, code := cli(t, "", "count", "1-10")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 11 {
		t.Fatalf("count 1-10 printed %d lines; want header + 10:\n%s", len(lines), out)
	}
	wantSols := []string{"1", "0", "0", "2", "10", "4", "40", "92", "352", "724"}
	for i, l := range lines[1:] {
		f := strings.Fields(l)
		if f[0] != fmt.Sprint(i+1) || f[1] != wantSols[i] {
			t.Errorf("row %d = %q; want N %d with %s solutions", i+1, l, i+1, wantSols[i])
		}
	}
}

func TestCountJSON(t *testing.T) {
	out, _, code := cli(t, "", "count", "10", "-format", "json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var got struct {
		N         int     `json:"n"`
		Solutions uint64  `json:"solutions"`
		Unique    uint64  `json:"unique"`
		Nodes     uint64  `json:"nodes"`
		Seconds   float64 `json:"seconds"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("count -json printed %q: %v", out, err)
	}
	if got.N != 10 || got.Solutions != 724 || got.Unique != 92 || got.Nodes == 0 {
		t.Errorf("count 10 -json = %+v; want n 10, 724 solutions, 92 unique, nodes > 0", got)
	}
}

func TestSolveOutputFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "regine.txt")
	out, _, code := cli(t, "", "solve", "8", "-format", "board", "-o", path)
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(b), "Solution #"); got != 92 {
		t.Errorf("%s holds %d boards; want 92", path, got)
	}
	// What solve writes, check reads back.
	first, _, _ := strings.Cut(strings.TrimPrefix(string(b), "Solution #1\n"), "Solution #2")
	if o, e, code := cli(t, first, "check", "-"); code != 0 {
		t.Errorf("check of solve's first board: exit %d, %q %q", code, o, e)
	}
}

// TestCountQuadrantJSON: -method quadrant gives the unique count derived
// from the total; -total-only leaves the field out instead of printing 0.
func TestCountQuadrantJSON(t *testing.T) {
	out, _, code := cli(t, "", "count", "12", "-method", "quadrant", "-format", "json")
	if code != 0 || !strings.Contains(out, `"solutions":14200`) || !strings.Contains(out, `"unique":1787`) {
		t.Errorf("count 12 -method quadrant -json = %q (exit %d); want 14200 solutions, 1787 unique", out, code)
	}
	for _, m := range []string{"quadrant", "auto"} {
		out, _, code = cli(t, "", "count", "12", "-method", m, "-total-only", "-format", "json")
		if code != 0 || !strings.Contains(out, `"solutions":14200`) || strings.Contains(out, "unique") {
			t.Errorf("count 12 -method %s -total-only -json = %q (exit %d); want 14200 solutions, no unique", m, out, code)
		}
	}
	out, _, code = cli(t, "", "count", "13", "-method", "quadrant")
	if want := "13-queens: 73712 solutions, 9233 unique\n"; code != 0 || out != want {
		t.Errorf("count 13 -method quadrant = %q (exit %d); want %q", out, code, want)
	}
}

// TestOutputNotClobbered: a command that fails before writing leaves an
// existing -o file as it was.
func TestOutputNotClobbered(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keep.txt")
	for _, args := range [][]string{
		{"solve", "0", "-format", "svg", "-o", path},
		{"solve", "3", "-o", path},
		{"show", "{}", "-o", path},
	} {
		if err := os.WriteFile(path, []byte("keep\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, code := cli(t, "", args...)
		if code == 0 {
			t.Errorf("nqueens %q exit 0; want a failure", args)
		}
		if b, _ := os.ReadFile(path); string(b) != "keep\n" {
			t.Errorf("nqueens %q left %q in the -o file; want it untouched", args, b)
		}
	}
}

// failWriter fails every write, like a full disk.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, fmt.Errorf("no space left on device") }

// TestWriteErrorReported: output lost to a failing stdout is an error,
// not a silent success.
func TestWriteErrorReported(t *testing.T) {
	for _, args := range [][]string{{"count", "8"}, {"check", "2 4 1 3"}, {"help"}, {"count", "1-5"}} {
		var errb bytes.Buffer
		code := run(context.Background(), strings.NewReader(""), failWriter{}, &errb, args)
		if code == 0 || !strings.Contains(errb.String(), "no space left") {
			t.Errorf("nqueens %q to a failing stdout: exit %d, stderr %q; want non-zero and the write error", args, code, errb.String())
		}
	}
}

// TestCountTotalOnlyAndLimits: -total-only prints no unique count
// whichever method answers, and bad sizes exit 2 with one line.
func TestCountTotalOnlyAndLimits(t *testing.T) {
	for _, tc := range []struct {
		args []string
		out  string
		code int
		err  string
	}{
		{[]string{"count", "8", "-total-only"}, "8-queens: 92 solutions\n", 0, ""},
		{[]string{"count", "13", "-total-only"}, "13-queens: 73712 solutions\n", 0, ""},
		{[]string{"count", "13", "-method", "quadrant", "-total-only"}, "13-queens: 73712 solutions\n", 0, ""},
		{[]string{"count", "26", "-method", "quadrant"}, "", 2, "-method join counts n = 26 by shards only (-shard I/M)"},
		{[]string{"count", "29", "-method", "quadrant", "-shard", "0/2"}, "", 2, "-method join counts n up to 28 (by shards; whole counts to 25), not 29"},
		{[]string{"count", "3", "-checkpoint", filepath.Join(t.TempDir(), "c")}, "", 2, "need N ≥ 4"},
		{[]string{"count", "2", "-shard", "0/2"}, "", 2, "need N ≥ 4"},
	} {
		out, errs, code := cli(t, "", tc.args...)
		if code != tc.code || out != tc.out || !strings.Contains(errs, tc.err) || strings.Count(errs, "\n") > 1 {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr with %q on one line",
				strings.Join(tc.args, " "), code, out, errs, tc.code, tc.out, tc.err)
		}
	}
}

// TestAutoMethod: -method auto is the library's choice
// (nqueens.Plan chooses, tested in the root package): at N = 12 the
// kernel, the join only when asked; a shard's record keeps its method.
func TestAutoMethod(t *testing.T) {
	dir := t.TempDir()
	// Through the command line at N = 12, where a count is quick.
	for _, tc := range []struct {
		args []string
		want string // in stdout
	}{
		{[]string{"count", "12", "-total-only", "-v"}, "12-queens: 14200 solutions\nnodes 154,675, "},
		{[]string{"count", "12", "-total-only", "-v"}, ", method kernel\n"},
		{[]string{"count", "12", "-method", "quadrant", "-total-only", "-v"}, ", method join, 52 units (totals only;"},
		{[]string{"count", "12", "-method", "kernel", "-v"}, ", method kernel\n"},
		{[]string{"count", "12", "-method", "quadrant", "-v"}, "12-queens: 14200 solutions, 1787 unique\n"},
		{[]string{"count", "12", "-method", "quadrant", "-v"}, ", method join, 52 units (unique by Burnside"},
		{[]string{"count", "12", "-total-only", "-format", "json", "-checkpoint", filepath.Join(dir, "a.ckpt")}, `"method":"kernel"`},
		{[]string{"count", "12", "-method", "quadrant", "-total-only", "-format", "json", "-checkpoint", filepath.Join(dir, "q.ckpt")}, `"method":"join"`},
	} {
		out, errs, code := cli(t, "", tc.args...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want 0 and %q", strings.Join(tc.args, " "), code, out, errs, tc.want)
		}
	}
	for _, tc := range []struct {
		args []string
		want nqueens.Method
	}{
		{[]string{"count", "12", "-total-only", "-shard", "1/3"}, nqueens.MethodKernel},
		{[]string{"count", "12", "-method", "quadrant", "-total-only", "-shard", "1/3"}, nqueens.MethodJoin},
	} {
		out, errs, code := cli(t, "", tc.args...)
		recs, err := nqueens.ParseShardRecords([]byte(out), "stdout")
		if code != 0 || err != nil || len(recs) != 1 || recs[0].Method != tc.want {
			t.Errorf("nqueens %s: exit %d, stderr %q, record error %v; want one record of method %s", strings.Join(tc.args, " "), code, errs, err, tc.want)
		} else if tc.want == nqueens.MethodKernel && recs[0].Unique == (nqueens.Uint128{}) {
			t.Errorf("nqueens %s: the kernel's record has no unique count", strings.Join(tc.args, " "))
		}
	}
}

// TestDoubleDash: help and errors write one dash, as PrintDefaults does,
// but the parser takes two as well, so scripts written with "--flag"
// keep working.
func TestDoubleDash(t *testing.T) {
	for _, args := range [][]string{
		{"count", "8", "-format", "json", "-method", "arrays"},
		{"count", "8", "-json", "-method", "arrays"},
		{"plan", "8", "-shards", "2", "-format", "xml"},
		{"solve", "6", "-format", "board", "-limit", "1"},
		{"find", "8", "-format", "json"},
		{"count", "8", "-method", "magic"},
	} {
		double := make([]string, len(args))
		for i, a := range args {
			double[i] = a
			if strings.HasPrefix(a, "-") && len(a) > 2 {
				double[i] = "-" + a
			}
		}
		out1, err1, code1 := cli(t, "", args...)
		out2, err2, code2 := cli(t, "", double...)
		if strings.Contains(out1, `"seconds"`) { // a count's time differs from run to run
			out1, out2 = strings.Split(out1, `"seconds"`)[0], strings.Split(out2, `"seconds"`)[0]
		}
		if out1 != out2 || err1 != err2 || code1 != code2 {
			t.Errorf("nqueens %q = %d, %q, %q; nqueens %q = %d, %q, %q; want the same", args, code1, out1, err1, double, code2, out2, err2)
		}
	}
}

// TestCommandTable: main.go's table names each command once, and every
// command but help (dispatched by run) has its function.
func TestCommandTable(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commands {
		if seen[c.name] {
			t.Errorf("command %q is listed twice", c.name)
		}
		seen[c.name] = true
		if (c.run == nil) != (c == helpCmd) {
			t.Errorf("command %q: run is nil = %v; want nil for help alone", c.name, c.run == nil)
		}
		if lookup(c.name) != c {
			t.Errorf("lookup(%q) = %p; want %p", c.name, lookup(c.name), c)
		}
	}
}
