package construct

import (
	"testing"

	"github.com/nqueens/nqueens/internal/validate"
)

func TestExists(t *testing.T) {
	for n := -2; n <= 10; n++ {
		want := n == 1 || n >= 4
		if got := Exists(n); got != want {
			t.Errorf("Exists(%d) = %v; want %v", n, got, want)
		}
	}
}

func TestColumnSmall(t *testing.T) {
	tests := []struct {
		n    int
		want []int
	}{
		{1, []int{0}},
		{4, []int{1, 3, 0, 2}},
		{5, []int{1, 3, 0, 2, 4}},
		{6, []int{1, 3, 5, 0, 2, 4}},
		{8, []int{3, 5, 7, 1, 6, 0, 2, 4}},
		{9, []int{3, 5, 7, 1, 6, 0, 2, 4, 8}},
	}
	for _, tt := range tests {
		for r, w := range tt.want {
			if got := Column(tt.n, r); got != w {
				t.Errorf("Column(%d, %d) = %d; want %d", tt.n, r, got, w)
			}
		}
	}
	for _, c := range [][2]int{{2, 0}, {3, 1}, {0, 0}, {-4, 0}, {4, -1}, {4, 4}} {
		if got := Column(c[0], c[1]); got != -1 {
			t.Errorf("Column(%d, %d) = %d; want -1", c[0], c[1], got)
		}
	}
}

// checkN validates Column for n with the O(n) streaming checker and checks
// that Runs describes the same columns.
func checkN(t *testing.T, n int) {
	t.Helper()
	c := validate.New(n)
	for r := range n {
		if err := c.Add(Column(n, r)); err != nil {
			t.Fatalf("n = %d (n mod 6 = %d): %v", n, n%6, err)
		}
	}
	if err := c.Done(); err != nil {
		t.Fatalf("n = %d: %v", n, err)
	}
	row := 0
	for _, run := range Runs(n) {
		if run.Row != row {
			t.Fatalf("Runs(%d): run %+v starts at row %d; want %d", n, run, run.Row, row)
		}
		for k := range run.Len {
			if got, want := run.Col+2*k, Column(n, row); got != want {
				t.Fatalf("Runs(%d): row %d column %d; want %d", n, row, got, want)
			}
			row++
		}
	}
	if row != n {
		t.Fatalf("Runs(%d) covers %d rows; want %d", n, row, n)
	}
}

func TestColumnValidSmall(t *testing.T) {
	for n := 4; n <= 2000; n++ {
		checkN(t, n)
	}
	checkN(t, 1)
	for _, n := range []int{0, 2, 3} {
		if Runs(n) != nil {
			t.Errorf("Runs(%d) = %v; want nil", n, Runs(n))
		}
	}
}

// TestColumnValidLarge covers every residue mod 6 near 10^7 (10^7 itself
// is ≡ 4) and a few more.
func TestColumnValidLarge(t *testing.T) {
	ns := []int{1e7, 1e7 + 1, 1e7 + 2, 1e7 + 3, 1e7 + 4, 1e7 + 5, 1<<20 + 3, 999_998}
	if testing.Short() {
		ns = []int{1e6, 1e6 + 1, 1e6 + 2, 1e6 + 3, 1e6 + 4, 1e6 + 5}
	}
	for _, n := range ns {
		checkN(t, n)
	}
}
