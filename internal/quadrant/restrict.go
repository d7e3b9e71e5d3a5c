package quadrant

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/nqueens/nqueens/internal/shard"
)

// Plans for some units only (Plan.ForUnits).
//
// A unit (frame, Top) reads, in each of its row splits E, one row set of
// each quadrant: nw the top rows outside E, ne the top rows in E (both
// fixed by Top), sw and se the bottom rows outside and in E. Over the
// splits of one unit the bottom rows run through every set of the
// unit's size, so a unit reads whole "layers" of the quadrant table in
// sw and se (the buckets whose row set has a given number of rows) and
// a few row sets in nw and ne. A plan for some units builds, per frame,
// only the projected buckets of those row sets (from a walk of the
// quadrant's placements, without keeping the quadrant table), layer by
// layer, or streams them (see "Stream mode" below). Shards gives each
// shard an equal share of every layer, so a shard built with tables
// holds what a whole count does, one layer's at a time; streaming, it
// holds the bucket counts and a few row sets per worker.

// subset is what a plan for some units keeps instead of the quadrant
// table.
type subset struct {
	ids    []int               // the units it may count, ascending
	allow  []bool              // by unit ID
	base   uint64              // bytes of the bucket counts, held or dropped (QuarterBytes)
	need   map[tableKey]*needs // per frame and layer in use: the row sets read
	keep   []bool              // union of need over frames and quadrants
	stream uint64              // streamBytes: per worker in stream mode
	frameB map[tableKey]uint64 // per frame and layer in use: its table's bound
	// Per layer, the largest table's placements and start offsets
	// (projSubSize): newProjTableSub makes its arrays that large, so
	// that the tables it reuses within the layer need not grow again.
	layerCap map[int][2]uint64
	// Per layer of two tables or more (odd N's frames), the row sets
	// its tables read (union over its frames and quadrants) and their
	// placements: Count copies the layer's tables from a quadrant table
	// of these rows only (newLayerQuarter) instead of walking the
	// placements once per table (at N = 19 a walk per frame and layer
	// took 12% of the count's CPU).
	layerKeep  map[int][]bool
	layerPlace map[int]uint64
	// whole: the plan of a whole count (NewWholePlan), whose memory
	// bound defaults to DefaultMaxMemory, not DefaultShardMemory.
	whole bool

	// The bucket counts, which only planning and the projected tables
	// read: a streaming Count drops them when they are the plan's own
	// (dropCounts), and they are counted again if ever needed.
	mu     sync.Mutex
	sums   *bucketSums // shared with the plans made with them unless owned
	counts bcounts     // sums.counts: placements per bucket
	owned  bool        // sums were made for this plan alone
}

// bucketSums returns the subset's bucket counts, counting them again
// (bucketCounts) if a streaming Count dropped them.
func (s *subset) bucketSums(h int) *bucketSums {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sums == nil {
		// (Counted again by a count that dropped them, up to MaxN:
		// h ≤ 12, a second of CPU.)
		b, _ := sharedBucketCounts(context.Background(), h) // no ctx: cannot fail
		s.sums = newBucketSums(h, b)
		s.counts, s.owned = s.sums.counts, true
	}
	return s.sums
}

// dropCounts lets the garbage collector have the bucket counts when no
// other plan shares them: 4^h words (16 MiB at N = 22) that a streaming
// count does not read, a tenth of an N = 22 shard's memory.
func (s *subset) dropCounts() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.owned {
		s.sums, s.counts = nil, bcounts{}
	}
}

// A tableKey names a projected table of a ForUnits plan: the buckets its
// units of one layer read in one frame. Count counts the units layer by
// layer, so that the tables of one layer only are held at a time.
type tableKey struct{ frame, layer int }

// cacheKey is the key of k in the plan's projCache.
func (k tableKey) cacheKey() int { return k.frame<<8 | k.layer }

func keyOf(cacheKey int) tableKey { return tableKey{cacheKey >> 8, cacheKey & 0xff} }

// needs[q][rows] reports whether a unit reads the placements of quadrant
// q that use exactly the local rows rows.
type needs [4][]bool

