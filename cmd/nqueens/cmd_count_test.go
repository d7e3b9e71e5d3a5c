package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nqueens/nqueens"
)

// cliTimeout is cli with a deadline, for command lines that would run
// for years if count did not refuse them.
func cliTimeout(t *testing.T, d time.Duration, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var out, errb bytes.Buffer
	code := run(ctx, strings.NewReader(""), &out, &errb, args)
	return out.String(), errb.String(), code
}

func TestCLICount(t *testing.T) {
	testGolden(t, []goldenCase{
		{"count-1", "", []string{"count", "1"}},
		{"count-checkpoint-empty", "", []string{"count", "12", "-checkpoint", ""}},
		{"count-kernel-max-memory-small", "", []string{"count", "12", "-max-memory", "1K", "-workers", "1"}},
		{"count-arrays-total-only", "", []string{"count", "8", "-method", "arrays", "-total-only"}},
		{"count-plan-only", "", []string{"count", "16", "-method", "quadrant", "-shard", "0/8", "-plan-only"}},
		{"count-join-whole-26", "", []string{"count", "26", "-method", "join"}},
		{"count-join-shard-29", "", []string{"count", "29", "-method", "join", "-shard", "0/8"}},
		// N = 26..28 pass the size check (a cheap error after it).
		{"count-join-shard-27", "", []string{"count", "27", "-method", "join", "-shard", "0/8", "-o", "/nonexistent/s.json"}},
		{"count-method-all", "", []string{"count", "4-8", "-method", "all"}},
		{"count-plot", "", []string{"count", "4-8", "-plot", "g.svg"}},
		{"compare-h", "", []string{"compare", "-h"}},
		{"compare-one-n", "", []string{"compare", "8"}},
		{"compare-total-only-all", "", []string{"compare", "4-8", "-total-only"}},
	})
}

var (
	needRE    = regexp.MustCompile(`needs ([0-9.]+) ([KMG])iB with method (\w+), the limit is`)
	passingRE = regexp.MustCompile(`\(a limit of (\d+M) passes\)`)
)

// TestCountMemoryNeedPasses: a -max-memory refusal states a need, and
// that need, given as the limit, is accepted (M2: "needs 1.2 MiB" at 1M,
// then 1100K refused again; "needs 2.7 MiB" and 2700K refused); so is
// the whole-MiB limit a quadrant refusal names. A shard states its own
// need, no more than the whole count's (both stream their rows at the
// floor: their bucket counts and one worker).
func TestCountMemoryNeedPasses(t *testing.T) {
	for _, tc := range []struct {
		n      string
		method string
		limit  string
		shard  string
	}{
		{"12", "join", "1K", ""},
		{"14", "join", "1K", ""},
		{"16", "join", "1M", ""},
		{"16", "join", "1500K", ""},
		{"17", "join", "1M", ""},
		{"15", "join", "1K", "0/4"}, // odd N: its whole count once held the quadrant table at its floor
		{"17", "join", "1K", "3/4"},
		{"12", "kernel", "1K", ""},
		{"15", "kernel", "100K", ""},
	} {
		args := []string{"count", tc.n, "-method", tc.method, "-max-memory", tc.limit}
		if tc.method == "join" {
			args = append(args, "-total-only")
		}
		if tc.shard != "" {
			args = append(args, "-shard", tc.shard)
		}
		_, errs, code := cli(t, "", args...)
		m := needRE.FindStringSubmatch(errs)
		if code != 2 || m == nil || m[3] != tc.method {
			t.Errorf("nqueens %s: exit %d, stderr %q; want exit 2 and the need of method %s", strings.Join(args, " "), code, errs, tc.method)
			continue
		}
		figures := []string{m[1] + m[2]} // the figure stated, as the flag
		if tc.method == "join" {
			p := passingRE.FindStringSubmatch(errs)
			if p == nil {
				t.Errorf("nqueens %s: stderr %q; want the limit that passes", strings.Join(args, " "), errs)
				continue
			}
			figures = append(figures, p[1])
		}
		if tc.shard != "" {
			whole := append([]string{}, args[:len(args)-2]...)
			_, werrs, _ := cli(t, "", whole...)
			w := needRE.FindStringSubmatch(werrs)
			if w == nil {
				t.Fatalf("nqueens %s: stderr %q; want the need", strings.Join(whole, " "), werrs)
			}
			sb, err1 := parseBytes(m[1] + m[2])
			wb, err2 := parseBytes(w[1] + w[2])
			if err1 != nil || err2 != nil || sb > wb {
				t.Errorf("shard %s of n = %s needs %s%s, the whole count %s%s; want no more", tc.shard, tc.n, m[1], m[2], w[1], w[2])
			}
		}
		for _, f := range figures {
			args[5] = f
			out, errs, code := cli(t, "", args...)
			ok := strings.HasPrefix(out, tc.n+"-queens: ")
			if tc.shard != "" {
				ok = strings.HasPrefix(out, `{"format":"nqueens-shard/1"`)
			}
			if code != 0 || !ok {
				t.Errorf("nqueens %s (the figure stated): exit %d, stdout %q, stderr %q; want the count", strings.Join(args, " "), code, out, errs)
			}
		}
	}
}

