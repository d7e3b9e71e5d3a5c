package nqueens

import (
	"context"
	"fmt"

	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/shard"
)

// An engine is the plan of one n of a method whose count is split into
// work units (the bitboard kernel, engine_kernel.go; the quadrant join,
// engine_quadrant.go): what Count (engine_count.go), checkpoints,
// shards, merge and recompute need of it. Everything else is written
// once for every engine. A new one adds a file with an engine and its
// engineKind, and a line in engineKinds; outside this package it needs
// its Method (method.go) and, for shards, its record method accepted by
// internal/shard (Record.Check). Estimate still has a function per
// engine (estimate.go).
type engine interface {
	// unitsVersion names the decomposition into units, which
	// checkpoints carry; version names it and the assignment of units
	// to shards, which shard records carry; digest fingerprints the plan
	// for n (its units), which both carry.
	unitsVersion() string
	version() string
	digest() string
	// costs returns the expected relative cost of each unit of the
	// whole plan, by ID; its length is the number of units.
	costs() []float64
	// shards returns the IDs of the units of each of m shards with r
	// copies of each unit (1 ≤ r ≤ m), as the engine assigns them.
	shards(m, r int) [][]int
	// checkUnit reports whether total and unique can be the result of
	// unit id (a shard record's rule); its error states the rule broken.
	checkUnit(id int, total, unique uint64) error
	// checkRecord is checkUnit for a checkpoint's record.
	checkRecord(r checkpoint.Record) error
	// count counts the units ids (each at most once) on workers
	// goroutines (0: all cores), calling done after each unit, one call
	// at a time; an error of done stops the count, which then returns
	// an error (done's, or the context's). It returns ctx.Err() when
	// ctx is done.
	count(ctx context.Context, ids []int, workers int, done func(UnitCount) error) error
	// burnside checks the totals of a whole count in res by Burnside's
	// lemma (deriving res.Unique where the engine counts totals only)
	// and words a failure for where the totals came from: all is every
	// unit's result by ID, read tells which were read from checkpoint
	// (the file's name, or "").
	burnside(ctx context.Context, res *Result, all []UnitCount, read func(id int) bool, checkpoint string) error
}

// An engineKind is a method whose count is split into units, before a
// plan is made: what checkpoints, shard records and merge know it by.
type engineKind struct {
	method  Method
	version string // of its decomposition and shards (engine.version)
	// unitsVersion is engine.unitsVersion: version, or an older one
	// whose units the decomposition still has.
	unitsVersion string
	record       string // the method field of its shard records
	// totalsOnly: its units have no unique count and no nodes.
	totalsOnly bool
	// prepare returns the engine of Count(ctx, n, opts) and the units
	// it counts (those of opts.Shard), or a nil engine when it counted
	// res itself (a count without units).
	prepare func(ctx context.Context, n int, opts CountOptions, res *Result) (engine, []int, error)
	// units returns the plan of n's units, to check, assign, merge and
	// recount them (the quadrant join's without its table); its error
	// for an n out of range wraps ErrSize.
	units func(n int) (engine, error)
	// listed reports whether ShardUnits lists the units of n, with an
	// error that says for which n it does.
	listed func(n int) error
	// merged checks the merged totals of a whole count in res by
	// Burnside's lemma (deriving res.Unique where the engine counts
	// totals only); recs are the records they came from, for the
	// error, which wraps ErrShard when the records are at fault.
	merged func(ctx context.Context, res *Result, recs []shard.Named) error
}

// engineKinds lists the methods with units.
var engineKinds = []*engineKind{&kernelKind, &quadrantKind}

// kindOf returns the engine kind of method m, or nil for a method
// without units (Method.recorded reads a record's method first).
func kindOf(m Method) *engineKind {
	for _, k := range engineKinds {
		if k.method == m {
			return k
		}
	}
	return nil
}

// kindOfVersion returns the engine kind whose decomposition is version
// (of its shard records or its checkpoints), or nil for a version this
// build does not know.
func kindOfVersion(version string) *engineKind {
	for _, k := range engineKinds {
		if k.version == version || k.unitsVersion == version {
			return k
		}
	}
	return nil
}

// kindOfRecord returns the engine kind of a shard record's method field,
// or nil (shard.Record.Check refuses other methods).
func kindOfRecord(method string) *engineKind {
	for _, k := range engineKinds {
		if k.record == method {
			return k
		}
	}
	return nil
}

// shardIDs returns the IDs of the units of e that shard s counts: every
// unit, ascending, for the zero Shard. M above R × the plan's units is
// refused (ErrShard) before anything is sized by M.
func shardIDs(e engine, s Shard) ([]int, error) {
	if s == (Shard{}) {
		return allIDs(len(e.costs())), nil
	}
	if err := checkShardCount(len(e.costs()), s); err != nil {
		return nil, err
	}
	return e.shards(s.Count, s.replicas())[s.Index], nil
}

// checkShardCount refuses a shard count M above R × units (ErrShard):
// every accepted M has no shard empty by construction, and nothing is
// sized by an M a plan cannot fill.
func checkShardCount(units int, s Shard) error {
	if err := shard.CheckCount(units, s.Count, s.replicas()); err != nil {
		return also(ErrShard, fmt.Errorf("%d/%d: %w", s.Index, s.Count, err))
	}
	return nil
}

// shardPlan is what shard.Check needs of the plan e.
func shardPlan(e engine) shard.Plan {
	return shard.Plan{Version: e.version(), Digest: e.digest(), Costs: e.costs(), Assign: e.shards, Unit: e.checkUnit}
}
