package nqueens

import (
	"slices"

	"github.com/nqueens/nqueens/internal/square"
)

// A Symmetry is one of the 8 symmetries of the square board (D4).
type Symmetry uint8

// The 8 symmetries; the rotations turn the board clockwise.
const (
	Identity         Symmetry = square.Identity
	Rotate90         Symmetry = square.Rot90
	Rotate180        Symmetry = square.Rot180
	Rotate270        Symmetry = square.Rot270
	FlipHorizontal   Symmetry = square.FlipH
	FlipVertical     Symmetry = square.FlipV
	FlipDiagonal     Symmetry = square.Diag
	FlipAntiDiagonal Symmetry = square.Anti
)

// Symmetries lists all 8 symmetries, Identity first.
var Symmetries = [8]Symmetry{Identity, Rotate90, Rotate180, Rotate270, FlipHorizontal, FlipVertical, FlipDiagonal, FlipAntiDiagonal}

var symmetryNames = [8]string{"identity", "rotate90", "rotate180", "rotate270", "flip-horizontal", "flip-vertical", "flip-diagonal", "flip-antidiagonal"}

// String returns the symmetry's name, such as "rotate90".
func (s Symmetry) String() string {
	if int(s) < len(symmetryNames) {
		return symmetryNames[s]
	}
	return "symmetry(?)"
}

// point maps the square (r, c) of an n×n board under s.
func (s Symmetry) point(n, r, c int) (int, int) { return square.Apply(int(s), n-1, r, c) }

// Apply returns the image of the permutation p under s, a new slice.
func (s Symmetry) Apply(p Placement) Placement {
	n := len(p)
	q := make(Placement, n)
	for i := range q {
		q[i] = -1
	}
	for r, c := range p {
		if c < 0 || c >= n {
			continue
		}
		r2, c2 := s.point(n, r, c)
		q[r2] = c2
	}
	return q
}

// Canonical returns the smallest of the 8 images of the permutation p, a
// new slice (a copy of p if p is not a permutation).
func Canonical(p Placement) Placement {
	best := p.Clone()
	if !isPermutation(p) {
		return best
	}
	for _, s := range Symmetries[1:] {
		if q := s.Apply(p); slices.Compare(q, best) < 0 {
			best = q
		}
	}
	return best
}

// IsCanonical reports whether p equals Canonical(p).
func IsCanonical(p Placement) bool {
	var buf [64]int
	img := buf[:0]
	if len(p) > len(buf) {
		img = make([]int, 0, len(p))
	}
	return isCanonical(p, img[:len(p)])
}

// isCanonical is IsCanonical with a caller's scratch slice, len(img) == len(p).
func isCanonical(p Placement, img []int) bool {
	n := len(p)
	for _, s := range Symmetries[1:] {
		for r, c := range p {
			if uint(c) >= uint(n) {
				return false // not a permutation: no canonical form
			}
			r2, c2 := s.point(n, r, c)
			img[r2] = c2
		}
		if slices.Compare(img, p) < 0 {
			return false
		}
	}
	return true
}

// ClassSize returns the number of distinct images of the permutation p:
// 8, 4 or 2 for a solution with N ≥ 4, 1 for N ≤ 1.
func ClassSize(p Placement) int {
	seen := make([]Placement, 0, 8)
	for _, s := range Symmetries {
		q := s.Apply(p)
		if !slices.ContainsFunc(seen, func(x Placement) bool { return slices.Equal(x, q) }) {
			seen = append(seen, q)
		}
	}
	return len(seen)
}

// isPermutation reports whether p holds each of 0..N-1 once.
func isPermutation(p Placement) bool {
	seen := make([]bool, len(p))
	for _, c := range p {
		if c < 0 || c >= len(p) || seen[c] {
			return false
		}
		seen[c] = true
	}
	return true
}
