package quadrant

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
)

// MaxN is the largest board a whole count accepts (Count, NewPlan,
// NewWholePlan, PlanMemory): the quadrant table of N = 24 and 25 (h = 12)
// holds 633,443,407 placements (about 5 GiB); h = 13 would overflow its
// 32-bit offsets.
const MaxN = 25

// MaxShardN is the largest board whose units a plan lists (NewUnitPlan,
// NewBucketPlan) and counts a shard at a time (ForUnits): past MaxN a
// shard always streams its row sets (see "Shards that fit a node" in
// doc.go), and the bucket counts of h = 14 take C(28, 14) words.
const MaxShardN = 28

// Errors returned at the package boundary.
var (
	ErrSize   = errors.New("quadrant: board size out of range")
	ErrMemory = errors.New("quadrant: memory limit too small")
	ErrUnit   = errors.New("quadrant: unit index out of range")
)

// A Unit is one independent piece of a count: the row splits E of one
// frame whose east rows in the top band are Top. Units are numbered in
// a fixed order that depends only on N, so a unit id is stable across
// runs and machines.
type Unit struct {
	ID     int
	Frame  int    // index of the frame (the fixed middle queens for odd N)
	Top    uint64 // board rows of the top band whose queen is in the east band
	Cost   uint64 // estimated work, in arbitrary units comparable within a plan
	Splits int    // row splits counted by the unit (after symmetry)

	// Max bounds the unit's total from above (see CheckTotal) and
	// Multiple divides it: the size of its frame's class.
	Max, Multiple uint64
}

// Layer returns the number of east rows of the top band, len(Top): a
// unit of layer j reads, in its sw and se quadrants, the buckets of the
// quadrant table with j and k−j rows (k = |E|), whatever its Top (see
// Plan.ForUnits). Plan.Shards gives every shard a share of every layer.
func (u Unit) Layer() int { return bits.OnesCount64(u.Top) }

// Plan splits the count of Q(N) into units. A Plan holds the quadrant
// table (see PeakMemory) and is safe for concurrent use by several
// goroutines calling CountUnit.
type Plan struct {
	n      int
	q      *quarter
	frames []*frame
	units  []Unit
	maxPat uint64 // bound on the patterns of one half-board

	// rowCount[rows] is the number of quadrant placements using exactly
	// those local rows (the base of Unit.Cost); nil for a ForUnits plan.
	rowCount []uint64
	pool     sync.Pool

	// noProj makes workers project quadrant placements on the fly
	// instead of sharing per-frame projected tables: slower, but the
	// tables cost 4× the quadrant table per frame in use.
	noProj bool
	proj   projCache
	// chunk, when not 0, makes a streaming worker list each half-board
	// in chunks of at most chunk half-boards (appendHalfFrom)
	// and join every west chunk with every east one: past MaxN a
	// half's list would not fit a shard (ForUnits sets streamChunk).
	chunk int
	// selBytes: a chunked worker's scratch for keyed chunks (two
	// selections of two buckets each, halfSel).
	selBytes uint64

	// sub, when not nil, makes this a plan for some units only
	// (ForUnits): q is then nil, or the buckets those units read when
	// the projected tables are off.
	sub *subset
	// sums, when not nil, is the bucket counts of a NewBucketPlan,
	// shared by its ForUnits plans.
	sums *bucketSums
}

// NewPlan builds the plan for an N×N board, 4 <= N <= MaxN. It enumerates
// the quadrant table, which takes about 1 s and 62 MiB for N = 20 and
// grows about 9× per two steps of N (8 bytes per placement and 4 per
// bucket, QuarterBytes; see the table in the package documentation).
func NewPlan(n int) (*Plan, error) {
	if n < 4 || n > MaxN {
		return nil, fmt.Errorf("%w: N = %d, want 4..%d", ErrSize, n, MaxN)
	}
	p := &Plan{n: n, q: newQuarter(n / 2), frames: frames(n)}
	p.pool.New = func() any { return new(worker) }

	// R[rows] = placements of a quadrant using exactly these local rows,
	// the base of the cost estimate.
	h := n / 2
	R := make([]uint64, 1<<h)
	for r := range R {
		for c := range 1 << h {
			if bits.OnesCount(uint(c)) == bits.OnesCount(uint(r)) {
				R[r] += uint64(len(p.q.bucket(uint32(r), uint32(c))))
			}
		}
	}
	p.addUnits(context.Background(), R) // (no ctx to stop: fast next to the table)
	p.maxPat = p.halfBound()
	return p, nil
}

