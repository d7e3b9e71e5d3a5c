package run

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/quadrant"
)

// TestJoinEstimateEmptyShard: a shard that the cost balance leaves
// without units is estimated at no work, not as the whole count (the
// sampler takes no units for every unit).
func TestJoinEstimateEmptyShard(t *testing.T) {
	const n = 16
	up, err := quadrant.NewUnitPlan(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	units := len(up.Units())
	var empty, full Shard
	for m := 2; m <= units && empty == (Shard{}); m++ {
		for i := 0; i < m; i++ {
			ids, err := quadrantIDs(up, Shard{Index: i, Count: m})
			if err != nil {
				t.Fatal(err)
			}
			if len(ids) == 0 && empty == (Shard{}) {
				empty = Shard{Index: i, Count: m}
			}
			if len(ids) > 0 {
				full = Shard{Index: i, Count: m}
			}
		}
	}
	if empty == (Shard{}) {
		t.Fatalf("N = %d: no empty shard for M = 2..%d; the test needs one", n, units)
	}
	for _, c := range []struct {
		s        Shard
		wantWork bool
	}{{empty, false}, {full, true}} {
		var e estimate.Estimate
		rnd := rand.New(rand.NewPCG(1, 2))
		o := Options{Workers: 1, Shard: c.s}
		err := joinEngine{}.Estimate(context.Background(), n, o, estimate.Options{Workers: 1, Budget: 20e6}, rnd, &e)
		if err != nil {
			t.Fatalf("shard %v: %v", c.s, err)
		}
		if got := e.CPUSeconds > 0; got != c.wantWork {
			t.Errorf("shard %d/%d: %d units, %v CPU s; want work %v", c.s.Index, c.s.Count, e.Units, e.CPUSeconds, c.wantWork)
		}
	}
}
