package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nqueens/nqueens"
)

// planOf runs "nqueens plan args..." with -json and decodes it.
func planOf(t *testing.T, args ...string) planJSON {
	t.Helper()
	out, errs, code := cli(t, "", append(append([]string{"plan"}, args...), "-format", "json")...)
	if code != 0 {
		t.Fatalf("nqueens plan %s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
	}
	var p planJSON
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("nqueens plan %s: %v in %q", strings.Join(args, " "), err, out)
	}
	return p
}

// TestPlanUnitsAreTheCounts: each shard of a plan has the units that
// count -shard counts (the same assignment), and they add up to R ×
// the count's units.
func TestPlanUnitsAreTheCounts(t *testing.T) {
	tests := []struct {
		n, m, r       int
		method, count string // plan's -method, count's
	}{
		{12, 4, 1, "kernel", "kernel"},
		{14, 4, 1, "kernel", "kernel"},
		{12, 5, 3, "auto", "auto"},
		{14, 3, 2, "quadrant", "quadrant"},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%d-%s-%d-%d", tt.n, tt.method, tt.m, tt.r)
		t.Run(name, func(t *testing.T) {
			p := planOf(t, strconv.Itoa(tt.n), "-method", tt.method, "-shards", strconv.Itoa(tt.m), "-replicas", strconv.Itoa(tt.r))
			if len(p.PerShard) != tt.m || p.Shards != tt.m || p.Replicas != tt.r {
				t.Fatalf("got %d shards (shards %d, replicas %d), want %d shards of %d replicas", len(p.PerShard), p.Shards, p.Replicas, tt.m, tt.r)
			}
			// The whole count's units.
			out, errs, code := cli(t, "", "count", strconv.Itoa(tt.n), "-method", tt.count, "-format", "json")
			if code != 0 {
				t.Fatalf("count: exit %d, %s", code, errs)
			}
			var whole countJSON
			if err := json.Unmarshal([]byte(out), &whole); err != nil {
				t.Fatal(err)
			}
			if p.Units != whole.Units {
				t.Errorf("plan units = %d, count's = %d", p.Units, whole.Units)
			}
			sum := 0
			for i, s := range p.PerShard {
				sum += s.Units
				if want := fmt.Sprintf("%d/%d", i, tt.m); s.Shard != want {
					t.Errorf("shard %d is named %q, want %q", i, s.Shard, want)
				}
				args := []string{"count", strconv.Itoa(tt.n), "-method", tt.count, "-shard", s.Shard, "-replicas", strconv.Itoa(tt.r)}
				out, errs, code := cli(t, "", args...)
				if code != 0 {
					t.Fatalf("%v: exit %d, %s", args, code, errs)
				}
				var rec struct {
					Units []json.RawMessage `json:"units"`
				}
				if err := json.Unmarshal([]byte(out), &rec); err != nil {
					t.Fatal(err)
				}
				if s.Units != len(rec.Units) {
					t.Errorf("shard %s: plan has %d units, count -shard counts %d", s.Shard, s.Units, len(rec.Units))
				}
				if !(s.CPUSeconds > 0) || s.Memory == 0 {
					t.Errorf("shard %s: CPU %g s, memory %d: want both positive", s.Shard, s.CPUSeconds, s.Memory)
				}
			}
			if sum != tt.r*whole.Units {
				t.Errorf("shards' units add up to %d, want R × units = %d × %d", sum, tt.r, whole.Units)
			}
		})
	}
}

