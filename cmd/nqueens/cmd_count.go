package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/progress"
	"github.com/nqueens/nqueens/internal/bytesize"
	"golang.org/x/term"
)

var countCmd = &command{
	name:    "count",
	run:     runCount,
	args:    "N | A-B [flags]",
	summary: "count the solutions (A000170) and unique solutions (A002562)",
	help: `Counts every solution of the N-Queens problem on an N×N board, and the
solutions that are different up to rotations and reflections. A range A-B
prints a table, one row per N as it finishes, with its time and growth.

Method auto picks by N: below 18 the symmetry-reduced backtracking
kernel (bitboard), little memory at any N; from 18 to 25 the quadrant
join (-method quadrant), faster there, the unique count by Burnside's
lemma, if its planned memory fits -max-memory (without it, half of the
available memory), else the kernel. -v prints the plan; the Go runtime's
soft memory limit follows it (a lower GOMEMLIMIT wins). A resumed
-checkpoint keeps its method; -shard picks by N alone (the join only
with -total-only). Timings: docs/BENCHMARKS.md.

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
  nqueens count 19 -method bitboard    both by the kernel
  nqueens count 20 -max-memory 2G
  nqueens count 10 -method permutation    a tutorial's method
  nqueens count 23 -force         start although estimated at hours

Charts:
  nqueens count 1-16 -plot growth.svg      log-scale lines of solutions,
                                           nodes and time per N (.svg or .png)
  nqueens count 4-15 -method all -budget 3s -plot growth.svg
                                           the tutorials' methods side by side,
                                           each within the budget
-method all counts a range with each of bitboard, arrays, board and
permutation; -budget stops each method before a row estimated to take
its total time past D (10s by default with -method all).

Long counts:
  nqueens count 20 -checkpoint n20.ckpt     kill it at any time; the same
                                            command resumes, the total is exact
  nqueens count 20 -progress on             a status line every 5 s on stderr
  nqueens count 20 -shard 3/8 -o s3.json    shard 3 of 8; then
  nqueens merge s*.json                     checks all 8 shards, prints the total

-shard I/M counts shard I of M (M at most the plan's units, R × units
with -replicas R, R from 1 to M and the same for every shard; more is
refused). Checkpoints and shard records (kernel or join, N ≥ 4) name their method;
Ctrl-C keeps every finished unit, -o writes a record whole or not at
all. A shard of the join plans within 2G by default (every shard fits)
and lists its units' rows instead of building tables; with -max-memory
it builds them while they fit.`,
}

// quadrantFrom is the smallest N where auto picks the quadrant join.
// Measured on a 2-core EPYC (Zen 4), join against the kernel with its
// AVX2 wave (whole process, wall, 2 workers; scripts/bench-join.sh and
// bench-kernel.sh, docs/BENCHMARKS.md): N = 16 0.09 s against 0.10 s,
// N = 17 0.52 s against 0.51 s (2026-12-02), N = 18 0.91 s against
// 3.5 s, N = 20 34 s against 212 s. The join counts the total; the
// unique count follows from it and the rotation-symmetric solutions
// (Burnside's lemma: 73 ms at N = 20). Below 18 the kernel is as fast
// and needs a fraction of the join's memory (N = 17: 4.8 against 8.7
// MiB, the library alone); tests that mean the join at a small N ask
// for it with -method quadrant.
const quadrantFrom = 18

// autoShare is the share of the available memory (MemAvailable) that
// the join's planned peak may take for auto to pick it when no
// -max-memory is given; unknownMemory stands for the available memory
// where it cannot be read (not Linux).
const (
	autoShare     = 0.5
	unknownMemory = 8 << 30
)

type countJSON struct {
	N         int              `json:"n"`
	Solutions nqueens.Uint128  `json:"solutions"`
	Unique    *nqueens.Uint128 `json:"unique,omitempty"` // nil: not counted
	Nodes     uint64           `json:"nodes"`
	Seconds   float64          `json:"seconds"`
	Method    nqueens.Method   `json:"method"`
	Units     int              `json:"units,omitempty"`
	Resumed   int              `json:"resumed,omitempty"`
}

