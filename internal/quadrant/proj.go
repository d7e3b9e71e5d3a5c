package quadrant

import (
	"context"
	"math/bits"
	"sync"
)

// projTable holds, for one frame, the placements of each quadrant already
// projected onto the frame's windows (see frame.pattern), without those
// that touch a row, column or diagonal of the frame's fixed queens. It is
// the quarter table seen from the frame: appendHalf from a projTable does
// no shifting or filtering, which is a third of its work otherwise.
//
// The placements of quadrant q, bucket k = rows<<h | cols, are
// pats[q][start[q][k]:start[q][k+1]]. When the frame fixes no queen
// (even N) the four quadrants share the quarter's start offsets.
//
// A table restricted to some row sets (newProjTableSub) numbers the kept
// row sets of quadrant q by slot[q] (-1: not kept), and bucket k is then
// slot<<h | cols; slot[q] == nil means all row sets, slot = rows.
type projTable struct {
	slot  [4][]int32
	start [4][]uint32
	pats  [4][]uint64

	// The arrays of a restricted table, for the next one to reuse
	// (projCache.free): the four quadrants' placements, start offsets
	// and slots, each one array.
	buf   []uint64
	sbuf  []uint32
	slots []int32
}

// projBytes bounds the memory of a projTable for quarter q: four
// projected copies and, for odd N, four offset arrays.
func projBytes(q *quarter, odd bool) uint64 {
	b := 4 * uint64(len(q.diags)) * 8
	if odd {
		b += 4 * uint64(len(q.start)) * 4
	}
	return b
}

func newProjTable(f *frame, q *quarter) *projTable {
	t := new(projTable)
	h := q.h
	hm := uint64(1)<<h - 1
	const low = 1<<antiShift - 1
	for quad := range 4 {
		offM, offA := f.offM[quad], f.offA[quad]
		rowsFree := uint32(f.rows >> f.r0[quad] & hm)
		colsFree := uint32(f.cols >> f.c0[quad] & hm)
		drop, mark, markBit := f.foldBits(quad)
		if drop == 0 && f.blockM == 0 && f.blockA == 0 && bits.OnesCount32(rowsFree) == h && bits.OnesCount32(colsFree) == h {
			// Nothing to filter: project in place, share the offsets.
			pats := make([]uint64, len(q.diags))
			for i, d := range q.diags {
				p := f.pattern((d&low)<<offM, (d>>antiShift)<<offA)
				if p&mark != 0 {
					p |= markBit
				}
				pats[i] = p
			}
			t.start[quad], t.pats[quad] = q.start, pats
			continue
		}
		start := make([]uint32, len(q.start))
		var pats []uint64
		for k := range len(q.start) - 1 {
			start[k] = uint32(len(pats))
			rows, cols := uint32(k>>h), uint32(k)&uint32(hm)
			if rows&^rowsFree != 0 || cols&^colsFree != 0 {
				continue
			}
			// The projection of one placement is written out here, in
			// newProjTableSub (projsub.go) and in streamTable.set (stream.go): as a
			// method (cost 99–109, over the inliner's 80) it made N = 19
			// 1–11% slower in user time (four interleaved pairs).
			for _, d := range q.diags[q.start[k]:q.start[k+1]] {
				m, a := (d&low)<<offM, (d>>antiShift)<<offA
				if m&f.blockM|a&f.blockA != 0 {
					continue
				}
				p := f.pattern(m, a)
				if p&drop != 0 {
					continue
				}
				if p&mark != 0 {
					p |= markBit
				}
				pats = append(pats, p)
			}
		}
		start[len(start)-1] = uint32(len(pats))
		t.start[quad], t.pats[quad] = start, pats
	}
	return t
}

// foldBits returns the pattern bits of quadrant quad's placements that
// the long-diagonal fold (symDiagonals) drops (east quadrants: a queen
// on a long diagonal) or marks (west quadrants, with markBit): zero for
// other frames.
func (f *frame) foldBits(quad int) (drop, mark, markBit uint64) {
	if f.sym != symDiagonals {
		return 0, 0, 0
	}
	lm, la := f.longDiagonals()
	switch quad {
	case ne:
		drop = la
	case se:
		drop = lm
	case nw:
		mark, markBit = lm, 1<<weightShift
	case sw:
		mark, markBit = la, 2<<weightShift
	}
	return drop, mark, markBit
}

