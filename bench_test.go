package nqueens

import (
	"context"
	"fmt"
	"testing"
)

var benchSink Uint128

// BenchmarkCount times Count on all cores and reports nodes/s and
// solutions/s; compare methods and N with benchstat.
func BenchmarkCount(b *testing.B) {
	for _, n := range []int{10, 12, 14} {
		for _, m := range []Method{MethodKernel, MethodArrays} {
			b.Run(fmt.Sprintf("n=%d/%s", n, m), func(b *testing.B) {
				b.ReportAllocs()
				var nodes, sols uint64
				for b.Loop() {
					res, err := Count(context.Background(), n, CountOptions{Method: m})
					if err != nil {
						b.Fatal(err)
					}
					nodes += res.Nodes
					sols += res.Solutions.Lo
					benchSink = res.Solutions
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
				b.ReportMetric(float64(sols)/b.Elapsed().Seconds(), "solutions/s")
			})
		}
	}
}

// BenchmarkSolutions times the lazy enumeration, one Placement per
// solution (the allocation the consumer keeps).
func BenchmarkSolutions(b *testing.B) {
	b.ReportAllocs()
	var sols uint64
	for b.Loop() {
		seq, _ := Solutions(context.Background(), 10, SolveOptions{})
		for range seq.All() {
			sols++
		}
	}
	b.ReportMetric(float64(sols)/b.Elapsed().Seconds(), "solutions/s")
}
