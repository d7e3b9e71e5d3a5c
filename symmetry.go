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

// Apply returns the image of the permutation p under s, a new slice.
func (s Symmetry) Apply(p Placement) Placement {
	q := make(Placement, len(p))
	for i := range q {
		q[i] = -1
	}
	square.Image(int(s), p, q)
	return q
}

// Canonical returns the smallest of the 8 images of the permutation p, a
// new slice (a copy of p if p is not a permutation).
func Canonical(p Placement) Placement {
	best := p.Clone()
	if !square.IsPermutation(p) {
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
	return square.IsCanonical(p, img[:len(p)])
}

// ClassSize returns the number of distinct images of the permutation p:
// 8, 4 or 2 for a solution with N ≥ 4, 1 for N ≤ 1.
func ClassSize(p Placement) int { return square.ClassSize(p) }