// splitRows returns the local row sets that split E reads in the four
// quadrants of frame f: west (nw, sw) the free rows outside E, east (ne,
// se) those in E, as appendHalf cuts them.
func (f *frame) splitRows(E uint64) [4]uint32 {
	hm := uint64(1)<<f.h - 1
	W := f.rows ^ E
	var r [4]uint32
	r[nw] = uint32(W >> f.r0[nw] & hm)
	r[sw] = uint32(W >> f.r0[sw] & hm)
	r[ne] = uint32(E >> f.r0[ne] & hm)
	r[se] = uint32(E >> f.r0[se] & hm)
	return r
}

// ForUnits returns a plan with p's units, costs and Digest that can count
// only the units ids (each at most once, any order): it holds no
// quadrant table but builds, per frame, the projected buckets of the row
// sets those units read (see splitRows), or streams them when those do
// not fit (SetProjected), and plans its memory from them
// (Plan.PlanMemory; by default within DefaultShardMemory, see
// MemoryLimit). p may be a NewUnitPlan, a NewBucketPlan or a NewPlan
// (whose bucket counts it then shares), or a ForUnits plan whose units
// include ids. Counting a unit outside ids fails with ErrUnit. From a
// NewUnitPlan it walks the quadrant's placements once to count the
// buckets (bucketCounts: a sixth of a second of CPU for N = 22, about
// 1.3 s for N = 24, on all cores) and keeps their counts, 4^h 32-bit words
// (17 MiB for N = 22, 64 MiB for N = 24). It checks ctx before each
// unit it plans (all 15,775 of N = 28 take seconds) and returns ctx's
// error when done.
func (p *Plan) ForUnits(ctx context.Context, ids []int) (*Plan, error) {
	sel, err := p.selectUnits(ids)
	if err != nil {
		return nil, err
	}
	sp, err := p.forUnits(ctx, sel, p.bucketSums())
	if err != nil {
		return nil, err
	}
	// Counts made for this call alone (from a walk or the quadrant
	// table) are the new plan's own.
	sp.sub.owned = p.sub == nil && p.sums == nil
	return sp, nil
}

// bucketSums returns the bucket counts of p's quadrant: those p holds,
// or from one walk.
func (p *Plan) bucketSums() *bucketSums {
	h := p.n / 2
	switch {
	case p.sub != nil:
		return p.sub.bucketSums(h)
	case p.sums != nil:
		return p.sums
	case p.q != nil:
		return newBucketSums(h, fromQuarter(p.q))
	}
	// A NewUnitPlan's: past MaxN remembered from its own walk
	// (rowCounts), up to MaxN a walk of at most a second or two.
	b, _ := sharedBucketCounts(context.Background(), h) // no ctx: cannot fail
	return newBucketSums(h, b)
}

// forUnits is ForUnits of the checked ids sel with the bucket counts b.
func (p *Plan) forUnits(ctx context.Context, sel []int, b *bucketSums) (*Plan, error) {
	sel = slices.Clone(sel)
	slices.Sort(sel)
	h := p.n / 2
	s := &subset{ids: sel, allow: make([]bool, len(p.units)), need: map[tableKey]*needs{},
		keep: make([]bool, 1<<h), frameB: map[tableKey]uint64{}, layerCap: map[int][2]uint64{},
		layerKeep: map[int][]bool{}, layerPlace: map[int]uint64{},
		sums: b, counts: b.counts, base: b.counts.bytes()}
	for _, id := range sel {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s.allow[id] = true
		u := p.units[id]
		key := tableKey{u.Frame, u.Layer()}
		nd := s.need[key]
		if nd == nil {
			nd = new(needs)
			for q := range nd {
				nd[q] = make([]bool, 1<<h)
			}
			s.need[key] = nd
		}
		f := p.frames[u.Frame]
		f.eachSplit(u.Top, func(E, _ uint64) {
			for q, r := range f.splitRows(E) {
				nd[q][r] = true
				s.keep[r] = true
			}
		})
	}
	tables := map[int]int{} // per layer
	for key, nd := range s.need {
		f := p.frames[key.frame]
		pats, starts := projSubSize(f, b, nd)
		s.frameB[key] = projSubBytes(f, b, nd)
		c := s.layerCap[key.layer]
		s.layerCap[key.layer] = [2]uint64{max(c[0], pats), max(c[1], starts)}
		tables[key.layer]++
	}
	for key, nd := range s.need {
		if tables[key.layer] < 2 {
			continue
		}
		lk := s.layerKeep[key.layer]
		if lk == nil {
			lk = make([]bool, 1<<h)
			s.layerKeep[key.layer] = lk
		}
		for q := range nd {
			for r, in := range nd[q] {
				lk[r] = lk[r] || in
			}
		}
	}
	for l, lk := range s.layerKeep {
		s.layerPlace[l] = keptPlacements(lk, b.counts)
	}
	s.stream = streamBytes(b, s.keep)
	sp := &Plan{n: p.n, frames: p.frames, units: p.units, sub: s}
	sp.pool.New = func() any { return new(worker) }
	var err error
	if sp.maxPat, err = halfBoundUnits(ctx, p.frames, p.units, sel, b); err != nil {
		return nil, err
	}
	if c := chunkPast(p.n); c > 0 {
		sp.setChunk(c, b) // the sampler's pieces are chunked alike
	}
	return sp, nil
}

