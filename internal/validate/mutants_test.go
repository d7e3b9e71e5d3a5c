package validate

import (
	"errors"
	"testing"
)

// TestResetClears: a Checker reset to a size it can hold forgets the
// previous placement's columns and both diagonals, so the same
// placement (or another that shares diagonals with it) checks again.
func TestResetClears(t *testing.T) {
	tests := []struct {
		name        string
		first, then []int
		n           int
		want        error
	}{
		{"same solution", []int{1, 3, 0, 2}, []int{1, 3, 0, 2}, 4, nil},
		{"mirror image", []int{1, 3, 0, 2}, []int{2, 0, 3, 1}, 4, nil},
		{"smaller board", []int{0, 4, 7, 5, 2, 6, 1, 3}, []int{1, 3, 0, 2}, 4, nil},
		{"reset keeps checking", []int{1, 3, 0, 2}, []int{0, 1}, 2, ErrDiagonal},
	}
	for _, tt := range tests {
		c := New(len(tt.first))
		for _, x := range tt.first {
			if err := c.Add(x); err != nil {
				t.Fatalf("%s: first placement %v: Add(%d) = %v", tt.name, tt.first, x, err)
			}
		}
		c.Reset(tt.n)
		var err error
		for _, x := range tt.then {
			if err = c.Add(x); err != nil {
				break
			}
		}
		if err == nil {
			err = c.Done()
		}
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: after %v and Reset(%d), %v: %v; want %v", tt.name, tt.first, tt.n, tt.then, err, tt.want)
		}
	}
}
