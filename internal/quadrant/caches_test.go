package quadrant

import (
	"context"
	"testing"
)

// TestFreeCaches: FreeCaches empties the package's four caches, and
// plans made before it and after it still count exactly. The bucket
// counts are shared here from h = 5 on (shareCountsFrom), so that
// N = 12's are remembered as N = 26's are.
func TestFreeCaches(t *testing.T) {
	defer func(old int) { shareCountsFrom = old }(shareCountsFrom)
	shareCountsFrom = 5
	defer FreeCaches()
	ctx := context.Background()
	const n, want = 12, 14200
	before, err := NewWholePlan(ctx, n)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rowCounts(ctx, n/2); err != nil {
		t.Fatal(err)
	}
	if countsCache.h != n/2 || rowCache.r[n/2] == nil || bucketIndexes.x[n/2] == nil || len(survTables.m) == 0 {
		t.Fatalf("before FreeCaches: bucket counts of h = %d, row counts %v, index %v, %d survival tables; want all of h = %d",
			countsCache.h, rowCache.r[n/2] != nil, bucketIndexes.x[n/2] != nil, len(survTables.m), n/2)
	}
	FreeCaches()
	if countsCache.h != 0 || countsCache.b.c != nil {
		t.Errorf("after FreeCaches: bucket counts of h = %d kept", countsCache.h)
	}
	for h := range rowCache.r {
		if rowCache.r[h] != nil || bucketIndexes.x[h] != nil {
			t.Errorf("after FreeCaches: h = %d: row counts %v, index %v kept", h, rowCache.r[h] != nil, bucketIndexes.x[h] != nil)
		}
	}
	if len(survTables.m) != 0 {
		t.Errorf("after FreeCaches: %d survival tables kept", len(survTables.m))
	}
	after, err := NewWholePlan(ctx, n)
	if err != nil {
		t.Fatal(err)
	}
	up, err := NewUnitPlan(ctx, n)
	if err != nil {
		t.Fatal(err)
	}
	shard, err := up.ForUnits(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]*Plan{"made before": before, "made after": after, "a shard of every unit, streaming": shard} {
		res, err := p.Count(ctx, Options{Workers: 2})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if res.Total.Hi != 0 || res.Total.Lo != want {
			t.Errorf("%s: Count(%d) = %v; want %d", name, n, res.Total, want)
		}
	}
}
