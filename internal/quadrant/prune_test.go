package quadrant

import (
	"math/bits"
	"slices"
	"testing"
)

func TestPrune(t *testing.T) {
	n := 18
	q := newQuarter(n / 2)
	f := frames(n)[0]
	var s halfScratch
	topRows := uint64(1)<<f.h - 1
	E := uint64(0b101010101_010101010) // some E
	E = 0b110011001_100110011 & (1<<n - 1)
	for bits.OnesCount64(E) != f.k {
		E >>= 1
	}
	W := f.rows ^ E
	w := f.appendHalf(q, &s, nil, false, W&topRows, W&^topRows)
	e := f.appendHalf(q, &s, nil, true, E&topRows, E&^topRows)
	d := f.widthM + f.widthA
	var cw, ce [64]int
	sw, se := 0, 0
	for _, x := range w {
		sw += bits.OnesCount64(x)
		for b := range d {
			cw[b] += int(x >> b & 1)
		}
	}
	for _, x := range e {
		se += bits.OnesCount64(x)
		for b := range d {
			ce[b] += int(x >> b & 1)
		}
	}
	t.Logf("|W|=%d |E|=%d avg bits %.2f %.2f", len(w), len(e), float64(sw)/float64(len(w)), float64(se)/float64(len(e)))
	for b := range d {
		t.Logf("bit %d: %.2f %.2f", b, float64(cw[b])/float64(len(w)), float64(ce[b])/float64(len(e)))
	}
	order := make([]int, d)
	for b := range order {
		order[b] = b
	}
	slices.SortFunc(order, func(a, b int) int { return cw[b]*ce[b] - cw[a]*ce[a] })
	var mask uint64
	for L := 0; L <= 20; L++ {
		if L > 0 {
			mask |= 1 << order[L-1]
		}
		var c uint64
		for _, x := range w {
			for _, y := range e {
				if x&y&mask == 0 {
					c++
				}
			}
		}
		t.Logf("L=%d frac=%.4f", L, float64(c)/float64(len(w)*len(e)))
	}
}