// streamChunk is Plan.chunk past MaxN: 2^22 half-boards, a worker's
// lists and join of at most 401 MiB (workerBytes), where N = 26's
// largest half-board was planned at 14 GiB (its pairs of placements
// before their attack check).
const streamChunk = 1 << 22

// setChunk makes p's streaming workers list the half-boards in chunks of
// at most chunk half-boards and bounds p's half-boards (maxPat) by a
// chunk's most: chunk, or one placement of a cell's outer list against
// its inner one, at most the largest of b's buckets.
func (p *Plan) setChunk(chunk int, b *bucketSums) {
	most := b.largest()
	p.chunk = chunk
	p.maxPat = min(p.maxPat, max(uint64(chunk), uint64(most)))
	p.selBytes = 4 * 8 * 3 / 2 * uint64(most)
}

// NewBucketPlan is NewUnitPlan (the units, costs and Digest, no quadrant
// table) that also keeps the quadrant's bucket counts, 4^h 32-bit words
// (64 MiB for N = 24), from one walk that counts only (bucketCounts), so
// that its ForUnits and PlanShards plans walk nothing more. Like
// NewUnitPlan it stops within a second when ctx is done, with ctx's
// error.
func NewBucketPlan(ctx context.Context, n int) (*Plan, error) {
	if n < 4 || n > MaxShardN {
		return nil, fmt.Errorf("%w: N = %d, want 4..%d", ErrSize, n, MaxShardN)
	}
	h := n / 2
	counts, err := sharedBucketCounts(ctx, h)
	if err != nil {
		return nil, err
	}
	b := newBucketSums(h, counts)
	p := &Plan{n: n, frames: frames(n), sums: b}
	R := make([]uint64, 1<<h)
	for r := range R {
		R[r] = b.counts.rowSum(uint32(r))
	}
	if err := p.addUnits(ctx, R); err != nil {
		return nil, err
	}
	return p, nil
}

