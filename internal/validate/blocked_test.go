package validate

import (
	"math/rand/v2"
	"testing"

	"github.com/nqueens/nqueens/internal/construct"
)

// rowByRow is Columns without the blocked check.
func rowByRow(cols []int32) error {
	c := New(len(cols))
	for _, x := range cols {
		if err := c.Add(int(x)); err != nil {
			return err
		}
	}
	return c.Done()
}

// TestColumnsBlocked compares the blocked check with the row-by-row one
// on valid placements (the construction) and on corrupted copies, for
// sizes that exercise one block, several, a short last block and bands
// of every fill.
func TestColumnsBlocked(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	sizes := []int{1, 4, 5, 8, 63, 64, 65, 127, 1000, 1024, 1025, 4099, 65536, 100_003, 1_000_001}
	for n := 4; n <= 300; n++ {
		sizes = append(sizes, n)
	}
	for _, n := range sizes {
		good := make([]int32, n)
		for r := range good {
			good[r] = int32(construct.Column(n, r))
		}
		if !columnsBlocked(good) {
			t.Fatalf("n = %d: blocked check rejects the construction", n)
		}
		bad := make([]int32, n)
		for trial := range 20 {
			copy(bad, good)
			i, j := rng.IntN(n), rng.IntN(n)
			switch trial % 5 {
			case 0: // swap two rows: a permutation, usually not a solution
				bad[i], bad[j] = bad[j], bad[i]
			case 1: // a column twice
				bad[i] = bad[j]
			case 2:
				bad[i] = int32(n)
			case 3:
				bad[i] = -1
			case 4: // move one queen
				bad[i] = int32(rng.IntN(n))
			}
			want := rowByRow(bad) == nil
			if got := columnsBlocked(bad); got != want {
				t.Fatalf("n = %d, trial %d (rows %d, %d): blocked check = %v, row by row = %v", n, trial, i, j, got, want)
			}
		}
	}
}

// TestColumnsLargeError checks that Columns reports the row-by-row error
// for a large invalid placement.
func TestColumnsLargeError(t *testing.T) {
	n := blockedMin + 5
	cols := make([]int32, n)
	for r := range cols {
		cols[r] = int32(construct.Column(n, r))
	}
	if err := Columns(cols); err != nil {
		t.Fatalf("Columns(construction, n = %d) = %v", n, err)
	}
	cols[n/3], cols[n/2] = cols[n/2], cols[n/3]
	got, want := Columns(cols), rowByRow(cols)
	if got == nil || want == nil || got.Error() != want.Error() {
		t.Errorf("Columns = %v; want %v", got, want)
	}
}
