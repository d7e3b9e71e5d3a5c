package validate

import (
	"errors"
	"testing"
)

func TestColumns(t *testing.T) {
	tests := []struct {
		cols []int
		want error
	}{
		{nil, nil},
		{[]int{0}, nil},
		{[]int{1, 3, 0, 2}, nil},
		{[]int{0, 4, 7, 5, 2, 6, 1, 3}, nil},
		{[]int{0, 1}, ErrDiagonal},
		{[]int{1, 0}, ErrDiagonal},
		{[]int{0, 0}, ErrColumnTaken},
		{[]int{1, 3, 0, 4}, ErrColumnRange},
		{[]int{1, 3, 0, -1}, ErrColumnRange},
		{[]int{2, 0, 3, 1}, nil},
		{[]int{2, 0, 3, 2}, ErrColumnTaken},
		{[]int{0, 2, 4, 1, 3}, nil},
		{[]int{0, 2, 4, 3, 1}, ErrDiagonal},
	}
	for _, tt := range tests {
		if err := Columns(tt.cols); !errors.Is(err, tt.want) {
			t.Errorf("Columns(%v) = %v; want %v", tt.cols, err, tt.want)
		}
	}
}

func TestCheckerRows(t *testing.T) {
	c := New(4)
	for _, x := range []int{1, 3, 0} {
		if err := c.Add(x); err != nil {
			t.Fatalf("Add(%d) = %v", x, err)
		}
	}
	if err := c.Done(); !errors.Is(err, ErrTooFewRows) {
		t.Errorf("Done after 3 of 4 rows = %v; want ErrTooFewRows", err)
	}
	if err := c.Add(2); err != nil {
		t.Fatalf("Add(2) = %v", err)
	}
	if err := c.Done(); err != nil {
		t.Errorf("Done = %v; want nil", err)
	}
	if err := c.Add(0); !errors.Is(err, ErrTooManyRows) {
		t.Errorf("Add past the last row = %v; want ErrTooManyRows", err)
	}
	if err := c.Done(); !errors.Is(err, ErrTooManyRows) {
		t.Errorf("Done after error = %v; want the sticky ErrTooManyRows", err)
	}
	if err := New(-1).Done(); !errors.Is(err, ErrNegativeSize) {
		t.Errorf("New(-1).Done() = %v; want ErrNegativeSize", err)
	}
	c.Reset(1)
	if err := c.Add(0); err != nil || c.Done() != nil {
		t.Errorf("after Reset(1): Add(0) = %v, Done = %v", err, c.Done())
	}
	c.Reset(200)
	if c.N() != 200 || c.Rows() != 0 {
		t.Errorf("Reset(200): N = %d, Rows = %d", c.N(), c.Rows())
	}
}

// TestColumnsBrute compares Columns with a quadratic pairwise check on
// every sequence of length n over [0, n) for n ≤ 6.
func TestColumnsBrute(t *testing.T) {
	for n := 0; n <= 6; n++ {
		cols := make([]int, n)
		total := 1
		for range n {
			total *= n
		}
		for k := range total {
			x := k
			for i := range cols {
				cols[i] = x % n
				x /= n
			}
			want := true
			for i := range n {
				for j := i + 1; j < n; j++ {
					d := cols[j] - cols[i]
					if d == 0 || d == j-i || d == i-j {
						want = false
					}
				}
			}
			if got := Columns(cols) == nil; got != want {
				t.Fatalf("Columns(%v) valid = %v; want %v", cols, got, want)
			}
		}
	}
}
