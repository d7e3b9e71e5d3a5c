package kernel

import (
	"math/bits"
	"math/rand/v2"
	"unsafe"
)

// WaveBytes is the memory of the wave's buffers, which a Worker
// allocates on its first unit of N ≤ 32.
const WaveBytes = uint64(unsafe.Sizeof(waveBufs{}))

// MinProbeRows is the fewest free rows Probe leaves for the search.
const MinProbeRows = nestTop - 1

// FreeRows returns the number of rows of an n×n board that the search of
// unit u fills: all but the rows of its border queens.
func (u *Unit) FreeRows(n int) int {
	if n <= 1 {
		return 0
	}
	var s setup
	s.init(n, u.Border)
	return s.m
}

// Probe measures a random part of unit u's search, for estimating its
// cost without counting it (Knuth's estimator, "partial backtracking"):
// it fills the unit's free rows from the top, each with a queen on a
// square drawn uniformly from the row's free squares, until rows free
// rows are left (at least MinProbeRows), and counts that subtree with
// the search CountUnit uses (the wave for n ≤ 32; the rotation
// symmetries of u are not counted) for its solutions sols (not
// weighted by u.Weight) and nodes. weight is the product of the numbers
// of squares drawn from, 1 when the unit has no more than rows free rows
// (then the whole unit is searched), and 0 when the descent met a row
// with no free square (nothing is searched). Over the random draws,
// weight times the cost of the subtree searched (its nodes, or the time
// the caller measures) has the expected value of the cost of the unit's
// search below the rows filled, which is all of it but the few nodes of
// those rows. ok is false when w.Stop was set during the search.
func (w *Worker) Probe(n int, u *Unit, rows int, rnd *rand.Rand) (weight float64, sols, nodes uint64, ok bool) {
	if n <= 1 {
		return 1, 1, uint64(n), true
	}
	s := &w.s
	s.init(n, u.Border)
	rows = max(rows, MinProbeRows)
	weight = 1
	for s.m > rows {
		f := s.full &^ (s.col | s.mask[0])
		k := bits.OnesCount64(f)
		if k == 0 {
			return 0, 0, 0, true
		}
		weight *= float64(k)
		for i := rnd.IntN(k); i > 0; i-- {
			f &= f - 1
		}
		s.place(f & -f)
	}
	if s.m < MinProbeRows {
		// A small unit (N ≤ 12): the slow search, as CountUnit.
		sols, _, _, nodes, ok = w.searchSym(u)
		return weight, sols, nodes, ok
	}
	if n <= waveMaxN {
		sols, nodes, ok = w.searchWave()
	} else {
		sols, nodes, ok = w.search()
	}
	return weight, sols, nodes, ok
}

// place puts a queen on square bit of the first free row of s, which
// then has one free row fewer: its column and the squares its diagonals
// reach in the rows below are taken.
func (s *setup) place(bit uint64) {
	r0 := int(s.rows[0])
	s.col |= bit
	for k := 1; k < s.m; k++ {
		d := uint(int(s.rows[k])-r0) & 63
		s.rows[k-1] = s.rows[k]
		s.mask[k-1] = (s.mask[k] | bit<<d | bit>>d) & s.full &^ s.col
		s.shift[k-1] = s.shift[k]
	}
	s.m--
	if s.m > 0 {
		s.shift[s.m-1] = 0
	}
}