// TestPlanJoinMemory: a join shard's units, memory, workers and tables
// are what nqueens.Plan plans for that shard (internal/run's
// TestJoinPlannedShards checks those against each shard's plan alone),
// by default and within a bound that makes the shards list their rows;
// the whole count's peak is Plan's for the whole count.
func TestPlanJoinMemory(t *testing.T) {
	for _, tc := range []struct {
		n, shards int
		limit     uint64
		maxMem    string
	}{{15, 3, 0, ""}, {16, 5, 3 << 20, "3M"}} {
		args := []string{strconv.Itoa(tc.n), "-shards", strconv.Itoa(tc.shards), "-method", "quadrant"}
		if tc.maxMem != "" {
			args = append(args, "-max-memory", tc.maxMem)
		}
		p := planOf(t, args...)
		whole, err := nqueens.Plan(context.Background(), tc.n, nqueens.CountOptions{Method: nqueens.MethodJoin, MaxMemory: tc.limit})
		if err != nil {
			t.Fatal(err)
		}
		if p.WholeMemory != whole.Whole {
			t.Errorf("plan %v: whole_memory %d; want Plan's %d", args, p.WholeMemory, whole.Whole)
		}
		for i, s := range p.PerShard {
			q, err := nqueens.Plan(context.Background(), tc.n, nqueens.CountOptions{Method: nqueens.MethodJoin, MaxMemory: tc.limit, Shard: nqueens.Shard{Index: i, Count: tc.shards}})
			if err != nil {
				t.Fatal(err)
			}
			if s.Units != q.Units || s.Memory != q.Memory || s.Workers != q.Workers || s.Projected != q.Projected {
				t.Errorf("plan %v shard %s: %d units, %d bytes, %d workers, tables %v; Plan: %d, %d, %d, %v",
					args, s.Shard, s.Units, s.Memory, s.Workers, s.Projected, q.Units, q.Memory, q.Workers, q.Projected)
			}
		}
	}
}

// TestPlanText: the header, a row per shard up to 16 shards (or with
// -v), min/median/max above, and the totals.
func TestPlanText(t *testing.T) {
	tests := []struct {
		args []string
		rows int // shard rows
		sum  bool
	}{
		{[]string{"12", "-shards", "3"}, 3, false},
		{[]string{"12", "-shards", "16"}, 16, false},
		{[]string{"12", "-shards", "17"}, 0, true},
		{[]string{"12", "-shards", "17", "-v"}, 17, false},
		{[]string{"20", "-method", "quadrant", "-shards", "2"}, 2, false},
	}
	row := regexp.MustCompile(`^ +\d+/\d+ +[\d,]+ +\S+ \S+ +\S+ \S+$`)
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errs, code := cli(t, "", append([]string{"plan"}, tt.args...)...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if !strings.HasPrefix(lines[0], "N = "+tt.args[0]+", method ") || !strings.HasPrefix(lines[1], "calibration: ") {
				t.Errorf("header %q", lines[:2])
			}
			if tt.args[0] == "20" && (strings.Contains(lines[1], "extrapolated") || !strings.Contains(lines[1], "spread ±")) {
				t.Errorf("quadrant at N = 20 is timed at N = 20, with a spread; header %q", lines[1])
			}
			rows := 0
			for _, l := range lines {
				if row.MatchString(l) {
					rows++
				}
			}
			if rows != tt.rows {
				t.Errorf("%d shard rows, want %d:\n%s", rows, tt.rows, out)
			}
			if got := strings.Contains(out, "\n   median "); got != tt.sum {
				t.Errorf("min/median/max printed: %v, want %v:\n%s", got, tt.sum, out)
			}
			if last := lines[len(lines)-1]; !strings.HasPrefix(last, "in all: ") || !strings.Contains(last, "CPU hours") {
				t.Errorf("last line %q, want the totals", last)
			}
		})
	}
}

