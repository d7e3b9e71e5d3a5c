package estimate

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/nqueens/nqueens/internal/classic"
	"github.com/nqueens/nqueens/internal/completion"
)

// A Search is nqueens.SearchEstimate (the same fields: they convert).
type Search struct {
	Nodes, Solutions     float64
	Spread               float64
	Probes               int
	Exact, Known         bool
	Timed                bool
	NodeSeconds, Seconds float64
	Calibration          time.Duration
}

// SearchOptions are nqueens.SearchEstimateOptions after their defaults,
// the cause of a trial's timeout (nqueens.ErrTrialOver), and for Solve
// the number of solutions the search finds when it is known (0: the
// descents estimate it).
type SearchOptions struct {
	Budget    time.Duration
	Seed      uint64
	TrialOver error
	Solutions float64
}

// Probe counts of the search estimates. Solve makes a fixed number (a
// descent costs at most 64 rows of bit operations), so that its figures
// depend on the seed alone; Complete at least the first figure and at
// most the second, in between while the budget lasts.
const (
	solveProbes                          = 1000
	completeProbesMin, completeProbesMax = 50, 5000
)

// UntimedNodes: below this estimate of nodes Solve does not time the
// search (nqueens.UntimedNodes).
const UntimedNodes = 1e7

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

// A Trial runs the real search of every solution under ctx, calling
// handle for each, and returns the nodes and solutions it did and the
// search's error.
type Trial func(ctx context.Context, handle func([]int)) (nodes, solutions uint64, err error)

// Solve estimates the whole search of n by method (see
// nqueens.EstimateSolve): random descents, then, unless they estimate
// fewer than UntimedNodes, the search itself for up to half the budget,
// with the handling of a solution (keep, if not nil, the Unique test; a
// line of text) timed apart. start is when the caller started.
func Solve(ctx context.Context, start time.Time, n int, method string, keep func([]int) bool, trial Trial, o SearchOptions) (Search, error) {
	rnd := rand.New(rand.NewPCG(o.Seed, uint64(n)))
	var e Search
	var err error
	e.Nodes, e.Solutions, e.Spread, e.Probes, err = probeMean(ctx, start, o.Budget, solveProbes, solveProbes,
		func() (float64, float64) { return classic.Probe(method, n, rnd) })
	if err != nil {
		return Search{}, err
	}
	if method == "permutation" {
		e.Spread = 0 // its nodes are exact
	}
	// A descent reaches a solution rarely (at N = 20, about one in a
	// hundred), so the descents' solutions err far more than their
	// nodes (Spread): 2.7·10^10 against Q(20) = 3.9·10^10 with the
	// default seed. A known count replaces them.
	switch {
	case o.Solutions > 0:
		e.Solutions, e.Known = o.Solutions, true
	case keep != nil:
		// The descents count every solution; a unique search lists
		// one of each class, and above N = 27, where no count is
		// known, all but a vanishing share of the classes have 8.
		e.Solutions /= 8
	}
	if e.Nodes < UntimedNodes {
		return e, nil
	}
	// The trial: the real search (without the caller's limit), each
	// solution handled as a lister handles it.
	var line []byte
	handle := func(p []int) {
		line = line[:0]
		for i, c := range p {
			if i > 0 {
				line = append(line, ' ')
			}
			line = strconv.AppendInt(line, int64(c)+1, 10)
		}
		line = append(line, '\n')
	}
	var last []int
	tctx, cancel := context.WithTimeoutCause(ctx, o.Budget/2, o.TrialOver)
	defer cancel()
	t0 := time.Now()
	nodes, sols, terr := trial(tctx, func(p []int) {
		last = p
		handle(p)
	})
	trialTime := time.Since(t0)
	if terr != nil && ctx.Err() != nil {
		return Search{}, ctx.Err()
	}
	e.Timed = true
	if terr == nil {
		e.Exact, e.Known, e.Nodes, e.Solutions, e.Spread = true, false, float64(nodes), float64(sols), 0
		e.Seconds = trialTime.Seconds()
		e.NodeSeconds = e.Seconds / max(e.Nodes, 1)
		return e, nil
	}
	// The handling of one solution, timed on the last one found (or,
	// with none, on the identity, which costs as much).
	if last == nil {
		last = make([]int, n)
		for i := range last {
			last[i] = i
		}
	} else {
		last = slices.Clone(last)
	}
	const reps = 256
	t0 = time.Now()
	for range reps {
		if keep == nil || keep(last) {
			handle(slices.Clone(last))
		}
	}
	perSol := time.Since(t0).Seconds() / reps
	searchSecs := max(trialTime.Seconds()-float64(sols)*perSol, trialTime.Seconds()/10)
	e.NodeSeconds = searchSecs / max(float64(nodes), 1)
	e.Nodes = max(e.Nodes, float64(nodes))
	e.Seconds = e.Nodes*e.NodeSeconds + e.Solutions*perSol
	return e, nil
}

// Complete estimates the count of b's completions (see
// nqueens.EstimateComplete): the count itself for up to a quarter of
// the budget, then random descents (completion.Prober) for the rest.
func Complete(ctx context.Context, start time.Time, b *completion.Board, o SearchOptions) (Search, error) {
	var e Search
	t0 := time.Now()
	count, st, done, err := completion.CountWithin(ctx, b, o.Budget/4)
	trial := time.Since(t0)
	if err != nil {
		return Search{}, err
	}
	e.Timed = true
	if done {
		e.Exact, e.Nodes, e.Solutions = true, float64(st.Nodes), float64(count)
		e.Seconds = trial.Seconds()
		e.NodeSeconds = e.Seconds / max(e.Nodes, 1)
		return e, nil
	}
	e.NodeSeconds = trial.Seconds() / max(float64(st.Nodes), 1)
	p, err := completion.NewProber(b)
	if err != nil {
		return Search{}, err
	}
	rnd := rand.New(rand.NewPCG(o.Seed, uint64(b.N)))
	e.Nodes, e.Solutions, e.Spread, e.Probes, err = probeMean(ctx, start, o.Budget, completeProbesMin, completeProbesMax,
		func() (float64, float64) { return p.Probe(rnd) })
	if err != nil {
		return Search{}, err
	}
	e.Nodes = max(e.Nodes, float64(st.Nodes))
	e.Seconds = e.Nodes * e.NodeSeconds
	return e, nil
}
