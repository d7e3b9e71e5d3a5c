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

// SearchEstimateOptions bounds EstimateSolve and EstimateComplete: the
// time (0: 100 ms; negative: ErrOption) and the random descents' seed
// (0: a fixed one).
type SearchEstimateOptions struct {
	Budget time.Duration
	Seed   uint64
}

// A SearchEstimate is what EstimateSolve or EstimateComplete expects of
// a whole search: its nodes and solutions (or completions), the relative
// standard error of Nodes over the random descents (Probes; 0 when
// Exact: the search ran whole in the trial), and, when a trial Timed it,
// a node's wall time and the whole search's Seconds on this machine.
// Known: Solutions is not estimated but the known count (EstimateSolve
// up to N = 27: A000170, or A002562 for a Unique search).
type SearchEstimate struct {
	Nodes, Solutions, Spread float64
	Probes                   int
	Exact, Known, Timed      bool
	NodeSeconds, Seconds     float64
	Calibration              time.Duration // the time the estimate took
}

// took returns e with Calibration set to the time since start.
func took(e estimate.Search, start time.Time) SearchEstimate {
	e.Calibration = time.Since(start)
	return SearchEstimate(e)
}

// defaultSeed seeds the probes when SearchEstimateOptions.Seed is 0.
const defaultSeed = 0x6c6f6e67 // "long"

func (o SearchEstimateOptions) check() (SearchEstimateOptions, error) {
	if o.Budget < 0 {
		return o, optionf("budget = %v: must not be negative", o.Budget)
	}
	if o.Budget == 0 {
		o.Budget = defaultSearchEstimateBudget
	}
	if o.Seed == 0 {
		o.Seed = defaultSeed
	}
	return o, nil
}

// EstimateSolve estimates the whole search of Solutions(ctx, n, opts), every
// solution, from 1000 random descents and, for a large one, a timed trial
// (internal/estimate). Up to N = 27 the solutions are not estimated but
// known (Known): A000170(n), or A002562(n) with opts.Unique.
func EstimateSolve(ctx context.Context, n int, opts SolveOptions, eo SearchEstimateOptions) (SearchEstimate, error) {
	start := time.Now()
	s, err := newSearch(n, opts)
	if err != nil {
		return SearchEstimate{}, err
	}
	if eo, err = eo.check(); err != nil {
		return SearchEstimate{}, err
	}
	var keep func([]int) bool
	if s.opts.Unique {
		keep = func(p []int) bool { return isCanonical(p) }
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
	io := eo.internal()
	if k, ok := knownSolutions(n, s.opts.Unique); ok {
		io.Solutions = float64(k)
	}
	e, err := estimate.Solve(ctx, start, n, string(s.opts.Method), keep, trial, io)
	if err != nil {
		return SearchEstimate{}, err
	}
	return took(e, start), nil
}

// EstimateComplete estimates Complete(ctx, b, CompleteOptions{Count:
// true}): the count itself for a quarter of the budget, then descents.
func EstimateComplete(ctx context.Context, b *Puzzle, eo SearchEstimateOptions) (SearchEstimate, error) {
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

// AllWithin is All for at most d: a search cut short by d ends with Err
// wrapping ErrTrialOver (one that reached its Limit, or whose loop
// stopped, by then ends with nil); one cut short by the context of
// Solutions, with the context's error.
func (s *Search) AllWithin(d time.Duration) iter.Seq[Placement] {
	return func(yield func(Placement) bool) {
		ctx := s.ctx
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