// NewUnitPlan is NewPlan without the quadrant table: the same units,
// costs and Digest, for checking and merging shard records, at a few MiB
// for any N (the table is 4.9 GiB at N = 24). It walks the quadrant's
// placements once to count them by rows (rowCounts, on all cores), and
// prices every row split of every unit; both stop within a second when
// ctx is done (minutes of CPU at N = 28), and NewUnitPlan then returns
// ctx's error. Its CountUnit and Count fail with ErrNoTable.
func NewUnitPlan(ctx context.Context, n int) (*Plan, error) {
	if n < 4 || n > MaxShardN {
		return nil, fmt.Errorf("%w: N = %d, want 4..%d", ErrSize, n, MaxShardN)
	}
	p := &Plan{n: n, frames: frames(n)}
	R, err := rowCounts(ctx, n/2)
	if err != nil {
		return nil, err
	}
	if err := p.addUnits(ctx, R); err != nil {
		return nil, err
	}
	return p, nil
}

// ErrNoTable is returned by the counting methods of a NewUnitPlan.
var ErrNoTable = errors.New("quadrant: this plan has no quadrant table (NewUnitPlan)")

// addUnits lists the units of p's frames with their costs, from R[rows],
// the number of placements of a quadrant using exactly those local rows.
// It checks ctx before each unit (at most C(14, 7) splits to price) and
// returns its error when done, the units then incomplete.
func (p *Plan) addUnits(ctx context.Context, R []uint64) error {
	p.rowCount = R
	h := p.n / 2
	for fi, f := range p.frames {
		top := f.rows & (1<<h - 1)
		for et := uint64(0); ; et = (et - top) & top {
			if err := ctx.Err(); err != nil {
				return err
			}
			u := Unit{Frame: fi, Top: et, Multiple: f.weight}
			fold := uint64(1)
			if f.sym == symDiagonals {
				fold = 4 // a west pattern weighs up to 4 (foldDiagonals)
			}
			f.eachSplit(et, func(E uint64, wt uint64) {
				c, cw, ce := f.splitCost(R, E)
				u.Cost = satAdd(u.Cost, c)
				u.Splits++
				// At most cw west and ce east halves: the quadrant
				// placements with their rows, before any check.
				u.Max = satAdd(u.Max, satMul(satMul(satMul(cw, ce), wt*fold), f.weight))
			})
			if u.Splits > 0 {
				u.ID = len(p.units)
				p.units = append(p.units, u)
			}
			if et == top {
				break
			}
		}
	}
	return nil
}

// splitCost is the estimated work of row split E of frame f (Unit.Cost
// sums it over the unit's splits), from R[rows], the placements of a
// quadrant using exactly those local rows, with cw and ce, the products
// of the row sets' placements of the west and the east half.
//
// The cost is the half-boards' estimated sizes hw and he (splitSizes)
// and the join, about their product: hw·he/2^13 + hw + he. Measured
// against the CPU time of every unit of whole counts, summed by layer,
// this is within 0.91–1.04 of it at N = 18, 19 and 20 and 0.74–1.18 at
// N = 22, on the layers that hold 92–99% of the time (see "Unit costs"
// in doc.go).
func (f *frame) splitCost(R []uint64, E uint64) (cost, cw, ce uint64) {
	hw, he, cw, ce := f.splitSizes(R, E)
	return satAdd(satMul(hw, he)>>13, hw+he), cw, ce
}

// splitSizes returns the estimated lengths hw and he of the west and the
// east half-board lists of row split E, and cw and ce, the products of
// the row sets' placements behind them. A half's length is about its cw
// over the ways to share the band's columns between its two quadrants,
// times the chance that no queen of the top quadrant shares a diagonal
// with one of the bottom quadrant (survival). Without that chance the
// estimate was off by up to 2.5× between layers (the product of a few
// queens above and many below has fewer clashing pairs than half and
// half), which shards of one layer cannot average out.
func (f *frame) splitSizes(R []uint64, E uint64) (hw, he, cw, ce uint64) {
	h := f.h
	hm := uint64(1)<<h - 1
	W := f.rows ^ E
	cw = R[W&hm] * R[W>>f.r0[sw]&hm]
	ce = R[E&hm] * R[E>>f.r0[sw]&hm]
	hw = scale32(cw/binomial(f.bandCols[0], bits.OnesCount64(W&hm)), f.surv[0].survival(W&hm, W&^hm))
	he = scale32(ce/binomial(f.bandCols[1], bits.OnesCount64(E&hm)), f.surv[1].survival(E&hm, E&^hm))
	return hw, he, cw, ce
}