// TestCountRefusesIntractable: count N for an N that cannot finish says
// so in one line and exits 2 at once instead of starting (L11).
func TestCountRefusesIntractable(t *testing.T) {
	line := regexp.MustCompile(`^nqueens count: N = (\d+): about \S+ (·10\^\d+ )?\w+ on \d+ cores? here \(estimated, method (\w+)\); -force to start anyway\n$`)
	for _, args := range [][]string{
		{"count", "33"},
		{"count", "64"},
		{"count", "30-33"},
		{"count", "24", "-total-only"},
		{"count", "23", "-workers", "1"},
		{"count", "16", "-method", "permutation"},
		{"count", "18", "-method", "matrix"},
	} {
		out, errs, code := cliTimeout(t, 60*time.Second, args...)
		if code != 2 || out != "" || !line.MatchString(errs) {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want exit 2 and the estimate with -force", strings.Join(args, " "), code, out, errs)
		}
	}
}

// TestCountForce: -force starts the count that would be refused (it is
// cancelled here after 2 s: exit 130, not 2).
func TestCountForce(t *testing.T) {
	_, errs, code := cliTimeout(t, 2*time.Second, "count", "33", "-force")
	if code == 2 || strings.Contains(errs, "-force") {
		t.Errorf("nqueens count 33 -force: exit %d, stderr %q; want it started", code, errs)
	}
}

var estimateRE = regexp.MustCompile(`(?m)^estimated \S+ \S+( \(±\d+%\))? on \d+ workers?, \S+ \S+ of CPU.*, (from \d+ (sampled units?|probes? into sampled units)|measured by counting N = 5..\d+|extrapolated from .*) in \S+ \S+$`)

// TestCountVerbose: -v prints the estimate (on stderr) for every method,
// and with -json or -shard its lines go to stderr, leaving stdout the
// record (L14).
func TestCountVerbose(t *testing.T) {
	for _, args := range [][]string{
		{"count", "12", "-v"},
		{"count", "8", "-v", "-method", "matrix"},
		{"count", "12", "-v", "-method", "quadrant"},
		{"count", "12", "-v", "-format", "json"},
		{"count", "12", "-v", "-shard", "1/4"},
		{"count", "14", "-v", "-method", "quadrant", "-total-only", "-shard", "0/2"},
	} {
		out, errs, code := cli(t, "", args...)
		if code != 0 || !estimateRE.MatchString(errs) {
			t.Errorf("nqueens %s: exit %d, stderr %q; want the estimate", strings.Join(args, " "), code, errs)
		}
		json1 := strings.Contains(strings.Join(args, " "), "json") || strings.Contains(strings.Join(args, " "), "-shard")
		if !json1 {
			continue
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Errorf("nqueens %s: stdout %q is not one JSON object: %v", strings.Join(args, " "), out, err)
		}
		if !strings.Contains(errs, "s, method ") {
			t.Errorf("nqueens %s: stderr %q; want the -v line of the count", strings.Join(args, " "), errs)
		}
	}
}

// TestCountVerboseTotalOnly: the method -v names for -total-only is
// one -total-only accepts (L5).
func TestCountVerboseTotalOnly(t *testing.T) {
	out, _, code := cli(t, "", "count", "12", "-total-only", "-v")
	m := regexp.MustCompile(`method (\w+)`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("count 12 -total-only -v: exit %d, stdout %q", code, out)
	}
	if out2, errs, code := cli(t, "", "count", "12", "-total-only", "-method", m[1]); code != 0 || out2 != "12-queens: 14200 solutions\n" {
		t.Errorf("count 12 -total-only -method %s: exit %d, %q %q; want the total as -v said", m[1], code, out2, errs)
	}
}

// TestCountShardSingular: a shard of one unit says "1 unit".
func TestCountShardSingular(t *testing.T) {
	// N = 4 has 2 kernel units; shard 0/2 holds the one with both
	// solutions.
	path := filepath.Join(t.TempDir(), "s.json")
	out, errs, code := cli(t, "", "count", "4", "-shard", "0/2", "-o", path)
	want := "4-queens shard 0/2: 2 solutions, 1 unique in 1 unit; record in " + path + "\n"
	if code != 0 || out != want {
		t.Errorf("count 4 -shard 0/2 -o: exit %d, stdout %q, stderr %q; want %q", code, out, errs, want)
	}
}

