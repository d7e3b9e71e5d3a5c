package quadrant

import (
	"context"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// bucketSums holds the quadrant's bucket counts and, per set of usable
// columns, the placements of each row set on them: what the plans of
// shards are sized from. It is safe for concurrent use.
type bucketSums struct {
	h      int
	counts bcounts // placements per bucket

	mu      sync.Mutex
	rows    map[uint32][]uint64  // colsOK -> per row set, its placements on columns in colsOK
	stats   map[uint32]*rowStats // band -> per row set, its figures (halfBoundUnits)
	most    uint32               // the largest bucket (largest), once mostSet
	mostSet bool
}

// largest returns the placements of the largest bucket, found once:
// a scan of the C(2h, h) counts (40 million words at h = 14) for each
// shard's plan took plan 28 -method join -shards 4000 -replicas 2 from
// 119 to 178 s of wall time.
func (b *bucketSums) largest() uint32 {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.mostSet {
		for _, c := range b.counts.c {
			b.most = max(b.most, c)
		}
		b.mostSet = true
	}
	return b.most
}

func newBucketSums(h int, counts bcounts) *bucketSums {
	return &bucketSums{h: h, counts: counts, rows: map[uint32][]uint64{}, stats: map[uint32]*rowStats{}}
}

// rowSums returns, for each local row set r, the placements that use
// exactly the rows r and columns in colsOK only. The slice is shared and
// must not be modified.
func (b *bucketSums) rowSums(colsOK uint32) []uint64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	if s, ok := b.rows[colsOK]; ok {
		return s
	}
	h := b.h
	s := make([]uint64, 1<<h)
	for r := range s {
		for c := colsOK; ; c = (c - 1) & colsOK {
			s[r] += uint64(b.counts.at(uint32(r), c))
			if c == 0 {
				break
			}
		}
	}
	b.rows[colsOK] = s
	return s
}

// rowStats are, for each local row set, figures of its buckets on the
// columns of one band: their sum, largest, and root of the sum of
// squares.
type rowStats struct{ sum, most, norm []float64 }

// bound returns an upper bound on halfPairs(lt, lb, band) with the
// band of s: Σ a_c·b_(band∖c) is at most Σa·max b, max a·Σb, and by
// Cauchy–Schwarz |a|·|b|. It is raised by a part in 10^9 against the
// rounding of float64 (the sums are exact integers below 2^53).
func (s *rowStats) bound(lt, lb uint32) float64 {
	x := min(s.sum[lt]*s.most[lb], s.most[lt]*s.sum[lb], s.norm[lt]*s.norm[lb])
	return x*(1+1e-9) + 1
}

// rowStats returns the rowStats of the band of columns band.
func (b *bucketSums) rowStats(band uint32) *rowStats {
	b.mu.Lock()
	defer b.mu.Unlock()
	if s, ok := b.stats[band]; ok {
		return s
	}
	h := b.h
	s := &rowStats{sum: make([]float64, 1<<h), most: make([]float64, 1<<h), norm: make([]float64, 1<<h)}
	for r := range s.sum {
		var sum, most, sq float64
		for c := band; ; c = (c - 1) & band {
			x := float64(b.counts.at(uint32(r), c))
			sum += x
			most = max(most, x)
			sq += x * x
			if c == 0 {
				break
			}
		}
		s.sum[r], s.most[r], s.norm[r] = sum, most, math.Sqrt(sq)
	}
	b.stats[band] = s
	return s
}

// bucketCounts returns the number of placements of each bucket of the
// h×h quadrant table: a walk that counts only, split by which of the
// first rows are used, on all cores (for h ≥ 9). It returns ctx's error,
// and no counts, when ctx is done before the walk ends (countClasses).
func bucketCounts(ctx context.Context, h int) (bcounts, error) {
	b := newBcounts(h)
	// Two classes write to buckets of different row sets.
	if err := countClasses(ctx, h, func(w *countWalk) { w.c, w.x = b.c, b.x }); err != nil {
		return bcounts{}, err
	}
	return b, nil
}

