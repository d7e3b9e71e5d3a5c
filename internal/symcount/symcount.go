// Package symcount counts the solutions of the N-Queens problem that a
// rotation of the board maps onto themselves: Half(n), the solutions
// invariant under the half turn (OEIS A032522), and Quarter(n), under
// the quarter turn (A033148). With the total Q(n) they give the number of
// solutions up to the eight symmetries of the square by Burnside's lemma
// (Unique): a count of the total then gives the unique count too, at the
// cost of two searches far smaller than the total's.
//
// A symmetric solution is a union of orbits of the rotation: pairs
// {(r, c), (n-1-r, n-1-c)} for the half turn, quadruples {(r, c),
// (c, n-1-r), (n-1-r, n-1-c), (n-1-c, r)} for the quarter turn, and for
// odd n the centre square alone. The search fills the first row without a
// queen with one orbit at a time, so it visits about the square root of
// the nodes of a whole search.
package symcount

import (
	"context"
	"errors"
	"math/bits"
)

// ErrInconsistent is returned by Unique when the total and the symmetric
// counts do not add up to a multiple of 8: the total is wrong. A total
// off by a multiple of 8 adds up all the same: it is not caught, and
// gives a unique count off by an eighth of the error.
var ErrInconsistent = errors.New("the total disagrees with the rotation-symmetric solutions (Q + S180 + 2·S90 is not a multiple of 8)")

// ErrSize is returned for n outside 0..MaxN.
var ErrSize = errors.New("symcount: n is outside 0..32")

// MaxN is the largest n the counts support: a diagonal index needs 2n-1
// bits of a uint64.
const MaxN = 32

// Half returns the number of solutions of the n×n board that the half
// turn maps onto themselves, for 0 ≤ n ≤ MaxN (1 for n = 0 and n = 1).
// It checks ctx every few thousand nodes and returns ctx.Err() when it
// is done. Measured (one core, 18:50 UTC): 0.13 s at n = 20, 0.18 s at
// n = 21, 1.2 s at n = 22, 1.7 s at n = 23: about 9× per two steps.
func Half(ctx context.Context, n int) (uint64, error) {
	if n < 0 || n > MaxN {
		return 0, ErrSize
	}
	if n < 2 {
		return 1, nil
	}
	b := board{n: n, ctx: ctx}
	if n%2 == 1 {
		b.take(n/2, n/2)
	}
	b.half(0)
	return b.count, b.err
}

// Quarter returns the number of solutions of the n×n board that the
// quarter turn maps onto themselves, for 0 ≤ n ≤ MaxN (1 for n = 0 and
// n = 1; 0 for n ≡ 2, 3 mod 4, which have none). The search places four
// queens a step and is far smaller than Half's (milliseconds at n = 24).
func Quarter(n int) (uint64, error) {
	if n < 0 || n > MaxN {
		return 0, ErrSize
	}
	return count(n, true), nil
}

// Fixed returns the number of completions of the queens sq (row,
// column) on the n×n board that the half turn maps onto themselves and,
// if quarter is set, the number that the quarter turn does (0 if not
// set). sq must be mapped onto itself by the half turn (and by the
// quarter turn if quarter is set); a set that attacks itself has no
// completion. The kernel counts with it the solutions of a work unit
// that its stabilizer's rotations fix. It gives 0, 0 for n outside
// 2..MaxN.
func Fixed(n int, sq [][2]int, quarter bool) (half, quart uint64) {
	if n < 2 || n > MaxN {
		return 0, 0
	}
	start := board{n: n, ctx: context.Background()}
	if n%2 == 1 {
		// The centre is its own image: a symmetric solution of an odd
		// board has its middle row's queen there.
		start.take(n/2, n/2)
	}
	for _, q := range sq {
		if !start.free(q[0], q[1]) {
			return 0, 0
		}
		start.take(q[0], q[1])
	}
	h := start
	h.half(0)
	if quarter && n%4 < 2 && h.count > 0 {
		q := start
		q.quarter = true
		q.search()
		quart = q.count
	}
	return h.count, quart
}

// Unique returns the number of solutions up to symmetry from the total
// number of solutions q (as hi, lo words) and the symmetric counts:
//
//	U = (Q + Half + 2·Quarter) / 8
//
// Burnside's lemma over the 8 symmetries: the identity fixes all Q
// solutions, the quarter turns Quarter each, the half turn Half, and no
// reflection fixes a solution of n ≥ 2 (it would put two queens in a
// row, a column or a diagonal). The error is ErrInconsistent when the
// sum is not a multiple of 8, which exact inputs never give (the
// caller's total is wrong), ErrSize for n outside 0..MaxN, or ctx.Err().
// This is a check of the total only modulo 8: a total off by 8k passes,
// and the unique count is then off by k.
// For n < 2 the unique count is 1 (n = 0, 1) whatever q is.
func Unique(ctx context.Context, n int, hi, lo uint64) (uhi, ulo uint64, err error) {
	if n < 0 || n > MaxN {
		return 0, 0, ErrSize
	}
	if n < 2 {
		return 0, 1, nil
	}
	h, err := Half(ctx, n)
	if err != nil {
		return 0, 0, err
	}
	qt, _ := Quarter(n)
	var c uint64
	lo, c = bits.Add64(lo, h, 0)
	hi += c
	lo, c = bits.Add64(lo, 2*qt, 0)
	hi += c
	if lo&7 != 0 {
		return 0, 0, ErrInconsistent
	}
	return hi >> 3, lo>>3 | hi<<61, nil
}

