package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/progress"
	"golang.org/x/term"
)

var countCmd = &command{
	name:    "count",
	args:    "N | A-B [flags]",
	summary: "count the solutions (A000170) and unique solutions (A002562)",
	help: `Counts every solution of the N-Queens problem on an N×N board, and the
solutions that are different up to rotations and reflections. A range A-B
prints a table, one row per N as it finishes, with each row's time and its
growth over the row before.

The default method, auto, counts both with the symmetry-reduced
backtracking kernel (bitboard), which needs little memory at any N.
--total-only asks for the total alone, and from N = 18 on auto then
answers with the quadrant join (--method quadrant), faster there: on
2 cores 3.0–3.4 s against the kernel's 5.6–5.8 s at N = 18, 107 s
against 367 s at N = 20. Up to N = 17 the kernel is as fast or faster
(0.04 s against 0.12 s at N = 15, 0.9–1.1 s against 1.2–1.4 s at
N = 17), so auto keeps it there and just does not print the unique
count; --method quadrant --total-only asks for the join at any N.
--method quadrant without --total-only also gives the unique count:
derived from the join's total by Burnside's lemma, with the solutions
that the half and quarter turns map onto themselves counted by a far
smaller search (0.2 s at N = 20). The quadrant join needs memory that
grows about 9× per two steps of N (some 350 MB at N = 20, 8 GB at
N = 24); --max-memory bounds it, running slower or fewer workers, or
failing before any work.

Examples:
  nqueens count 8                 8-queens: 92 solutions, 12 unique
  nqueens count 18                totals and unique by the kernel
  nqueens count 18 --total-only   the total alone, by the quadrant join
  nqueens count 12 --method quadrant --total-only
                                  the join below N = 18 too
  nqueens count 19 --method quadrant   total by the join, unique by symmetry
  nqueens count 14 -v             also the time (and nodes, for the kernel)
  nqueens count 1-15              a table for N = 1..15
  nqueens count 12 --json         one JSON object
  nqueens count 20 --max-memory 2G
  nqueens count 10 --method permutation

Long counts:
  nqueens count 20 --checkpoint n20.ckpt    kill it at any time; the same
                                            command resumes, the total is exact
  nqueens count 20 --progress on            a status line every 5 s on stderr
                                            (auto: a bar when stderr is a terminal)
  nqueens count 20 --shard 3/8 -o s3.json   shard 3 of 8; then
  nqueens merge s*.json                     checks all 8 shards, prints the total
  nqueens count 20 --total-only --checkpoint q20.ckpt
  nqueens count 20 --total-only --shard 3/8 -o q3.json
                                            the same for the quadrant join

Checkpoints and shards work with both the kernel and the quadrant join
(N ≥ 4), each with its own units: a checkpoint or shard record names its
method, and one of the other method is refused. --shard writes one JSON
record (n, method, decomposition version, I, M, units, exact totals,
digest of the unit ids, per-unit results; totals only for the quadrant
join) to stdout or -o FILE; -o writes it whole or not at all.
--checkpoint and --shard combine: a preempted shard resumes from its
checkpoint. Ctrl-C stops at once and keeps every finished unit in the
checkpoint.`,
}

func init() {
	countCmd.run = runCount
	register(countCmd)
}

// quadrantFrom is the smallest N where auto picks the quadrant join for
// --total-only. Measured on a 2-core EPYC, join against the kernel with
// its AVX2 wave (whole process, wall; the kernel counts the unique
// solutions too, --total-only just does not print them): N = 15 0.12 s
// against 0.04 s, N = 16 0.18–0.20 s against 0.13–0.18 s, N = 17
// 1.2–1.36 s against 0.86–1.1 s, N = 18 3.0–3.4 s against 5.6–5.8 s,
// N = 20 107 s against 367 s. Below 18 the kernel is as fast or faster
// and needs no quadrant table; tests that mean the join at a small N ask
// for it with --method quadrant.
const quadrantFrom = 18

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
// was not counted or --total-only asked for the total alone.
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

// chooseMethod resolves --method auto for board size n: the quadrant
// join for --total-only from quadrantFrom to MaxQuadrantN, else the
// kernel. --checkpoint and --shard do not change the choice.
func chooseMethod(n int, totalOnly bool) nqueens.Method {
	if totalOnly && n >= quadrantFrom && n <= nqueens.MaxQuadrantN {
		return nqueens.Quadrant
	}
	return nqueens.Bitboard
}

