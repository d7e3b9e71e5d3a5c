package quadrant

import "math/bits"

// Layer quarters. Odd N's whole count builds, per layer, one projected
// table per frame (46 frames a layer at N = 21), each from the same few
// row sets of the quadrant's placements. Walking the placements for
// every table cost 12% of the count's CPU at N = 19, so the count used
// to hold the whole quadrant table (65.5 MiB at N = 21, 542 MiB at N =
// 23) and copy each table's rows from it. A layer's tables read only
// some of its row sets, though: a layer quarter holds the placements of
// those rows only (at most 0.65 of the table at N = 21, 0.71 at N = 19,
// at the layer that reads the most), built once per layer and dropped
// before the next is built on its arrays.

// keptPlacements returns the placements of the row sets keep marks, from
// the bucket counts counts (k = rows<<h | cols).
func keptPlacements(h int, keep []bool, counts []uint32) uint64 {
	var n uint64
	for r, in := range keep {
		if in {
			for _, c := range counts[r<<h : (r+1)<<h] {
				n += uint64(c)
			}
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
// placements (at least as many as it holds). Each bucket (rows, cols)
// is walked by walkRows with the columns cols only, which lists exactly
// its placements (a placement of |rows| queens within |cols| = |rows|
// columns uses all of them), in the order walkQuarter gives.
func newLayerQuarter(h int, keep []bool, counts []uint32, old *quarter, capPlaces int) *quarter {
	q := &quarter{h: h}
	if old != nil {
		q.start, q.diags = old.start, old.diags
	}
	nb := 1 << (2 * h)
	q.start = growTo(q.start, nb+1, nb+1)
	q.diags = growTo(q.diags, int(keptPlacements(h, keep, counts)), capPlaces)[:0]
	var cols []uint32
	for r := range 1 << h {
		w := bits.OnesCount32(uint32(r))
		for c := range 1 << h {
			k := r<<h | c
			q.start[k] = uint32(len(q.diags))
			if keep[r] && counts[k] > 0 && bits.OnesCount32(uint32(c)) == w {
				cols, q.diags = walkRows(h, uint32(r), uint32(c), cols[:0], q.diags)
			}
		}
	}
	q.start[nb] = uint32(len(q.diags))
	return q
}
