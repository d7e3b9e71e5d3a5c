package quadrant

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"

	"github.com/nqueens/nqueens/internal/bytesize"
	"github.com/nqueens/nqueens/internal/tally"
)

// Options control Count. The zero value means the defaults.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// MaxMemory bounds the planned peak memory in bytes; 0 means
	// DefaultMaxMemory (DefaultShardMemory for a ForUnits plan, see
	// Plan.MemoryLimit). Count lowers Workers to stay within it and fails
	// with ErrMemory when even one worker does not fit.
	MaxMemory uint64
	// Progress, when not nil, is called after each unit from the worker
	// goroutines, one call at a time, so it must return quickly.
	Progress func(Progress)

	// Units, when not nil, lists the IDs of the units to count, each at
	// most once (an empty, non-nil list counts nothing): a shard of the
	// plan, or the units a checkpoint does not hold yet. nil counts every
	// unit. Progress then counts only these units.
	Units []int
	// UnitDone, when not nil, is called after each unit with the unit and
	// its count (symmetry weights included), one call at a time and
	// before Progress, so it must return quickly. A non-nil error stops
	// the count, which returns it.
	UnitDone func(u Unit, count uint64) error
	// UnitCPU, when not nil, is called after each unit with the CPU time
	// in nanoseconds that its worker's thread spent on it (the workers
	// then keep their threads), one call at a time, after UnitDone. It is
	// for calibrating Unit.Cost (qbench -units); where the thread's clock
	// cannot be read it is not called. The first unit of a frame or
	// layer includes building its projected table.
	UnitCPU func(u Unit, ns int64)
}

// SoftLimitFor returns a soft memory limit (runtime/debug.SetMemoryLimit)
// for a count whose planned peak is peak bytes: the peak, a sixteenth of
// it and 8 MiB more for the runtime's own memory (stacks, spans, the
// collector's bitmaps), so that a heap within its plan does not make the
// collector run without end. With it the heap stays near the plan while
// the quadrant table and the layer tables are built and dropped, instead
// of growing between collections by GOGC (see docs/BENCHMARKS.md).
func SoftLimitFor(peak uint64) int64 {
	const maxInt64 = 1<<63 - 1
	l := satAdd(satAdd(peak, peak/16), 8<<20)
	return int64(min(l, maxInt64))
}

// SetSoftLimit lowers the Go runtime's soft memory limit to limit unless
// the limit in force is lower already (GOMEMLIMIT), and returns the
// function that restores the previous limit. The limit is the process's:
// use it where one count runs at a time.
func SetSoftLimit(limit int64) (restore func()) {
	prev := debug.SetMemoryLimit(-1)
	if limit >= prev {
		return func() {}
	}
	debug.SetMemoryLimit(limit)
	return func() { debug.SetMemoryLimit(prev) }
}

// Progress is the state of a Count after a unit.
type Progress struct {
	UnitsDone, UnitsTotal int
	// CostDone and CostTotal sum Unit.Cost, the estimated work.
	CostDone, CostTotal uint64
	// Total is the sum of the units done so far.
	Total tally.Uint128
}

// DefaultMaxMemory is the memory bound of the zero Options: 16 GiB.
const DefaultMaxMemory = 16 << 30

// Result is the outcome of Count.
type Result struct {
	N       int
	Total   tally.Uint128 // Q(N)
	Units   int           // units counted
	Workers int           // goroutines used
	// PeakMemory is the planned peak: the quadrant table, the scratch
	// bound of each worker (see Plan.WorkerBytes) and the projected frame
	// tables when used (Plan.FrameBytes).
	PeakMemory uint64
	// Projected reports whether the per-frame projected tables were used;
	// a tight MaxMemory turns them off before it lowers Workers.
	Projected bool
}