func runCount(ctx context.Context, e *env, args []string) error {
	fs := newFlags(countCmd, e)
	asJSON := fs.Bool("json", false, "print JSON (one object per N)")
	verbose := fs.Bool("v", false, "also print nodes visited and time")
	workers := fs.Int("workers", 0, "goroutines to count with (0 = one per core)")
	method := fs.String("method", "auto", "algorithm: auto, quadrant (the join; unique by symmetry), bitboard, arrays, board or permutation")
	totalOnly := fs.Bool("total-only", false, "count the total alone (auto then uses the quadrant join from N = 18)")
	maxMem := fs.String("max-memory", "", "memory bound for the quadrant join, e.g. 512M or 4G (default 16G)")
	progressMode := fs.String("progress", "auto", "progress on stderr: auto (a bar on a terminal), on or off")
	every := fs.Duration("progress-every", 5*time.Second, "with --progress on and no terminal: print a status line this often")
	ckpt := fs.String("checkpoint", "", "record finished units in `FILE`; rerunning resumes from it")
	shardFlag := fs.String("shard", "", "count only shard `I/M` (0 ≤ I < M) and write its JSON record")
	out := fs.String("o", "", "with --shard: write the record to `FILE` (atomically) instead of stdout")
	replicas := fs.Int("replicas", 1, "with --shard: count each unit in `R` different shards (1..M, the same for every shard), for merge to compare")
	planOnly := fs.Bool("plan-only", false, "with --method quadrant: print the memory plan of the count or its --shard, count nothing")
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
	auto := *method == "auto"
	var m nqueens.Method
	if !auto {
		if m, err = parseMethod(*method); err != nil {
			return err
		}
		if *totalOnly && m != nqueens.Quadrant {
			return usagef("--total-only goes with --method auto or quadrant")
		}
	}
	var limit uint64
	if *maxMem != "" {
		if limit, err = parseBytes(*maxMem); err != nil {
			return usagef("--max-memory: %v", err)
		}
	}
	if *workers < 0 {
		return usagef("--workers = %d: must be 0 (one per core) or more", *workers)
	}
	switch *progressMode {
	case "auto", "on", "off":
	default:
		return usagef("--progress %q: want auto, on or off", *progressMode)
	}
	if *every <= 0 {
		return usagef("--progress-every %v: must be positive", *every)
	}
	opts := nqueens.CountOptions{Workers: *workers, Method: m, Checkpoint: *ckpt, MaxMemory: limit}
	if *shardFlag != "" {
		if opts.Shard, err = nqueens.ParseShard(*shardFlag); err != nil {
			return usagef("--shard: %v", err)
		}
		if opts.Shard, err = opts.Shard.WithReplicas(*replicas); err != nil {
			return usagef("--replicas: %v", err)
		}
	} else if *replicas != 1 {
		return usagef("--replicas is for --shard")
	}
	long := *ckpt != "" || *shardFlag != ""
	if long && lo != hi {
		return usagef("--checkpoint and --shard count one N, not a range")
	}
	if long && !auto && m != nqueens.Bitboard && m != nqueens.Quadrant {
		return usagef("--checkpoint and --shard need --method auto, bitboard or quadrant")
	}
	if long && lo < 4 {
		return usagef("--checkpoint and --shard need N ≥ 4 (N = %d has no work units)", lo)
	}
	if !auto && m == nqueens.Quadrant && hi > nqueens.MaxQuadrantN {
		return usagef("--method quadrant counts N up to %d, not %d (its quadrant tables would not fit in memory)", nqueens.MaxQuadrantN, hi)
	}
	if *out != "" && *shardFlag == "" {
		return usagef("-o is for the record of --shard")
	}
	for _, f := range []struct{ flag, path string }{{"--checkpoint", *ckpt}, {"-o", *out}} {
		if err := checkWritable(f.flag, f.path); err != nil {
			return err
		}
	}
	if *planOnly {
		if m != nqueens.Quadrant || lo != hi {
			return usagef("--plan-only goes with --method quadrant and one N")
		}
		return printQuadrantPlan(e, lo, opts)
	}
	if lo == hi {
		if auto {
			opts.Method = chooseMethod(lo, *totalOnly)
		}
		return countOne(ctx, e, lo, opts, countFlags{json: *asJSON, verbose: *verbose, progress: *progressMode, every: *every, out: *out, totalOnly: *totalOnly, auto: auto})
	}
	table := lo != hi && !*asJSON
	if table {
		fmt.Fprintf(e.stdout, "%3s %20s %20s %16s %10s %7s\n", "N", "solutions", "unique", "nodes", "seconds", "growth")
	}
	var prev time.Duration
	for n := lo; n <= hi; n++ {
		if auto {
			opts.Method = chooseMethod(n, *totalOnly)
		}
		res, err := nqueens.Count(ctx, n, opts)
		if err != nil {
			return err
		}
		switch {
		case *asJSON:
			b, _ := json.Marshal(newCountJSON(n, res, *totalOnly))
			fmt.Fprintf(e.stdout, "%s\n", b)
		case table:
			growth := "-"
			if prev >= time.Millisecond {
				growth = fmt.Sprintf("%.1f×", float64(res.Elapsed)/float64(prev))
			}
			uniq, nodes := group(res.Unique.String()), groupU(res.Nodes)
			if !showUnique(res, *totalOnly) {
				uniq = "-"
			}
			if res.Method == nqueens.Quadrant {
				nodes = "-"
			}
			fmt.Fprintf(e.stdout, "%3d %20s %20s %16s %10.3f %7s\n", n, group(res.Solutions.String()), uniq, nodes, res.Elapsed.Seconds(), growth)
			prev = res.Elapsed
		default:
			fmt.Fprintf(e.stdout, "%d-queens: %s solutions, %s unique\n", n, res.Solutions, res.Unique)
			if *verbose {
				rate := float64(res.Nodes) / max(res.Elapsed.Seconds(), 1e-9)
				fmt.Fprintf(e.stdout, "nodes %s, %.3f s, %.0f Mnodes/s, method %s\n", groupU(res.Nodes), res.Elapsed.Seconds(), rate/1e6, res.Method)
			}
		}
	}
	return nil
}

