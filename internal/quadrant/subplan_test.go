package quadrant

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/nqueens/nqueens/internal/bytesize"
	"github.com/nqueens/nqueens/internal/tally"
)

// TestShardsSumToQ counts every shard of Shards(m, r) with its own
// ForUnits plan (projected tables with a bound, streaming without one or
// with a tight one) and checks that each unit is in r different shards,
// that a unit counts the same as in the whole plan, and that the shards
// sum to r·Q(N).
func TestShardsSumToQ(t *testing.T) {
	known := knownCounts(t)
	ctx := context.Background()
	for _, tc := range []struct {
		n, m, r int
	}{
		{12, 3, 1}, {13, 4, 1}, {14, 5, 1}, {15, 4, 2}, {16, 8, 1}, {16, 4, 4}, {17, 6, 1},
	} {
		t.Run(fmt.Sprintf("n=%d/m=%d/r=%d", tc.n, tc.m, tc.r), func(t *testing.T) {
			whole, err := NewUnitPlan(context.Background(), tc.n)
			if err != nil {
				t.Fatal(err)
			}
			shards := whole.Shards(tc.m, tc.r)
			copies := make([]int, len(whole.Units()))
			var sum tally.Uint128
			for i, ids := range shards {
				for _, id := range ids {
					copies[id]++
				}
				sp, err := whole.ForUnits(context.Background(), ids)
				if err != nil {
					t.Fatal(err)
				}
				// A bound: projected tables. None: the default, stream.
				// A tight bound: room for two streaming workers, not for
				// the projected tables (when those need more).
				opts := Options{Workers: 2, MaxMemory: DefaultShardMemory}
				stream := false
				switch i % 3 {
				case 1:
					opts.MaxMemory, stream = 0, true
				case 2:
					opts.MaxMemory = sp.QuarterBytes() + 2*(sp.WorkerBytes()+sp.sub.stream)
					full, err := sp.PlanMemory(Options{Workers: 2, MaxMemory: DefaultShardMemory})
					if err != nil {
						t.Fatal(err)
					}
					stream = full.PeakMemory > opts.MaxMemory
				}
				res, err := sp.Count(ctx, opts)
				if err != nil {
					t.Fatalf("shard %d: %v", i, err)
				}
				if res.Projected == stream || res.Workers != min(2, len(ids)) && len(ids) > 0 {
					t.Errorf("shard %d: %d workers, projected %v; want %d, %v", i, res.Workers, res.Projected, min(2, len(ids)), !stream)
				}
				if res.Units != len(ids) {
					t.Errorf("shard %d: counted %d units; want %d", i, res.Units, len(ids))
				}
				sum = add128(sum, res.Total)
			}
			for id, c := range copies {
				if c != tc.r {
					t.Errorf("unit %d is in %d shards; want %d", id, c, tc.r)
				}
			}
			want := tally.Uint128{Lo: known[tc.n] * uint64(tc.r)}
			if sum != want {
				t.Errorf("shards sum to %v; want %d·Q(%d) = %v", sum, tc.r, tc.n, want)
			}
		})
	}
}

func add128(x, y tally.Uint128) tally.Uint128 {
	s, _ := x.Add(y)
	return s
}

