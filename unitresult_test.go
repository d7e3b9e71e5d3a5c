package nqueens

import (
	"context"
	"slices"
	"testing"
)

// TestShardRecordKeepsUnitResults checks that Result.ShardRecord leaves
// the result's UnitResults as they were (the record shares their type,
// and sorts its own copy by ID).
func TestShardRecordKeepsUnitResults(t *testing.T) {
	res, err := Count(context.Background(), 8, CountOptions{Workers: 1, Method: MethodKernel, Shard: Shard{Index: 0, Count: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.UnitResults) < 2 {
		t.Fatalf("Count(8, shard 0/2) = %d unit results; want 2 or more", len(res.UnitResults))
	}
	slices.Reverse(res.UnitResults)
	before := slices.Clone(res.UnitResults)
	rec, err := res.ShardRecord()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.UnitResults, before) {
		t.Errorf("ShardRecord reordered the result's units: %v; want %v", res.UnitResults, before)
	}
	if !slices.IsSortedFunc(rec.Units, func(a, b UnitResult) int { return a.ID - b.ID }) || len(rec.Units) != len(before) {
		t.Errorf("ShardRecord units = %v; want the %d units ascending by ID", rec.Units, len(before))
	}
}
