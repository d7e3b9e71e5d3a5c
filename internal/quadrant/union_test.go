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
}
