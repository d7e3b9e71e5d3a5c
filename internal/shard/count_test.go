package shard

import (
	"strings"
	"testing"
)

// TestCheckCount: M up to R × units is accepted, one more is refused
// with a message naming both; every accepted M leaves no shard empty
// when the costs are positive.
func TestCheckCount(t *testing.T) {
	for _, tc := range []struct{ units, m, r int }{{1, 1, 1}, {5, 5, 1}, {5, 10, 2}, {7, 21, 3}, {3, 1, 1}} {
		if err := CheckCount(tc.units, tc.m, tc.r); err != nil {
			t.Errorf("CheckCount(%d, %d, %d) = %v; want nil", tc.units, tc.m, tc.r, err)
		}
		if err := CheckCount(tc.units, tc.r*tc.units+1, tc.r); err == nil || !strings.Contains(err.Error(), "more than") {
			t.Errorf("CheckCount(%d, %d, %d) = %v; want more than", tc.units, tc.r*tc.units+1, tc.r, err)
		}
		costs := make([]float64, tc.units)
		for i := range costs {
			costs[i] = float64(1 + i%3)
		}
		for i, ids := range AssignReplicas(costs, tc.m, tc.r) {
			if len(ids) == 0 {
				t.Errorf("AssignReplicas(%d units, %d, %d): shard %d is empty", tc.units, tc.m, tc.r, i)
			}
		}
	}
}
