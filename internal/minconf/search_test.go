package minconf

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/nqueens/nqueens/internal/validate"
)

func TestSolveSmall(t *testing.T) {
	for n := 4; n <= 2000; n++ {
		seeds := uint64(3)
		if n > 300 {
			seeds = 1
		}
		for seed := range seeds {
			p, st, err := Solve(context.Background(), n, seed)
			if err != nil {
				t.Fatalf("Solve(%d, seed %d) = %v (stats %+v)", n, seed, err, st)
			}
			if err := validate.Columns(p); err != nil {
				t.Fatalf("Solve(%d, seed %d) returned an invalid placement: %v", n, seed, err)
			}
		}
	}
	p, _, err := Solve(context.Background(), 1, 7)
	if err != nil || !slices.Equal(p, []int32{0}) {
		t.Errorf("Solve(1) = %v, %v; want [0]", p, err)
	}
	for _, n := range []int{2, 3} {
		if _, _, err := Solve(context.Background(), n, 1); !errors.Is(err, ErrNoSolution) {
			t.Errorf("Solve(%d) error = %v; want ErrNoSolution", n, err)
		}
	}
	for _, n := range []int{0, -5} {
		if _, _, err := Solve(context.Background(), n, 1); err == nil {
			t.Errorf("Solve(%d) error = nil; want an error", n)
		}
	}
}

func TestSolveSeeds(t *testing.T) {
	const n = 100_000
	a, _, err := Solve(context.Background(), n, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := Solve(context.Background(), n, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a, b) {
		t.Errorf("Solve(%d, seed 1) is not reproducible", n)
	}
	c, _, err := Solve(context.Background(), n, 2)
	if err != nil {
		t.Fatal(err)
	}
	same := 0
	for i := range a {
		if a[i] == c[i] {
			same++
		}
	}
	// Two independent random solutions agree in about one row in n.
	if same > 100 {
		t.Errorf("seeds 1 and 2 agree in %d of %d rows; want few", same, n)
	}
}

// TestSolveBlocks solves boards around the sizes where the greedy phase
// changes its block height (n = 16·2^s), with one block, several, a short
// last block of one row and bands of every fill, and checks that a seed
// still reproduces its solution there.
func TestSolveBlocks(t *testing.T) {
	sizes := []int{2047, 2048, 2049, 1<<14 - 1, 1 << 14, 1<<14 + 1, 1<<15 + 1, 3<<15 + 7, 1<<16 + 4095}
	if !testing.Short() {
		sizes = append(sizes, 1<<20+1, 1<<21+1<<16+5)
	}
	for _, n := range sizes {
		for seed := range uint64(2) {
			p, st, err := Solve(context.Background(), n, seed)
			if err != nil {
				t.Fatalf("Solve(%d, seed %d) = %v (stats %+v)", n, seed, err, st)
			}
			if err := validate.Columns(p); err != nil {
				t.Fatalf("Solve(%d, seed %d) returned an invalid placement: %v", n, seed, err)
			}
			q, _, err := Solve(context.Background(), n, seed)
			if err != nil || !slices.Equal(p, q) {
				t.Fatalf("Solve(%d, seed %d) is not reproducible (%v)", n, seed, err)
			}
		}
	}
}

func TestSolveLarge(t *testing.T) {
	n := 2_000_003
	if testing.Short() {
		n = 200_003
	}
	p, st, err := Solve(context.Background(), n, 42)
	if err != nil {
		t.Fatal(err)
	}
	if err := validate.Columns(p); err != nil {
		t.Fatal(err)
	}
	t.Logf("n = %d: %+v, %.2f tries per row", n, st, float64(st.Tries)/float64(n))
}

func TestSolveCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Solve(ctx, 1_000_000, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve with a cancelled context = %v; want context.Canceled", err)
	}
}

// TestSolveSpread checks that the blocked greedy phase leaves no trace a
// simple statistic sees: a random permutation has mean |p[r+1]-p[r]| of
// n/3, a quarter of its queens in each quadrant, and mean |p[r]-r| of n/3.
func TestSolveSpread(t *testing.T) {
	const n = 1_000_003
	p, _, err := Solve(context.Background(), n, 11)
	if err != nil {
		t.Fatal(err)
	}
	var step, diag float64
	quad := 0
	for r := range n {
		if r+1 < n {
			step += math.Abs(float64(p[r+1] - p[r]))
		}
		diag += math.Abs(float64(int(p[r]) - r))
		if r < n/2 && int(p[r]) < n/2 {
			quad++
		}
	}
	step /= n - 1
	diag /= n
	t.Logf("n = %d: mean step %.0f, mean |p[r]-r| %.0f (n/3 = %d), top left quadrant %d (n/4 = %d)", n, step, diag, n/3, quad, n/4)
	// The standard deviations are about n/(4√n) for the means and √n/4
	// for the count; allow five.
	if d := math.Abs(step - n/3.0); d > 5*n/(4*math.Sqrt(n)) {
		t.Errorf("mean |p[r+1]-p[r]| = %.0f, want about %d", step, n/3)
	}
	if d := math.Abs(diag - n/3.0); d > 5*n/(4*math.Sqrt(n)) {
		t.Errorf("mean |p[r]-r| = %.0f, want about %d", diag, n/3)
	}
	if d := math.Abs(float64(quad) - n/4.0); d > 5*math.Sqrt(n)/4 {
		t.Errorf("%d queens in the top left quadrant, want about %d", quad, n/4)
	}
}
