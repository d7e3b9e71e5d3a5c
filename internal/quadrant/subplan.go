package quadrant

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
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
	if err := checkWorkers(opts.Workers); err != nil {
		return nil, err
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

// checkAllowed returns an ErrUnit error when a ForUnits plan may not
// count unit id.
func (p *Plan) checkAllowed(id int) error {
	if p.sub != nil && !p.sub.allow[id] {
		return fmt.Errorf("%w: unit %d is not among the %d units of this plan (ForUnits)", ErrUnit, id, len(p.sub.ids))
	}
	return nil
}
