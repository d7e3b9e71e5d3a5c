package quadrant

import (
	"context"
	"errors"
	"flag"
	"math"
	"math/bits"
	"slices"
	"testing"
)

// bruteRowPlacements returns, for every set of local rows r of an h×h
// quadrant, the sets of non-attacking queens on it with one queen in
// each row of r and none in the others: a backtracking count of its own,
// independent of the quadrant table and of rowCounts.
func bruteRowPlacements(h int) []uint64 {
	R := make([]uint64, 1<<h)
	var place func(row int, rows, cols, diagM, diagA uint64)
	place = func(row int, rows, cols, diagM, diagA uint64) {
		if row == h {
			R[rows]++
			return
		}
		place(row+1, rows, cols, diagM, diagA) // no queen in this row
		for c := range h {
			m, a := uint64(1)<<(row-c+h), uint64(1)<<(row+c)
			if cols&(1<<c) != 0 || diagM&m != 0 || diagA&a != 0 {
				continue
			}
			place(row+1, rows|1<<row, cols|1<<c, diagM|m, diagA|a)
		}
	}
	place(0, 0, 0, 0, 0)
	return R
}

// TestUnitMaxRecount: every unit's Max, for n = 8..13, is the sum the
// doc of CheckTotal states, recounted here from bruteRowPlacements: over
// the unit's row splits, the product of the placements of the four
// quadrants with their rows, times the split's class size, the
// long-diagonal fold (4 for a frame symmetric under the diagonals) and
// the frame's class size. TestCheckTotalRefuses probes Max only from
// Max itself, so this is what catches a Max that is too large or small.
func TestUnitMaxRecount(t *testing.T) {
	for n := 8; n <= 13; n++ {
		p, err := NewUnitPlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		h := n / 2
		R := bruteRowPlacements(h)
		hm := uint64(1)<<h - 1
		for i, u := range p.Units() {
			f := p.frames[u.Frame]
			fold := uint64(1)
			if f.sym == symDiagonals {
				fold = 4
			}
			var want uint64
			f.eachSplit(u.Top, func(E, wt uint64) {
				W := f.rows ^ E
				cw := R[W&hm] * R[W>>f.r0[sw]&hm]
				ce := R[E&hm] * R[E>>f.r0[sw]&hm]
				want += cw * ce * wt * fold * f.weight
			})
			if u.Max != want {
				t.Errorf("n=%d unit %d (frame %d, top %b, %d splits): Max = %d; want %d", n, i, u.Frame, u.Top, u.Splits, u.Max, want)
			}
		}
	}
}

// TestLimits: whole counts stop at MaxN, plans of units and shards at
// MaxShardN; every refusal is ErrSize and walks nothing.
func TestLimits(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		n    int
		call func(n int) error
	}{
		{"NewPlan", MaxN + 1, func(n int) error { _, err := NewPlan(n); return err }},
		{"NewWholePlan", MaxN + 1, func(n int) error { _, err := NewWholePlan(context.Background(), n); return err }},
		{"Count", MaxN + 1, func(n int) error { _, err := Count(ctx, n, Options{}); return err }},
		{"PlanMemory", MaxN + 1, func(n int) error { _, err := PlanMemory(n, 1, 0); return err }},
		{"NewUnitPlan", MaxShardN + 1, func(n int) error { _, err := NewUnitPlan(context.Background(), n); return err }},
		{"NewBucketPlan", MaxShardN + 1, func(n int) error { _, err := NewBucketPlan(context.Background(), n); return err }},
	} {
		if err := tc.call(tc.n); !errors.Is(err, ErrSize) {
			t.Errorf("%s(%d) error = %v; want ErrSize", tc.name, tc.n, err)
		}
	}
	if MaxShardN/2 >= len(bucketIndexes.x) || MaxShardN/2 >= len(rowCache.r) || MaxShardN/2+1 >= len(survivalTab) {
		t.Errorf("tables by h end before MaxShardN/2 = %d", MaxShardN/2)
	}
	if len(quarterPlacements) <= MaxShardN/2 {
		t.Errorf("quarterPlacements ends at h = %d; want MaxShardN/2 = %d", len(quarterPlacements)-1, MaxShardN/2)
	}
}

