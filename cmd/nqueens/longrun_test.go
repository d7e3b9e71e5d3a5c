package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/oeis"

	"github.com/nqueens/nqueens"
)

// runCLI runs the command line in process and returns its exit status,
// stdout and stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), strings.NewReader(""), &out, &errb, args)
	return code, out.String(), errb.String()
}

// knownTotal returns A000170(n) from the repository's testdata.
func knownTotal(t *testing.T, n int) string {
	t.Helper()
	m, err := oeis.Load("a000170")
	if err != nil {
		t.Fatal(err)
	}
	v, ok := m[n]
	if !ok {
		t.Fatalf("no A000170(%d) in testdata", n)
	}
	return v.String()
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary builds the nqueens command once per test run and returns its
// path; its directory holds only it, for PATH.
func binary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "nqueens-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "nqueens")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

func TestShardMergeCLI(t *testing.T) {
	dir := t.TempDir()
	const n, m = 12, 8
	var files []string
	for i := range m {
		f := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		if code, out, errs := runCLI(t, "count", fmt.Sprint(n), "-shard", fmt.Sprintf("%d/%d", i, m), "-o", f, "-workers", "2"); code != 0 {
			t.Fatalf("count -shard %d/%d: exit %d\n%s%s", i, m, code, out, errs)
		}
		files = append(files, f)
	}
	want := fmt.Sprintf("12-queens: %s solutions, 1787 unique (8 shards, ", knownTotal(t, n))
	code, out, errs := runCLI(t, append([]string{"merge", "-recompute", "4", "-seed", "9"}, files...)...)
	if code != 0 || !strings.HasPrefix(out, want) || !strings.Contains(out, "recomputed 4 units (seed 9): all match") {
		t.Errorf("merge: exit %d, stdout %q, stderr %q; want 0 and %q…", code, out, errs, want)
	}
	// The chance that one wrong unit escaped 4 draws from 730 units.
	if esc := "one wrong unit among the 730 would escape this check with probability 0.9945 (726/730)"; !strings.Contains(out, esc) {
		t.Errorf("merge -recompute 4: stdout %q; want %q", out, esc)
	}
	code, out, _ = runCLI(t, append([]string{"merge", "-recompute", "4", "-seed", "9", "-format", "json"}, files...)...)
	var mj struct{ Escape *float64 }
	if err := json.Unmarshal([]byte(out), &mj); code != 0 || err != nil || mj.Escape == nil || *mj.Escape != 726.0/730 {
		t.Errorf("merge -recompute 4 -json: exit %d, %q (%v); want \"escape\": 726/730", code, out, err)
	}
	// The same records as JSON Lines on standard input.
	var all bytes.Buffer
	for _, f := range files {
		b, _ := os.ReadFile(f)
		all.Write(b)
	}
	var o bytes.Buffer
	if code := run(context.Background(), &all, &o, &o, []string{"merge", "-json", "-"}); code != 0 || !strings.Contains(o.String(), `"solutions":14200`) {
		t.Errorf("merge -json - (JSON Lines): exit %d, %q", code, o.String())
	}
	// A shard of another N, in the place of shard 3.
	other := filepath.Join(dir, "other.json")
	runCLI(t, "count", "11", "-shard", "3/8", "-o", other)
	// A faulty machine: one unit off, totals kept consistent. +2 breaks
	// the unit's rule (a multiple of its weight) and is refused by
	// merge; +8 with unique +1 keeps every rule, and only -recompute
	// finds it.
	edited := func(name string, dt, du uint64) string {
		f := filepath.Join(dir, name)
		b, _ := os.ReadFile(files[5])
		recs, err := nqueens.ParseShardRecords(b, "x")
		if err != nil {
			t.Fatal(err)
		}
		recs[0].Units[1].Total += dt
		recs[0].Units[1].Unique += du
		recs[0].Solutions, _ = recs[0].Solutions.Add64(dt)
		recs[0].Unique, _ = recs[0].Unique.Add64(du)
		b, _ = json.Marshal(recs[0])
		os.WriteFile(f, b, 0o644)
		return f
	}
	faulty := edited("faulty.json", 8, 1)
	tampered := edited("tampered.json", 2, 0)
	garbled := filepath.Join(dir, "garbled.json")
	os.WriteFile(garbled, []byte(`{"format":"nqueens-shard/1","n":12}`), 0o644)
	with := func(i int, f string) []string {
		c := append([]string{}, files...)
		c[i] = f
		return c
	}
	for _, tc := range []struct {
		name  string
		args  []string
		code  int
		inErr string
	}{
		{"missing", files[:7], 1, "missing shard 7 of 8"},
		{"duplicate", append(files, files[2]), 1, "shard 2/8 is given twice: " + files[2] + " and " + files[2]},
		{"mismatched", with(3, other), 1, other + " (shard 3/8) is n = 11"},
		{"garbled", with(0, garbled), 2, garbled},
		{"no such file", with(0, filepath.Join(dir, "nope")), 2, "nope"},
		{"faulty", append([]string{"-recompute", "1000"}, with(5, faulty)...), 1, "of shard 5/8 (" + faulty + "): recorded total"},
		{"tampered", with(5, tampered), 1, tampered + " (shard 5/8): impossible unit result"},
		{"tampered: the remedy", with(5, tampered), 1, "count that shard again (nqueens count 12 -shard 5/8)"},
		{"no files", nil, 2, "want the shard record files"},
	} {
		code, out, errs := runCLI(t, append([]string{"merge"}, tc.args...)...)
		if code != tc.code || !strings.Contains(errs, tc.inErr) || out != "" {
			t.Errorf("merge %s: exit %d, stdout %q, stderr %q; want exit %d, stderr with %q", tc.name, code, out, errs, tc.code, tc.inErr)
		}
	}
	// Without -o, the record goes to stdout.
	code, out, _ = runCLI(t, "count", "8", "-shard", "0/1")
	if r, err := nqueens.ParseShardRecords([]byte(out), "stdout"); code != 0 || err != nil || r[0].Solutions.String() != "92" {
		t.Errorf("count 8 -shard 0/1: exit %d, %q, %v", code, out, err)
	}
}

func TestCountFlagsCLI(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"count", "12", "-shard", "8/8"},
		{"count", "12", "-shard", "x"},
		{"count", "10-12", "-checkpoint", filepath.Join(dir, "c")},
		{"count", "12", "-checkpoint", filepath.Join(dir, "c"), "-method", "arrays"},
		{"count", "12", "-o", filepath.Join(dir, "o")},
		{"count", "12", "-progress", "sometimes"},
	} {
		if code, _, errs := runCLI(t, args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
	// -progress on without a terminal: status lines; auto: nothing.
	code, out, errs := runCLI(t, "count", "13", "-progress", "on", "-progress-every", "1ms")
	if code != 0 || !strings.Contains(errs, "N=13: ") || !strings.Contains(errs, " units (100.0%)") {
		t.Errorf("count 13 -progress on: exit %d, stderr %q; want status lines ending at 100%%", code, errs)
	}
	if !strings.HasPrefix(out, "13-queens: 73712 solutions") {
		t.Errorf("count 13 -progress on: stdout %q", out)
	}
	if _, _, errs := runCLI(t, "count", "11"); errs != "" {
		t.Errorf("count 11 (auto, not a terminal): stderr %q; want nothing", errs)
	}
	// A foreign checkpoint is refused and left alone.
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("shopping list\n"), 0o644)
	if code, _, errs := runCLI(t, "count", "10", "-checkpoint", notes); code != 2 || !strings.Contains(errs, "not an nqueens checkpoint") {
		t.Errorf("count with a foreign checkpoint: exit %d, %q", code, errs)
	}
	ck := filepath.Join(dir, "c10")
	runCLI(t, "count", "10", "-checkpoint", ck)
	if code, _, errs := runCLI(t, "count", "11", "-checkpoint", ck); code != 2 || !strings.Contains(errs, "it is for n = 10, not n = 11") {
		t.Errorf("count 11 with the checkpoint of 10: exit %d, %q", code, errs)
	}
}

