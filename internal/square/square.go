// Package square holds the 8 symmetries of the square board (the
// dihedral group D4), written once for nqueens.Symmetry and the
// kernel's borders (internal/kernel).
package square

import "slices"

// The symmetries, in the order of nqueens.Symmetries. Square (r, c) of
// an n×n board goes to
//
//	Identity (r, c)    Rot90  (c, m−r)    Rot180 (m−r, m−c)
//	Rot270 (m−c, r)    FlipH  (r, m−c)    FlipV  (m−r, c)
//	Diag (c, r)        Anti   (m−c, m−r)
//
// with m = n−1: the rotations turn the board clockwise; FlipH mirrors it
// left to right, FlipV top to bottom, Diag about the main diagonal and
// Anti about the other one.
const (
	Identity = iota
	Rot90
	Rot180
	Rot270
	FlipH
	FlipV
	Diag
	Anti
)

// Apply returns the image of square (r, c) under symmetry s on a board
// whose last index is m (n−1).
func Apply(s, m, r, c int) (int, int) {
	switch s {
	case Rot90:
		return c, m - r
	case Rot180:
		return m - r, m - c
	case Rot270:
		return m - c, r
	case FlipH:
		return r, m - c
	case FlipV:
		return m - r, c
	case Diag:
		return c, r
	case Anti:
		return m - c, m - r
	}
	return r, c
}

// Image writes the image of the permutation p under s into q (len(q) =
// len(p)); q's rows that no column of p maps to are left as they are.
func Image(s int, p, q []int) {
	m := len(p) - 1
	for r, c := range p {
		if c < 0 || c > m {
			continue
		}
		r2, c2 := Apply(s, m, r, c)
		q[r2] = c2
	}
}

// IsPermutation reports whether p holds each of 0..len(p)−1 once.
func IsPermutation(p []int) bool {
	seen := make([]bool, len(p))
	for _, c := range p {
		if c < 0 || c >= len(p) || seen[c] {
			return false
		}
		seen[c] = true
	}
	return true
}

// IsCanonical reports whether the permutation p is the smallest of its 8
// images; img is scratch of len(p). It is false when a column of p is
// off the board.
func IsCanonical(p, img []int) bool {
	n := len(p)
	for s := Rot90; s <= Anti; s++ {
		for r, c := range p {
			if uint(c) >= uint(n) {
				return false // not a permutation: no canonical form
			}
			r2, c2 := Apply(s, n-1, r, c)
			img[r2] = c2
		}
		if slices.Compare(img, p) < 0 {
			return false
		}
	}
	return true
}

// ClassSize returns the number of distinct images of the permutation p.
func ClassSize(p []int) int {
	seen := make([][]int, 0, 8)
	for s := Identity; s <= Anti; s++ {
		q := make([]int, len(p))
		for i := range q {
			q[i] = -1
		}
		Image(s, p, q)
		if !slices.ContainsFunc(seen, func(x []int) bool { return slices.Equal(x, q) }) {
			seen = append(seen, q)
		}
	}
	return len(seen)
}