// TestCLIPlanRefusals: bad input exits 2 with one line.
func TestCLIPlanRefusals(t *testing.T) {
	testGolden(t, []goldenCase{
		{"plan-n-big", "", []string{"plan", "65"}},
		{"plan-n-small", "", []string{"plan", "3"}},
		{"plan-n-abc", "", []string{"plan", "abc"}},
		{"plan-shards-0", "", []string{"plan", "12", "-shards", "0"}},
		{"plan-replicas-above", "", []string{"plan", "12", "-shards", "2", "-replicas", "3"}},
		{"plan-replicas-0", "", []string{"plan", "12", "-shards", "2", "-replicas", "0"}},
		{"plan-method-bad", "", []string{"plan", "12", "-method", "magic"}},
		{"plan-method-arrays", "", []string{"plan", "12", "-method", "arrays"}},
		{"plan-quadrant-big", "", []string{"plan", "29", "-method", "quadrant"}},
		{"plan-join-28-shards-0", "", []string{"plan", "28", "-method", "join", "-shards", "0"}},
		{"plan-max-memory-bad", "", []string{"plan", "12", "-max-memory", "lots"}},
		{"plan-max-memory-small", "", []string{"plan", "14", "-method", "quadrant", "-max-memory", "1K"}},
		{"plan-workers-neg", "", []string{"plan", "12", "-workers", "-1"}},
		{"plan-time-0", "", []string{"plan", "12", "-time", "0"}},
		{"plan-time-neg", "", []string{"plan", "12", "-time", "-1s"}},
		{"plan-shards-above-units", "", []string{"plan", "12", "-shards", "99999999999"}},
		{"plan-join-shards-above-units", "", []string{"plan", "12", "-method", "join", "-shards", "53"}},
	})
	for _, args := range [][]string{{"plan", "65"}, {"plan", "12", "-shards", "0"}, {"plan", "12", "-shards", "2", "-replicas", "3"}, {"plan", "12", "-method", "magic"}, {"plan", "14", "-method", "quadrant", "-max-memory", "1K"}} {
		_, errs, code := cli(t, "", args...)
		if code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("nqueens %s: exit %d, stderr %q; want exit 2 and one line", strings.Join(args, " "), code, errs)
		}
	}
}

