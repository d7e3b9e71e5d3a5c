package estimate

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/quadrant"
)

func TestPermutationNodes(t *testing.T) {
	// Count(12, Permutation) visits 1,302,061,344 nodes (README).
	for n, want := range map[int]float64{1: 1, 3: 15, 12: 1302061344} {
		if got := PermutationNodes(n); got != want {
			t.Errorf("PermutationNodes(%d) = %.0f; want %.0f", n, got, want)
		}
	}
}

// TestJoinPlanSeconds: with the walk's time per placement fixed at t,
// a shard's serial preparation is its counting walk, half the
// placements (the column mirror), and a whole count's two walks of
// them; and the wall time is never below the largest unit's time, on
// two workers or more.
func TestJoinPlanSeconds(t *testing.T) {
	const n = 12
	const perPlacement = 1e-6
	defer func(f func(int) float64) { walkSeconds = f }(walkSeconds)
	walkSeconds = func(int) float64 { return perPlacement }
	ctx := context.Background()
	up, err := quadrant.NewUnitPlan(ctx, n)
	if err != nil {
		t.Fatal(err)
	}
	smp, err := quadrant.NewSampler(ctx, up, nil)
	if err != nil {
		t.Fatal(err)
	}
	placements := float64(smp.QuarterPlacements())
	// The costliest unit and the cheapest: one takes most of the time.
	units := up.Units()
	hi, lo := 0, 0
	for i, u := range units {
		if u.Cost > units[hi].Cost {
			hi = i
		}
		if u.Cost < units[lo].Cost {
			lo = i
		}
	}
	sel := []int{min(hi, lo), max(hi, lo)}
	for _, sharded := range []bool{true, false} {
		mp := quadrant.MemoryPlan{Peak: 1 << 20, Workers: 2}
		e, err := Join(ctx, JoinWork{N: n, Units: up, Sel: sel, Sharded: sharded, Memory: mp}, Options{Workers: 2, Budget: 50 * time.Millisecond}, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		want := 2 * placements * perPlacement
		if sharded {
			want = placements * perPlacement / 2
		}
		if math.Abs(e.PlanSeconds-want) > 1e-9*want {
			t.Errorf("sharded %v: PlanSeconds = %g; want %g (%g placements)", sharded, e.PlanSeconds, want, placements)
		}
		var largest float64
		for _, id := range sel {
			largest = max(largest, e.UnitSeconds[id])
		}
		if parallel(2, len(sel)) < 2 {
			t.Skipf("%d core: the largest unit's floor needs two workers running", runtime.NumCPU())
		}
		// Without projected tables the building is the serial walk.
		if units := e.CPUSeconds - e.PlanSeconds; largest <= units/2 {
			t.Fatalf("sharded %v: largest unit %g s of %g: the test needs one unit above half", sharded, largest, units)
		}
		if want := e.PlanSeconds + largest; e.WallSeconds < want*(1-1e-9) {
			t.Errorf("sharded %v: WallSeconds = %g; want at least the preparation and the largest unit, %g", sharded, e.WallSeconds, want)
		}
	}
}
