package kernel

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// MaxN is the largest board the kernel counts: a row is a uint64.
const MaxN = 64

// Version names the decomposition. It changes whenever the unit list
// (or the meaning of a unit) changes for some N, so records written for
// another version are refused.
const Version = "border4-d4-v1"

// The eight symmetries of the square, as indexes into a Unit's Stab
// bit set. Square (r, c) of an n×n board goes to
//
//	symID  (r, c)      symRot90  (c, m−r)    symRot180 (m−r, m−c)
//	symRot270 (m−c, r) symFlipC  (r, m−c)    symFlipR  (m−r, c)
//	symDiag (c, r)     symAnti   (m−c, m−r)
//
// with m = n−1.
const (
	symID = iota
	symRot90
	symRot180
	symRot270
	symFlipC
	symFlipR
	symDiag
	symAnti
)

// apply returns the image of square (r, c) under symmetry s on a board
// whose last index is m.
func apply(s, m, r, c int) (int, int) {
	switch s {
	case symRot90:
		return c, m - r
	case symRot180:
		return m - r, m - c
	case symRot270:
		return m - c, r
	case symFlipC:
		return r, m - c
	case symFlipR:
		return m - r, c
	case symDiag:
		return c, r
	case symAnti:
		return m - c, m - r
	}
	return r, c
}

// A Border is where the queens on the four edges of the board stand.
// Every solution (N ≥ 1) has exactly one queen in the top row, the
// bottom row, the left column and the right column; a queen in a corner
// is two of them at once.
type Border struct {
	Top    int8 // column of the queen in row 0
	Bottom int8 // column of the queen in row N−1
	Left   int8 // row of the queen in column 0
	Right  int8 // row of the queen in column N−1
}

// squares returns the distinct squares of b's queens (2 to 4 of them).
func (b Border) squares(n int) (sq [4][2]int, k int) {
	m := n - 1
	add := func(r, c int) {
		for i := range k {
			if sq[i] == [2]int{r, c} {
				return
			}
		}
		sq[k] = [2]int{r, c}
		k++
	}
	add(0, int(b.Top))
	add(m, int(b.Bottom))
	add(int(b.Left), 0)
	add(int(b.Right), m)
	return sq, k
}

// image returns the border of the image under symmetry s of every
// solution whose border is b.
func (b Border) image(n, s int) Border {
	m := n - 1
	sq, k := b.squares(n)
	var out Border
	for _, q := range sq[:k] {
		r, c := apply(s, m, q[0], q[1])
		if r == 0 {
			out.Top = int8(c)
		}
		if r == m {
			out.Bottom = int8(c)
		}
		if c == 0 {
			out.Left = int8(r)
		}
		if c == m {
			out.Right = int8(r)
		}
	}
	return out
}

func (b Border) less(o Border) bool {
	return cmp.Or(cmp.Compare(b.Top, o.Top), cmp.Compare(b.Bottom, o.Bottom),
		cmp.Compare(b.Left, o.Left), cmp.Compare(b.Right, o.Right)) < 0
}

// valid reports whether b can be the border of a solution: corner
// queens are shared consistently and no two of its queens attack.
func (b Border) valid(n int) bool {
	m := int8(n - 1)
	if (b.Top == 0) != (b.Left == 0) || (b.Top == m) != (b.Right == 0) ||
		(b.Bottom == 0) != (b.Left == m) || (b.Bottom == m) != (b.Right == m) {
		return false
	}
	sq, k := b.squares(n)
	for i := range k {
		for j := range i {
			dr, dc := sq[i][0]-sq[j][0], sq[i][1]-sq[j][1]
			if dr == 0 || dc == 0 || dr == dc || dr == -dc {
				return false
			}
		}
	}
	return true
}

