package quadrant

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/nqueens/nqueens/internal/bytesize"
)

// DefaultMaxMemory is the memory bound of the zero Options: 16 GiB.
const DefaultMaxMemory = 16 << 30

// DefaultShardMemory is the memory bound of a ForUnits plan (a shard)
// for the zero Options.MaxMemory: 2 GiB, where a whole count has
// DefaultMaxMemory. A shard is meant for a node of a cluster, where
// 2 GiB per task is a common default; every shard of every N up to MaxN
// fits it (one streaming worker needs at most about 1.7 GiB, at
// N = 24 and 25). Without a MaxMemory a shard streams, with as many
// workers as fit: at N = 22 its peak was a fifth of a whole count's, at
// the CPU the projected tables take (see "Shards that fit a node" in
// doc.go). With one, it keeps the projected tables and its workers
// while they fit, as a whole count does within its bound.
const DefaultShardMemory = 2 << 30

// MemoryLimit returns the memory bound that Count and PlanMemory of p
// plan within for Options.MaxMemory = limit: limit itself, or for 0
// DefaultMaxMemory, DefaultShardMemory for a ForUnits plan (but not for
// NewWholePlan's).
func (p *Plan) MemoryLimit(limit uint64) uint64 {
	switch {
	case limit != 0:
		return limit
	case p.sub != nil && !p.sub.whole:
		return DefaultShardMemory
	}
	return DefaultMaxMemory
}

// memLimit returns limit, or DefaultMaxMemory for 0.
func memLimit(limit uint64) uint64 {
	if limit == 0 {
		return DefaultMaxMemory
	}
	return limit
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

// CheckMemory returns a *MemoryError when a count of an N×N board, 4 <=
// N <= MaxN, does not fit maxMemory (0 means DefaultMaxMemory) even with
// one worker: the check Count makes before NewWholePlan. Its Need is
// MinMemory(n), the figure compared, so that a limit of Need passes.
func CheckMemory(n int, maxMemory uint64) error {
	_, err := PlanMemory(n, 1, maxMemory)
	return err
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

// A MemoryPlan is how a count fits its memory limit.
type MemoryPlan struct {
	Peak      uint64 // planned peak, bytes (see Result.PeakMemory)
	Workers   int    // goroutines
	Projected bool   // per-frame projected tables (see Plan.SetProjected)
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

// EstimateMemory returns what NewWholePlan(n).PlanMemory(opts) would, for
// every unit (opts.Units is ignored), without building the quadrant
// table: the planned peak of a whole count (PlanMemory) and its units
// (NewUnitPlan, which walks the quadrant's placements once: about 1 s
// for N = 22, 8 s for N = 24; stopped by ctx, see NewUnitPlan).
func EstimateMemory(ctx context.Context, n int, opts Options) (Result, error) {
	res := Result{N: n}
	if err := checkWorkers(opts.Workers); err != nil {
		return res, err
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
	res, _, err := p.planCount(opts)
	return res, err
}

// planCount is the start that PlanMemory and Count share: it checks that
// p can count (ErrNoTable), opts.Workers (checkWorkers) and opts.Units
// (selectUnits), plans the memory of counting those units (planMemory)
// and checks it against p.MemoryLimit. It returns the units to count and
// the plan as PlanMemory states it: N, and but for the first three
// errors Units, Workers, Projected and PeakMemory (a *MemoryError's Need
// is the PeakMemory).
func (p *Plan) planCount(opts Options) (Result, []int, error) {
	res := Result{N: p.n}
	if p.q == nil && p.sub == nil {
		return res, nil, ErrNoTable
	}
	if err := checkWorkers(opts.Workers); err != nil {
		return res, nil, err
	}
	order, err := p.selectUnits(opts.Units)
	if err != nil {
		return res, nil, err
	}
	res.Units = len(order)
	res.Workers, res.Projected, res.PeakMemory = p.planMemory(order, opts)
	if limit := p.MemoryLimit(opts.MaxMemory); res.PeakMemory > limit {
		return res, nil, &MemoryError{N: p.n, Need: res.PeakMemory, Limit: limit}
	}
	return res, order, nil
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

// checkWorkers returns an error when workers (Options.Workers) is
// negative: 0 means GOMAXPROCS (countWorkers). It is the one check of
// the rule in this package: Count, Plan.Count, Plan.PlanMemory,
// PlanShards and EstimateMemory make it before they plan or count.
func checkWorkers(workers int) error {
	if workers < 0 {
		return fmt.Errorf("quadrant: Workers = %d, want >= 0", workers)
	}
	return nil
}

// countWorkers returns the goroutines a count of units units runs on:
// opts.Workers (0: GOMAXPROCS; checkWorkers refused a negative one), at
// most one per unit, at least one (no idle goroutines, no memory for
// them).
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

// halfPatterns[h] is Plan.halfBound for N = 2h and 2h+1 (the frame it
// reads is the same for both), so that PlanMemory needs no quadrant
// table. TestHalfPatterns checks it against halfBound.
var halfPatterns = [...]uint64{0, 0, 2, 4, 16, 48, 226, 1080, 7240, 41644, 300950, 2300692, 21487384}

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
