package quadrant

import (
	"context"
	"slices"
	"testing"
)

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