// PlanShards returns, for each list of unit IDs in shards, what
// p.ForUnits(ids).PlanMemory(opts) returns (opts.Units is ignored), with
// one difference: a shard that does not fit is no error here, its
// Result states its planned peak (compare it with MemoryLimit). The
// shards share one set of bucket counts (p's, or one walk), and are
// planned on all cores: at N = 24 the walk and 64 shards take seconds,
// where a ForUnits plan per shard walks the quadrant each time. When ctx
// is done it stops before the next shard (one takes a fraction of a
// second at N = 28) and returns ctx's error.
func (p *Plan) PlanShards(ctx context.Context, shards [][]int, opts Options) ([]Result, error) {
	if opts.Workers < 0 {
		return nil, fmt.Errorf("quadrant: Workers = %d, want >= 0", opts.Workers)
	}
	sels := make([][]int, len(shards))
	for i, ids := range shards {
		if ids == nil {
			ids = []int{} // a shard without units, not every unit
		}
		sel, err := p.selectUnits(ids)
		if err != nil {
			return nil, fmt.Errorf("shard %d: %w", i, err)
		}
		sels[i] = sel
	}
	b := p.bucketSums()
	opts.Units = nil
	out := make([]Result, len(shards))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), len(shards))) {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= len(sels) {
					return
				}
				sp, err := p.forUnits(ctx, sels[i], b)
				if err != nil {
					return // ctx's, returned below
				}
				r := Result{N: p.n, Units: len(sp.sub.ids)}
				r.Workers, r.Projected, r.PeakMemory = sp.planMemory(sp.sub.ids, opts)
				out[i] = r
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

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

// DefaultShardMemory is the memory bound of a ForUnits plan (a shard)
// for the zero Options.MaxMemory: 2 GiB, where a whole count has
// DefaultMaxMemory. A shard is meant for a node of a cluster, where
// 2 GiB per task is a common default; every shard of every N up to MaxN
// fits it (one streaming worker needs at most about 1.7 GiB, at
// N = 24 and 25). Without a MaxMemory a shard streams, with as many
// workers as fit: at N = 22 its peak was a fifth of a whole count's, at
// the CPU the projected tables take (see "Shards that fit a node" in
// doc.go). With one, it keeps the projected tables and its workers
// while they fit, as a whole count does within its bound.
const DefaultShardMemory = 2 << 30

// MemoryLimit returns the memory bound that Count and PlanMemory of p
// plan within for Options.MaxMemory = limit: limit itself, or for 0
// DefaultMaxMemory, DefaultShardMemory for a ForUnits plan (but not for
// NewWholePlan's).
func (p *Plan) MemoryLimit(limit uint64) uint64 {
	switch {
	case limit != 0:
		return limit
	case p.sub != nil && !p.sub.whole:
		return DefaultShardMemory
	}
	return DefaultMaxMemory
}

// Subset returns the units a ForUnits plan may count, ascending, or nil
// for a plan of every unit (NewPlan, NewWholePlan). The slice must not
// be modified.
func (p *Plan) Subset() []int {
	if p.sub == nil || p.sub.whole {
		return nil
	}
	return p.sub.ids
}

// halfBoundUnits is halfBound over the splits of the units ids only, each
// in its own frame and band: the pairs of quadrant placements with
// complementary columns (b's bucket counts), before the check that they
// do not attack each other. It sums what halfPairs does, over the column
// sets of the right size only, and only for the half-boards whose upper
// bound (rowStats.bound) exceeds the largest sum found so far (at N = 24
// summing them all took most of the time of PlanShards). A half-board
// (its row sets and band) is looked at once, marked in a bitset per band
// (2^2h bits: 2 MiB at h = 12). A list of the half-boards sorted by
// bound, and a map to mark them, made the planning the peak of a whole
// count of N = 19 (35 MB live, against 28 MB counting), at the same
// speed (plan 24 --shards 64: 3.7–4.1 s against 4.3 s).
//
// It checks ctx before each unit and returns its error when done.
func halfBoundUnits(ctx context.Context, frames []*frame, units []Unit, ids []int, b *bucketSums) (uint64, error) {
	seen := map[uint32][]uint64{} // band -> bit lt<<h | lb
	stats := map[uint32]*rowStats{}
	h := b.h
	cnt := b.counts
	rank := cnt.x.rank
	var best uint64
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		u := units[id]
		f := frames[u.Frame]
		hm := uint64(1)<<f.h - 1
		f.eachSplit(u.Top, func(E, _ uint64) {
			r := f.splitRows(E)
			for i, side := range [2][3]uint32{
				{r[nw], r[sw], uint32(f.cols >> f.c0[nw] & hm)},
				{r[ne], r[se], uint32(f.cols >> f.c0[ne] & hm)},
			} {
				lt, lb, band := side[0], side[1], side[2]
				bs := seen[band]
				if bs == nil {
					bs = make([]uint64, 1<<(2*h)/64+1)
					seen[band] = bs
				}
				k := lt<<h | lb
				if bs[k/64]&(1<<(k%64)) != 0 {
					continue
				}
				bs[k/64] |= 1 << (k % 64)
				st := stats[band]
				if st == nil {
					st = b.rowStats(band)
					stats[band] = st
				}
				if st.bound(lt, lb) < float64(best) {
					continue
				}
				kt := bits.OnesCount32(lt)
				if kt+bits.OnesCount32(lb) != bits.OnesCount32(band) {
					continue // no placement of this half
				}
				top, bot := cnt.row(lt), cnt.row(lb)
				var s uint64
				for _, c := range f.subsets[i][kt] {
					s += uint64(top[rank[c]]) * uint64(bot[rank[band^c]])
				}
				best = max(best, s)
			}
		})
	}
	return best, nil
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

// neededRows returns, for quadrant q of frame f, the slot of each local
// row set in a projected table restricted to nd (-1: not kept) and the
// number of slots: the row sets that nd marks and that use free rows
// only.
func neededRows(f *frame, q int, nd *needs) ([]int32, int) {
	slot := make([]int32, 1<<f.h)
	return slot, neededRowsTo(slot, f, q, nd)
}

// neededRowsTo is neededRows writing the slots to slot (length 2^h).
func neededRowsTo(slot []int32, f *frame, q int, nd *needs) int {
	hm := uint64(1)<<f.h - 1
	rowsFree := uint32(f.rows >> f.r0[q] & hm)
	ns := 0
	for r := range slot {
		slot[r] = -1
		if nd[q][r] && uint32(r)&^rowsFree == 0 {
			slot[r] = int32(ns)
			ns++
		}
	}
	return ns
}

// growTo returns s with length n, its contents undefined: s itself when
// its capacity allows, else a new slice of capacity at least c.
func growTo[E any](s []E, n, c int) []E {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]E, n, max(n, c))
}

