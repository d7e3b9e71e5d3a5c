package nqueens

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/nqueens/nqueens/internal/bytesize"
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
	// ErrCheckpoint, and so is a file with a record that breaks its
	// method's rule for a unit's result (see Count); a torn last record
	// is dropped (and told to Notice). Methods Bitboard and Quadrant
	// (whose units are its plan's units, n ≥ 4; a Quadrant checkpoint
	// records totals only); the classic methods refuse it.
	Checkpoint string

	// Notice, if not nil, receives one-line notices that are not errors:
	// today only that damaged trailing records of the Checkpoint were
	// dropped ("dropped 1 damaged trailing record of FILE; its unit is
	// counted again"). It is called before the first Progress call.
	Notice func(string)

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
// ctx). A sum that is not a multiple of 8 means a wrong total: the error
// is then a *burnsideError, which the caller words for where the total
// came from.
func deriveUnique(ctx context.Context, res *Result) error {
	if res.N > symcount.MaxN {
		return nil
	}
	if res.N < 2 { // one solution, its own class of 1 (not a class of 8)
		res.Unique, res.burnside = Uint128{Lo: 1}, true
		return nil
	}
	s180, s90, err := symmetric(ctx, res.N)
	if err != nil {
		return err
	}
	sum, o1 := res.Solutions.Add64(s180)
	sum, o2 := sum.AddMul64(2, s90)
	if o1 || o2 || sum.Lo%8 != 0 {
		return &burnsideError{n: res.N, q: res.Solutions, s180: s180, s90: s90}
	}
	res.Unique, res.burnside = Uint128{Hi: sum.Hi >> 3, Lo: sum.Lo>>3 | sum.Hi<<61}, true
	return nil
}

// symmetric returns S180 and S90 for n ≤ symcount.MaxN: the solutions
// that the half and the quarter turn map onto themselves.
func symmetric(ctx context.Context, n int) (s180, s90 uint64, err error) {
	if s180, err = symcount.Half(ctx, n); err != nil {
		return 0, 0, err
	}
	s90, err = symcount.Quarter(n)
	return s180, s90, err
}

// checkBurnside checks a kernel count's totals against Burnside's lemma,
// 8·U − Q = S180 + 2·S90, for 2 ≤ n ≤ symcount.MaxN (others pass). Its
// error is a *burnsideError. It catches every error in Q or U that
// breaks the identity, that is every one but those where Q moves by
// eight times what U moves by (total+8k with unique+k).
func checkBurnside(ctx context.Context, n int, q, u Uint128) error {
	if n < 2 || n > symcount.MaxN {
		return nil
	}
	s180, s90, err := symmetric(ctx, n)
	if err != nil {
		return err
	}
	lhs, o1 := q.Add64(s180) // Q + S180 + 2·S90 = 8·U
	lhs, o2 := lhs.AddMul64(2, s90)
	eight := Uint128{Hi: u.Hi<<3 | u.Lo>>61, Lo: u.Lo << 3}
	if o1 || o2 || u.Hi>>61 != 0 || lhs != eight {
		return &burnsideError{n: n, q: q, u: u, unique: true, s180: s180, s90: s90}
	}
	return nil
}

// A burnsideError reports totals that break Burnside's lemma over the 8
// symmetries of the square: 8·U = Q + S180 + 2·S90.
type burnsideError struct {
	n         int
	q, u      Uint128
	unique    bool // u was counted (kernel); else only Q + S180 + 2·S90 ≡ 0 mod 8 was checked
	s180, s90 uint64
}

