package nqueens

import (
	"context"
	"testing"

	"github.com/nqueens/nqueens/internal/oeis"
)

// TestKnownCounts checks the table of known counts against the OEIS
// values in testdata: every n listed there up to 27, and nothing past it.
func TestKnownCounts(t *testing.T) {
	for _, tc := range []struct {
		name   string
		unique bool
	}{{"a000170", false}, {"a002562", true}} {
		want := oeis.Uint64s(oeis.MustLoad(t, tc.name))
		for n := -1; n <= 28; n++ {
			got, ok := knownSolutions(n, tc.unique)
			w, listed := want[n]
			switch {
			case n == 0 && tc.unique:
				listed, w = true, 1 // the empty board: one class
			case n > 27 || n < 0:
				listed = false
			}
			if ok != listed || got != w {
				t.Errorf("knownSolutions(%d, %v) = %d, %v; want %d, %v", n, tc.unique, got, ok, w, listed)
			}
		}
	}
}

// TestEstimateSolveKnown checks that EstimateSolve gives the known count
// of solutions, not the random descents' (which missed Q(20) by 30%),
// and past the table the descents' estimate, an eighth of it for a
// unique search.
func TestEstimateSolveKnown(t *testing.T) {
	for _, tc := range []struct {
		n      int
		unique bool
		want   float64
	}{{20, false, 39029188884}, {19, true, 621012754}, {8, false, 92}} {
		e, err := EstimateSolve(context.Background(), tc.n, SolveOptions{Unique: tc.unique}, SearchEstimateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if e.Solutions != tc.want || !e.Known {
			t.Errorf("EstimateSolve(%d, unique %v): %g solutions, known %v; want %g, known", tc.n, tc.unique, e.Solutions, e.Known, tc.want)
		}
	}
	// Past the table: estimated, and a unique search about an eighth.
	all, err := EstimateSolve(context.Background(), 30, SolveOptions{}, SearchEstimateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	uniq, err := EstimateSolve(context.Background(), 30, SolveOptions{Unique: true}, SearchEstimateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if all.Known || uniq.Known || all.Solutions <= 0 || uniq.Solutions != all.Solutions/8 {
		t.Errorf("EstimateSolve(30): %g solutions (known %v), unique %g (known %v); want an estimate, and an eighth of it", all.Solutions, all.Known, uniq.Solutions, uniq.Known)
	}
}