// newCountJSON fills a countJSON, leaving out the unique count when it
// was not counted or -total-only asked for the total alone.
func newCountJSON(n int, res nqueens.Result, totalOnly bool) countJSON {
	j := countJSON{N: n, Solutions: res.Solutions, Unique: &res.Unique, Nodes: res.Nodes,
		Seconds: res.Elapsed.Seconds(), Method: res.Method, Units: res.Units, Resumed: res.Resumed}
	if !showUnique(res, totalOnly) {
		j.Unique = nil
	}
	return j
}

// showUnique reports whether the unique count of res is printed.
func showUnique(res nqueens.Result, totalOnly bool) bool {
	return res.UniqueCounted() && !totalOnly
}

// chooseMethod resolves -method auto for board size n by n alone:
// the quadrant join for -total-only from quadrantFrom to
// MaxQuadrantN, else the kernel. Shards use it, so that every shard of
// a count picks the same method whatever machine it runs on.
func chooseMethod(n int, totalOnly bool) nqueens.Method {
	if totalOnly && n >= quadrantFrom && n <= nqueens.MaxQuadrantN {
		return nqueens.Quadrant
	}
	return nqueens.Bitboard
}

// chooseAuto resolves -method auto for a count of n with opts: a
// shard by chooseMethod; a count resumed from its checkpoint with the
// method that wrote it; otherwise the quadrant join from quadrantFrom
// to MaxQuadrantN when its planned peak memory fits within
// opts.MaxMemory, or, without one, within autoShare of the available
// memory (avail; known false: unknownMemory), and the kernel elsewhere.
func chooseAuto(n int, totalOnly bool, opts nqueens.CountOptions, avail uint64, known bool) nqueens.Method {
	if opts.Shard != (nqueens.Shard{}) {
		return chooseMethod(n, totalOnly)
	}
	if opts.Checkpoint != "" {
		if cn, m, err := nqueens.CheckpointMethod(opts.Checkpoint); err == nil && cn == n && m != "" {
			return m
		}
	}
	if n < quadrantFrom || n > nqueens.MaxQuadrantN {
		return nqueens.Bitboard
	}
	limit := opts.MaxMemory
	if limit == 0 {
		if !known {
			avail = unknownMemory
		}
		limit = uint64(float64(avail) * autoShare)
	}
	qp, err := nqueens.PlanQuadrant(n, nqueens.CountOptions{Workers: opts.Workers, MaxMemory: limit})
	if err != nil || !qp.Fits {
		return nqueens.Bitboard
	}
	return nqueens.Quadrant
}

// refuseAbove is the estimated wall time above which count refuses to
// start without -force (stated in the help).
const refuseAbove = time.Hour

// quickBudget bounds the calibration of the estimate that only decides
// whether a count may start (without -v): a count far from refuseAbove
// needs no better (one near it gets the full calibration). Measured on
// the shared 2-core machine, whole process, medians of interleaved runs
// of the binary before the estimate and after (load 3–4): count 12
// 6.9 / 6.8 ms and 9.7 / 9.2 ms (30 pairs each), count 16 +5 ms and
// +11 ms (10–16 pairs; noise ±10 ms), count 17 within the noise.
const quickBudget = 2 * time.Millisecond