// rowStarts returns the bucket starts of local row set rows in quadrant
// q: bucket cols is t.pats[q][s[cols]:s[cols+1]]; nil when t does not
// hold the row set.
func (t *projTable) rowStarts(quad int, h int, rows uint32) []uint32 {
	r := int(rows)
	if sl := t.slot[quad]; sl != nil {
		if sl[rows] < 0 {
			return nil
		}
		r = int(sl[rows])
	}
	return t.start[quad][r<<h : (r+1)<<h+1]
}

// appendHalfProj is appendHalf reading the projected table t. It runs
// over the band's column sets of the top quadrant's size only
// (frame.subsets) and finds a row set's buckets once: looping over all
// 2^h subsets and looking each bucket up was 16% of N = 19's CPU
// (N = 19, one worker: 4.7% less CPU, three interleaved pairs).
func (f *frame) appendHalfProj(t *projTable, out []uint64, east bool, top, bot uint64) []uint64 {
	var at halfCursor
	out, _ = f.appendHalfFrom(t, out, east, top, bot, &at, 0)
	return out
}

// A halfCursor is where appendHalfFrom resumes a half-board's list: the
// cell (column set) and the place in its outer list.
type halfCursor struct{ cell, at int }

// halfChunks returns the cursors at which the chunks of at most budget
// half-boards that appendHalfSel lists a half in (those of sel) start (one, the
// empty list's, at least), listing each into buf (returned, grown): the
// cuts depend on how many pairs pass the attack check, so a chunk is
// found by listing the one before it. It checks ctx before each chunk
// (a half of N = 28 takes many) and returns its error when done.
func (f *frame) halfChunks(ctx context.Context, t *projTable, east bool, top, bot uint64, budget int, buf []uint64, sel *halfSel) ([]halfCursor, []uint64, error) {
	var at halfCursor
	starts := []halfCursor{at}
	for {
		if err := ctx.Err(); err != nil {
			return nil, buf, err
		}
		var done bool
		buf, done = f.appendHalfSel(t, buf[:0], east, top, bot, &at, budget, sel)
		if done {
			return starts, buf, nil
		}
		starts = append(starts, at)
	}
}

// appendHalfFrom is appendHalfProj in chunks (stream mode past MaxN, see
// Plan.chunk): from the cursor at on, it appends at most budget
// half-boards (0: no bound), or one placement of a cell's outer list
// against its inner list when even that might pass budget, and moves at
// past them. done reports that the list is complete. The outer list is
// taken in runs of as many placements as can add no more half-boards
// than the room left (its length times the inner list's), so the list
// never holds more than the budget (or one run) and the chunk ends when
// one placement might not fit.
//
// The bound was once on the pairs before their attack check (2^22 past
// MaxN): the same memory, but a chunk then held a tenth or less of the
// half-boards it could, and N = 26's pieces joined in such chunks took
// 1.8 to 3 times as long as whole (the key recursion splits less in a
// shorter list).
func (f *frame) appendHalfFrom(t *projTable, out []uint64, east bool, top, bot uint64, at *halfCursor, budget int) (_ []uint64, done bool) {
	return f.appendHalfSel(t, out, east, top, bot, at, budget, nil)
}

// A halfSel selects the half-boards p with p&K == v, for keyed chunks
// (countChunked): a cell's buckets are first cut to the placements with
// no bit of K outside v (into a and b), and when v is not 0 the unions
// are cut to those with all of v.
type halfSel struct {
	K, v uint64
	a, b []uint64
}

// filter returns the patterns of ps with no bit of m, in dst.
func filter(dst, ps []uint64, m uint64) []uint64 {
	dst = dst[:0]
	for _, p := range ps {
		if p&m == 0 {
			dst = append(dst, p)
		}
	}
	return dst
}

// keepClass moves the patterns p of ps with p&K == v to its front, in
// order, and returns their number.
func keepClass(ps []uint64, K, v uint64) int {
	k := 0
	for _, p := range ps {
		ps[k] = p
		if p&K == v {
			k++
		}
	}
	return k
}