func TestHumanSeconds(t *testing.T) {
	for _, c := range []struct {
		s    float64
		want string
	}{
		{0.0004, "0.40 ms"},
		{0.25, "250 ms"},
		{5.6, "5.6 s"},
		{45, "45 s"},
		{454, "8 min"},
		{3 * 3600, "3.0 h"},
		{30 * 86400, "30 days"},
		{3e9, "95 years"},
		{6.8e16, "2·10^9 years"},
		{3.15e13 * 9.6, "1·10^7 years"},
	} {
		if got := humanSeconds(c.s); got != c.want {
			t.Errorf("humanSeconds(%g) = %q; want %q", c.s, got, c.want)
		}
	}
}

// TestQuickIsEnough: the quick estimate decides alone only far from the
// refusal threshold, from two samples or more at N itself, and not from
// the kernel's probes (which may all be empty); the join's pieces count.
func TestQuickIsEnough(t *testing.T) {
	hour := refuseAbove.Seconds()
	base := nqueens.CountEstimate{N: 20, From: 20, Samples: 2, WallSeconds: 120}
	with := func(f func(*nqueens.CountEstimate)) nqueens.CountEstimate {
		e := base
		f(&e)
		return e
	}
	for _, tc := range []struct {
		name string
		e    nqueens.CountEstimate
		want bool
	}{
		{"kernel units", with(func(e *nqueens.CountEstimate) { e.Method = nqueens.MethodKernel }), true},
		{"kernel probes", with(func(e *nqueens.CountEstimate) { e.Method = nqueens.MethodKernel; e.Probes = true }), false},
		{"quadrant pieces", with(func(e *nqueens.CountEstimate) { e.Method = nqueens.MethodJoin; e.Probes = true }), true},
		{"quadrant one sample", with(func(e *nqueens.CountEstimate) { e.Method = nqueens.MethodJoin; e.Probes = true; e.Samples = 1 }), false},
		{"extrapolated", with(func(e *nqueens.CountEstimate) { e.Method = nqueens.MethodPermutation; e.From = 12 }), false},
		{"at a quarter", with(func(e *nqueens.CountEstimate) { e.Method = nqueens.MethodJoin; e.WallSeconds = hour / 4 }), true},
		{"past a quarter", with(func(e *nqueens.CountEstimate) { e.Method = nqueens.MethodJoin; e.WallSeconds = hour/4 + 1 }), false},
	} {
		if got := quickIsEnough(tc.e); got != tc.want {
			t.Errorf("quickIsEnough(%s: %+v) = %v, want %v", tc.name, tc.e, got, tc.want)
		}
	}
}

// TestCountVerboseLines checks that count -v writes whole lines as a
// terminal shows standard output and error together, in the order
// written: each line is one of the lines count prints, none run into
// another ("method kernelestimated …"), for every way -v prints.
func TestCountVerboseLines(t *testing.T) {
	dir := t.TempDir()
	lineRE := regexp.MustCompile(`^(` + strings.Join([]string{
		`estimated \S+ \S+( \(±\d+%\))? on \d+ workers?, .* in \S+ \S+`,
		`\d+-queens: \d+ solutions(, \d+ unique)?`,
		`\d+-queens shard \d+/\d+: .*; record in \S+`,
		`nodes [\d,]+, [\d.]+ s, \d+ Mnodes/s, method (kernel|bitboard|arrays|board|permutation)`,
		`[\d.]+ s, method join, \d+ units \([^()]*\)`,
		`units \d+, \d+ resumed from \S+`,
		`N=\d+: \d+/\d+ units .*`,
		`\{.*\}`,
		` +N +solutions +unique +nodes +seconds +growth`,
		` *\d+ +[\d,]+ +[\d,-]+ +[\d,-]+ +[\d.]+ +\S+`,
	}, "|") + `)$`)
	for _, args := range [][]string{
		{"count", "12", "-v"},
		{"count", "12", "-v", "-force"},
		{"count", "12", "-v", "-method", "join"},
		{"count", "12", "-v", "-method", "bitboard"},
		{"count", "12", "-v", "-total-only"},
		{"count", "11-12", "-v"},
		{"count", "12", "-v", "-format", "json"},
		{"count", "12", "-v", "-shard", "1/4"},
		{"count", "12", "-v", "-shard", "1/4", "-o", filepath.Join(dir, "s.json")},
		{"count", "12", "-v", "-checkpoint", filepath.Join(dir, "c.ckpt")},
		{"count", "12", "-v", "-checkpoint", filepath.Join(dir, "c.ckpt")}, // resumed
		{"count", "12", "-v", "-progress", "on", "-progress-every", "1ms"},
	} {
		var term bytes.Buffer
		code := run(context.Background(), strings.NewReader(""), &term, &term, args)
		lines := strings.Split(term.String(), "\n")
		if code != 0 || len(lines) < 3 || lines[len(lines)-1] != "" {
			t.Errorf("nqueens %s: exit %d, output %q; want 0 and whole lines", strings.Join(args, " "), code, term.String())
			continue
		}
		for _, l := range lines[:len(lines)-1] {
			if !lineRE.MatchString(l) {
				t.Errorf("nqueens %s: line %q is none of count's lines (output %q)", strings.Join(args, " "), l, term.String())
			}
		}
	}
}
