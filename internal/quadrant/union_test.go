package quadrant

import (
	"math/rand/v2"
	"testing"
)

// unionDisjointGo is the reference for unionDisjoint and
// unionDisjointAVX2.
func unionDisjointGo(o, b []uint64, pa uint64) int {
	k := 0
	for _, p := range b {
		o[k] = pa | p
		if pa&p == 0 {
			k++
		}
	}
	return k
}

func TestUnionDisjoint(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this machine: appendHalfProj uses the Go loop only")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 500 {
		n := 1 + r.IntN(40)
		b := make([]uint64, n)
		for i := range b {
			b[i] = r.Uint64() & r.Uint64() & r.Uint64()
		}
		pa := r.Uint64() & r.Uint64() & r.Uint64()
		want := make([]uint64, n)
		got := make([]uint64, n)
		kw := unionDisjointGo(want, b, pa)
		kg := unionDisjointAVX2(&got[0], &b[0], n, pa)
		if kg != kw {
			t.Fatalf("trial %d (n=%d): kept %d; want %d", trial, n, kg, kw)
		}
		for i := range kw {
			if got[i] != want[i] {
				t.Fatalf("trial %d (n=%d): o[%d] = %#x; want %#x", trial, n, i, got[i], want[i])
			}
		}
	}
}

func BenchmarkUnionDisjoint(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	src := make([]uint64, 200)
	for i := range src {
		src[i] = r.Uint64() & r.Uint64() & r.Uint64() & r.Uint64()
	}
	pa := r.Uint64() & r.Uint64() & r.Uint64() & r.Uint64()
	o := make([]uint64, len(src))
	b.Run("go", func(b *testing.B) {
		for range b.N {
			sink += uint64(unionDisjointGo(o, src, pa))
		}
	})
	if useAVX2 {
		b.Run("avx2", func(b *testing.B) {
			for range b.N {
				sink += uint64(unionDisjointAVX2(&o[0], &src[0], len(src), pa))
			}
		})
	}
	if useAVX512 {
		b.Run("avx512", func(b *testing.B) {
			for range b.N {
				sink += uint64(unionAll512(&o[0], &pa, 1, &src[0], len(src)))
			}
		})
	}
	// A cell of a count: 14 patterns against 14 (N = 21 averages about
	// 200 pairs a cell), a call per outer pattern or one in all.
	outer, inner := src[:14], src[100:114]
	cell := make([]uint64, len(outer)*len(inner))
	if useAVX2 {
		b.Run("cell/avx2", func(b *testing.B) {
			for range b.N {
				n := 0
				for _, p := range outer {
					n += unionDisjointAVX2(&cell[n], &inner[0], len(inner), p)
				}
				sink += uint64(n)
			}
		})
	}
	if useAVX512 {
		b.Run("cell/avx512", func(b *testing.B) {
			for range b.N {
				sink += uint64(unionAll512(&cell[0], &outer[0], len(outer), &inner[0], len(inner)))
			}
		})
	}
}

// TestUnionAll512 compares unionAll512 with unionDisjointGo run for
// each pattern of the outer list, for lists of 1 to 40 patterns (whole
// groups of eight, a masked tail, or both).
func TestUnionAll512(t *testing.T) {
	if !useAVX512 {
		t.Skip("quadrant: unionAll512 needs AVX-512 F and DQ")
	}
	r := rand.New(rand.NewPCG(7, 8))
	gen := func(n int) []uint64 {
		p := make([]uint64, n)
		for i := range p {
			p[i] = r.Uint64() & r.Uint64() & r.Uint64()
		}
		return p
	}
	for trial := range 500 {
		na, nb := 1+r.IntN(12), 1+r.IntN(40)
		a, b := gen(na), gen(nb)
		want := make([]uint64, na*nb)
		n := 0
		for _, pa := range a {
			n += unionDisjointGo(want[n:], b, pa)
		}
		got := make([]uint64, na*nb)
		if k := unionAll512(&got[0], &a[0], na, &b[0], nb); k != n {
			t.Fatalf("trial %d (%d×%d): kept %d; want %d", trial, na, nb, k, n)
		}
		for i := range n {
			if got[i] != want[i] {
				t.Fatalf("trial %d (%d×%d): o[%d] = %#x; want %#x", trial, na, nb, i, got[i], want[i])
			}
		}
	}
}
