package kernel

import (
	"fmt"
	"testing"
)

// sink keeps the compiler from deleting the work of a benchmark.
var sink uint64

// BenchmarkCount counts every unit of the plan of N with one worker
// (planning excluded) and reports the rates: nodes (queens placed) and
// solutions per second. Compare with BenchmarkPlain of the same N.
func BenchmarkCount(b *testing.B) {
	for _, n := range []int{10, 12, 14, 15} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			p, err := NewPlan(n)
			if err != nil {
				b.Fatal(err)
			}
			var w Worker
			// The first unit allocates the Worker's wave buffers, once.
			w.CountUnit(p, &p.Units[0])
			var total, nodes uint64
			b.ReportAllocs()
			for b.Loop() {
				total, nodes = 0, 0
				for i := range p.Units {
					r, _ := w.CountUnit(p, &p.Units[i])
					total += r.Total
					nodes += r.Nodes
				}
				sink += total
			}
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(nodes)/sec, "nodes/s")
			b.ReportMetric(float64(total)/sec, "solutions/s")
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}

// BenchmarkPlain is the baseline: a plain iterative bitboard search
// of the whole board, no symmetry.
func BenchmarkPlain(b *testing.B) {
	for _, n := range []int{10, 12, 14, 15} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			var total, nodes uint64
			b.ReportAllocs()
			for b.Loop() {
				total, nodes = Plain(n)
				sink += total
			}
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(nodes)/sec, "nodes/s")
			b.ReportMetric(float64(total)/sec, "solutions/s")
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}

// BenchmarkNewPlan measures planning, which every Count pays first.
func BenchmarkNewPlan(b *testing.B) {
	for _, n := range []int{14, 17} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p, _ := NewPlan(n)
				sink += uint64(len(p.Units))
			}
		})
	}
}