// Count returns Q(n), the number of ways to place n non-attacking queens
// on an n×n board, for 0 <= n <= MaxN: 1 for n = 0 and 1, 0 for n = 2 and
// 3. It runs the units of NewWholePlan(n) on opts.Workers goroutines
// (see Plan.Count for the order) and stops at the first error or when
// ctx is done. With opts.Units it counts only those units; N < 4 has no
// units.
func Count(ctx context.Context, n int, opts Options) (Result, error) {
	res := Result{N: n}
	if n < 0 || n > MaxN {
		return res, fmt.Errorf("%w: N = %d, want 0..%d", ErrSize, n, MaxN)
	}
	if opts.Workers < 0 {
		return res, fmt.Errorf("quadrant: Workers = %d, want >= 0", opts.Workers)
	}
	if n < 4 {
		// No plan and no units: the answer is known.
		if len(opts.Units) > 0 {
			return res, fmt.Errorf("%w: N = %d has no units", ErrUnit, n)
		}
		if opts.Units == nil {
			res.Total.Lo = [4]uint64{1, 1, 0, 0}[n]
		}
		return res, nil
	}
	if err := CheckMemory(n, opts.MaxMemory); err != nil {
		return res, err
	}
	p, err := NewWholePlan(ctx, n)
	if err != nil {
		return res, err
	}
	return p.Count(ctx, opts)
}

// NewWholePlan returns the plan of a whole count of an N×N board, 4 <= N
// <= MaxN, as Count makes it: the plan of every unit that ForUnits makes,
// which builds its projected tables layer by layer, each holding only
// the row sets that one layer's units read, and drops them before the
// next layer (see "Shards that fit a node" in doc.go). It keeps the
// bucket counts instead of the quadrant table. Even N builds each
// layer's table from a walk of the placements (11 walks at N = 20); odd
// N, whose frames (37 at N = 19) would walk them for every frame and
// layer, builds per layer a quadrant table of the layer's rows only (a
// layer quarter, layerq.go) and copies each frame's table from it.
//
// One layer's tables are a third to a quarter of a frame's whole
// projected table, at the same CPU: N = 20 plans 107 MiB instead of 339
// MiB (scripts/bench-join.sh measures the count).
//
// It stops, with ctx's error, when ctx is done (NewBucketPlan).
func NewWholePlan(ctx context.Context, n int) (*Plan, error) {
	if n < 4 || n > MaxN {
		return nil, fmt.Errorf("%w: N = %d, want 4..%d (a whole count; shards to %d)", ErrSize, n, MaxN, MaxShardN)
	}
	bp, err := NewBucketPlan(ctx, n)
	if err != nil {
		return nil, err
	}
	ids := make([]int, len(bp.units))
	for i := range ids {
		ids[i] = i
	}
	sp, err := bp.forUnits(ctx, ids, bp.bucketSums())
	if err != nil {
		return nil, err
	}
	sp.sub.whole = true
	return sp, nil
}

// CheckMemory returns a *MemoryError when a count of an N×N board, 4 <=
// N <= MaxN, does not fit maxMemory (0 means DefaultMaxMemory) even with
// one worker: the check Count makes before NewWholePlan. Its Need is
// MinMemory(n), the figure compared, so that a limit of Need passes.
func CheckMemory(n int, maxMemory uint64) error {
	_, err := PlanMemory(n, 1, maxMemory)
	return err
}

// halfPatterns[h] is Plan.halfBound for N = 2h and 2h+1 (the frame it
// reads is the same for both), so that PlanMemory needs no quadrant
// table. TestHalfPatterns checks it against halfBound.
var halfPatterns = [...]uint64{0, 0, 2, 4, 16, 48, 226, 1080, 7240, 41644, 300950, 2300692, 21487384}

// A MemoryPlan is how a count fits its memory limit.
type MemoryPlan struct {
	Peak      uint64 // planned peak, bytes (see Result.PeakMemory)
	Workers   int    // goroutines
	Projected bool   // per-frame projected tables (see Plan.SetProjected)
}

// MinMemory returns the least memory limit a count of an N×N board, 4
// <= N <= MaxN, runs with: one worker without projected tables, with the
// bucket counts and the quadrant table (odd N) or the worker's stream
// scratch (even N, see NewWholePlan).
func MinMemory(n int) uint64 { return wholeMemPlan(n).peak(1, false) }