// projSubBytes bounds the memory of the projected table of frame f
// restricted to nd (newProjTableSub), its construction included: per
// quadrant the placements of the kept buckets (before the diagonal
// filters), their start offsets counted twice and the slots. (The walk
// writes through the starts, so the second copy is slack that the
// plans, layerPlans and oddLayerPlans, keep until they are tabulated
// again.)
func projSubBytes(f *frame, b *bucketSums, nd *needs) uint64 {
	pats, starts := projSubSize(f, b, nd)
	return 4*uint64(1)<<f.h*4 + starts*4*2 + pats*8
}

// projSubSize returns the lengths of the placements and of the start
// offsets of the projected table of frame f restricted to nd, its four
// quadrants together (newProjTableSub's buf and sbuf).
func projSubSize(f *frame, b *bucketSums, nd *needs) (pats, starts uint64) {
	h := f.h
	hm := uint64(1)<<h - 1
	for q := range 4 {
		sums := b.rowSums(uint32(f.cols >> f.c0[q] & hm))
		slot, ns := neededRows(f, q, nd)
		starts += uint64(ns<<h + 1)
		for r, s := range slot {
			if s >= 0 {
				pats += sums[r]
			}
		}
	}
	return pats, starts
}

// newProjTableSub builds the projected table of frame f holding only the
// buckets that nd marks, from a walk of the quadrant's placements, or
// with q (not nil) from the placements of the marked rows in q: each
// placement is written to its slot in every quadrant that keeps its
// bucket, the start offsets serving as the write cursors, and the
// buckets are then packed. It reuses the arrays of old, an evicted table
// (projCache.free), where they are large enough, and makes new ones of
// at least capPats placements and capStarts offsets (the largest table's
// of the layer, subset.layerCap): grown to each larger table in turn
// they were 138 MB of N = 19's 177 MB allocated. With q, par goroutines
// copy the placements, each a row set at a time (the row sets' buckets
// and cursors are apart): the workers of a Count share one table
// (Count) and wait for it, so that a build alone would leave them idle
// (measured, nqueens count 19 at 2 workers, CPU over wall time: 1.89–1.90
// with a table per worker, 1.85 shared and built on one goroutine, 1.91
// built on two).
func newProjTableSub(f *frame, counts bcounts, nd *needs, q *quarter, old *projTable, capPats, capStarts, par int) *projTable {
	t := new(projTable)
	if old != nil {
		t.buf, t.sbuf, t.slots = old.buf, old.sbuf, old.slots
	}
	h := f.h
	hm := uint64(1)<<h - 1
	t.slots = growTo(t.slots, 4<<h, 0)
	var ns [4]int
	nstart := 0
	for q := range 4 {
		t.slot[q] = t.slots[q<<h : (q+1)<<h : (q+1)<<h]
		ns[q] = neededRowsTo(t.slot[q], f, q, nd)
		nstart += ns[q]<<h + 1
	}
	t.sbuf = growTo(t.sbuf, nstart, capStarts)
	var colsFree [4]uint32
	var total [4]uint32
	var drop, mark, markBit [4]uint64
	at := 0
	for q := range 4 {
		colsFree[q] = uint32(f.cols >> f.c0[q] & hm)
		m := ns[q]<<h + 1
		start := t.sbuf[at : at+m : at+m]
		at += m
		var tot uint32
		for r, s := range t.slot[q] {
			if s < 0 {
				continue
			}
			for c := range 1 << h {
				start[int(s)<<h|c] = tot
				if uint32(c)&^colsFree[q] == 0 {
					tot += counts.at(uint32(r), uint32(c))
				}
			}
		}
		start[ns[q]<<h] = tot
		t.start[q], total[q] = start, tot
		drop[q], mark[q], markBit[q] = f.foldBits(q)
	}
	t.buf = growTo(t.buf, int(total[0]+total[1]+total[2]+total[3]), capPats)
	at = 0
	for q := range 4 {
		m := int(total[q])
		t.pats[q] = t.buf[at : at+m : at+m]
		at += m
	}
	const low = 1<<antiShift - 1
	visit := func(rows, cols uint32, d uint64) {
		for q := range 4 {
			s := t.slot[q][rows]
			if s < 0 || cols&^colsFree[q] != 0 {
				continue // a row set not kept, a column of the fixed queens
			}
			m, a := (d&low)<<f.offM[q], (d>>antiShift)<<f.offA[q]
			if m&f.blockM|a&f.blockA != 0 {
				continue
			}
			p := f.pattern(m, a)
			if p&drop[q] != 0 {
				continue
			}
			if p&mark[q] != 0 {
				p |= markBit[q]
			}
			k := int(s)<<h | int(cols)
			t.pats[q][t.start[q][k]] = p
			t.start[q][k]++
		}
	}
	if q == nil {
		walkQuarter(h, visit)
	} else {
		// Only the rows some quadrant keeps: a layer's rows are a small
		// part of the table (at N = 19, walking all of it for each frame
		// and layer cost 12% of the count's CPU).
		var next atomic.Int32
		copyRows := func() {
			for {
				rows := uint32(next.Add(1) - 1)
				if rows >= 1<<h {
					return
				}
				if t.slot[nw][rows] < 0 && t.slot[ne][rows] < 0 && t.slot[sw][rows] < 0 && t.slot[se][rows] < 0 {
					continue
				}
				for cols := range uint32(1) << h {
					for _, d := range q.bucket(rows, cols) {
						visit(rows, cols, d)
					}
				}
			}
		}
		var wg sync.WaitGroup
		for range par - 1 {
			wg.Go(copyRows)
		}
		copyRows()
		wg.Wait()
	}
	// Pack: bucket k was written from its first offset (counted again
	// here) up to its cursor start[k].
	for q := range 4 {
		st, pats := t.start[q], t.pats[q]
		var w, from uint32
		for r, s := range t.slot[q] {
			if s < 0 {
				continue
			}
			for c := range 1 << h {
				k := int(s)<<h | c
				end := st[k]
				st[k] = w
				copy(pats[w:], pats[from:end])
				w += end - from
				if uint32(c)&^colsFree[q] == 0 {
					from += counts.at(uint32(r), uint32(c))
				}
			}
		}
		st[len(st)-1] = w
		t.pats[q] = pats[:w]
	}
	return t
}