type countFlags struct {
	json, verbose bool
	progress      string // auto, on or off
	every         time.Duration
	out           string // -o FILE for a shard record
	totalOnly     bool   // --total-only: print no unique count
	auto          bool   // --method auto
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
			return usagef("--checkpoint: %v", err)
		}
		if errors.Is(err, nqueens.ErrMemory) {
			return usagef("--max-memory: %v", err)
		}
		if errors.Is(err, context.Canceled) && opts.Checkpoint != "" {
			fmt.Fprintf(e.stderr, "nqueens count: %d of %d units are saved in %s; rerun the same command to resume\n", last.UnitsDone, last.UnitsTotal, opts.Checkpoint)
		}
		return err
	}
	if opts.Shard != (nqueens.Shard{}) {
		return writeShard(e, res, f.out)
	}
	if f.json {
		b, _ := json.Marshal(newCountJSON(n, res, f.totalOnly))
		fmt.Fprintf(e.stdout, "%s\n", b)
		return nil
	}
	if res.Method == nqueens.Quadrant {
		if showUnique(res, f.totalOnly) {
			fmt.Fprintf(e.stdout, "%d-queens: %s solutions, %s unique\n", n, res.Solutions, res.Unique)
		} else {
			fmt.Fprintf(e.stdout, "%d-queens: %s solutions\n", n, res.Solutions)
		}
		if f.verbose {
			note := "unique by Burnside's lemma from the total and the rotation-symmetric solutions"
			switch {
			case f.totalOnly && f.auto:
				note = "totals only; without --total-only the kernel also counts unique solutions"
			case f.totalOnly:
				note = "totals only; without --total-only the unique count is derived from the total"
			}
			fmt.Fprintf(e.stdout, "%.3f s, method quadrant, %d units (%s)\n", res.Elapsed.Seconds(), res.Units, note)
			if opts.Checkpoint != "" {
				fmt.Fprintf(e.stdout, "units %d, %d resumed from %s\n", res.Units, res.Resumed, opts.Checkpoint)
			}
		}
		return nil
	}
	if showUnique(res, f.totalOnly) {
		fmt.Fprintf(e.stdout, "%d-queens: %s solutions, %s unique\n", n, res.Solutions, res.Unique)
	} else {
		fmt.Fprintf(e.stdout, "%d-queens: %s solutions\n", n, res.Solutions)
	}
	if f.verbose {
		rate := float64(res.Nodes) / max(res.Elapsed.Seconds(), 1e-9)
		fmt.Fprintf(e.stdout, "nodes %s, %.3f s, %.0f Mnodes/s, method %s\n", groupU(res.Nodes), res.Elapsed.Seconds(), rate/1e6, res.Method)
		if opts.Checkpoint != "" {
			fmt.Fprintf(e.stdout, "units %d, %d resumed from %s\n", res.Units, res.Resumed, opts.Checkpoint)
		}
	}
	return nil
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
		fmt.Fprintf(e.stdout, "%d-queens shard %s: %s solutions (totals only, method %s) in %d units; record in %s\n",
			res.N, res.Shard, rec.Solutions, res.Method, len(rec.Units), path)
		return nil
	}
	fmt.Fprintf(e.stdout, "%d-queens shard %s: %s solutions, %s unique in %d units; record in %s\n",
		res.N, res.Shard, rec.Solutions, rec.Unique, len(rec.Units), path)
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
		return usagef("%s %s: cannot write in %s", flag, path, dir)
	} else {
		f.Close()
		os.Remove(f.Name())
	}
	return nil
}

// printQuadrantPlan prints what a quadrant count (or its shard) would
// hold in memory (--plan-only), and fails as the count would when it
// does not fit.
func printQuadrantPlan(e *env, n int, opts nqueens.CountOptions) error {
	p, err := nqueens.PlanQuadrant(n, opts)
	if err != nil {
		return err
	}
	what := fmt.Sprintf("N = %d", n)
	if p.Shard != (nqueens.Shard{}) {
		what += " shard " + p.Shard.String()
	}
	tables := "projected tables"
	if !p.Projected {
		tables = "no projected tables"
	}
	fmt.Fprintf(e.stdout, "%s (method quadrant): %d of %d units, %d workers, %s: planned peak %s (%d bytes); the whole count: %s\n",
		what, p.Units, p.UnitsTotal, p.Workers, tables, mib(p.Memory), p.Memory, mib(p.Whole))
	if !p.Fits {
		return usagef("--max-memory: %v: %s needs %s (a limit of %dM passes), the limit is %s",
			nqueens.ErrMemory, what, mib(p.Memory), (p.Memory+1<<20-1)>>20, mib(p.Limit))
	}
	return nil
}

// mib writes a byte count in MiB, one decimal.
func mib(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