// PlanMemory returns the memory plan of a whole count of an N×N board, 4
// <= N <= MaxN, on at most workers goroutines (at least 1) within limit
// bytes (0 means DefaultMaxMemory), without building the plan: what
// NewWholePlan(n).PlanMemory plans (see there), from the sizes alone. Below
// MinMemory(n) it returns a *MemoryError with Need = MinMemory(n), the
// exact figure compared.
func PlanMemory(n, workers int, limit uint64) (MemoryPlan, error) {
	if n < 4 || n > MaxN {
		return MemoryPlan{}, fmt.Errorf("%w: N = %d, want 4..%d", ErrSize, n, MaxN)
	}
	limit = memLimit(limit)
	w, proj, peak := wholeMemPlan(n).fit(max(workers, 1), limit)
	mp := MemoryPlan{Peak: peak, Workers: w, Projected: proj}
	if peak > limit {
		return mp, &MemoryError{N: n, Need: peak, Limit: limit}
	}
	return mp, nil
}

// wholeMemPlan is the memPlan of a whole count of an N×N board,
// NewWholePlan's, from the sizes alone (the quadrant table's,
// halfPatterns and the tables below), without its walk of the
// placements. For even N the figures are layerPlans[h] (with the bucket
// counts: the largest layer's table and a worker's stream scratch), for
// odd N the quadrant table, the bucket counts and oddLayerPlans[h]
// (TestLayerPlans).
func wholeMemPlan(n int) memPlan {
	h := n / 2
	if n%2 == 0 {
		lp := layerPlans[h]
		return memPlan{base: countsBytes(h), worker: workerBytes(halfPatterns[h]),
			tables: []tableSet{{1, lp.table}}, stream: lp.stream, shared: true}
	}
	lq := oddLayerQuarters[h]
	return memPlan{base: countsBytes(h), worker: workerBytes(halfPatterns[h]),
		tables: oddLayerPlans[h], shared: true, layerQ: layerQuarterBytes(h, lq.places), stream: lq.stream}
}

// oddLayerPlans[h] holds, for N = 2h+1, per layer of NewWholePlan(N)'s
// units, the number of frames with units in that layer and the bytes of
// the largest of their projected tables (TestLayerPlans).
var oddLayerPlans = [...][]tableSet{
	nil, nil,
	{{1, 248}, {2, 384}, {1, 240}},
	{{3, 448}, {4, 992}, {4, 1032}, {1, 432}},
	{{6, 848}, {7, 2560}, {7, 3648}, {7, 2656}, {1, 848}},
	{{10, 1696}, {11, 6448}, {11, 12192}, {11, 13184}, {11, 6728}, {1, 1744}},
	{{15, 3232}, {16, 15904}, {16, 40496}, {16, 56352}, {16, 44608}, {16, 16496}, {1, 3184}},
	{{21, 6704}, {22, 39904}, {22, 132768}, {22, 215440}, {22, 250048}, {22, 150512}, {22, 41992}, {1, 6832}},
	{{28, 13712}, {29, 106688}, {29, 464256}, {29, 933216}, {29, 1263840}, {29, 1136416}, {29, 549936}, {29, 115104}, {1, 13808}},
	{{36, 29488}, {37, 321792}, {37, 1850496}, {37, 4488784}, {37, 6364560}, {37, 7196096}, {37, 5799520}, {37, 2308608}, {37, 361752}, {1, 30256}},
	{{45, 62560}, {46, 1058528}, {46, 8372160}, {46, 24960816}, {46, 36917456}, {46, 43060128}, {46, 46646944}, {46, 33884480}, {46, 10815616}, {46, 1206224}, {1, 60784}},
	{{55, 148360}, {56, 4184736}, {56, 43662512}, {56, 158788192}, {56, 252054960}, {56, 285362944}, {56, 315611472}, {56, 352592224}, {56, 222439456}, {56, 57771984}, {56, 4834552}, {1, 141232}},
	{{66, 430280}, {67, 19511968}, {67, 254922480}, {67, 1110147552}, {67, 2043006656}, {67, 2305774336}, {67, 2127818784}, {67, 2782321888}, {67, 2959535408}, {67, 1581976064}, {67, 342144544}, {67, 23034880}, {1, 423856}},
}