func runCount(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	format := fs.formatFlag("text", "output `FORMAT`: text or json (one object per N)")
	verbose := fs.Bool("v", false, "also print the estimate, the nodes visited and the time")
	workers := fs.Int("workers", 0, "count on `W` goroutines (0 = one per core)")
	method := fs.String("method", "auto", "method `NAME`: auto, quadrant, bitboard, arrays, board or permutation")
	totalOnly := fs.Bool("total-only", false, "count the total alone, not the unique solutions")
	maxMem := fs.String("max-memory", "", "memory bound `SIZE`, e.g. 512M or 4G (default 16G; 2G for a shard of the join)")
	force := fs.Bool("force", false, "start even if estimated to take more than an hour")
	progressMode := fs.String("progress", "auto", "show progress on stderr as `MODE`: auto (a bar on a terminal), on or off")
	every := fs.Duration("progress-every", 5*time.Second, "with -progress on and no terminal: a status line every `D`")
	ckpt := fs.String("checkpoint", "", "record finished units in `FILE`; rerunning resumes from it")
	shardFlag := fs.String("shard", "", "count only shard `I/M` (0 ≤ I < M) and write its JSON record")
	out := fs.String("o", "", "with -shard: write the record to `FILE` (whole or not at all)")
	replicas := fs.Int("replicas", 1, "with -shard: count each unit in `R` different shards, for merge to compare")
	planOnly := fs.Bool("plan-only", false, "with -method quadrant: print the memory plan, count nothing")
	plotPath := fs.String("plot", "", "with a range: draw log-scale lines in `FILE` (.svg or .png)")
	budget := fs.Duration("budget", 0, "with a range: stop each method before its time passes `D`")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one board size N or a range A-B, got %d arguments", len(pos))
	}
	if err := checkFormat(*format, "text", "json"); err != nil {
		return err
	}
	asJSON := *format == "json"
	lo, hi, err := parseRange(pos[0], nqueens.MaxN)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["checkpoint"] && *ckpt == "" {
		return usagef("-checkpoint: empty file name")
	}
	auto, all := *method == "auto", strings.EqualFold(*method, "all")
	var m nqueens.Method
	if all && *totalOnly {
		return usagef("-total-only goes with -method auto, bitboard or quadrant")
	}
	if !auto && !all {
		if m, err = parseMethod(*method); err != nil {
			return err
		}
		if *totalOnly && m != nqueens.Quadrant && m != nqueens.Bitboard {
			return usagef("-total-only goes with -method auto, bitboard or quadrant")
		}
	}
	var limit uint64
	if *maxMem != "" {
		if limit, err = parseBytes(*maxMem); err != nil {
			return usagef("-max-memory: %v", err)
		}
	}
	if *workers < 0 {
		return usagef("-workers = %d: must be 0 (one per core) or more", *workers)
	}
	switch *progressMode {
	case "auto", "on", "off":
	default:
		return usagef("-progress %q: want auto, on or off", *progressMode)
	}
	if *every <= 0 {
		return usagef("-progress-every %v: must be positive", *every)
	}
	// One count at a time: the process's soft memory limit may follow
	// the join's plan.
	opts := nqueens.CountOptions{Workers: *workers, Method: m, Checkpoint: *ckpt, MaxMemory: limit, SoftMemoryLimit: true}
	if *shardFlag != "" {
		if opts.Shard, err = nqueens.ParseShard(*shardFlag); err != nil {
			return usagef("-shard: %v", err)
		}
		if opts.Shard, err = opts.Shard.WithReplicas(*replicas); err != nil {
			return usagef("-replicas: %v", err)
		}
	} else if *replicas != 1 {
		return usagef("-replicas is for -shard")
	}
	if err := checkRangeFlags(lo, hi, all, set["plot"], *plotPath, set["budget"], *budget); err != nil {
		return err
	}
	long := *ckpt != "" || *shardFlag != ""
	if long && lo != hi {
		return usagef("-checkpoint and -shard count one N, not a range")
	}
	if long && !auto && m != nqueens.Bitboard && m != nqueens.Quadrant {
		return usagef("-checkpoint and -shard need -method auto, bitboard or quadrant")
	}
	if long && lo < 4 {
		return usagef("-checkpoint and -shard need N ≥ 4 (N = %d has no work units)", lo)
	}
	if !auto && m == nqueens.Quadrant && hi > nqueens.MaxQuadrantN {
		return usagef("-method quadrant counts N up to %d, not %d (its quadrant tables would not fit in memory)", nqueens.MaxQuadrantN, hi)
	}
	if *out != "" && *shardFlag == "" {
		return usagef("-o is for the record of -shard")
	}
	for _, f := range []struct{ flag, path string }{{"-checkpoint", *ckpt}, {"-o", *out}} {
		if err := checkWritable(f.flag, f.path); err != nil {
			return err
		}
	}
	if *planOnly {
		if m != nqueens.Quadrant || lo != hi {
			return usagef("-plan-only goes with -method quadrant and one N")
		}
		return printQuadrantPlan(e, lo, opts)
	}
	// A count resumed from its checkpoint was started, with -force if
	// it needed it: do not ask again.
	resumed := false
	if *ckpt != "" {
		if _, err := os.Stat(*ckpt); err == nil {
			resumed = true
		}
	}
	avail, known := availableMemory()
	gate := estimateGate{force: *force || resumed, verbose: *verbose, limitSet: *maxMem != "", stderr: e.stderr}
	if lo == hi {
		if auto {
			opts.Method = chooseAuto(lo, *totalOnly, opts, avail, known)
		}
		if _, err := gate.check(ctx, lo, opts); err != nil {
			return err
		}
		return countOne(ctx, e, lo, opts, countFlags{json: asJSON, verbose: *verbose, progress: *progressMode, every: *every, out: *out, totalOnly: *totalOnly, auto: auto})
	}
	// A range: the largest N decides whether it may start, unless a
	// budget stops it earlier.
	methods := []nqueens.Method{m}
	if all {
		methods = nqueens.Methods
		if !set["budget"] {
			*budget = defaultAllBudget
		}
	}
	if auto {
		opts.Method = chooseAuto(hi, *totalOnly, opts, avail, known)
	}
	quiet := gate
	quiet.verbose = false
	if *budget == 0 {
		if _, err := quiet.check(ctx, hi, opts); err != nil {
			return err
		}
	}
	table := !asJSON
	if table {
		fmt.Fprintf(e.stdout, "%3s %20s %20s %16s %10s %7s", "N", "solutions", "unique", "nodes", "seconds", "growth")
		if all {
			fmt.Fprintf(e.stdout, " %s", "method")
		}
		fmt.Fprintln(e.stdout)
	}
	chart := newGrowthChart(*plotPath, lo, hi, *method, *budget, *totalOnly)
	prevs := map[nqueens.Method]time.Duration{}
	rb := newRangeBudget(*budget)
	// Each N with every method in turn, so that the methods advance
	// together (on the chart too).
	for i := 0; i < (hi-lo+1)*len(methods) && !rb.allStopped(methods); i++ {
		n, mm := lo+i/len(methods), methods[i%len(methods)]
		opts.Method = mm
		if auto {
			opts.Method = chooseAuto(n, *totalOnly, opts, avail, known)
		}
		if *verbose || limit != 0 {
			if _, err := gate.check(ctx, n, opts); err != nil {
				return err
			}
		}
		if ok, err := rb.admit(ctx, e, n, opts); !ok {
			if err != nil {
				return err
			}
			continue
		}
		res, err := nqueens.Count(ctx, n, opts)
		if err != nil {
			if errors.Is(err, nqueens.ErrMemory) {
				return usagef("-max-memory: %v", err)
			}
			return err
		}
		rb.spend(mm, res.Elapsed)
		if err := chart.add(n, res, *totalOnly); err != nil {
			return err
		}
		if asJSON {
			b, _ := json.Marshal(newCountJSON(n, res, *totalOnly))
			fmt.Fprintf(e.stdout, "%s\n", b)
			continue
		}
		growth := "-"
		if prev := prevs[mm]; prev >= time.Millisecond {
			growth = fmt.Sprintf("%.1f×", float64(res.Elapsed)/float64(prev))
		}
		uniq, nodes := group(res.Unique.String()), groupU(res.Nodes)
		if !showUnique(res, *totalOnly) {
			uniq = "-"
		}
		if res.Method == nqueens.Quadrant {
			nodes = "-"
		}
		fmt.Fprintf(e.stdout, "%3d %20s %20s %16s %10.3f %7s", n, group(res.Solutions.String()), uniq, nodes, res.Elapsed.Seconds(), growth)
		if all {
			fmt.Fprintf(e.stdout, " %s", res.Method)
		}
		fmt.Fprintln(e.stdout)
		prevs[mm] = res.Elapsed
	}
	return nil
}

