// Package square holds the 8 symmetries of the square board (the
// dihedral group D4), written once for nqueens.Symmetry and the
// kernel's borders (internal/kernel).
package square

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
