package minconf

import (
	"context"
	"sync/atomic"
	"unsafe"
)

// Block sizes of the greedy phase (see the package comment, "Locality").
// The rows are taken in blocks of H = 2^blockShift(n) consecutive rows and
// the columns in bands of W = H/2^colBandShift; the greedy phase visits a
// block's rows grouped by the band of their column in the shuffled
// permutation, so that the diagonals it tests for a stretch of rows lie in
// windows of H+2W bits, 2(H+2W) bits = 384 KiB in all for H = 2^20 —
// inside the 512 KiB L2 of this machine. A random read costs 15 ns in a 512 KiB
// working set and 180–270 ns from 2 MiB up (pointer chase, huge pages).
//
// Measured at N = 3·10^7 before touch was added, greedy phase wall time,
// interleaved runs (fastest of three): H = 2^18: 2.9 s, 2^19: 2.2–2.4 s,
// 2^20: 2.1–2.6 s, 2^21: 2.1 s; W = H/4 or H/8 within noise, W = H/2
// slower at small H; the row-order greedy took 5.6–7.4 s in the same runs.
// Larger H leaves fewer rows to the repair (273 at 2^20, 480 at 2^18),
// which costs ~3 µs a row there. N = 10^8 figures are in the package
// comment. These are variables only so that Phases can try others.
var (
	maxBlockShift uint = 20
	minBlockShift uint = 10
	colBandShift  uint = 2
)

// blockShift returns log2 of the block height for an n×n board: the
// largest power of two ≤ n/16 (so the scratch, 8 bytes a row of a block,
// adds at most half a byte per queen), within [2^minBlockShift,
// 2^maxBlockShift].
func blockShift(n int) uint {
	s := minBlockShift
	for s < maxBlockShift && 1<<(s+1) <= n/16 {
		s++
	}
	return s
}

// scratch is the greedy phase's working memory for one block: its rows
// and their columns, after any rows carried from the block before.
type scratch struct {
	rows, cols []int32
	cnt        []int32 // band starts, then band ends
	def        []int32 // rows deferred to the next block
}

// newScratch returns the scratch for an n×n board and a function that
// frees it (it is mapped directly, like the bitsets, so that it does not
// stay on the heap while the result is validated).
func newScratch(n int) (scratch, func()) {
	bs := blockShift(n)
	h := min(n, 1<<bs) + maxCarry
	w, free := int32s(2 * h)
	nb := (n-1)>>(bs-colBandShift) + 1
	return scratch{rows: w[:h:h], cols: w[h:], cnt: make([]int32, nb+1), def: make([]int32, 0, maxCarry)}, free
}

// maxCarry bounds the rows a block can hand on to the next one.
const maxCarry = 1 << 12

