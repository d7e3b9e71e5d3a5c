package nqueens

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/classic"
	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/quadrant"
	"github.com/nqueens/nqueens/internal/symcount"
)

// MaxN is the largest board Count and Solutions accept: the kernels keep a
// row of the board in a uint64. (Counts for N above 27 are not known and
// would take centuries; the limit is what the code supports, not what
// finishes.)
const MaxN = 64

// ErrSize is wrapped by the errors for a board size outside 0..MaxN.
var ErrSize = errors.New("board size out of range")

// CountOptions tunes Count. The zero value counts with the bitboard
// kernel on every core.
type CountOptions struct {
	// Workers is the number of goroutines; 0 means runtime.NumCPU().
	// No more goroutines than work units are started, so a huge value
	// costs nothing. The classic methods (Arrays, Board, Permutation)
	// use one.
	Workers int
	// Method selects the algorithm; "" means Bitboard.
	Method Method

	// Progress, if not nil, is called when the count starts (with the
	// units a checkpoint already holds) and after each work unit
	// finishes, one call at a time from the counting goroutines, so it
	// must return quickly. The classic methods have one unit.
	Progress func(Progress)

	// Checkpoint, if not "", names a file where finished units are
	// recorded durably (appended at once, fsynced at least every two
	// seconds). If the file exists the count resumes from it: units it
	// holds are not counted again, and the total is exact however often
	// the count was killed. A file of another count (method, n,
	// decomposition, plan) or a foreign or damaged file is refused with
	// ErrCheckpoint; a torn last record is dropped. Methods Bitboard and
	// Quadrant (whose units are its plan's units, n ≥ 4; a Quadrant
	// checkpoint records totals only); the classic methods refuse it.
	Checkpoint string

	// Shard, if not the zero value, counts only the units of shard
	// Index of Count, and Result.UnitResults holds each unit's result
	// for Result.ShardRecord. Methods Bitboard and Quadrant (n ≥ 4,
	// totals only), like Checkpoint.
	Shard Shard

	// MaxMemory bounds the planned peak memory of Quadrant in bytes; 0
	// means 16 GiB. Quadrant first stops sharing its per-frame tables,
	// then runs fewer workers to stay within it, and fails with ErrMemory
	// when one worker does not fit. The other methods need little memory
	// and ignore it.
	MaxMemory uint64
}

// MaxQuadrantN is the largest n Count accepts with Method Quadrant.
const MaxQuadrantN = quadrant.MaxN

// ErrMemory is wrapped by the error of a Quadrant count that does not
// fit CountOptions.MaxMemory, and by the error of Random when the machine
// (or the process's address-space limit) has too little memory for n.
var ErrMemory = errors.New("memory limit too small")

// A Result is the outcome of Count.
type Result struct {
	N int
	// Solutions is the number of solutions, A000170(N).
	Solutions Uint128
	// Unique is the number of solutions up to the 8 symmetries of the
	// square, A002562(N), when UniqueCounted. Method Quadrant derives it
	// from the whole total (not for a shard).
	Unique Uint128
	// Nodes is the number of queens placed during the search.
	Nodes uint64
	// Elapsed is the wall time of the count.
	Elapsed time.Duration
	Method  Method

	// Units is the number of work units in the count (for a shard, in
	// the shard), Resumed how many of them a checkpoint already held.
	Units, Resumed int
	// Shard is CountOptions.Shard; UnitResults the result of each of
	// its units, by ID, when it is not the zero value.
	Shard       Shard
	UnitResults []UnitCount

	planDigest string // of a Quadrant count's plan, for ShardRecord
	burnside   bool   // Unique derived from Solutions (Method Quadrant)
}

// UniqueCounted reports whether Unique holds the unique count. It is
// false only for Method Quadrant when the count is a shard, or n is above
// symcount's 32: the quadrant join counts totals, and Count derives the
// unique count from the whole total (see Count).
func (r Result) UniqueCounted() bool { return r.Method != Quadrant || r.burnside }