// A Unit is an independent piece of a count: the solutions whose
// border queens stand as in Border, where Border is the smallest of its
// eight images under the symmetries of the square. A unit counts its
// solutions c and contributes Weight·c to the total and the number of
// classes it meets to the unique count (see doc.go).
type Unit struct {
	ID     int     // position in Plan.Units, stable for a given N and Version
	Border Border  // the pre-placed queens
	Weight uint64  // 8 / |Stab|: the size of the border's orbit
	Stab   uint8   // bit s set when symmetry s maps Border to itself
	Cost   float64 // expected relative cost (about the nodes searched); Units are sorted by it, largest first
}

// A Plan is the list of units that together count every solution of an
// N×N board once.
type Plan struct {
	N     int
	Units []Unit
}

// NewPlan returns the decomposition for n: one unit per class of
// borders under the symmetries of the square, sorted by expected cost,
// largest first, ties broken by Border. It fails for n outside 0..MaxN.
// For n = 0 and n = 1 the plan is a single unit counting the one
// solution; for n = 2 and n = 3 it has no units (no border is valid).
func NewPlan(n int) (*Plan, error) {
	if n < 0 || n > MaxN {
		return nil, fmt.Errorf("n = %d is outside 0..%d", n, MaxN)
	}
	p := &Plan{N: n}
	if n <= 1 {
		p.Units = []Unit{{ID: 0, Weight: 1, Stab: 0xff, Cost: 1}}
		return p, nil
	}
	var sc setup
	for top := range n {
		for bottom := range n {
			for left := range n {
				for right := range n {
					b := Border{int8(top), int8(bottom), int8(left), int8(right)}
					if !b.valid(n) {
						continue
					}
					canonical, stab := true, uint8(1)
					for s := 1; s < 8; s++ {
						img := b.image(n, s)
						if img.less(b) {
							canonical = false
							break
						}
						if img == b {
							stab |= 1 << s
						}
					}
					if !canonical {
						continue
					}
					// Search the orientation of the class that is
					// cheapest to search top-down (see orientScore).
					best, bestScore := b, sc.orientScore(n, b)
					for s := 1; s < 8; s++ {
						img := b.image(n, s)
						if v := sc.orientScore(n, img); v > bestScore {
							best, bestScore = img, v
						}
					}
					if best != b {
						stab = 0
						for s := range 8 {
							if best.image(n, s) == best {
								stab |= 1 << s
							}
						}
					}
					u := Unit{Border: best, Stab: stab, Weight: 8 / uint64(bits.OnesCount8(stab))}
					sc.init(n, best)
					u.Cost = sc.cost()
					p.Units = append(p.Units, u)
				}
			}
		}
	}
	slices.SortStableFunc(p.Units, func(x, y Unit) int {
		if c := cmp.Compare(y.Cost, x.Cost); c != 0 {
			return c
		}
		if x.Border.less(y.Border) {
			return -1
		}
		return 1
	})
	for i := range p.Units {
		p.Units[i].ID = i
	}
	return p, nil
}

