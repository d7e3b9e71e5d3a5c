package kernel

import "math/bits"

// symBoard is a board for symFix: the rows and columns taken, and the
// diagonals (up: r+c, down: r−c+n−1) as bits, so n ≤ 32.
type symBoard struct {
	n                    int
	rows, cols, up, down uint64
	count                uint64
}

func (b *symBoard) free(r, c int) bool {
	return b.rows>>r&1 == 0 && b.cols>>c&1 == 0 &&
		b.up>>(r+c)&1 == 0 && b.down>>(r-c+b.n-1)&1 == 0
}

func (b *symBoard) take(r, c int) {
	b.rows |= 1 << r
	b.cols |= 1 << c
	b.up |= 1 << (r + c)
	b.down |= 1 << (r - c + b.n - 1)
}

// symFix returns the number of completions of border b on the n×n board
// (2 ≤ n ≤ 32) that the half turn maps onto themselves, and the number
// that the quarter turn does (counted only if quarter is set; 0
// otherwise). b must itself be symmetric under the half turn (and under
// the quarter turn if quarter is set). These are fix(h) of Burnside's
// count for a unit whose stabilizer holds a rotation (see CountUnit): a
// search of the symmetric solutions only, which places a queen and its
// image together (as package symcount does for the whole board), so it
// visits about the square root of the unit's nodes.
func symFix(n int, b Border, quarter bool) (fix180, fix90 uint64) {
	start := symBoard{n: n}
	if n%2 == 1 {
		// The centre square is its own image: a symmetric solution of an
		// odd board has its middle row's queen there.
		h := n / 2
		start.take(h, h)
	}
	sq, k := b.squares(n)
	for _, q := range sq[:k] {
		if !start.free(q[0], q[1]) {
			return 0, 0
		}
		start.take(q[0], q[1])
	}
	h := start
	h.half(0)
	fix180 = h.count
	if quarter && n%4 < 2 && fix180 > 0 {
		q := start
		q.quarter()
		fix90 = q.count
	}
	return fix180, fix90
}

// half counts the half-turn-symmetric completions, filling row r of the
// top half and its image row n−1−r at once. The queens so far are
// symmetric, so a square free of them has its image free too, and a
// queen and its image attack each other only on the main diagonal
// (c = r) or the anti-diagonal (c = n−1−r).
func (b *symBoard) half(r int) {
	n := b.n
	for r < n/2 && b.rows>>r&1 != 0 {
		r++
	}
	if r >= n/2 {
		b.count++
		return
	}
	m := n - 1
	full := uint64(1)<<n - 1
	open := full &^ b.cols &^ (b.up >> r) &^ (bits.Reverse64(b.down>>r) >> (64 - n))
	open &^= 1<<r | 1<<(m-r)
	rows, cols, up, down := b.rows, b.cols, b.up, b.down
	for ; open != 0; open &= open - 1 {
		c := bits.TrailingZeros64(open)
		b.rows = rows | 1<<r | 1<<(m-r)
		b.cols = cols | 1<<c | 1<<(m-c)
		b.up = up | 1<<(r+c) | 1<<(2*m-r-c)
		b.down = down | 1<<(r-c+m) | 1<<(c-r+m)
		b.half(r + 1)
	}
	b.rows, b.cols, b.up, b.down = rows, cols, up, down
}

// quarter counts the quarter-turn-symmetric completions: it places the
// orbit {(r, c), (c, m−r), (m−r, m−c), (m−c, r)} of a square of the
// first row without a queen, one square at a time so that the four are
// checked against each other.
func (b *symBoard) quarter() {
	n := b.n
	full := uint64(1)<<n - 1
	if b.rows == full {
		b.count++
		return
	}
	r := bits.TrailingZeros64(^b.rows)
	m := n - 1
	rows, cols, up, down := b.rows, b.cols, b.up, b.down
	for cs := full &^ b.cols; cs != 0; cs &= cs - 1 {
		c := bits.TrailingZeros64(cs)
		ok := true
		for _, s := range [4][2]int{{r, c}, {c, m - r}, {m - r, m - c}, {m - c, r}} {
			if !b.free(s[0], s[1]) {
				ok = false
				break
			}
			b.take(s[0], s[1])
		}
		if ok {
			b.quarter()
		}
		b.rows, b.cols, b.up, b.down = rows, cols, up, down
	}
}
