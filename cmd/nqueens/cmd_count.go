package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/atomicfile"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/progress"
	"github.com/nqueens/nqueens/internal/bytesize"
)

var countCmd = &command{
	name:    "count",
	run:     runCount,
	args:    "N | A-B [flags]",
	summary: "count the solutions (A000170) and unique solutions (A002562)",
	help: `Counts every solution of the N-Queens problem on an N×N board, and the
solutions that are different up to rotations and reflections. A range A-B
prints a table, one row per N as it finishes, with its time and growth
('nqueens compare A-B' sets methods side by side and draws the chart).

Method auto picks by N: below 18 the symmetry-reduced backtracking
kernel (-method kernel), little memory at any N; from 18 to 25 the
quadrant join (-method join), faster there, the unique count by Burnside's
lemma, if its planned memory fits -max-memory (without it, half of the
available memory, or in a memory cgroup or under GOMEMLIMIT 7/8 of what
they leave above 16 MiB), else the kernel. -v prints the plan; the Go runtime's
soft memory limit follows it (a lower GOMEMLIMIT wins). A resumed
-checkpoint keeps its method; -shard picks by N alone (the join only
with -total-only). Timings: docs/BENCHMARKS.md.

-device gpu counts the kernel's units on every NVIDIA GPU present (the
driver's libcuda.so.1, Linux on amd64 or arm64, N ≤ 32); its results,
checkpoints and shard records are the kernel's, so a count resumes, and
a shard merges, across devices. No driver or no GPU: one line, exit 2; a
device error while counting: exit 3, the checkpoint keeps every finished
unit. -device auto (the default) counts on the GPU where one is usable,
N ≥ 16, and two short estimates (a fifth of a second each, once) say
the GPU is faster than the CPU's method; else on the CPU, silently. The
estimate below is the device's: -v names the GPU, its memory and the
driver, and gives the GPU time.

count first estimates the time on this machine (-v prints it) and
refuses, exit 2, a count estimated above 1 hour unless -force is given
or its -checkpoint file exists (a resumed count). -max-memory bounds the
memory: the join plans within it, other methods are refused above it.

Examples:
  nqueens count 8                 8-queens: 92 solutions, 12 unique
  nqueens count 14 -v             also the estimate, time and nodes
  nqueens count 1-15              a table for N = 1..15
  nqueens count 12 -format json   one JSON object
  nqueens count 18 -total-only    the total alone
  nqueens count 19                total by the join, unique by symmetry
  nqueens count 19 -method kernel         both by the kernel
  nqueens count 20 -max-memory 2G
  nqueens count 10 -method permutation    a tutorial's method
  nqueens count 23 -force         start although estimated at hours
  nqueens count 18 -device gpu    on every NVIDIA GPU present

Long counts:
  nqueens count 20 -checkpoint n20.ckpt   kill it at any time; the same
                                          command resumes, the total is exact
  nqueens count 20 -progress on           a status line every 5 s on stderr
  nqueens count 20 -shard 3/8 -o s3.json  shard 3 of 8; then
  nqueens merge s*.json                   checks all 8 shards, prints the total

-shard I/M counts shard I of M (M at most the plan's units, R × units
with -replicas R, R from 1 to M and the same for every shard; more is
refused). Checkpoints and shard records (kernel or join, N ≥ 4) name
their method; Ctrl-C keeps every finished unit, -o writes a record whole
or not at all. A shard of the join plans within 2G by default (every
shard fits) and lists its units' rows instead of building tables; with
-max-memory it builds them while they fit. 'nqueens plan N -shards M'
prints what the shards would cost, and their memory, without counting.`,
}

type countJSON struct {
	N         int              `json:"n"`
	Solutions nqueens.Uint128  `json:"solutions"`
	Unique    *nqueens.Uint128 `json:"unique,omitempty"` // nil: not counted
	Nodes     uint64           `json:"nodes"`
	Seconds   float64          `json:"seconds"`
	Method    nqueens.Method   `json:"method"`
	Units     int              `json:"units,omitempty"`
	Resumed   int              `json:"resumed,omitempty"`
	Device    nqueens.Device   `json:"device,omitempty"` // "gpu" when it counted; else left out
}

