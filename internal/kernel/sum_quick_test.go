package kernel

import (
	"testing"
	"time"
)

func TestQuickSum(t *testing.T) {
	for n := 0; n <= 16; n++ {
		p, _ := NewPlan(n)
		var w Worker
		var tot, uq, nodes uint64
		st := time.Now()
		for i := range p.Units {
			r, _ := w.CountUnit(p, &p.Units[i])
			tot += r.Total
			uq += r.Unique
			nodes += r.Nodes
		}
		t.Logf("n=%d units=%d total=%d unique=%d nodes=%d %v", n, len(p.Units), tot, uq, nodes, time.Since(st))
	}
}