// oddLayerQuarters[h] holds, for N = 2h+1, the placements of
// NewWholePlan(N)'s largest layer quarter (layerPlaces) and a worker's
// scratch when it streams (TestLayerPlans).
var oddLayerQuarters = [...]struct{ places, stream uint64 }{
	{}, {},
	{5, 256}, {18, 496}, {84, 1072}, {369, 2416}, {2346, 6736},
	{12320, 18832}, {91624, 65584}, {648548, 276016}, {4889672, 1311184},
	{41878016, 6944464}, {396912950, 38004976},
}

// layerPlans[h] holds, for N = 2h, the bytes of NewWholePlan(N)'s
// largest projected table (Plan.FrameBytes, one layer's) and of a
// worker's scratch when it streams (stream mode, see ForUnits), so that
// PlanMemory needs no walk of the placements (TestLayerPlans checks them
// against the plans).
var layerPlans = [...]struct{ table, stream uint64 }{
	{}, {},
	{480, 256}, {1200, 496}, {4768, 1072}, {16288, 2416}, {74784, 6736},
	{315520, 18832}, {1683744, 65584}, {9140512, 276016}, {57408032, 1311184},
	{417822624, 6944464}, {3431457408, 38004976},
}

// memLimit returns limit, or DefaultMaxMemory for 0.
func memLimit(limit uint64) uint64 {
	if limit == 0 {
		return DefaultMaxMemory
	}
	return limit
}

// PlanMemory plans the memory of p.Count(ctx, opts) without counting:
// the workers, whether the projected tables are used, and the planned
// peak (Result.PeakMemory; Result.Units is the number of units to
// count). Its error is a *MemoryError when even one worker without
// projected tables does not fit opts.MaxMemory; Need then states the
// least limit that passes.
//
// The planned peak of a whole plan is the quadrant table, per worker
// its scratch (WorkerBytes) and, with projected tables, one table per
// worker (FrameBytes), at most one per frame. A tight
// limit drops the projected tables first, then workers. A ForUnits
// plan keeps the bucket counts instead of the table, and builds the
// projected tables of its units' row sets only (FrameBytes is the
// largest of its frames'), or without them the quadrant table of those
// row sets.
func (p *Plan) PlanMemory(opts Options) (Result, error) {
	res := Result{N: p.n}
	if p.q == nil && p.sub == nil {
		return res, ErrNoTable
	}
	if opts.Workers < 0 {
		return res, fmt.Errorf("quadrant: Workers = %d, want >= 0", opts.Workers)
	}
	order, err := p.selectUnits(opts.Units)
	if err != nil {
		return res, err
	}
	res.Units = len(order)
	res.Workers, res.Projected, res.PeakMemory = p.planMemory(order, opts)
	if limit := p.MemoryLimit(opts.MaxMemory); res.PeakMemory > limit {
		return res, &MemoryError{N: p.n, Need: res.PeakMemory, Limit: limit}
	}
	return res, nil
}

// memPlan holds what a count's planned peak is made of. It is the one
// memory planner: Plan.PlanMemory and Plan.Count (of any plan) and
// PlanMemory, MinMemory, CheckMemory and EstimateMemory (of a whole
// count, without its table) all fit one.
type memPlan struct {
	base   uint64     // the quadrant table, or a subset's bucket counts
	worker uint64     // per worker (WorkerBytes)
	tables []tableSet // the projected tables, one set after another
	stream uint64     // per worker without projected tables (a subset streams)
	shared bool       // the workers share one table at a time (a ForUnits plan)
	layerQ uint64     // with the tables: the layer quarters' arrays (see layerq.go)
}

// A tableSet is projected tables that a count may hold at once: of the
// frames of a count, or of one layer of a ForUnits plan's units.
type tableSet struct {
	n     int    // tables
	bytes uint64 // each, at most
}

// peak is the planned peak of Count with this many workers, with or
// without the projected tables: of each set, one per worker, at most
// one per table of the set, or one if the workers share it (Count
// keeps no idle table, see keepIdle).
func (m memPlan) peak(workers int, proj bool) uint64 {
	b := m.base + uint64(workers)*m.worker
	if !proj {
		return b + uint64(workers)*m.stream
	}
	var t uint64
	at := workers
	if m.shared {
		at = 1
	}
	for _, s := range m.tables {
		t = max(t, uint64(min(s.n, at))*s.bytes)
	}
	return b + m.layerQ + t
}

