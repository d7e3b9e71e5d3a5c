package quadrant

import (
	"fmt"
	"math/bits"
)

// Quadrant positions. The board is cut into a top and a bottom band of h
// rows and a west and an east band of h columns; for odd N the middle row
// and the middle column are left out and hold the fixed queens of a frame.
const (
	nw = iota // top, west
	ne        // top, east
	sw        // bottom, west
	se        // bottom, east
)

// frame is one counting subproblem: an N×N board, zero, one or two fixed
// queens on the middle row and column (odd N only), and the four h×h
// quadrants that hold all other queens. count(frame) is the number of
// solutions of the board that contain the fixed queens.
type frame struct {
	n, h   int
	r0, c0 [4]int // top-left square of each quadrant
	offM   [4]int // local main index + offM = board main index
	offA   [4]int // local anti index + offA = board anti index

	rows, cols     uint64 // board rows and columns left for the quadrants
	blockM, blockA uint64 // board diagonals taken by the fixed queens
	fixed          [][2]int

	k      int    // queens in the east band = |E|
	weight uint64 // number of frames in the symmetry class of this one
	sym    symmetry

	// bandCols: the free columns of the west and the east band; surv:
	// their survival tables (splitSizes).
	bandCols [2]int
	surv     [2]*survTable
	// subsets[side][k]: the subsets of the free columns of the west
	// (side 0) or east (1) band, local to the band, with k columns, in
	// increasing order: the column sets a half's top quadrant can take
	// (appendHalfProj, appendHalf, halfBoundUnits), listed once instead
	// of filtering all 2^h subsets of the band per half-board.
	subsets [2][][]uint32

	// The diagonals both halves can reach: west and east patterns are
	// projected onto these windows (board index lo .. lo+width-1).
	loM, loA       int
	widthM, widthA int
}

// symmetry says which symmetries of the board a frame folds away.
type symmetry int

const (
	// symNone: each row split is counted.
	symNone symmetry = iota
	// symMirrors: the frame is fixed by both mirrors; a row split E, its
	// reversal and the reversals of the other free rows form one class.
	symMirrors
	// symDiagonals: even N. The row mirror folds E with its reversal, and
	// the two transpositions fold the long diagonals: see longDiagonals.
	symDiagonals
)

func newFrame(n int, fixed [][2]int, weight uint64, sym symmetry) *frame {
	h := n / 2
	f := &frame{n: n, h: h, fixed: fixed, weight: weight, sym: sym}
	far := n - h // first row of the bottom band, first column of the east band
	f.r0 = [4]int{0, 0, far, far}
	f.c0 = [4]int{0, far, 0, far}
	for q := range 4 {
		f.offM[q] = f.r0[q] - f.c0[q] + n - h
		f.offA[q] = f.r0[q] + f.c0[q]
	}
	all := uint64(1)<<n - 1
	f.rows, f.cols = all, all
	if n%2 == 1 {
		f.rows &^= 1 << h
		f.cols &^= 1 << h
	}
	for _, p := range fixed {
		r, c := p[0], p[1]
		f.rows &^= 1 << r
		f.cols &^= 1 << c
		f.blockM |= 1 << (r - c + n - 1)
		f.blockA |= 1 << (r + c)
	}
	f.k = bits.OnesCount64(f.cols >> far)
	hm := uint64(1)<<h - 1
	f.bandCols = [2]int{bits.OnesCount64(f.cols & hm), bits.OnesCount64(f.cols >> far & hm)}
	for i, c := range f.bandCols {
		f.surv[i] = survTableFor(far, h, c)
	}
	for side, c0 := range [2]int{0, far} {
		band := uint32(f.cols >> c0 & hm)
		f.subsets[side] = make([][]uint32, h+1)
		for c := uint32(0); ; c = (c - band) & band {
			k := bits.OnesCount32(c)
			f.subsets[side][k] = append(f.subsets[side][k], c)
			if c == band {
				break
			}
		}
	}

	// Windows: diagonals reachable from both a west and an east quadrant.
	var westM, westA, eastM, eastA uint64
	span := uint64(1)<<(2*h-1) - 1
	for q := range 4 {
		m, a := span<<f.offM[q], span<<f.offA[q]
		if q == nw || q == sw {
			westM, westA = westM|m, westA|a
		} else {
			eastM, eastA = eastM|m, eastA|a
		}
	}
	sm, sa := westM&eastM, westA&eastA
	f.loM, f.widthM = bits.TrailingZeros64(sm), bits.OnesCount64(sm)
	f.loA, f.widthA = bits.TrailingZeros64(sa), bits.OnesCount64(sa)
	if sm>>f.loM != 1<<f.widthM-1 || sa>>f.loA != 1<<f.widthA-1 || f.widthM+f.widthA > 64 {
		panic(fmt.Sprintf("quadrant: bad diagonal windows for n=%d", n))
	}
	return f
}

