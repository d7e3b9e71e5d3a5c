package quadrant

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestJoinRandom compares the join with the double loop on random lists,
// with each kernel and sort this machine has: leafGo and sortByKey
// always; leafAVX2 on amd64 with AVX2, sortPacked with a fast PEXT, and
// the kernels with VPOPCNTQ on AVX-512 VPOPCNTDQ.
func TestJoinRandom(t *testing.T) {
	defer func(a, p, v bool) { useAVX2, usePEXT, useVPOP = a, p, v }(useAVX2, usePEXT, useVPOP)
	def := refinePairs
	defer func() { refinePairs = def }()
	haveAVX2, havePEXT, haveVPOP := useAVX2, usePEXT, useVPOP
	// Each kernel with the default keys, then with every join's key
	// refined (refineKey), which the lists here are too short for by
	// default.
	for _, refined := range []bool{false, true} {
		refinePairs = def
		if refined {
			refinePairs = 0
		}
		for _, a := range []bool{false, true} {
			for _, p := range []bool{false, true} {
				for _, v := range []bool{false, true} {
					if a && !haveAVX2 || p && !havePEXT || v && (!haveVPOP || !a) {
						continue
					}
					useAVX2, usePEXT, useVPOP = a, p, v
					t.Run(fmt.Sprintf("refined=%v,avx2=%v,pext=%v,vpop=%v", refined, a, p, v), testJoinRandom)
				}
			}
		}
	}
}

// randomPatterns returns k patterns of d bits, each bit set with
// probability dens, and with weights a random weight each: bit 62,
// bit 63, both (a weight shift of 2) or neither.
func randomPatterns(r *rand.Rand, k, d int, dens float64, weights bool) []uint64 {
	p := make([]uint64, k)
	for i := range p {
		for b := range d {
			if r.Float64() < dens {
				p[i] |= 1 << b
			}
		}
		if weights {
			p[i] |= uint64(r.IntN(4)) << weightShift
		}
	}
	return p
}

func testJoinRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var j joiner
	for trial := range 200 {
		d := 8 + r.IntN(50)
		nw, ne := r.IntN(3000), r.IntN(3000)
		if trial%10 == 0 {
			nw, ne = r.IntN(20), r.IntN(20)
		}
		dens := 0.2 + 0.4*r.Float64()
		W, E := randomPatterns(r, nw, d, dens, true), randomPatterns(r, ne, d, dens, false)
		if trial%3 == 1 {
			// Bits only one side uses (dead for the join), as a row
			// split leaves them: sortPacked drops them.
			mw, me := r.Uint64()|r.Uint64(), r.Uint64()|r.Uint64()
			for i := range W {
				W[i] &= mw | 3<<weightShift
			}
			for i := range E {
				E[i] &= me
			}
		}
		if got, want := j.count(W, E, d), countScalar(W, E); got != want {
			t.Fatalf("trial %d (d=%d, %d×%d): count = %d; want %d", trial, d, nw, ne, got, want)
		}
	}
}

// TestJoinSettle joins lists wider than a table's chunks hold (40 bits
// of 5-bit chunks; 42 of the records' 7-bit ones) whose key leaves at
// most that below it: the recursion settles the key bits past it
// before any leaf, which then reads the table's chunks (sortPacked). It
// checks that the path is taken and that the counts match the scalar
// join.
func TestJoinSettle(t *testing.T) {
	if !usePEXT {
		t.Skip("quadrant: the settled key bits need BMI2 (sortPacked)")
	}
	defer func(a, v bool) { useAVX2, useVPOP = a, v }(useAVX2, useVPOP)
	have, haveVPOP := useAVX2, useVPOP
	for _, c := range []struct{ a, v bool }{{false, false}, {true, false}, {true, true}} {
		if c.a && !have || c.v && !haveVPOP {
			continue
		}
		useAVX2, useVPOP = c.a, c.v
		t.Run(fmt.Sprintf("avx2=%v,vpop=%v", c.a, c.v), func(t *testing.T) {
			if c.a {
				testJoinSettle(t, 7, 7*recChunks)
			} else {
				testJoinSettle(t, 5, max5)
			}
		})
	}
}

func testJoinSettle(t *testing.T, cb, width int) {
	r := rand.New(rand.NewPCG(3, 4))
	var j joiner
	for trial := range 12 {
		d := width + 1 + trial%6 // the key has 7 bits (6,000 east patterns)
		W, E := randomPatterns(r, 8000, d, 0.15, trial%2 == 0), randomPatterns(r, 6000, d, 0.1, false)
		got, want := j.count(W, E, d), countScalar(W, E)
		if got != want {
			t.Fatalf("trial %d (d=%d): count = %d; want %d", trial, d, got, want)
		}
		if dl := j.keyBase + j.nkey; dl <= width || j.cbits != cb || j.settle >= j.nkey {
			t.Fatalf("trial %d (d=%d): packed width %d, %d-bit chunks, settle %d of %d key bits; want a width past %d in %d-bit chunks with key bits to settle",
				trial, d, dl, j.cbits, j.settle, j.nkey, width, cb)
		}
	}
}