// survival returns, as a fraction of 2^32, the chance that a half's
// queens in board rows top (one per row) and in rows bot share no
// diagonal, the two quadrants taking complementary sets of the band's c
// columns: each pair of rows d apart is taken to clash independently,
// with probability 2(c-d)/(c(c-1)), the share of ordered pairs of
// distinct columns d apart. It multiplies survivalTab's 32-bit
// fractions, rounding down, per top row over the bottom rows in
// increasing order, then over the top rows in increasing order: integer
// arithmetic, so that every machine computes the same costs (they are in
// the plan's Digest). survTable gives the same in a table lookup per top
// row.
func survival(top, bot, c uint64) uint64 {
	s := uint64(1) << 32
	for t := top; t != 0; t &= t - 1 {
		s = mul32(s, survRow(uint64(bits.TrailingZeros64(t)), bot, c))
	}
	return s
}

// survRow is the factor of survival for the top row r: the chance that
// its queen clashes with none in the rows bot.
func survRow(r, bot, c uint64) uint64 {
	p := uint64(1) << 32
	if c < 2 || c >= uint64(len(survivalTab)) {
		return p
	}
	for b := bot; b != 0; b &= b - 1 {
		if d := uint64(bits.TrailingZeros64(b)) - r; d < c {
			p = mul32(p, survivalTab[c][d&63])
		}
	}
	return p
}

// mul32 returns x·y/2^32 rounded down, for x, y ≤ 2^32.
func mul32(x, y uint64) uint64 {
	if x == 1<<32 {
		return y
	}
	return x * y >> 32 // x < 2^32: no overflow
}

// survivalTab[c][d] is 1 - 2(c-d)/(c(c-1)) as a fraction of 2^32 (rounded
// down), for 2 ≤ c ≤ MaxShardN/2+1 columns and 1 ≤ d < c.
var survivalTab = func() (t [MaxShardN/2 + 2][64]uint64) {
	for c := uint64(2); c < uint64(len(t)); c++ {
		den := c * (c - 1)
		for d := uint64(1); d < c; d++ {
			t[c][d] = (den - 2*(c-d)) << 32 / den
		}
	}
	return t
}()

// A survTable holds survRow(r, m<<far, c) at r<<h | m for the top rows
// r < h and every set m of the h bottom rows, built by adding the
// bottom rows in increasing order as survRow does: planning N = 25
// prices 9·10^7 splits twice, and survival by pairs of rows took 7 of
// its 19 CPU seconds.
type survTable struct {
	far, h uint
	p      []uint64
}

func newSurvTable(far, h, c int) *survTable {
	t := &survTable{far: uint(far), h: uint(h), p: make([]uint64, h<<h)}
	for r := range h {
		row := t.p[r<<h : (r+1)<<h]
		row[0] = 1 << 32
		for m := 1; m < 1<<h; m++ {
			hi := bits.Len(uint(m)) - 1
			row[m] = row[m&^(1<<hi)]
			if d := far + hi - r; c >= 2 && c < len(survivalTab) && d < c {
				row[m] = mul32(row[m], survivalTab[c][d])
			}
		}
	}
	return t
}

// survival is the package's survival(top, bot, c) for the c the table was
// built with, where bot holds only rows ≥ far.
func (t *survTable) survival(top, bot uint64) uint64 {
	s := uint64(1) << 32
	m := bot >> t.far
	for x := top; x != 0; x &= x - 1 {
		s = mul32(s, t.p[uint(bits.TrailingZeros64(x))<<t.h|uint(m)])
	}
	return s
}

// survTables holds survTableFor's tables by (far, h, c) (see there).
var survTables struct {
	sync.Mutex
	m map[[3]int]*survTable
}

