package quadrant

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime"
	"slices"
	"sync"

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

// Progress is the state of a Count after a unit.
type Progress struct {
	UnitsDone, UnitsTotal int
	// CostDone and CostTotal sum Unit.Cost, the estimated work.
	CostDone, CostTotal uint64
	// Total is the sum of the units done so far.
	Total tally.Uint128
}

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
	if err := checkWorkers(opts.Workers); err != nil {
		return res, err
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

// Count counts the units of the plan that opts.Units selects (all of them
// when it is nil; for a ForUnits plan, all of its units), as the
// function Count does, and returns their sum. A ForUnits plan (and so
// NewWholePlan's) counts layer by layer and drops a layer's tables
// before the next; within a layer, or in a NewPlan, frame by frame, so
// that workers share a frame's projected table, the costliest units of
// a frame first; a ForUnits plan's workers hold one table at a time.
// Calls must not overlap: Count sets the plan's projected mode
// (SetProjected). It checks opts and plans its memory first, as
// PlanMemory does (planCount), and allocates nothing when that fails.
func (p *Plan) Count(ctx context.Context, opts Options) (Result, error) {
	n := p.n
	planned, order, err := p.planCount(opts)
	res := Result{N: n, PeakMemory: planned.PeakMemory}
	if err != nil {
		return res, err
	}
	workers, proj := planned.Workers, planned.Projected
	p.SetProjected(proj)
	res.Workers, res.Projected = workers, proj
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