// sharedBucketCounts is bucketCounts, remembered for the last h past
// MaxN/2 (40 MiB at h = 13, 153 MiB at h = 14, which a shard plans for
// anyway): at h = 13 the walk takes about 15 s of CPU, and a shard's
// count needs the counts for its units (rowCounts), its estimate and
// its plan. Up to MaxN/2 every call walks, and a streaming count can let
// its counts go (dropCounts). A walk stopped by ctx is not remembered.
//
// The counts are remembered in countsCache: one set, C(2h, h) 32-bit
// words, that a call for another h replaces. They outlive every plan
// that read them (after a plan of N = 26 or 27, 40 MiB; of N = 28, 153
// MiB) until FreeCaches. The cache's lock is held during the walk, so
// that concurrent calls walk once.
func sharedBucketCounts(ctx context.Context, h int) (bcounts, error) {
	if h < shareCountsFrom {
		return bucketCounts(ctx, h)
	}
	countsCache.Lock()
	defer countsCache.Unlock()
	if countsCache.h != h {
		countsCache.b, countsCache.h = bcounts{}, 0 // one set at a time
		b, err := bucketCounts(ctx, h)
		if err != nil {
			return bcounts{}, err
		}
		countsCache.b, countsCache.h = b, h
	}
	return countsCache.b, nil
}

// shareCountsFrom is the least h whose bucket counts are remembered
// (a variable for the tests).
var shareCountsFrom = MaxN/2 + 1

// countsCache holds sharedBucketCounts' counts (see there).
var countsCache struct {
	sync.Mutex
	h int
	b bcounts
}

// rowCounts returns the number of placements of the h×h quadrant that
// use exactly each set of local rows: bucketCounts summed over columns,
// in 2^h words, from one counting walk on all cores (about 0.6 s of
// CPU for h = 12), remembered per h (not when ctx stopped the walk: then
// ctx's error). The slice must not be modified.
//
// The row counts are remembered in rowCache, 2^h words per h (128 KiB
// at h = 14), for the life of the process or until FreeCaches. Past
// MaxN/2 they are summed from sharedBucketCounts, which remembers the
// bucket counts too.
func rowCounts(ctx context.Context, h int) ([]uint64, error) {
	rowCache.Lock()
	defer rowCache.Unlock()
	if r := rowCache.r[h]; r != nil {
		return r, nil
	}
	var R []uint64
	if h >= shareCountsFrom {
		// Past MaxN a plan of units is for shards, which need the
		// bucket counts too: one walk for both.
		b, err := sharedBucketCounts(ctx, h)
		if err != nil {
			return nil, err
		}
		R = make([]uint64, 1<<h)
		for r := range R {
			R[r] = b.rowSum(uint32(r))
		}
	} else {
		var err error
		if R, err = rowWalk(ctx, h); err != nil {
			return nil, err
		}
	}
	rowCache.r[h] = R
	return R, nil
}

// rowWalk returns the number of placements of the h×h quadrant that use
// exactly each set of local rows, from one counting walk by rows on all
// cores (rowCounts without its cache), or ctx's error.
func rowWalk(ctx context.Context, h int) ([]uint64, error) {
	R := make([]uint64, 1<<h)
	var mu sync.Mutex
	err := countClasses(ctx, h, func(w *countWalk) {
		w.r = make([]uint64, 1<<h)
		w.done = func() {
			mu.Lock()
			for i, x := range w.r {
				R[i] += x
			}
			mu.Unlock()
		}
	})
	if err != nil {
		return nil, err
	}
	return R, nil
}

// rowCache holds rowCounts' row counts by h (see there).
var rowCache struct {
	sync.Mutex
	r [MaxShardN/2 + 1][]uint64
}

