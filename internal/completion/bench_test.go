package completion

import (
	"context"
	"fmt"
	"testing"
)

var sinkNodes uint64

// benchInstances are excluded-diagonal instances from the hard region
// (n = 20–21, 18–20 diagonals) that the solver decides in 0.1–2 s.
var benchInstances = []struct{ n, k int }{{20, 18}, {21, 18}, {21, 19}, {21, 20}}

func BenchmarkComplete(b *testing.B) {
	for _, in := range benchInstances {
		board, err := ExcludedDiagonals(in.n, in.k, 0)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("diag-n%d-k%d", in.n, in.k), func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				_, st, err := First(context.Background(), board)
				if err != nil {
					b.Fatal(err)
				}
				nodes = st.Nodes
			}
			sinkNodes += nodes
			b.ReportMetric(float64(nodes), "nodes")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
		})
	}
}
