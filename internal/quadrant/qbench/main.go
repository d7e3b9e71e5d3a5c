// Command qbench times one count of Q(N) inside the process, for
// profiling the join (-cpuprofile) and printing its memory plan (-plan):
// either the quadrant-join engine or a plain bitboard backtracker as a
// baseline. The published comparisons time the nqueens command itself
// (scripts/bench-join.sh).
//
// Usage:
//
//	qbench [-method quadrant|backtrack] [-workers k] [-max-memory bytes] [-plan] [-shard I/M] [-units file] [-cpuprofile f] [-memprofile f] N
//	qbench -balance file [-shards M] N
//	qbench -pieces K [-reps R] [-seed S] [-max-west W] [-max-pairs P] N
//
// It prints one line: method, N, workers, count, wall seconds, planned
// peak memory in MiB (quadrant only). -plan prints the memory plan of a
// whole count (NewWholePlan) in bytes: the bucket counts, the largest
// layer quarter (odd N), a worker's scratch bound, the largest projected
// table, the planned peak and the floor (MinMemory). -shard I/M counts
// one shard of Plan.Shards(M, 1) (a share of every layer), with
// projected tables: the profile of a count too long to run whole.
// -units writes each unit's CPU
// time; -balance reads that file back and prints the cost model's error
// by layer and the CPU of -shards M shards. -pieces draws K pieces as
// the count's estimate does and joins each whole and R times as the
// estimate runs it (thinned and cut), printing each and both estimates
// of the join's CPU: a check of the calibration where no whole count
// can be timed (N ≥ 23).
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nqueens/nqueens/internal/quadrant"
)

func main() {
	os.Exit(run(context.Background(), os.Stdout, os.Stderr, os.Args[1:]))
}

