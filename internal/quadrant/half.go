package quadrant

import (
	"math/bits"
	"slices"
)

// halfScratch is per-worker space for building half-board patterns.
type halfScratch struct {
	pb []uint64 // projected patterns of the lower quadrant's bucket
}

// traceRows, when not nil (tests only), is called with each quadrant and
// local row set whose buckets appendHalf or appendHalfProj reads.
var traceRows func(quad int, rows uint32)

// appendHalf appends the projected diagonal pattern of every placement of
// one half-board (west: quadrants nw over sw; east: ne over se) whose top
// quadrant uses board rows top and whose bottom quadrant uses board rows
// bot. The half must fill every free column of its band, so the top
// quadrant takes a column set C and the bottom one the rest.
//
// Two quadrants of a half share only diagonals inside the windows (see
// frame), so they are compatible exactly when their projected patterns
// are disjoint, and the pattern of the pair is the union of theirs.
func (f *frame) appendHalf(q *quarter, s *halfScratch, out []uint64, east bool, top, bot uint64) []uint64 {
	qt, qb, side := nw, sw, 0
	if east {
		qt, qb, side = ne, se, 1
	}
	hm := uint64(1)<<f.h - 1
	lt := uint32(top >> f.r0[qt] & hm)
	lb := uint32(bot >> f.r0[qb] & hm)
	band := uint32(f.cols >> f.c0[qt] & hm)
	kt := bits.OnesCount32(lt)
	if traceRows != nil {
		traceRows(qt, lt)
		traceRows(qb, lb)
	}
	if kt+bits.OnesCount32(lb) != bits.OnesCount32(band) {
		return out
	}
	blockM, blockA := f.blockM, f.blockA
	offMt, offAt := f.offM[qt], f.offA[qt]
	offMb, offAb := f.offM[qb], f.offA[qb]
	loM, loA, widthM := f.loM, f.loA, f.widthM
	wm := uint64(1)<<f.widthM - 1
	wa := uint64(1)<<f.widthA - 1
	const low = 1<<antiShift - 1

	// Visit every C ⊆ band with |C| = kt (including C = 0 when kt = 0),
	// in increasing order.
	for _, c := range f.subsets[side][kt] {
		A := q.bucket(lt, c)
		B := q.bucket(lb, band^c)
		if len(A) == 0 || len(B) == 0 {
			continue
		}
		pb := s.pb[:0]
		for _, d := range B {
			m, a := (d&low)<<offMb, (d>>antiShift)<<offAb
			if m&blockM|a&blockA == 0 {
				pb = append(pb, (m>>loM)&wm|((a>>loA)&wa)<<widthM)
			}
		}
		s.pb = pb
		n := len(out)
		out = slices.Grow(out, len(A)*len(pb))[:n+len(A)*len(pb)]
		for _, d := range A {
			m, a := (d&low)<<offMt, (d>>antiShift)<<offAt
			if m&blockM|a&blockA != 0 {
				continue
			}
			pa := (m>>loM)&wm | ((a>>loA)&wa)<<widthM
			n += unionDisjoint(out[n:n+len(pb)], pb, pa)
		}
		out = out[:n]
	}
	return out
}
