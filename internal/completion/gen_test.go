package completion

import (
	"context"
	"math/bits"
	"testing"
)

func TestPreplaced(t *testing.T) {
	for _, n := range []int{1, 5, 8, 32, 64} {
		for k := 0; k <= n/2; k += max(1, n/8) {
			b, err := Preplaced(n, k, uint64(n*100+k))
			if err != nil {
				t.Fatalf("Preplaced(%d, %d) = %v", n, k, err)
			}
			if len(b.Queens) != k {
				t.Fatalf("Preplaced(%d, %d) placed %d queens", n, k, len(b.Queens))
			}
			if err := b.Check(); err != nil {
				t.Fatalf("Preplaced(%d, %d): %v", n, k, err)
			}
			again, _ := Preplaced(n, k, uint64(n*100+k))
			if again.String() != b.String() {
				t.Fatalf("Preplaced(%d, %d) is not reproducible", n, k)
			}
		}
	}
	if _, err := Preplaced(8, 9, 1); err == nil {
		t.Error("Preplaced(8, 9) = nil error; want one")
	}
}

func TestBlockedSquares(t *testing.T) {
	b, err := BlockedSquares(30, 200, 7)
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for r := range b.N {
		k += bits.OnesCount64(b.Blocked[r])
	}
	if k != 200 || b.Check() != nil {
		t.Errorf("BlockedSquares(30, 200) blocked %d squares, Check %v", k, b.Check())
	}
	c, _ := BlockedSquares(30, 200, 8)
	if c.String() == b.String() {
		t.Error("seeds 7 and 8 gave the same board")
	}
	if _, err := BlockedSquares(3, 10, 1); err == nil {
		t.Error("BlockedSquares(3, 10) = nil error; want one")
	}
}

func TestExcludedDiagonals(t *testing.T) {
	for _, n := range []int{10, 20, 21, 22} {
		k := min(19, n)
		b, err := ExcludedDiagonals(n, k, 1)
		if err != nil {
			t.Fatalf("ExcludedDiagonals(%d, %d) = %v", n, k, err)
		}
		// Every row and column keeps more than 4 open squares, and the
		// blocked squares are whole diagonals.
		var colOpen [MaxN]int
		for r := range n {
			open := fullMask(n) &^ b.Blocked[r]
			if bits.OnesCount64(open) <= 4 {
				t.Errorf("n = %d: row %d has %d open squares", n, r+1, bits.OnesCount64(open))
			}
			for c := range n {
				if open>>c&1 != 0 {
					colOpen[c]++
				}
				if b.IsBlocked(r, c) {
					onDown := r > 0 && c > 0 && b.IsBlocked(r-1, c-1) || r+1 < n && c+1 < n && b.IsBlocked(r+1, c+1) || (r == 0 || c == 0) && (r == n-1 || c == n-1)
					onUp := r > 0 && c+1 < n && b.IsBlocked(r-1, c+1) || r+1 < n && c > 0 && b.IsBlocked(r+1, c-1) || (r == 0 || c == n-1) && (r == n-1 || c == 0)
					if !onDown && !onUp {
						t.Errorf("n = %d: blocked %d:%d is on no blocked diagonal", n, r+1, c+1)
					}
				}
			}
		}
		for c := range n {
			if colOpen[c] <= 4 {
				t.Errorf("n = %d: column %d has %d open squares", n, c+1, colOpen[c])
			}
		}
	}
	if _, err := ExcludedDiagonals(6, 20, 1); err == nil {
		t.Error("ExcludedDiagonals(6, 20) = nil error; want one (too many for the 4-square rule)")
	}
}

// TestAgainstRowOrder compares the solver with the row-order baseline on
// generated instances too large for brute force.
func TestAgainstRowOrder(t *testing.T) {
	ctx := context.Background()
	for seed := range uint64(6) {
		var boards []*Board
		b1, _ := ExcludedDiagonals(11, 8, seed)
		b2, _ := BlockedSquares(11, 30, seed)
		b3, _ := Preplaced(12, 3, seed)
		boards = append(boards, b1, b2, b3)
		for _, b := range boards {
			got, _, err := Count(ctx, b)
			want, _ := rowOrderCount(ctx, b)
			if err != nil || got != want {
				t.Errorf("Count(\n%s) = %d, %v; row order says %d", b, got, err, want)
			}
		}
	}
}