// survTableFor returns the survTable of (far, h, c), built once and
// remembered in survTables for the life of the process or until
// FreeCaches: the frames of every plan of one N read one or two,
// h·2^h words each (384 KiB at h = 12, 1.75 MiB at h = 14; 6.25 MiB
// for every N from 4 to 28).
func survTableFor(far, h, c int) *survTable {
	survTables.Lock()
	defer survTables.Unlock()
	k := [3]int{far, h, c}
	if t := survTables.m[k]; t != nil {
		return t
	}
	if survTables.m == nil {
		survTables.m = map[[3]int]*survTable{}
	}
	t := newSurvTable(far, h, c)
	survTables.m[k] = t
	return t
}

// scale32 returns x·s/2^32 without overflow, for s ≤ 2^32.
func scale32(x, s uint64) uint64 {
	hi, lo := bits.Mul64(x, s)
	return hi<<32 | lo>>32
}

// eachSplit calls fn for every row split E of the frame whose top-band
// part is et and that stands for its symmetry class, with the class size.
func (f *frame) eachSplit(et uint64, fn func(E, weight uint64)) {
	h := f.h
	hm := uint64(1)<<h - 1
	need := f.k - bits.OnesCount64(et)
	if need < 0 {
		return
	}
	bot := f.rows &^ hm
	for eb := uint64(0); ; eb = (eb - bot) & bot {
		if bits.OnesCount64(eb) == need {
			E := et | eb
			if wt := f.splitWeight(E); wt > 0 {
				fn(E, wt)
			}
		}
		if eb == bot {
			break
		}
	}
}

// splitWeight returns the size of the class of E under the mirrors that
// fix the frame, or 0 when E is not the smallest member of its class.
// Mirroring the rows maps the east rows E to their reversal; mirroring
// the columns swaps east and west, mapping E to the other free rows.
func (f *frame) splitWeight(E uint64) uint64 {
	rev := func(x uint64) uint64 { return bits.Reverse64(x) >> (64 - f.n) }
	var orbit []uint64
	switch f.sym {
	case symNone:
		return 1
	case symDiagonals:
		orbit = []uint64{E, rev(E)}
	case symMirrors:
		c := f.rows ^ E
		orbit = []uint64{E, rev(E), c, rev(c)}
	}
	var wt uint64
	for i, x := range orbit {
		if x < E {
			return 0
		}
		if !slices.Contains(orbit[:i], x) {
			wt++
		}
	}
	return wt
}

// halfBound returns an upper bound on the patterns of one half-board for
// any row split: the pairs of quadrant placements with complementary
// columns, before the check that they do not attack each other. For odd
// N it uses the frame with the centre queen, the one with most room.
func (p *Plan) halfBound() uint64 {
	return halfBound(p.frames[0], func(rows, cols uint32) uint64 { return uint64(len(p.q.bucket(rows, cols))) })
}

// halfBound is Plan.halfBound for frame f, with size(rows, cols) the
// number of quadrant placements using exactly those local rows and
// columns.
func halfBound(f *frame, size func(rows, cols uint32) uint64) uint64 {
	h := f.h
	hm := uint64(1)<<h - 1
	band := uint32(f.cols & hm)
	var best uint64
	memo := map[[2]uint32]bool{}
	for et := uint64(0); et <= f.rows&hm; et++ {
		if et&^f.rows != 0 {
			continue
		}
		f.eachSplit(et, func(E, _ uint64) {
			for _, X := range [2]uint64{E, f.rows ^ E} {
				lt, lb := uint32(X&hm), uint32(X>>f.r0[sw]&hm)
				if memo[[2]uint32{lt, lb}] {
					continue
				}
				memo[[2]uint32{lt, lb}] = true
				best = max(best, halfPairs(lt, lb, band, size))
			}
		})
	}
	return best
}

// halfPairs is the number of pairs of quadrant placements that make a
// half-board with local top rows lt and bottom rows lb over the columns
// of band: for each column set c of the top quadrant with as many
// columns as lt has rows, the top's placements on (lt, c) times the
// bottom's on (lb, band∖c), with size(rows, cols) a bucket's placements.
func halfPairs(lt, lb, band uint32, size func(rows, cols uint32) uint64) uint64 {
	kt := bits.OnesCount32(lt)
	var s uint64
	for c := uint32(0); ; c = (c - band) & band {
		if bits.OnesCount32(c) == kt {
			s += size(lt, c) * size(lb, band^c)
		}
		if c == band {
			return s
		}
	}
}

// Frames returns the number of frames: 1 for even N, one per class of
// middle-queen pairs for odd N.
func (p *Plan) Frames() int { return len(p.frames) }

