package symcount

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/big"
	"testing"

	"github.com/nqueens/nqueens/internal/oeis"
)

var long = flag.Bool("long", false, "check Unique against A002562 up to n = 24 (about 16 s)")

// solutions lists every solution of the n×n board as columns by row
// (an independent, plain row-by-row search).
func solutions(n int) [][]int {
	var out [][]int
	cols := make([]int, n)
	var place func(r int)
	place = func(r int) {
		if r == n {
			out = append(out, append([]int(nil), cols...))
			return
		}
		for c := range n {
			ok := true
			for q := range r {
				d := cols[q] - c
				if d == 0 || d == r-q || d == q-r {
					ok = false
					break
				}
			}
			if ok {
				cols[r] = c
				place(r + 1)
			}
		}
	}
	place(0)
	return out
}

// rotate returns the solution turned a quarter: (r, c) → (c, n-1-r).
func rotate(s []int) []int {
	n := len(s)
	t := make([]int, n)
	for r, c := range s {
		t[c] = n - 1 - r
	}
	return t
}

func equal(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestAgainstEnumeration counts the rotation-invariant solutions among
// all solutions for n ≤ 11.
func TestAgainstEnumeration(t *testing.T) {
	ctx := context.Background()
	for n := range 12 {
		var half, quarter uint64
		for _, s := range solutions(n) {
			r1 := rotate(s)
			r2 := rotate(r1)
			if equal(r2, s) {
				half++
			}
			if equal(r1, s) {
				quarter++
			}
		}
		if n == 0 {
			half, quarter = 1, 1 // the empty board, which solutions(0) lists once
		}
		if got := count(n, false); got != half {
			t.Errorf("count(%d, half) = %d; want %d", n, got, half)
		}
		if got, err := Half(ctx, n); err != nil || got != half {
			t.Errorf("Half(%d) = %d, %v; want %d", n, got, err, half)
		}
		if got, err := Quarter(n); err != nil || got != quarter {
			t.Errorf("Quarter(%d) = %d, %v; want %d", n, got, err, quarter)
		}
	}
}

// TestUniqueOEIS derives A002562 from A000170 for n ≤ 18 (24 with -long).
func TestUniqueOEIS(t *testing.T) {
	total, err := oeis.Load("a000170")
	if err != nil {
		t.Fatal(err)
	}
	unique, err := oeis.Load("a002562")
	if err != nil {
		t.Fatal(err)
	}
	maxN := 18
	if *long {
		maxN = 24
	}
	mask := new(big.Int).SetUint64(^uint64(0))
	for n := 1; n <= maxN; n++ {
		q := total[n]
		hi := new(big.Int).Rsh(q, 64).Uint64()
		lo := new(big.Int).And(q, mask).Uint64()
		uhi, ulo, err := Unique(context.Background(), n, hi, lo)
		if err != nil {
			t.Errorf("n=%d: Unique: %v", n, err)
			continue
		}
		got := new(big.Int).Lsh(new(big.Int).SetUint64(uhi), 64)
		got.Or(got, new(big.Int).SetUint64(ulo))
		if got.Cmp(unique[n]) != 0 {
			t.Errorf("n=%d: Unique = %v; want %v", n, got, unique[n])
		}
	}
}

// TestUniqueRejectsWrongTotal: Burnside's check catches exactly the
// errors in the total that are not multiples of 8. A total off by d is
// refused with ErrInconsistent when d mod 8 ≠ 0; when d is a multiple of
// 8 (positive or negative) it passes and gives a unique count off by
// d/8, never the right one.
func TestUniqueRejectsWrongTotal(t *testing.T) {
	ctx := context.Background()
	total, err := oeis.Load("a000170")
	if err != nil {
		t.Fatal(err)
	}
	unique, err := oeis.Load("a002562")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{8, 10, 12, 13} {
		q, u := total[n].Int64(), unique[n].Int64()
		for _, d := range []int64{-16, -9, -8, -7, -4, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 24, 1 << 40} {
			_, lo, err := Unique(ctx, n, 0, uint64(q+d))
			switch {
			case d%8 != 0 && !errors.Is(err, ErrInconsistent):
				t.Errorf("n=%d: Unique of the total Q%+d = %d, %v; want ErrInconsistent", n, d, lo, err)
			case d%8 == 0 && (err != nil || lo != uint64(u+d/8)):
				t.Errorf("n=%d: Unique of the total Q%+d = %d, %v; want %d (off by %d/8, not caught)", n, d, lo, err, u+d/8, d)
			}
		}
	}
}

func TestBounds(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{-1, MaxN + 1} {
		if _, err := Half(ctx, n); !errors.Is(err, ErrSize) {
			t.Errorf("Half(%d): %v; want ErrSize", n, err)
		}
		if _, err := Quarter(n); !errors.Is(err, ErrSize) {
			t.Errorf("Quarter(%d): %v; want ErrSize", n, err)
		}
		if _, _, err := Unique(ctx, n, 0, 8); !errors.Is(err, ErrSize) {
			t.Errorf("Unique(%d): %v; want ErrSize", n, err)
		}
	}
	for n := range 2 {
		if _, lo, err := Unique(ctx, n, 0, 1); err != nil || lo != 1 {
			t.Errorf("Unique(%d) = %d, %v; want 1, nil", n, lo, err)
		}
	}
}

// TestHalfCancel: a cancelled context stops Half with its error.
func TestHalfCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Half(ctx, 20); !errors.Is(err, context.Canceled) {
		t.Errorf("Half(cancelled, 20): %v; want context.Canceled", err)
	}
	if _, _, err := Unique(ctx, 20, 0, 8); !errors.Is(err, context.Canceled) {
		t.Errorf("Unique(cancelled, 20): %v; want context.Canceled", err)
	}
}

func ExampleUnique() {
	// Q(8) = 92: four solutions are symmetric under the half turn, none
	// under the quarter turn, so (92 + 4 + 0)/8 = 12.
	ctx := context.Background()
	h, _ := Half(ctx, 8)
	q, _ := Quarter(8)
	_, u, _ := Unique(ctx, 8, 0, 92)
	fmt.Println(h, q, u)
	// Output: 4 0 12
}

func BenchmarkHalf(b *testing.B) {
	for _, n := range []int{16, 20} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for range b.N {
				Half(context.Background(), n)
			}
		})
	}
}

// TestFixedEmpty: with no queen placed, Fixed counts what Half and
// Quarter count.
func TestFixedEmpty(t *testing.T) {
	for n := 2; n <= 14; n++ {
		half, _ := Half(context.Background(), n)
		quart, _ := Quarter(n)
		gotH, gotQ := Fixed(n, nil, true)
		if gotH != half || gotQ != quart {
			t.Errorf("Fixed(%d, nil, true) = %d, %d; want %d, %d", n, gotH, gotQ, half, quart)
		}
		if _, q := Fixed(n, nil, false); q != 0 {
			t.Errorf("Fixed(%d, nil, false) quarter = %d; want 0", n, q)
		}
	}
	if h, q := Fixed(8, [][2]int{{0, 0}, {7, 7}}, true); h != 0 || q != 0 {
		t.Errorf("Fixed(8, two queens on a diagonal) = %d, %d; want 0, 0", h, q)
	}
}
