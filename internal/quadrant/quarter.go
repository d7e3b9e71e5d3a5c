package quadrant

import "math/bits"

// quarter holds every partial placement of non-attacking queens on an h×h
// square (a quadrant), grouped by the pair (rows used, columns used).
//
// A placement is stored as one uint64 in quadrant-local coordinates: bits
// 0..2h-2 are the occupied "main" diagonals (local index i-j+h-1 for a
// queen at local row i, column j) and bits 32..32+2h-2 the occupied "anti"
// diagonals (local index i+j). The same table serves all four quadrants of
// the board: a quadrant whose top-left square is (r0, c0) turns a local
// main index m into the board's main index m + r0-c0+N-h and a local anti
// index a into a + r0+c0 (frame.offM and offA; the projections of
// proj.go, projsub.go and stream.go shift a placement's diagonals so).
//
// The placements of bucket (rows, cols) are diags[start[k]:start[k+1]] with
// k = rows<<h | cols. Only buckets with popcount(rows) == popcount(cols)
// are non-empty.
type quarter struct {
	h     int
	start []uint32 // len 1<<(2h) + 1
	diags []uint64
}

// antiShift is the bit offset of the anti-diagonal half of a stored placement.
const antiShift = 32

// quarterSize returns the number of placements newQuarter(h) stores, without
// storing them. It is the total number of sets of non-attacking queens on an
// h×h board: 1, 2, 5, 18, ... (h = 0, 1, 2, 3); 7,535,369 for h = 10.
func quarterSize(h int) uint64 {
	var total uint64
	walkQuarter(h, func(rows, cols uint32, d uint64) { total++ })
	return total
}

// walkQuarter calls f for every placement of non-attacking queens on an
// h×h board, rows in increasing order, with its row set, column set and
// packed diagonals.
func walkQuarter(h int, f func(rows, cols uint32, d uint64)) {
	full := uint32(1)<<h - 1
	var rec func(i int, rows, cols, ld, rd uint32, d uint64)
	// ld, rd: columns of row i attacked along the two diagonal directions.
	rec = func(i int, rows, cols, ld, rd uint32, d uint64) {
		if i == h {
			f(rows, cols, d)
			return
		}
		rec(i+1, rows, cols, (ld<<1)&full, rd>>1, d)
		for free := full &^ (cols | ld | rd); free != 0; free &= free - 1 {
			j := bits.TrailingZeros32(free)
			b := uint32(1) << j
			m := uint64(1) << (i - j + h - 1)
			a := uint64(1) << (antiShift + i + j)
			rec(i+1, rows|1<<i, cols|b, ((ld|b)<<1)&full, (rd|b)>>1, d|m|a)
		}
	}
	rec(0, 0, 0, 0, 0, 0)
}

// newQuarter enumerates all placements on an h×h quadrant, 1 <= h <= 15.
func newQuarter(h int) *quarter {
	nb := 1 << (2 * h)
	start := make([]uint32, nb+1)
	walkQuarter(h, func(rows, cols uint32, d uint64) {
		start[(int(rows)<<h|int(cols))+1]++
	})
	for k := 1; k <= nb; k++ {
		start[k] += start[k-1]
	}
	diags := make([]uint64, start[nb])
	fill := make([]uint32, nb)
	copy(fill, start[:nb])
	walkQuarter(h, func(rows, cols uint32, d uint64) {
		k := int(rows)<<h | int(cols)
		diags[fill[k]] = d
		fill[k]++
	})
	return &quarter{h: h, start: start, diags: diags}
}

// bucket returns the placements that use exactly the local rows and columns
// given. The slice aliases the table and must not be modified.
func (q *quarter) bucket(rows, cols uint32) []uint64 {
	k := int(rows)<<q.h | int(cols)
	return q.diags[q.start[k]:q.start[k+1]]
}

// bytes is the memory the table holds.
func (q *quarter) bytes() uint64 {
	return uint64(len(q.start))*4 + uint64(len(q.diags))*8
}