// N returns the board size.
func (p *Plan) N() int { return p.n }

// Units returns the units of the plan, indexed by ID. The slice must not
// be modified.
func (p *Plan) Units() []Unit { return p.units }

// QuarterBytes is the memory held by the plan's quadrant table. For a
// ForUnits plan (and NewWholePlan's) it is the bucket counts it keeps;
// see also PlanMemory.
func (p *Plan) QuarterBytes() uint64 {
	if p.sub != nil {
		return p.sub.base
	}
	return p.q.bytes()
}

// LayerQuarterBytes is the memory of the layer quarters a Count of every
// unit of a ForUnits plan holds with its projected tables (odd N; 0 for
// even N, whose tables walk the placements, and for other plans).
func (p *Plan) LayerQuarterBytes() uint64 {
	if p.sub == nil {
		return 0
	}
	return p.layerQuarterBytesOf(p.sub.ids)
}

// WorkerBytes bounds the scratch memory of one goroutine running
// CountUnit: two pattern lists and the join's sorted copies and tables.
func (p *Plan) WorkerBytes() uint64 { return workerBytes(p.maxPat) + p.selBytes }

// FrameBytes bounds the memory of the projected table of one frame (see
// SetProjected); Count holds at most one per worker (of a ForUnits plan,
// one in all), CountUnit one more, kept idle.
// For a ForUnits plan it is the largest of its tables (per frame and
// layer).
func (p *Plan) FrameBytes() uint64 {
	if p.sub != nil {
		var b uint64
		for _, x := range p.sub.frameB {
			b = max(b, x)
		}
		return b
	}
	return projBytes(p.q, p.n%2 == 1)
}

// SetProjected chooses whether CountUnit shares per-frame projected
// tables (true, the default: faster, FrameBytes each) or projects the
// quadrant table on the fly. It must not be called during CountUnit.
// A ForUnits plan, when turned off, streams its units' row sets (see
// streamTable) instead.
func (p *Plan) SetProjected(on bool) { p.noProj = !on }

func workerBytes(maxPat uint64) uint64 {
	// Per pattern: the lists 2×8 (ws, es); the sorted lists 2×8 (west
	// records or, without AVX2 and BMI2, packed patterns, and east
	// patterns) and their keys 2×4 (kin, kinE), grown with a quarter to
	// spare: 16 + 30 bytes within the 16+16+16 counted here since an
	// older layout; tables 8192/256 (blocks of 5-bit chunks) and the
	// records' tables of 7-bit chunks, recTableStride/256 (103.75
	// bytes) with a quarter to spare, within recTableBudget; bucket
	// starts and the rest in the MiB. maxPat counts the half-boards'
	// pairs before their attack check, far more than any list holds (a
	// shard of N = 22 planned 390 MiB and peaked at 132), which also
	// covers the lists' own growth.
	return maxPat*(16+16+16+32) + min(maxPat*130, uint64(recTableBudget)*5/4) + 1<<20
}

// CountUnit returns the number of solutions the unit stands for, symmetry
// weights included; the sum over all units is Q(N). It checks ctx between
// row splits and returns ctx.Err() when cancelled.
func (p *Plan) CountUnit(ctx context.Context, i int) (uint64, error) {
	if p.q == nil && p.sub == nil {
		return 0, ErrNoTable
	}
	if i < 0 || i >= len(p.units) {
		return 0, fmt.Errorf("%w: %d of %d", ErrUnit, i, len(p.units))
	}
	if err := p.checkAllowed(i); err != nil {
		return 0, err
	}
	w := p.pool.Get().(*worker)
	defer p.pool.Put(w)
	return w.countUnit(ctx, p, p.units[i], keepIdle)
}

// worker is the scratch space of one goroutine.
type worker struct {
	hs     halfScratch
	st     *streamTable // stream mode of a ForUnits plan
	j      joiner
	ws, es []uint64
	// selW, selE: the west and east selections of keyed chunks
	// (countChunked), with their scratch.
	selW, selE halfSel
	pairs      uint64 // the pairs countChunked joined (tests)
}

// tableOf returns the key of unit u's projected table in the plan's
// cache (acquire), and false when the plan keeps none (it streams, or
// projects on the fly).
func (p *Plan) tableOf(u Unit) (int, bool) {
	if p.noProj {
		return 0, false
	}
	if p.sub != nil {
		return tableKey{u.Frame, u.Layer()}.cacheKey(), true
	}
	return u.Frame, true
}

