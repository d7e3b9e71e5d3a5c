package quadrant

import (
	"context"
	"slices"
	"testing"
)

// TestLayerQuarter: a layer quarter holds, bucket for bucket and in the
// same order, the whole table's placements of the row sets it keeps, and
// nothing of the others, also when built on the arrays of another.
func TestLayerQuarter(t *testing.T) {
	for h := 1; h <= 8; h++ {
		full := newQuarter(h)
		counts := fromQuarter(full)
		var old *quarter
		for _, every := range []int{1, 2, 3, 5} {
			keep := make([]bool, 1<<h)
			for r := range keep {
				keep[r] = (r*7+h)%every == 0
			}
			q := newLayerQuarter(h, keep, counts, old, 0)
			if got, want := uint64(len(q.diags)), keptPlacements(keep, counts); got != want {
				t.Errorf("h = %d, every %d: %d placements, keptPlacements %d", h, every, got, want)
			}
			for r := range 1 << h {
				for c := range 1 << h {
					got := q.bucket(uint32(r), uint32(c))
					var want []uint64
					if keep[r] {
						want = full.bucket(uint32(r), uint32(c))
					}
					if !slices.Equal(got, want) {
						t.Fatalf("h = %d, every %d: bucket (%b, %b) = %x, want %x", h, every, r, c, got, want)
					}
				}
			}
			old = q
		}
		if got, want := layerQuarterBytes(h, uint64(len(full.diags))), full.bytes(); got != want {
			t.Errorf("h = %d: layerQuarterBytes of every placement = %d, the table's bytes %d", h, got, want)
		}
	}
}

// TestLayerQuarterTables: each table of a whole count of odd N built from
// its layer's quarter is the one the walk of the placements builds, and
// only odd N's layers of two tables or more have a quarter.
func TestLayerQuarterTables(t *testing.T) {
	for _, n := range []int{9, 13, 15} {
		p, err := NewWholePlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		h := n / 2
		counts := p.sub.bucketSums(h).counts
		frames := map[int]int{}
		for k := range p.sub.need {
			frames[k.layer]++
		}
		for l, c := range frames {
			if got := p.sub.layerKeep[l] != nil; got != (c > 1) {
				t.Errorf("N = %d, layer %d of %d tables: layer quarter %v", n, l, c, got)
			}
		}
		for k, nd := range p.sub.need {
			lk := p.sub.layerKeep[k.layer]
			if lk == nil {
				continue
			}
			lq := newLayerQuarter(h, lk, counts, nil, 0)
			f := p.frames[k.frame]
			got := newProjTableSub(f, counts, nd, lq, nil, 0, 0, 3)
			want := newProjTableSub(f, counts, nd, nil, nil, 0, 0, 1)
			for q := range 4 {
				if !slices.Equal(got.pats[q], want.pats[q]) || !slices.Equal(got.start[q], want.start[q]) {
					t.Fatalf("N = %d, frame %d, layer %d, quadrant %d: the table from the layer quarter differs from the walk's", n, k.frame, k.layer, q)
				}
			}
		}
	}
}