// frames returns the frames whose weighted counts sum to Q(n), n >= 4.
// Even n has a single frame with no fixed queen. Odd n fixes the queen of
// the middle row and the queen of the middle column; one frame stands for
// each class of such pairs under the 8 symmetries of the square.
func frames(n int) []*frame {
	if n%2 == 0 {
		return []*frame{newFrame(n, nil, 1, symDiagonals)}
	}
	m := n / 2
	fs := []*frame{newFrame(n, [][2]int{{m, m}}, 1, symMirrors)}
	for a := 0; a < n; a++ { // middle-row queen at (m, a)
		for b := 0; b < n; b++ { // middle-column queen at (b, m)
			if a == m || b == m || abs(a-m) == abs(b-m) {
				continue
			}
			canon, size := pairClass(n, a, b)
			if canon != [2]int{a, b} {
				continue
			}
			fs = append(fs, newFrame(n, [][2]int{{m, a}, {b, m}}, uint64(size), symNone))
		}
	}
	return fs
}

// pairClass returns the smallest (a, b) in the orbit of the queen pair
// {(m, a), (b, m)} under the symmetries of the square, and the orbit size.
func pairClass(n, a, b int) ([2]int, int) {
	m := n / 2
	seen := map[[2]int]bool{}
	best := [2]int{a, b}
	for s := range 8 {
		p, q := transform(n, s, m, a), transform(n, s, b, m)
		// The image of the middle-row queen may land on the middle column.
		var img [2]int
		if p[0] == m {
			img = [2]int{p[1], q[0]}
		} else {
			img = [2]int{q[1], p[0]}
		}
		seen[img] = true
		if img[0] < best[0] || img[0] == best[0] && img[1] < best[1] {
			best = img
		}
	}
	return best, len(seen)
}

// transform applies symmetry s (0..7) of the n×n square to square (r, c).
func transform(n, s, r, c int) [2]int {
	if s&4 != 0 {
		r, c = c, r
	}
	if s&2 != 0 {
		r = n - 1 - r
	}
	if s&1 != 0 {
		c = n - 1 - c
	}
	return [2]int{r, c}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pattern projects board diagonal masks onto the shared windows: main
// window in the low widthM bits, anti window above it.
func (f *frame) pattern(m, a uint64) uint64 {
	wm := uint64(1)<<f.widthM - 1
	wa := uint64(1)<<f.widthA - 1
	return (m>>f.loM)&wm | ((a>>f.loA)&wa)<<f.widthM
}

// Long diagonals (even N, symDiagonals). The main long diagonal r = c
// holds at most one queen, in the nw or the se quadrant; the anti long
// diagonal r+c = N-1 at most one, in ne or sw. The anti-transposition
// (r, c) -> (N-1-c, N-1-r) swaps the nw and se parts of the main one and
// fixes the anti one square by square; the transposition does the same
// with the roles swapped. So the solutions with a queen on the se part
// are as many as those with one on the nw part, whatever the anti
// diagonal holds, and likewise ne against sw. Hence
//
//	Q = sum over solutions of [se part empty]·[ne part empty]·2^(occupied nw and sw parts)
//
// In pattern terms: drop east patterns with a queen on either long
// diagonal and weight west patterns by 2 per long diagonal they occupy.
// The weighting is invariant under the row mirror (it maps the nw part of
// one long diagonal to the sw part of the other), so it combines with the
// folding of E by reversal, but not with the column mirror.
//
// longDiagonals returns the pattern bits of the two long diagonals: both
// sit in the middle of their windows.
func (f *frame) longDiagonals() (main, anti uint64) {
	return 1 << (f.n - 1 - f.loM), 1 << (f.widthM + f.n - 1 - f.loA)
}

// weightShift is the first of the two bits where a west pattern marks
// its occupied long diagonals: bit 62 for the nw part of r = c, bit 63 for
// the sw part of r+c = N-1. The pattern's weight is 2 per mark
// (weightOf); the join never reads bits that high as diagonals, and the
// two quadrants of a half set different marks, so marks never clash in
// the check of a pair.
const weightShift = 62

// weightOf returns log2 of the weight of west pattern w: its number of
// long-diagonal marks.
func weightOf(w uint64) int { return bits.OnesCount64(w >> weightShift) }
