package quadrant

import (
	"math/bits"
	"sync"
)

// Dense bucket counts. A placement on the h×h quadrant has as many
// columns as rows, so of the 4^h buckets (rows, cols) only those with
// |rows| = |cols| can hold any: Σ_k C(h, k)² = C(2h, h) of them, 6.7
// times fewer at h = 14 (40,116,600 words, 153 MiB, against 1 GiB). The
// counts are kept in that many words, the buckets of a row set r (with
// k rows) at off[r] onwards, one per column set c with k columns, at
// its rank among those (rank[c], in increasing order of c).

// A bucketIndex places the buckets of the h×h quadrant with |rows| =
// |cols| in a dense array. It is shared per h and read only.
type bucketIndex struct {
	h    int
	rank []uint32   // per h-bit set: its rank among the sets of its size
	off  []uint64   // per row set: the place of its bucket of rank 0
	sets [][]uint32 // per size k: the h-bit sets of k bits, by rank
	size uint64     // buckets in all: C(2h, h)
}

// bucketIndexes holds bucketIndexOf's indexes by h (see there).
var bucketIndexes struct {
	sync.Mutex
	x [MaxShardN/2 + 1]*bucketIndex
}

// bucketIndexOf returns the index of the h×h quadrant's buckets. It is
// built once per h and remembered in bucketIndexes, 16·2^h bytes (256
// KiB at h = 14, twice that for every h up to 14), for the life of the
// process or until FreeCaches; the bucket counts of every plan of that h
// read it.
func bucketIndexOf(h int) *bucketIndex {
	bucketIndexes.Lock()
	defer bucketIndexes.Unlock()
	if x := bucketIndexes.x[h]; x != nil {
		return x
	}
	x := &bucketIndex{h: h, rank: make([]uint32, 1<<h), off: make([]uint64, 1<<h), sets: make([][]uint32, h+1)}
	for s := range uint32(1) << h {
		k := bits.OnesCount32(s)
		x.rank[s] = uint32(len(x.sets[k]))
		x.sets[k] = append(x.sets[k], s)
	}
	var base [33]uint64 // per size: the place of its first row set
	var at uint64
	for k := range h + 1 {
		base[k] = at
		n := uint64(len(x.sets[k]))
		at += n * n
	}
	x.size = at
	for r := range uint32(1) << h {
		k := bits.OnesCount32(r)
		x.off[r] = base[k] + uint64(x.rank[r])*uint64(len(x.sets[k]))
	}
	bucketIndexes.x[h] = x
	return x
}

// bytes is the memory of the index.
func (x *bucketIndex) bytes() uint64 { return uint64(len(x.rank))*(4+8+4) + 1<<10 }

// bcounts holds the placements of each bucket of the h×h quadrant,
// densely (see bucketIndex).
type bcounts struct {
	x *bucketIndex
	c []uint32
}

func newBcounts(h int) bcounts {
	x := bucketIndexOf(h)
	return bcounts{x: x, c: make([]uint32, x.size)}
}

// at returns the placements of bucket (rows, cols).
func (b bcounts) at(rows, cols uint32) uint32 {
	if bits.OnesCount32(rows) != bits.OnesCount32(cols) {
		return 0
	}
	return b.c[b.x.off[rows]+uint64(b.x.rank[cols])]
}

// row returns the buckets of row set rows, by the rank of their
// columns (bucketIndex.sets[|rows|] lists the column sets). It is shared
// and must not be modified.
func (b bcounts) row(rows uint32) []uint32 {
	n := uint64(len(b.x.sets[bits.OnesCount32(rows)]))
	o := b.x.off[rows]
	return b.c[o : o+n : o+n]
}

// rowSum returns the placements of row set rows.
func (b bcounts) rowSum(rows uint32) uint64 {
	var s uint64
	for _, c := range b.row(rows) {
		s += uint64(c)
	}
	return s
}

// bytes is the memory of the counts and their index.
func (b bcounts) bytes() uint64 { return uint64(len(b.c))*4 + b.x.bytes() }

// countsBytes is what newBcounts(h).bytes() returns, without the counts.
func countsBytes(h int) uint64 {
	x := bucketIndexOf(h)
	return x.size*4 + x.bytes()
}

// fromQuarter returns the bucket counts of the quadrant table q.
func fromQuarter(q *quarter) bcounts {
	b := newBcounts(q.h)
	for r := range uint32(1) << q.h {
		row := b.row(r)
		for i, c := range b.x.sets[bits.OnesCount32(r)] {
			row[i] = uint32(len(q.bucket(r, c)))
		}
	}
	return b
}