func run(ctx context.Context, stdout, stderr io.Writer, args []string) int {
	fs := flag.NewFlagSet("qbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	method := fs.String("method", "quadrant", "quadrant or backtrack")
	workers := fs.Int("workers", 0, "goroutines (0: GOMAXPROCS)")
	maxMem := fs.Uint64("max-memory", 0, "memory bound in bytes (0: default)")
	plan := fs.Bool("plan", false, "print the memory plan of N instead of counting")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file")
	memprofile := fs.String("memprofile", "", "write an allocation profile (every allocation) to this file")
	balanceIn := fs.String("balance", "", "read a -units file of N and print the cost model's error by layer and the CPU of -shards M shards, without counting")
	shards := fs.Int("shards", 16, "shards for -balance")
	shardArg := fs.String("shard", "", "count only shard I/M of Plan.Shards(M, 1), with projected tables unless -max-memory says otherwise, as `nqueens count N --method quadrant --shard I/M --max-memory 16G` does: a profile of a part of a count too long to run whole")
	layered := fs.Bool("layered", false, "count with ForUnits of every unit (projected tables layer by layer, no quadrant table), as Count does for even N, also for odd N")
	piecesK := fs.Int("pieces", 0, "draw this many pieces as the estimate does and run each whole and as the estimate runs it (-reps times), printing both")
	reps := fs.Int("reps", 4, "runs of each piece as the estimate runs it, for -pieces")
	seed := fs.Uint64("seed", 1, "random seed for -pieces")
	maxWest := fs.Int("max-west", 1<<15, "west patterns before thinning, for -pieces (the estimate's start)")
	maxPairs := fs.Int("max-pairs", min(1<<38, math.MaxInt), "pairs before cutting, for -pieces (the estimate's start)")
	unitsOut := fs.String("units", "", "write one line per unit to this file: id, frame, layer, cost, count, thread CPU ns")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: qbench [flags] N")
		return 2
	}
	n, err := strconv.Atoi(fs.Arg(0))
	if err != nil || n < 0 || n > 32 {
		fmt.Fprintf(stderr, "qbench: bad N %q\n", fs.Arg(0))
		return 2
	}
	w := *workers
	if w == 0 {
		w = runtime.GOMAXPROCS(0)
	}
	if *piecesK > 0 {
		if err := pieces(ctx, stdout, n, *piecesK, *reps, *seed, *maxWest, *maxPairs); err != nil {
			fmt.Fprintln(stderr, "qbench:", err)
			return 1
		}
		return 0
	}
	if *balanceIn != "" {
		if err := balance(stdout, n, *balanceIn, *shards); err != nil {
			fmt.Fprintln(stderr, "qbench:", err)
			return 1
		}
		return 0
	}
	if *plan && !*layered {
		// The plan of a whole count, as Count makes it (NewWholePlan).
		p, err := quadrant.NewWholePlan(context.Background(), n)
		if err != nil {
			fmt.Fprintln(stderr, "qbench:", err)
			return 1
		}
		r, err := p.PlanMemory(quadrant.Options{Workers: w, MaxMemory: *maxMem})
		fmt.Fprintf(stdout, "plan N=%d frames=%d units=%d quarter=%d layerquarter=%d worker=%d frame=%d peak(%d workers)=%d projected=%v floor=%d err=%v\n",
			n, p.Frames(), len(p.Units()), p.QuarterBytes(), p.LayerQuarterBytes(), p.WorkerBytes(), p.FrameBytes(), r.Workers,
			r.PeakMemory, r.Projected, quadrant.MinMemory(n), err)
		return 0
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(stderr, "qbench:", err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "qbench:", err)
			return 2
		}
		defer pprof.StopCPUProfile()
	}
	if *memprofile != "" {
		runtime.MemProfileRate = 1
		defer func() {
			f, err := os.Create(*memprofile)
			if err == nil {
				err = pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
			if err != nil {
				fmt.Fprintln(stderr, "qbench:", err)
			}
		}()
	}
	start := time.Now()
	switch *method {
	case "quadrant":
		opts := quadrant.Options{Workers: w, MaxMemory: *maxMem}
		if *unitsOut != "" {
			f, err := os.Create(*unitsOut)
			if err != nil {
				fmt.Fprintln(stderr, "qbench:", err)
				return 2
			}
			defer f.Close()
			bw := bufio.NewWriter(f)
			defer bw.Flush()
			fmt.Fprintln(bw, "# id frame layer cost count cpu_ns")
			var last uint64
			opts.UnitDone = func(u quadrant.Unit, c uint64) error { last = c; return nil }
			opts.UnitCPU = func(u quadrant.Unit, ns int64) {
				fmt.Fprintln(bw, u.ID, u.Frame, u.Layer(), u.Cost, last, ns)
			}
		}
		var res quadrant.Result
		if *layered || *shardArg != "" {
			bp, err := quadrant.NewBucketPlan(context.Background(), n)
			if err != nil {
				fmt.Fprintln(stderr, "qbench:", err)
				return 1
			}
			ids := make([]int, len(bp.Units()))
			for i := range ids {
				ids[i] = i
			}
			if *shardArg != "" {
				var si, sm int
				if _, err := fmt.Sscanf(*shardArg, "%d/%d", &si, &sm); err != nil || sm < 1 || si < 0 || si >= sm {
					fmt.Fprintf(stderr, "qbench: -shard: want I/M with 0 <= I < M (got %q)\n", *shardArg)
					return 2
				}
				ids = bp.Shards(sm, 1)[si]
			}
			sp, err := bp.ForUnits(context.Background(), ids)
			if err != nil {
				fmt.Fprintln(stderr, "qbench:", err)
				return 1
			}
			if opts.MaxMemory == 0 {
				opts.MaxMemory = quadrant.DefaultMaxMemory
			}
			if *plan {
				r, err := sp.PlanMemory(opts)
				fmt.Fprintf(stdout, "layered plan N=%d workers=%d projected=%v peak_MiB=%d err=%v\n", n, r.Workers, r.Projected, r.PeakMemory>>20, err)
				return 0
			}
			res, err = sp.Count(ctx, opts)
			if err != nil {
				fmt.Fprintln(stderr, "qbench:", err)
				return 1
			}
		} else if res, err = quadrant.Count(ctx, n, opts); err != nil {
			fmt.Fprintln(stderr, "qbench:", err)
			return 1
		}
		fmt.Fprintf(stdout, "quadrant N=%d workers=%d count=%v seconds=%.3f planned_peak_MiB=%d\n",
			n, res.Workers, res.Total, time.Since(start).Seconds(), res.PeakMemory>>20)
	case "backtrack":
		c := backtrack(n, w)
		fmt.Fprintf(stdout, "backtrack N=%d workers=%d count=%d seconds=%.3f\n",
			n, w, c, time.Since(start).Seconds())
	default:
		fmt.Fprintf(stderr, "qbench: unknown method %q\n", *method)
		return 2
	}
	return 0
}

// backtrack is the baseline: a plain bitboard backtracker, one row at a
// time, with the left-right mirror (first-row queen in the left half,
// doubled; the middle column of odd N counted once). Work is split by the
// queens of the first two rows and shared among w goroutines.
func backtrack(n, w int) uint64 {
	if n == 0 {
		return 1
	}
	full := uint64(1)<<n - 1
	type job struct {
		cols, ld, rd uint64
		weight       uint64
	}
	var jobs []job
	for c0 := 0; c0 < (n+1)/2; c0++ {
		b0 := uint64(1) << c0
		weight := uint64(2)
		if n%2 == 1 && c0 == n/2 {
			weight = 1
		}
		if n == 1 {
			return 1
		}
		ld, rd := b0<<1&full, b0>>1
		for free := full &^ (b0 | ld | rd); free != 0; free &= free - 1 {
			b1 := free & -free
			jobs = append(jobs, job{b0 | b1, (ld | b1) << 1 & full, (rd | b1) >> 1, weight})
		}
	}
	var next atomic.Int64
	var total atomic.Uint64
	var wg sync.WaitGroup
	for range w {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1)) - 1
				if k >= len(jobs) {
					return
				}
				j := jobs[k]
				total.Add(j.weight * solve(full, j.cols, j.ld, j.rd))
			}
		}()
	}
	wg.Wait()
	return total.Load()
}

func solve(full, cols, ld, rd uint64) uint64 {
	if cols == full {
		return 1
	}
	var c uint64
	for free := full &^ (cols | ld | rd); free != 0; free &= free - 1 {
		b := free & -free
		c += solve(full, cols|b, (ld|b)<<1&full, (rd|b)>>1)
	}
	return c
}
