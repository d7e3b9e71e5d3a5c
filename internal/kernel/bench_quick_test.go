package kernel

import (
	"fmt"
	"testing"
)

var sink uint64

func BenchmarkQuickPlain(b *testing.B) {
	for _, n := range []int{13, 14, 15} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				s, nd := Plain(n)
				sink += s
				nodes = nd
			}
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}

func BenchmarkQuickUnits(b *testing.B) {
	for _, n := range []int{13, 14, 15} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			p, _ := NewPlan(n)
			var w Worker
			var nodes uint64
			for b.Loop() {
				nodes = 0
				for i := range p.Units {
					r, _ := w.CountUnit(p, &p.Units[i])
					sink += r.Total
					nodes += r.Nodes
				}
			}
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}