// TestForUnitsReadsItsRows checks that the row sets a ForUnits plan
// keeps are exactly those of its units' row splits, listed here by brute
// force over every subset of the free rows, and that counting its units
// (projected tables on and off) reads no others and gives CountUnit's
// results of the whole plan.
func TestForUnitsReadsItsRows(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ n, m, shard int }{{12, 4, 1}, {13, 5, 2}, {14, 3, 0}, {15, 7, 6}} {
		t.Run(fmt.Sprintf("n=%d/%d-of-%d", tc.n, tc.shard, tc.m), func(t *testing.T) {
			whole, err := NewPlan(tc.n)
			if err != nil {
				t.Fatal(err)
			}
			ids := whole.Shards(tc.m, 1)[tc.shard]
			sp, err := whole.ForUnits(context.Background(), ids)
			if err != nil {
				t.Fatal(err)
			}
			type fqr struct {
				frame, quad int
				rows        uint32
			}
			n, h := tc.n, tc.n/2
			far := n - h
			hm := uint64(1)<<h - 1
			brute := map[fqr]bool{}
			for _, id := range ids {
				u := whole.Units()[id]
				f := whole.frames[u.Frame]
				for E := uint64(0); E < 1<<n; E++ {
					if E&^f.rows != 0 || E&hm != u.Top || bits.OnesCount64(E) != f.k || f.splitWeight(E) == 0 {
						continue
					}
					W := f.rows &^ E
					brute[fqr{u.Frame, nw, uint32(W & hm)}] = true
					brute[fqr{u.Frame, sw, uint32(W >> far & hm)}] = true
					brute[fqr{u.Frame, ne, uint32(E & hm)}] = true
					brute[fqr{u.Frame, se, uint32(E >> far & hm)}] = true
				}
			}
			kept := map[fqr]bool{}
			for key, nd := range sp.sub.need {
				for q := range nd {
					for r, ok := range nd[q] {
						if ok {
							kept[fqr{key.frame, q, uint32(r)}] = true
						}
					}
				}
			}
			if !mapsEqual(kept, brute) {
				t.Errorf("kept %d row sets; brute force lists %d", len(kept), len(brute))
				for k := range brute {
					if !kept[k] {
						t.Errorf("missing %+v", k)
					}
				}
				for k := range kept {
					if !brute[k] {
						t.Errorf("extra %+v", k)
					}
				}
			}
			for _, proj := range []bool{true, false} {
				read := map[fqr]bool{}
				sp.SetProjected(proj)
				for _, id := range ids {
					fi := whole.Units()[id].Frame
					traceRows = func(q int, rows uint32) { read[fqr{fi, q, rows}] = true }
					got, err := sp.CountUnit(ctx, id)
					traceRows = nil
					if err != nil {
						t.Fatal(err)
					}
					want, err := whole.CountUnit(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					if got != want {
						t.Errorf("projected %v: unit %d counts %d; the whole plan %d", proj, id, got, want)
					}
				}
				for k := range read {
					if !brute[k] {
						t.Errorf("projected %v: read %+v, not a row set of the units", proj, k)
					}
				}
			}
			for id := range whole.Units() {
				if !slices.Contains(ids, id) {
					if _, err := sp.CountUnit(ctx, id); !errors.Is(err, ErrUnit) {
						t.Errorf("CountUnit of unit %d outside the plan: %v; want ErrUnit", id, err)
					}
					if _, err := sp.Count(ctx, Options{Units: []int{id}}); !errors.Is(err, ErrUnit) {
						t.Errorf("Count of unit %d outside the plan: %v; want ErrUnit", id, err)
					}
					break
				}
			}
		})
	}
}

