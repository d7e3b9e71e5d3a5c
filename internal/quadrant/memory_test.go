package quadrant

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/tally"
)

// TestHalfPatterns checks the table PlanMemory reads against halfBound
// of the plan (N ≤ 19; to 21 with -long).
func TestHalfPatterns(t *testing.T) {
	top := 19
	if *long {
		top = 21
	}
	for n := 4; n <= top; n++ {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := halfPatterns[n/2], p.halfBound(); got != want {
			t.Errorf("halfPatterns[%d] = %d; halfBound of N = %d is %d", n/2, got, n, want)
		}
	}
}

// TestLayerPlans checks layerPlans, oddLayerPlans and the whole memory
// plan (wholeMemPlan) against NewWholePlan's own: the same peak, workers
// and projected mode for several workers and limits, as Count plans
// them.
func TestLayerPlans(t *testing.T) {
	top := 20
	if *long {
		top = 24 // not 25: NewWholePlan(context.Background(), 25) plans 139,032 units, minutes of CPU
	}
	for n := 4; n <= top; n++ {
		p, err := NewWholePlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if p.Subset() != nil {
			t.Errorf("N = %d: Subset of NewWholePlan = %d units; want nil, every unit", n, len(p.Subset()))
		}
		if n%2 == 0 {
			lp := layerPlans[n/2]
			if got, want := lp.table, p.FrameBytes(); got != want {
				t.Errorf("layerPlans[%d].table = %d; NewWholePlan(context.Background(), %d).FrameBytes() = %d", n/2, got, n, want)
			}
			if got, want := lp.stream, p.sub.stream; got != want {
				t.Errorf("layerPlans[%d].stream = %d; NewWholePlan(context.Background(), %d) streams %d", n/2, got, n, want)
			}
			if len(p.sub.layerKeep) != 0 || p.LayerQuarterBytes() != 0 {
				t.Errorf("N = %d: %d layers with a layer quarter, %d B; want none (one frame)", n, len(p.sub.layerKeep), p.LayerQuarterBytes())
			}
		} else {
			lq := oddLayerQuarters[n/2]
			if got, want := lq.places, p.layerPlaces(allUnitIDs(p)); got != want {
				t.Errorf("oddLayerQuarters[%d].places = %d; NewWholePlan(context.Background(), %d)'s largest layer quarter holds %d", n/2, got, n, want)
			}
			if got, want := lq.stream, p.sub.stream; got != want {
				t.Errorf("oddLayerQuarters[%d].stream = %d; NewWholePlan(context.Background(), %d) streams %d", n/2, got, n, want)
			}
			if got, want := p.LayerQuarterBytes(), wholeMemPlan(n).layerQ; got != want || want == 0 {
				t.Errorf("NewWholePlan(context.Background(), %d).LayerQuarterBytes() = %d; PlanMemory counts %d", n, got, want)
			}
		}
		if got, want := MinMemory(n), p.QuarterBytes()+p.WorkerBytes()+p.sub.stream; got != want {
			t.Errorf("MinMemory(%d) = %d; the plan's counts and one streaming worker take %d", n, got, want)
		}
		full, err := p.PlanMemory(Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2, 3, 8} {
			for _, limit := range []uint64{0, full.PeakMemory, full.PeakMemory - 1, MinMemory(n), 1 << 40} {
				r, perr := p.PlanMemory(Options{Workers: workers, MaxMemory: limit})
				mp, err := PlanMemory(n, countWorkers(Options{Workers: workers}, len(p.Units())), limit)
				if (perr == nil) != (err == nil) || r.PeakMemory != mp.Peak || r.Workers != mp.Workers || r.Projected != mp.Projected {
					t.Errorf("N = %d, %d workers, limit %d: the plan plans %d B, %d workers, projected %v (%v); PlanMemory %d B, %d, %v (%v)",
						n, workers, limit, r.PeakMemory, r.Workers, r.Projected, perr, mp.Peak, mp.Workers, mp.Projected, err)
				}
			}
		}
	}
}

