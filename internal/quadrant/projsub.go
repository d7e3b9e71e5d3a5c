package quadrant

import (
	"sync"
	"sync/atomic"
)

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