type countOut struct {
	Solutions json.Number `json:"solutions"`
	Method    string      `json:"method"`
	Units     int         `json:"units"`
	Resumed   int         `json:"resumed"`
}

var killSeed = flag.Uint64("killseed", 0, "replay TestKillResume and TestKillResumeTotalOnly with the seed a run printed")

// TestKillResume kills a real count (N = 17, one worker, about a second)
// with SIGKILL five times at random shares of its work, restarting it each
// time from its checkpoint, then interrupts it once with SIGINT, and
// resumes it to the end. Every signal lands mid-count: it is sent once the
// progress lines show the run past its random target and past what it
// resumed. Every restart must resume at least the units the previous run
// had reported done; the SIGINT run must exit 130 saying what is saved;
// the last run must resume some but not all units and give A000170(17).
// A failure can be replayed with -args -killseed <the seed it printed>.
func TestKillResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and counts N = 17")
	}
	killResume(t, binary(t), 17, 1)
}

// TestKillResumeTotalOnly is TestKillResume for "count N -method
// quadrant -total-only", which counts the quadrant join's units (auto
// picks the join for -total-only only from N = 18): N = 17 takes some
// 1.7 s on one core.
func TestKillResumeTotalOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and counts N = 17")
	}
	killResume(t, binary(t), 17, 2, "-method", "quadrant", "-total-only")
}