// TestMemoryNeedPasses: the need a refusal states is the least limit that
// passes, both in CheckMemory (before the table is built) and in
// Plan.Count (after): one byte less is refused again with the same need.
func TestMemoryNeedPasses(t *testing.T) {
	for _, n := range []int{12, 14, 16, 17} {
		err := CheckMemory(n, 1<<20)
		var me *MemoryError
		if !errors.As(err, &me) {
			t.Fatalf("CheckMemory(%d, 1 MiB) = %v; want a MemoryError", n, err)
		}
		if err := CheckMemory(n, me.Need); err != nil {
			t.Errorf("CheckMemory(%d, %d) = %v; %d is the need it stated", n, me.Need, err, me.Need)
		}
		var me2 *MemoryError
		if err := CheckMemory(n, me.Need-1); !errors.As(err, &me2) || me2.Need != me.Need {
			t.Errorf("CheckMemory(%d, need−1) = %v; want the need %d again", n, err, me.Need)
		}
		p, err := NewWholePlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Count(t.Context(), Options{Workers: 2, MaxMemory: me.Need, Units: []int{0}})
		if err != nil || res.PeakMemory > me.Need {
			t.Errorf("N = %d with the stated need %d: %v, peak %d", n, me.Need, err, res.PeakMemory)
		}
	}
}

