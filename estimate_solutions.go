package nqueens

import (
	"context"
	"fmt"
	"time"

	"github.com/nqueens/nqueens/internal/qn"
)

// defaultSolutionsBudget is EstimateSolutions' sampling time when
// SolutionEstimateOptions.Budget is 0 (documented as 10 s: the command's
// -time default, docs/GUIDE.md).
const defaultSolutionsBudget = 10 * time.Second

// SolutionEstimateOptions bounds EstimateSolutions: the sampling time
// (0: 10 s; negative: ErrOption; at least 1000 samples whatever the
// budget) and the samples' seed (0: a fixed one).
type SolutionEstimateOptions struct {
	Budget time.Duration
	Seed   uint64
}

// A SolutionEstimate is Q(N) with its 95% interval [Low, High] =
// Solutions ∓ 1.96·StdErr (Low at least 0); Depth: the rows drawn per
// sample (0: the count is exact, Low = High = Solutions, StdErr 0).
type SolutionEstimate struct {
	N, Depth, Samples             int
	Solutions, Low, High, Seconds float64
	StdErr                        float64 // the standard error of Solutions
	Seed                          uint64
}

// EstimateSolutions estimates Q(n), unbiased, by random samples
// (internal/qn/qn.go) for opts.Budget (0: 10 s; at least 1000
// samples whatever the budget), with opts.Seed (0: a fixed seed). A seed
// and a number of samples give the same estimate on any machine; the
// estimates of one seed at different n are independent. Up to n = 10
// the count is exact. Errors: ErrSize for n outside 0..MaxN, ErrOption
// for a negative budget, or ctx's error when it is done first.
func EstimateSolutions(ctx context.Context, n int, opts SolutionEstimateOptions) (SolutionEstimate, error) {
	if n < 0 || n > MaxN {
		return SolutionEstimate{}, fmt.Errorf("%w: n = %d is outside 0..%d", ErrSize, n, MaxN)
	}
	if opts.Budget < 0 {
		return SolutionEstimate{}, optionf("budget = %v: must not be negative", opts.Budget)
	}
	if opts.Budget == 0 {
		opts.Budget = defaultSolutionsBudget
	}
	if opts.Seed == 0 {
		opts.Seed = defaultSeed
	}
	r, err := qn.Solutions(ctx, n, qn.SolutionOptions{Budget: opts.Budget, Seed: opts.Seed})
	if err != nil {
		return SolutionEstimate{}, err
	}
	return SolutionEstimate{N: n, Depth: r.Depth, Samples: r.Samples, Solutions: r.Mean, Low: r.Low, High: r.High,
		Seconds: r.Seconds, StdErr: r.StdErr, Seed: opts.Seed}, nil
}
