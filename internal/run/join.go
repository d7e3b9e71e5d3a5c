package run

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/nqueens/nqueens/internal/bytesize"
	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/memlimit"
	"github.com/nqueens/nqueens/internal/quadrant"
	"github.com/nqueens/nqueens/internal/shard"
	"github.com/nqueens/nqueens/internal/tally"
)

// joinEngine is the quadrant join (internal/quadrant): a unit is the
// row splits of one frame with the same east rows in the top band, and
// counts a total only. Its zero value is the method before a plan.
type joinEngine struct {
	p *quadrant.Plan
	c []float64 // the units' costs
	// maxMemory, shard and room are the count's (Options, after
	// WithinRoom), for Plan.Count and its memory errors; workers, if
	// not 0, caps the goroutines (a shard within the room: shardWorkers).
	maxMemory uint64
	shard     Shard
	room      memlimit.Room
	workers   int
	// recount: p is a NewUnitPlan, and count builds the tables of the
	// units it counts, a layer at a time (recountQuadrant).
	recount bool
}

func newQuadrant(p *quadrant.Plan, o Options, recount bool) joinEngine {
	return joinEngine{p: p, c: quadrantCosts(p), maxMemory: o.MaxMemory, shard: o.Shard, room: o.room, recount: recount}
}

func (joinEngine) Info() Info {
	return Info{Method: Join, Version: quadrant.Version, UnitsVersion: quadrant.UnitsVersion, Record: shard.MethodQuadrant, TotalsOnly: true}
}

// Units returns the units and costs without the quadrant table: a
// merge of N = 24 shards needs a few MiB, not the table's 4.9 GiB.
func (joinEngine) Units(n int) (Engine, error) {
	if err := JoinUnitsN(n); err != nil {
		return nil, err
	}
	// No context: Units serves merges and record checks, which take
	// none. Past N = 25 this walk takes seconds (N = 26, 27) to
	// minutes (N = 28) that a signal does not cut short.
	p, err := quadrant.NewUnitPlan(context.Background(), n)
	if err != nil {
		return nil, err
	}
	return newQuadrant(p, Options{}, true), nil
}

func (joinEngine) Listed(n int) error { return JoinUnitsN(n) }

// JoinUnitsN reports whether the quadrant join has units for n (its
// shards reach quadrant.MaxShardN, its whole counts quadrant.MaxN).
func JoinUnitsN(n int) error {
	if n > quadrant.MaxShardN {
		return joinN(n, Shard{Count: 1})
	}
	if n < 4 {
		return Optionf(ErrSize, "method join has units for n = 4..%d, not n = %d", quadrant.MaxShardN, n)
	}
	return nil
}

// joinN reports whether the join counts n with shard s: whole counts to
// quadrant.MaxN, shards to quadrant.MaxShardN.
func joinN(n int, s Shard) error {
	switch {
	case n > quadrant.MaxShardN:
		return Optionf(ErrSize, "method join counts n up to %d (by shards; whole counts to %d), not %d", quadrant.MaxShardN, quadrant.MaxN, n)
	case n > quadrant.MaxN && s == (Shard{}):
		return Optionf(ErrSize, "method join counts n = %d by shards only (-shard I/M); a whole count goes up to n = %d", n, quadrant.MaxN)
	}
	return nil
}

// Estimate plans the join's memory and units as Count does and samples
// their pieces. Where the room (WithinRoom) holds no plan, it estimates
// the plan of the default bound: the count refuses it here, but a plan
// (nqueens plan) is for other machines as well.
func (joinEngine) Estimate(ctx context.Context, n int, o Options, eo estimate.Options, rnd *rand.Rand, e *estimate.Estimate) error {
	if err := joinN(n, o.Shard); err != nil {
		return err
	}
	if n < 4 {
		e.Units = 0
		return nil
	}
	up, err := quadrant.NewUnitPlan(ctx, n)
	if err != nil {
		return err
	}
	sel, err := quadrantIDs(up, o.Shard)
	if err != nil {
		return err
	}
	if len(sel) == 0 {
		// No shard is empty (quadrant.Plan.Shards); were one, it
		// would count nothing and need nothing: no plan, no samples
		// (to the sampler no units would mean every unit).
		e.Units, e.Memory, e.Workers = 0, 0, 1
		return nil
	}
	ro := WithinRoom(o)
	mp, err := quadrantMemory(ctx, n, up, sel, ro)
	if err != nil && ro.room.Known && errors.Is(err, quadrant.ErrMemory) {
		o.roomRead = true // the default bound
		mp, err = quadrantMemory(ctx, n, up, sel, o)
	}
	if err != nil {
		return QuadrantMemoryError(n, o.Shard, err)
	}
	return estimate.Join(ctx, n, up, sel, o.Shard != (Shard{}), mp, eo, rnd, e)
}

