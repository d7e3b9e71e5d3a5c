package shard

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/tally"
)

// TestCheckWhichUnits: a shard that lists another shard's unit instead
// of one of its own, with its digest and sums recomputed (a record valid
// by itself, with as many units as the plan gives it), is refused by
// Check with ErrSet naming the record: merged, it would count one unit
// twice and one not at all. Checking only the number of a shard's units
// lets it through. For one copy of each unit and for two, kernel and
// quadrant records.
func TestCheckWhichUnits(t *testing.T) {
	costs := make([]float64, 24)
	for k := range costs {
		costs[k] = float64(k%5 + 1)
	}
	plan := func(string, int) (Plan, error) {
		return Plan{Version: "which-v1", Digest: "plan-w", Costs: costs}, nil
	}
	unit := func(method string, id int) tally.UnitResult {
		u := tally.UnitResult{ID: id, Total: uint64(id+1) * 8}
		if method == "" {
			u.Unique, u.Nodes = uint64(id+1), 50
		}
		return u
	}
	for _, c := range []struct {
		method string
		m, r   int
	}{
		{"", 4, 1}, {MethodQuadrant, 4, 1}, {"", 4, 2}, {MethodQuadrant, 3, 2},
	} {
		name := fmt.Sprintf("method %q, %d shards, %d copies", c.method, c.m, c.r)
		assign := AssignReplicas(costs, c.m, c.r)
		build := func(i int, ids []int) Named {
			var units []tally.UnitResult
			for _, id := range ids {
				units = append(units, unit(c.method, id))
			}
			return Named{NewReplicas(c.method, 8, "which-v1", "plan-w", i, c.m, c.r, units), fmt.Sprintf("w%d", i)}
		}
		var set []Named
		for i, ids := range assign {
			set = append(set, build(i, ids))
		}
		if _, err := Check(set, plan); err != nil {
			t.Fatalf("%s: the untampered set: %v", name, err)
		}
		// Shard 0 lists a unit of shard 1 that it does not hold instead
		// of its own first unit.
		other := -1
		for _, id := range assign[1] {
			if !slices.Contains(assign[0], id) {
				other = id
				break
			}
		}
		if other < 0 {
			t.Fatalf("%s: shard 1 holds no unit that shard 0 lacks", name)
		}
		ids := append([]int{other}, assign[0][1:]...)
		slices.Sort(ids)
		bad := slices.Clone(set)
		bad[0] = build(0, ids)
		if err := bad[0].Check(); err != nil {
			t.Fatalf("%s: the tampered record is not valid by itself: %v", name, err)
		}
		if len(bad[0].Units) != len(assign[0]) {
			t.Fatalf("%s: the tampered record holds %d units; want %d", name, len(bad[0].Units), len(assign[0]))
		}
		m, err := Check(bad, plan)
		if !errors.Is(err, ErrSet) || !strings.Contains(err.Error(), "w0") {
			t.Errorf("%s: shard 0 with unit %d of shard 1 instead of unit %d: Check = %v solutions, error %v; want ErrSet naming w0",
				name, other, assign[0][0], m.Solutions, err)
		}
	}
}