// greedy places the queens block by block (see blockShift). Within a
// block, row rs[j] takes the first column from the pool cl[p:] whose
// diagonals are free, where p ≤ j is the number placed so far in the
// block; the placed pairs are kept in rs[:p], cl[:p] and written to perm
// at the end of the block. The block's rows and columns start sorted by
// the column band of the row's entry in the shuffled perm (stable, so in
// row order within a band), each row paired with its own column.
//
// The scan starts from a cursor that sweeps [p, e) and wraps to p, where
// e is the end of the band after the one holding position j (the rows
// carried from the block before count with the first band), so the
// candidates stay in two neighbouring column bands. A column the scan
// passes over stays behind the cursor until the next sweep; restarting
// every scan at the row's own column instead re-tested the growing
// backlog of rejected columns on every row (measured in the row-order
// greedy at N = 2·10^6: 9.3 tries per row and 247 leftover rows, against
// 3.0 and 6 with the cursor). Ending the window with j's own band instead
// left the last rows of each band a pool of its rejects: at N = 3·10^7
// 3.400 tries per row and 249 rows for the repair, against 3.389 and 91,
// in the same time (1.82–2.35 s against 1.95–1.99 s). A row that finds no
// fit in [p, e) extends e by the next band; one that finds none in the
// rest of the block, or within scanLimit, is deferred to the next block
// (at most maxCarry a block). After the last block one more pass takes the rows it
// deferred with the columns left, scanning them all; a row that finds no
// fit there takes a column with conflicts and is returned as a suspect.
//
// Without the bands and blocks (rows in order, candidates from the whole
// permutation) every test read two random words of bitsets 0.5 bytes a
// queen in size, about two cache misses per test beyond N ≈ 4·10^6; tried
// then and dropped (N = 3·10^7, on this shared 2-core machine): touching
// the bitset words of the candidate 16 places ahead so that the misses
// overlap (9.5–13.3 s against 8.4–10.3 s without); testing eight
// candidates per branch (12.2–13.5 s); eight interleaved lanes of rows
// advanced without branches (4.8 instead of 3.0 tries per row, 12–13.7 s
// against 6.6–9.0 s).
func greedy(ctx context.Context, perm []int32, g *diagonals, sc *scratch, st *Stats) ([]int32, error) {
	n := len(perm)
	bs := blockShift(n)
	h := 1 << bs
	cs := bs - colBandShift
	rows, cols, cnt := sc.rows, sc.cols, sc.cnt
	nb := len(cnt) - 1
	down, up := g.down, g.up // locals: the hot loop reads no struct fields
	var sus []int32
	var tries, touched uint64
	carry := 0
	// After the last block, one more pass takes the rows it deferred.
	for a0 := 0; a0 < n || carry > 0; a0 += h {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		blk := perm[min(a0, n):min(a0+h, n)]
		last := a0 >= n
		// Counting sort of the block's rows by the band of their column,
		// after the carried rows; stable, so within a band the rows stay
		// in order.
		clear(cnt)
		cnt[0] = int32(carry)
		for _, c := range blk {
			cnt[c>>cs+1]++
		}
		for b := 1; b <= nb; b++ {
			cnt[b] += cnt[b-1]
		}
		for r, c := range blk {
			j := cnt[c>>cs]
			cnt[c>>cs] = j + 1
			rows[j] = int32(a0 + r)
			cols[j] = c
		}
		m := carry + len(blk)
		rs, cl := rows[:m], cols[:m]
		// Row j takes a column from the pool cl[p:], where p ≤ j is the
		// number placed so far in the block; the placed pairs are kept in
		// rs[:p], cl[:p]. Position j lies in band js, which ends at
		// segEnd; the cursor sweeps [p, e) and wraps to p, where e is the
		// end of band bi, normally the non-empty band after js. A row
		// that finds no fit in [p, e) extends e by the next band; one
		// that finds none at all within scanLimit is deferred to the next
		// block (or, in the last pass, placed with its conflicts and made
		// a suspect). The carried rows count with band 0.
		cur, e, bi, p := 0, 0, 0, 0
		js, segEnd := 0, 0
		def := sc.def[:0]
		// On entering a band, read the words of its diagonal windows
		// that the bands before it did not cover (see touch).
		downLo, upHi := a0+h+n-1, a0
		for j := 0; j < m; j++ {
			if j >= segEnd {
				for int(cnt[js]) <= j {
					js++
				}
				segEnd = int(cnt[js])
				if e <= segEnd {
					// The window: this band and the next one.
					e, bi = segEnd, js
					if e < m {
						for int(cnt[bi]) <= e {
							bi++
						}
						e = int(cnt[bi])
					}
				}
				lo, hi := a0-(bi+1)<<cs+n-1, a0+h+(bi+1)<<cs
				if lo < downLo {
					touched ^= touch(down, lo, downLo)
					downLo = lo
				}
				if hi > upHi {
					touched ^= touch(up, upHi, hi)
					upHi = hi
				}
			}
			if cur < p || cur >= e {
				cur = p
			}
			r := int(rs[j])
			k, t, tl := cur, 0, min(e-p, scanLimit)
			for {
				for ; t < tl; t++ {
					q := int(cl[k])
					a, b := r-q+n-1, r+q
					if (down[a>>6]>>(a&63)|up[b>>6]>>(b&63))&1 == 0 {
						break
					}
					if k++; k == e {
						k = p
					}
				}
				if t < tl || e == m || t >= scanLimit {
					break
				}
				// Extend the window by the next non-empty segment.
				k = e
				for int(cnt[bi]) <= e {
					bi++
				}
				e = int(cnt[bi])
				tl = min(t+e-k, scanLimit)
			}
			if t == tl {
				tries += uint64(t)
				if !last && len(def) < maxCarry {
					def = append(def, int32(r))
					continue
				}
				k = p
				sus = append(sus, int32(r))
				g.add(r, int(cl[k]))
			} else {
				tries += uint64(t + 1)
				// g.add, inlined: both diagonals are free.
				q := int(cl[k])
				a, b := r-q+n-1, r+q
				down[a>>6] |= 1 << (a & 63)
				up[b>>6] |= 1 << (b & 63)
			}
			q := cl[k]
			cl[k] = cl[p]
			cl[p] = q
			rs[p] = int32(r)
			p++
			cur = k + 1
		}
		for i, r := range rs[:p] {
			perm[r] = cl[i]
		}
		carry = copy(rows, def)
		copy(cols, cl[p:m])
	}
	st.Tries += tries
	atomic.StoreUint64(&touchSink, touched) // atomic: Solve may run concurrently
	st.Leftover += len(sus)
	return sus, nil
}

// int32s returns k zeroed int32s and a function that frees them, from
// words.
func int32s(k int) ([]int32, func()) {
	w, free := words((k + 1) / 2)
	return unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(w))), k), free
}

// touchSink keeps the words touch reads, so that the compiler keeps the
// reads.
var touchSink uint64

// noTouch turns touch off, for Phases (PhaseOptions.NoTouch).
var noTouch = false

// touch reads one word per 64-byte line of the bits [lo, hi) of w (clamped
// to w) and returns their xor. The windows of the diagonals slide by a
// band's width from one band to the next; read in a random order, the
// lines newly needed all missed the cache, one at a time (~1000 lines per
// band at N = 10^8); read in order first, the hardware prefetcher streams
// them in.
func touch(w []uint64, lo, hi int) uint64 {
	if noTouch {
		return 0
	}
	lo, hi = max(lo>>6, 0), min((hi+63)>>6, len(w))
	var x uint64
	for i := lo; i < hi; i += 8 {
		x ^= w[i]
	}
	return x
}
