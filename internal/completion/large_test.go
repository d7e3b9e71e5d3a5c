package completion

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/validate"
)

// checkCompletion reports what is wrong with cols as a completion of b:
// one column per row, the given queens kept, no blocked square used, and
// a valid placement by internal/validate.
func checkCompletion(b *Board, cols []int) error {
	if len(cols) != b.N {
		return fmt.Errorf("%d rows on a %d×%d board", len(cols), b.N, b.N)
	}
	for _, q := range b.Queens {
		if cols[q.Row] != q.Col {
			return fmt.Errorf("given queen %v moved to column %d", q, cols[q.Row]+1)
		}
	}
	for r, c := range cols {
		if b.IsBlocked(r, c) {
			return fmt.Errorf("blocked square %v used", Square{r, c})
		}
	}
	return validate.Columns(cols)
}

// largeInstance is a generated board with the name of how it was made.
type largeInstance struct {
	name string
	b    *Board
}

// largeInstances generates boards of n = 20..64 from the gen.go families,
// alone and mixed (the queens of Preplaced on the squares left open by
// BlockedSquares or ExcludedDiagonals): sizes on both sides of 32 and up
// to 64, where the masks use their high bits, with parameters where the
// answers mix yes and no and the row-order baseline decides most of them.
func largeInstances(t *testing.T) []largeInstance {
	t.Helper()
	var out []largeInstance
	add := func(name string, b *Board, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := b.Check(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, largeInstance{name, b})
	}
	// withQueens puts the queens of q on b, except those on its blocked
	// squares.
	withQueens := func(b, q *Board) *Board {
		for _, s := range q.Queens {
			if !b.IsBlocked(s.Row, s.Col) {
				b.Queens = append(b.Queens, s)
			}
		}
		return b
	}
	for _, n := range []int{20, 21, 22, 31, 32, 33, 40, 47, 48, 56, 63, 64} {
		for seed := range uint64(3) {
			for _, k := range []int{n / 2, 5 * n / 8, 11 * n / 16, 3 * n / 4} {
				b, err := Preplaced(n, k, seed)
				add(fmt.Sprintf("Preplaced(%d, %d, %d)", n, k, seed), b, err)
			}
			k, j := 9*n/16, n*n/8
			b, err := BlockedSquares(n, j, seed)
			if err == nil {
				q, qerr := Preplaced(n, k, seed)
				b, err = withQueens(b, q), qerr
			}
			add(fmt.Sprintf("BlockedSquares(%d, %d, %d) with Preplaced(%d, %d, %d)", n, j, seed, n, k, seed), b, err)
			k, j = 5*n/8, n/2
			b, err = ExcludedDiagonals(n, j, seed)
			if err == nil {
				q, qerr := Preplaced(n, k, seed)
				b, err = withQueens(b, q), qerr
			}
			add(fmt.Sprintf("ExcludedDiagonals(%d, %d, %d) with Preplaced(%d, %d, %d)", n, j, seed, n, k, seed), b, err)
		}
	}
	return out
}

// TestLargeBoards checks First, Count and All on generated boards of
// n = 20..64 against the row-order baseline (rowOrderSolve), which shares
// no code with the solver: the verdict whenever the baseline reaches one
// within its node budget, and the exact set of completions whenever it
// lists them all. Every completion First returns, and the first ones All
// yields, must keep the given queens, avoid the blocked squares and be
// valid (checkCompletion).
func TestLargeBoards(t *testing.T) {
	const (
		most  = 500     // completions the baseline lists before it stops
		limit = 300_000 // queens the baseline places before it gives up
	)
	// A bound, not a speed claim (the test takes about half a second): a
	// solver broken into an endless search fails instead of hanging.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var yes, no, exact, undecided, high int
	for _, in := range largeInstances(t) {
		b := in.b
		first, _, err := First(ctx, b)
		if err != nil {
			t.Fatalf("First(%s): %v", in.name, err)
		}
		if first != nil {
			if err := checkCompletion(b, first); err != nil {
				t.Errorf("First(%s) = %v: %v", in.name, first, err)
			}
		}
		// All: the completions it yields are valid and distinct; all of
		// them when the baseline listed them all, else the first few.
		ro := rowOrderSolve(b, most, limit)
		want := 20
		if ro.all {
			want = len(ro.sols) + 1
		}
		var all [][]int
		if _, err := All(ctx, b, func(cols []int) bool {
			all = append(all, slices.Clone(cols))
			return len(all) < want
		}); err != nil {
			t.Fatalf("All(%s): %v", in.name, err)
		}
		for _, s := range all {
			if err := checkCompletion(b, s); err != nil {
				t.Fatalf("All(%s) yielded %v: %v", in.name, s, err)
			}
		}
		slices.SortFunc(all, slices.Compare)
		if len(slices.CompactFunc(slices.Clone(all), slices.Equal)) != len(all) {
			t.Errorf("All(%s) yielded a completion twice", in.name)
		}
		if (first == nil) != (len(all) == 0) {
			t.Errorf("%s: First found %v, All yielded %d", in.name, first != nil, len(all))
		}

		switch {
		case len(ro.sols) > 0:
			yes++
			if first == nil {
				t.Errorf("First(%s) = none; the baseline found %v", in.name, ro.sols[0])
			} else if ro.all && !slices.ContainsFunc(ro.sols, func(s []int) bool { return slices.Equal(s, first) }) {
				t.Errorf("First(%s) = %v, not among the baseline's %d completions", in.name, first, len(ro.sols))
			}
		case ro.all:
			no++
			if first != nil {
				t.Errorf("First(%s) = %v; the baseline finds no completion", in.name, first)
			}
		default:
			undecided++
			continue
		}
		if b.N > 32 {
			high++
		}
		if !ro.all {
			continue
		}
		exact++
		count, _, err := Count(ctx, b)
		if err != nil || count != uint64(len(ro.sols)) {
			t.Errorf("Count(%s) = %d, %v; the baseline lists %d", in.name, count, err, len(ro.sols))
		}
		if !slices.EqualFunc(all, ro.sols, slices.Equal) {
			t.Errorf("All(%s) yielded %d completions, not the baseline's %d", in.name, len(all), len(ro.sols))
		}
	}
	t.Logf("%d boards: the baseline confirms %d yes and %d no (%d of them with n > 32) and lists every completion of %d; %d undecided within %d nodes", yes+no+undecided, yes, no, high, exact, undecided, limit)
	// The instances are fixed: these hold unless the generators or the
	// baseline change, and make sure the checks above checked something.
	if yes < 50 || no < 50 || exact < 60 || high < 60 {
		t.Errorf("the baseline confirmed %d yes, %d no (%d with n > 32), %d exact; want at least 50, 50 (60), 60", yes, no, high, exact)
	}
}
