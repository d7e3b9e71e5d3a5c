package quadrant

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkLeafRec compares the block kernel on west patterns with the
// one on west records, for kernel calls of 1 to 4 blocks (a real count
// averages 2.6), 7 chunks, with the popcount of the nibble table and,
// where the CPU has it, of AVX-512 VPOPCNTQ (vpop). ns/blockop counts a
// block per west pattern.
func BenchmarkLeafRec(b *testing.B) {
	if !usePEXT {
		b.Skip("needs AVX2 and a fast PEXT")
	}
	r := rand.New(rand.NewPCG(1, 2))
	gen := func(n int) []uint64 {
		p := make([]uint64, n)
		for i := range p {
			p[i] = r.Uint64() & r.Uint64() & (1<<34 - 1)
		}
		return p
	}
	live := uint64(1<<34 - 1)
	haveVPOP := useVPOP
	for _, nb := range []int{1, 2, 4} {
		var j joiner
		j.cbits, j.nchunk = 5, 7
		j.buildTables(gen(nb * 256))
		W := gen(4096)
		j.nkey = 0
		j.wrec, j.ws = j.sortRecs(j.wrec, j.ws, W, live, 0)
		first := laneMask(0, 256)
		for _, c := range []struct{ rec, vpop bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
			rec := c.rec
			if c.vpop && !haveVPOP {
				continue
			}
			b.Run(fmt.Sprintf("blocks=%d/rec=%v/vpop=%v", nb, rec, c.vpop), func(b *testing.B) {
				defer func(v bool) { useVPOP = v }(useVPOP)
				useVPOP = c.vpop
				for range b.N {
					if rec {
						sink += leafRecAVX2(7, &j.tables[0], nb, &j.wrec[0], len(W), &first, &first)
					} else {
						sink += leafAVX2(7, &j.tables[0], nb, &W[0], len(W), &first, &first)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*nb*len(W)), "ns/blockop")
			})
		}
	}
}