// appendHalfSel is appendHalfFrom listing only the half-boards sel
// selects (nil: all); budget bounds them before the cut to v, so a
// chunk never holds more.
func (f *frame) appendHalfSel(t *projTable, out []uint64, east bool, top, bot uint64, at *halfCursor, budget int, sel *halfSel) (_ []uint64, done bool) {
	hr, ok := f.split(top, bot, east)
	if !ok {
		return out, true
	}
	qt, qb, side, kt, band := hr.qt, hr.qb, hr.side, hr.kt, hr.band
	ts, bs := t.rowStarts(qt, f.h, hr.lt), t.rowStarts(qb, f.h, hr.lb)
	if ts == nil || bs == nil {
		return out, true
	}
	tp, bp := t.pats[qt], t.pats[qb]
	subs := f.subsets[side][kt]
	n0 := len(out)
	for ; at.cell < len(subs); at.cell, at.at = at.cell+1, 0 {
		c := subs[at.cell]
		A := tp[ts[c]:ts[c+1]]
		B := bp[bs[band^c]:bs[band^c+1]]
		if sel != nil && len(A) > 0 && len(B) > 0 {
			sel.a = filter(sel.a, A, sel.K&^sel.v)
			sel.b = filter(sel.b, B, sel.K&^sel.v)
			A, B = sel.a, sel.b
		}
		if len(B) < len(A) {
			A, B = B, A // the longer list inside
		}
		for at.at < len(A) {
			run := A[at.at:]
			if budget > 0 {
				room := max(budget-(len(out)-n0), 0) / len(B)
				if room == 0 {
					if len(out) > n0 {
						return out, false
					}
					room = 1
				}
				run = run[:min(room, len(run))]
			}
			n := len(out)
			out = unionCell(out, run, B)
			if sel != nil && sel.v != 0 {
				out = out[:n+keepClass(out[n:], sel.K, sel.v)]
			}
			at.at += len(run)
		}
	}
	return out, true
}

// unionCell appends to out the unions of each pattern of A with each of
// B that it does not meet.
func unionCell(out, A, B []uint64) []uint64 {
	n := len(out)
	out = growKeep(out, n+len(A)*len(B))
	switch {
	case useAVX512:
		// The whole cell in one call, eight patterns of B at a time
		// and the rest under a mask: a call per pattern of A costs
		// as much as the work (BenchmarkUnionDisjoint).
		n += unionAll512(&out[n], &A[0], len(A), &B[0], len(B))
	case len(B) < 8:
		// Short lists (odd N has many): a call per pattern of A
		// cost more than this loop (N = 19 −2.4%).
		for _, pa := range A {
			o := out[n : n+len(B)]
			k := 0
			for _, p := range B {
				o[k] = pa | p
				if pa&p == 0 {
					k++
				}
			}
			n += k
		}
	case useAVX2:
		// The assembly straight from here: through unionDisjoint's
		// checks, a call per pattern of A, N = 19 took 3% more.
		for _, pa := range A {
			n += unionDisjointAVX2(&out[n], &B[0], len(B), pa)
		}
	default:
		for _, pa := range A {
			n += unionDisjoint(out[n:n+len(B)], B, pa)
		}
	}
	return out[:n]
}

// unionDisjoint writes pa|p to o for each p of B with pa&p == 0, in
// order, and returns how many it wrote; o must have room for len(B) (it
// is written past the kept ones). It is the inner loop of building
// half-boards.
func unionDisjoint(o, B []uint64, pa uint64) int {
	if useAVX2 && len(B) > 0 {
		return unionDisjointAVX2(&o[0], &B[0], len(B), pa)
	}
	o = o[:len(B)]
	// Branch-free: write every union, keep the disjoint ones (about
	// half; a branch here mispredicts).
	k := 0
	for _, p := range B {
		o[k] = pa | p
		if pa&p == 0 {
			k++
		}
	}
	return k
}

// growKeep returns s extended to length n, keeping its contents.
func growKeep(s []uint64, n int) []uint64 {
	if cap(s) >= n {
		return s[:n]
	}
	t := make([]uint64, n, n+n/2)
	copy(t, s)
	return t
}

// projCache keeps the projected tables of the frames in use, and a few
// more, so that units of the same frame share one table.
type projCache struct {
	mu      sync.Mutex
	entries map[int]*projEntry
	// free holds the evicted restricted tables, whose arrays
	// the next table built reuses. A table is built with free empty only
	// when every table is in entries, so entries and free together hold
	// no more tables than entries did at its fullest (what the plan
	// counts), and no array is larger than the layer's largest table
	// (setLayer). Building every table anew, the whole count of N = 19
	// allocated 760 MB of tables and its heap grew to 36 MB between
	// collections with 24-28 MB live; reusing them, 38 MB in all (qbench
	// -memprofile) and a 27 MB peak.
	free []*projTable
	// capPats and capStarts are the sizes of the arrays of a table
	// built with free empty (newProjTableSub), set per layer (caps,
	// setLayer); zero, as needed.
	capPats, capStarts int
	caps               map[int][2]uint64
	// lq is the layer quarter of layer lqLayer (setLayer), the source
	// of that layer's tables; capQ the placements its arrays hold, the
	// most of any layer's (layerCaps).
	lq      *quarter
	lqLayer int
	capQ    int
	lqBuilt int // the layer quarters built (TestTablesHeld)
	// par is the goroutines a table is copied from a layer quarter on:
	// Count's workers, who share the table and wait for it; 0 (one)
	// outside Count.
	par     int
	tick    uint64
	maxHeld int // the most tables held at once (TestTablesHeld)
	built   int // the tables built (TestTablesHeld)
	reused  int // of them, built on a free table's arrays
	// maxArrays is the most bytes of one restricted table's arrays
	// (TestTablesReused).
	maxArrays uint64
}