// TestBucketIndex: the dense index places every bucket with |rows| =
// |cols| once, in C(2h, h) words, each row set's buckets by the rank of
// their columns.
func TestBucketIndex(t *testing.T) {
	for h := 1; h <= 10; h++ {
		x := bucketIndexOf(h)
		if x.size != binomial(2*h, h) {
			t.Errorf("h = %d: %d buckets; want C(2h, h) = %d", h, x.size, binomial(2*h, h))
		}
		seen := make([]bool, x.size)
		for r := range uint32(1) << h {
			for i, c := range x.sets[bits.OnesCount32(r)] {
				if x.rank[c] != uint32(i) || (i > 0 && c <= x.sets[bits.OnesCount32(r)][i-1]) {
					t.Fatalf("h = %d: set %b at rank %d, rank[] says %d", h, c, i, x.rank[c])
				}
				k := x.off[r] + uint64(i)
				if seen[k] {
					t.Fatalf("h = %d: bucket (%b, %b) at %d, taken", h, r, c, k)
				}
				seen[k] = true
			}
		}
		for k, s := range seen {
			if !s {
				t.Fatalf("h = %d: word %d of %d holds no bucket", h, k, x.size)
			}
		}
	}
}

// TestSharedBucketCounts: past MaxN (here from h = 5 on) the bucket
// counts are walked once and rowCounts sums them: the same figures as
// the walks, and a second call walks nothing.
func TestSharedBucketCounts(t *testing.T) {
	defer func(old int) { shareCountsFrom = old }(shareCountsFrom)
	shareCountsFrom = 5
	for h := 5; h <= 7; h++ {
		rowCache.Lock()
		rowCache.r[h] = nil
		rowCache.Unlock()
		R := must(rowCounts(context.Background(), h))
		for r, want := range bruteRowPlacements(h) {
			if R[r] != want {
				t.Fatalf("h = %d, rows %b: rowCounts %d; brute force %d", h, r, R[r], want)
			}
		}
		a, b := must(sharedBucketCounts(context.Background(), h)), must(sharedBucketCounts(context.Background(), h))
		if &a.c[0] != &b.c[0] {
			t.Errorf("h = %d: a second sharedBucketCounts walked again", h)
		}
		if !slices.Equal(a.c, must(bucketCounts(context.Background(), h)).c) {
			t.Errorf("h = %d: sharedBucketCounts differ from bucketCounts", h)
		}
		rowCache.Lock()
		rowCache.r[h] = nil // counted the other way; the next tests walk
		rowCache.Unlock()
	}
	countsCache.Lock()
	countsCache.h, countsCache.b = 0, bcounts{}
	countsCache.Unlock()
}

var bigH = flag.Int("big-h", 0, "walk the h×h quadrant, h = 13 or 14, to check its bucket counts (15 s of CPU at 13, 2.5 min at 14)")

// TestBigQuadrant (opt-in: -big-h 13 or 14): the counting walk of the
// quadrant of N = 26..28 gives quarterPlacements[h] placements in C(2h, h)
// dense buckets, every one a 32-bit count, and NewBucketPlan's units
// plan every shard of 1000 within DefaultShardMemory.
func TestBigQuadrant(t *testing.T) {
	h := *bigH
	if h == 0 {
		t.Skip("-big-h 13 or 14 to run")
	}
	if h < 13 || h > MaxShardN/2 {
		t.Fatalf("-big-h %d: want 13..%d", h, MaxShardN/2)
	}
	b := must(bucketCounts(context.Background(), h))
	var sum, most uint64
	for _, c := range b.c {
		sum += uint64(c)
		most = max(most, uint64(c))
	}
	if sum != quarterPlacements[h] || uint64(len(b.c)) != binomial(2*h, h) {
		t.Errorf("h = %d: %d placements in %d buckets; want %d in C(2h, h) = %d", h, sum, len(b.c), quarterPlacements[h], binomial(2*h, h))
	}
	t.Logf("h = %d: largest bucket %d placements (a uint32 holds %d)", h, most, uint32(math.MaxUint32))
	p, err := NewBucketPlan(context.Background(), 2*h)
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.PlanShards(context.Background(), p.Shards(1000, 1), Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	var lo, hi uint64 = math.MaxUint64, 0
	for i, r := range res {
		lo, hi = min(lo, r.PeakMemory), max(hi, r.PeakMemory)
		if r.PeakMemory > DefaultShardMemory || r.Projected {
			t.Errorf("N = %d shard %d/1000: %+v; want streaming within DefaultShardMemory", 2*h, i, r)
		}
	}
	t.Logf("N = %d: 1000 shards plan %.1f to %.1f MiB", 2*h, float64(lo)/(1<<20), float64(hi)/(1<<20))
}