func TestTranspose64(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 50 {
		var a, orig [64]uint64
		for i := range a {
			a[i] = r.Uint64()
			if trial%5 == 0 {
				a[i] &= r.Uint64() & r.Uint64() // sparse
			}
		}
		orig = a
		transpose64(&a)
		for i := range 64 {
			for j := range 64 {
				if got, want := a[i]>>j&1, orig[j]>>i&1; got != want {
					t.Fatalf("trial %d: bit %d of row %d = %d; want bit %d of row %d = %d", trial, j, i, got, i, j, want)
				}
			}
		}
		transpose64(&a)
		if a != orig {
			t.Fatalf("trial %d: transposing twice does not give the matrix back", trial)
		}
	}
}

// TestJoinTableBudget joins lists whose east tables of 7-bit chunks
// would exceed recTableBudget (here 3 tables, 768 patterns): the join
// cuts the east list on key bits into pieces that fit (splitCount),
// each joined in 7-bit chunks, keeps the patterns of its lists, joins
// fewer pairs than the lists hold, and counts what the scalar join does; with a budget below one
// table, into pieces of a block, each joined as a short list (one
// kernel call on 5-bit chunks, no records).
func TestJoinTableBudget(t *testing.T) {
	if !usePEXT {
		t.Skip("quadrant: the records need AVX2 and a fast PEXT")
	}
	defer func(b int) { recTableBudget = b }(recTableBudget)
	r := rand.New(rand.NewPCG(9, 10))
	for _, c := range []struct {
		budget int
		recs   bool
	}{{3 * recTableStride, true}, {recTableStride - 1, false}} {
		recTableBudget = c.budget
		var j joiner
		for trial := range 8 {
			d := 30 + trial
			W, E := randomPatterns(r, 6000, d, 0.2, trial%2 == 0), randomPatterns(r, 3000, d, 0.2, false)
			W0, E0 := slices.Clone(W), slices.Clone(E)
			j.cutPairs = 0
			if got, want := j.count(W, E, d), countScalar(W, E); got != want {
				t.Fatalf("budget %d, trial %d (d=%d): count = %d; want %d", c.budget, trial, d, got, want)
			}
			slices.Sort(W)
			slices.Sort(W0)
			slices.Sort(E)
			slices.Sort(E0)
			if !slices.Equal(W, W0) || !slices.Equal(E, E0) {
				t.Fatalf("budget %d, trial %d: count changed the patterns of its lists", c.budget, trial)
			}
			// The pieces are cut on key bits: the pairs that share a
			// cut bit are never joined (cut by place, every pair is).
			if all := uint64(len(W)) * uint64(len(E)); j.cutPairs == 0 || j.cutPairs > all*7/8 {
				t.Fatalf("budget %d, trial %d: the pieces joined %d of the %d pairs; want some, at most 7/8", c.budget, trial, j.cutPairs, all)
			}
			if j.recs != c.recs || !c.recs && j.cbits != 5 {
				t.Fatalf("budget %d, trial %d (d=%d): records %v, %d-bit chunks; want records %v", c.budget, trial, d, j.recs, j.cbits, c.recs)
			}
			if len(j.rtab) > c.budget/8 {
				t.Fatalf("budget %d, trial %d: records' tables of %d bytes", c.budget, trial, 8*len(j.rtab))
			}
		}
	}
}

// TestJoinChunkSplits joins lists of 26 to 40 live bits, where a leaf
// of the key recursion reads 4 to 6 7-bit chunks (6 to 8 5-bit ones
// without records), with densities that make
// the one-sided leaves of the west keys with a key bit clear (leafW0)
// split on the next key bit to read a chunk fewer. It checks the counts
// against the scalar join and that the split was taken.
func TestJoinChunkSplits(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var j joiner
	splits := 0
	for trial := range 40 {
		d := 26 + r.IntN(15)
		nw, ne := 4000+r.IntN(8000), 1000+r.IntN(4000)
		dw, de := 0.05+0.4*r.Float64(), 0.05+0.4*r.Float64()
		W, E := randomPatterns(r, nw, d, dw, trial%2 == 0), randomPatterns(r, ne, d, de, false)
		if got, want := j.count(W, E, d), countScalar(W, E); got != want {
			t.Fatalf("trial %d (d=%d, %d×%d, densities %.2f, %.2f): count = %d; want %d", trial, d, nw, ne, dw, de, got, want)
		}
		splits += j.splitW0
		j.splitW0 = 0
	}
	if usePEXT && splits == 0 {
		// Without BMI2 the patterns are not packed with the key on top
		// (sortPacked), and every leaf reads all chunks.
		t.Errorf("leaves split by leafW0: 0; want some")
	}
}