// Digest returns a short hex digest of the plan's settings and unit list,
// so that records of different plans are never mixed.
func (p *Plan) Digest() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s n=%d units=%d\n", Version, p.N, len(p.Units))
	for _, u := range p.Units {
		b := u.Border
		fmt.Fprintf(h, "%d %d %d %d %d %d %d\n", u.ID, b.Top, b.Bottom, b.Left, b.Right, u.Weight, u.Stab)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// A setup is a unit translated for the search: the rows left free by
// the border queens, the squares those queens attack in each, and how
// far the diagonal masks shift from one free row to the next.
type setup struct {
	n    int
	m    int    // number of free rows
	full uint64 // the n low bits
	col  uint64 // columns taken by the border queens
	// For free row k (k < m): rows[k] is its board row, mask[k] the
	// squares of that row attacked along a diagonal by a border queen,
	// shift[k] = rows[k+1] − rows[k] (0 for the last one).
	rows  [MaxN]int8
	mask  [MaxN]uint64
	shift [MaxN]uint8
}

func (s *setup) init(n int, b Border) {
	s.n = n
	s.full = ^uint64(0) >> (64 - uint(n))
	sq, k := b.squares(n)
	s.col = 0
	for _, q := range sq[:k] {
		s.col |= 1 << uint(q[1])
	}
	m := 0
	for r := 1; r < n-1; r++ {
		if r == int(b.Left) || r == int(b.Right) {
			continue
		}
		var att uint64
		for _, q := range sq[:k] {
			d := r - q[0]
			if d < 0 {
				d = -d
			}
			if c := q[1] - d; c >= 0 {
				att |= 1 << uint(c)
			}
			if c := q[1] + d; c < n {
				att |= 1 << uint(c)
			}
		}
		s.rows[m] = int8(r)
		s.mask[m] = att &^ s.col & s.full
		s.shift[m] = 0
		if m > 0 {
			s.shift[m-1] = uint8(r - int(s.rows[m-1]))
		}
		m++
	}
	s.m = m
}

// cost estimates the nodes the unit's search visits: the number of
// partial placements on the first costDepth free rows, times the
// product over the other rows of the squares the border leaves open,
// raised to costExp.
//
// Measured (Spearman rank correlation with the true node counts of the
// units, N = 13, 14, 15): this estimate 0.73, 0.69, 0.64; the same with
// depth 4: 0.87, 0.81, 0.75 (but 9× the planning time); the depth-3
// count alone 0.67, 0.62, 0.56; the product of open squares over all
// rows 0.52, 0.47, 0.44. The exponent is the least-squares slope of
// log(nodes) against the log of the product (0.40..0.43).
func (s *setup) cost() float64 {
	d := costDepth
	switch {
	case s.n > 32:
		d = 1
	case s.n > 20:
		d = 2 // planning N = 40 took 65 s with depth 3
	}
	d = min(d, s.m)
	logc := math.Log(float64(s.countDepth(0, d, s.col, 0, 0)) + 0.5)
	for k := d; k < s.m; k++ {
		if open := bits.OnesCount64(s.full &^ (s.col | s.mask[k])); open > 0 {
			logc += costExp * math.Log(float64(open))
		}
	}
	return math.Exp(logc)
}

const (
	costDepth = 3
	costExp   = 0.4
)

// countDepth returns the number of placements of free rows k..d−1 that
// extend the masks c, l, r (1 when k = d).
func (s *setup) countDepth(k, d int, c, l, r uint64) int {
	if k == d {
		return 1
	}
	f := s.full &^ (c | l | r | s.mask[k])
	cnt := 0
	for f != 0 {
		bit := f & -f
		f ^= bit
		sh := s.shift[k]
		cnt += s.countDepth(k+1, d, c|bit, (l|bit)<<sh, (r|bit)>>sh)
	}
	return cnt
}

// orientScore rates b as the orientation to search a class of borders
// in: the search goes top-down, and it visits fewer nodes when the top
// half of the free rows is narrow. The score is −Σ log(open squares) over
// the top half of the free rows, in millionths.
//
// Measured (nodes summed over all units, relative to always searching
// the lexicographically smallest border): N = 12..15: this score 0.63,
// 0.63, 0.63, 0.64; the best of the 8 orientations per unit (an oracle,
// found by searching all 8) 0.58, 0.56, 0.57, 0.57; the orientation with
// the fewest nodes in a depth-4 partial search 0.59..0.62 (too slow to
// compute for every unit at plan time); the sum of open squares in the
// top half 0.63..0.65; open squares of the first 3 rows 0.68..0.71;
// the largest product over all rows 0.77..0.85.
func (s *setup) orientScore(n int, b Border) int64 {
	s.init(n, b)
	v := 0.0
	for k := range s.m / 2 {
		open := bits.OnesCount64(s.full &^ (s.col | s.mask[k]))
		if open == 0 {
			return math.MaxInt64 // no solution: any orientation, nothing to search
		}
		v -= math.Log(float64(open))
	}
	return int64(math.Round(v * 1e6))
}
