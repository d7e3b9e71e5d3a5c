package run

import (
	"context"
	"fmt"

	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/shard"
	"github.com/nqueens/nqueens/internal/tally"
)

// A Method is a method whose count is split into work units (the
// kernel, kernel.go; the join, join.go) before it is planned for an n:
// what it is, which n it lists, and how to plan a count (Plan) or list
// the units of n (Units). Everything else (Count, checkpoints, shards,
// merge and recompute) is written once for every method; a third one is
// one file and a line in methods.
type Method interface {
	// Info is what checkpoints, shard records and merge know the
	// method by.
	Info() info
	// Listed reports whether the units of n can be listed for shards,
	// with an error that says for which n they can.
	Listed(n int) error
	// Plan plans a count of n with o (o.Workers ≥ 1): the units it
	// counts (those of o.Shard), its goroutines and memory, without
	// counting. It returns ctx's error when ctx is done.
	Plan(ctx context.Context, n int, o Options) (*Plan, error)
	// Units returns the engine of n's units, to check, assign, merge
	// and recount them (the join's without its table); its error for
	// an n out of range wraps ErrSize.
	Units(n int) (Engine, error)
	// Merged checks the merged totals of a whole count in res by
	// Burnside's lemma (deriving res.Unique where the method counts
	// totals only); recs are the records they came from, for the
	// error, which wraps ErrShard when the records are at fault. It
	// needs no plan (the join's would cost a walk of the quadrant),
	// only res.N.
	Merged(ctx context.Context, res *Result, recs []shard.Named) error
}

// An Engine is a method's units planned for an n (Method.Units, or the
// engine a Plan counts with): every method answers all of it.
type Engine interface {
	// Info is its method's (Method.Info).
	Info() info
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

// info describes a method.
type info struct {
	Method  string // its nqueens.Method
	Version string // of its decomposition and shards
	// UnitsVersion is what checkpoints carry: Version, or an older one
	// whose units the decomposition still has.
	UnitsVersion string
	Record       string // the method field of its shard records
	TotalsOnly   bool   // its units have no unique count and no nodes
}

// methods lists the methods with units.
var methods = []Method{kernelEngine{}, joinEngine{}}

// ByMethod returns the method of a name, or nil for a method without
// units.
func ByMethod(m string) Method {
	for _, e := range methods {
		if e.Info().Method == m {
			return e
		}
	}
	return nil
}

// ByVersion returns the method whose decomposition is version (of its
// shard records or its checkpoints), or nil.
func ByVersion(version string) Method {
	for _, e := range methods {
		if i := e.Info(); i.Version == version || i.UnitsVersion == version {
			return e
		}
	}
	return nil
}

// ByRecord returns the method of a shard record's method field, or nil.
func ByRecord(method string) Method {
	for _, e := range methods {
		if e.Info().Record == method {
			return e
		}
	}
	return nil
}

// shardIDs returns the IDs of the units of e that shard s counts: every
// unit, ascending, for the zero Shard. M above R × the plan's units is
// refused (ErrShard) before anything is sized by M.
func shardIDs(e Engine, s Shard) ([]int, error) {
	if s == (Shard{}) {
		return allIDs(len(e.Costs())), nil
	}
	if err := checkShardCount(len(e.Costs()), s); err != nil {
		return nil, err
	}
	return e.Shards(s.Count, s.R())[s.Index], nil
}

// allIDs returns 0..units-1.
func allIDs(units int) []int {
	ids := make([]int, units)
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// checkShardCount refuses a shard count M above R × units (ErrShard):
// every accepted M has no shard empty by construction, and nothing is
// sized by an M a plan cannot fill.
func checkShardCount(units int, s Shard) error {
	if err := shard.CheckCount(units, s.Count, s.R()); err != nil {
		return WithKind(ErrShard, fmt.Errorf("%d/%d: %w", s.Index, s.Count, err))
	}
	return nil
}

// shardPlan is what shard.Check needs of the plan e.
func shardPlan(e Engine) shard.Plan {
	i := e.Info()
	return shard.Plan{Version: i.Version, Digest: e.Digest(), Costs: e.Costs(), Assign: e.Shards, Unit: e.CheckUnit}
}
