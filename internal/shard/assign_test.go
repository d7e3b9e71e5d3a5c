package shard

import (
	"slices"
	"testing"
)

// TestAssignNoneEmpty: units of cost 0 all went to the least loaded
// shard, leaving others empty with m ≤ units; FillEmpty gives every
// shard one, each unit still in r different shards.
func TestAssignNoneEmpty(t *testing.T) {
	for _, tc := range []struct {
		costs []float64
		m, r  int
	}{
		{[]float64{5, 0, 0}, 3, 1},
		{[]float64{5, 0, 0, 0}, 4, 1},
		{[]float64{7, 1, 0, 0, 0}, 5, 2},
		{[]float64{0, 0, 0}, 3, 1},
		{[]float64{0, 0, 0}, 6, 2},
	} {
		got := AssignReplicas(tc.costs, tc.m, tc.r)
		in := make([][]int, len(tc.costs))
		for s, ids := range got {
			if len(ids) == 0 {
				t.Errorf("AssignReplicas(%v, %d, %d) = %v: shard %d empty; want none", tc.costs, tc.m, tc.r, got, s)
			}
			if !slices.IsSorted(ids) {
				t.Errorf("AssignReplicas(%v, %d, %d): shard %d = %v; want ascending", tc.costs, tc.m, tc.r, s, ids)
			}
			for _, id := range ids {
				in[id] = append(in[id], s)
			}
		}
		for id, s := range in {
			if len(slices.Compact(slices.Clone(s))) != tc.r || len(s) != tc.r {
				t.Errorf("AssignReplicas(%v, %d, %d): unit %d in shards %v; want %d different", tc.costs, tc.m, tc.r, id, s, tc.r)
			}
		}
	}
}

// TestFillEmpty pins the rule: the empty shards in order take the
// cheapest unit (ties: the largest id) of the shard with the most units
// (ties: the first), and a shard is left empty only when no shard has
// two.
func TestFillEmpty(t *testing.T) {
	costs := []float64{3, 1, 1, 2, 5}
	out := [][]int{{0, 1, 2}, {}, {3, 4}, {}}
	FillEmpty(out, costs)
	want := [][]int{{0}, {2}, {3, 4}, {1}}
	if !slices.EqualFunc(out, want, slices.Equal) {
		t.Errorf("FillEmpty = %v; want %v", out, want)
	}
	few := [][]int{{0}, {}, {1}}
	FillEmpty(few, costs)
	if len(few[1]) != 0 {
		t.Errorf("FillEmpty with as many units as non-empty shards = %v; want shard 1 left empty", few)
	}
}

// TestAssignReplicasTieStride pins the tie order for r not dividing m:
// 3 equal units, m = 3, r = 2, stride ⌈3/2⌉ = 2, so ties go to shards
// 0, 2, 1: unit 0 in shards 0 and 2, not in the neighbours 0 and 1.
func TestAssignReplicasTieStride(t *testing.T) {
	got := AssignReplicas([]float64{1, 1, 1}, 3, 2)
	var in []int
	for s, ids := range got {
		if slices.Contains(ids, 0) {
			in = append(in, s)
		}
	}
	if !slices.Equal(in, []int{0, 2}) {
		t.Errorf("AssignReplicas([1 1 1], 3, 2) = %v: unit 0 in shards %v; want [0 2]", got, in)
	}
}
