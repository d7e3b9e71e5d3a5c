package quadrant

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestLeafKernels compares every assembly block kernel this machine can
// run (leafAVX2 and leafRecAVX2, with the nibble-table popcount and, on
// AVX-512 VPOPCNTDQ, with VPOPCNTQ) with leafGo: 3 to 8 chunks (fewer
// read the padding chunks of smaller tables, as 3 do), 1 to 4
// blocks, first and last blocks cut to random lanes, weighted west
// patterns, west lists read as patterns and as records (placeRecs).
func TestLeafKernels(t *testing.T) {
	if !usePEXT {
		t.Skip("quadrant: the assembly kernels and records need AVX2 and a fast PEXT")
	}
	defer func(v bool) { useVPOP = v }(useVPOP)
	haveVPOP := useVPOP
	r := rand.New(rand.NewPCG(5, 6))
	const d = 40 // 8 chunks of 5 bits
	gen := func(n int, weights bool) []uint64 {
		p := make([]uint64, n)
		for i := range p {
			p[i] = r.Uint64() & r.Uint64() & (1<<d - 1)
			if weights {
				p[i] |= uint64(r.IntN(3)) << weightShift
			}
		}
		return p
	}
	for nb := 1; nb <= 4; nb++ {
		var j joiner
		j.cbits, j.nchunk = 5, 8
		E := gen(nb*blockLanes, false)
		j.buildTables(E)
		W := gen(300, true)
		j.nkey, j.keyBase = 0, 0
		j.wrec, j.ws = j.sortRecs(j.wrec, j.ws, W, 1<<d-1, 0)
		for trial := range 20 {
			lo := r.IntN(blockLanes)
			hi := (nb-1)*blockLanes + 1 + r.IntN(blockLanes)
			if nb == 1 {
				lo = min(lo, hi-1)
			}
			first := laneMask(lo, blockLanes)
			last := laneMask(0, (hi-1)&(blockLanes-1)+1)
			if nb == 1 {
				for q := range 4 {
					first[q] &= last[q]
				}
			}
			for nc := 3; nc <= 8; nc++ {
				// A kernel of nc chunks reads the bits below 5·nc (a
				// leaf's are disjoint above, where the key is settled);
				// leafGo reads every chunk, so it gets the others cleared.
				Wc := make([]uint64, len(W))
				for i, w := range W {
					Wc[i] = w & (1<<(5*nc) - 1 | 3<<weightShift)
				}
				want := leafGo(j.tables[:nb], Wc, 8, 5, &first, &last)
				for _, vpop := range []bool{false, true} {
					if vpop && !haveVPOP {
						continue
					}
					useVPOP = vpop
					name := fmt.Sprintf("blocks=%d,trial=%d,chunks=%d,vpop=%v", nb, trial, nc, vpop)
					if got := leafAVX2(nc, &j.tables[0], nb, &W[0], len(W), &first, &last); got != want {
						t.Errorf("%s: leafAVX2 = %d; want %d", name, got, want)
					}
					if got := leafRecAVX2(nc, &j.tables[0], nb, &j.wrec[0], len(W), &first, &last); got != want {
						t.Errorf("%s: leafRecAVX2 = %d; want %d", name, got, want)
					}
				}
			}
		}
	}
}
