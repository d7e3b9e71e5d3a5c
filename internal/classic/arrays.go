package classic

// Arrays marks the columns and the two diagonal directions in three
// arrays, as the Polish and Italian tutorials do: the "/" diagonal of
// (r, c) is r+c and the "\" diagonal is r−c+N−1, so testing a square
// costs three lookups. The arrays hold the occupant's row plus one
// (0 = free) so that a conflict can name the attacking queen. Every
// square tested is a candidate, as for Matrix.
func (s *Search) Arrays() error {
	if err := s.start(); err != nil {
		return err
	}
	n := s.N
	a := arrays{col: make([]int, n), anti: make([]int, 2*n), diag: make([]int, 2*n)}
	s.arrays(0, &a)
	return s.finish()
}

type arrays struct {
	col, anti, diag []int
}

func (s *Search) arrays(r int, a *arrays) {
	n := s.N
	if r == n {
		s.solution()
		return
	}
	for c := 0; c < n && !s.stop; c++ {
		s.Stats.Candidates++
		if s.Trace != nil {
			s.emit(Try, r, c, -1, -1, r)
		}
		by := a.col[c]
		if by == 0 {
			by = a.anti[r+c]
		}
		if by == 0 {
			by = a.diag[r-c+n-1]
		}
		if by != 0 {
			if s.Trace != nil {
				s.emit(Conflict, r, c, by-1, s.cols[by-1], r)
			}
			continue
		}
		a.col[c], a.anti[r+c], a.diag[r-c+n-1] = r+1, r+1, r+1
		s.place(r, c)
		s.arrays(r+1, a)
		s.remove(r, c)
		a.col[c], a.anti[r+c], a.diag[r-c+n-1] = 0, 0, 0
	}
}
