package quadrant

import (
	"context"
	"flag"
	"math/bits"
	"slices"
	"testing"
)

var bigWalk = flag.Bool("big-walk", false, "also check the halved counting walk against walkQuarter for h = 12 and 13 (minutes of CPU)")

// plainCounts returns the bucket counts of the h×h quadrant from the
// plain walk of every placement (walkQuarter), on one core, and their
// sums by row set.
func plainCounts(h int) (bcounts, []uint64) {
	b := newBcounts(h)
	rows := make([]uint64, 1<<h)
	off, rank := b.x.off, b.x.rank
	walkQuarter(h, func(r, c uint32, _ uint64) {
		b.c[off[r]+uint64(rank[c])]++
		rows[r]++
	})
	return b, rows
}

// checkWalk compares the counting walk by halves (bucketCounts, and
// rowWalk by rows) with the plain walk, bucket by bucket.
func checkWalk(t *testing.T, h int) {
	t.Helper()
	want, wantRows := plainCounts(h)
	got := must(bucketCounts(context.Background(), h))
	if len(got.c) != len(want.c) {
		t.Fatalf("h = %d: bucketCounts holds %d words; the plain walk's %d", h, len(got.c), len(want.c))
	}
	bad := 0
	for r := range uint32(1) << h {
		for _, c := range want.x.sets[bits.OnesCount32(r)] {
			if g, w := got.at(r, c), want.at(r, c); g != w {
				if bad < 5 {
					t.Errorf("h = %d: bucket (rows %0*b, cols %0*b) = %d; the plain walk counts %d", h, h, r, h, c, g, w)
				}
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("h = %d: %d buckets of %d differ", h, bad, len(want.c))
	}
	var sum uint64
	for _, c := range got.c {
		sum += uint64(c)
	}
	if sum != quarterPlacements[h] {
		t.Errorf("h = %d: bucketCounts sum to %d placements; want %d", h, sum, quarterPlacements[h])
	}
	rows := must(rowWalk(context.Background(), h))
	for r, w := range wantRows {
		if rows[r] != w {
			t.Errorf("h = %d: rowWalk = %d at rows %0*b; the plain walk counts %d", h, rows[r], h, r, w)
			break
		}
	}
}

// TestMirrorWalk checks the counting walk by halves (countWalk.class:
// the placements whose first queen off the middle column is left of it,
// mirrored, then those with no queen off the middle column) against the
// plain walk for every h = 1..11:
// both parities, h < 9 in one class, h ≥ 9 in 64. With -big-walk, h = 12
// and 13 too.
func TestMirrorWalk(t *testing.T) {
	hs := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	if *bigWalk {
		hs = append(hs, 12, 13)
	}
	for _, h := range hs {
		checkWalk(t, h)
	}
}

// TestMirrorRanks: the rank of a column set's mirror image, per size,
// is an involution that reverses the h bits.
func TestMirrorRanks(t *testing.T) {
	for _, h := range []int{1, 2, 5, 8} {
		x := bucketIndexOf(h)
		rev := mirrorRanks(h)
		for k, sets := range x.sets {
			for i, c := range sets {
				j := rev[k][i]
				m := sets[j]
				for b := range h {
					if m>>b&1 != c>>(h-1-b)&1 {
						t.Fatalf("h = %d: mirror of %0*b is %0*b", h, h, c, h, m)
					}
				}
				if rev[k][j] != uint32(i) {
					t.Fatalf("h = %d: mirror of mirror of %0*b is rank %d, want %d", h, h, c, rev[k][j], i)
				}
			}
		}
	}
}

// must returns v, panicking on err: for calls whose context is never
// done.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestBucketCounts checks the counting walks (by bucket, by rows)
// against walkQuarter.
func TestBucketCounts(t *testing.T) {
	for h := 1; h <= 10; h++ {
		want := make([]uint32, 1<<(2*h))
		walkQuarter(h, func(rows, cols uint32, _ uint64) { want[int(rows)<<h|int(cols)]++ })
		got := must(bucketCounts(context.Background(), h))
		for k, w := range want {
			if g := got.at(uint32(k>>h), uint32(k)&(1<<h-1)); g != w {
				t.Fatalf("bucketCounts(%d) = %d at rows %b, cols %b; walkQuarter counts %d", h, g, k>>h, k&(1<<h-1), w)
			}
		}
		if uint64(len(got.c)) != binomial(2*h, h) {
			t.Errorf("bucketCounts(%d) holds %d words; want C(2h, h) = %d", h, len(got.c), binomial(2*h, h))
		}
		rows := make([]uint64, 1<<h)
		for k, c := range want {
			rows[k>>h] += uint64(c)
		}
		if got := must(rowCounts(context.Background(), h)); !slices.Equal(got, rows) {
			t.Errorf("rowCounts(%d) = %v; walkQuarter's counts by rows %v", h, got, rows)
		}
	}
}

// TestRowCounts: the parallel per-row counts equal those of walkQuarter.
func TestRowCounts(t *testing.T) {
	for h := 2; h <= 9; h++ {
		want := make([]uint64, 1<<h)
		walkQuarter(h, func(rows, _ uint32, _ uint64) { want[rows]++ })
		got := must(rowCounts(context.Background(), h))
		for r := range want {
			if got[r] != want[r] {
				t.Fatalf("h = %d, rows %b: rowCounts %d, walkQuarter %d", h, r, got[r], want[r])
			}
		}
	}
}
