package nqueens

import (
	"context"
	"errors"
	"math"
	"os"
	"strings"
	"testing"
	"time"
)

// TestEstimateSolutionsArgs: n outside 0..MaxN is ErrSize, a negative
// budget an error, and n ≤ 10 the exact count.
func TestEstimateSolutionsArgs(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{-1, MaxN + 1, 1000} {
		if _, err := EstimateSolutions(ctx, n, SolutionEstimateOptions{Budget: time.Millisecond}); !errors.Is(err, ErrSize) {
			t.Errorf("EstimateSolutions(%d) error = %v; want ErrSize", n, err)
		}
	}
	if _, err := EstimateSolutions(ctx, 12, SolutionEstimateOptions{Budget: -time.Second}); err == nil {
		t.Error("EstimateSolutions(12, budget −1 s) = no error; want one")
	}
	for n, q := range []float64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724} {
		e, err := EstimateSolutions(ctx, n, SolutionEstimateOptions{})
		if err != nil || e.Solutions != q || e.Low != q || e.High != q || e.StdErr != 0 || e.Depth != 0 {
			t.Errorf("EstimateSolutions(%d) = %+v, %v; want exactly %g", n, e, err, q)
		}
	}
}

// TestEstimateSolutionsInterval: a sampled estimate's interval is
// Solutions ∓ 1.96·StdErr, with the seed it was given.
func TestEstimateSolutionsInterval(t *testing.T) {
	e, err := EstimateSolutions(context.Background(), 14, SolutionEstimateOptions{Budget: time.Nanosecond, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if e.N != 14 || e.Seed != 9 || e.Samples < 1000 || e.Depth < 1 || e.StdErr <= 0 || e.Low <= 0 ||
		math.Abs(e.High-e.Solutions-1.959963984540054*e.StdErr) > 1e-9*e.Solutions ||
		math.Abs(e.Solutions-e.Low-1.959963984540054*e.StdErr) > 1e-9*e.Solutions {
		t.Errorf("EstimateSolutions(14, 1 ns, seed 9) = %+v; want n 14, seed 9, 1000 samples or more, Low and High = Solutions ∓ 1.96·StdErr", e)
	}
}

// TestEstimateSolutionsDefaultBudget: the budget of a zero Budget is the
// documented 10 s (docs/GUIDE.md's estimate section and the command's
// -time default say so).
func TestEstimateSolutionsDefaultBudget(t *testing.T) {
	if defaultSolutionsBudget != 10*time.Second {
		t.Errorf("defaultSolutionsBudget = %v; want the documented 10s", defaultSolutionsBudget)
	}
	guide, err := os.ReadFile("docs/GUIDE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, _ := strings.Cut(string(guide), "\n## estimate\n")
	if !strings.Contains(sec, "for `-time` (10 s by default)") {
		t.Error("docs/GUIDE.md's estimate section does not say \"for `-time` (10 s by default)\"")
	}
}