// fit returns the workers (at most workers), projected mode and planned
// peak within limit: it drops the projected tables first, then workers;
// the peak may exceed the limit with one worker and no projected tables.
func (m memPlan) fit(workers int, limit uint64) (int, bool, uint64) {
	proj := len(m.tables) > 0 && m.peak(workers, true) <= limit
	for !proj && workers > 1 && m.peak(workers, false) > limit {
		workers--
	}
	return workers, proj, m.peak(workers, proj)
}

// countWorkers returns the goroutines a count of units units runs on:
// opts.Workers (0: GOMAXPROCS), at most one per unit, at least one (no
// idle goroutines, no memory for them).
func countWorkers(opts Options, units int) int {
	workers := opts.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return max(1, min(workers, units))
}

// planMemory returns the workers, projected mode and planned peak of a
// count of the units order (see PlanMemory); the peak may exceed the
// limit, with one worker and no projected tables.
func (p *Plan) planMemory(order []int, opts Options) (int, bool, uint64) {
	workers := countWorkers(opts, len(order))
	m := memPlan{base: p.QuarterBytes(), worker: p.WorkerBytes()}
	if p.sub == nil {
		m.tables = []tableSet{{len(p.frames), p.FrameBytes()}}
	} else {
		// Layer by layer (Count): the tables of the units' frames, one
		// at a time.
		m.shared = true
		in := map[tableKey]bool{}
		byLayer := map[int]*tableSet{}
		for _, id := range order {
			u := p.units[id]
			k := tableKey{u.Frame, u.Layer()}
			if in[k] {
				continue
			}
			in[k] = true
			s := byLayer[k.layer]
			if s == nil {
				s = new(tableSet)
				byLayer[k.layer] = s
			}
			s.n++
			s.bytes = max(s.bytes, p.sub.frameB[k])
		}
		for _, s := range byLayer {
			m.tables = append(m.tables, *s)
		}
		m.layerQ = p.layerQuarterBytesOf(order)
		m.stream = p.sub.stream
		if !p.sub.whole && opts.MaxMemory == 0 || p.n > MaxN {
			// A shard streams unless given a bound (see
			// DefaultShardMemory), and always past MaxN, whose
			// tables' 32-bit offsets could overflow.
			m.tables = nil
		}
	}
	return m.fit(workers, p.MemoryLimit(opts.MaxMemory))
}

// EstimateMemory returns what NewWholePlan(n).PlanMemory(opts) would, for
// every unit (opts.Units is ignored), without building the quadrant
// table: the planned peak of a whole count (PlanMemory) and its units
// (NewUnitPlan, which walks the quadrant's placements once: about 1 s
// for N = 22, 8 s for N = 24; stopped by ctx, see NewUnitPlan).
func EstimateMemory(ctx context.Context, n int, opts Options) (Result, error) {
	res := Result{N: n}
	if opts.Workers < 0 {
		return res, fmt.Errorf("quadrant: Workers = %d, want >= 0", opts.Workers)
	}
	up, err := NewUnitPlan(ctx, n)
	if err != nil {
		return res, err
	}
	res.Units = len(up.units)
	mp, err := PlanMemory(n, countWorkers(opts, res.Units), opts.MaxMemory)
	res.Workers, res.Projected, res.PeakMemory = mp.Workers, mp.Projected, mp.Peak
	return res, err
}

