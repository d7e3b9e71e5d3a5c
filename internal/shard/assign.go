package shard

import (
	"container/heap"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
)

// Assign returns, for each of m shards, the ids (indexes into costs) of
// its units in ascending order, by the longest-processing-time rule.
// Every id is in exactly one shard; a shard may be empty when m exceeds
// len(costs). m must be at least 1.
func Assign(costs []float64, m int) [][]int {
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
	for i := range h {
		h[i].shard = i
	}
	out := make([][]int, m)
	for _, id := range order {
		out[h[0].shard] = append(out[h[0].shard], id)
		h[0].cost += costs[id]
		heap.Fix(&h, 0)
	}
	for _, ids := range out {
		slices.Sort(ids)
	}
	return out
}

type load struct {
	cost  float64
	shard int
}

// loads is a min-heap by cost, then shard index: deterministic.
type loads []load

func (h loads) Len() int { return len(h) }
func (h loads) Less(i, j int) bool {
	if h[i].cost != h[j].cost {
		return h[i].cost < h[j].cost
	}
	return h[i].shard < h[j].shard
}
func (h loads) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *loads) Push(any)     { panic("unused") }
func (h *loads) Pop() any     { panic("unused") }

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
