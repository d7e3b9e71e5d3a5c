package minconf

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"
)

var sink int32

func BenchmarkSolve(b *testing.B) {
	for _, n := range []int{1_000_000, 10_000_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			var st Stats
			seed := uint64(0)
			for b.Loop() {
				p, s, err := Solve(context.Background(), n, seed)
				if err != nil {
					b.Fatal(err)
				}
				sink += p[0]
				st = s
				seed++
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/queen")
			b.ReportMetric(float64(st.Tries)/float64(n), "tries/queen")
		})
	}
}

func BenchmarkShuffle(b *testing.B) {
	perm := make([]int32, 1_000_000)
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		shuffle(perm, rng)
	}
	sink += perm[0]
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(perm)), "ns/queen")
}