// Count counts the units of the plan that opts.Units selects (all of them
// when it is nil; for a ForUnits plan, all of its units), as the
// function Count does, and returns their sum. A ForUnits plan (and so
// NewWholePlan's) counts layer by layer and drops a layer's tables
// before the next; within a layer, or in a NewPlan, frame by frame, so
// that workers share a frame's projected table, the costliest units of
// a frame first; a ForUnits plan's workers hold one table at a time. Calls must not overlap:
// Count sets the plan's projected mode (SetProjected). It plans its
// memory first (PlanMemory) and allocates nothing when that fails.
func (p *Plan) Count(ctx context.Context, opts Options) (Result, error) {
	n := p.n
	res := Result{N: n}
	if p.q == nil && p.sub == nil {
		return res, ErrNoTable
	}
	if opts.Workers < 0 {
		return res, fmt.Errorf("quadrant: Workers = %d, want >= 0", opts.Workers)
	}
	order, err := p.selectUnits(opts.Units)
	if err != nil {
		return res, err
	}
	workers, proj, peak := p.planMemory(order, opts)
	res.PeakMemory = peak
	if limit := p.MemoryLimit(opts.MaxMemory); peak > limit {
		return res, &MemoryError{N: n, Need: peak, Limit: limit}
	}
	p.SetProjected(proj)
	res.Workers = workers
	res.Projected = proj
	if p.sub != nil && !proj {
		p.sub.dropCounts() // streaming reads none
	}
	p.sortUnits(order)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c := &countRun{p: p, opts: opts, units: p.Units(), cancel: cancel, unitsTotal: len(order)}
	for _, id := range order {
		c.costTotal += c.units[id].Cost
	}
	ws := make([]*worker, workers)
	for i := range ws {
		ws[i] = new(worker)
	}
	// A ForUnits plan's workers share one table at a time (see
	// layerRun.claim): odd N's whole count held two layer tables, N = 21
	// 2 × 44.5 MiB.
	c.shared = p.sub != nil
	if c.shared {
		p.layerCaps(order)
		p.proj.par = workers // set before the workers start, reset by dropTables
		defer p.dropTables() // and the free ones: nothing is kept after Count
	}
	for len(order) > 0 && c.firstErr == nil {
		k := 1
		for k < len(order) && p.layerOf(order[k]) == p.layerOf(order[0]) {
			k++
		}
		if p.sub != nil {
			// Free the last layer's tables before this layer's are
			// built, keeping the arrays that fit (setLayer): without a
			// collection here the heap could hold both (its goal is
			// twice the live heap of the last one).
			p.setLayer(p.layerOf(order[0]))
			runtime.GC()
		}
		c.runLayer(ctx, ws, order[:k])
		order = order[k:]
		if p.sub != nil {
			p.recycleTables()
		}
	}
	if c.firstErr != nil {
		return res, fmt.Errorf("quadrant: count N = %d: %w", n, c.firstErr)
	}
	res.Total = c.total
	res.Units = c.done
	return res, nil
}

// layerOf returns the layer of unit id for a ForUnits plan, 0 for
// another (one layer).
func (p *Plan) layerOf(id int) int {
	if p.sub == nil {
		return 0
	}
	return p.Units()[id].Layer()
}

// sortUnits sorts the unit IDs of order as Count runs them: frame by
// frame, so that workers share a frame's projected table; within a frame
// the costliest units first. A ForUnits plan counts layer by layer, and
// drops a layer's tables before the next.
func (p *Plan) sortUnits(order []int) {
	units := p.Units()
	slices.SortStableFunc(order, func(a, b int) int {
		if la, lb := p.layerOf(a), p.layerOf(b); la != lb {
			return la - lb
		}
		if fa, fb := units[a].Frame, units[b].Frame; fa != fb {
			return fa - fb
		}
		ca, cb := units[a].Cost, units[b].Cost
		switch {
		case ca > cb:
			return -1
		case ca < cb:
			return 1
		}
		return 0
	})
}

// countRun is one call of Plan.Count: the plan, its options and units,
// and the tallies that its workers add to under mu.
type countRun struct {
	p      *Plan
	opts   Options
	units  []Unit
	shared bool               // a ForUnits plan: the workers hold one table between them
	cancel context.CancelFunc // stops the other workers after an error

	mu         sync.Mutex
	total      tally.Uint128
	done       int
	costDone   uint64
	costTotal  uint64
	unitsTotal int
	firstErr   error
}

// runLayer counts the units of order, all of one layer, sorted
// (sortUnits), on a goroutine for each of ws, and returns when they are
// done or one of them has failed.
func (c *countRun) runLayer(ctx context.Context, ws []*worker, order []int) {
	l := &layerRun{c: c, order: order}
	l.moved = sync.NewCond(&l.claimMu)
	var wg sync.WaitGroup
	for _, w := range ws {
		wg.Go(func() { l.work(ctx, w) })
	}
	wg.Wait()
}

