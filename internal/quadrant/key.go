package quadrant

import (
	"math/bits"
	"slices"
)

// The key bits of a join (count): the pattern bits that the key
// recursion splits on, best first. A split on bit b drops the pairs
// that both have b, so the best bits are those shared by the most
// pairs: first by the product of the bit's densities in the two lists,
// estimated on a sample of each; then, for the longest joins, by the
// pairs of the samples that each next bit drops among those the bits
// before it kept.
//
// The samples are spread over the lists (sampleOf). A list is built
// cell by cell (half.go; a cell is the top quadrant's bucket of one
// column set against the bottom quadrant's, every placement of the one
// with every placement of the other), so its first 256 patterns come
// from one or two cells, a few top placements, and share their bits:
// their densities chose keys that split less. The strided samples
// leave 25.2% fewer chunk loads on qbench -workers 1 -shard 5/2048 23
// (counted by an instrumented build); samples of 511 patterns would
// save a few percent more and double bitCounts' time.
//
// The densities treat the bits as independent, which they are not
// (a queen sets one main and one anti diagonal; the diagonals a
// quadrant can reach are few). refineKey picks, one bit after the
// other, the bit that drops the most sample pairs still disjoint on
// the bits before it. On the shard of N = 23 that takes 8.6% of the
// loads off joins of 2^33 pairs or more, and none off shorter ones.
// It takes about 0.16 ms (BenchmarkRefineKey: 12 of 42 bits), 2% of a
// join of 2^33 pairs, so it runs from refinePairs up only.

// refinePairs: joins of at least this many pairs refine their key
// (refineKey). A var for tests.
var refinePairs uint64 = 1 << 33

// keyOrder fills order[:d] with the pattern bits below d, best first
// as key bits (see above), and adds to cw and ce (zero them first) the
// bits' counts in the samples of W and E. Joins of refinePairs pairs
// and more refine the first maxL bits (refineKey).
func keyOrder(order *[64]int, cw, ce *[64]int32, W, E []uint64, d, maxL int) {
	var sw, se [sample]uint64
	ws, es := sampleOf(&sw, W), sampleOf(&se, E)
	bitCounts(cw, ws)
	bitCounts(ce, es)
	// The bits by density product, densest first (ties: lower bit
	// first), as one sort of packed words: the product (at most
	// sample², 17 bits) complemented above the bit number.
	var ord [64]uint64
	for b := range d {
		ord[b] = uint64(1<<20-int64(cw[b])*int64(ce[b]))<<8 | uint64(b)
	}
	slices.Sort(ord[:d])
	for t := range d {
		order[t] = int(ord[t] & 255)
	}
	if uint64(len(W))*uint64(len(E)) >= refinePairs {
		refineKey(order[:d], ws, es, maxL)
	}
}

// sampleOf returns up to sample patterns of ps spread evenly over it
// (pattern i·len(ps)/n of n), in dst; ps itself when it is no longer.
func sampleOf(dst *[sample]uint64, ps []uint64) []uint64 {
	n := len(ps)
	if n <= sample {
		return ps
	}
	for i := range dst {
		dst[i] = ps[i*n/sample]
	}
	return dst[:]
}

