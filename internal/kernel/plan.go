package kernel

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/nqueens/nqueens/internal/square"
)

// MaxN is the largest board the kernel counts: a row is a uint64.
const MaxN = 64

// Version names the decomposition. It changes whenever the unit list
// (or the meaning of a unit) changes for some N, so records written for
// another version are refused.
const Version = "border4-d4-v2"

// The eight symmetries of the square (internal/square), as indexes
// into a Unit's Stab bit set.
const (
	symID     = square.Identity
	symRot90  = square.Rot90
	symRot180 = square.Rot180
	symRot270 = square.Rot270
	symFlipC  = square.FlipH
	symFlipR  = square.FlipV
	symDiag   = square.Diag
	symAnti   = square.Anti
)

// apply returns the image of square (r, c) under symmetry s on a board
// whose last index is m (square.Apply).
func apply(s, m, r, c int) (int, int) { return square.Apply(s, m, r, c) }

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
// It plans on GOMAXPROCS goroutines; see NewPlanWorkers.
func NewPlan(n int) (*Plan, error) {
	return NewPlanWorkers(n, 0)
}

// NewPlanWorkers is NewPlan on at most workers goroutines (GOMAXPROCS if
// workers ≤ 0), for a count that was asked to use that many. The plan
// does not depend on workers.
func NewPlanWorkers(n, workers int) (*Plan, error) {
	if n < 0 || n > MaxN {
		return nil, fmt.Errorf("n = %d is outside 0..%d", n, MaxN)
	}
	p := &Plan{N: n}
	if n <= 1 {
		p.Units = []Unit{{ID: 0, Weight: 1, Stab: 0xff, Cost: 1}}
		return p, nil
	}
	// The classes of each top column are found by one goroutine
	// (planning is serial work before the count: 44–70 ms at N = 17,
	// against 0.76 s for the count on two workers); the sort below
	// makes the order independent of theirs.
	parts := make([][]Unit, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for range min(workers, n) {
		wg.Go(func() {
			var sc setup
			for {
				top := int(next.Add(1) - 1)
				if top >= n {
					return
				}
				parts[top] = planTop(n, top, &sc)
			}
		})
	}
	wg.Wait()
	for _, part := range parts {
		p.Units = append(p.Units, part...)
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

// planTop returns the units of NewPlan(n) found from the valid borders
// with the top queen in column top: one per class whose least border
// (the canonical one) is among them, in the orientation cheapest to
// search. sc is scratch space.
func planTop(n, top int, sc *setup) []Unit {
	var units []Unit
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
				units = append(units, orient(n, b, stab, sc))
			}
		}
	}
	return units
}