// Stream mode. When a layer's projected tables do not fit, a ForUnits
// plan keeps no table at all (SetProjected(false)): each worker lists,
// for the unit and the row split at hand, the placements of the four row
// sets it reads, by a walk of those rows only (walkRows), projected as a
// table would hold them. The nw and ne row sets are those of the unit
// and are listed once per unit; sw and se once per split. Listing a row
// set costs about as much as reading its placements once, while the
// half-boards built from it read each many times, so streaming costs a
// fraction of the count's time (measured in the package doc) for a
// worker's memory: four row sets, a few MiB.

// walkRows appends to cols and ds, for every placement of non-attacking
// queens on an h×h board that uses exactly the rows rows and columns in
// colsOK only, its columns and packed diagonals (as walkQuarter), in the
// order of a depth-first walk that tries low columns first. It walks
// with a stack of its own, row to used row, without a call per
// placement: stream mode lists every row set it reads this way, once per
// unit or split (see streamTable).
func walkRows(h int, rows, colsOK uint32, cols []uint32, ds []uint64) ([]uint32, []uint64) {
	full := uint32(1)<<h - 1
	var rs [32]int // the used rows, ascending
	k := 0
	for r := rows & full; r != 0; r &= r - 1 {
		rs[k] = bits.TrailingZeros32(r)
		k++
	}
	if k == 0 {
		return append(cols, 0), append(ds, 0)
	}
	type level struct {
		free, cols, ld, rd uint32 // ld, rd: the diagonals that attack row rs[l]
		d                  uint64
	}
	var st [32]level
	st[0] = level{free: colsOK & full}
	for l := 0; l >= 0; {
		s := &st[l]
		if s.free == 0 {
			l--
			continue
		}
		b := s.free & -s.free
		s.free &^= b
		i, j := rs[l], bits.TrailingZeros32(b)
		d := s.d | uint64(1)<<(i-j+h-1) | uint64(1)<<(antiShift+i+j)
		c := s.cols | b
		if l == k-1 {
			cols, ds = append(cols, c), append(ds, d)
			continue
		}
		g := rs[l+1] - i
		ld, rd := ((s.ld|b)<<g)&full, (s.rd|b)>>g
		st[l+1] = level{free: colsOK &^ (c | ld | rd) & full, cols: c, ld: ld, rd: rd, d: d}
		l++
	}
	return cols, ds
}

