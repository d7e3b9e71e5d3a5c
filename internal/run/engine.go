package run

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/shard"
	"github.com/nqueens/nqueens/internal/tally"
)

// An Engine is a method whose count is split into work units (the
// kernel, kernel.go; the join, join.go), before and after it is planned
// for an n. Its zero value, as listed in Engines, answers Info and the
// methods that take n (Plan, Units, Listed, Estimate, Merged); the
// engine Plan or Units returns answers the rest for its n. Everything
// else (Count, checkpoints, shards, merge and recompute) is written once
// for every engine; a third engine is one file and a line in Engines.
type Engine interface {
	// Info is what checkpoints, shard records and merge know the
	// method by.
	Info() Info
	// Plan returns the engine of a count of n with o and the units it
	// counts (those of o.Shard), or a nil engine when it counted res
	// itself (a count without units).
	Plan(ctx context.Context, n int, o Options, res *Result) (Engine, []int, error)
	// Units returns the plan of n's units, to check, assign, merge and
	// recount them (the join's without its table); its error for an n
	// out of range wraps ErrSize.
	Units(n int) (Engine, error)
	// Listed reports whether the units of n can be listed for shards,
	// with an error that says for which n they can.
	Listed(n int) error
	// Planned plans a count of n with o without counting and, when
	// o.Shard.Count ≥ 1, each shard i/M of it (o.Shard.Index is
	// ignored); its error for n whose units are not listed wraps ErrSize,
	// and it returns ctx's error when ctx is done.
	Planned(ctx context.Context, n int, o Options) (whole CountPlan, shards []CountPlan, err error)
	// Estimate fills e for a count of n with o (see nqueens.Estimate).
	Estimate(ctx context.Context, n int, o Options, eo estimate.Options, rnd *rand.Rand, e *estimate.Estimate) error
	// Merged checks the merged totals of a whole count in res by
	// Burnside's lemma (deriving res.Unique where the engine counts
	// totals only); recs are the records they came from, for the
	// error, which wraps ErrShard when the records are at fault.
	Merged(ctx context.Context, res *Result, recs []shard.Named) error

	// Digest fingerprints the plan for n (its units), which
	// checkpoints and shard records carry.
	Digest() string
	// Costs returns the expected relative cost of each unit of the
	// whole plan, by ID; its length is the number of units.
	Costs() []float64
	// Shards returns the IDs of the units of each of m shards with r
	// copies of each unit (1 ≤ r ≤ m), as the engine assigns them.
	Shards(m, r int) [][]int
	// CheckUnit reports whether total and unique can be the result of
	// unit id (a shard record's rule); its error states the rule broken.
	CheckUnit(id int, total, unique uint64) error
	// CheckRecord is CheckUnit for a checkpoint's record.
	CheckRecord(r checkpoint.Record) error
	// Count counts the units ids (each at most once) on workers
	// goroutines, calling done after each unit, one call at a time; an
	// error of done stops the count, which then returns an error
	// (done's, or the context's). It returns ctx.Err() when ctx is done.
	Count(ctx context.Context, ids []int, workers int, done func(tally.UnitResult) error) error
	// Burnside checks the totals of a whole count in res by Burnside's
	// lemma (deriving res.Unique where the engine counts totals only)
	// and words a failure for where the totals came from: all is every
	// unit's result by ID, read tells which were read from checkpoint
	// (the file's name, or "").
	Burnside(ctx context.Context, res *Result, all []tally.UnitResult, read func(id int) bool, checkpoint string) error
}

// Info describes an engine's method.
type Info struct {
	Method  string // its nqueens.Method
	Version string // of its decomposition and shards
	// UnitsVersion is what checkpoints carry: Version, or an older one
	// whose units the decomposition still has.
	UnitsVersion string
	Record       string // the method field of its shard records
	TotalsOnly   bool   // its units have no unique count and no nodes
}

// Engines lists the methods with units.
var Engines = []Engine{kernelEngine{}, joinEngine{}}

// ByMethod returns the engine of a method name, or nil for a method
// without units.
func ByMethod(m string) Engine {
	for _, e := range Engines {
		if e.Info().Method == m {
			return e
		}
	}
	return nil
}

// ByVersion returns the engine whose decomposition is version (of its
// shard records or its checkpoints), or nil.
func ByVersion(version string) Engine {
	for _, e := range Engines {
		if i := e.Info(); i.Version == version || i.UnitsVersion == version {
			return e
		}
	}
	return nil
}

// ByRecord returns the engine of a shard record's method field, or nil.
func ByRecord(method string) Engine {
	for _, e := range Engines {
		if e.Info().Record == method {
			return e
		}
	}
	return nil
}

// ShardIDs returns the IDs of the units of e that shard s counts: every
// unit, ascending, for the zero Shard. M above R × the plan's units is
// refused (ErrShard) before anything is sized by M.
func ShardIDs(e Engine, s Shard) ([]int, error) {
	if s == (Shard{}) {
		return AllIDs(len(e.Costs())), nil
	}
	if err := CheckShardCount(len(e.Costs()), s); err != nil {
		return nil, err
	}
	return e.Shards(s.Count, s.R())[s.Index], nil
}

// SelectIDs is ShardIDs for a plan whose units have these costs,
// assigned as the kernel assigns them.
func SelectIDs(costs []float64, s Shard) ([]int, error) {
	if s == (Shard{}) {
		return AllIDs(len(costs)), nil
	}
	if err := CheckShardCount(len(costs), s); err != nil {
		return nil, err
	}
	return shard.AssignReplicas(costs, s.Count, s.R())[s.Index], nil
}

// AllIDs returns 0..units-1.
func AllIDs(units int) []int {
	ids := make([]int, units)
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// CheckShardCount refuses a shard count M above R × units (ErrShard):
// every accepted M has no shard empty by construction, and nothing is
// sized by an M a plan cannot fill.
func CheckShardCount(units int, s Shard) error {
	if err := shard.CheckCount(units, s.Count, s.R()); err != nil {
		return WithKind(ErrShard, fmt.Errorf("%d/%d: %w", s.Index, s.Count, err))
	}
	return nil
}

// ShardPlan is what shard.Check needs of the plan e.
func ShardPlan(e Engine) shard.Plan {
	i := e.Info()
	return shard.Plan{Version: i.Version, Digest: e.Digest(), Costs: e.Costs(), Assign: e.Shards, Unit: e.CheckUnit}
}