// layerRun is one layer of a count (all units but of a ForUnits plan):
// its units in order, the next to claim, and the workers' tables' uses,
// taken with a unit under claimMu.
type layerRun struct {
	c       *countRun
	order   []int
	claimMu sync.Mutex // next, and the tables' uses taken with a unit
	moved   *sync.Cond // a worker released a table
	next    int
}

// tableHold is the table a worker holds: the cache key of its last
// unit's.
type tableHold struct {
	key     int
	holding bool
}

// work is one worker's goroutine: it claims the layer's units in order
// and counts them on w until none is left or the count has failed.
func (l *layerRun) work(ctx context.Context, w *worker) {
	if l.c.opts.UnitCPU != nil {
		runtime.LockOSThread() // the thread's clock is the unit's
		defer runtime.UnlockOSThread()
	}
	var h tableHold
	defer l.drop(&h)
	for {
		u, e, build, ok := l.claim(&h)
		if !ok {
			return
		}
		if e != nil {
			l.c.p.fill(h.key, e, build)
		}
		if !l.c.count(ctx, w, u) {
			return
		}
	}
}

// claim returns the layer's next unit, moving h to its table: false when
// every unit is claimed. When h must take a table that was not built, e
// is its entry in the plan's cache, which the caller fills (build: by
// building it) before the count.
//
// The worker holds its unit's table until it moves to another: released
// between two units of the same frame, with no other worker on it
// (always so with one worker), the table would go (keep 0) and be built
// again for the next (measured: N = 18 on one worker took 12 s of CPU
// instead of 3). The use is taken with the unit, under claimMu: the units
// run in order of frame within a layer, so once a worker moves on, every
// unit of its old table has been claimed and its claimer holds it. The
// old is released before the next is taken, so a worker holds one table.
//
// The workers of a ForUnits plan hold one between them (shared), as its
// memory plan counts: a worker whose next unit is of another table
// waits, before it claims the unit, until the others are done with
// theirs, so that the units are still claimed in order and the next
// table is built once the last is released, on its arrays, on as many
// goroutines as workers, the others being idle (newProjTableSub's par).
// The wait is the last units of a table, the cheapest: a few percent of
// CPU at N = 17, within the noise from N = 19.
func (l *layerRun) claim(h *tableHold) (u Unit, e *projEntry, build, ok bool) {
	p, units := l.c.p, l.c.units
	l.claimMu.Lock()
	defer l.claimMu.Unlock()
	var key int
	var keyed bool
	for l.next < len(l.order) {
		key, keyed = p.tableOf(units[l.order[l.next]])
		if !keyed || h.holding && key == h.key {
			break
		}
		if h.holding {
			p.release(h.key, 0)
			h.holding = false
			l.moved.Broadcast()
		}
		if !l.c.shared || p.tablesInUse(key) == 0 {
			break
		}
		l.moved.Wait()
	}
	k := l.next
	l.next++
	if k >= len(l.order) {
		return Unit{}, nil, false, false
	}
	u = units[l.order[k]]
	if keyed && !h.holding {
		e, build = p.reserve(key)
		h.key, h.holding = key, true
	}
	return u, e, build, true
}

// drop releases the table h holds, if any, when its worker is done.
func (l *layerRun) drop(h *tableHold) {
	if !h.holding {
		return
	}
	l.claimMu.Lock()
	l.c.p.release(h.key, 0)
	l.moved.Broadcast()
	l.claimMu.Unlock()
}