// An estimateGate estimates a count before it starts: it refuses one
// estimated above refuseAbove unless force, one whose memory exceeds an
// explicit -max-memory, and with verbose prints the estimate on stderr.
type estimateGate struct {
	force, verbose, limitSet bool
	stderr                   io.Writer
}

func (g estimateGate) check(ctx context.Context, n int, opts nqueens.CountOptions) (nqueens.CountEstimate, error) {
	if g.force && !g.verbose && !g.limitSet {
		return nqueens.CountEstimate{}, nil // nothing to decide or print
	}
	// Without -v a quick estimate decides, unless it comes near the
	// threshold or rests on little (see quickIsEnough): then the full
	// calibration does (for such counts, seconds or more, it costs a
	// few percent).
	eo := nqueens.EstimateOptions{Method: opts.Method, Workers: opts.Workers, MaxMemory: opts.MaxMemory, Shard: opts.Shard}
	if !g.verbose {
		eo.Budget = quickBudget
	}
	est, err := nqueens.Estimate(ctx, n, eo)
	if err == nil && !g.verbose && !g.force && !quickIsEnough(est) {
		eo.Budget = 0
		est, err = nqueens.Estimate(ctx, n, eo)
	}
	if err != nil {
		if errors.Is(err, nqueens.ErrMemory) {
			return est, usagef("-max-memory: %v", err)
		}
		if errors.Is(err, nqueens.ErrShard) {
			return est, usagef("-shard %v", err)
		}
		return est, err
	}
	if g.verbose {
		fmt.Fprintln(g.stderr, describeEstimate(est))
	}
	if g.limitSet && est.Method != nqueens.Quadrant && est.Memory > opts.MaxMemory {
		return est, usagef("-max-memory: %v: n = %d needs %s with method %s, the limit is %s",
			nqueens.ErrMemory, n, bytesize.Need(est.Memory), est.Method, bytesize.Limit(opts.MaxMemory))
	}
	if !g.force && est.WallSeconds > refuseAbove.Seconds() {
		cores := min(est.Workers, runtime.NumCPU())
		return est, usagef("N = %d: about %s on %s here (estimated, method %s); -force to start anyway",
			n, humanSeconds(est.WallSeconds), nouns(cores, "core"), est.Method)
	}
	return est, nil
}