// countUnit counts unit u; keep is the number of idle projected tables
// the plan keeps when u's is released (see Plan.release).
func (w *worker) countUnit(ctx context.Context, p *Plan, u Unit, keep int) (uint64, error) {
	f := p.frames[u.Frame]
	hm := uint64(1)<<f.h - 1
	d := f.widthM + f.widthA
	var t *projTable
	// A ForUnits plan without projected tables streams its row sets.
	stream := p.sub != nil && p.noProj
	if stream {
		if w.st == nil {
			w.st = new(streamTable)
		}
		t = &w.st.t
	} else if key, ok := p.tableOf(u); ok {
		t = p.acquire(key)
		defer p.release(key, keep)
	}
	var sum uint64
	var err error
	f.eachSplit(u.Top, func(E, wt uint64) {
		if err != nil {
			return
		}
		if err = ctx.Err(); err != nil {
			return
		}
		W := f.rows ^ E
		var r [4]uint32
		if stream {
			r = f.splitRows(E)
			w.st.set(f, nw, r[nw])
			w.st.set(f, sw, r[sw])
		}
		if stream && p.chunk > 0 {
			var c uint64
			c, err = w.countChunked(ctx, f, t, r, W, E, d, p.chunk)
			sum += wt * c
			return
		}
		if t != nil {
			w.ws = f.appendHalfProj(t, w.ws[:0], false, W&hm, W&^hm)
		} else {
			w.ws = f.appendHalf(p.q, &w.hs, w.ws[:0], false, W&hm, W&^hm)
		}
		if len(w.ws) == 0 {
			return
		}
		if stream {
			w.st.set(f, ne, r[ne])
			w.st.set(f, se, r[se])
		}
		if t != nil {
			w.es = f.appendHalfProj(t, w.es[:0], true, E&hm, E&^hm)
		} else {
			w.es = f.appendHalf(p.q, &w.hs, w.es[:0], true, E&hm, E&^hm)
		}
		if f.sym == symDiagonals && t == nil {
			// (A projected table has the fold built in.)
			w.ws, w.es = f.foldDiagonals(w.ws, w.es)
		}
		sum += wt * w.j.count(w.ws, w.es, d)
	})
	if err != nil {
		return 0, err
	}
	return sum * f.weight, nil
}

// countChunked counts the compatible pairs of west and east half-boards
// of split E (west rows W, row sets r) of frame f, streamed (t is the
// worker's stream table, whose west row sets are set), each half
// listed in chunks of at most chunk half-boards (appendHalfFrom). When
// the east list fits one chunk, the west chunks are joined with it one
// by one (a west list in chunks costs about what it costs whole: a
// leaf of the join's key recursion is linear in its west patterns).
// Otherwise the east list is listed by classes of k key bits K
// (chunkKey), and each class's chunks are joined with the west
// half-boards that have none of the class's bits, listed in chunks:
// the pairs that share a bit of K are never listed together, as the
// key recursion of a whole join would never meet them.
//
// Measured on N = 26 pieces (the Sampler's): east chunks of 2^20
// half-boards joined with every west chunk took 2.6 times the whole
// join, of 2^22 1.1 times.
//
// A split of N = 28 joins many chunk pairs: ctx is checked before each
// west chunk, and its error returned when done.
func (w *worker) countChunked(ctx context.Context, f *frame, t *projTable, r [4]uint32, W, E uint64, d, chunk int) (uint64, error) {
	hm := uint64(1)<<f.h - 1
	var atW halfCursor
	var wWhole bool
	w.ws, wWhole = f.appendHalfFrom(t, w.ws[:0], false, W&hm, W&^hm, &atW, chunk)
	if len(w.ws) == 0 && wWhole {
		return 0, nil // no west half: no east list either
	}
	w.st.set(f, ne, r[ne])
	w.st.set(f, se, r[se])
	var atE halfCursor
	var eWhole bool
	w.es, eWhole = f.appendHalfFrom(t, w.es[:0], true, E&hm, E&^hm, &atE, chunk)
	if eWhole {
		if len(w.es) == 0 {
			return 0, nil
		}
		if wWhole {
			w.pairs += uint64(len(w.ws)) * uint64(len(w.es))
			return w.j.count(w.ws, w.es, d), nil
		}
		var sum uint64
		var at halfCursor
		for wDone := false; !wDone; {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
			w.ws, wDone = f.appendHalfFrom(t, w.ws[:0], false, W&hm, W&^hm, &at, chunk)
			w.pairs += uint64(len(w.ws)) * uint64(len(w.es))
			sum += w.j.count(w.ws, w.es, d)
		}
		return sum, nil
	}
	var starts []halfCursor
	starts, es, err := f.halfChunks(ctx, t, true, E&hm, E&^hm, chunk, w.es, nil)
	w.es = es
	if err != nil {
		return 0, err
	}
	var K uint64
	K, w.ws, w.es = f.splitKey(t, W, E, chunk, len(starts), w.ws, w.es)
	var sum uint64
	for ve := uint64(0); ; ve = (ve - K) & K { // every subset of K
		es := &w.selE
		es.K, es.v = K, ve
		var atE halfCursor
		for eDone := false; !eDone; {
			w.es, eDone = f.appendHalfSel(t, w.es[:0], true, E&hm, E&^hm, &atE, chunk, es)
			if len(w.es) == 0 {
				continue
			}
			ws := &w.selW
			ws.K, ws.v = ve, 0
			var at halfCursor
			for wDone := false; !wDone; {
				if err := ctx.Err(); err != nil {
					return 0, err
				}
				w.ws, wDone = f.appendHalfSel(t, w.ws[:0], false, W&hm, W&^hm, &at, chunk, ws)
				w.pairs += uint64(len(w.ws)) * uint64(len(w.es))
				sum += w.j.count(w.ws, w.es, d)
			}
		}
		if ve == K {
			return sum, nil
		}
	}
}

