package quadrant

import "math/bits"

// halfScratch is per-worker space for building half-board patterns.
type halfScratch struct {
	bm, ba []uint64 // board masks of the lower quadrant's bucket
}

// appendHalf appends the projected diagonal pattern of every placement of
// one half-board (west: quadrants nw over sw; east: ne over se) whose top
// quadrant uses board rows top and whose bottom quadrant uses board rows
// bot. The half must fill every free column of its band, so the top
// quadrant takes a column set C and the bottom one the rest.
func (f *frame) appendHalf(q *quarter, s *halfScratch, out []uint64, east bool, top, bot uint64) []uint64 {
	qt, qb := nw, sw
	if east {
		qt, qb = ne, se
	}
	hm := uint64(1)<<f.h - 1
	lt := uint32(top >> f.r0[qt] & hm)
	lb := uint32(bot >> f.r0[qb] & hm)
	band := uint32(f.cols >> f.c0[qt] & hm)
	kt := bits.OnesCount32(lt)
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

	// Visit every C ⊆ band with |C| = kt (including C = 0 when kt = 0).
	c := uint32(0)
	for {
		if bits.OnesCount32(c) == kt {
			A := q.bucket(lt, c)
			B := q.bucket(lb, band^c)
			if len(A) > 0 && len(B) > 0 {
				bm, ba := s.bm[:0], s.ba[:0]
				for _, d := range B {
					m, a := (d&low)<<offMb, (d>>antiShift)<<offAb
					if m&blockM|a&blockA == 0 {
						bm, ba = append(bm, m), append(ba, a)
					}
				}
				s.bm, s.ba = bm, ba
				ba = ba[:len(bm)] // one bound check for both slices
				for _, d := range A {
					m, a := (d&low)<<offMt, (d>>antiShift)<<offAt
					if m&blockM|a&blockA != 0 {
						continue
					}
					for i, m2 := range bm {
						a2 := ba[i]
						if m&m2|a&a2 == 0 {
							mm, aa := m|m2, a|a2
							out = append(out, (mm>>loM)&wm|((aa>>loA)&wa)<<widthM)
						}
					}
				}
			}
		}
		if c == band {
			break
		}
		c = (c - band) & band // next subset of band in increasing order
	}
	return out
}