// countClasses runs the counting walk of every class of placements (by
// which of rows 0..d-1 they use; d = 6 for h ≥ 9, else one class) on all
// cores, each with a countWalk that setup completes. Each class is
// walked by halves (countWalk.class): about half the placements.
//
// When ctx is done the walks stop within a subtree of pollRows rows
// (countWalk.rec polls a flag that ctx sets) and countClasses returns
// ctx's error; what they counted is then partial. At h = 14 the walk
// takes minutes of CPU, and a scheduler's SIGTERM must stop it in a
// second.
func countClasses(ctx context.Context, h int, setup func(*countWalk)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	d := 0
	if h >= 9 {
		d = 6
	}
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	rev := mirrorRanks(h)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), 1<<d)) {
		wg.Go(func() {
			w := countWalk{h: h, full: uint32(1)<<h - 1, d: d, rev: rev, stop: &stop, poll: h - pollRows}
			setup(&w)
			for !stop.Load() {
				P := int(next.Add(1) - 1)
				if P >= 1<<d {
					break
				}
				w.P = uint32(P)
				w.class()
			}
			if w.done != nil {
				w.done()
			}
		})
	}
	wg.Wait()
	if stop.Load() {
		return context.Cause(ctx)
	}
	return nil
}

// pollRows: the counting walk polls its stop flag at the nodes with at
// least pollRows rows left, so that after the flag is set it finishes
// at most a subtree of pollRows rows (at most 15^5 nodes at h = 14, well
// under a millisecond) before it unwinds.
const pollRows = 5

// mirrorRanks returns, per size k, for the h-bit column set of rank i
// among those of k bits (bucketIndex.sets[k][i]), the rank of its mirror
// image (column j ↔ h−1−j).
func mirrorRanks(h int) [][]uint32 {
	x := bucketIndexOf(h)
	rev := make([][]uint32, h+1)
	for k, sets := range x.sets {
		rev[k] = make([]uint32, len(sets))
		for i, c := range sets {
			rev[k][i] = x.rank[bits.Reverse32(c)>>(32-h)]
		}
	}
	return rev
}

// countWalk is walkQuarter counting placements, for those that use
// exactly the rows P among rows 0..d-1 (d < h): by bucket into c, or
// when c is nil by rows into r.
type countWalk struct {
	c       []uint32 // dense, by x
	x       *bucketIndex
	r       []uint64
	rev     [][]uint32 // mirrorRanks(h)
	done    func()
	h, d    int
	full, P uint32
	// stop, when set, ends the walk early (countClasses): rec polls it
	// at rows up to poll.
	stop *atomic.Bool
	poll int
}

// class counts the placements of class P by halves, with the mirror σ:
// column j ↔ h−1−j, which keeps a placement's rows and reverses its
// columns, taking bucket (R, C) to (R, rev C). σ is an involution of
// the class's placements (it keeps their rows). Its fixed points are
// the placements whose every queen is on a column j = h−1−j, the
// middle one (odd h only), so with one queen at most: the empty
// placement, and for odd h one queen on the middle column. Any other
// placement p has a first queen off the middle column (that of its
// lowest such row), in a column j ≠ h−1−j; σp has the same queens on
// the middle column, so its first queen off it is in the same row, in
// column h−1−j. Exactly one of p and σp thus has that queen left of
// the middle (j < h−1−j, j < ⌊h/2⌋): call S the placements that do.
// The pairs {p, σp} partition the placements other than the fixed
// points F, hence, by bucket,
//
//	count(R, C) = S(R, C) + S(R, rev C) + F(R, C).
//
// The walk counts S (for odd h in two parts: the first queen left, and
// the first queen on the middle column and the next left), then makes
// each bucket S(R, C) + S(R, rev C) (mirror: a pair {C, rev C} once,
// its sum into both, a C = rev C doubled), then counts F, which the
// mirror would have doubled. It walks |S| = (placements − |F|)/2. The
// class fixes the rows among 0..d-1, and its buckets (their row sets)
// are its own: the mirror of the class's row sets is the class's,
// whatever the other classes (and workers) do. By rows (c nil) the same
// holds with count(R) = 2·S(R) + F(R).
func (w *countWalk) class() {
	h := w.h
	left := uint32(1)<<(h/2) - 1 // the columns j < h-1-j
	w.lead(0, 0, 0, 0, 0, left, 0)
	if h%2 == 1 && h > 1 { // (h = 1 has no column left of the middle)
		w.lead(0, 0, 0, 0, 0, 1<<(h/2), left)
	}
	w.mirror()
	mask := uint32(1)<<w.d - 1
	if h%2 == 1 {
		for f := range h {
			if uint32(1)<<f&mask == w.P {
				w.add(1<<f, 1<<(h/2)) // F: one queen, the middle column
			}
		}
	}
	if w.P == 0 {
		w.add(0, 0) // F: the empty placement
	}
}

