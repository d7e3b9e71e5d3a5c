package quadrant

// Layer quarters. Odd N's whole count builds, per layer, one projected
// table per frame (46 frames a layer at N = 21), each from the same few
// row sets of the quadrant's placements. Walking the placements for
// every table cost 12% of the count's CPU at N = 19, so the count used
// to hold the whole quadrant table (65.5 MiB at N = 21, 542 MiB at N =
// 23) and copy each table's rows from it. A layer's tables read only
// some of its row sets, though: a layer quarter holds the placements of
// those rows only (at most 0.65 of the table at N = 21, 0.71 at N = 19,
// at the layer that reads the most), built once per layer, each on the
// arrays of the last.

// keptPlacements returns the placements of the row sets keep marks, from
// the bucket counts counts.
func keptPlacements(keep []bool, counts bcounts) uint64 {
	var n uint64
	for r, in := range keep {
		if in {
			n += counts.rowSum(uint32(r))
		}
	}
	return n
}

// layerQuarterBytes is the memory of a layer quarter of h with arrays for
// places placements: the bucket starts of every row set and the
// placements.
func layerQuarterBytes(h int, places uint64) uint64 {
	return (uint64(1)<<(2*h)+1)*4 + places*8
}

// newLayerQuarter returns the quadrant table of h restricted to the row
// sets keep marks: the buckets of the other row sets are empty. counts
// are the bucket counts of the whole table. It is built on the arrays of
// old when old is not nil, and makes new arrays with room for capPlaces
// placements (at least as many as it holds). One walk of the placements
// (walkQuarter) writes each kept one through its bucket's start offset,
// which then holds the bucket's end and is shifted back.
//
// Measured (the largest layer, one core, a count at idle priority
// beside): N = 21's 4,889,672 placements in 0.14 s and N = 23's
// 41,878,016 in 1.3 s, against 0.56 s and 4.1 s walking each bucket on
// its own (walkRows with the bucket's columns, 0f29c2c); a walk of the
// whole quadrant that stores nothing takes 0.06 s and 0.52 s.
func newLayerQuarter(h int, keep []bool, counts bcounts, old *quarter, capPlaces int) *quarter {
	q := &quarter{h: h}
	if old != nil {
		q.start, q.diags = old.start, old.diags
	}
	nb := 1 << (2 * h)
	q.start = growTo(q.start, nb+1, nb+1)
	var n uint32
	for k := range nb {
		q.start[k] = n
		if keep[k>>h] {
			n += counts.at(uint32(k>>h), uint32(k)&(1<<h-1))
		}
	}
	q.diags = growTo(q.diags, int(n), capPlaces)
	walkQuarter(h, func(rows, cols uint32, d uint64) {
		if keep[rows] {
			k := int(rows)<<h | int(cols)
			q.diags[q.start[k]] = d
			q.start[k]++
		}
	})
	copy(q.start[1:], q.start[:nb]) // bucket k ended where k+1 starts
	q.start[0] = 0
	return q
}