// streamTable is a worker's table of one row set per quadrant (stream
// mode): a projTable whose slot 0 of quadrant q holds row set rows[q] of
// frame f[q].
type streamTable struct {
	t    projTable
	f    [4]*frame
	rows [4]uint32
	buf  [4][]uint64 // patterns, by columns once listed (t.pats)
	cols [4][]uint32 // and their columns
	next []uint32    // the sort's cursors
}

// set makes quadrant q of the table hold the local row set rows of frame
// f, listing it unless it does already.
func (s *streamTable) set(f *frame, q int, rows uint32) {
	h := f.h
	if s.t.slot[q] == nil {
		s.t.slot[q] = make([]int32, 1<<h)
		for i := range s.t.slot[q] {
			s.t.slot[q][i] = -1
		}
		s.t.start[q] = make([]uint32, 1<<h+1)
	} else if s.f[q] == f && s.rows[q] == rows {
		return
	} else {
		s.t.slot[q][s.rows[q]] = -1
	}
	s.f[q], s.rows[q] = f, rows
	s.t.slot[q][rows] = 0
	hm := uint64(1)<<h - 1
	buf, cols := s.buf[q][:0], s.cols[q][:0]
	start := s.t.start[q]
	clear(start)
	if rows&^uint32(f.rows>>f.r0[q]&hm) == 0 {
		drop, mark, markBit := f.foldBits(q)
		const low = 1<<antiShift - 1
		offM, offA := f.offM[q], f.offA[q]
		cols, buf = walkRows(h, rows, uint32(f.cols>>f.c0[q]&hm), cols, buf)
		// Project in place, keeping the placements the frame allows.
		blockM, blockA := f.blockM, f.blockA
		k := 0
		for i, d := range buf {
			m, a := (d&low)<<offM, (d>>antiShift)<<offA
			if m&blockM|a&blockA != 0 {
				continue
			}
			p := f.pattern(m, a)
			if p&drop != 0 {
				continue
			}
			if p&mark != 0 {
				p |= markBit
			}
			c := cols[i]
			buf[k], cols[k] = p, c
			start[c+1]++
			k++
		}
		buf, cols = buf[:k], cols[:k]
	}
	for c := 1; c < len(start); c++ {
		start[c] += start[c-1]
	}
	// Sort by columns in place (American flag sort: each pattern is
	// swapped to its bucket's cursor), so that a placement takes 12
	// bytes, not 20 with a sorted copy: the largest row set of h = 14
	// is tens of millions of placements, four of them per worker.
	next := s.next[:0]
	next = append(next, start[:len(start)-1]...)
	for c := range len(start) - 1 {
		end := start[c+1]
		for i := next[c]; i < end; i = next[c] {
			k := cols[i]
			if int(k) == c {
				next[c]++
				continue
			}
			j := next[k]
			next[k]++
			buf[i], buf[j] = buf[j], buf[i]
			cols[i], cols[j] = cols[j], cols[i]
		}
	}
	s.next = next
	s.buf[q], s.cols[q], s.t.pats[q] = buf, cols, buf
}

