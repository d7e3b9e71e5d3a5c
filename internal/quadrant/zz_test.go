package quadrant

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

func TestZZShards(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	m, _ := strconv.Atoi(os.Getenv("ZZM"))
	w, _ := strconv.Atoi(os.Getenv("ZZW"))
	l, _ := strconv.Atoi(os.Getenv("ZZL"))
	up, _ := NewUnitPlan(n)
	all, _ := up.ForUnits(nil)
	var mx uint64
	for i, ids := range up.Shards(m, 1) {
		sp, _ := all.ForUnits(ids)
		r, _ := sp.PlanMemory(Options{Workers: w, MaxMemory: uint64(l) << 20})
		ls := map[int]int{}
		var c float64
		for _, id := range ids {
			ls[up.units[id].Layer()]++
			c += float64(up.units[id].Cost)
		}
		mx = max(mx, r.PeakMemory)
		fmt.Printf("shard %2d units %4d layers %v cost %.3g peak %.0f frame %.0f worker %.0f proj %v workers %d\n", i, len(ids), ls, c, float64(r.PeakMemory)/(1<<20), float64(sp.FrameBytes())/(1<<20), float64(sp.WorkerBytes())/(1<<20), r.Projected, r.Workers)
	}
	fmt.Printf("max %.0f MiB\n", float64(mx)/(1<<20))
}
