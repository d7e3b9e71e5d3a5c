package completion

import (
	"context"
	"math/bits"
	"slices"
)

// rowOrderCount is the baseline: a plain row-by-row bitset backtracker,
// the strategy of the authors' shiftqueens, which places a queen in each
// open row in turn from the top and sees a dead column only when no row
// can take it. It returns the number of completions and the queens placed.
func rowOrderCount(ctx context.Context, b *Board) (uint64, uint64) {
	if b.Check() != nil {
		return 0, 0
	}
	n := b.N
	full := fullMask(n)
	var given [MaxN]int
	for r := range given {
		given[r] = -1
	}
	var cols uint64
	for _, q := range b.Queens {
		given[q.Row] = q.Col
		cols |= 1 << uint(q.Col)
	}
	var count, nodes uint64
	var rec func(r int, cols, dl, dr uint64)
	// dl and dr are the diagonals of the queens above, shifted one column
	// per row as in the classic kernel. The given queens' diagonals also
	// reach the rows above them, so precompute, per row, the squares the
	// given queens attack.
	var att [MaxN]uint64
	for _, q := range b.Queens {
		for r := range n {
			d := r - q.Row
			att[r] |= 1<<uint(q.Col+d) | 1<<uint(q.Col-d)
		}
	}
	rec = func(r int, cols, dl, dr uint64) {
		if r == n {
			count++
			return
		}
		if c := given[r]; c >= 0 {
			rec(r+1, cols, (dl|1<<uint(c))<<1, (dr|1<<uint(c))>>1)
			return
		}
		free := full &^ (cols | dl | dr | b.Blocked[r] | att[r])
		for free != 0 {
			c := bits.TrailingZeros64(free)
			free &= free - 1
			nodes++
			rec(r+1, cols|1<<uint(c), (dl|1<<uint(c))<<1, (dr|1<<uint(c))>>1)
		}
	}
	rec(0, cols, 0, 0)
	return count, nodes
}

// rowOrderFirst is rowOrderCount stopping at the first completion: it
// reports whether one exists and the queens placed.
func rowOrderFirst(ctx context.Context, b *Board) (bool, uint64) {
	if b.Check() != nil {
		return false, 0
	}
	n := b.N
	full := fullMask(n)
	var given [MaxN]int
	for r := range given {
		given[r] = -1
	}
	var cols uint64
	var att [MaxN]uint64
	for _, q := range b.Queens {
		given[q.Row] = q.Col
		cols |= 1 << uint(q.Col)
		for r := range n {
			d := r - q.Row
			att[r] |= 1<<uint(q.Col+d) | 1<<uint(q.Col-d)
		}
	}
	var nodes uint64
	stop := false
	var rec func(r int, cols, dl, dr uint64) bool
	rec = func(r int, cols, dl, dr uint64) bool {
		if r == n {
			return true
		}
		if stop {
			return false
		}
		if c := given[r]; c >= 0 {
			return rec(r+1, cols, (dl|1<<uint(c))<<1, (dr|1<<uint(c))>>1)
		}
		free := full &^ (cols | dl | dr | b.Blocked[r] | att[r])
		for free != 0 {
			c := bits.TrailingZeros64(free)
			free &= free - 1
			nodes++
			if nodes&(1<<14-1) == 0 && ctx.Err() != nil {
				stop = true
				return false
			}
			if rec(r+1, cols|1<<uint(c), (dl|1<<uint(c))<<1, (dr|1<<uint(c))>>1) {
				return true
			}
		}
		return false
	}
	return rec(0, cols, 0, 0), nodes
}

// rowOrderResult is what rowOrderSolve found.
type rowOrderResult struct {
	sols  [][]int // the completions found, in lexicographic order
	all   bool    // the search ran to its end: sols are every completion
	nodes uint64
}

// rowOrderSolve is the row-order baseline as a test oracle for boards too
// large for brute force: it lists b's completions (columns by row) in
// lexicographic order, stopping after the first most of them or after
// limit queens placed. It shares no code with the solver under test; the
// given queens' squares and every square it uses are taken from b, and
// the completions are checked independently (checkCompletion).
func rowOrderSolve(b *Board, most int, limit uint64) rowOrderResult {
	n := b.N
	full := ^uint64(0) >> uint(64-n)
	given := make([]int, n)
	for r := range given {
		given[r] = -1
	}
	var cols uint64
	att := make([]uint64, n)
	for _, q := range b.Queens {
		given[q.Row] = q.Col
		cols |= 1 << uint(q.Col)
		for r := range n {
			d := r - q.Row
			att[r] |= 1<<uint(q.Col+d) | 1<<uint(q.Col-d)
		}
	}
	var res rowOrderResult
	sol := make([]int, n)
	stop := false
	var rec func(r int, cols, dl, dr uint64)
	rec = func(r int, cols, dl, dr uint64) {
		if r == n {
			res.sols = append(res.sols, slices.Clone(sol))
			stop = len(res.sols) >= most
			return
		}
		if c := given[r]; c >= 0 {
			sol[r] = c
			rec(r+1, cols, (dl|1<<uint(c))<<1, (dr|1<<uint(c))>>1)
			return
		}
		for free := full &^ (cols | dl | dr | b.Blocked[r] | att[r]); free != 0 && !stop; free &= free - 1 {
			if res.nodes++; res.nodes > limit {
				stop = true
				return
			}
			c := bits.TrailingZeros64(free)
			sol[r] = c
			rec(r+1, cols|1<<uint(c), (dl|1<<uint(c))<<1, (dr|1<<uint(c))>>1)
		}
	}
	rec(0, cols, 0, 0)
	res.all = !stop
	return res
}
