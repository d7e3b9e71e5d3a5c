package quadrant

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkLeafRec compares the block kernel on west patterns and 5-bit
// chunks (7 of them) with the one on west records and 7-bit chunks (5),
// the widths of the same 35 live bits, for kernel calls of 1 to 8
// blocks (a real count averages 2.6), with the popcount of the nibble
// table and, where the CPU has it, of AVX-512 VPOPCNTQ (vpop), on
// patterns of density 1/4 and 1/16 (sparse ones read entry 0 of their
// chunks often, which the strides of the records' tables spread over
// the cache's sets). ns/blockop counts a block per west pattern.
func BenchmarkLeafRec(b *testing.B) {
	if !usePEXT {
		b.Skip("needs AVX2 and a fast PEXT")
	}
	r := rand.New(rand.NewPCG(1, 2))
	const d = 35
	haveVPOP := useVPOP
	for _, sparse := range []bool{false, true} {
		gen := func(n int) []uint64 {
			p := make([]uint64, n)
			for i := range p {
				p[i] = r.Uint64() & r.Uint64() & (1<<d - 1)
				if sparse {
					p[i] &= r.Uint64() & r.Uint64()
				}
			}
			return p
		}
		for _, nb := range []int{1, 2, 4, 8} {
			E, W := gen(nb*256), gen(4096)
			var jp, jr joiner
			jp.cbits, jp.nchunk = 5, 7
			jp.buildTables(E)
			jr.cbits, jr.nchunk, jr.recs = 7, 5, true
			jr.buildTables(E)
			jr.wrec, jr.ws = jr.sortRecs(jr.wrec, jr.ws, W, 1<<d-1, 0)
			first := laneMask(0, 256)
			for _, c := range []struct{ rec, vpop bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
				rec := c.rec
				if c.vpop && !haveVPOP {
					continue
				}
				b.Run(fmt.Sprintf("sparse=%v/blocks=%d/rec=%v/vpop=%v", sparse, nb, rec, c.vpop), func(b *testing.B) {
					defer func(v bool) { useVPOP = v }(useVPOP)
					useVPOP = c.vpop
					for range b.N {
						if rec {
							sink += leafRecAVX2(5, &jr.rtab[0], nb, &jr.wrec[0], len(W), &first, &first)
						} else {
							sink += leafAVX2(7, &jp.tables[0], nb, &W[0], len(W), &first, &first)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*nb*len(W)), "ns/blockop")
				})
			}
		}
	}
}