// deriveUnique sets res.Unique from res.Solutions by Burnside's lemma:
// U = (Q + S180 + 2·S90)/8, with S180 and S90 the solutions that the half
// and the quarter turn map onto themselves, counted by a search of their
// own (internal/symcount: 0.13 s at n = 20, 1.7 s at n = 23, checking
// ctx). A sum that is not a multiple of 8 means a wrong total and is an
// error.
func deriveUnique(ctx context.Context, res *Result) error {
	if res.N > symcount.MaxN {
		return nil
	}
	hi, lo, err := symcount.Unique(ctx, res.N, res.Solutions.Hi, res.Solutions.Lo)
	if errors.Is(err, symcount.ErrInconsistent) {
		return fmt.Errorf("n = %d: the total %v: %w (a bug)", res.N, res.Solutions, err)
	}
	if err != nil {
		return err
	}
	res.Unique, res.burnside = Uint128{Hi: hi, Lo: lo}, true
	return nil
}

func checkN(n int) error {
	if n < 0 || n > MaxN {
		return fmt.Errorf("%w: n = %d is outside 0..%d", ErrSize, n, MaxN)
	}
	return nil
}

// Count returns the number of solutions of the N-Queens problem on an
// n×n board, in all (A000170) and up to symmetry (A002562), with the
// work it took. By the usual convention the empty board (n = 0) has one
// solution; n = 2 and n = 3 have none. n must be in 0..MaxN.
//
// Count is exact for every n it accepts: per-unit counters are uint64
// and the total is summed in 128 bits. Method Quadrant counts the total,
// and Count derives the unique count from it by Burnside's lemma with
// the solutions symmetric under the half and quarter turns, which a far
// smaller search counts; a total that disagrees with them is an error.
// (A shard's Unique is not counted: see Result.UniqueCounted.) If ctx is
// cancelled Count stops promptly and returns ctx.Err() with a zero
// Result; with a Checkpoint, every unit that finished is on disk
// (fsynced) when Count returns.
func Count(ctx context.Context, n int, opts CountOptions) (Result, error) {
	if err := checkN(n); err != nil {
		return Result{}, err
	}
	m := opts.Method.orDefault()
	if _, err := ParseMethod(string(m)); err != nil {
		return Result{}, err
	}
	if opts.Workers < 0 {
		return Result{}, fmt.Errorf("workers = %d: must be 0 (all cores) or more", opts.Workers)
	}
	if err := opts.Shard.check(); err != nil {
		return Result{}, err
	}
	if m != Bitboard && m != Quadrant && (opts.Checkpoint != "" || opts.Shard != (Shard{})) {
		return Result{}, fmt.Errorf("method %s: checkpoints and shards need the %s or %s method", m, Bitboard, Quadrant)
	}
	start := time.Now()
	res := Result{N: n, Method: m, Units: 1}
	if m == Quadrant {
		if err := countQuadrant(ctx, n, opts, &res, start); err != nil {
			return Result{}, err
		}
	} else if m == Bitboard {
		if err := countUnits(ctx, n, opts, &res, start); err != nil {
			return Result{}, err
		}
	} else {
		if opts.Progress != nil {
			opts.Progress(Progress{N: n, UnitsTotal: 1, CostTotal: 1})
		}
		s := classic.Search{N: n, Ctx: ctx}
		var unique uint64
		s.Yield = func(cols []int) bool {
			if IsCanonical(Placement(cols)) {
				unique++
			}
			return true
		}
		if err := classic.Methods[string(m)](&s); err != nil {
			return Result{}, err
		}
		res.Solutions = Uint128{Lo: s.Stats.Solutions}
		res.Unique = Uint128{Lo: unique}
		res.Nodes = s.Stats.Nodes
		if opts.Progress != nil {
			opts.Progress(Progress{N: n, UnitsDone: 1, UnitsTotal: 1, CostDone: 1, CostTotal: 1,
				Solutions: res.Solutions, Unique: res.Unique, Nodes: res.Nodes, Elapsed: time.Since(start)})
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

func defaultWorkers() int { return runtime.NumCPU() }

// countQuadrant counts the totals with the quadrant join into res: the
// units that opts.Shard selects, resuming from and recording to
// opts.Checkpoint.
func countQuadrant(ctx context.Context, n int, opts CountOptions, res *Result, start time.Time) (err error) {
	if n > MaxQuadrantN {
		return fmt.Errorf("%w: n = %d is outside 0..%d for method quadrant", ErrSize, n, MaxQuadrantN)
	}
	long := opts.Checkpoint != "" || opts.Shard != (Shard{})
	if n < 4 {
		if long {
			return fmt.Errorf("%w: method quadrant has no work units for n = %d: its checkpoints and shards need n ≥ 4", ErrSize, n)
		}
		q, err := quadrant.Count(ctx, n, quadrant.Options{Workers: opts.Workers})
		if err != nil {
			return err
		}
		res.Solutions = Uint128{Hi: q.Total.Hi, Lo: q.Total.Lo}
		res.Units = q.Units
		return deriveUnique(ctx, res)
	}
	if err := quadrant.CheckMemory(n, opts.MaxMemory); err != nil {
		return quadrantMemoryError(n, err)
	}
	plan, err := quadrant.NewPlan(n)
	if err != nil {
		return err
	}
	units := plan.Units()
	res.planDigest = plan.Digest()
	sel := selectIDs(quadrantCosts(plan), opts.Shard)
	res.Units, res.Shard = len(sel), opts.Shard
	var prior map[int]checkpoint.Record
	var cp *checkpoint.File
	if opts.Checkpoint != "" {
		h := checkpoint.Header{N: n, Version: quadrant.Version, Plan: res.planDigest, Units: len(units)}
		if cp, prior, err = openCheckpoint(opts.Checkpoint, h); err != nil {
			return err
		}
		defer closeCheckpoint(cp, &err)
	}
	keep := opts.Shard != (Shard{})
	prog := Progress{N: n, UnitsTotal: len(sel)}
	var overflow bool
	add := func(id int, total uint64) {
		var o bool
		prog.Solutions, o = prog.Solutions.Add64(total)
		overflow = overflow || o
		prog.UnitsDone++
		prog.CostDone += float64(units[id].Cost)
		if keep {
			res.UnitResults = append(res.UnitResults, UnitCount{ID: id, Total: total})
		}
	}
	todo := make([]int, 0, len(sel)) // not nil: nil would count every unit
	for _, id := range sel {
		c := float64(units[id].Cost)
		prog.CostTotal += c
		if r, ok := prior[id]; ok {
			add(id, r.Total)
			prog.Resumed++
			prog.CostResumed += c
			continue
		}
		todo = append(todo, id)
	}
	res.Resumed = prog.Resumed
	if opts.Progress != nil {
		prog.Elapsed = time.Since(start)
		opts.Progress(prog)
	}
	var cpErr error
	qo := quadrant.Options{Workers: opts.Workers, MaxMemory: opts.MaxMemory, Units: todo,
		UnitDone: func(u quadrant.Unit, c uint64) error {
			if cp != nil {
				if err := cp.Append(checkpoint.Record{Unit: u.ID, Total: c}); err != nil {
					cpErr = err
					return err
				}
			}
			add(u.ID, c)
			if opts.Progress != nil {
				prog.Elapsed = time.Since(start)
				opts.Progress(prog)
			}
			return nil
		}}
	if _, err := plan.Count(ctx, qo); err != nil {
		if cpErr != nil && ctx.Err() == nil {
			return cpErr // a checkpoint write failed
		}
		return quadrantMemoryError(n, err)
	}
	if overflow {
		return fmt.Errorf("n = %d: the count overflowed 128 bits", n)
	}
	if keep {
		slices.SortFunc(res.UnitResults, func(a, b UnitCount) int { return a.ID - b.ID })
	}
	res.Solutions = prog.Solutions
	if opts.Shard != (Shard{}) {
		return nil // a shard's part of the total says nothing of the unique count
	}
	return deriveUnique(ctx, res)
}

// closeCheckpoint closes cp when a count returns, so that everything
// finished is on disk before Count returns, also when it was interrupted;
// a close error becomes *err unless there is one already.
func closeCheckpoint(cp *checkpoint.File, err *error) {
	if cerr := cp.Close(); *err == nil && cerr != nil {
		*err = cerr
	}
}

// quadrantMemoryError rewords a quadrant.MemoryError; other errors pass.
func quadrantMemoryError(n int, err error) error {
	var me *quadrant.MemoryError
	if errors.As(err, &me) {
		return fmt.Errorf("%w: n = %d needs %s with method quadrant, the limit is %s",
			ErrMemory, n, quadrant.FormatBytes(me.Need), quadrant.FormatLimit(me.Limit))
	}
	return err
}

// countUnits counts with the bitboard kernel the units that opts select,
// resuming from and recording to opts.Checkpoint, into res.
func countUnits(ctx context.Context, n int, opts CountOptions, res *Result, start time.Time) (err error) {
	workers := opts.Workers
	if workers == 0 {
		workers = defaultWorkers()
	}
	plan, err := kernelPlan(n, workers) // the plan Estimate listed, if it did
	if err != nil {
		return err
	}
	sel := selectIDs(planCosts(plan), opts.Shard)
	res.Units, res.Shard = len(sel), opts.Shard
	var prior map[int]checkpoint.Record
	var cp *checkpoint.File
	if opts.Checkpoint != "" {
		h := checkpoint.Header{N: plan.N, Version: kernel.Version, Plan: plan.Digest(), Units: len(plan.Units)}
		if cp, prior, err = openCheckpoint(opts.Checkpoint, h); err != nil {
			return err
		}
		defer closeCheckpoint(cp, &err)
	}
	keep := opts.Shard != (Shard{})
	prog := Progress{N: n, UnitsTotal: len(sel)}
	var overflow bool
	add := func(u UnitCount) {
		var o1, o2 bool
		prog.Solutions, o1 = prog.Solutions.Add64(u.Total)
		prog.Unique, o2 = prog.Unique.Add64(u.Unique)
		overflow = overflow || o1 || o2
		prog.UnitsDone++
		if keep {
			res.UnitResults = append(res.UnitResults, u)
		}
	}
	todo := make([]int, 0, len(sel))
	for _, id := range sel {
		c := plan.Units[id].Cost
		prog.CostTotal += c
		if r, ok := prior[id]; ok {
			add(UnitCount{ID: id, Total: r.Total, Unique: r.Unique, Nodes: r.Nodes})
			prog.Resumed++
			prog.CostDone += c
			prog.CostResumed += c
			continue
		}
		todo = append(todo, id)
	}
	res.Resumed = prog.Resumed
	if opts.Progress != nil {
		prog.Elapsed = time.Since(start)
		opts.Progress(prog)
	}
	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	err = kernel.Run(runCtx, plan, todo, workers, func(i int, r kernel.UnitResult) {
		if cp != nil {
			rec := checkpoint.Record{Unit: i, Total: r.Total, Unique: r.Unique, Nodes: r.Nodes}
			if err := cp.Append(rec); err != nil {
				cancel(err)
				return
			}
		}
		add(UnitCount{ID: i, Total: r.Total, Unique: r.Unique, Nodes: r.Nodes})
		prog.Nodes += r.Nodes
		prog.CostDone += plan.Units[i].Cost
		if opts.Progress != nil {
			prog.Elapsed = time.Since(start)
			opts.Progress(prog)
		}
	})
	if err != nil {
		if ctx.Err() == nil {
			if cause := context.Cause(runCtx); cause != nil {
				return cause // a checkpoint write failed
			}
		}
		return err
	}
	if overflow {
		return fmt.Errorf("n = %d: the count overflowed 128 bits", n)
	}
	if keep {
		slices.SortFunc(res.UnitResults, func(a, b UnitCount) int { return a.ID - b.ID })
	}
	res.Solutions, res.Unique, res.Nodes = prog.Solutions, prog.Unique, prog.Nodes
	return nil
}
