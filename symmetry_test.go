package nqueens

import (
	"context"
	"slices"
	"testing"
)

func TestSymmetryApply(t *testing.T) {
	p := Placement{1, 3, 0, 2} // "2 4 1 3"
	tests := []struct {
		s    symmetry
		want Placement
	}{
		{identity, Placement{1, 3, 0, 2}},
		{flipHorizontal, Placement{2, 0, 3, 1}},
		{flipVertical, Placement{2, 0, 3, 1}},
		{rotate90, Placement{1, 3, 0, 2}},
		{rotate180, Placement{1, 3, 0, 2}},
	}
	for _, tt := range tests {
		if got := tt.s.apply(p); !slices.Equal(got, tt.want) {
			t.Errorf("%v.apply(%v) = %v; want %v", tt.s, p, got, tt.want)
		}
	}
	// The group: rotating four times is the identity; every flip is an involution.
	q := Placement{4, 1, 5, 0, 6, 3, 7, 2}
	r := q
	for range 4 {
		r = rotate90.apply(r)
	}
	if !slices.Equal(r, q) {
		t.Errorf("rotate90⁴(%v) = %v", q, r)
	}
	for _, s := range []symmetry{flipHorizontal, flipVertical, flipDiagonal, flipAntiDiagonal, rotate180} {
		if got := s.apply(s.apply(q)); !slices.Equal(got, q) {
			t.Errorf("%v twice on %v = %v", s, q, got)
		}
	}
}

// TestSymmetryClasses checks, for every N ≤ 10, that each image of a
// solution is a solution, that canonical forms are invariant under all 8
// symmetries, that the canonical solutions number A002562(N), and that
// their class sizes sum to A000170(N).
func TestSymmetryClasses(t *testing.T) {
	total := loadOEIS(t, "a000170")
	unique := loadOEIS(t, "a002562")
	for n := 1; n <= 10; n++ {
		seq, err := Solutions(context.Background(), n, SolveOptions{})
		if err != nil {
			t.Fatal(err)
		}
		all := map[string]bool{}
		var canon, sizes uint64
		for p := range seq.All() {
			all[p.String()] = true
			c := Canonical(p)
			for _, s := range symmetries {
				img := s.apply(p)
				if err := Validate(img); err != nil {
					t.Fatalf("n=%d: %v of %v = %v is not a solution: %v", n, s, p, img, err)
				}
				if got := Canonical(img); !slices.Equal(got, c) {
					t.Fatalf("n=%d: Canonical(%v(%v)) = %v; want %v", n, s, p, got, c)
				}
			}
			if isCanonical(p) {
				canon++
				sizes += uint64(ClassSize(p))
				if !slices.Equal(c, p) {
					t.Fatalf("isCanonical(%v) but Canonical = %v", p, c)
				}
			}
		}
		if got, want := canon, want(t, unique, n).Lo; got != want {
			t.Errorf("n=%d: %d canonical solutions; want %d", n, got, want)
		}
		if got, want := sizes, want(t, total, n).Lo; got != want {
			t.Errorf("n=%d: class sizes sum to %d; want %d", n, got, want)
		}
		if got, want := uint64(len(all)), want(t, total, n).Lo; got != want {
			t.Errorf("n=%d: %d distinct solutions; want %d", n, got, want)
		}
	}
}

func TestClassSize(t *testing.T) {
	tests := []struct {
		p    Placement
		want int
	}{
		{Placement{}, 1},
		{Placement{0}, 1},
		{Placement{1, 3, 0, 2}, 2},             // N=4: unchanged by a quarter turn
		{Placement{0, 4, 7, 5, 2, 6, 1, 3}, 8}, // N=8 first solution
		{Placement{2, 4, 1, 7, 0, 6, 3, 5}, 4}, // N=8's half-turn-symmetric class
	}
	for _, tt := range tests {
		if got := ClassSize(tt.p); got != tt.want {
			t.Errorf("ClassSize(%v) = %d; want %d", tt.p, got, tt.want)
		}
	}
}

// TestImages: the 8 images of every solution to N = 8 are solutions,
// as many distinct as ClassSize says, and the smallest is Canonical.
func TestImages(t *testing.T) {
	for n := 1; n <= 8; n++ {
		s, err := Solutions(context.Background(), n, SolveOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for p := range s.All() {
			imgs := Images(p)
			distinct := map[string]bool{}
			smallest := imgs[0]
			for _, q := range imgs {
				if err := Validate(q); err != nil || len(q) != n {
					t.Fatalf("Images(%v) holds %v: %v", p, q, err)
				}
				distinct[q.String()] = true
				if slices.Compare(q, smallest) < 0 {
					smallest = q
				}
			}
			if !slices.Equal(imgs[0], p) || len(distinct) != ClassSize(p) || !slices.Equal(smallest, Canonical(p)) {
				t.Errorf("Images(%v) = %v: want p first, %d distinct, smallest %v", p, imgs, ClassSize(p), Canonical(p))
			}
		}
	}
}
