package construct

// Exists reports whether an n×n board has a solution: true for n = 1 and
// n ≥ 4, false for n = 2, 3 and for n ≤ 0.
func Exists(n int) bool { return n == 1 || n >= 4 }

// Column returns the zero-based column of the queen in zero-based row row
// of the package's solution for an n×n board. It returns -1 if n has no
// solution (see Exists) or row is not in [0, n). Column(1, 0) is 0.
func Column(n, row int) int {
	if !Exists(n) || row < 0 || row >= n {
		return -1
	}
	m := n / 2
	e := 2 * m // side of the even board
	if row == e {
		return e // odd n: the corner
	}
	if m%3 != 1 { // pattern A
		if row < m {
			return 2*row + 1
		}
		return 2 * (row - m)
	}
	// pattern B
	if row < m {
		return (2*row + m - 1) % e
	}
	s := e - 1 - row
	return e - 1 - (2*s+m-1)%e
}

// A Run is a block of consecutive rows whose columns grow by 2 per row:
// rows Row, Row+1, …, Row+Len-1 hold columns Col, Col+2, …, Col+2(Len-1).
type Run struct {
	Row, Col, Len int
}

// Runs returns the package's solution for an n×n board as runs in row
// order: four runs for pattern B, two for pattern A, plus a one-row run
// for the corner when n is odd. It returns nil if n has no solution; for
// n = 1 it returns the single run {0, 0, 1}. Runs of length 0 are left out.
func Runs(n int) []Run {
	if !Exists(n) {
		return nil
	}
	if n == 1 {
		return []Run{{0, 0, 1}}
	}
	m := n / 2
	e := 2 * m
	var rs []Run
	if m%3 != 1 {
		rs = []Run{{0, 1, m}, {m, 0, m}}
	} else {
		// Rows r < w of the first half do not wrap: 2r + m - 1 < 2m.
		w := (m + 2) / 2
		rs = []Run{
			{0, m - 1, w},
			{w, 2*w - m - 1, m - w},
			{m, m + 2, m - w},
			{e - w, m - 2*w + 2, w},
		}
	}
	if n > e {
		rs = append(rs, Run{e, e, 1})
	}
	out := rs[:0]
	for _, r := range rs {
		if r.Len > 0 {
			out = append(out, r)
		}
	}
	return out
}
