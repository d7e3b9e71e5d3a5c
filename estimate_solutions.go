package nqueens

import (
	"context"
	"fmt"

	"time"

	"github.com/nqueens/nqueens/internal/estimate"
)

// A SolutionEstimate is Q(N) with its 95% interval; Depth: rows drawn.
type SolutionEstimate struct {
	N, Depth, Samples             int
	Solutions, Low, High, Seconds float64
	Seed                          uint64
}

// EstimateSolutions estimates Q(n), unbiased, by random samples (qn.go).
func EstimateSolutions(ctx context.Context, n int, opts SearchEstimateOptions) (SolutionEstimate, error) {
	if n < 0 || n > MaxN {
		return SolutionEstimate{}, fmt.Errorf("%w: n = %d is outside 0..%d", ErrSize, n, MaxN)
	}
	if opts.Budget < 0 {
		return SolutionEstimate{}, fmt.Errorf("estimate budget %v: must not be negative", opts.Budget)
	}
	if opts.Budget == 0 {
		opts.Budget = 10 * time.Second
	}
	if opts.Seed == 0 {
		opts.Seed = defaultSeed
	}
	r, err := estimate.Solutions(ctx, n, estimate.SolutionOptions{Budget: opts.Budget, Seed: opts.Seed})
	if err != nil {
		return SolutionEstimate{}, err
	}
	return SolutionEstimate{N: n, Depth: r.Depth, Samples: r.Samples, Solutions: r.Mean, Low: r.Low, High: r.High,
		Seconds: r.Seconds, Seed: opts.Seed}, nil
}
