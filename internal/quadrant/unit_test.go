package quadrant

import (
	"context"
	"errors"
	"math/bits"
	"slices"
	"testing"

	"github.com/nqueens/nqueens/internal/tally"
)

// quarterPlacements[h] is the number of sets of non-attacking queens on
// an h×h board, the size of the quadrant table: TestQuarterPlacements checks
// it against quarterSize for small h, and the walks' tests against their
// sums.
var quarterPlacements = [...]uint64{
	1, 2, 5, 18, 87, 462, 2635, 16870, 118969, 915442,
	7535369, 66807234, 633443407, 6354135838, 67480769839,
}

func TestQuarterPlacements(t *testing.T) {
	for h := 0; h <= 8; h++ {
		if got := quarterSize(h); got != quarterPlacements[h] {
			t.Errorf("quarterSize(%d) = %d; want %d", h, got, quarterPlacements[h])
		}
	}
	q := newQuarter(6)
	if uint64(len(q.diags)) != quarterPlacements[6] {
		t.Errorf("newQuarter(6) holds %d; want %d", len(q.diags), quarterPlacements[6])
	}
}

// TestFrameWeights checks that the odd-N frames cover every pair of
// middle queens exactly once, weights included.
func TestFrameWeights(t *testing.T) {
	for n := 5; n <= 21; n += 2 {
		m := n / 2
		pairs := 1 // the centre queen
		for a := range n {
			for b := range n {
				if a != m && b != m && abs(a-m) != abs(b-m) {
					pairs++
				}
			}
		}
		var sum uint64
		for _, f := range frames(n) {
			sum += f.weight
		}
		if sum != uint64(pairs) {
			t.Errorf("n=%d: frame weights sum to %d; want %d", n, sum, pairs)
		}
	}
}

func TestUnitsSum(t *testing.T) {
	known := knownCounts(t)
	for _, n := range []int{9, 10, 13} {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		var sum tally.Uint128
		ids := map[int]bool{}
		for i, u := range p.Units() {
			if u.ID != i || ids[u.ID] {
				t.Fatalf("n=%d: unit %d has ID %d", n, i, u.ID)
			}
			ids[u.ID] = true
			c, err := p.CountUnit(context.Background(), i)
			if err != nil {
				t.Fatal(err)
			}
			sum, _ = sum.Add64(c)
		}
		if sum.Hi != 0 || sum.Lo != known[n] {
			t.Errorf("n=%d: units sum to %v; want %d", n, sum, known[n])
		}
	}
	p, _ := NewPlan(8)
	if _, err := p.CountUnit(context.Background(), len(p.Units())); !errors.Is(err, ErrUnit) {
		t.Errorf("CountUnit(out of range) error = %v; want ErrUnit", err)
	}
}

func TestCountErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Count(ctx, -1, Options{}); !errors.Is(err, ErrSize) {
		t.Errorf("Count(-1) error = %v; want ErrSize", err)
	}
	if _, err := Count(ctx, MaxN+1, Options{}); !errors.Is(err, ErrSize) {
		t.Errorf("Count(MaxN+1) error = %v; want ErrSize", err)
	}
	if _, err := Count(ctx, 12, Options{Workers: -1}); err == nil {
		t.Error("Count(12, Workers: -1) succeeded")
	}
	if _, err := Count(ctx, 16, Options{MaxMemory: 1 << 10}); !errors.Is(err, ErrMemory) {
		t.Errorf("Count(16, MaxMemory 1 KiB) error = %v; want ErrMemory", err)
	}
	if _, err := Count(ctx, 24, Options{MaxMemory: 1 << 30}); !errors.Is(err, ErrMemory) {
		t.Errorf("Count(24, MaxMemory 1 GiB) error = %v; want ErrMemory", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Count(cctx, 14, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Count(cancelled) error = %v; want context.Canceled", err)
	}
}

// TestMaxMemoryWorkers checks that a tight bound lowers the worker count
// instead of failing.
func TestMaxMemoryWorkers(t *testing.T) {
	p, err := NewPlan(14)
	if err != nil {
		t.Fatal(err)
	}
	limit := p.QuarterBytes() + p.WorkerBytes() + p.WorkerBytes()/2
	res, err := Count(context.Background(), 14, Options{Workers: 4, MaxMemory: limit})
	if err != nil {
		t.Fatal(err)
	}
	if res.Workers != 1 || res.PeakMemory > limit || res.Total.Lo != 365596 {
		t.Errorf("Count(14, 4 workers, limit %d) = %+v; want 1 worker, 365596", limit, res)
	}
}

// TestProjectedLists checks that the projected tables give the same
// half-board lists as projecting on the fly, for every frame of N = 11
// and 12 and every row split.
func TestProjectedLists(t *testing.T) {
	for _, n := range []int{11, 12} {
		q := newQuarter(n / 2)
		for fi, f := range frames(n) {
			pt := newProjTable(f, q)
			var s halfScratch
			hm := uint64(1)<<f.h - 1
			for E := uint64(0); E < 1<<n; E++ {
				if E&^f.rows != 0 || bits.OnesCount64(E) != f.k {
					continue
				}
				for _, east := range []bool{false, true} {
					X := E
					if !east {
						X = f.rows ^ E
					}
					a := f.appendHalf(q, &s, nil, east, X&hm, X&^hm)
					if f.sym == symDiagonals { // the projected table folds
						if east {
							_, a = f.foldDiagonals(nil, a)
						} else {
							a, _ = f.foldDiagonals(a, nil)
						}
					}
					b := f.appendHalfProj(pt, nil, east, X&hm, X&^hm)
					slices.Sort(a)
					slices.Sort(b)
					if !slices.Equal(a, b) {
						t.Fatalf("n=%d frame %d E=%b east=%v: lists differ (%d, %d)", n, fi, E, east, len(a), len(b))
					}
				}
			}
		}
	}
}

func TestProjectedOff(t *testing.T) {
	known := knownCounts(t)
	for _, n := range []int{11, 12, 13} {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		p.SetProjected(false)
		var sum uint64
		for i := range p.Units() {
			c, err := p.CountUnit(context.Background(), i)
			if err != nil {
				t.Fatal(err)
			}
			sum += c
		}
		if sum != known[n] {
			t.Errorf("n=%d without projected tables: %d; want %d", n, sum, known[n])
		}
	}
}

// TestUnitPlan: NewUnitPlan has NewPlan's units, costs and digest, and
// refuses to count; NewWholePlan has the digest and counts each unit as
// NewPlan does.
func TestUnitPlan(t *testing.T) {
	for n := 4; n <= 16; n++ {
		full, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		lite, err := NewUnitPlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := lite.Digest(), full.Digest(); got != want {
			t.Errorf("n=%d: NewUnitPlan digest %s; NewPlan's %s", n, got, want)
		}
		// A whole count's plan too: a checkpoint written by either
		// resumes with the other.
		whole, err := NewWholePlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := whole.Digest(), full.Digest(); got != want {
			t.Errorf("n=%d: NewWholePlan digest %s; NewPlan's %s", n, got, want)
		}
		for id := range full.Units() {
			a, errA := full.CountUnit(context.Background(), id)
			b, errB := whole.CountUnit(context.Background(), id)
			if a != b || errA != nil || errB != nil {
				t.Errorf("n=%d unit %d: NewPlan counts %d (%v), NewWholePlan %d (%v)", n, id, a, errA, b, errB)
			}
			if n > 11 && id > 20 {
				break // a few units suffice for larger N
			}
		}
		if got, want := len(lite.Units()), len(full.Units()); got != want {
			t.Errorf("n=%d: NewUnitPlan has %d units; NewPlan %d", n, got, want)
		}
		if _, err := lite.CountUnit(context.Background(), 0); !errors.Is(err, ErrNoTable) {
			t.Errorf("n=%d: NewUnitPlan CountUnit: %v; want ErrNoTable", n, err)
		}
		if _, err := lite.Count(context.Background(), Options{}); !errors.Is(err, ErrNoTable) {
			t.Errorf("n=%d: NewUnitPlan Count: %v; want ErrNoTable", n, err)
		}
	}
	if _, err := NewUnitPlan(context.Background(), 3); !errors.Is(err, ErrSize) {
		t.Errorf("NewUnitPlan(context.Background(), 3): %v; want ErrSize", err)
	}
}
