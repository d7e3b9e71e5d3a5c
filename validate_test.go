package nqueens

import (
	"errors"
	"testing"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		p    Placement
		want string // "" for valid
	}{
		{Placement{}, ""},
		{Placement{0}, ""},
		{Placement{4, 1, 5, 0, 6, 3, 7, 2}, ""},
		{Placement{0, 0}, "rows 1 and 2: queens at columns 1 and 1 are on the same column"},
		{Placement{0, 1}, "rows 1 and 2: queens at columns 1 and 2 are on the same diagonal"},
		{Placement{1, 0}, "rows 1 and 2: queens at columns 2 and 1 are on the same anti-diagonal"},
		{Placement{1, 3, 0, 1}, "rows 1 and 4: queens at columns 2 and 2 are on the same column"},
		{Placement{0, 2, 4, 1, 3}, ""},
		{Placement{0, 2, 4, 3, 1}, "rows 1 and 4: queens at columns 1 and 4 are on the same diagonal"},
		{Placement{0, 2, 1, 3, 4}, "rows 2 and 3: queens at columns 3 and 2 are on the same anti-diagonal"},
	}
	for _, tt := range tests {
		err := Validate(tt.p)
		got := ""
		if err != nil {
			got = err.Error()
			if !errors.Is(err, ErrAttack) {
				t.Errorf("Validate(%v) error %v does not wrap ErrAttack", tt.p, err)
			}
		}
		if got != tt.want {
			t.Errorf("Validate(%v) = %q; want %q", tt.p, got, tt.want)
		}
	}
	if err := Validate(Placement{0, 5}); !errors.Is(err, ErrSyntax) {
		t.Errorf("Validate({0,5}) = %v; want ErrSyntax for a column off the board", err)
	}
}

// TestValidateExhaustive compares Validate with the pairwise definition
// on every placement of N ≤ 6 (N^N of them).
func TestValidateExhaustive(t *testing.T) {
	for n := 1; n <= 6; n++ {
		p := make(Placement, n)
		var rec func(r int)
		rec = func(r int) {
			if r == n {
				ok := true
				for i := 0; i < n && ok; i++ {
					for j := i + 1; j < n; j++ {
						d := p[i] - p[j]
						if d == 0 || d == j-i || d == i-j {
							ok = false
							break
						}
					}
				}
				if got := Validate(p) == nil; got != ok {
					t.Fatalf("Validate(%v) valid = %v; want %v", p, got, ok)
				}
				return
			}
			for c := 0; c < n; c++ {
				p[r] = c
				rec(r + 1)
			}
		}
		rec(0)
	}
}