// TestPlanTime: -time sets the calibration's budget, the default being
// a second. The calibration stops at its budget (read on the monotonic
// clock that calibration_seconds is measured with, so no load can make
// it shorter), at 5000 samples (internal/estimate's maxSamples), or,
// after 20 samples, once it took 5% of the estimated wall time. At
// N = 26 that is weeks even on many fast cores (the test checks it is
// above 40,000 s), so 2 s of calibration take 2 s unless 5000 samples
// come first. (At N = 20, as this test had it, the estimate is minutes
// and the samples faster: a calibration of 2 s once stopped at 1.94 s.)
func TestPlanTime(t *testing.T) {
	out, errs, code := cli(t, "", "plan", "26", "-time", "2s", "-format", "json")
	if code != 0 {
		t.Fatalf("plan 26 -time 2s: exit %d, stderr %q", code, errs)
	}
	var j struct {
		Calibration float64 `json:"calibration_seconds"`
		Samples     int     `json:"samples"`
		Wall        float64 `json:"wall_seconds"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	const maxSamples = 5000
	if j.Wall < 2/0.05*1000 {
		t.Fatalf("plan 26: wall_seconds = %v; want above 40000 s (1000 times 2 s / 5%%), so that the 5%% stop cannot come before the budget", j.Wall)
	}
	if j.Calibration < 2 && j.Samples < maxSamples {
		t.Errorf("plan 26 -time 2s: calibration_seconds = %v with %d samples; want at least 2, or %d samples", j.Calibration, j.Samples, maxSamples)
	}
}

// TestPlanEvenSplitReplicas: where the units' times are not known (the
// CPU time shared evenly), each of M shards with R replicas takes R/M
// of the estimate: 100 s, M = 4, R = 2 give 50 s a shard, 200 s in all.
func TestPlanEvenSplitReplicas(t *testing.T) {
	sh := nqueens.Shard{Count: 4, Replicas: 2}
	plans := []nqueens.CountPlan{{IDs: []int{0, 1}}, {IDs: []int{2, 3}}, {IDs: []int{0, 1}}, {IDs: []int{2, 3}}}
	est := nqueens.CountEstimate{CPUSeconds: 100, Units: 4}
	per, units, even, _ := planShards(nqueens.MethodJoin, sh, est, plans)
	if !even || units != 4 {
		t.Fatalf("planShards: even %v, %d units; want even, 4", even, units)
	}
	for _, s := range per {
		if s.CPUSeconds != 50 {
			t.Errorf("shard %s: %g s; want 50 (100 s × 2 replicas / 4 shards)", s.Shard, s.CPUSeconds)
		}
	}
}

// TestPlanWall: the wall time here is each shard's CPU time over its
// own planned workers (at most the cores), one shard after another:
// shards planned at 1 worker each (the join within its memory bound)
// run on 1 core, however many the estimate's whole count would take.
func TestPlanWall(t *testing.T) {
	per := []shardPlan{{CPUSeconds: 10}, {CPUSeconds: 20}}
	est := nqueens.CountEstimate{PlanSeconds: 1, Workers: 8}
	for _, tc := range []struct {
		workers    []int
		ncpu       int
		cores      int
		wall       float64
		planShards bool
	}{
		{[]int{1, 1}, 2, 1, 31, true},
		{[]int{2, 2}, 2, 2, 16, true},
		{[]int{4, 1}, 2, 2, 26, true},
		{nil, 2, 2, 16, false}, // no shard plans: the estimate's workers, at most the cores
	} {
		var plans []nqueens.CountPlan
		if tc.planShards {
			for _, w := range tc.workers {
				plans = append(plans, nqueens.CountPlan{Workers: w})
			}
		}
		cores, wall := planWall(per, plans, est, tc.ncpu)
		if cores != tc.cores || wall != tc.wall {
			t.Errorf("planWall(workers %v, %d cpus) = %d cores, %g s; want %d, %g", tc.workers, tc.ncpu, cores, wall, tc.cores, tc.wall)
		}
	}
}

// TestPlanSignal: plan stops in its preparation (N = 26: a counting walk
// of the quadrant, seconds of CPU) within a second of a SIGTERM or an
// interrupt, with the status and line of every command, after the line
// that says what it prepares.
func TestPlanSignal(t *testing.T) {
	for _, tc := range []struct {
		sig  os.Signal
		code int
		msg  string
	}{
		{syscall.SIGTERM, 143, "nqueens plan: terminated\n"},
		{os.Interrupt, 130, "nqueens plan: interrupted\n"},
	} {
		ctx, cancel := context.WithCancelCause(context.Background())
		var at time.Time
		time.AfterFunc(300*time.Millisecond, func() { at = time.Now(); cancel(signalCause{tc.sig}) })
		var out, errb bytes.Buffer
		code := run(ctx, strings.NewReader(""), &out, &errb, []string{"plan", "26", "-method", "join", "-shards", "4"})
		dt := time.Since(at)
		want := "nqueens plan: " + preparing(26, nqueens.MethodJoin) + "\n" + tc.msg
		if code != tc.code || errb.String() != want || dt > time.Second {
			t.Errorf("plan 26 -method join -shards 4, %v at 300 ms: exit %d, stderr %q, %v after the signal; want %d, %q, within 1 s", tc.sig, code, errb.String(), dt, tc.code, want)
		}
		cancel(nil)
	}
}

// TestPlanSpreadOneRule: a calibration of one sample has no spread, in
// the JSON as in the text ("spread unknown"); two have one.
func TestPlanSpreadOneRule(t *testing.T) {
	for _, tc := range []struct {
		spread  float64
		samples int
		want    bool
	}{{0, 1, false}, {0.1, 1, false}, {math.NaN(), 5, false}, {0.0005, 2, true}, {0.02, 40, true}} {
		got := planSpread(tc.spread, tc.samples)
		var text bytes.Buffer
		printPlan(&text, planJSON{N: 20, Method: nqueens.MethodKernel, Units: 1, Shards: 1, Replicas: 1, Samples: tc.samples, From: 20, Spread: got,
			PerShard: []shardPlan{{Shard: "0/1", Units: 1}}}, nqueens.CountEstimate{}, true)
		unknown := strings.Contains(text.String(), "spread unknown")
		if (got != nil) != tc.want || unknown == tc.want {
			t.Errorf("spread %g of %d samples: JSON spread %v, text %q; want a spread %v in both", tc.spread, tc.samples, got, text.String(), tc.want)
		}
	}
}