// count counts unit u on w, on the thread's clock when opts.UnitCPU
// asks, and adds it to the tallies, then reports progress. On an error
// (of the count or of opts.UnitDone) it keeps the first, cancels the
// count and returns false.
func (c *countRun) count(ctx context.Context, w *worker, u Unit) bool {
	t0, timed := int64(0), false
	if c.opts.UnitCPU != nil {
		t0, timed = threadCPU()
	}
	n, err := w.countUnit(ctx, c.p, u, 0)
	var t1 int64
	if timed {
		t1, timed = threadCPU()
	}
	c.mu.Lock()
	if err == nil && c.opts.UnitDone != nil {
		err = c.opts.UnitDone(u, n)
	}
	if err == nil && timed {
		c.opts.UnitCPU(u, t1-t0)
	}
	if err != nil {
		if c.firstErr == nil {
			c.firstErr = err
		}
		c.mu.Unlock()
		c.cancel()
		return false
	}
	c.total, _ = c.total.Add64(n) // no overflow: fewer than 2^64 counts below 2^64 each
	c.done++
	c.costDone += u.Cost
	if c.opts.Progress != nil {
		c.opts.Progress(Progress{UnitsDone: c.done, UnitsTotal: c.unitsTotal,
			CostDone: c.costDone, CostTotal: c.costTotal, Total: c.total})
	}
	c.mu.Unlock()
	return true
}

// selectUnits returns the IDs of the units to count: ids, checked, or
// every unit when ids is nil.
func (p *Plan) selectUnits(ids []int) ([]int, error) {
	if ids == nil && p.sub != nil {
		return slices.Clone(p.sub.ids), nil
	}
	if ids == nil {
		order := make([]int, len(p.units))
		for i := range order {
			order[i] = i
		}
		return order, nil
	}
	seen := make([]bool, len(p.units))
	for _, id := range ids {
		if id < 0 || id >= len(p.units) {
			return nil, fmt.Errorf("%w: %d of %d", ErrUnit, id, len(p.units))
		}
		if seen[id] {
			return nil, fmt.Errorf("%w: unit %d listed twice", ErrUnit, id)
		}
		seen[id] = true
		if err := p.checkAllowed(id); err != nil {
			return nil, err
		}
	}
	return slices.Clone(ids), nil
}

// UnitsVersion names the decomposition into units: the frames, the unit
// list of NewPlan, each unit's cost and the meaning of a unit's count.
// It changes whenever they do, so that a checkpoint (which records units
// by ID) of another decomposition is refused; Digest covers it. v2: the
// units of v1. v3: the units of v2, costs that count the diagonal
// clashes between a half's quadrants (splitCost).
const UnitsVersion = "quadrant-v3"

// Version names the decomposition and the assignment of its units to
// shards (Plan.Shards): shard records carry it, so that a record of
// another assignment is refused. It changes whenever UnitsVersion or the
// assignment does. v2: the units of v1, assigned to shards by layer
// instead of by cost alone. v3: UnitsVersion v3. v4: the units and
// costs of v3, every shard an equal share of every layer instead of one
// or two whole layers. A checkpoint of a whole count does not depend on
// the assignment, so a count of v3 resumes under v4.
const Version = "quadrant-v4"

// Digest returns a short hex digest of the plan: UnitsVersion, N, the
// frames (fixed queens and class sizes) and every unit with its cost,
// which the assignment of units to shards depends on.
func (p *Plan) Digest() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s n=%d frames=%d units=%d\n", UnitsVersion, p.n, len(p.frames), len(p.units))
	for i, f := range p.frames {
		fmt.Fprintf(h, "frame %d %v %d %d\n", i, f.fixed, f.weight, f.sym)
	}
	for _, u := range p.units {
		fmt.Fprintf(h, "%d %d %d %d %d\n", u.ID, u.Frame, u.Top, u.Cost, u.Splits)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// EstimateQuarterBytes returns the memory of the quadrant table for an
// N×N board, 4 <= N <= MaxN, without building it.
func EstimateQuarterBytes(n int) uint64 {
	h := n / 2
	return quarterPlacements[h]*8 + (uint64(1)<<(2*h)+1)*4
}

// A MemoryError reports a count that does not fit Options.MaxMemory even
// with one worker. It matches ErrMemory under errors.Is.
type MemoryError struct {
	N           int
	Need, Limit uint64 // bytes
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("quadrant: N = %d needs %s, limit %s", e.N, bytesize.Need(e.Need), bytesize.Limit(e.Limit))
}

// Is reports whether target is ErrMemory.
func (e *MemoryError) Is(target error) bool { return target == ErrMemory }