// splitKey returns the key bits of keyed chunks (chunkKey) for split E
// (west rows W) of f, whose east list takes chunks chunks: from the
// first chunk of each half, listed into ws and es (returned, grown).
func (f *frame) splitKey(t *projTable, W, E uint64, chunk, chunks int, ws, es []uint64) (uint64, []uint64, []uint64) {
	hm := uint64(1)<<f.h - 1
	var at halfCursor
	ws, _ = f.appendHalfFrom(t, ws[:0], false, W&hm, W&^hm, &at, chunk)
	at = halfCursor{}
	es, _ = f.appendHalfFrom(t, es[:0], true, E&hm, E&^hm, &at, chunk)
	return chunkKey(ws, es, f.widthM+f.widthA, chunks), ws, es
}

// chunkKey returns the key bits K of a half whose east list takes
// chunks east chunks: the bits below d with the largest products of
// their counts in samples of ws and es (a west and an east chunk),
// as many as the bit length of chunks plus one, at most 6, each set in
// some pattern of both samples.
func chunkKey(ws, es []uint64, d, chunks int) uint64 {
	var sw, se [sample]uint64
	var cw, ce [64]int32
	bitCounts(&cw, sampleOf(&sw, ws))
	bitCounts(&ce, sampleOf(&se, es))
	k := min(bits.Len(uint(chunks))+1, 6)
	var K uint64
	for range k {
		b, best := -1, int64(0)
		for i := range d {
			if x := int64(cw[i]) * int64(ce[i]); K>>i&1 == 0 && x > best {
				b, best = i, x
			}
		}
		if b < 0 {
			break
		}
		K |= 1 << b
	}
	return K
}

// foldDiagonals applies the long-diagonal weighting (see longDiagonals):
// it drops, in place, the east patterns that occupy a long diagonal and
// marks each west pattern with its weight.
func (f *frame) foldDiagonals(ws, es []uint64) ([]uint64, []uint64) {
	lm, la := f.longDiagonals()
	k := 0
	for _, e := range es {
		if e&(lm|la) == 0 {
			es[k] = e
			k++
		}
	}
	es = es[:k]
	for i, w := range ws {
		if w&lm != 0 {
			w |= 1 << weightShift
		}
		if w&la != 0 {
			w |= 2 << weightShift
		}
		ws[i] = w
	}
	return ws, es
}

// binomial returns n choose k, 0 ≤ k ≤ n ≤ 64 and small enough results;
// 1 when k is out of range (a row split that no column set fits).
func binomial(n, k int) uint64 {
	if k < 0 || k > n {
		return 1
	}
	b := uint64(1)
	for i := range k {
		b = b * uint64(n-i) / uint64(i+1)
	}
	return b
}