func mapsEqual[K comparable](a, b map[K]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// TestShardPlanSmaller checks that the planned memory of a shard is below
// the whole count's, and that a shard of one layer builds fewer
// projected buckets than the whole table holds.
func TestShardPlanSmaller(t *testing.T) {
	for _, tc := range []struct{ n, m int }{{16, 8}, {17, 8}, {18, 16}} {
		whole, err := NewPlan(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		all, err := whole.PlanMemory(Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for i, ids := range whole.Shards(tc.m, 1) {
			sp, err := whole.ForUnits(context.Background(), ids)
			if err != nil {
				t.Fatal(err)
			}
			got, err := sp.PlanMemory(Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			if got.PeakMemory >= all.PeakMemory {
				t.Errorf("n=%d shard %d/%d: planned %s; the whole count %s", tc.n, i, tc.m, bytesize.Need(got.PeakMemory), bytesize.Need(all.PeakMemory))
			}
		}
	}
}

// refShardMemory is the per-shard memory plan as ForUnits computed it
// before PlanShards: its own walk of the quadrant for the bucket counts,
// and every figure summed bucket by bucket (halfPairs, the table's and
// the stream's bounds). It returns the planned peak, workers and
// projected mode of PlanMemory(opts).
func refShardMemory(t *testing.T, p *Plan, ids []int, opts Options) (int, bool, uint64) {
	t.Helper()
	h := p.n / 2
	counts := make([]uint32, 1<<(2*h))
	walkQuarter(h, func(rows, cols uint32, _ uint64) { counts[int(rows)<<h|int(cols)]++ })
	size := func(rows, cols uint32) uint64 { return uint64(counts[int(rows)<<h|int(cols)]) }
	need := map[tableKey]*needs{}
	keep := make([]bool, 1<<h)
	var maxPat uint64
	for _, id := range ids {
		u := p.units[id]
		key := tableKey{u.Frame, u.Layer()}
		nd := need[key]
		if nd == nil {
			nd = new(needs)
			for q := range nd {
				nd[q] = make([]bool, 1<<h)
			}
			need[key] = nd
		}
		f := p.frames[u.Frame]
		hm := uint64(1)<<h - 1
		f.eachSplit(u.Top, func(E, _ uint64) {
			r := f.splitRows(E)
			for q, rows := range r {
				nd[q][rows] = true
				keep[rows] = true
			}
			maxPat = max(maxPat, halfPairs(r[nw], r[sw], uint32(f.cols>>f.c0[nw]&hm), size),
				halfPairs(r[ne], r[se], uint32(f.cols>>f.c0[ne]&hm), size))
		})
	}
	m := memPlan{base: countsBytes(h), worker: workerBytes(maxPat)}
	byLayer := map[int]*tableSet{}
	for key, nd := range need {
		f := p.frames[key.frame]
		hm := uint64(1)<<h - 1
		var b uint64
		for q := range 4 {
			colsFree := uint32(f.cols >> f.c0[q] & hm)
			slot, ns := neededRows(f, q, nd)
			b += uint64(len(slot))*4 + uint64(ns<<h+1)*4*2
			for r, s := range slot {
				for c := range 1 << h {
					if s >= 0 && uint32(c)&^colsFree == 0 {
						b += size(uint32(r), uint32(c)) * 8
					}
				}
			}
		}
		s := byLayer[key.layer]
		if s == nil {
			s = new(tableSet)
			byLayer[key.layer] = s
		}
		s.n++
		s.bytes = max(s.bytes, b)
	}
	for _, s := range byLayer {
		m.tables = append(m.tables, *s)
	}
	var most uint64
	for r, ok := range keep {
		var n uint64
		for c := range 1 << h {
			n += size(uint32(r), uint32(c))
		}
		if ok {
			most = max(most, n)
		}
	}
	m.stream = 4*(most*(8+4)+(1<<h)*4*2+4) + (1<<h)*4
	limit := opts.MaxMemory
	if limit == 0 {
		limit = DefaultShardMemory
		m.tables = nil // a shard streams unless given a bound
	}
	return m.fit(countWorkers(opts, len(ids)), limit)
}

// TestPlanShards checks that PlanShards, from one set of bucket counts,
// plans each shard as a ForUnits plan of its own does, and both as the
// figures summed bucket by bucket from a walk of their own
// (refShardMemory), with and without a limit that makes them stream.
func TestPlanShards(t *testing.T) {
	top := 18
	if *long {
		top = 20
	}
	for n := 14; n <= top; n++ {
		for _, tc := range []struct{ m, r int }{{1, 1}, {5, 1}, {16, 2}} {
			up, err := NewUnitPlan(context.Background(), n)
			if err != nil {
				t.Fatal(err)
			}
			bp, err := NewBucketPlan(context.Background(), n)
			if err != nil {
				t.Fatal(err)
			}
			if bp.Digest() != up.Digest() {
				t.Fatalf("n=%d: NewBucketPlan's digest %s; NewUnitPlan's %s", n, bp.Digest(), up.Digest())
			}
			shards := up.Shards(tc.m, tc.r)
			if got := bp.Shards(tc.m, tc.r); !slices.EqualFunc(got, shards, slices.Equal) {
				t.Fatalf("n=%d: NewBucketPlan's shards differ from NewUnitPlan's", n)
			}
			for _, opts := range []Options{{Workers: 2}, {Workers: 2, MaxMemory: MinMemory(n) / 2}} {
				got, err := bp.PlanShards(context.Background(), shards, opts)
				if err != nil {
					t.Fatal(err)
				}
				for i, ids := range shards {
					sp, err := up.ForUnits(context.Background(), ids)
					if err != nil {
						t.Fatal(err)
					}
					want, _ := sp.PlanMemory(opts)
					if got[i] != want {
						t.Errorf("n=%d %d/%d r=%d limit %d: PlanShards %+v; ForUnits %+v", n, i, tc.m, tc.r, opts.MaxMemory, got[i], want)
					}
					w, proj, peak := refShardMemory(t, up, ids, opts)
					if got[i].Workers != w || got[i].Projected != proj || got[i].PeakMemory != peak {
						t.Errorf("n=%d %d/%d r=%d limit %d: PlanShards %d workers, projected %v, peak %d; summed by bucket %d, %v, %d",
							n, i, tc.m, tc.r, opts.MaxMemory, got[i].Workers, got[i].Projected, got[i].PeakMemory, w, proj, peak)
					}
				}
			}
		}
	}
}

// TestChunkBound: past MaxN a shard's plan lists its half-boards in
// chunks, and its worker's bound (maxPat) is a chunk's most; setChunk
// bounds it by the chunk or the largest bucket.
func TestChunkBound(t *testing.T) {
	p, err := NewBucketPlan(context.Background(), 14)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := p.ForUnits(context.Background(), []int{0, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if sp.chunk != 0 {
		t.Errorf("N = 14: chunk %d; want 0 (whole lists up to MaxN)", sp.chunk)
	}
	var most uint32
	for _, c := range p.sums.counts.c {
		most = max(most, c)
	}
	for _, chunk := range []int{1, int(most) + 5, 1 << 30} {
		q, err := p.ForUnits(context.Background(), []int{0, 1, 2})
		if err != nil {
			t.Fatal(err)
		}
		q.setChunk(chunk, p.sums)
		want := min(sp.maxPat, max(uint64(chunk), uint64(most)))
		if q.chunk != chunk || q.maxPat != want {
			t.Errorf("setChunk(%d): chunk %d, maxPat %d; want %d, %d", chunk, q.chunk, q.maxPat, chunk, want)
		}
	}
}