func (e *burnsideError) Error() string {
	if e.unique {
		return fmt.Sprintf("n = %d: %v solutions and %v unique break Burnside's lemma 8·U − Q = S180 + 2·S90 (S180 = %d, S90 = %d)",
			e.n, e.q, e.u, e.s180, e.s90)
	}
	return fmt.Sprintf("n = %d: %v solutions is impossible: by Burnside's lemma Q + S180 + 2·S90 (S180 = %d, S90 = %d) is a multiple of 8",
		e.n, e.q, e.s180, e.s90)
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
// and the total is summed in 128 bits. If ctx is cancelled Count stops
// promptly and returns ctx.Err() with a zero Result; with a Checkpoint,
// every unit that finished is on disk (fsynced) when Count returns.
//
// Count checks what it sums. Every unit result read from a Checkpoint
// must follow its method's rule, or the file is refused with
// ErrCheckpoint: for Bitboard, the unit's total is its weight times the
// solutions its search finds, at most a bound from its free rows, and
// total = 8·unique (4·unique ≤ total ≤ 8·unique when the half turn maps
// the unit's border onto itself, 2·unique ≤ total ≤ 8·unique for the
// quarter turn); for Quadrant, unique and nodes are 0 and the total is
// a multiple of its frame's class size and at most a (loose) bound from
// its row splits (kernel.Plan.CheckResult, quadrant.Plan.CheckTotal).
//
// Then every whole count with 2 ≤ n ≤ 32 is checked by Burnside's
// lemma against S180 and S90, the solutions that the half and the
// quarter turn map onto themselves, which internal/symcount counts by a
// search of its own (20 µs at n = 12, 0.9 ms at n = 16, 0.13 s at
// n = 20): for Bitboard 8·U − Q = S180 + 2·S90; Method Quadrant counts
// Q only and derives U = (Q + S180 + 2·S90)/8, so its check is that the
// sum is a multiple of 8. The lemma catches exactly the errors that
// break the identity: for Bitboard, Q off by d with U off by e and
// d ≠ 8e; for Quadrant, Q off by anything but a multiple of 8. It
// cannot catch the others: a unit's total +8k with its unique +k
// (Bitboard; that keeps the unit's rule too), a total off by 8k
// (Quadrant). For Quadrant the lemma is the only check of the sum of a
// checkpoint's totals (each unit's bound catches only absurd ones), so
// an error of 8k in a quadrant record goes through; only recounting
// finds it (a count without the checkpoint; VerifyShards for shards).
//
// A failure names the checkpoint and what to do with it; for Bitboard,
// also the unit that breaks its own share of the identity (8·unique −
// total is the unit's weight times its symmetric solutions), which a
// whole count that breaks the identity always has. A shard's Unique is
// not counted, and a shard is checked by the lemma only when it is
// merged (see Result.UniqueCounted and MergeShards).
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
		return quadrantBurnside(ctx, res, "")
	}
	plan, sel, err := quadrantPlan(n, opts)
	if err != nil {
		return err
	}
	units := plan.Units()
	res.planDigest = plan.Digest()
	res.Units, res.Shard = len(sel), opts.Shard
	var prior map[int]checkpoint.Record
	var cp *checkpoint.File
	if opts.Checkpoint != "" {
		h := checkpoint.Header{N: n, Version: quadrant.Version, Plan: res.planDigest, Units: len(units)}
		if cp, prior, err = openCheckpoint(opts.Checkpoint, h, quadrantRecordCheck(plan), opts.Notice); err != nil {
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
		return quadrantMemoryError(n, opts.Shard, err)
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
	return quadrantBurnside(ctx, res, opts.Checkpoint)
}

// quadrantPlan returns the quadrant plan of a count with opts and the
// units it counts. A whole count builds the quadrant table (NewPlan); a
// shard builds a plan for its own units (Plan.ForUnits), whose tables
// hold only the buckets they read and whose memory Plan.Count plans
// before any work.
func quadrantPlan(n int, opts CountOptions) (*quadrant.Plan, []int, error) {
	if opts.Shard == (Shard{}) {
		// Before the table: its Need is the least limit that passes,
		// the table with one worker.
		if err := quadrant.CheckMemory(n, opts.MaxMemory); err != nil {
			return nil, nil, quadrantMemoryError(n, opts.Shard, err)
		}
		plan, err := quadrant.NewPlan(n)
		if err != nil {
			return nil, nil, err
		}
		return plan, quadrantIDs(plan, opts.Shard), nil
	}
	up, err := quadrant.NewUnitPlan(n)
	if err != nil {
		return nil, nil, err
	}
	sel := quadrantIDs(up, opts.Shard)
	plan, err := up.ForUnits(sel)
	return plan, sel, err
}

// A QuadrantPlan is the memory plan of a count with Method Quadrant, or
// of one of its shards, made without counting (PlanQuadrant).
type QuadrantPlan struct {
	N     int
	Shard Shard // the zero Shard for a whole count
	// Units is the number of units the count (or shard) has, of
	// UnitsTotal in the whole count.
	Units, UnitsTotal int
	// Workers and Projected are what the count would use: the
	// goroutines, and whether the projected tables fit (see
	// internal/quadrant's doc.go, "Units, memory, cost").
	Workers   int
	Projected bool
	// Memory is the planned peak in bytes; Whole the whole count's with
	// the same options. Fits reports whether Memory is within the
	// limit (CountOptions.MaxMemory, default 16 GiB), Limit.
	Memory, Whole, Limit uint64
	Fits                 bool
}

// PlanQuadrant plans the memory of Count(ctx, n, opts) with Method
// Quadrant (opts.Method is ignored; Shard, Workers and MaxMemory count)
// without counting and without the quadrant table: what a shard would
// hold, next to a whole count's plan. It takes about 2–3 s for N = 22
// and 20 s for N = 24 (walks of the quadrant's placements).
func PlanQuadrant(n int, opts CountOptions) (QuadrantPlan, error) {
	qp := QuadrantPlan{N: n, Shard: opts.Shard}
	if n < 4 || n > MaxQuadrantN {
		return qp, fmt.Errorf("%w: method quadrant has units for n = 4..%d, not n = %d", ErrSize, MaxQuadrantN, n)
	}
	if err := opts.Shard.check(); err != nil {
		return qp, err
	}
	if opts.Workers < 0 {
		return qp, fmt.Errorf("workers = %d: must be 0 (all cores) or more", opts.Workers)
	}
	qo := quadrant.Options{Workers: opts.Workers, MaxMemory: opts.MaxMemory}
	if qo.Workers == 0 {
		qo.Workers = defaultWorkers()
	}
	whole, err := quadrant.EstimateMemory(n, qo)
	if err != nil && !errors.Is(err, quadrant.ErrMemory) {
		return qp, err
	}
	qp.Whole = whole.PeakMemory
	qp.UnitsTotal = whole.Units
	r := whole
	if opts.Shard != (Shard{}) {
		up, err := quadrant.NewUnitPlan(n)
		if err != nil {
			return qp, err
		}
		sp, err := up.ForUnits(quadrantIDs(up, opts.Shard))
		if err != nil {
			return qp, err
		}
		if r, err = sp.PlanMemory(qo); err != nil && !errors.Is(err, quadrant.ErrMemory) {
			return qp, err
		}
	}
	qp.Units, qp.Workers, qp.Projected, qp.Memory = r.Units, r.Workers, r.Projected, r.PeakMemory
	qp.Limit = opts.MaxMemory
	if qp.Limit == 0 {
		qp.Limit = quadrant.DefaultMaxMemory
	}
	qp.Fits = qp.Memory <= qp.Limit
	return qp, nil
}

// quadrantBurnside derives res.Unique from the total of a whole quadrant
// count (deriveUnique) and words a failure for where the total came
// from: the checkpoint, if there is one. Quadrant records hold totals
// only, so the unit at fault cannot be found.
func quadrantBurnside(ctx context.Context, res *Result, checkpoint string) error {
	err := deriveUnique(ctx, res)
	var be *burnsideError
	switch {
	case !errors.As(err, &be):
		return err
	case checkpoint == "":
		return fmt.Errorf("%v: this count read no file, so it is a bug or a hardware fault; count again", err)
	case res.Resumed > 0:
		return also(ErrCheckpoint, fmt.Errorf("%s: %v: %d of the %d unit totals were read from this checkpoint, and a quadrant record holds a total only, so the wrong one cannot be singled out; %s",
			checkpoint, err, res.Resumed, res.Units, deleteRemedy))
	}
	return fmt.Errorf("%v: every unit was counted by this run (a bug or a hardware fault), and %s holds them: delete it and count again", err, checkpoint)
}

// closeCheckpoint closes cp when a count returns, so that everything
// finished is on disk before Count returns, also when it was interrupted;
// a close error becomes *err unless there is one already.
func closeCheckpoint(cp *checkpoint.File, err *error) {
	if cerr := cp.Close(); *err == nil && cerr != nil {
		*err = cerr
	}
}

// quadrantMemoryError rewords a quadrant.MemoryError, of shard s (the
// zero Shard: a whole count); other errors pass.
func quadrantMemoryError(n int, s Shard, err error) error {
	var me *quadrant.MemoryError
	if errors.As(err, &me) {
		what := fmt.Sprintf("n = %d", n)
		if s != (Shard{}) {
			what = fmt.Sprintf("shard %s of n = %d", s, n)
		}
		return fmt.Errorf("%w: %s needs %s with method quadrant, the limit is %s (a limit of %s passes)",
			ErrMemory, what, bytesize.Need(me.Need), bytesize.Limit(me.Limit), passingLimit(me.Need))
	}
	return err
}

// passingLimit writes a --max-memory figure in whole MiB of at least need
// bytes (need rounded up), so that a limit of it passes.
func passingLimit(need uint64) string {
	return fmt.Sprintf("%dM", need>>20+min(need&(1<<20-1), 1))
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
		if cp, prior, err = openCheckpoint(opts.Checkpoint, h, kernelRecordCheck(plan), opts.Notice); err != nil {
			return err
		}
		defer closeCheckpoint(cp, &err)
	}
	keep := opts.Shard != (Shard{})
	prog := Progress{N: n, UnitsTotal: len(sel)}
	var overflow bool
	all := make([]UnitCount, 0, len(sel)) // to find a unit at fault
	add := func(u UnitCount) {
		var o1, o2 bool
		prog.Solutions, o1 = prog.Solutions.Add64(u.Total)
		prog.Unique, o2 = prog.Unique.Add64(u.Unique)
		overflow = overflow || o1 || o2
		prog.UnitsDone++
		all = append(all, u)
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
	slices.SortFunc(all, func(a, b UnitCount) int { return a.ID - b.ID })
	if keep {
		res.UnitResults = all
	}
	res.Solutions, res.Unique, res.Nodes = prog.Solutions, prog.Unique, prog.Nodes
	if keep {
		return nil // a shard is checked as a whole when it is merged
	}
	err = checkBurnside(ctx, n, res.Solutions, res.Unique)
	var be *burnsideError
	if !errors.As(err, &be) {
		return err
	}
	u, ok := kernelUnitAtFault(plan, all)
	switch _, read := prior[u.ID]; {
	case !ok:
		return fmt.Errorf("%v, yet every unit keeps its share 8·unique − total of it (a bug)", err)
	case read:
		return also(ErrCheckpoint, fmt.Errorf("%s: %v: %s; %s", opts.Checkpoint, err, unitShare(plan, u, "as read from this checkpoint"), deleteRemedy))
	case opts.Checkpoint != "":
		return fmt.Errorf("%v: %s (a bug or a hardware fault), and %s holds it: delete it and count again", err, unitShare(plan, u, "as counted by this run"), opts.Checkpoint)
	}
	return fmt.Errorf("%v: %s: a bug or a hardware fault; count again", err, unitShare(plan, u, "as counted by this run"))
}

// kernelUnitAtFault returns the first unit of results (one per unit of
// p, as a whole count has) whose 8·Unique − Total is not its share of
// S180 + 2·S90, kernel.Plan.Excess: the identity 8·U − Q = S180 + 2·S90
// is the sum of these over the units, so a count that breaks it has
// such a unit. Only units with a rotation symmetry need a search.
func kernelUnitAtFault(p *kernel.Plan, results []UnitCount) (UnitCount, bool) {
	for _, u := range results {
		if 8*u.Unique-u.Total != p.Excess(u.ID) {
			return u, true
		}
	}
	return UnitCount{}, false
}

// unitShare describes unit u, from where, breaking its share of
// Burnside's identity.
func unitShare(p *kernel.Plan, u UnitCount, where string) string {
	return fmt.Sprintf("unit %d, %s (total %d, unique %d), breaks its share of it: 8·unique − total = %d, but the unit's symmetric solutions make it %d",
		u.ID, where, u.Total, u.Unique, int64(8*u.Unique-u.Total), p.Excess(u.ID))
}