// quickIsEnough reports whether a quick estimate (quickBudget) may
// decide that a count starts: it must be far from refuseAbove (below a
// quarter of it) and rest on something. Not enough: an extrapolation
// from a smaller N, a single sample, or the kernel's probes, whose few
// first samples may all be empty (an estimate near 0). The join's
// pieces (Quadrant, Probes set: thinned row splits drawn by cost) are
// never empty, and its quick estimates err high: five each at N = 18
// to 23 (2026-12-01, this 2-core machine) gave 1.5–5.5× the wall time
// measured at N = 18..21, 1.05–2.4× half Q(22)'s CPU time and 1.3–1.7×
// the full calibration's estimate of N = 23, never less. Trusting them
// saves the full calibration's twentieth of the count (0.1–0.2 s of
// `count 18 -total-only`'s 1.7 s).
func quickIsEnough(e nqueens.CountEstimate) bool {
	if e.WallSeconds > refuseAbove.Seconds()/4 || e.From != e.N || e.Samples < 2 {
		return false
	}
	return !e.Probes || e.Method == nqueens.Quadrant
}

// describeEstimate is the -v line of an estimate.
func describeEstimate(e nqueens.CountEstimate) string {
	var b strings.Builder
	fmt.Fprintf(&b, "estimated %s", humanSeconds(e.WallSeconds))
	if !math.IsNaN(e.Spread) && e.From == e.N && e.Samples > 1 {
		fmt.Fprintf(&b, " (±%.0f%%)", 100*e.Spread)
	}
	fmt.Fprintf(&b, " on %s, %s of CPU", nouns(e.Workers, "worker"), humanSeconds(e.CPUSeconds))
	if e.Memory >= 1<<20 {
		fmt.Fprintf(&b, ", %s of memory", bytesize.Need(e.Memory))
	}
	switch {
	case e.Method != nqueens.Bitboard && e.Method != nqueens.Quadrant:
		if e.From == e.N {
			fmt.Fprintf(&b, ", measured by counting N = 5..%d", e.N)
		} else {
			fmt.Fprintf(&b, ", extrapolated from counting N = 5..%d", e.From)
		}
	case e.From != e.N:
		fmt.Fprintf(&b, ", extrapolated from %s at N = %d", nouns(e.Samples, "sampled unit"), e.From)
	case e.Probes:
		fmt.Fprintf(&b, ", from %s into sampled units", nouns(e.Samples, "probe"))
	default:
		fmt.Fprintf(&b, ", from %s", nouns(e.Samples, "sampled unit"))
	}
	fmt.Fprintf(&b, " in %s", humanSeconds(e.Calibration.Seconds()))
	return b.String()
}