// streamBytes bounds the memory of one worker's streamTable for the
// row sets that keep marks: per quadrant the largest row set's
// placements (a pattern and its columns) and its offsets.
func streamBytes(b *bucketSums, keep []bool) uint64 {
	h := b.h
	sums := b.rowSums(uint32(1)<<h - 1)
	var most uint64
	for r, ok := range keep {
		if ok {
			most = max(most, sums[r])
		}
	}
	return 4*(most*(8+4)+(1<<h)*4*2+4) + (1<<h)*4
}

// checkAllowed returns an ErrUnit error when a ForUnits plan may not
// count unit id.
func (p *Plan) checkAllowed(id int) error {
	if p.sub != nil && !p.sub.allow[id] {
		return fmt.Errorf("%w: unit %d is not among the %d units of this plan (ForUnits)", ErrUnit, id, len(p.sub.ids))
	}
	return nil
}

// Shards returns, for each of m shards, the IDs of its units in ascending
// order, every unit in exactly r different shards (1 ≤ r ≤ m; r = 1: each
// unit once). Every shard takes an equal share of every layer: the units
// of a layer are ordered by frame, then ID, laid out r times end to end
// with widths from their costs, and that line is cut into m equal
// segments; a unit goes to the segment that holds its middle, each copy
// of it. So in every layer a shard's cost is within one unit's cost of
// the layer's mean, r·C_layer/m, and the r copies of a unit are C_layer
// apart on its line, further than a segment is long, hence in r
// different shards. A shard thus has the same mix of layers as the
// whole count: the cost model's error, which differs by layer (see
// "Unit costs" in doc.go), is the same for every shard. The units of a
// frame and layer, which share a projected table, stay together but
// for the segments' ends.
//
// A unit wider than a segment leaves the segments it covers without its
// middle; a shard whose segment is so covered in every layer would be
// empty (N = 12 with 19 shards, 36 of 4000 at N = 28). Such a shard
// then gets the cheapest unit of the shard with the most units
// (shard.FillEmpty), which leaves that shard up to one more unit's cost
// below its layer's mean: when m ≤ r·units no shard is empty. The
// result depends only on the plan (units and costs) and m, r.
func (p *Plan) Shards(m, r int) [][]int {
	if r < 1 || r > m {
		panic(fmt.Sprintf("quadrant: Shards(%d, %d): want 1 ≤ r ≤ m", m, r))
	}
	out := make([][]int, m)
	if len(p.units) == 0 {
		return out
	}
	order := make([]int, len(p.units))
	var maxCost uint64
	for i, u := range p.units {
		order[i] = i
		maxCost = max(maxCost, u.Cost)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ua, ub := p.units[a], p.units[b]
		if la, lb := ua.Layer(), ub.Layer(); la != lb {
			return la - lb
		}
		return ua.Frame - ub.Frame // then by ID: a stable sort of IDs
	})
	// Integer widths, at least 1 and below 2^32, so that r·m times a
	// layer's line fits the 128-bit product below.
	shift := max(0, bits.Len64(maxCost)-32)
	width := func(u Unit) uint64 { return 1 + u.Cost>>shift }
	for len(order) > 0 {
		layer := p.units[order[0]].Layer()
		k := 1
		for k < len(order) && p.units[order[k]].Layer() == layer {
			k++
		}
		var total uint64
		for _, id := range order[:k] {
			total += width(p.units[id])
		}
		div := 2 * uint64(r) * total // the layer's line, in half widths
		var x uint64                 // start of the unit on the line, in half widths
		for _, id := range order[:k] {
			w := width(p.units[id])
			for i := range uint64(r) {
				mid := x + w + 2*i*total
				hi, lo := bits.Mul64(mid, uint64(m))
				s, _ := bits.Div64(hi, lo, div)
				out[s] = append(out[s], id)
			}
			x += 2 * w
		}
		order = order[k:]
	}
	costs := make([]float64, len(p.units))
	for _, ids := range out {
		slices.Sort(ids)
	}
	for i, u := range p.units {
		costs[i] = float64(u.Cost)
	}
	shard.FillEmpty(out, costs)
	return out
}