type projEntry struct {
	t       *projTable
	ready   chan struct{}
	refs    int
	lastUse uint64
}

// keepIdle is the number of unused tables the cache keeps for
// CountUnit, which may be called for the units of a frame one by one.
// Count keeps none: it runs the units in order of frame (within a
// layer), so a frame's table is idle only once all its units are done,
// and a table kept idle there would never be used again (it held a
// third of the layer tables at N = 21: 3 × 44.5 MiB planned, then 2;
// now the workers share 1, see Count).
const keepIdle = 1

// acquire returns the table of frame fi (for a ForUnits plan, of the
// tableKey whose cacheKey is fi), building it if needed; release must
// follow.
func (p *Plan) acquire(fi int) *projTable {
	e, build := p.reserve(fi)
	return p.fill(fi, e, build)
}

// reserve is the first half of acquire: it takes a use of the table of
// fi, making its entry if there is none (then the caller must build it:
// build is true). fill, the second half, builds it or waits for it.
func (p *Plan) reserve(fi int) (e *projEntry, build bool) {
	c := &p.proj
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[int]*projEntry{}
	}
	e = c.entries[fi]
	if e == nil {
		e = &projEntry{ready: make(chan struct{})}
		c.entries[fi] = e
		c.maxHeld = max(c.maxHeld, len(c.entries))
		c.built++
		build = true
	}
	e.refs++
	return e, build
}

// fill returns the table of a reserved entry e of fi: built here when
// build, else once its builder is done.
func (p *Plan) fill(fi int, e *projEntry, build bool) *projTable {
	if !build {
		<-e.ready
		return e.t
	}
	if p.sub != nil {
		k := keyOf(fi)
		old, cp, cs := p.reuse()
		var src *quarter // nil: walk the placements
		if lq := p.proj.lq; lq != nil && p.proj.lqLayer == k.layer {
			src = lq // set before the layer's units run (setLayer)
		}
		t := newProjTableSub(p.frames[k.frame], p.sub.bucketSums(p.n/2).counts, p.sub.need[k], src, old, cp, cs, max(p.proj.par, 1))
		b := uint64(cap(t.buf))*8 + uint64(cap(t.sbuf))*4 + uint64(cap(t.slots))*4
		p.proj.mu.Lock()
		p.proj.maxArrays = max(p.proj.maxArrays, b)
		p.proj.mu.Unlock()
		e.t = t
	} else {
		e.t = newProjTable(p.frames[fi], p.q)
	}
	close(e.ready)
	return e.t
}

// reuse takes an evicted table from the free list (nil if none) and
// returns it with the sizes of new arrays (capPats, capStarts).
func (p *Plan) reuse() (t *projTable, capPats, capStarts int) {
	c := &p.proj
	c.mu.Lock()
	defer c.mu.Unlock()
	if n := len(c.free); n > 0 {
		t = c.free[n-1]
		c.free[n-1] = nil
		c.free = c.free[:n-1]
		c.reused++
	}
	return t, c.capPats, c.capStarts
}

// layerCaps sets, for a Count of the units order of a ForUnits plan,
// the array sizes of each layer's tables (setLayer). The workers share
// one table at a time (Count), and the plan counts the largest table of
// any layer (its bound). Where a table of the most placements and the
// most offsets of any layer is within that bound (a whole count, so
// far at every N), every table is made that size and kept from layer
// to layer; else each layer's tables are made its largest's size and
// those of another size dropped between layers.
// Keeping one size also spares the heap a hole per layer: N = 20, one
// table a layer, each of its layer's size, peaked at 117 MiB RSS
// against 92 with four arrays a table, made anew.
func (p *Plan) layerCaps(order []int) {
	layers := map[int]bool{}
	var bound uint64 // of the largest table
	for _, id := range order {
		u := p.units[id]
		layers[u.Layer()] = true
		bound = max(bound, p.sub.frameB[tableKey{u.Frame, u.Layer()}])
	}
	var top [2]uint64
	for l := range layers {
		c := p.sub.layerCap[l]
		top[0], top[1] = max(top[0], c[0]), max(top[1], c[1])
	}
	// The most placements and the most offsets may be of two tables:
	// one size for all only if it is within the bound.
	one := 4*uint64(1)<<(p.n/2)*4+top[1]*4+top[0]*8 <= bound
	c := &p.proj
	c.mu.Lock()
	defer c.mu.Unlock()
	c.capQ = int(p.layerPlaces(order))
	c.caps = map[int][2]uint64{}
	for l := range layers {
		if one {
			c.caps[l] = top
		} else {
			c.caps[l] = p.sub.layerCap[l]
		}
	}
}

