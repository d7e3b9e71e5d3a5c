package nqueens

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"time"

	"github.com/nqueens/nqueens/internal/estimate"
)

// defaultSearchEstimateBudget is the time EstimateSolve and
// EstimateComplete take at most with the zero SearchEstimateOptions.
const defaultSearchEstimateBudget = 100 * time.Millisecond

// SearchEstimateOptions bounds EstimateSolve and EstimateComplete. The
// zero value means defaultSearchEstimateBudget and a fixed seed.
type SearchEstimateOptions struct {
	// Budget bounds the estimate's time (the fixed or least number of
	// probes may run past it: see the functions); 0 means
	// defaultSearchEstimateBudget. It
	// must not be negative.
	Budget time.Duration
	// Seed seeds the random descents; 0 means a fixed seed, so that the
	// same question gets the same estimate of nodes and solutions.
	Seed uint64
}

// A SearchEstimate is what EstimateSolve or EstimateComplete expects of
// a whole search: every solution of Solutions, or Complete's count.
type SearchEstimate struct {
	// Nodes is the estimated number of nodes, Stats.Nodes of the whole
	// Search or Completion.Nodes of the count; Solutions the number of
	// solutions (before Unique's filter) or completions.
	Nodes, Solutions float64
	// Spread is the relative standard error of Nodes over the probes
	// (0.05: ±5%); 0 when Nodes is exact; NaN with fewer than 2 probes.
	Spread float64
	// Probes is the number of random descents (Knuth's estimator) the
	// figures come from.
	Probes int
	// Exact reports that the whole search ran in the trial: Nodes,
	// Solutions and Seconds are measured, not estimated.
	Exact bool
	// Timed reports that a trial of the real search measured its speed,
	// NodeSeconds, and that Seconds is set. EstimateSolve does not time
	// a search estimated below UntimedNodes: it takes well under the
	// hour a caller refuses above at any speed the methods run.
	Timed bool
	// NodeSeconds is the wall time a node took in the trial (EstimateSolve:
	// without the handling of the solutions, counted apart), and Seconds
	// the estimated wall time of the whole search on this machine, as
	// loaded as it is now.
	NodeSeconds, Seconds float64
	// Calibration is the time the estimate took.
	Calibration time.Duration
}

// took returns e with Calibration set to the time since start.
func took(e estimate.Search, start time.Time) SearchEstimate {
	e.Calibration = time.Since(start)
	return SearchEstimate(e)
}

// UntimedNodes: below this estimate of nodes EstimateSolve does not time
// the search (SearchEstimate.Timed).
const UntimedNodes = estimate.UntimedNodes

// defaultSeed seeds the probes when SearchEstimateOptions.Seed is 0.
const defaultSeed = 0x6c6f6e67 // "long"

func (o SearchEstimateOptions) check() (SearchEstimateOptions, error) {
	if o.Budget < 0 {
		return o, fmt.Errorf("estimate budget %v: must not be negative", o.Budget)
	}
	if o.Budget == 0 {
		o.Budget = defaultSearchEstimateBudget
	}
	if o.Seed == 0 {
		o.Seed = defaultSeed
	}
	return o, nil
}

