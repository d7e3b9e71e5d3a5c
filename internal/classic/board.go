package classic

// Matrix keeps the position in an N×N matrix, as the C++ tutorial does.
// For each square of the current row, left to right, it scans the
// column above the square and both diagonals going up; a square with
// no queen on them takes one and the search moves to the next row. Every
// square tested is a candidate, so N = 8 tests 15,720 squares.
func (s *Search) Matrix() error {
	if err := s.start(); err != nil {
		return err
	}
	board := make([]bool, s.N*s.N)
	s.board(0, board)
	return s.finish()
}

func (s *Search) board(r int, board []bool) {
	if r == s.N {
		s.solution()
		return
	}
	n := s.N
	for c := 0; c < n && !s.stop; c++ {
		s.Stats.Candidates++
		if s.Trace != nil {
			s.emit(Try, r, c, -1, -1, r)
		}
		if br, bc := boardAttacker(board, n, r, c); br >= 0 {
			if s.Trace != nil {
				s.emit(Conflict, r, c, br, bc, r)
			}
			continue
		}
		board[r*n+c] = true
		s.place(r, c)
		s.board(r+1, board)
		s.remove(r, c)
		board[r*n+c] = false
	}
}

// boardAttacker returns the nearest queen above (r, c) on its column or
// a diagonal, scanning column, then the left diagonal, then the right
// one; (-1, -1) when the square is safe.
func boardAttacker(board []bool, n, r, c int) (int, int) {
	for i := r - 1; i >= 0; i-- {
		if board[i*n+c] {
			return i, c
		}
	}
	for i, j := r-1, c-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if board[i*n+j] {
			return i, j
		}
	}
	for i, j := r-1, c+1; i >= 0 && j < n; i, j = i-1, j+1 {
		if board[i*n+j] {
			return i, j
		}
	}
	return -1, -1
}
