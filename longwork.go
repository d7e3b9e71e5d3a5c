package nqueens

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/nqueens/nqueens/internal/classic"
	"github.com/nqueens/nqueens/internal/completion"
)

// DefaultSearchEstimateBudget is the time EstimateSolve and
// EstimateComplete take at most with the zero SearchEstimateOptions.
const DefaultSearchEstimateBudget = 100 * time.Millisecond

// SearchEstimateOptions bounds EstimateSolve and EstimateComplete. The
// zero value means DefaultSearchEstimateBudget and a fixed seed.
type SearchEstimateOptions struct {
	// Budget bounds the estimate's time (the fixed or least number of
	// probes may run past it: see the functions); 0 means
	// DefaultSearchEstimateBudget. It
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
func (e SearchEstimate) took(start time.Time) SearchEstimate {
	e.Calibration = time.Since(start)
	return e
}

// UntimedNodes: below this estimate of nodes EstimateSolve does not time
// the search (SearchEstimate.Timed).
const UntimedNodes = 1e7

// Probe counts of the estimates. EstimateSolve makes a fixed number (a
// descent costs at most 64 rows of bit operations), so that its
// figures depend on the seed alone; EstimateComplete at least the first
// figure and at most the second, in between while the budget lasts.
const (
	solveProbes                          = 1000
	completeProbesMin, completeProbesMax = 50, 5000
)

// defaultSeed seeds the probes when SearchEstimateOptions.Seed is 0.
const defaultSeed = 0x6c6f6e67 // "long"

func (o SearchEstimateOptions) check() (SearchEstimateOptions, error) {
	if o.Budget < 0 {
		return o, fmt.Errorf("estimate budget %v: must not be negative", o.Budget)
	}
	if o.Budget == 0 {
		o.Budget = DefaultSearchEstimateBudget
	}
	if o.Seed == 0 {
		o.Seed = defaultSeed
	}
	return o, nil
}

// probeMean runs probe at least lo and at most hi times, stopping after
// lo once budget has passed since start, and returns the means of its
// two figures, the relative standard error of the first and the number
// of probes; ctx.Err() when ctx is done.
func probeMean(ctx context.Context, start time.Time, budget time.Duration, lo, hi int, probe func() (float64, float64)) (a, b, spread float64, k int, err error) {
	var sum, sumsq, sumb float64
	for k < hi {
		if k%16 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, 0, 0, k, err
			}
			if k >= lo && time.Since(start) > budget {
				break
			}
		}
		x, y := probe()
		sum, sumsq, sumb = sum+x, sumsq+x*x, sumb+y
		k++
	}
	a, b = sum/float64(k), sumb/float64(k)
	spread = math.NaN()
	if k > 1 && a > 0 {
		v := max(sumsq/float64(k)-a*a, 0) * float64(k) / float64(k-1)
		spread = math.Sqrt(v/float64(k)) / a
	} else if k > 1 {
		spread = 0
	}
	return a, b, spread, k, nil
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
	method := string(s.opts.Method) // classic.Probe reads "permutation" alone
	rnd := rand.New(rand.NewPCG(eo.Seed, uint64(n)))
	var e SearchEstimate
	e.Nodes, e.Solutions, e.Spread, e.Probes, err = probeMean(ctx, start, eo.Budget, solveProbes, solveProbes,
		func() (float64, float64) { return classic.Probe(method, n, rnd) })
	if err != nil {
		return SearchEstimate{}, err
	}
	if method == "permutation" {
		e.Spread = 0 // its nodes are exact
	}
	if e.Nodes < UntimedNodes {
		return e.took(start), nil
	}
	// The trial: the real search (as All runs it, without the limit),
	// each solution handled as a lister handles it.
	var line []byte
	handle := func(p Placement) {
		line = line[:0]
		for i, c := range p {
			if i > 0 {
				line = append(line, ' ')
			}
			line = strconv.AppendInt(line, int64(c)+1, 10)
		}
		line = append(line, '\n')
	}
	ts := &Search{n: n, opts: s.opts}
	ts.opts.Limit = 0
	var last Placement
	tctx, cancel := context.WithTimeoutCause(ctx, eo.Budget/2, ErrTrialOver)
	defer cancel()
	t0 := time.Now()
	for p := range ts.all(tctx) {
		last = p
		handle(p)
	}
	trial := time.Since(t0)
	if ts.err != nil && ctx.Err() != nil {
		return SearchEstimate{}, ctx.Err()
	}
	st := ts.Stats()
	e.Timed = true
	if ts.err == nil {
		e.Exact, e.Nodes, e.Solutions, e.Spread = true, float64(st.Nodes), float64(st.Solutions), 0
		e.Seconds = trial.Seconds()
		e.NodeSeconds = e.Seconds / max(e.Nodes, 1)
		return e.took(start), nil
	}
	// The handling of one solution, timed on the last one found (or,
	// with none, on the identity, which costs as much).
	if last == nil {
		last = make(Placement, n)
		for i := range last {
			last[i] = i
		}
	} else {
		last = last.Clone()
	}
	const reps = 256
	t0 = time.Now()
	for range reps {
		if !s.opts.Unique || IsCanonical(last) {
			handle(last.Clone())
		}
	}
	perSol := time.Since(t0).Seconds() / reps
	searchSecs := max(trial.Seconds()-float64(st.Solutions)*perSol, trial.Seconds()/10)
	e.NodeSeconds = searchSecs / max(float64(st.Nodes), 1)
	e.Nodes = max(e.Nodes, float64(st.Nodes))
	e.Seconds = e.Nodes*e.NodeSeconds + e.Solutions*perSol
	return e.took(start), nil
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
	var e SearchEstimate
	t0 := time.Now()
	count, st, done, err := completion.CountWithin(ctx, ib, eo.Budget/4)
	trial := time.Since(t0)
	if err != nil {
		return SearchEstimate{}, err
	}
	e.Timed = true
	if done {
		e.Exact, e.Nodes, e.Solutions = true, float64(st.Nodes), float64(count)
		e.Seconds = trial.Seconds()
		e.NodeSeconds = e.Seconds / max(e.Nodes, 1)
		return e.took(start), nil
	}
	e.NodeSeconds = trial.Seconds() / max(float64(st.Nodes), 1)
	p, err := completion.NewProber(ib)
	if err != nil {
		return SearchEstimate{}, err
	}
	rnd := rand.New(rand.NewPCG(eo.Seed, uint64(ib.N)))
	e.Nodes, e.Solutions, e.Spread, e.Probes, err = probeMean(ctx, start, eo.Budget, completeProbesMin, completeProbesMax,
		func() (float64, float64) { return p.Probe(rnd) })
	if err != nil {
		return SearchEstimate{}, err
	}
	e.Nodes = max(e.Nodes, float64(st.Nodes))
	e.Seconds = e.Nodes * e.NodeSeconds
	return e.took(start), nil
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