// orient returns the unit of the class whose canonical border is b,
// with stabilizer stab: the orientation of the class that is cheapest
// to search top-down (see estimate), its stabilizer, weight and cost.
// The mirror image (symFlipC) of an orientation has a mirrored search
// tree of the same size, so the four rotations are enough.
func orient(n int, b Border, stab uint8, sc *setup) Unit {
	best, bestScore, bestCost := b, math.Inf(1), 0.0
	for s := symID; s <= symRot270; s++ {
		img := b.image(n, s)
		if v, c := sc.estimate(n, img); v < bestScore {
			best, bestScore, bestCost = img, v, c
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
	return Unit{Border: best, Stab: stab, Weight: 8 / uint64(bits.OnesCount8(stab)), Cost: bestCost}
}

// UnitOf returns the unit of NewPlan(n) whose class holds the border b
// (ID 0: the plan is not listed), without listing the plan, so that a
// large n (NewPlan(64) takes seconds) can be sampled border by border.
// ok is false when b is not the border of any solution (see Border) or
// n is outside 2..MaxN.
func UnitOf(n int, b Border) (u Unit, ok bool) {
	if n < 2 || n > MaxN {
		return Unit{}, false
	}
	for _, v := range [4]int8{b.Top, b.Bottom, b.Left, b.Right} {
		if v < 0 || int(v) >= n {
			return Unit{}, false
		}
	}
	if !b.valid(n) {
		return Unit{}, false
	}
	least, stab := b, uint8(0)
	for s := range 8 {
		if img := b.image(n, s); img.less(least) {
			least = img
		}
	}
	for s := range 8 {
		if least.image(n, s) == least {
			stab |= 1 << s
		}
	}
	var sc setup
	return orient(n, least, stab, &sc), true
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

// estimate rates b as the orientation to search its class in and
// estimates the nodes of that search. Both start from the number of
// partial placements of the first d free rows (d = costDepth, less for
// large n, where planning would be slow).
//
// cost, the estimate of the nodes, multiplies that count by the product
// over the other rows of the squares the border leaves open, raised to
// costExp. Measured (Spearman rank correlation with the true node
// counts of the units, N = 13, 14, 15): with d = 4, 0.87, 0.81, 0.75;
// with d = 3, 0.73, 0.69, 0.64; the depth-3 count alone 0.67, 0.62,
// 0.56; the product of open squares over all rows 0.52, 0.47, 0.44.
// The exponent is the least-squares slope of log(nodes) against the log
// of the product (0.40..0.43).
//
// score, lower is better, is the log of the count plus orientExp times
// the log of the product over the free rows d..2m/3−1 only: the search
// goes top-down, and it visits fewer nodes when the top of the board is
// narrow. Measured (nodes summed over the units whose border has no
// rotation symmetry, relative to border4-d4-v1's choice, which was the
// smallest product of open squares over the top half of the rows; N =
// 12, 13, 14): this score 0.927, 0.914, 0.933; the same with exponent
// 0.4: 0.927, 0.915, 0.944; ending at row m/2: 0.928, 0.918, 0.934;
// with d = 3: 0.948, 0.944, 0.958; the d = 4 count alone 0.933, 0.932,
// 0.959; the oracle that searches all 8 orientations and keeps the
// cheapest 0.911, 0.891, 0.901. Measured again with the search of
// border4-d4-v2 (look-ahead, nested loops; N = 13, 14): the oracle
// 0.976, 0.968 of this score's nodes, and no exponent (0.4..1.4) or end
// row (m/2, 2m/3, m) better than 0.998. The d = 4 count costs about one
// popcount per placement of the first three rows (the last level is
// not enumerated): planning N = 17 takes 66 ms, against 72 ms for
// border4-d4-v1 (depth 3, one orientation, recursive).
func (s *setup) estimate(n int, b Border) (score, cost float64) {
	s.init(n, b)
	d := costDepth
	switch {
	case s.n > 32:
		d = 1
	case s.n > 20:
		d = 2 // planning N = 40 took 65 s with depth 3
	}
	d = min(d, s.m)
	var cnt int
	if d == 4 {
		cnt = s.count4()
	} else {
		cnt = s.countDepth(0, d, s.col, 0, 0)
	}
	if cnt == 0 {
		return math.Inf(-1), 0.5 // no solution in any orientation: nothing to search
	}
	logc := math.Log(float64(cnt))
	score = logc
	for k := d; k < s.m; k++ {
		if open := bits.OnesCount64(s.full &^ (s.col | s.mask[k])); open > 0 {
			lo := math.Log(float64(open))
			logc += costExp * lo
			if k < 2*s.m/3 {
				score += orientExp * lo
			}
		}
	}
	return score, math.Exp(logc)
}

const (
	costDepth = 4
	costExp   = 0.4
	orientExp = 0.7
)

// countDepth returns the number of placements of free rows k..d−1 that
// extend the masks c, l, r (1 when k = d). The last row is counted, not
// enumerated.
func (s *setup) countDepth(k, d int, c, l, r uint64) int {
	if k == d {
		return 1
	}
	f := s.full &^ (c | l | r | s.mask[k])
	if k == d-1 {
		return bits.OnesCount64(f)
	}
	cnt := 0
	for f != 0 {
		bit := f & -f
		f ^= bit
		sh := s.shift[k]
		cnt += s.countDepth(k+1, d, c|bit, (l|bit)<<sh, (r|bit)>>sh)
	}
	return cnt
}

// count4 is countDepth(0, 4, s.col, 0, 0) with the loops written out
// (3.5× faster; it is most of the planning time).
func (s *setup) count4() int {
	full := s.full
	m0, m1, m2, m3 := s.mask[0], s.mask[1], s.mask[2], s.mask[3]
	s0, s1, s2 := s.shift[0]&63, s.shift[1]&63, s.shift[2]&63
	cnt := 0
	for f0 := full &^ (s.col | m0); f0 != 0; f0 &= f0 - 1 {
		b0 := f0 & -f0
		c0, l0, r0 := s.col|b0, b0<<s0, b0>>s0
		for f1 := full &^ (c0 | l0 | r0 | m1); f1 != 0; f1 &= f1 - 1 {
			b1 := f1 & -f1
			c1, l1, r1 := c0|b1, (l0|b1)<<s1, (r0|b1)>>s1
			for f2 := full &^ (c1 | l1 | r1 | m2); f2 != 0; f2 &= f2 - 1 {
				b2 := f2 & -f2
				cnt += bits.OnesCount64(full &^ (c1 | b2 | (l1|b2)<<s2 | (r1|b2)>>s2 | m3))
			}
		}
	}
	return cnt
}