// lead counts the placements of class P that use exactly the rows rows
// among 0..i-1 with columns cols (ld, rd: the diagonals attacking row
// i) and whose next queen (that of the lowest used row from i on) is in
// a column of first; then, if then ≠ 0, whose queen after that is in a
// column of then (and which have one).
func (w *countWalk) lead(i int, rows, cols, ld, rd, first, then uint32) {
	for ; i < w.h; i++ {
		if i >= w.d || w.P>>i&1 == 1 { // row i may be used
			for free := first &^ (cols | ld | rd); free != 0; free &= free - 1 {
				b := free & -free
				r, c, l, d := rows|1<<i, cols|b, ((ld|b)<<1)&w.full, (rd|b)>>1
				switch {
				case then != 0:
					if i < w.h-1 {
						w.lead(i+1, r, c, l, d, then, 0)
					}
				case i == w.h-1:
					w.add(r, c)
				default:
					w.rec(i+1, r, c, l, d)
				}
			}
		}
		if i < w.d && w.P>>i&1 == 1 {
			return // row i must be used
		}
		ld, rd = (ld<<1)&w.full, rd>>1
	}
}

// add counts one placement of bucket (rows, cols).
func (w *countWalk) add(rows, cols uint32) {
	if w.c == nil {
		w.r[rows]++
		return
	}
	w.c[w.x.off[rows]+uint64(w.x.rank[cols])]++
}

// mirror makes each bucket (R, C) of class P hold the sum of the
// buckets (R, C) and (R, rev C) (see class).
func (w *countWalk) mirror() {
	for s := range uint32(1) << (w.h - w.d) {
		R := s<<w.d | w.P
		if w.c == nil {
			w.r[R] *= 2
			continue
		}
		k := bits.OnesCount32(R)
		row := w.c[w.x.off[R]:][:len(w.rev[k])]
		for i, j := range w.rev[k] {
			if j > uint32(i) { // each pair once
				s := row[i] + row[j]
				row[i], row[j] = s, s
			} else if j == uint32(i) {
				row[i] *= 2
			}
		}
	}
}

// rec counts the placements of class P that use exactly the rows rows
// among 0..i-1 with columns cols and the diagonals ld, rd attacking row
// i.
func (w *countWalk) rec(i int, rows, cols, ld, rd uint32) {
	if i <= w.poll && w.stop != nil && w.stop.Load() {
		return
	}
	free := w.full &^ (cols | ld | rd)
	if i == w.h-1 { // the last row: no queen, or one on a free column
		if w.c == nil {
			w.r[rows]++
			w.r[rows|1<<i] += uint64(bits.OnesCount32(free))
			return
		}
		rank := w.x.rank
		w.c[w.x.off[rows]+uint64(rank[cols])]++
		row := w.c[w.x.off[rows|1<<i]:]
		for ; free != 0; free &= free - 1 {
			row[rank[cols|free&-free]]++
		}
		return
	}
	use := i >= w.d || w.P>>i&1 == 1
	skip := i >= w.d || w.P>>i&1 == 0
	if skip {
		w.rec(i+1, rows, cols, (ld<<1)&w.full, rd>>1)
	}
	if !use {
		return
	}
	for ; free != 0; free &= free - 1 {
		b := free & -free
		w.rec(i+1, rows|1<<i, cols|b, ((ld|b)<<1)&w.full, (rd|b)>>1)
	}
}