// nouns writes k and noun, with an s unless k is 1.
func nouns(k int, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", k, noun)
}

// solutions writes "1 solution" or "k solutions" for a count in decimal.
func solutions(k string) string {
	if k == "1" {
		return "1 solution"
	}
	return k + " solutions"
}

// humanSeconds writes a duration of s seconds in the unit a person
// would: "0.4 ms", "5.6 s", "7.6 min", "3.1 h", "12 days", "240 years",
// "2·10^9 years".
func humanSeconds(s float64) string {
	const (
		minute = 60
		hour   = 60 * minute
		day    = 24 * hour
		year   = 365.25 * day
	)
	switch {
	case s < 0.001:
		return fmt.Sprintf("%.2f ms", s*1000)
	case s < 1:
		return fmt.Sprintf("%.0f ms", s*1000)
	case s < 10:
		return fmt.Sprintf("%.1f s", s)
	case s < 2*minute:
		return fmt.Sprintf("%.0f s", s)
	case s < 2*hour:
		return fmt.Sprintf("%.0f min", s/minute)
	case s < 2*day:
		return fmt.Sprintf("%.1f h", s/hour)
	case s < 2*year:
		return fmt.Sprintf("%.0f days", s/day)
	case s < 1e4*year:
		return fmt.Sprintf("%.0f years", s/year)
	}
	y := s / year
	e := int(math.Floor(math.Log10(y)))
	mant := math.Round(y / math.Pow(10, float64(e)))
	if mant >= 10 {
		mant, e = 1, e+1
	}
	return fmt.Sprintf("%.0f·10^%d years", mant, e)
}

type countFlags struct {
	json, verbose bool
	progress      string // auto, on or off
	every         time.Duration
	out           string // -o FILE for a shard record
	totalOnly     bool   // -total-only: print no unique count
	auto          bool   // -method auto
}

