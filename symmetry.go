package nqueens

import (
	"slices"

	"github.com/nqueens/nqueens/internal/square"
)

// A symmetry is one of the 8 symmetries of the square board (D4).
type symmetry uint8

// The 8 symmetries; the rotations turn the board clockwise.
const (
	identity         symmetry = square.Identity
	rotate90         symmetry = square.Rot90
	rotate180        symmetry = square.Rot180
	rotate270        symmetry = square.Rot270
	flipHorizontal   symmetry = square.FlipH
	flipVertical     symmetry = square.FlipV
	flipDiagonal     symmetry = square.Diag
	flipAntiDiagonal symmetry = square.Anti
)

// symmetries lists all 8 symmetries, identity first.
var symmetries = [8]symmetry{identity, rotate90, rotate180, rotate270, flipHorizontal, flipVertical, flipDiagonal, flipAntiDiagonal}

var symmetryNames = [8]string{"identity", "rotate90", "rotate180", "rotate270", "flip-horizontal", "flip-vertical", "flip-diagonal", "flip-antidiagonal"}

// String returns the symmetry's name, such as "rotate90".
func (s symmetry) String() string {
	if int(s) < len(symmetryNames) {
		return symmetryNames[s]
	}
	return "symmetry(?)"
}

// apply returns the image of the permutation p under s, a new slice.
func (s symmetry) apply(p Placement) Placement {
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
	for _, s := range symmetries[1:] {
		if q := s.apply(p); slices.Compare(q, best) < 0 {
			best = q
		}
	}
	return best
}

// isCanonical reports whether p equals Canonical(p).
func isCanonical(p Placement) bool {
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

// Images returns the 8 images of the permutation p, new slices: p, p
// turned clockwise by 90, 180 and 270 degrees, then p reflected in its
// horizontal and vertical axes and its two diagonals.
func Images(p Placement) [8]Placement {
	var out [8]Placement
	for i, s := range symmetries {
		out[i] = s.apply(p)
	}
	return out
}
