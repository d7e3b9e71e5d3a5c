package quadrant

import (
	"testing"
)

// bruteRowPlacements returns, for every set of local rows r of an h×h
// quadrant, the sets of non-attacking queens on it with one queen in
// each row of r and none in the others: a backtracking count of its own,
// independent of the quadrant table and of rowCounts.
func bruteRowPlacements(h int) []uint64 {
	R := make([]uint64, 1<<h)
	var place func(row int, rows, cols, diagM, diagA uint64)
	place = func(row int, rows, cols, diagM, diagA uint64) {
		if row == h {
			R[rows]++
			return
		}
		place(row+1, rows, cols, diagM, diagA) // no queen in this row
		for c := range h {
			m, a := uint64(1)<<(row-c+h), uint64(1)<<(row+c)
			if cols&(1<<c) != 0 || diagM&m != 0 || diagA&a != 0 {
				continue
			}
			place(row+1, rows|1<<row, cols|1<<c, diagM|m, diagA|a)
		}
	}
	place(0, 0, 0, 0, 0)
	return R
}

// TestUnitMaxRecount: every unit's Max, for n = 8..13, is the sum the
// doc of CheckTotal states, recounted here from bruteRowPlacements: over
// the unit's row splits, the product of the placements of the four
// quadrants with their rows, times the split's class size, the
// long-diagonal fold (4 for a frame symmetric under the diagonals) and
// the frame's class size. TestCheckTotalRefuses probes Max only from
// Max itself, so this is what catches a Max that is too large or small.
func TestUnitMaxRecount(t *testing.T) {
	for n := 8; n <= 13; n++ {
		p, err := NewUnitPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		h := n / 2
		R := bruteRowPlacements(h)
		hm := uint64(1)<<h - 1
		for i, u := range p.Units() {
			f := p.frames[u.Frame]
			fold := uint64(1)
			if f.sym == symDiagonals {
				fold = 4
			}
			var want uint64
			f.eachSplit(u.Top, func(E, wt uint64) {
				W := f.rows ^ E
				cw := R[W&hm] * R[W>>f.r0[sw]&hm]
				ce := R[E&hm] * R[E>>f.r0[sw]&hm]
				want += cw * ce * wt * fold * f.weight
			})
			if u.Max != want {
				t.Errorf("n=%d unit %d (frame %d, top %b, %d splits): Max = %d; want %d", n, i, u.Frame, u.Top, u.Splits, u.Max, want)
			}
		}
	}
}