// TestShardMemoryFloor checks DefaultShardMemory's promise that every
// shard fits it: the least a ForUnits plan of all units needs (one
// streaming worker) bounds that of any of its shards, whose bucket
// counts are the same and whose half-boards and row sets are fewer, so
// it must be within the default (N = 18..21; 24, h = 12, with -long: a
// walk of 633M placements and every unit's splits, a few seconds).
// N = 25 passed too, once, but its 56 frames took 2 min of CPU: not
// run.
func TestShardMemoryFloor(t *testing.T) {
	ns := []int{18, 19, 20, 21}
	if *long {
		ns = append(ns, 24)
	}
	for _, n := range ns {
		p, err := NewBucketPlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		all, err := p.ForUnits(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		floor := all.QuarterBytes() + all.WorkerBytes() + all.sub.stream
		res, err := all.PlanMemory(Options{Workers: 1, MaxMemory: floor})
		if err != nil || res.Projected && floor < all.FrameBytes() || res.PeakMemory > floor {
			t.Errorf("N = %d: a plan of every unit within its floor %d: %+v, %v", n, floor, res, err)
		}
		if floor > DefaultShardMemory {
			t.Errorf("N = %d: one streaming worker of every unit needs %d bytes; DefaultShardMemory is %d", n, floor, uint64(DefaultShardMemory))
		}
		if got := all.MemoryLimit(0); got != DefaultShardMemory {
			t.Errorf("N = %d: a ForUnits plan's MemoryLimit(0) = %d; want DefaultShardMemory %d", n, got, uint64(DefaultShardMemory))
		}
		if got := p.MemoryLimit(0); got != DefaultMaxMemory {
			t.Errorf("N = %d: a whole plan's MemoryLimit(0) = %d; want DefaultMaxMemory %d", n, got, uint64(DefaultMaxMemory))
		}
		if got := all.MemoryLimit(5); got != 5 {
			t.Errorf("N = %d: MemoryLimit(5) = %d; want 5", n, got)
		}
	}
}

func TestSoftLimitFor(t *testing.T) {
	const maxInt64 = 1<<63 - 1
	tests := []struct {
		peak uint64
		want int64
	}{
		{0, 8 << 20},
		{16 << 20, (16 + 1 + 8) << 20},
		{1 << 30, 1<<30 + 1<<26 + 8<<20},
		{1<<63 - 1, maxInt64},
		{1<<64 - 1, maxInt64},
	}
	for _, tt := range tests {
		if got := SoftLimitFor(tt.peak); got != tt.want {
			t.Errorf("SoftLimitFor(%d) = %d, want %d", tt.peak, got, tt.want)
		}
	}
}

// TestSetSoftLimit checks that SetSoftLimit lowers the runtime's soft
// memory limit, keeps a lower one, and that its restore function puts
// back the limit it found.
func TestSetSoftLimit(t *testing.T) {
	orig := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(orig)
	const base = 1 << 40
	for _, tt := range []struct {
		name          string
		before, limit int64
		wantDuring    int64
	}{
		{"lowers", base, base / 2, base / 2},
		{"a lower limit stays", base / 4, base / 2, base / 4},
		{"equal", base, base, base},
	} {
		debug.SetMemoryLimit(tt.before)
		restore := SetSoftLimit(tt.limit)
		if got := debug.SetMemoryLimit(-1); got != tt.wantDuring {
			t.Errorf("%s: limit after SetSoftLimit(%d) from %d: %d, want %d", tt.name, tt.limit, tt.before, got, tt.wantDuring)
		}
		restore()
		if got := debug.SetMemoryLimit(-1); got != tt.before {
			t.Errorf("%s: limit after restore %d, want %d", tt.name, got, tt.before)
		}
	}
}

// TestTablesHeld: a whole count holds one projected table at a time,
// whatever its workers (they share it; a frame's table is dropped once
// its units are done), as PlanMemory plans; CountUnit keeps one more
// idle, so that a frame's units counted one by one share it. N = 13
// and 15 have up to 16 and 22 frames a layer.
// Count builds a layer's tables on the arrays of the tables it is done
// with (projCache.free), one size for a whole count (layerCaps): new
// arrays for no more tables than it holds at once, none beyond the
// plan's bound for a table (FrameBytes), nothing kept after Count.
func TestTablesHeld(t *testing.T) {
	known := knownCounts(t)
	for _, n := range []int{13, 15} {
		for _, workers := range []int{1, 2, 3} {
			p, err := NewWholePlan(context.Background(), n)
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Count(context.Background(), Options{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := res.Total, (tally.Uint128{Lo: known[n]}); got != want {
				t.Fatalf("N = %d, %d workers: total %v, want %v", n, workers, got, want)
			}
			if got := p.proj.maxHeld; got != 1 {
				t.Errorf("N = %d, %d workers: Count held %d tables at once, want 1", n, workers, got)
			}
			// Each table is built once: the units run by layer, then
			// frame, and a worker holds its table between its units.
			keys := map[int]bool{}
			for _, u := range p.Units() {
				if k, ok := p.tableOf(u); ok {
					keys[k] = true
				}
			}
			if got, want := p.proj.built, len(keys); got != want {
				t.Errorf("N = %d, %d workers: Count built %d tables, want %d (one per frame and layer)", n, workers, got, want)
			}
			checkReused(t, p, workers)
			if got, want := p.proj.lqBuilt, len(p.sub.layerKeep); got != want || want == 0 {
				t.Errorf("N = %d, %d workers: %d layer quarters built, want %d (one per layer of two tables or more)", n, workers, got, want)
			}
		}
		p, err := NewWholePlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		for i := range p.Units() {
			if _, err := p.CountUnit(context.Background(), i); err != nil {
				t.Fatal(err)
			}
		}
		if got := p.proj.maxHeld; got != 1+keepIdle {
			t.Errorf("N = %d: CountUnit one by one held %d tables at once, want %d (one in use, %d idle)", n, got, 1+keepIdle, keepIdle)
		}
	}
}

// checkReused checks the tables of a whole count p made on workers
// (TestTablesHeld).
func checkReused(t *testing.T, p *Plan, workers int) {
	t.Helper()
	c := &p.proj
	if made := c.built - c.reused; made > c.maxHeld || made < 1 {
		t.Errorf("N = %d, %d workers: %d of %d tables built on new arrays; want 1..%d (the most held at once)", p.n, workers, made, c.built, c.maxHeld)
	}
	if c.maxArrays > p.FrameBytes() {
		t.Errorf("N = %d, %d workers: a table's arrays took %d bytes; the plan bounds a table by %d", p.n, workers, c.maxArrays, p.FrameBytes())
	}
	if len(c.free) != 0 || len(c.entries) != 0 {
		t.Errorf("N = %d, %d workers: %d free and %d cached tables kept after Count; want none", p.n, workers, len(c.free), len(c.entries))
	}
	p.layerCaps(allUnitIDs(p))
	sizes := map[[2]uint64]bool{}
	for _, cp := range c.caps {
		sizes[cp] = true
	}
	if len(sizes) != 1 {
		t.Errorf("N = %d, %d workers: layerCaps chose %d table sizes for a whole count; want 1", p.n, workers, len(sizes))
	}
	p.dropTables()
}

// TestTablesReused: a shard with tables builds its tables on the arrays
// of those it is done with too, each within the plan's bound for a
// table (the whole counts: TestTablesHeld).
func TestTablesReused(t *testing.T) {
	// A shard: every third unit of N = 15, with tables (a bound).
	bp, err := NewBucketPlan(context.Background(), 15)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	var want uint64
	whole, err := NewWholePlan(context.Background(), 15)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(bp.Units()); i += 3 {
		ids = append(ids, i)
		c, err := whole.CountUnit(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		want += c
	}
	sp, err := bp.ForUnits(context.Background(), ids)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sp.Count(context.Background(), Options{Workers: 2, MaxMemory: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Total; got != (tally.Uint128{Lo: want}) {
		t.Errorf("shard of N = 15: total %v, want %d", got, want)
	}
	c := &sp.proj
	if c.built == 0 || c.maxArrays > sp.FrameBytes() || c.built-c.reused > c.maxHeld*len(sp.sub.layerCap) {
		t.Errorf("shard of N = 15: %d tables built, %d reused, %d held at once, arrays up to %d bytes; want some tables, new arrays at most per layer and held table, arrays within %d",
			c.built, c.reused, c.maxHeld, c.maxArrays, sp.FrameBytes())
	}
}

// allUnitIDs returns the IDs of every unit of p.
func allUnitIDs(p *Plan) []int {
	ids := make([]int, len(p.Units()))
	for i := range ids {
		ids[i] = i
	}
	return ids
}

var maxH = flag.Int("maxh", 0, "TestPrintLayerQuarters: print oddLayerQuarters to h = maxh")

// TestPrintLayerQuarters prints oddLayerQuarters for h = 2..-maxh
// (go test -run TestPrintLayerQuarters -maxh 12 -v: N = 25 walks 633M
// placements and plans 139,032 units, a few minutes of CPU).
func TestPrintLayerQuarters(t *testing.T) {
	if *maxH == 0 {
		t.Skip("prints oddLayerQuarters with -maxh H")
	}
	fmt.Printf("{}, {},\n")
	for h := 2; h <= *maxH; h++ {
		p, err := NewWholePlan(context.Background(), 2*h+1)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("{%d, %d}, // N = %d\n", p.layerPlaces(allUnitIDs(p)), p.sub.stream, 2*h+1)
	}
}

// TestEstimateMemory checks that EstimateMemory, without the table, plans
// what the whole plan's PlanMemory does.
func TestEstimateMemory(t *testing.T) {
	for _, n := range []int{4, 9, 14, 15, 18} {
		p, err := NewWholePlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range []Options{{Workers: 1}, {Workers: 2}, {Workers: 3, MaxMemory: p.QuarterBytes() + 3*p.WorkerBytes()}} {
			want, werr := p.PlanMemory(opts)
			got, gerr := EstimateMemory(context.Background(), n, opts)
			if got != want || (werr == nil) != (gerr == nil) {
				t.Errorf("n=%d %+v: EstimateMemory = %+v, %v; PlanMemory %+v, %v", n, opts, got, gerr, want, werr)
			}
		}
	}
}

// TestWorkersRefused checks that every entry point that takes Options
// refuses a negative Workers (checkWorkers) instead of counting on one
// worker, as countWorkers would make of it.
func TestWorkersRefused(t *testing.T) {
	ctx := context.Background()
	opts := Options{Workers: -1}
	p, err := NewWholePlan(ctx, 8)
	if err != nil {
		t.Fatal(err)
	}
	bp, err := NewBucketPlan(ctx, 8)
	if err != nil {
		t.Fatal(err)
	}
	for name, call := range map[string]func() error{
		"Count":           func() error { _, err := Count(ctx, 8, opts); return err },
		"Plan.Count":      func() error { _, err := p.Count(ctx, opts); return err },
		"Plan.PlanMemory": func() error { _, err := p.PlanMemory(opts); return err },
		"PlanShards":      func() error { _, err := bp.PlanShards(ctx, bp.Shards(2, 1), opts); return err },
		"EstimateMemory":  func() error { _, err := EstimateMemory(ctx, 8, opts); return err },
	} {
		if err := call(); err == nil || !strings.Contains(err.Error(), "Workers = -1") {
			t.Errorf("%s(Workers: -1) error = %v; want Workers = -1 refused", name, err)
		}
	}
}
