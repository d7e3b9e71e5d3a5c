package nqueens

import (
	"slices"

	"github.com/nqueens/nqueens/internal/square"
)

// A Symmetry is one of the 8 transformations of the square board (the
// dihedral group D4). Each maps a solution to a solution.
type Symmetry uint8

// The 8 symmetries. Rotations turn the board clockwise; FlipHorizontal
// mirrors it left to right, FlipVertical top to bottom, FlipDiagonal
// about the main (top-left to bottom-right) diagonal and FlipAntiDiagonal
// about the other one.
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

// Apply returns the placement s makes of p, in a new slice. p must hold
// one queen per column as well as per row (a permutation, as every
// solution does); otherwise rows of the result may be left at -1 by
// the rotations and diagonal flips, which move columns to rows.
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

// Canonical returns the lexicographically smallest of the 8 images of
// the permutation p: the representative of its symmetry class that
// Solutions yields with Unique set. It returns a new slice. A p that is
// not a permutation of 0..N-1 (a column off the board or used twice) has
// no well-defined images, and Canonical returns a copy of it unchanged.
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

// IsCanonical reports whether the permutation p equals Canonical(p). It
// is false when a column is off the board, and does not allocate for
// N ≤ 64.
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

// ClassSize returns the number of distinct placements among the 8
// images of the permutation p. For a solution with N ≥ 4 it is 8, 4
// (the solution is unchanged by a half turn) or 2 (unchanged by a
// quarter turn); it is 1 for N ≤ 1. Summed over the canonical solutions
// it gives the total: Σ ClassSize = A000170(N).
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