// newCountJSON fills a countJSON, leaving out the unique count when it
// was not counted or -total-only asked for the total alone.
func newCountJSON(n int, res nqueens.Result, totalOnly bool) countJSON {
	j := countJSON{N: n, Solutions: res.Solutions, Unique: &res.Unique, Nodes: res.Nodes,
		Seconds: res.Elapsed.Seconds(), Method: res.Method, Units: res.Units, Resumed: res.Resumed}
	if res.Device == nqueens.DeviceGPU {
		j.Device = res.Device
	}
	if !showUnique(res, totalOnly) {
		j.Unique = nil
	}
	return j
}

// showUnique reports whether the unique count of res is printed.
func showUnique(res nqueens.Result, totalOnly bool) bool {
	return res.UniqueCounted() && !totalOnly
}

// countFlags are count's flags, and what they resolve to (options).
type countFlags struct {
	format, method, maxMem, progress, ckpt, shard, out string
	device                                             string
	verbose, totalOnly, force                          bool
	workers, replicas                                  int
	every                                              time.Duration

	json, auto bool // -format json; -method auto
}

func (f *countFlags) define(fs *flagSet) {
	fs.formatVar(&f.format, "text", "output `FORMAT`: text or json (one object per N)")
	fs.BoolVar(&f.verbose, "v", false, "also print the estimate, the nodes visited and the time")
	fs.IntVar(&f.workers, "workers", 0, "count on `W` goroutines (0 = one per core)")
	fs.StringVar(&f.method, "method", "auto", "method `NAME`: auto, kernel, join, bitboard, arrays, matrix or permutation")
	fs.StringVar(&f.device, "device", "auto", "count the kernel's units on `DEVICE`: auto (the GPU where usable and faster), cpu or gpu")
	fs.BoolVar(&f.totalOnly, "total-only", false, "count the total alone, not the unique solutions")
	fs.StringVar(&f.maxMem, "max-memory", "", "memory bound `SIZE`, e.g. 512M or 4G (default 16G; 2G for a shard of the join; less where a memory cgroup or GOMEMLIMIT leaves less)")
	fs.BoolVar(&f.force, "force", false, "start even if estimated to take more than an hour")
	fs.StringVar(&f.progress, "progress", "auto", "show progress on stderr as `MODE`: auto (a bar on a terminal), on or off")
	fs.DurationVar(&f.every, "progress-every", 5*time.Second, "with -progress on and no terminal: a status line every `D`")
	fs.StringVar(&f.ckpt, "checkpoint", "", "record finished units in `FILE`; rerunning resumes from it")
	fs.StringVar(&f.shard, "shard", "", "count only shard `I/M` (0 ≤ I < M) and write its JSON record")
	fs.StringVar(&f.out, "o", "", "with -shard: write the record to `FILE` (whole or not at all)")
	fs.IntVar(&f.replicas, "replicas", 1, "with -shard: count each unit in `R` different shards, for merge to compare")
	fs.gone("plan-only", true, "'nqueens plan N -method join -shards M' prints the memory plan")
	fs.gone("plot", false, "'nqueens compare A-B -plot FILE' draws the chart of a range")
	fs.gone("budget", false, "'nqueens compare A-B -budget D' counts a range within a budget")
}