// refineKey reorders rel (pattern bits, densest first) so that its
// first maxL bits are chosen one at a time: each the bit that drops the
// most pairs of the samples ws × es that the bits before it kept (pairs
// disjoint on them), ties to the denser. It stops early, leaving the
// rest in density order, when no bit drops a pair. ws and es hold at
// most sample patterns each; weights (bits 62 and 63) are not looked at
// unless rel names them, which it does not (d ≤ 60).
func refineKey(rel []int, ws, es []uint64, maxL int) {
	// kept[i]: the east sample patterns still paired with ws[i]; eb[b]:
	// those with bit b.
	var kept [sample][4]uint64
	var eb [64][4]uint64
	for k, e := range es {
		for x := e; x != 0; x &= x - 1 {
			eb[bits.TrailingZeros64(x)][k>>6] |= 1 << (k & 63)
		}
	}
	var all [4]uint64
	for k := range es {
		all[k>>6] |= 1 << (k & 63)
	}
	for i := range ws {
		kept[i] = all
	}
	for t := 0; t < maxL && t < len(rel); t++ {
		best, most := t, 0
		for c := t; c < len(rel); c++ {
			b := rel[c]
			m := &eb[b]
			dropped := 0
			for i, w := range ws {
				if w>>b&1 != 0 {
					k := &kept[i]
					dropped += bits.OnesCount64(k[0]&m[0]) + bits.OnesCount64(k[1]&m[1]) +
						bits.OnesCount64(k[2]&m[2]) + bits.OnesCount64(k[3]&m[3])
				}
			}
			if dropped > most {
				best, most = c, dropped
			}
		}
		if most == 0 {
			return
		}
		// Move the best bit to place t, the others keeping their order.
		b := rel[best]
		copy(rel[t+1:best+1], rel[t:best])
		rel[t] = b
		m := &eb[b]
		for i, w := range ws {
			if w>>b&1 != 0 {
				for q := range kept[i] {
					kept[i][q] &^= m[q]
				}
			}
		}
	}
}

// bitCounts adds to c[b] the number of patterns of ps that have bit b,
// for every b < 64. Sixteen patterns at a time go through a tree of
// carry-save adders into bit-sliced counters (Harley and Seal's
// population count, by bit position): ones, twos, fours and eights, and
// the sixteens into a vertical counter, read out per bit at the end; the
// last few patterns one set bit at a time. Up to 511 patterns.
//
// Measured (N = 19, the whole count's profile): one set bit at a time
// over the two samples of 256 was 6.7% of the CPU, the calls being many
// and the lists short; through transpose64 and a popcount per bit, 4.9%.
func bitCounts(c *[64]int32, ps []uint64) {
	var ones, twos, fours, eights uint64
	var sixteens [5]uint64 // a vertical counter of the sixteens
	for len(ps) >= 16 {
		q := (*[16]uint64)(ps)
		var twosA, twosB, foursA, foursB, eightsA, eightsB uint64
		twosA, ones = csa(ones, q[0], q[1])
		twosB, ones = csa(ones, q[2], q[3])
		foursA, twos = csa(twos, twosA, twosB)
		twosA, ones = csa(ones, q[4], q[5])
		twosB, ones = csa(ones, q[6], q[7])
		foursB, twos = csa(twos, twosA, twosB)
		eightsA, fours = csa(fours, foursA, foursB)
		twosA, ones = csa(ones, q[8], q[9])
		twosB, ones = csa(ones, q[10], q[11])
		foursA, twos = csa(twos, twosA, twosB)
		twosA, ones = csa(ones, q[12], q[13])
		twosB, ones = csa(ones, q[14], q[15])
		foursB, twos = csa(twos, twosA, twosB)
		eightsB, fours = csa(fours, foursA, foursB)
		x, e := csa(eights, eightsA, eightsB)
		eights = e
		for l := range sixteens {
			x, sixteens[l] = sixteens[l]&x, sixteens[l]^x
		}
		ps = ps[16:]
	}
	if ones|twos|fours|eights|sixteens[0]|sixteens[1]|sixteens[2]|sixteens[3]|sixteens[4] != 0 {
		for b := range c {
			v := ones>>b&1 | (twos>>b&1)<<1 | (fours>>b&1)<<2 | (eights>>b&1)<<3
			for l, w := range sixteens {
				v |= (w >> b & 1) << (4 + l)
			}
			c[b] += int32(v)
		}
	}
	for _, p := range ps {
		for x := p; x != 0; x &= x - 1 {
			c[bits.TrailingZeros64(x)]++
		}
	}
}

// csa is a carry-save adder: the carry and sum bits of a + b + c, per
// bit.
func csa(a, b, c uint64) (carry, sum uint64) {
	u := a ^ b
	return a&b | u&c, u ^ c
}
