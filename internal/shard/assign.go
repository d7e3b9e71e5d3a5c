package shard

import (
	"container/heap"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
)

// Assign returns, for each of m shards, the ids (indexes into costs) of
// its units in ascending order, by the longest-processing-time rule.
// Every id is in exactly one shard; no shard is empty when m ≤
// len(costs) (FillEmpty). m must be at least 1. It is AssignReplicas
// with r = 1.
func Assign(costs []float64, m int) [][]int { return AssignReplicas(costs, m, 1) }

// AssignReplicas returns, for each of m shards, the ids (indexes into
// costs) of its units in ascending order, every id in exactly r
// different shards: the longest-processing-time rule with replicas.
// Units are taken by cost, largest first (ties by id), and each is given
// to the r shards with the least cost so far. Ties go to the shards in
// the order 0, s, 2s, …, 1, s+1, … with s = ⌈m/r⌉: when r divides m,
// the r shards that count the same units are m/r apart (shards 0 and 4
// of 8, not 0 and 1), so consecutive tasks, which a scheduler often
// places on one machine, do not count the same units. For r = 1 the
// order is 0, 1, 2, …: Assign. No two shards' costs differ by more than
// the largest unit's cost, so none is further than that from the mean
// r·C/m (C the sum of costs), before FillEmpty: when m ≤ r·len(costs)
// no shard is empty (units of cost 0 all go to one shard by the rule
// alone). 1 ≤ r ≤ m must hold.
func AssignReplicas(costs []float64, m, r int) [][]int {
	if r < 1 || r > m {
		panic("shard.AssignReplicas: want 1 ≤ r ≤ m, have r = " + strconv.Itoa(r) + ", m = " + strconv.Itoa(m))
	}
	order := make([]int, len(costs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case costs[a] > costs[b]:
			return -1
		case costs[a] < costs[b]:
			return 1
		}
		return 0
	})
	h := make(loads, m)
	stride := (m + r - 1) / r
	for i := range h {
		h[i].shard = i
		h[i].tie = i%stride*m + i/stride
	}
	heap.Init(&h) // equal costs, ties not in index order
	out := make([][]int, m)
	picked := make([]load, r)
	for _, id := range order {
		// The r least loaded shards, which are distinct: the heap
		// orders by cost, then tie, a total order, so the choice does
		// not depend on the heap's layout.
		for k := range picked {
			picked[k] = heap.Pop(&h).(load)
		}
		for _, l := range picked {
			out[l.shard] = append(out[l.shard], id)
			l.cost += costs[id]
			heap.Push(&h, l)
		}
	}
	for _, ids := range out {
		slices.Sort(ids)
	}
	FillEmpty(out, costs)
	return out
}

// FillEmpty gives each empty shard of out (each a list of unit ids,
// ascending, by shard) one unit, as long as some shard holds two or
// more: for the empty shards in order, the cheapest unit by costs
// (ties: the largest id) of the shard that holds the most units (ties:
// the first). The empty shard held no copy of that unit, so a unit's
// copies stay in different shards; the lists stay ascending. When the
// copies are at least as many as the shards (m ≤ R × units, which
// CheckCount requires), no shard is left empty. The result depends
// only on out and costs: every machine fills the same.
func FillEmpty(out [][]int, costs []float64) {
	for s := range out {
		if len(out[s]) > 0 {
			continue
		}
		d := 0
		for i := range out {
			if len(out[i]) > len(out[d]) {
				d = i
			}
		}
		if len(out[d]) < 2 {
			return // fewer copies than shards
		}
		k := 0
		for j, id := range out[d] {
			if c, best := costs[id], costs[out[d][k]]; c < best || c == best && id > out[d][k] {
				k = j
			}
		}
		out[s] = []int{out[d][k]}
		out[d] = slices.Delete(out[d], k, k+1)
	}
}

type load struct {
	cost  float64
	shard int
	tie   int // the shard's place among equal costs, distinct
}

// loads is a min-heap by cost, then tie: deterministic.
type loads []load

func (h loads) Len() int { return len(h) }
func (h loads) Less(i, j int) bool {
	if h[i].cost != h[j].cost {
		return h[i].cost < h[j].cost
	}
	return h[i].tie < h[j].tie
}
func (h loads) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *loads) Push(x any)   { *h = append(*h, x.(load)) }
func (h *loads) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// Digest returns a short hex digest of a list of unit ids, as written in
// a record: equal lists, equal digests.
func Digest(ids []int) string {
	h := sha256.New()
	var b []byte
	for _, id := range ids {
		b = strconv.AppendInt(b[:0], int64(id), 10)
		b = append(b, '\n')
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// CheckCount returns an error naming the most shards there can be when
// m shards with r replicas of each of units units would leave a shard
// empty by construction: m may be at most r·units (every shard then
// holds at least one unit's copy when costs are positive). Counts,
// plans and merges call it before anything is sized by m, so that a
// shard count from an argument or a record cannot size memory or time.
func CheckCount(units, m, r int) error {
	r = max(r, 1)
	if limit := r * units; m > limit {
		if r == 1 {
			return fmt.Errorf("M = %d is more than the plan's %d units: a count has at most as many shards as units", m, units)
		}
		return fmt.Errorf("M = %d is more than %d replicas × the plan's %d units: a count with replicas has at most R × units shards", m, r, units)
	}
	return nil
}
