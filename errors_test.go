package nqueens

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestErrOption: every option out of its range is refused with an error
// that wraps ErrOption and names the option first (the command prints
// it after a "-" as the flag: "-workers = -1: …").
func TestErrOption(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name, option string
		call         func() error
	}{
		{"Count kernel workers", "workers", func() error {
			_, err := Count(ctx, 8, CountOptions{Method: MethodKernel, Workers: -1})
			return err
		}},
		{"Count auto workers", "workers", func() error {
			_, err := Count(ctx, 8, CountOptions{Workers: -1})
			return err
		}},
		{"Count arrays workers", "workers", func() error {
			_, err := Count(ctx, 8, CountOptions{Method: MethodArrays, Workers: -1})
			return err
		}},
		{"Count join workers", "workers", func() error {
			_, err := Count(ctx, 8, CountOptions{Method: MethodJoin, Workers: -1})
			return err
		}},
		{"Count join past MaxJoinN whole", "method join", func() error {
			_, err := Count(ctx, MaxJoinN+1, CountOptions{Method: MethodJoin})
			return err
		}},
		{"Count join past MaxJoinShardN", "method join", func() error {
			_, err := Count(ctx, MaxJoinShardN+1, CountOptions{Method: MethodJoin, Shard: Shard{Index: 0, Count: 4}})
			return err
		}},
		{"Plan workers", "workers", func() error {
			_, err := Plan(ctx, 12, CountOptions{Workers: -1})
			return err
		}},
		{"CountPlan.Estimate budget", "budget", func() error {
			p, err := Plan(ctx, 12, CountOptions{})
			if err != nil {
				return err
			}
			_, err = p.Estimate(ctx, -time.Second)
			return err
		}},
		{"Solutions limit", "limit", func() error {
			_, err := Solutions(ctx, 8, SolveOptions{Limit: -1})
			return err
		}},
		{"EstimateSolve budget", "budget", func() error {
			_, err := EstimateSolve(ctx, 8, SolveOptions{}, SearchEstimateOptions{Budget: -1})
			return err
		}},
		{"EstimateComplete budget", "budget", func() error {
			_, err := EstimateComplete(ctx, &Puzzle{N: 8}, SearchEstimateOptions{Budget: -1})
			return err
		}},
		{"EstimateSolutions budget", "budget", func() error {
			_, err := EstimateSolutions(ctx, 8, SolutionEstimateOptions{Budget: -1})
			return err
		}},
		{"VerifyShards workers", "workers", func() error {
			_, err := VerifyShards(ctx, nil, 1, 1, -1)
			return err
		}},
	}
	for _, tc := range cases {
		err := tc.call()
		if !errors.Is(err, ErrOption) || !strings.HasPrefix(fmtErr(err), tc.option+" ") {
			t.Errorf("%s: error = %v; want ErrOption, the text beginning %q", tc.name, err, tc.option+" ")
		}
	}
	// The join's limits are sizes as well.
	if _, err := Count(ctx, MaxJoinN+1, CountOptions{Method: MethodJoin}); !errors.Is(err, ErrSize) {
		t.Errorf("Count(%d, join) error = %v; want ErrSize too", MaxJoinN+1, err)
	}
	// Options in range are not refused as options.
	if _, err := Count(ctx, 8, CountOptions{Workers: 1}); err != nil {
		t.Errorf("Count(8, 1 worker) error = %v; want nil", err)
	}
}

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