// quadrantMemory returns the memory plan of a quadrant count with o
// (within the room, WithinRoom): of a whole count from the sizes alone
// (quadrant.PlanMemory), of a shard from the plan for its own units sel
// of the unit plan up (Plan.ForUnits, as Plan builds it), which holds
// less than the whole, with the workers that fit the room (shardWorkers).
func quadrantMemory(ctx context.Context, n int, up *quadrant.Plan, sel []int, o Options) (quadrant.MemoryPlan, error) {
	o = WithinRoom(o)
	if o.Shard == (Shard{}) {
		return quadrant.PlanMemory(n, o.Workers, o.MaxMemory)
	}
	sp, err := up.ForUnits(ctx, sel)
	if err != nil {
		return quadrant.MemoryPlan{}, err
	}
	w, err := shardWorkers(sp, nil, o)
	if err != nil {
		return quadrant.MemoryPlan{}, err
	}
	r, err := sp.PlanMemory(quadrant.Options{Workers: w, MaxMemory: o.MaxMemory})
	return quadrant.MemoryPlan{Peak: r.PeakMemory, Workers: r.Workers, Projected: r.Projected}, err
}

// SoftLimit lowers the runtime's soft memory limit for a
// MethodJoin count of n with opts (Options.SoftMemoryLimit) to follow
// the whole count's memory plan, computed from sizes alone, before any
// table is built (odd N's quadrant table makes the heap's first peak);
// a shard gets the whole count's bound too (its own plan would need its
// units first), which is no lower than its own plan at N = 22 and 24.
// It returns the function that restores the limit.
func SoftLimit(n int, opts Options) (restore func()) {
	if !opts.SoftMemoryLimit || n < 4 || n > quadrant.MaxN {
		return func() {}
	}
	opts = WithinRoom(opts)
	mp, err := quadrant.PlanMemory(n, opts.Workers, opts.MaxMemory)
	if err != nil {
		return func() {} // the count itself reports it
	}
	return quadrant.SetSoftLimit(quadrant.SoftLimitFor(mp.Peak))
}

// Plan returns the engine of a count of n with opts and the
// units it counts, or counts n < 4, which has no units, into res.
func (joinEngine) Plan(ctx context.Context, n int, opts Options, res *Result) (Engine, []int, error) {
	if err := joinN(n, opts.Shard); err != nil {
		return nil, nil, err
	}
	if n >= 4 {
		return newQuadrantEngine(ctx, n, opts)
	}
	if opts.Checkpoint != "" || opts.Shard != (Shard{}) {
		return nil, nil, fmt.Errorf("%w: method join has no work units for n = %d: its checkpoints and shards need n ≥ 4", ErrSize, n)
	}
	q, err := quadrant.Count(ctx, n, quadrant.Options{Workers: opts.Workers})
	if err != nil {
		return nil, nil, err
	}
	res.Solutions = tally.Uint128{Hi: q.Total.Hi, Lo: q.Total.Lo}
	res.Units = q.Units
	return nil, nil, quadrantBurnside(ctx, res, "")
}