// statusRE matches a status line of -progress on ("N=17: 120/4319 units
// (3.4%), …, 12 resumed, …"); resumedRE its resumed units, shown when
// there are some.
var (
	statusRE  = regexp.MustCompile(`: (\d+)/(\d+) units \(([0-9.]+)%\)`)
	resumedRE = regexp.MustCompile(`, (\d+) resumed`)
	savedRE   = regexp.MustCompile(`(\d+) of (\d+) units are saved in `)
)

// signalled is what one interrupted run of the count showed.
type signalled struct {
	resumed  int // units resumed from the checkpoint, from its status lines
	done     int // units done (resumed included) on the last status line before the signal
	units    int
	pct      float64 // share of the work done by cost on that line
	stderr   string
	err      error // from Wait
	hit      bool  // the signal was sent
	statuses int
}

// runUntil runs bin with args and sends sig once a status line shows at
// least target percent of the work done and more units than the run
// resumed, so that the signal interrupts a running count.
func runUntil(t *testing.T, bin string, args []string, target float64, sig os.Signal) signalled {
	t.Helper()
	cmd := exec.Command(bin, append(args, "-progress", "on", "-progress-every", "2ms")...)
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var r signalled
	r.resumed = -1
	var all strings.Builder
	sc := bufio.NewScanner(pipe)
	for sc.Scan() {
		line := sc.Text()
		all.WriteString(line + "\n")
		m := statusRE.FindStringSubmatch(line)
		if m == nil || r.hit {
			continue
		}
		r.statuses++
		done, _ := strconv.Atoi(m[1])
		r.units, _ = strconv.Atoi(m[2])
		pct, _ := strconv.ParseFloat(m[3], 64)
		if r.resumed < 0 {
			r.resumed = 0
			if m := resumedRE.FindStringSubmatch(line); m != nil {
				r.resumed, _ = strconv.Atoi(m[1])
			}
		}
		if pct >= target && done > r.resumed && done < r.units {
			r.done, r.pct, r.hit = done, pct, true
			cmd.Process.Signal(sig)
		}
	}
	r.err = cmd.Wait()
	r.stderr = all.String()
	return r
}

