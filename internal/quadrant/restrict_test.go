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

// TestWalkRows checks walkRows against walkQuarter: for every row set of
// h = 1..8 and a few column sets, the placements with exactly those rows
// and columns among them, each once, in walkQuarter's order.
func TestWalkRows(t *testing.T) {
	type pl struct {
		cols uint32
		d    uint64
	}
	for h := 1; h <= 8; h++ {
		full := uint32(1)<<h - 1
		byRows := make([][]pl, 1<<h)
		walkQuarter(h, func(rows, cols uint32, d uint64) { byRows[rows] = append(byRows[rows], pl{cols, d}) })
		for _, colsOK := range []uint32{full, full &^ 1, full &^ (1 << (h / 2)), 0x55 & full, 0} {
			var cols []uint32
			var ds []uint64
			for rows := range uint32(1) << h {
				cols, ds = walkRows(h, rows, colsOK, cols[:0], ds[:0])
				var want []pl
				for _, p := range byRows[rows] {
					if p.cols&^colsOK == 0 {
						want = append(want, p)
					}
				}
				got := make([]pl, len(cols))
				for i := range cols {
					got[i] = pl{cols[i], ds[i]}
				}
				if !slices.Equal(got, want) {
					t.Errorf("h=%d rows=%b colsOK=%b: walkRows gives %d placements %v; want %d %v", h, rows, colsOK, len(got), got, len(want), want)
				}
			}
		}
	}
}

// TestStreamDropsCounts checks that a streaming Count of a ForUnits plan
// lets go of the bucket counts when they are its own, keeps them when
// another plan shares them, and that a later count with projected
// tables counts them again and gives the same total.
func TestStreamDropsCounts(t *testing.T) {
	ctx := context.Background()
	n := 14
	up, err := NewUnitPlan(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	bp, err := NewBucketPlan(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	ids := up.Shards(3, 1)[1]
	for _, tc := range []struct {
		name   string
		parent *Plan
		owned  bool
	}{{"NewUnitPlan", up, true}, {"NewBucketPlan", bp, false}} {
		sp, err := tc.parent.ForUnits(context.Background(), ids)
		if err != nil {
			t.Fatal(err)
		}
		before := sp.QuarterBytes()
		stream, err := sp.Count(ctx, Options{Workers: 2})
		if err != nil || stream.Projected {
			t.Fatalf("%s: streaming Count = %+v, %v; want no projected tables", tc.name, stream, err)
		}
		if dropped := sp.sub.counts.c == nil; dropped != tc.owned {
			t.Errorf("%s: counts dropped %v after streaming; want %v", tc.name, dropped, tc.owned)
		}
		if got := sp.QuarterBytes(); got != before {
			t.Errorf("%s: QuarterBytes %d after streaming; want %d as planned before", tc.name, got, before)
		}
		tables, err := sp.Count(ctx, Options{Workers: 2, MaxMemory: DefaultShardMemory})
		if err != nil || !tables.Projected {
			t.Fatalf("%s: Count with a bound = %+v, %v; want projected tables", tc.name, tables, err)
		}
		if tables.Total != stream.Total {
			t.Errorf("%s: total %v with tables, %v streaming", tc.name, tables.Total, stream.Total)
		}
		if !slices.Equal(sp.sub.counts.c, must(bucketCounts(context.Background(), n/2)).c) {
			t.Errorf("%s: bucket counts after the table count differ from bucketCounts(%d)", tc.name, n/2)
		}
	}
}

// TestStreamMatchesTable: for every unit of N = 12..16, the streamed
// path of a ForUnits plan gives the total of the table path (NewPlan's
// quadrant table), whole and with its half-boards listed in chunks
// (Plan.chunk, which past MaxN is streamChunk): chunks of one
// placement of a cell's outer list (chunk 1), of a few cells, and of
// more than a half holds.
func TestStreamMatchesTable(t *testing.T) {
	ctx := context.Background()
	for n := 12; n <= 16; n++ {
		whole, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		ids := make([]int, len(whole.Units()))
		for i := range ids {
			ids[i] = i
		}
		sp, err := whole.ForUnits(context.Background(), ids)
		if err != nil {
			t.Fatal(err)
		}
		sp.SetProjected(false)
		chunks := []int{0, 64, 4096, 1 << 30}
		if n <= 13 {
			chunks = append(chunks, 1)
		}
		for _, chunk := range chunks {
			sp.chunk = chunk
			for _, id := range ids {
				want, err := whole.CountUnit(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				got, err := sp.CountUnit(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("n=%d unit %d, chunks of %d pairs: streamed %d; the table %d", n, id, chunk, got, want)
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