// newQuadrantEngine returns the engine of a count of n ≥ 4 with opts
// and the units it counts. A whole count builds quadrant.NewWholePlan
// (odd N: the quadrant table; even N: its bucket counts, and projected
// tables layer by layer); a shard builds a plan for its own units
// (Plan.ForUnits), whose tables hold only the buckets they read. Either
// plans its memory before any work.
func newQuadrantEngine(ctx context.Context, n int, opts Options) (Engine, []int, error) {
	opts = WithinRoom(opts)
	if opts.Shard == (Shard{}) {
		// Before the plan: its Need is the least limit that passes,
		// one worker without projected tables.
		if err := quadrant.CheckMemory(n, opts.MaxMemory); err != nil {
			return nil, nil, roomError(n, opts, err)
		}
		plan, err := quadrant.NewWholePlan(ctx, n)
		if err != nil {
			return nil, nil, err
		}
		e := newQuadrant(plan, opts, false)
		ids, err := ShardIDs(e, opts.Shard)
		return e, ids, err
	}
	plan, sel, err := QuadrantShardPlan(ctx, n, opts.Shard)
	if err != nil {
		return nil, nil, err
	}
	w, err := shardWorkers(plan, sel, opts)
	if err != nil {
		return nil, nil, roomError(n, opts, err)
	}
	e := newQuadrant(plan, opts, false)
	if w < opts.Workers {
		e.workers = w
	}
	return e, sel, nil
}

// QuadrantShardPlan returns the plan of the units of shard s of n, 4 ≤
// n ≤ quadrant.MaxShardN (Plan.ForUnits of the unit plan, without the
// quadrant table), and those units. It stops with ctx's error when ctx
// is done (quadrant.NewUnitPlan).
func QuadrantShardPlan(ctx context.Context, n int, s Shard) (*quadrant.Plan, []int, error) {
	up, err := quadrant.NewUnitPlan(ctx, n)
	if err != nil {
		return nil, nil, err
	}
	sel, err := quadrantIDs(up, s)
	if err != nil {
		return nil, nil, err
	}
	p, err := up.ForUnits(ctx, sel)
	return p, sel, err
}

func (e joinEngine) Digest() string          { return e.p.Digest() }
func (e joinEngine) Costs() []float64        { return e.c }
func (e joinEngine) Shards(m, r int) [][]int { return e.p.Shards(m, r) }

func (e joinEngine) CheckUnit(id int, total, _ uint64) error {
	return e.p.CheckTotal(id, total)
}

// checkRecord: totals only (unique and nodes 0), and
// quadrant.Plan.CheckTotal.
func (e joinEngine) CheckRecord(r checkpoint.Record) error {
	if r.Unique != 0 || r.Nodes != 0 {
		return fmt.Errorf("unit %d: unique %d, nodes %d: a join checkpoint records totals only (0, 0)", r.Unit, r.Unique, r.Nodes)
	}
	return e.p.CheckTotal(r.Unit, r.Total)
}

func (e joinEngine) Count(ctx context.Context, ids []int, workers int, done func(tally.UnitResult) error) error {
	if e.recount {
		return recountQuadrant(ctx, e.p, ids, workers, done)
	}
	if e.workers != 0 {
		workers = min(workers, e.workers)
	}
	_, err := e.p.Count(ctx, quadrant.Options{Workers: workers, MaxMemory: e.maxMemory, Units: ids,
		UnitDone: func(u quadrant.Unit, c uint64) error { return done(tally.UnitResult{ID: u.ID, Total: c}) }})
	return roomError(e.p.N(), Options{Shard: e.shard, room: e.room}, err)
}

// burnside derives res.Unique from the total of a whole quadrant count
// (quadrantBurnside).
func (e joinEngine) Burnside(ctx context.Context, res *Result, _ []tally.UnitResult, _ func(int) bool, cp string) error {
	return quadrantBurnside(ctx, res, cp)
}

// quadrantBurnside derives res.Unique from the total of a whole quadrant
// count (deriveUnique) and words a failure for where the total came
// from: the checkpoint, if there is one. MethodJoin records hold totals
// only, so the unit at fault cannot be found.
func quadrantBurnside(ctx context.Context, res *Result, checkpoint string) error {
	err := DeriveUnique(ctx, res)
	var be *burnsideError
	switch {
	case !errors.As(err, &be):
		return err
	case checkpoint == "":
		return fmt.Errorf("%v: this count read no file, so it is a bug or a hardware fault; count again", err)
	case res.Resumed > 0:
		return WithKind(ErrCheckpoint, fmt.Errorf("%s: %v: %d of the %d unit totals were read from this checkpoint, and a join record holds a total only, so the wrong one cannot be singled out; %s",
			checkpoint, err, res.Resumed, res.Units, deleteRemedy))
	}
	return fmt.Errorf("%v: every unit was counted by this run (a bug or a hardware fault), and %s holds them: delete it and count again", err, checkpoint)
}