// board is the search state: the rows, columns and diagonals taken.
type board struct {
	n                    int
	rows, cols, up, down uint64 // up: r+c, down: r-c+n-1
	quarter              bool
	count                uint64
	ctx                  context.Context // checked at row checkRow by half
	err                  error
}

// checkRow is the row at whose nodes half checks its context: a few
// thousand nodes at n = 20 to 24, each with a subtree of at most some
// milliseconds.
const checkRow = 3

// count is the plain orbit search (search) for either rotation; Half
// takes its faster path for n ≥ 2.
func count(n int, quarter bool) uint64 {
	if n < 0 || n > MaxN {
		return 0
	}
	if n < 2 {
		return 1
	}
	if quarter && n%4 >= 2 {
		return 0
	}
	b := board{n: n, quarter: quarter}
	if n%2 == 1 {
		// The centre is its own orbit, and every other orbit of an odd
		// board leaves the middle row's and column's centre square to it:
		// the middle row's queen (h, c) has its image in the same row
		// unless c = h.
		h := n / 2
		b.take(h, h)
	}
	b.search()
	return b.count
}

// free reports whether (r, c) is attacked by no queen on the board.
func (b *board) free(r, c int) bool {
	return b.rows>>r&1 == 0 && b.cols>>c&1 == 0 &&
		b.up>>(r+c)&1 == 0 && b.down>>(r-c+b.n-1)&1 == 0
}

func (b *board) take(r, c int) {
	b.rows |= 1 << r
	b.cols |= 1 << c
	b.up |= 1 << (r + c)
	b.down |= 1 << (r - c + b.n - 1)
}

// half is search for the half turn, row r of the top half at a time
// (skipping the rows that hold a queen already).
// The queens so far are symmetric, so a square (r, c) free of them has
// its image (n-1-r, n-1-c) free too; the pair only attacks itself when
// c = r (one main diagonal) or c = n-1-r (one anti-diagonal). So the
// columns open to row r are one mask. (Measured: 13× faster than search
// at n = 16, 5.6× at n = 20.)
func (b *board) half(r int) {
	n := b.n
	for r < n/2 && b.rows>>r&1 != 0 {
		r++ // a queen placed before the search (Fixed)
	}
	if r >= n/2 {
		b.count++
		return
	}
	if r == checkRow && b.err == nil {
		b.err = b.ctx.Err()
	}
	if b.err != nil {
		return
	}
	m := n - 1
	full := uint64(1)<<n - 1
	open := full &^ b.cols &^ (b.up >> r) &^ (bits.Reverse64(b.down>>r) >> (64 - n))
	open &^= 1<<r | 1<<(m-r)
	cols, up, down := b.cols, b.up, b.down
	for ; open != 0; open &= open - 1 {
		c := bits.TrailingZeros64(open)
		b.cols = cols | 1<<c | 1<<(m-c)
		b.up = up | 1<<(r+c) | 1<<(2*m-r-c)
		b.down = down | 1<<(r-c+m) | 1<<(c-r+m)
		b.half(r + 1)
	}
	b.cols, b.up, b.down = cols, up, down
}

// search places an orbit in the first row without a queen, for each
// column that takes one, and recurses.
func (b *board) search() {
	n := b.n
	full := uint64(1)<<n - 1
	if b.rows == full {
		b.count++
		return
	}
	r := bits.TrailingZeros64(^b.rows)
	m := n - 1
	saved := *b // the masks to restore (count only grows)
	for cs := full &^ b.cols; cs != 0; cs &= cs - 1 {
		c := bits.TrailingZeros64(cs)
		// The orbit of (r, c), placed one square at a time so that its
		// squares are checked against each other too.
		sq := [4][2]int{{r, c}, {m - r, m - c}, {c, m - r}, {m - c, r}}
		k := 2
		if b.quarter {
			k = 4
		}
		ok := true
		for _, s := range sq[:k] {
			if !b.free(s[0], s[1]) {
				ok = false
				break
			}
			b.take(s[0], s[1])
		}
		if ok {
			b.search()
		}
		b.rows, b.cols, b.up, b.down = saved.rows, saved.cols, saved.up, saved.down
	}
}