// options checks the flags for a count of lo..hi and returns the
// options of the count (with Method unresolved for auto).
func (f *countFlags) options(fs *flagSet, lo, hi int) (nqueens.CountOptions, error) {
	opts := nqueens.CountOptions{Workers: f.workers, Checkpoint: f.ckpt, TotalOnly: f.totalOnly, SoftMemoryLimit: true}
	if err := checkFormat(f.format, "text", "json"); err != nil {
		return opts, err
	}
	f.json, f.auto = f.format == "json", f.method == "auto"
	if flagsSet(fs)["checkpoint"] && f.ckpt == "" {
		return opts, usagef("-checkpoint: empty file name")
	}
	if strings.EqualFold(f.method, "all") {
		return opts, usagef("-method all: 'nqueens compare A-B' compares the methods")
	}
	var err error
	if !f.auto {
		if opts.Method, err = parseMethod(f.method); err != nil {
			return opts, err
		}
	}
	if opts.Device, err = nqueens.ParseDevice(f.device); err != nil {
		return opts, usagef("-device: %v", err)
	}
	if opts.Device == nqueens.DeviceGPU {
		if !f.auto && opts.Method != nqueens.MethodKernel {
			return opts, usagef("-device gpu counts with -method kernel (or auto), not %s", opts.Method)
		}
		if hi > nqueens.MaxGPUN {
			return opts, usagef("-device gpu counts N up to %d (a row is a 32-bit word on the device), not %d", nqueens.MaxGPUN, hi)
		}
		opts.Method, f.auto = nqueens.MethodKernel, false
	}
	m := opts.Method
	if f.totalOnly && !f.auto && m != nqueens.MethodJoin && m != nqueens.MethodKernel {
		return opts, usagef("-total-only goes with -method auto, kernel or join")
	}
	if f.maxMem != "" {
		if opts.MaxMemory, err = parseBytes(f.maxMem); err != nil {
			return opts, usagef("-max-memory: %v", err)
		}
	}
	switch f.progress {
	case "auto", "on", "off":
	default:
		return opts, usagef("-progress %q: want auto, on or off", f.progress)
	}
	if f.every <= 0 {
		return opts, usagef("-progress-every %v: must be positive", f.every)
	}
	if f.shard != "" {
		if opts.Shard, err = nqueens.ParseShard(f.shard); err != nil {
			return opts, usagef("-shard: %v", err)
		}
		if opts.Shard, err = opts.Shard.WithReplicas(f.replicas); err != nil {
			return opts, usagef("-replicas: %v", err)
		}
	} else if f.replicas != 1 {
		return opts, usagef("-replicas is for -shard")
	}
	long := f.ckpt != "" || f.shard != ""
	switch {
	case long && lo != hi:
		return opts, usagef("-checkpoint and -shard count one N, not a range")
	case long && !f.auto && m != nqueens.MethodKernel && m != nqueens.MethodJoin:
		return opts, usagef("-checkpoint and -shard need -method auto, kernel or join")
	case long && lo < 4:
		return opts, usagef("-checkpoint and -shard need N ≥ 4 (N = %d has no work units)", lo)
	case f.out != "" && f.shard == "":
		return opts, usagef("-o is for the record of -shard")
	}
	for _, w := range []struct{ flag, path string }{{"-checkpoint", f.ckpt}, {"-o", f.out}} {
		if err := checkWritable(w.flag, w.path); err != nil {
			return opts, err
		}
	}
	return opts, nil
}

// gate returns the estimate gate of the count: -force, or a resumed
// count (its checkpoint file exists: it was started, with -force if it
// needed it), is not asked again.
func (f *countFlags) gate(e *env) estimateGate {
	resumed := false
	if f.ckpt != "" {
		if _, err := os.Stat(f.ckpt); err == nil {
			resumed = true
		}
	}
	return estimateGate{force: f.force || resumed, verbose: f.verbose, limitSet: f.maxMem != "", stderr: e.stderr}
}

func runCount(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	var f countFlags
	f.define(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one board size N or a range A-B, got %d arguments", len(pos))
	}
	lo, hi, err := parseRange(pos[0], nqueens.MaxN)
	if err != nil {
		return err
	}
	opts, err := f.options(fs, lo, hi)
	if err != nil {
		return err
	}
	if lo != hi {
		return countRange(ctx, e, lo, hi, opts, &f)
	}
	if s := preparing(lo, opts.Method); s != "" && f.verbose {
		fmt.Fprintf(e.stderr, "nqueens count: %s\n", s)
	}
	return countOne(ctx, e, lo, opts, &f)
}