// Merged derives the unique count of merged quadrant records,
// whose failure cannot be narrowed down to a record: the error names
// them all.
func (joinEngine) Merged(ctx context.Context, res *Result, recs []shard.Named) error {
	err := DeriveUnique(ctx, res)
	var be *burnsideError
	if errors.As(err, &be) {
		// MethodJoin records hold totals only: nothing tells which
		// unit, so which record, is wrong.
		return WithKind(ErrShard, fmt.Errorf("%v: the records are inconsistent, and a join record holds totals only, so the wrong one cannot be singled out: it is in one of %s; count them again (%s), or find the unit with merge -recompute %d (every unit)",
			err, sources(recs), RecountCommand(&recs[0].Record, true), res.Units))
	}
	if err != nil {
		return WithKind(ErrShard, err)
	}
	return nil
}

// quadrantIDs returns the ids of the units that shard s counts in a
// quadrant plan: all for the zero Shard, else the shard's part of
// Plan.Shards, which keeps units of the same layers of the quadrant
// table together so that a shard's plan (Plan.ForUnits) builds few.
func quadrantIDs(p *quadrant.Plan, s Shard) ([]int, error) {
	return ShardIDs(newQuadrant(p, Options{}, false), s)
}

// quadrantCosts are the estimated costs of the units of a quadrant plan,
// which shards are balanced by.
func quadrantCosts(p *quadrant.Plan) []float64 {
	units := p.Units()
	c := make([]float64, len(units))
	for i, u := range units {
		c[i] = float64(u.Cost)
	}
	return c
}

// recountQuadrant counts the units todo of plan (a NewUnitPlan) with
// their own tables (Plan.ForUnits), one layer of the quadrant table at a
// time (Unit.Layer), so that it needs the
// memory of those units, not of a whole count.
func recountQuadrant(ctx context.Context, plan *quadrant.Plan, todo []int, workers int, done func(tally.UnitResult) error) error {
	units := plan.Units()
	byLayer := map[int][]int{}
	var layers []int
	for _, id := range todo {
		l := units[id].Layer()
		if byLayer[l] == nil {
			layers = append(layers, l)
		}
		byLayer[l] = append(byLayer[l], id)
	}
	slices.Sort(layers)
	if len(layers) > 1 {
		// One count of the buckets for every layer's plan (ForUnits of
		// a NewUnitPlan walks the placements each time).
		bp, err := quadrant.NewBucketPlan(ctx, plan.N())
		if err != nil {
			return err
		}
		plan = bp
	}
	for _, l := range layers {
		sp, err := plan.ForUnits(ctx, byLayer[l])
		if err != nil {
			return err
		}
		_, err = sp.Count(ctx, quadrant.Options{Workers: workers,
			UnitDone: func(u quadrant.Unit, total uint64) error {
				return done(tally.UnitResult{ID: u.ID, Total: total})
			}})
		if err != nil {
			return QuadrantMemoryError(plan.N(), Shard{}, err)
		}
	}
	return nil
}

// QuadrantMemoryError rewords a quadrant.MemoryError, of shard s (the
// zero Shard: a whole count); other errors pass.
func QuadrantMemoryError(n int, s Shard, err error) error {
	var me *quadrant.MemoryError
	if errors.As(err, &me) {
		what := fmt.Sprintf("n = %d", n)
		if s != (Shard{}) {
			what = fmt.Sprintf("shard %s of n = %d", s, n)
		}
		return fmt.Errorf("%w: %s needs %s with method join, the limit is %s (a limit of %s passes)",
			ErrMemory, what, bytesize.Need(me.Need), bytesize.Limit(me.Limit), passingLimit(me.Need))
	}
	return err
}

// passingLimit writes a --max-memory figure in whole MiB of at least need
// bytes (need rounded up), so that a limit of it passes.
func passingLimit(need uint64) string {
	return fmt.Sprintf("%dM", need>>20+min(need&(1<<20-1), 1))
}