// killResume runs the kill test for n (with the extra flags); stream
// tells the tests' random sequences apart.
func killResume(t *testing.T, bin string, n int, stream uint64, extra ...string) {
	seed := *killSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (replay: go test ./cmd/nqueens -run '^%s$' -args -killseed %d)", seed, t.Name(), seed)
	rng := rand.New(rand.NewPCG(seed, stream))
	ck := filepath.Join(t.TempDir(), "ckpt")
	args := append([]string{"count", fmt.Sprint(n), "-checkpoint", ck, "-workers", "1", "-format", "json"}, extra...)
	wantMethod := "kernel"
	if slices.Contains(extra, "quadrant") {
		wantMethod = "join"
	}
	// prev is the number of units the previous run reported done: the
	// next run must resume at least those.
	prev := 0
	resumedAtLeast := func(what string, r signalled) {
		t.Helper()
		if r.resumed < prev {
			t.Errorf("N = %d %s: resumed %d units; the run before reported %d done", n, what, r.resumed, prev)
		}
	}
	// Five SIGKILLs at random targets in 2–10%, 12–20%, …, 42–50% of the
	// work by cost.
	for k := range 5 {
		target := float64(10*k+2) + 8*rng.Float64()
		r := runUntil(t, bin, args, target, syscall.SIGKILL)
		var ee *exec.ExitError
		if !r.hit || !errors.As(r.err, &ee) || !ee.Sys().(syscall.WaitStatus).Signaled() {
			t.Fatalf("N = %d run %d: not killed mid-count (target %.1f%%, signal sent %v): %v\n%s", n, k+1, target, r.hit, r.err, r.stderr)
		}
		resumedAtLeast(fmt.Sprintf("run %d", k+1), r)
		t.Logf("N = %d: run %d resumed %d units, SIGKILL at %d/%d units (%.1f%%, target %.1f%%)", n, k+1, r.resumed, r.done, r.units, r.pct, target)
		prev = r.done
	}
	// Ctrl-C at 55–70%: the count stops, says what is saved, exits 130.
	target := 55 + 15*rng.Float64()
	r := runUntil(t, bin, args, target, os.Interrupt)
	var ee *exec.ExitError
	if !r.hit || !errors.As(r.err, &ee) || ee.ExitCode() != 130 || !strings.Contains(r.stderr, "saved in "+ck) {
		t.Fatalf("N = %d after SIGINT (target %.1f%%, sent %v): %v, stderr:\n%s\nwant exit 130 and what is saved in %s", n, target, r.hit, r.err, r.stderr, ck)
	}
	resumedAtLeast("SIGINT run", r)
	saved := r.done
	if m := savedRE.FindStringSubmatch(r.stderr); m == nil {
		t.Errorf("N = %d after SIGINT: stderr %q; want \"K of M units are saved in …\"", n, r.stderr)
	} else if k, _ := strconv.Atoi(m[1]); k < r.done || m[2] != strconv.Itoa(r.units) {
		t.Errorf("N = %d after SIGINT: %q; want at least the %d of %d units reported done", n, m[0], r.done, r.units)
	} else {
		saved = k
	}
	t.Logf("N = %d: SIGINT run resumed %d units, interrupted at %d/%d units (%.1f%%, target %.1f%%); %d saved", n, r.resumed, r.done, r.units, r.pct, target, saved)
	// The last run resumes what the SIGINT run saved, and finishes.
	out, err := exec.Command(bin, args...).Output()
	if err != nil {
		t.Fatalf("N = %d final run: %v", n, err)
	}
	var res countOut
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("N = %d final run output %q: %v", n, out, err)
	}
	if want := knownTotal(t, n); string(res.Solutions) != want || res.Method != wantMethod {
		t.Errorf("N = %d after 5 kills and an interrupt: %s solutions by %s; want %s by %s", n, res.Solutions, res.Method, want, wantMethod)
	}
	if res.Resumed < saved || res.Resumed <= 0 || res.Resumed >= res.Units || res.Units != r.units {
		t.Errorf("N = %d final run: resumed %d of %d units; want at least the %d saved, and fewer than %d", n, res.Resumed, res.Units, saved, r.units)
	}
	t.Logf("N = %d: final run resumed %d of %d units", n, res.Resumed, res.Units)
}

