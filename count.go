package nqueens

import (
	"context"
	"fmt"
	"time"

	"github.com/nqueens/nqueens/internal/classic"
	"github.com/nqueens/nqueens/internal/quadrant"
	"github.com/nqueens/nqueens/internal/run"
)

// MaxN is the largest board Count, Solutions and Complete accept: the
// searches keep a row of the board in a uint64. (Counts for N above 27
// are not known and would take centuries; the limit is what the code
// supports, not what finishes.)
const MaxN = 64

// ErrSize is wrapped by the errors for a board size outside 0..MaxN.
var ErrSize = run.ErrSize

// CountOptions tunes Count. The zero value counts with the fastest
// method that fits (MethodAuto, ChooseMethod) on every core.
type CountOptions struct {
	// Workers is the number of goroutines; 0 means runtime.NumCPU().
	// No more goroutines than work units are started, so a huge value
	// costs nothing. The classic methods (Arrays, Board, Permutation)
	// use one.
	Workers int
	// Method selects the algorithm; MethodAuto (the zero value) lets
	// ChooseMethod choose.
	Method Method
	// TotalOnly says that only Solutions is wanted. It changes only what
	// MethodAuto picks for a Shard: the join from n = 18 on (its shard
	// records hold totals only) instead of the kernel.
	TotalOnly bool

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
	// ErrCheckpoint, and so is a file with a record that breaks its
	// method's rule for a unit's result (see Count); a torn last record
	// is dropped (and told to Notice). Methods MethodKernel and MethodJoin
	// (whose units are its plan's units, n ≥ 4; a MethodJoin checkpoint
	// records totals only); the classic methods refuse it.
	Checkpoint string

	// Notice, if not nil, receives one-line notices that are not errors:
	// today only that damaged trailing records of the Checkpoint were
	// dropped ("dropped 1 damaged trailing record of FILE; its unit is
	// counted again"). It is called before the first Progress call.
	Notice func(string)

	// Shard, if not the zero value, counts only the units of shard
	// Index of Count, and Result.UnitResults holds each unit's result
	// for Result.ShardRecord. Methods MethodKernel and MethodJoin (n ≥ 4,
	// totals only), like Checkpoint.
	Shard Shard

	// MaxMemory bounds the planned peak memory of MethodJoin in bytes; 0
	// means 16 GiB. MethodJoin first stops sharing its per-frame tables,
	// then runs fewer workers to stay within it, and fails with ErrMemory
	// when one worker does not fit. The other methods need little memory
	// and ignore it.
	MaxMemory uint64

	// SoftMemoryLimit, for MethodJoin, sets the Go runtime's soft memory
	// limit (runtime/debug.SetMemoryLimit) to the whole count's planned
	// peak and a margin (quadrant.SoftLimitFor) while Count runs, unless
	// a lower one is in force (GOMEMLIMIT), and restores it after: the
	// heap then stays near the plan instead of growing between
	// collections as the join builds and drops its tables (peak RSS at
	// N = 19 72.8 → 56.4 MiB, N = 21 387.7 → 287.0 MiB;
	// docs/BENCHMARKS.md). The limit is the process's: leave this off
	// where several counts share one process. The nqueens command sets
	// it for count.
	SoftMemoryLimit bool
}

// MaxQuadrantN is the largest n Count accepts with MethodJoin.
const MaxQuadrantN = quadrant.MaxN

// ErrMemory is wrapped by the error of a MethodJoin count that does not
// fit CountOptions.MaxMemory, and by the error of Random when the machine
// (or the process's address-space limit) has too little memory for n.
var ErrMemory = run.ErrMemory

// A Result is the outcome of Count.
type Result struct {
	N int
	// Solutions is the number of solutions, A000170(N).
	Solutions Uint128
	// Unique is the number of solutions up to the 8 symmetries of the
	// square, A002562(N), when UniqueCounted. MethodJoin derives it
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

	planDigest string // of a MethodJoin count's plan, for ShardRecord
	burnside   bool   // Unique derived from Solutions (MethodJoin)
}

// UniqueCounted reports whether Unique holds the unique count. It is
// false only for MethodJoin when the count is a shard, or n is above
// symcount's 32: the quadrant join counts totals, and Count derives the
// unique count from the whole total (see Count).
func (r Result) UniqueCounted() bool { return r.Method != MethodJoin || r.burnside }

func checkN(n int) error {
	if n < 0 || n > MaxN {
		return fmt.Errorf("%w: n = %d is outside 0..%d", ErrSize, n, MaxN)
	}
	return nil
}

