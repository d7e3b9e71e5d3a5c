package quadrant

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestLeafKernels compares every assembly block kernel this machine can
// run (leafAVX2 and leafRecAVX2, with the nibble-table popcount and, on
// AVX-512 VPOPCNTDQ, with VPOPCNTQ) with leafGo and the scalar count:
// 3 to 8 5-bit chunks and 3 to 6 7-bit ones (fewer read the padding
// chunks, as 3 do), 1 to 4 blocks, first and last blocks cut to random
// lanes, weighted west patterns, west lists read as patterns and as
// records (placeRecs).
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
				p[i] |= uint64(r.IntN(4)) << weightShift
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
		for trial := range 20 {
			_, _, first, last := randomLanes(r, nb)
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
				}
			}
		}
	}
	// Records of 7-bit chunks against the tables of their stride.
	const d7 = 7 * recChunks
	for nb := 1; nb <= 4; nb++ {
		var j joiner
		j.cbits, j.nchunk, j.recs = 7, recChunks, true
		E := gen(nb*blockLanes, false)
		for i := range E {
			E[i] |= r.Uint64() & r.Uint64() & (1<<d7 - 1) &^ (1<<d - 1)
		}
		j.buildTables(E)
		W := gen(300, true)
		for i := range W {
			W[i] |= r.Uint64() & r.Uint64() & (1<<d7 - 1) &^ (1<<d - 1)
		}
		j.nkey, j.keyBase = 0, 0
		j.wrec, j.ws = j.sortRecs(j.wrec, j.ws, W, 1<<d7-1, 0)
		for trial := range 20 {
			lo, hi, first, last := randomLanes(r, nb)
			for nc := 3; nc <= recChunks; nc++ {
				Wc := make([]uint64, len(W))
				for i, w := range W {
					Wc[i] = w & (1<<(7*nc) - 1 | 3<<weightShift)
				}
				want := countScalar(Wc, E[lo:hi])
				for _, vpop := range []bool{false, true} {
					if vpop && !haveVPOP {
						continue
					}
					useVPOP = vpop
					name := fmt.Sprintf("records, blocks=%d,trial=%d,chunks=%d,vpop=%v", nb, trial, nc, vpop)
					if got := leafRecAVX2(nc, &j.rtab[0], nb, &j.wrec[0], len(W), &first, &last); got != want {
						t.Errorf("%s: leafRecAVX2 = %d; want %d", name, got, want)
					}
				}
			}
		}
	}
}

// randomLanes draws the lanes [lo, hi) of nb blocks that a kernel call
// reads: first and last cut the first and last blocks to them (first
// holds both when nb is 1).
func randomLanes(r *rand.Rand, nb int) (lo, hi int, first, last [4]uint64) {
	lo = r.IntN(blockLanes)
	hi = (nb-1)*blockLanes + 1 + r.IntN(blockLanes)
	if nb == 1 {
		lo = min(lo, hi-1)
	}
	first = laneMask(lo, blockLanes)
	last = laneMask(0, (hi-1)&(blockLanes-1)+1)
	if nb == 1 {
		for q := range 4 {
			first[q] &= last[q]
		}
	}
	return lo, hi, first, last
}

// TestChunkRows compares the assembly's chunk entries (chunkRows) with
// the Go loop's (chunkRowsGo) for random bit planes and 1 to 8 chunks:
// the kernels read both alike, so only this test tells them apart.
func TestChunkRows(t *testing.T) {
	if !useAVX2 {
		t.Skip("quadrant: chunkRows needs AVX2")
	}
	r := rand.New(rand.NewPCG(11, 12))
	for nc := 1; nc <= 8; nc++ {
		var planes [64][4]uint64
		for b := range planes {
			for q := range planes[b] {
				planes[b][q] = r.Uint64() & r.Uint64()
			}
		}
		var got, want block
		chunkRows(&got, &planes, nc)
		chunkRowsGo(&want, &planes, nc, 5)
		for e := range 32 * nc {
			if got[e] != want[e] {
				t.Errorf("nc=%d: chunk %d entry %d = %x; want %x", nc, e/32, e%32, got[e], want[e])
			}
		}
		if nc < 8 && got[32*nc] != ([4]uint64{}) {
			t.Errorf("nc=%d: chunkRows wrote past its chunks", nc)
		}
	}
	// chunkRows7: entry v of chunk c from byte recChunkStride·c + 32v,
	// the lanes with none of the bits v<<7c.
	for nc := 1; nc <= recChunks; nc++ {
		var planes [64][4]uint64
		for b := range planes {
			for q := range planes[b] {
				planes[b][q] = r.Uint64() & r.Uint64()
			}
		}
		tab := make([]uint64, recTableStride/8)
		chunkRows7(&tab[0], &planes, nc)
		for c := range recChunks {
			for v := range 128 {
				var want [4]uint64
				if c < nc {
					want = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
					for b := range 7 {
						if v>>b&1 != 0 {
							for q := range 4 {
								want[q] &^= planes[7*c+b][q]
							}
						}
					}
				}
				if got := [4]uint64(tab[(c*recChunkStride+32*v)/8:]); got != want {
					t.Errorf("nc=%d: chunkRows7 chunk %d entry %d = %x; want %x", nc, c, v, got, want)
				}
			}
		}
	}
}

// TestTranspose4 compares the bit planes of transpose4 with the Go
// transposes' (planesGo) for blocks of 16 to 256 patterns, and checks
// one bit against its definition.
func TestTranspose4(t *testing.T) {
	if !useAVX2 {
		t.Skip("quadrant: transpose4 needs AVX2")
	}
	r := rand.New(rand.NewPCG(13, 14))
	for _, n := range []int{16, 17, 64, 100, 200, 255, 256} {
		var j joiner
		ps := make([]uint64, n)
		for i := range ps {
			ps[i] = r.Uint64() &^ (3 << weightShift)
		}
		var in [256]uint64
		copy(in[:], ps)
		var got, want [64][4]uint64
		transpose4(&got, &in)
		j.planesGo(&want, ps)
		if got != want {
			t.Errorf("n=%d: transpose4 and planesGo differ", n)
		}
		i := r.IntN(n)
		b := r.IntN(62)
		if g, w := got[b][i/64]>>(i%64)&1, ps[i]>>b&1; g != w {
			t.Errorf("n=%d: plane %d, pattern %d: bit %d; want %d", n, b, i, g, w)
		}
	}
}