// setLayer readies the cache for the tables of layer l of a Count of a
// ForUnits plan: new arrays of the sizes layerCaps chose, and no free
// table with arrays of other sizes (a larger one could exceed the plan;
// a smaller one would be grown in the layer, the old arrays garbage
// beside the new until the next collection: N = 19 peaked at 49 MiB RSS
// instead of 43 so).
// When l's tables are copied from a layer quarter (odd N), it builds it,
// on the arrays of the last.
func (p *Plan) setLayer(l int) {
	c := &p.proj
	c.mu.Lock()
	defer c.mu.Unlock()
	lc := c.caps[l]
	c.capPats, c.capStarts = int(lc[0]), int(lc[1])
	keep := c.free[:0]
	for _, t := range c.free {
		if cap(t.buf) == c.capPats && cap(t.sbuf) == c.capStarts {
			keep = append(keep, t)
		}
	}
	clear(c.free[len(keep):])
	c.free = keep
	if lk := p.sub.layerKeep[l]; lk != nil && !p.noProj {
		c.lq = newLayerQuarter(p.n/2, lk, p.sub.bucketSums(p.n/2).counts, c.lq, c.capQ)
		c.lqLayer = l
		c.lqBuilt++
	}
}

// release ends a use of the table of fi and evicts the least recently
// used idle tables beyond keep.
func (p *Plan) release(fi, keep int) {
	c := &p.proj
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[fi]
	e.refs--
	c.tick++
	e.lastUse = c.tick
	for {
		idle, oldest := 0, -1
		for k, x := range c.entries {
			if x.refs == 0 {
				idle++
				if oldest < 0 || x.lastUse < c.entries[oldest].lastUse {
					oldest = k
				}
			}
		}
		if idle <= keep {
			return
		}
		if t := c.entries[oldest].t; t != nil && t.buf != nil {
			c.free = append(c.free, t)
		}
		delete(c.entries, oldest)
	}
}

// recycleTables moves the idle projected tables to the free list, for
// the next tables built to reuse.
func (p *Plan) recycleTables() {
	c := &p.proj
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.entries {
		if e.refs == 0 {
			if e.t != nil && e.t.buf != nil {
				c.free = append(c.free, e.t)
			}
			delete(c.entries, k)
		}
	}
}

// dropTables forgets the idle projected tables (all, between calls).
func (p *Plan) dropTables() {
	c := &p.proj
	c.mu.Lock()
	defer c.mu.Unlock()
	c.free, c.caps, c.capPats, c.capStarts = nil, nil, 0, 0
	c.lq, c.capQ, c.par = nil, 0, 0
	for k, e := range c.entries {
		if e.refs == 0 {
			delete(c.entries, k)
		}
	}
}

// tablesInUse returns the number of projected tables in use other than
// that of fi.
func (p *Plan) tablesInUse(fi int) int {
	c := &p.proj
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for k, e := range c.entries {
		if k != fi && e.refs > 0 {
			n++
		}
	}
	return n
}

// layerQuarterBytesOf is the memory of the layer quarters of a Count of
// the units order of a ForUnits plan: 0 if no layer of theirs has one.
func (p *Plan) layerQuarterBytesOf(order []int) uint64 {
	if lp := p.layerPlaces(order); lp > 0 {
		return layerQuarterBytes(p.n/2, lp)
	}
	return 0
}

// layerPlaces returns the placements of the largest layer quarter of a
// Count of the units order of a ForUnits plan (0 if no layer of theirs
// has one): the arrays of every layer quarter of the count hold that
// many (setLayer), and its memory plan counts them.
func (p *Plan) layerPlaces(order []int) uint64 {
	layers := map[int]bool{}
	var n uint64
	for _, id := range order {
		if l := p.units[id].Layer(); !layers[l] {
			layers[l] = true
			n = max(n, p.sub.layerPlace[l])
		}
	}
	return n
}