// TestSortRecs checks the west records' counting sort (keyStarts, then
// placeRecs or, for lists of keyCounts2Min and more, keyCounts2 and
// placeRecs2) on lists of odd and even lengths around the switch: each
// key's bucket must hold exactly the records of the patterns with that
// key, a record being 7-bit chunk c of the packed pattern in bits 1..7
// of byte c and the weight in bits 0, 1 of byte 7.
func TestSortRecs(t *testing.T) {
	if !usePEXT {
		t.Skip("quadrant: the records need AVX2 and a fast PEXT")
	}
	r := rand.New(rand.NewPCG(7, 8))
	const d = 36
	key := []uint8{30, 4, 17} // key bit t is pattern bit key[t]
	var kmask uint64
	for _, b := range key {
		kmask |= 1 << b
	}
	live := uint64(1<<d-1) &^ kmask &^ (1 << 9) // bit 9 dead
	for _, n := range []int{1, 2, 3, keyCounts2Min - 1, keyCounts2Min, keyCounts2Min + 1, 1000, 1001} {
		var j joiner
		j.setPerm(key, kmask)
		j.keyBase = bits.OnesCount64(live)
		W := randomPatterns(r, n, d, 0.4, true)
		recs, starts := j.sortRecs(nil, nil, W, live, kmask)
		want := make(map[uint32][]uint64)
		for _, p := range W {
			var k uint32
			for t, b := range key {
				k |= uint32(p>>b&1) << t
			}
			packed := pext(p, live) | uint64(k)<<j.keyBase
			var rec uint64
			for c := range recChunks {
				rec |= (packed >> (7 * c) & 127) << (8*c + 1)
			}
			rec |= uint64(bits.OnesCount64(p>>weightShift)) << 56
			want[k] = append(want[k], rec)
		}
		for k := range uint32(1 << len(key)) {
			got := slices.Clone(recs[starts[k]:starts[k+1]])
			w := want[k]
			slices.Sort(got)
			slices.Sort(w)
			if !slices.Equal(got, w) {
				t.Errorf("n=%d key %03b: bucket [%d, %d) holds %d records %x; want %d %x", n, k, starts[k], starts[k+1], len(got), got, len(w), w)
			}
		}
		if int(starts[1<<len(key)]) != n {
			t.Errorf("n=%d: the buckets end at %d", n, starts[1<<len(key)])
		}
	}
}

// pext is PEXT in Go: the bits of x under mask, packed to the bottom.
func pext(x, mask uint64) uint64 {
	var out uint64
	for i := 0; mask != 0; mask &= mask - 1 {
		if x&(mask&-mask) != 0 {
			out |= 1 << i
		}
		i++
	}
	return out
}

// TestKeyStartsOR checks the OR of the patterns that the keys' counting
// pass returns (sortPacked takes the live bits from it: a bit missed
// would be packed away and the pairs meeting on it counted as
// disjoint), with one counter array and with two (keyCounts2), for a
// bit set in one pattern only, at even and odd places and last.
func TestKeyStartsOR(t *testing.T) {
	if !usePEXT {
		t.Skip("quadrant: keyCounts needs AVX2 and a fast PEXT")
	}
	r := rand.New(rand.NewPCG(9, 10))
	key := []uint8{3, 11}
	kmask := uint64(1<<3 | 1<<11)
	for _, n := range []int{1, 2, 3, keyCounts2Min - 1, keyCounts2Min, keyCounts2Min + 1, 1000, 1001} {
		for _, at := range []int{0, 1, n / 2, n - 2, n - 1} {
			if at < 0 || at >= n {
				continue
			}
			var j joiner
			j.setPerm(key, kmask)
			W := randomPatterns(r, n, 36, 0.3, true)
			W[at] |= 1 << 50
			var want uint64
			for _, w := range W {
				want |= w
			}
			_, _, _, got, _ := j.keyStarts(nil, nil, nil, W, kmask)
			if got != want {
				t.Errorf("n=%d, bit 50 at %d: OR = %#x; want %#x", n, at, got, want)
			}
		}
	}
}

// sortRecs sorts in by key (the bits of kmask, as setPerm ordered them)
// into west records, as sortPacked does with its two passes (keyStarts,
// placeRecsAt), and returns them and the bucket starts.
func (j *joiner) sortRecs(dst []uint64, start []int32, in []uint64, live, kmask uint64) ([]uint64, []int32) {
	cnt, cur2, kin, _, split := j.keyStarts(start, j.wcur2, j.kin, in, kmask)
	j.kin, j.wcur2 = kin, cur2
	if !split {
		cur2 = nil
	}
	return j.placeRecsAt(dst, cnt, cur2, kin, in, live)
}
