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

// halfRows is one half-board's share of a row split: its top and bottom
// quadrants (nw over sw, or ne over se), their local row sets, the free
// columns of its band, and how many of them the top quadrant takes.
type halfRows struct {
	qt, qb, side int    // quadrants; side 0 west, 1 east (frame.subsets)
	lt, lb, band uint32 // local row sets of qt and qb; the band's columns
	kt           int    // |lt|: the columns the top quadrant takes
}

// split returns the rows of the west (or, if east, the east) half-board
// whose top quadrant uses board rows top and whose bottom one board rows
// bot, as appendHalf and appendHalfProj read them, after reporting them
// to traceRows. ok is false when the two row sets together do not have
// as many rows as the band has free columns: no placement of the half.
func (f *frame) split(top, bot uint64, east bool) (s halfRows, ok bool) {
	s.qt, s.qb = nw, sw
	if east {
		s.qt, s.qb, s.side = ne, se, 1
	}
	hm := uint64(1)<<f.h - 1
	s.lt = uint32(top >> f.r0[s.qt] & hm)
	s.lb = uint32(bot >> f.r0[s.qb] & hm)
	s.band = uint32(f.cols >> f.c0[s.qt] & hm)
	s.kt = bits.OnesCount32(s.lt)
	if traceRows != nil {
		traceRows(s.qt, s.lt)
		traceRows(s.qb, s.lb)
	}
	return s, s.kt+bits.OnesCount32(s.lb) == bits.OnesCount32(s.band)
}

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
	hr, ok := f.split(top, bot, east)
	if !ok {
		return out
	}
	qt, qb, lt, lb, band := hr.qt, hr.qb, hr.lt, hr.lb, hr.band
	blockM, blockA := f.blockM, f.blockA
	offMt, offAt := f.offM[qt], f.offA[qt]
	offMb, offAb := f.offM[qb], f.offA[qb]
	loM, loA, widthM := f.loM, f.loA, f.widthM
	wm := uint64(1)<<f.widthM - 1
	wa := uint64(1)<<f.widthA - 1
	const low = 1<<antiShift - 1

	// Visit every C ⊆ band with |C| = kt (including C = 0 when kt = 0),
	// in increasing order.
	for _, c := range f.subsets[hr.side][hr.kt] {
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