// countOne counts one N with progress, checkpoint and shard as asked.
func countOne(ctx context.Context, e *env, n int, opts nqueens.CountOptions, f countFlags) error {
	label := fmt.Sprintf("N=%d", n)
	if opts.Shard != (nqueens.Shard{}) {
		label += " shard " + opts.Shard.String()
	}
	rep := newReporter(e.stderr, f.progress, label, f.every)
	var last nqueens.Progress
	opts.Progress = func(p nqueens.Progress) {
		last = p
		rep.Update(p)
	}
	opts.Notice = func(s string) { fmt.Fprintf(e.stderr, "nqueens count: %s\n", s) }
	res, err := nqueens.Count(ctx, n, opts)
	rep.Done(err == nil)
	if err != nil {
		if errors.Is(err, nqueens.ErrCheckpoint) {
			return usagef("-checkpoint: %v", err)
		}
		if errors.Is(err, nqueens.ErrMemory) {
			return usagef("-max-memory: %v", err)
		}
		if errors.Is(err, nqueens.ErrShard) {
			return usagef("-shard %v", err)
		}
		if errors.Is(err, context.Canceled) && opts.Checkpoint != "" {
			fmt.Fprintf(e.stderr, "nqueens count: %d of %d units are saved in %s; rerun the same command to resume\n", last.UnitsDone, last.UnitsTotal, opts.Checkpoint)
		}
		return err
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
func printVerbose(w io.Writer, res nqueens.Result, opts nqueens.CountOptions, f countFlags) {
	if res.Method == nqueens.Quadrant {
		note := "unique by Burnside's lemma from the total and the rotation-symmetric solutions"
		switch {
		case f.totalOnly:
			note = "totals only; without -total-only the unique count is derived from the total"
		case !res.UniqueCounted():
			note = "totals only"
		}
		fmt.Fprintf(w, "%.3f s, method quadrant, %s (%s)\n", res.Elapsed.Seconds(), nouns(res.Units, "unit"), note)
	} else {
		rate := float64(res.Nodes) / max(res.Elapsed.Seconds(), 1e-9)
		fmt.Fprintf(w, "nodes %s, %.3f s, %.0f Mnodes/s, method %s\n", groupU(res.Nodes), res.Elapsed.Seconds(), rate/1e6, res.Method)
	}
	if opts.Checkpoint != "" {
		fmt.Fprintf(w, "units %d, %d resumed from %s\n", res.Units, res.Resumed, opts.Checkpoint)
	}
}

// writeShard writes the record of a shard to stdout, or to path whole:
// a temporary file in the same directory, fsynced, then renamed.
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
	if err := writeFileAtomic(path, b); err != nil {
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

func writeFileAtomic(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after the rename, a no-op
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// newReporter picks the progress display for mode on w.
func newReporter(w io.Writer, mode, label string, every time.Duration) progress.Reporter {
	switch {
	case mode == "off", mode == "auto" && !isTerminal(w):
		return progress.Off{}
	case isTerminal(w):
		return progress.NewBar(w, label)
	default:
		return progress.NewLine(w, label, every)
	}
}

func isTerminal(w io.Writer) bool {
	if ew, ok := w.(*errWriter); ok {
		w = ew.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// checkWritable refuses, before any work, a path that cannot become a
// file: a directory, or one in a directory that does not exist.
func checkWritable(flag, path string) error {
	if path == "" || path == "-" {
		return nil
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return usagef("%s %s: not a regular file", flag, path)
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usagef("%s %s: no such directory %s", flag, path, dir)
	}
	if f, err := os.CreateTemp(dir, ".nqueens-probe-*"); err != nil {
		// The directory is there: what refuses the file is this
		// process's permission or the file system, a failure (exit 3).
		return fmt.Errorf("%s %s: cannot write in %s: %w", flag, path, dir, pathErr(err))
	} else {
		f.Close()
		os.Remove(f.Name())
	}
	return nil
}

// printQuadrantPlan prints what a quadrant count (or its shard) would
// hold in memory (-plan-only), and fails as the count would when it
// does not fit, with the same figures (rounded up, so that a limit of
// them passes).
func printQuadrantPlan(e *env, n int, opts nqueens.CountOptions) error {
	p, err := nqueens.PlanQuadrant(n, opts)
	if err != nil {
		return err
	}
	what, of := fmt.Sprintf("N = %d", n), fmt.Sprintf("n = %d", n)
	if p.Shard != (nqueens.Shard{}) {
		what += " shard " + p.Shard.String()
		of = fmt.Sprintf("shard %s of n = %d", p.Shard, n)
	}
	tables := "projected tables"
	if !p.Projected {
		tables = "no projected tables"
	}
	fmt.Fprintf(e.stdout, "%s (method quadrant): %d of %d units, %s, %s: planned peak %s (%d bytes); the whole count: %s\n",
		what, p.Units, p.UnitsTotal, nouns(p.Workers, "worker"), tables, bytesize.Need(p.Memory), p.Memory, bytesize.Need(p.Whole))
	if !p.Fits {
		return quadrantRefusal(of, p)
	}
	return nil
}

// quadrantRefusal is the usage error of a join's plan p over its limit:
// what (of: "n = N" or "shard I/M of n = N") needs, and the least
// -max-memory that passes (rounded up to whole MiB).
func quadrantRefusal(of string, p nqueens.QuadrantPlan) error {
	return usagef("-max-memory: %v: %s needs %s with method quadrant, the limit is %s (a limit of %dM passes)",
		nqueens.ErrMemory, of, bytesize.Need(p.Memory), bytesize.Limit(p.Limit), (p.Memory+1<<20-1)>>20)
}
