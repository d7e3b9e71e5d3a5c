package classic

import "math/bits"

// Bitboard keeps the attacked squares of the current row in three bit
// masks — columns, "/" diagonals and "\" diagonals — where bit c stands
// for column c. Going down a row shifts the diagonal masks by one, so
// the free squares are the complement of their union and the search
// visits only those, lowest column first. Each free square visited is
// both a candidate and a node; a row with no free square is a DeadEnd
// event.
func (s *Search) Bitboard() error {
	if err := s.start(); err != nil {
		return err
	}
	var full uint64 = 1<<uint(s.N) - 1
	if s.N == 64 {
		full = ^uint64(0)
	}
	s.bitboard(0, full, 0, 0, 0)
	return s.finish()
}

func (s *Search) bitboard(r int, full, cols, left, right uint64) {
	if r == s.N {
		s.solution()
		return
	}
	free := full &^ (cols | left | right)
	if free == 0 && s.Trace != nil {
		s.emit(DeadEnd, r, -1, -1, -1, r)
	}
	for free != 0 && !s.stop {
		bit := free & -free
		free &^= bit
		c := bits.TrailingZeros64(bit)
		s.Stats.Candidates++
		s.place(r, c)
		s.bitboard(r+1, full, cols|bit, (left|bit)<<1&full, (right|bit)>>1)
		s.remove(r, c)
	}
}
