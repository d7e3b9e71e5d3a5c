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
	// units it counts, a layer at a time (recountJoin).
	recount bool
}

func newJoin(p *quadrant.Plan, o Options, recount bool) joinEngine {
	return joinEngine{p: p, c: joinCosts(p), maxMemory: o.MaxMemory, shard: o.Shard, room: o.room, recount: recount}
}

func (joinEngine) Info() info {
	return info{Method: methodJoin, Version: quadrant.Version, UnitsVersion: quadrant.UnitsVersion, Record: shard.MethodQuadrant, TotalsOnly: true}
}

// Units returns the units and costs without the quadrant table: a
// merge of N = 24 shards needs a few MiB, not the table's 4.9 GiB.
func (joinEngine) Units(n int) (Engine, error) {
	if err := joinUnitsN(n); err != nil {
		return nil, err
	}
	// No context: Units serves merges and record checks, which take
	// none. Past N = 25 this walk takes seconds (N = 26, 27) to
	// minutes (N = 28) that a signal does not cut short.
	p, err := newUnitPlan(context.Background(), n)
	if err != nil {
		return nil, err
	}
	return newJoin(p, Options{}, true), nil
}

func (joinEngine) Listed(n int) error { return joinUnitsN(n) }

// joinUnitsN reports whether the quadrant join has units for n (its
// shards reach quadrant.MaxShardN, its whole counts quadrant.MaxN).
func joinUnitsN(n int) error {
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

// Plan plans a join count of n with o within the room (WithinRoom,
// read once here): the unit plan (quadrant.NewUnitPlan) and the units
// of o.Shard, and the memory plan, of a whole count from the sizes
// alone (quadrant.PlanMemory), of a shard from the plan of its own
// units (Plan.ForUnits), with the workers that fit the room
// (shardWorkers). A plan that does not fit is no error here (Fits is
// false): its Count refuses it, its Estimate estimates it within the
// default bound. n < 4 has no units and plans nothing; a whole count
// with o.CountOnly plans its memory only (its Estimate lists the units
// when asked).
func (joinEngine) Plan(ctx context.Context, n int, o Options) (*Plan, error) {
	if err := joinN(n, o.Shard); err != nil {
		return nil, err
	}
	raw := o
	o = WithinRoom(o)
	j := &joinCount{n: n}
	p := &Plan{N: n, Method: methodJoin, o: o, raw: raw, c: j}
	limit := limitOr(o.MaxMemory, DefaultMaxMemory)
	if n < 4 {
		if o.Checkpoint != "" || o.Shard != (Shard{}) {
			return nil, fmt.Errorf("%w: method join has no work units for n = %d: its checkpoints and shards need n ≥ 4", ErrSize, n)
		}
		p.CountPlan = CountPlan{Workers: 1, Limit: limit, Fits: true}
		return p, nil
	}
	if o.Shard == (Shard{}) && o.CountOnly {
		// Counted at once: the memory plan is all it needs before
		// its whole plan (no unit plan; Units stays 0).
		mp, err := planMemory(n, o.Workers, o.MaxMemory)
		if err != nil && !errors.Is(err, quadrant.ErrMemory) {
			return nil, err
		}
		j.mp, j.mpErr = mp, err
		p.CountPlan = CountPlan{Workers: mp.Workers, Projected: mp.Projected,
			Memory: mp.Peak, Whole: mp.Peak, Limit: limit, Fits: err == nil && mp.Peak <= limit}
		return p, nil
	}
	up, err := newUnitPlan(ctx, n)
	if err != nil {
		return nil, err
	}
	if j.sel, err = joinIDs(up, o.Shard); err != nil {
		return nil, err
	}
	j.up = up
	units := len(up.Units())
	if o.Shard == (Shard{}) {
		mp, err := planMemory(n, max(1, min(o.Workers, units)), o.MaxMemory)
		if err != nil && !errors.Is(err, quadrant.ErrMemory) {
			return nil, err
		}
		j.mp, j.mpErr = mp, err
		p.CountPlan = CountPlan{Units: units, UnitsTotal: units, Workers: mp.Workers, Projected: mp.Projected,
			Memory: mp.Peak, Whole: mp.Peak, Limit: limit, Fits: err == nil && mp.Peak <= limit}
		return p, nil
	}
	if o.room.Known {
		limit = RoomBudget(o.room.Bytes)
	} else {
		limit = limitOr(o.MaxMemory, DefaultShardMemory)
	}
	p.CountPlan = CountPlan{Shard: o.Shard, IDs: j.sel, Units: len(j.sel), UnitsTotal: units, Limit: limit}
	if n <= quadrant.MaxN {
		// The whole count's plan, for Whole and the soft memory
		// limit (a shard's own plan needs its units first).
		w, err := planMemory(n, max(1, min(o.Workers, units)), o.MaxMemory)
		if err != nil && !errors.Is(err, quadrant.ErrMemory) {
			return nil, err
		}
		j.whole, p.Whole = w, w.Peak
	}
	if len(j.sel) == 0 {
		// No shard is empty (quadrant.Plan.Shards); were one, it
		// would count nothing and need nothing.
		p.Workers, p.Fits = 1, true
		return p, nil
	}
	if j.sp, err = up.ForUnits(ctx, j.sel); err != nil {
		return nil, err
	}
	var me *quadrant.MemoryError
	w, err := shardWorkers(j.sp, j.sel, o)
	if errors.As(err, &me) {
		j.mpErr = err
		p.Memory = me.Need
		return p, nil
	} else if err != nil {
		return nil, err
	}
	r, err := j.sp.PlanMemory(quadrant.Options{Workers: w, MaxMemory: o.MaxMemory})
	if err != nil && !errors.Is(err, quadrant.ErrMemory) {
		return nil, err
	}
	j.spWorkers, j.mpErr = w, err
	j.mp = quadrant.MemoryPlan{Peak: r.PeakMemory, Workers: r.Workers, Projected: r.Projected}
	p.Workers, p.Projected, p.Memory, p.Fits = r.Workers, r.Projected, r.PeakMemory, err == nil && r.PeakMemory <= limit
	return p, nil
}

// joinCount is a join count planned (joinEngine.Plan): the unit plan
// and the units it counts (nil for n < 4, and for a whole count planned
// with Options.CountOnly until an Estimate), and its memory plan (mpErr: a
// *quadrant.MemoryError where it does not fit); for a shard, the plan
// of its units (sp), the workers that fit the room, and the whole
// count's memory plan (n ≤ quadrant.MaxN). n < 4: none.
type joinCount struct {
	n         int
	up        *quadrant.Plan
	sel       []int
	mp        quadrant.MemoryPlan
	mpErr     error
	whole     quadrant.MemoryPlan
	sp        *quadrant.Plan
	spWorkers int
}

// count counts the plan: a whole count builds quadrant.NewWholePlan
// (odd N: the quadrant table; even N: its bucket counts, and projected
// tables layer by layer) after the memory plan passed; a shard counts
// its own units' plan (Plan.ForUnits), whose tables hold only the
// buckets they read. With o.SoftMemoryLimit the runtime's soft memory
// limit follows the memory plan while it counts.
func (j *joinCount) count(ctx context.Context, o Options, res Result) (Result, error) {
	if j.n < 4 {
		q, err := quadrant.Count(ctx, j.n, quadrant.Options{Workers: o.Workers})
		if err != nil {
			return Result{}, err
		}
		res.Solutions = tally.Uint128{Hi: q.Total.Hi, Lo: q.Total.Lo}
		res.Units = q.Units
		if err := joinBurnside(ctx, &res, ""); err != nil {
			return Result{}, err
		}
		return res, nil
	}
	if j.mpErr != nil {
		return Result{}, roomError(j.n, o, j.mpErr)
	}
	if o.SoftMemoryLimit && j.n <= quadrant.MaxN {
		defer j.softLimit(o)()
	}
	if o.Shard != (Shard{}) {
		return Count(ctx, j.shardEngine(o), j.sel, o, res)
	}
	plan, err := newWholePlan(ctx, j.n)
	if err != nil {
		return Result{}, err
	}
	e := newJoin(plan, o, false)
	return Count(ctx, e, allIDs(len(e.c)), o, res)
}

// shardEngine is the engine that counts a shard's units (its own
// units' plan), on at most the goroutines that fit the room.
func (j *joinCount) shardEngine(o Options) joinEngine {
	e := newJoin(j.sp, o, false)
	if j.spWorkers < o.Workers {
		e.workers = j.spWorkers
	}
	return e
}

// softLimit lowers the runtime's soft memory limit to follow the whole
// count's memory plan, before any table is built (odd N's quadrant
// table makes the heap's first peak); a shard gets the whole count's
// bound too (its own plan would need its units first), which is no
// lower than its own plan at N = 22 and 24. It returns the function
// that restores the limit.
func (j *joinCount) softLimit(o Options) (restore func()) {
	mp := j.mp
	if o.Shard != (Shard{}) {
		mp = j.whole
	}
	return quadrant.SetSoftLimit(quadrant.SoftLimitFor(mp.Peak))
}

// estimate samples the plan's pieces with its memory plan. Where the
// room (WithinRoom) holds no plan, it estimates the plan of the default
// bound: the count refuses it here, but a plan (nqueens plan) is for
// other machines as well.
func (j *joinCount) estimate(ctx context.Context, o Options, eo estimate.Options, rnd *rand.Rand, e *estimate.Estimate) error {
	if j.n < 4 {
		e.Units = 0
		return nil
	}
	if j.up == nil { // planned with CountOnly
		up, err := newUnitPlan(ctx, j.n)
		if err != nil {
			return err
		}
		j.up, j.sel = up, allIDs(len(up.Units()))
	}
	if len(j.sel) == 0 {
		e.Units, e.Memory, e.Workers = 0, 0, 1
		return nil
	}
	mp, err := j.mp, j.mpErr
	if err != nil && o.room.Known && errors.Is(err, quadrant.ErrMemory) {
		mp, err = j.defaultMemory(o)
	}
	if err != nil {
		return joinMemoryError(j.n, o.Shard, err)
	}
	r, err := estimate.Join(ctx, estimate.JoinWork{N: j.n, Units: j.up, Sel: j.sel, Sharded: o.Shard != (Shard{}), Memory: mp}, eo, rnd)
	if err != nil {
		return err
	}
	*e = r
	return nil
}

func (j *joinCount) shards(ctx context.Context, o Options) (CountPlan, []CountPlan, error) {
	return joinEngine{}.planned(ctx, j.n, o)
}

// defaultMemory is the memory plan of the count with o.Workers within
// the default bound, not the room's.
func (j *joinCount) defaultMemory(o Options) (quadrant.MemoryPlan, error) {
	if o.Shard == (Shard{}) {
		return planMemory(j.n, o.Workers, 0)
	}
	r, err := j.sp.PlanMemory(quadrant.Options{Workers: o.Workers})
	return quadrant.MemoryPlan{Peak: r.PeakMemory, Workers: r.Workers, Projected: r.Projected}, err
}

func (e joinEngine) Digest() string          { return e.p.Digest() }
func (e joinEngine) Costs() []float64        { return e.c }
func (e joinEngine) Shards(m, r int) [][]int { return e.p.Shards(m, r) }

func (e joinEngine) CheckUnit(id int, total, _ uint64) error {
	return e.p.CheckTotal(id, total)
}

// CheckRecord: totals only (unique and nodes 0), and
// quadrant.Plan.CheckTotal.
func (e joinEngine) CheckRecord(r checkpoint.Record) error {
	if r.Unique != 0 || r.Nodes != 0 {
		return fmt.Errorf("unit %d: unique %d, nodes %d: a join checkpoint records totals only (0, 0)", r.Unit, r.Unique, r.Nodes)
	}
	return e.p.CheckTotal(r.Unit, r.Total)
}

func (e joinEngine) Count(ctx context.Context, ids []int, workers int, done func(tally.UnitResult) error) error {
	if e.recount {
		return recountJoin(ctx, e.p, ids, workers, done)
	}
	if e.workers != 0 {
		workers = min(workers, e.workers)
	}
	_, err := e.p.Count(ctx, quadrant.Options{Workers: workers, MaxMemory: e.maxMemory, Units: ids,
		UnitDone: func(u quadrant.Unit, c uint64) error { return done(tally.UnitResult{ID: u.ID, Total: c}) }})
	return roomError(e.p.N(), Options{Shard: e.shard, room: e.room}, err)
}

// Burnside derives res.Unique from the total of a whole quadrant count
// (joinBurnside).
func (e joinEngine) Burnside(ctx context.Context, res *Result, _ []tally.UnitResult, _ func(int) bool, cp string) error {
	return joinBurnside(ctx, res, cp)
}

// joinBurnside derives res.Unique from the total of a whole quadrant
// count (deriveUnique) and words a failure for where the total came
// from: the checkpoint, if there is one. MethodJoin records hold totals
// only, so the unit at fault cannot be found.
func joinBurnside(ctx context.Context, res *Result, checkpoint string) error {
	err := deriveUnique(ctx, res)
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
	err := deriveUnique(ctx, res)
	var be *burnsideError
	if errors.As(err, &be) {
		// MethodJoin records hold totals only: nothing tells which
		// unit, so which record, is wrong.
		return WithKind(ErrShard, fmt.Errorf("%v: the records are inconsistent, and a join record holds totals only, so the wrong one cannot be singled out: it is in one of %s; count them again (%s), or find the unit with merge -recompute %d (every unit)",
			err, sources(recs), recountCommand(&recs[0].Record, true), res.Units))
	}
	if err != nil {
		return WithKind(ErrShard, err)
	}
	return nil
}

// joinIDs returns the ids of the units that shard s counts in a
// quadrant plan: all for the zero Shard, else the shard's part of
// Plan.Shards, which keeps units of the same layers of the quadrant
// table together so that a shard's plan (Plan.ForUnits) builds few.
func joinIDs(p *quadrant.Plan, s Shard) ([]int, error) {
	return shardIDs(newJoin(p, Options{}, false), s)
}

// joinCosts are the estimated costs of the units of a quadrant plan,
// which shards are balanced by.
func joinCosts(p *quadrant.Plan) []float64 {
	units := p.Units()
	c := make([]float64, len(units))
	for i, u := range units {
		c[i] = float64(u.Cost)
	}
	return c
}

// recountJoin counts the units todo of plan (a NewUnitPlan) with
// their own tables (Plan.ForUnits), one layer of the quadrant table at a
// time (Unit.Layer), so that it needs the
// memory of those units, not of a whole count.
func recountJoin(ctx context.Context, plan *quadrant.Plan, todo []int, workers int, done func(tally.UnitResult) error) error {
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
			return joinMemoryError(plan.N(), Shard{}, err)
		}
	}
	return nil
}

// joinMemoryError rewords a quadrant.MemoryError, of shard s (the
// zero Shard: a whole count); other errors pass.
func joinMemoryError(n int, s Shard, err error) error {
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
