package classic

// Permutation enumerates the N! permutations of the columns in
// lexicographic order, a queen per row on a column no earlier row uses,
// and tests the diagonals of each complete permutation by comparing
// every pair of queens, as the C# tutorial's Check_8_regine does. Each
// complete permutation is one candidate: N = 8 gives 40,320 candidates
// and 92 solutions. N = 0 has one candidate, the empty board, which is a
// solution.
func (s *Search) Permutation() error {
	if err := s.start(); err != nil {
		return err
	}
	used := make([]bool, s.N)
	s.perm(0, used)
	return s.finish()
}

func (s *Search) perm(r int, used []bool) {
	if r == s.N {
		s.Stats.Candidates++
		for i := 0; i < s.N; i++ {
			for j := i + 1; j < s.N; j++ {
				d := s.cols[i] - s.cols[j]
				if d == j-i || d == i-j {
					if s.Trace != nil {
						s.emit(Conflict, j, s.cols[j], i, s.cols[i], s.N)
					}
					return
				}
			}
		}
		s.solution()
		return
	}
	for c := 0; c < s.N && !s.stop; c++ {
		if used[c] {
			continue
		}
		used[c] = true
		s.place(r, c)
		s.perm(r+1, used)
		s.remove(r, c)
		used[c] = false
	}
}
