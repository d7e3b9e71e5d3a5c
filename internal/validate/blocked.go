package validate

import "sync/atomic"

// Columns checks a large placement in an order that keeps the bitsets it
// touches small, instead of row by row. Row by row, every row reads and
// writes three random words of bitsets that together take 0.63 bytes a
// queen — 63 MB at N = 10^8 — and in this VM a random read beyond about
// 1 MB of working set costs ~200 ns (measured with a pointer chase:
// 15 ns at 512 KB, 19 ns at 1 MB, 177–270 ns from 2 MB up). Row order
// took 4.5 s at N = 3·10^7.
//
// Here the rows are taken in blocks of blockH (a power of two ≤ N/32)
// consecutive rows, and within a block in order of the band of blockH/4
// columns their queen is in (a counting sort into scratch of 8 bytes a
// row of the block, at most a quarter byte per queen). Between two rows of a
// band, the column bits touched lie in one band and the diagonals in a
// window of blockH + blockH/4 bits, so the working set stays in L2. The
// loop carries no branch on the data: it ORs together the bits it finds
// already set and only looks at the total. A placement this check rejects
// is checked again row by row, which finds the same first error Columns
// always reported.

// blockedMin is the smallest N checked in blocks: below it the bitsets
// (5N bits) fit in L2 anyway. A variable so that tests can lower it.
var blockedMin = 1 << 21

// blockShift returns log2 of the block height for n rows: the largest
// power of two ≤ n/32, at most 2^20 and at least 2^6.
func blockShift(n int) uint {
	s := uint(6)
	for s < 20 && 1<<(s+1) <= n/32 {
		s++
	}
	return s
}

// columnsBlocked reports whether cols is a valid placement, checked in
// blocks as described above. Values must be checked for range first; it
// returns false for any invalid placement and for n ≥ 2^31.
func columnsBlocked[T ~int | ~int32 | ~int64 | ~uint32](cols []T) bool {
	n := len(cols)
	if uint64(n) >= 1<<31 {
		return false
	}
	bs := blockShift(n)
	h := min(n, 1<<bs)
	cs := bs - 2
	nb := (n-1)>>cs + 1
	d := 2*n - 1
	colBits := make([]uint64, (n+63)/64)
	down := make([]uint64, (d+63)/64)
	up := make([]uint64, (d+63)/64)
	rows := make([]uint32, h)
	vals := make([]uint32, h)
	cnt := make([]int, nb+1)
	var bad, touched uint64
	for a0 := 0; a0 < n; a0 += h {
		blk := cols[a0:min(a0+h, n)]
		clear(cnt)
		for _, c := range blk {
			if c < 0 || int64(c) >= int64(n) {
				return false
			}
			cnt[int(c)>>cs+1]++
		}
		for b := 1; b <= nb; b++ {
			cnt[b] += cnt[b-1]
		}
		for r, c := range blk {
			b := int(c) >> cs
			j := cnt[b]
			cnt[b] = j + 1
			rows[j] = uint32(r)
			vals[j] = uint32(c)
		}
		// Band by band: first read in order the words of the band's
		// windows that the band before did not cover, which the hardware
		// prefetcher streams in, then check its rows.
		downLo, upHi, start := a0+h+n-1, a0, 0
		for b := range nb {
			end := cnt[b]
			if end == start {
				continue
			}
			lo, hi := a0-(b+1)<<cs+n-1, a0+h+(b+1)<<cs
			touched ^= touch(colBits, b<<cs, (b+1)<<cs)
			if lo < downLo {
				touched ^= touch(down, lo, downLo)
				downLo = lo
			}
			if hi > upHi {
				touched ^= touch(up, upHi, hi)
				upHi = hi
			}
			for j := start; j < end; j++ {
				row, c := a0+int(rows[j]), int(vals[j])
				a, u := row-c+n-1, row+c
				mc, ma, mu := uint64(1)<<(c&63), uint64(1)<<(a&63), uint64(1)<<(u&63)
				bad |= colBits[c>>6]&mc | down[a>>6]&ma | up[u>>6]&mu
				colBits[c>>6] |= mc
				down[a>>6] |= ma
				up[u>>6] |= mu
			}
			start = end
		}
	}
	atomic.StoreUint64(&touchSink, touched) // atomic: Columns may run concurrently
	return bad == 0
}

// touchSink keeps the words touch reads, so that the compiler keeps the
// reads.
var touchSink uint64

// touch reads one word per 64-byte line of the bits [lo, hi) of w (clamped
// to w) and returns their xor.
func touch(w []uint64, lo, hi int) uint64 {
	lo, hi = max(lo>>6, 0), min((hi+63)>>6, len(w))
	var x uint64
	for i := lo; i < hi; i += 8 {
		x ^= w[i]
	}
	return x
}