// TestCheckpointTailCLI cuts a finished checkpoint in the middle of its
// last record, as power loss would, and checks that the count recovers.
func TestCheckpointTailCLI(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "c")
	if code, _, errs := runCLI(t, "count", "12", "-checkpoint", ck); code != 0 {
		t.Fatal(errs)
	}
	b, _ := os.ReadFile(ck)
	os.WriteFile(ck, b[:len(b)-7], 0o644)
	code, out, errs := runCLI(t, "count", "12", "-checkpoint", ck, "-format", "json")
	var res countOut
	json.Unmarshal([]byte(out), &res)
	if code != 0 || string(res.Solutions) != "14200" || res.Resumed != res.Units-1 {
		t.Errorf("after a torn tail: exit %d, %q, %q; want 14200 with all units but one resumed", code, out, errs)
	}
	// Damage in the middle is not a torn tail: refused.
	b, _ = os.ReadFile(ck)
	i := bytes.IndexByte(b, '\n') + 1
	b[i] = 'x'
	os.WriteFile(ck, b, 0o644)
	if code, _, errs := runCLI(t, "count", "12", "-checkpoint", ck); code != 2 || !strings.Contains(errs, "corrupt checkpoint") {
		t.Errorf("damaged checkpoint: exit %d, %q; want 2, corrupt", code, errs)
	}
}

// TestJoinShardMergeCLI counts N = 13 in 4 shards with -method
// quadrant -total-only (the quadrant join), merges them, and refuses a
// set that mixes in a shard of the kernel.
func TestJoinShardMergeCLI(t *testing.T) {
	dir := t.TempDir()
	const n, m = 13, 4
	var files []string
	for i := range m {
		f := filepath.Join(dir, fmt.Sprintf("q%d.json", i))
		code, out, errs := runCLI(t, "count", fmt.Sprint(n), "-method", "quadrant", "-total-only", "-shard", fmt.Sprintf("%d/%d", i, m), "-o", f, "-workers", "2")
		if want := fmt.Sprintf("13-queens shard %d/4: ", i); code != 0 || !strings.HasPrefix(out, want) || !strings.Contains(out, "(totals only, method join)") {
			t.Fatalf("count -method quadrant -total-only -shard %d/%d: exit %d, %q, %q; want 0 and %q… (totals only, method join)", i, m, code, out, errs, want)
		}
		files = append(files, f)
	}
	// The shards hold totals; the merge derives the unique count from
	// the whole total.
	want := fmt.Sprintf("13-queens: %s solutions, 9233 unique (4 shards, ", knownTotal(t, n))
	code, out, errs := runCLI(t, append([]string{"merge", "-recompute", "30", "-seed", "5"}, files...)...)
	if code != 0 || !strings.HasPrefix(out, want) || !strings.Contains(out, "method join, unique by symmetry)") || !strings.Contains(out, "recomputed 30 units (seed 5): all match") {
		t.Errorf("merge: exit %d, stdout %q, stderr %q; want 0 and %q… unique by symmetry", code, out, errs, want)
	}
	code, out, _ = runCLI(t, append([]string{"merge", "-format", "json"}, files...)...)
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil || got["method"] != "join" || got["solutions"] != float64(73712) {
		t.Errorf("merge -json: exit %d, %q, %v; want method join, 73712 solutions", code, out, err)
	}
	if got["unique"] != float64(9233) {
		t.Errorf("merge -json of quadrant shards: %q; want unique 9233 (derived from the total)", out)
	}
	kern := filepath.Join(dir, "k2.json")
	if code, _, errs := runCLI(t, "count", fmt.Sprint(n), "-shard", "2/4", "-o", kern); code != 0 {
		t.Fatal(errs)
	}
	mixed := append([]string{}, files...)
	mixed[2] = kern
	code, out, errs = runCLI(t, append([]string{"merge"}, mixed...)...)
	if wantErr := kern + " (shard 2/4) is a shard of method kernel, but " + files[0] + " (shard 0/4) is of method join"; code != 1 || out != "" || !strings.Contains(errs, wantErr) || strings.Count(errs, "\n") != 1 {
		t.Errorf("merge of mixed methods: exit %d, stdout %q, stderr %q; want exit 1 and one line with %q", code, out, errs, wantErr)
	}
	// A checkpoint of one method is refused by a count of the other.
	ck := filepath.Join(dir, "q.ckpt")
	if code, _, errs := runCLI(t, "count", "12", "-method", "quadrant", "-total-only", "-checkpoint", ck); code != 0 {
		t.Fatal(errs)
	}
	for _, args := range [][]string{
		{"count", "12", "-method", "kernel", "-checkpoint", ck},
		{"count", "13", "-method", "quadrant", "-total-only", "-checkpoint", ck},
		{"count", "13", "-checkpoint", ck},
	} {
		if code, _, errs := runCLI(t, args...); code != 2 || !strings.Contains(errs, "checkpoint belongs to another count") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line refusing the checkpoint", args, code, errs)
		}
	}
	// The method that wrote it resumes it, and so does auto, which keeps
	// the checkpoint's method (the kernel's below N = 18 otherwise).
	for _, args := range [][]string{
		{"count", "12", "-method", "quadrant", "-total-only", "-checkpoint", ck, "-format", "json"},
		{"count", "12", "-checkpoint", ck, "-format", "json"},
		{"count", "12", "-total-only", "-checkpoint", ck, "-format", "json"},
	} {
		code, out, errs = runCLI(t, args...)
		var res countOut
		json.Unmarshal([]byte(out), &res)
		if code != 0 || string(res.Solutions) != "14200" || res.Method != "join" || res.Resumed != res.Units || res.Units == 0 {
			t.Errorf("%v, a finished quadrant checkpoint: exit %d, %q, %q; want 14200 by quadrant with every unit resumed", args, code, out, errs)
		}
	}
}

