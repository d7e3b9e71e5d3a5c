package quadrant

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/nqueens/nqueens/internal/tally"
)

// TestCountSubsets splits the units of a plan into k interleaved parts,
// counts each with Options.Units (odd and even N, with and without the
// projected tables) and checks that the parts sum to Q(N), that UnitDone
// sees exactly the listed units with the counts CountUnit gives, and
// that progress covers only the subset.
func TestCountSubsets(t *testing.T) {
	known := knownCounts(t)
	ctx := context.Background()
	for _, tc := range []struct {
		n, k      int
		projected bool
	}{
		{9, 2, true}, {12, 3, true}, {13, 3, true}, {13, 5, false}, {14, 4, true},
	} {
		p, err := NewPlan(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		limit := uint64(0)
		if !tc.projected {
			// Room for the table and two workers, not for frame tables.
			limit = p.QuarterBytes() + 2*p.WorkerBytes() + p.FrameBytes()/2
		}
		var sum tally.Uint128
		for part := range tc.k {
			var ids []int
			for id := part; id < len(p.Units()); id += tc.k {
				ids = append(ids, id)
			}
			var seen []int
			var last Progress
			res, err := p.Count(ctx, Options{Workers: 2, MaxMemory: limit, Units: ids,
				UnitDone: func(u Unit, c uint64) error {
					seen = append(seen, u.ID)
					want, err := p.CountUnit(ctx, u.ID)
					if err != nil || want != c {
						t.Errorf("n=%d unit %d: UnitDone count %d; CountUnit gives %d, %v", tc.n, u.ID, c, want, err)
					}
					return nil
				},
				Progress: func(pr Progress) { last = pr },
			})
			if err != nil {
				t.Fatalf("n=%d part %d: %v", tc.n, part, err)
			}
			if res.Projected != tc.projected {
				t.Errorf("n=%d part %d: projected %v; want %v", tc.n, part, res.Projected, tc.projected)
			}
			slices.Sort(seen)
			if !slices.Equal(seen, ids) || res.Units != len(ids) {
				t.Errorf("n=%d part %d: UnitDone saw %v, Units %d; want %v", tc.n, part, seen, res.Units, ids)
			}
			if last.UnitsDone != len(ids) || last.UnitsTotal != len(ids) || last.Total != res.Total {
				t.Errorf("n=%d part %d: last progress %+v; want %d of %d units, total %v", tc.n, part, last, len(ids), len(ids), res.Total)
			}
			sum, _ = sum.Add64(res.Total.Lo)
		}
		if sum.Hi != 0 || sum.Lo != known[tc.n] {
			t.Errorf("n=%d: %d parts sum to %v; want %d", tc.n, tc.k, sum, known[tc.n])
		}
	}
}

func TestCountUnitsErrors(t *testing.T) {
	ctx := context.Background()
	p, err := NewPlan(10)
	if err != nil {
		t.Fatal(err)
	}
	nu := len(p.Units())
	for _, ids := range [][]int{{-1}, {nu}, {0, 1, 0}} {
		if _, err := p.Count(ctx, Options{Units: ids}); !errors.Is(err, ErrUnit) {
			t.Errorf("Count(Units: %v) error = %v; want ErrUnit", ids, err)
		}
	}
	res, err := p.Count(ctx, Options{Units: []int{}})
	if err != nil || res.Total != (tally.Uint128{}) || res.Units != 0 {
		t.Errorf("Count(Units: none) = %+v, %v; want a zero total", res, err)
	}
	if _, err := Count(ctx, 3, Options{Units: []int{0}}); !errors.Is(err, ErrUnit) {
		t.Errorf("Count(3, Units: [0]) error = %v; want ErrUnit", err)
	}
	// A failing UnitDone stops the count and is returned.
	boom := errors.New("disk full")
	calls := 0
	_, err = p.Count(ctx, Options{Workers: 2, UnitDone: func(Unit, uint64) error { calls++; return boom }})
	if !errors.Is(err, boom) || calls > 2 {
		t.Errorf("Count with a failing UnitDone: %v after %d calls; want the error after at most one per worker", err, calls)
	}
}

func TestDigest(t *testing.T) {
	digests := map[string]int{}
	for _, n := range []int{8, 9, 10, 11, 12} {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		q, _ := NewPlan(n)
		d := p.Digest()
		if q.Digest() != d || len(d) != 24 {
			t.Errorf("n=%d: digest %q, again %q; want the same 24 hex digits", n, d, q.Digest())
		}
		if m, dup := digests[d]; dup {
			t.Errorf("n=%d and n=%d have the same digest %s", n, m, d)
		}
		digests[d] = n
	}
}

// TestUnitCPU checks that UnitCPU is called once per unit, after the
// unit's UnitDone, with a positive thread time where the clock is read.
func TestUnitCPU(t *testing.T) {
	if _, ok := threadCPU(); !ok {
		t.Skip("quadrant: the thread CPU clock is not read on this system")
	}
	known := knownCounts(t)
	for _, n := range []int{9, 12} {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		var pending = -1
		seen := make(map[int]bool)
		var total uint64
		_, err = p.Count(context.Background(), Options{Workers: 2,
			UnitDone: func(u Unit, c uint64) error { pending = u.ID; total += c; return nil },
			UnitCPU: func(u Unit, ns int64) {
				if u.ID != pending {
					t.Errorf("n=%d: UnitCPU for unit %d; want %d, the last UnitDone", n, u.ID, pending)
				}
				if seen[u.ID] {
					t.Errorf("n=%d: UnitCPU twice for unit %d", n, u.ID)
				}
				seen[u.ID] = true
				if ns <= 0 {
					t.Errorf("n=%d unit %d: %d ns; want > 0", n, u.ID, ns)
				}
				pending = -1
			}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(seen), len(p.Units()); got != want {
			t.Errorf("n=%d: UnitCPU for %d units; want %d", n, got, want)
		}
		if want := known[n]; total != want {
			t.Errorf("n=%d: units sum to %d; want %d", n, total, want)
		}
	}
}