// Count returns the number of solutions of the N-Queens problem on an
// n×n board, in all (A000170) and up to symmetry (A002562), with the
// work it took, by opts.Method or, for MethodAuto, the method
// ChooseMethod picks (Result.Method names it). By the usual convention the empty board (n = 0) has one
// solution; n = 2 and n = 3 have none. n must be in 0..MaxN.
//
// Count is exact for every n it accepts: per-unit counters are uint64
// and the total is summed in 128 bits. If ctx is cancelled Count stops
// promptly and returns ctx.Err() with a zero Result; with a Checkpoint,
// every unit that finished is on disk (fsynced) when Count returns.
//
// Count checks what it sums. Every unit result read from a Checkpoint
// must follow its method's rule, or the file is refused with
// ErrCheckpoint: for MethodKernel, the unit's total is its weight times the
// solutions its search finds, at most a bound from its free rows, and
// total = 8·unique (4·unique ≤ total ≤ 8·unique when the half turn maps
// the unit's border onto itself, 2·unique ≤ total ≤ 8·unique for the
// quarter turn); for MethodJoin, unique and nodes are 0 and the total is
// a multiple of its frame's class size and at most a (loose) bound from
// its row splits (kernel.Plan.CheckResult, quadrant.Plan.CheckTotal).
//
// Then every whole count with 2 ≤ n ≤ 32 is checked by Burnside's
// lemma against S180 and S90, the solutions that the half and the
// quarter turn map onto themselves, which internal/symcount counts by a
// search of its own (20 µs at n = 12, 0.9 ms at n = 16, 0.13 s at
// n = 20): for MethodKernel 8·U − Q = S180 + 2·S90; MethodJoin counts
// Q only and derives U = (Q + S180 + 2·S90)/8, so its check is that the
// sum is a multiple of 8. The lemma catches exactly the errors that
// break the identity: for MethodKernel, Q off by d with U off by e and
// d ≠ 8e; for MethodJoin, Q off by anything but a multiple of 8. It
// cannot catch the others: a unit's total +8k with its unique +k
// (MethodKernel; that keeps the unit's rule too), a total off by 8k
// (MethodJoin). For MethodJoin the lemma is the only check of the sum of a
// checkpoint's totals (each unit's bound catches only absurd ones), so
// an error of 8k in a quadrant record goes through; only recounting
// finds it (a count without the checkpoint; VerifyShards for shards).
//
// A failure names the checkpoint and what to do with it; for MethodKernel,
// also the unit that breaks its own share of the identity (8·unique −
// total is the unit's weight times its symmetric solutions), which a
// whole count that breaks the identity always has. A shard's Unique is
// not counted, and a shard is checked by the lemma only when it is
// merged (see Result.UniqueCounted and MergeShards).
func Count(ctx context.Context, n int, opts CountOptions) (Result, error) {
	if err := checkN(n); err != nil {
		return Result{}, err
	}
	if _, err := ParseMethod(string(opts.Method)); err != nil {
		return Result{}, err
	}
	workers, err := run.Workers(opts.Workers)
	if err != nil {
		return Result{}, err
	}
	if err := opts.Shard.check(); err != nil {
		return Result{}, err
	}
	m := ChooseMethod(n, opts)
	opts.Method, opts.Workers = m, workers
	e := run.ByMethod(string(m))
	if e == nil && (opts.Checkpoint != "" || opts.Shard != (Shard{})) {
		return Result{}, fmt.Errorf("method %s: checkpoints and shards need the %s or %s method", m, MethodKernel, MethodJoin)
	}
	ro := opts.run()
	if m == MethodJoin {
		defer run.SoftLimit(n, ro)()
	}
	start := time.Now()
	res := Result{N: n, Method: m, Units: 1}
	if e != nil {
		rr := run.Result{N: n, Method: string(m), Units: 1}
		pe, sel, err := e.Plan(ctx, n, ro, &rr)
		if err != nil {
			return Result{}, err
		}
		if pe != nil {
			if err := run.Count(ctx, pe, sel, ro, &rr, start); err != nil {
				return Result{}, err
			}
		}
		res = fromRun(rr)
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

// run returns the options as internal/run takes them.
func (o CountOptions) run() run.Options {
	ro := run.Options{Workers: o.Workers, Checkpoint: o.Checkpoint, Notice: o.Notice, Shard: run.Shard(o.Shard),
		MaxMemory: o.MaxMemory, SoftMemoryLimit: o.SoftMemoryLimit}
	if p := o.Progress; p != nil {
		ro.Progress = func(x run.Progress) {
			p(Progress{N: x.N, UnitsDone: x.UnitsDone, UnitsTotal: x.UnitsTotal, Resumed: x.Resumed,
				CostDone: x.CostDone, CostTotal: x.CostTotal, CostResumed: x.CostResumed,
				Solutions: Uint128(x.Solutions), Unique: Uint128(x.Unique), Nodes: x.Nodes, Elapsed: x.Elapsed})
		}
	}
	return ro
}

// fromRun returns the Result of an engine's count.
func fromRun(r run.Result) Result {
	res := Result{N: r.N, Method: Method(r.Method), Solutions: Uint128(r.Solutions), Unique: Uint128(r.Unique), Nodes: r.Nodes,
		Units: r.Units, Resumed: r.Resumed, Shard: Shard(r.Shard), planDigest: r.PlanDigest, burnside: r.Burnside}
	if r.UnitResults != nil {
		res.UnitResults = make([]UnitCount, len(r.UnitResults))
		for i, u := range r.UnitResults {
			res.UnitResults[i] = UnitCount(u)
		}
	}
	return res
}