// TestCheckpointDroppedCLI: a damaged last checkpoint record is dropped
// with one line on stderr, and the count is right.
func TestCheckpointDroppedCLI(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "c.ckpt")
	if code, _, errs := runCLI(t, "count", "12", "-checkpoint", ck); code != 0 {
		t.Fatalf("count 12 -checkpoint: exit %d, %s", code, errs)
	}
	b, _ := os.ReadFile(ck)
	b[len(b)-3] ^= 1 // a digit of the last record's checksum
	os.WriteFile(ck, b, 0o644)
	code, out, errs := runCLI(t, "count", "12", "-checkpoint", ck)
	want := "nqueens count: dropped 1 damaged trailing record of " + ck + "; its unit is counted again\n"
	if code != 0 || errs != want || !strings.Contains(out, knownTotal(t, 12)+" solutions") {
		t.Errorf("count after a damaged last record: exit %d, stdout %q, stderr %q; want 0, the total, stderr %q", code, out, errs, want)
	}
}

// TestShardFlagWording: a bad -shard says what the shards are, once.
func TestShardFlagWording(t *testing.T) {
	for _, c := range []struct{ arg, want string }{
		{"8/8", "nqueens count: -shard: 8/8: I must be in 0..M−1 (the shards of 8 are 0/8 to 7/8)\n"},
		{"1/1", "nqueens count: -shard: 1/1: I must be 0 (the one shard of 1 is 0/1)\n"},
		{"3/0", "nqueens count: -shard: 3/0: M must be at least 1\n"},
	} {
		if code, _, errs := runCLI(t, "count", "12", "-shard", c.arg); code != 2 || errs != c.want {
			t.Errorf("count 12 -shard %s: exit %d, stderr %q; want 2, %q", c.arg, code, errs, c.want)
		}
	}
}
