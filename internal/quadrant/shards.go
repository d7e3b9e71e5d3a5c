package quadrant

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/nqueens/nqueens/internal/shard"
)

// Shards returns, for each of m shards, the IDs of its units in ascending
// order, every unit in exactly r different shards (1 ≤ r ≤ m; r = 1: each
// unit once). Every shard takes an equal share of every layer: the units
// of a layer are ordered by frame, then ID, laid out r times end to end
// with widths from their costs, and that line is cut into m equal
// segments; a unit goes to the segment that holds its middle, each copy
// of it. So in every layer a shard's cost is within one unit's cost of
// the layer's mean, r·C_layer/m, and the r copies of a unit are C_layer
// apart on its line, further than a segment is long, hence in r
// different shards. A shard thus has the same mix of layers as the
// whole count: the cost model's error, which differs by layer (see
// "Unit costs" in doc.go), is the same for every shard. The units of a
// frame and layer, which share a projected table, stay together but
// for the segments' ends.
//
// A unit wider than a segment leaves the segments it covers without its
// middle; a shard whose segment is so covered in every layer would be
// empty (N = 12 with 19 shards, 36 of 4000 at N = 28). Such a shard
// then gets the cheapest unit of the shard with the most units
// (shard.FillEmpty), which leaves that shard up to one more unit's cost
// below its layer's mean: when m ≤ r·units no shard is empty. The
// result depends only on the plan (units and costs) and m, r.
func (p *Plan) Shards(m, r int) [][]int {
	if r < 1 || r > m {
		panic(fmt.Sprintf("quadrant: Shards(%d, %d): want 1 ≤ r ≤ m", m, r))
	}
	out := make([][]int, m)
	if len(p.units) == 0 {
		return out
	}
	order := make([]int, len(p.units))
	var maxCost uint64
	for i, u := range p.units {
		order[i] = i
		maxCost = max(maxCost, u.Cost)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ua, ub := p.units[a], p.units[b]
		if la, lb := ua.Layer(), ub.Layer(); la != lb {
			return la - lb
		}
		return ua.Frame - ub.Frame // then by ID: a stable sort of IDs
	})
	// Integer widths, at least 1 and below 2^32, so that r·m times a
	// layer's line fits the 128-bit product below.
	shift := max(0, bits.Len64(maxCost)-32)
	width := func(u Unit) uint64 { return 1 + u.Cost>>shift }
	for len(order) > 0 {
		layer := p.units[order[0]].Layer()
		k := 1
		for k < len(order) && p.units[order[k]].Layer() == layer {
			k++
		}
		var total uint64
		for _, id := range order[:k] {
			total += width(p.units[id])
		}
		div := 2 * uint64(r) * total // the layer's line, in half widths
		var x uint64                 // start of the unit on the line, in half widths
		for _, id := range order[:k] {
			w := width(p.units[id])
			for i := range uint64(r) {
				mid := x + w + 2*i*total
				hi, lo := bits.Mul64(mid, uint64(m))
				s, _ := bits.Div64(hi, lo, div)
				out[s] = append(out[s], id)
			}
			x += 2 * w
		}
		order = order[k:]
	}
	costs := make([]float64, len(p.units))
	for _, ids := range out {
		slices.Sort(ids)
	}
	for i, u := range p.units {
		costs[i] = float64(u.Cost)
	}
	shard.FillEmpty(out, costs)
	return out
}
