package quadrant

import (
	"context"
	"math/bits"
	"slices"
	"testing"
)

// TestShardsBalanced checks Shards' promise: in every layer, every
// shard's cost (in the widths it cuts by) is within one unit's of that
// layer's mean, and the r copies of a unit are in different shards.
func TestShardsBalanced(t *testing.T) {
	for _, tc := range []struct{ n, m, r int }{{14, 7, 1}, {15, 16, 3}, {18, 16, 1}, {19, 5, 5}, {13, 200, 2}, {22, 16, 1}} {
		p, err := NewUnitPlan(context.Background(), tc.n)
		if err != nil {
			t.Fatal(err)
		}
		units := p.Units()
		var maxCost uint64
		for _, u := range units {
			maxCost = max(maxCost, u.Cost)
		}
		shift := max(0, bits.Len64(maxCost)-32)
		width := func(id int) float64 { return float64(1 + units[id].Cost>>shift) }
		total, maxW := map[int]float64{}, map[int]float64{}
		for id, u := range units {
			total[u.Layer()] += width(id)
			maxW[u.Layer()] = max(maxW[u.Layer()], width(id))
		}
		copies := make([]int, len(units))
		for i, ids := range p.Shards(tc.m, tc.r) {
			c := map[int]float64{}
			for k, id := range ids {
				c[units[id].Layer()] += width(id)
				copies[id]++
				if k > 0 && ids[k-1] >= id {
					t.Errorf("n=%d m=%d r=%d: shard %d: unit %d after %d (want ascending, each once)", tc.n, tc.m, tc.r, i, id, ids[k-1])
				}
			}
			for l, tot := range total {
				mean := tot * float64(tc.r) / float64(tc.m)
				if c[l] < mean-maxW[l] || c[l] > mean+maxW[l] {
					t.Errorf("n=%d m=%d r=%d: shard %d costs %.0f in layer %d; its mean %.0f, largest unit %.0f", tc.n, tc.m, tc.r, i, c[l], l, mean, maxW[l])
				}
			}
		}
		for id, k := range copies {
			if k != tc.r {
				t.Errorf("n=%d m=%d r=%d: unit %d in %d shards; want %d", tc.n, tc.m, tc.r, id, k, tc.r)
			}
		}
	}
}

// TestShardsNoneEmpty: with m ≤ r·units (N = 6..12, r = 1, 2) no shard
// is empty, every unit is in r different shards, and the assignment is
// the same twice. The layer segments alone left shards empty wherever a
// unit is wider than a segment: N = 12 with 19 shards, N = 6 with 4, …,
// 36 of 4000 at N = 28.
func TestShardsNoneEmpty(t *testing.T) {
	for n := 6; n <= 12; n++ {
		p, err := NewUnitPlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		units := len(p.Units())
		for r := 1; r <= 2; r++ {
			for m := r; m <= r*units; m++ {
				got := p.Shards(m, r)
				copies := make([]int, units)
				for i, ids := range got {
					if len(ids) == 0 {
						t.Fatalf("N = %d, %d units: Shards(%d, %d)[%d] is empty", n, units, m, r, i)
					}
					for k, id := range ids {
						copies[id]++
						if k > 0 && ids[k-1] >= id {
							t.Fatalf("N = %d: Shards(%d, %d)[%d] = %v; want ascending, each once", n, m, r, i, ids)
						}
					}
				}
				for id, k := range copies {
					if k != r {
						t.Fatalf("N = %d: Shards(%d, %d): unit %d in %d shards; want %d", n, m, r, id, k, r)
					}
				}
				if again := p.Shards(m, r); !slices.EqualFunc(again, got, slices.Equal) {
					t.Fatalf("N = %d: Shards(%d, %d) differs from one call to the next", n, m, r)
				}
			}
		}
	}
}