// countOne counts one N with progress, checkpoint and shard as asked:
// it plans the count once (nqueens.Plan, which resolves -method auto),
// gates it on the plan's estimate and counts the plan.
func countOne(ctx context.Context, e *env, n int, opts nqueens.CountOptions, f *countFlags) error {
	label := fmt.Sprintf("N=%d", n)
	if opts.Shard != (nqueens.Shard{}) {
		label += " shard " + opts.Shard.String()
	}
	var rep progress.Reporter = progress.Off{} // until the count starts
	var last nqueens.Progress
	opts.Progress = func(p nqueens.Progress) {
		last = p
		rep.Update(p)
	}
	opts.Notice = func(s string) { fmt.Fprintf(e.stderr, "nqueens count: %s\n", s) }
	p, err := nqueens.Plan(ctx, n, opts)
	if err != nil {
		return countError(err)
	}
	if _, err := f.gate(e).check(ctx, p, opts.MaxMemory); err != nil {
		return err
	}
	rep = newReporter(e.stderr, f.progress, label, f.every)
	res, err := p.Count(ctx)
	rep.Done(err == nil)
	if err != nil {
		if errors.Is(err, context.Canceled) && opts.Checkpoint != "" {
			fmt.Fprintf(e.stderr, "nqueens count: %d of %d units are saved in %s; rerun the same command to resume\n", last.UnitsDone, last.UnitsTotal, opts.Checkpoint)
		}
		return countError(err)
	}
	// -v lines go to stdout with the plain answer, to stderr when stdout
	// holds a record (-format json, -shard).
	vw := e.stdout
	if f.json || opts.Shard != (nqueens.Shard{}) {
		vw = e.stderr
	}
	if f.verbose {
		defer printVerbose(vw, res, opts, f)
	}
	if opts.Shard != (nqueens.Shard{}) {
		return writeShard(e, res, f.out)
	}
	if f.json {
		b, _ := json.Marshal(newCountJSON(n, res, f.totalOnly))
		fmt.Fprintf(e.stdout, "%s\n", b)
		return nil
	}
	if showUnique(res, f.totalOnly) {
		fmt.Fprintf(e.stdout, "%d-queens: %s, %s unique\n", n, solutions(res.Solutions.String()), res.Unique)
	} else {
		fmt.Fprintf(e.stdout, "%d-queens: %s\n", n, solutions(res.Solutions.String()))
	}
	return nil
}

// printVerbose writes the -v lines of a finished count to w.
func printVerbose(w io.Writer, res nqueens.Result, opts nqueens.CountOptions, f *countFlags) {
	if res.Method == nqueens.MethodJoin {
		note := "unique by Burnside's lemma from the total and the rotation-symmetric solutions"
		switch {
		case f.totalOnly:
			note = "totals only; without -total-only the unique count is derived from the total"
		case !res.UniqueCounted():
			note = "totals only"
		}
		fmt.Fprintf(w, "%.3f s, method join, %s (%s)\n", res.Elapsed.Seconds(), nouns(res.Units, "unit"), note)
	} else {
		rate := float64(res.Nodes) / max(res.Elapsed.Seconds(), 1e-9)
		fmt.Fprintf(w, "nodes %s, %.3f s, %.0f Mnodes/s, method %s\n", groupU(res.Nodes), res.Elapsed.Seconds(), rate/1e6, res.Method)
	}
	if opts.Checkpoint != "" {
		fmt.Fprintf(w, "units %d, %d resumed from %s\n", res.Units, res.Resumed, opts.Checkpoint)
	}
	for _, g := range res.GPUs {
		fmt.Fprintf(w, "%s\n", gpuLine(g))
	}
}

// gpuLine is -v's line for a GPU that counted.
func gpuLine(g nqueens.GPU) string {
	return fmt.Sprintf("device gpu: %s, %s, driver %s, compute capability %s", g.Name, bytesize.Limit(uint64(g.Memory)), g.Driver, g.Capability)
}

// writeShard writes the record of a shard to stdout, or to path whole
// or not at all (atomicfile.WriteFile).
func writeShard(e *env, res nqueens.Result, path string) error {
	rec, err := res.ShardRecord()
	if err != nil {
		return err
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if path == "" || path == "-" {
		_, err = e.stdout.Write(b)
		return err
	}
	if err := atomicfile.WriteFile(path, b, 0o644); err != nil {
		return err
	}
	if !res.UniqueCounted() {
		fmt.Fprintf(e.stdout, "%d-queens shard %s: %s (totals only, method %s) in %s; record in %s\n",
			res.N, res.Shard, solutions(rec.Solutions.String()), res.Method, nouns(len(rec.Units), "unit"), path)
		return nil
	}
	fmt.Fprintf(e.stdout, "%d-queens shard %s: %s, %s unique in %s; record in %s\n",
		res.N, res.Shard, solutions(rec.Solutions.String()), rec.Unique, nouns(len(rec.Units), "unit"), path)
	return nil
}