// EstimateSolve estimates the whole search of NewSearch(n, opts): every
// solution, whatever opts.Limit (the time to the K-th solution cannot be
// told ahead: the first solution in lexicographic order takes at most
// 3 million nodes up to N = 29, then 56 million at N = 30, 87 million at
// 32, and 236 million to over 330 million at 34 to 40, without a trend;
// AllWithin is the way to try).
//
// It makes 1000 random descents of the search tree (classic.Probe,
// Knuth's estimator; the Permutation method's nodes are counted
// exactly): Nodes and Solutions depend on n, the method and the seed
// alone, not on the machine or its load. Unless that estimate is below
// UntimedNodes, it then runs the real search for up to half the budget,
// handling each solution as a caller listing permutation lines would
// (Clone, the Unique test, a line of text), and times that handling
// apart on one of them: Seconds is Nodes times the trial's time per node
// plus Solutions times the time per solution. A search that finishes in the trial is measured whole
// (Exact). The estimate leaves out writing the lines out.
//
// It returns the errors of NewSearch, one for a negative budget, and
// ctx.Err() when ctx is done.
func EstimateSolve(ctx context.Context, n int, opts SolveOptions, eo SearchEstimateOptions) (SearchEstimate, error) {
	start := time.Now()
	s, err := NewSearch(n, opts)
	if err != nil {
		return SearchEstimate{}, err
	}
	if eo, err = eo.check(); err != nil {
		return SearchEstimate{}, err
	}
	var keep func([]int) bool
	if s.opts.Unique {
		keep = func(p []int) bool { return IsCanonical(p) }
	}
	trial := func(ctx context.Context, handle func([]int)) (uint64, uint64, error) {
		ts := &Search{n: n, opts: s.opts}
		ts.opts.Limit = 0
		for p := range ts.all(ctx) {
			handle(p)
		}
		st := ts.Stats()
		return st.Nodes, st.Solutions, ts.err
	}
	e, err := estimate.Solve(ctx, start, n, string(s.opts.Method), keep, trial, eo.internal())
	if err != nil {
		return SearchEstimate{}, err
	}
	return took(e, start), nil
}

// EstimateComplete estimates Complete(ctx, b, CompleteOptions{Count:
// true}). It first runs that count for up to a quarter of the budget: a
// board it finishes is measured whole (Exact). Otherwise the trial gives
// the search's time per node on this board, and random descents of the
// count's tree (Knuth's estimator; completion.Prober) its nodes and
// completions, for the rest of the budget, at least 50 and at most 5000
// of them; Nodes is at least the trial's nodes, and Seconds is Nodes
// times the time per node. On a board whose completions are rare the
// descents' mean often falls short of the true size (a few descents
// carry most of it): the spread says how much to trust it.
//
// It returns an error wrapping ErrBadBoard for an invalid board, one for
// a negative budget, and ctx.Err() when ctx is done.
func EstimateComplete(ctx context.Context, b *Board, eo SearchEstimateOptions) (SearchEstimate, error) {
	start := time.Now()
	ib, err := b.internal(true)
	if err != nil {
		return SearchEstimate{}, err
	}
	if eo, err = eo.check(); err != nil {
		return SearchEstimate{}, err
	}
	e, err := estimate.Complete(ctx, start, ib, eo.internal())
	if err != nil {
		return SearchEstimate{}, err
	}
	return took(e, start), nil
}

// internal returns the options as internal/estimate takes them.
func (o SearchEstimateOptions) internal() estimate.SearchOptions {
	return estimate.SearchOptions{Budget: o.Budget, Seed: o.Seed, TrialOver: ErrTrialOver}
}

// ErrTrialOver is wrapped by Search.Err when a pass over AllWithin ran
// out of its time before the search ended.
var ErrTrialOver = errors.New("trial time is up")

// AllWithin is AllContext for at most d of wall time: if the search has
// neither ended, nor reached opts.Limit, nor been stopped by the loop
// within d, the sequence ends and Err returns an error wrapping
// ErrTrialOver (Stats then hold what the search did). It is the honest
// test of a search whose cost cannot be told ahead, such as the first
// solutions of a large board: try it for a while, keeping what it
// finds. ctx must not be nil; when ctx is done Err returns ctx.Err().
func (s *Search) AllWithin(ctx context.Context, d time.Duration) iter.Seq[Placement] {
	return func(yield func(Placement) bool) {
		tctx, cancel := context.WithTimeoutCause(ctx, d, ErrTrialOver)
		defer cancel()
		k, stopped := 0, false
		s.all(tctx)(func(p Placement) bool {
			k++
			if !yield(p) || s.opts.Limit > 0 && k >= s.opts.Limit {
				stopped = true
				return false
			}
			return true
		})
		if s.err == nil || ctx.Err() != nil || !errors.Is(context.Cause(tctx), ErrTrialOver) {
			return
		}
		if stopped {
			s.err = nil // the time ran out after the loop had what it wanted
			return
		}
		s.err = fmt.Errorf("%w: the search ran %v", ErrTrialOver, d)
	}
}
