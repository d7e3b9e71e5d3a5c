package quadrant

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestBitCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 15, 16, 17, 31, 32, 63, 64, 65, 100, 256, 257, 511} {
		ps := make([]uint64, n)
		for i := range ps {
			ps[i] = r.Uint64() & r.Uint64()
			if n == 511 && i%2 == 0 {
				ps[i] = ^uint64(0) // counts near the 511 bound
			}
		}
		var got, want [64]int32
		got[3] = 7 // bitCounts adds
		want[3] = 7
		bitCounts(&got, ps)
		for _, p := range ps {
			for b := range 64 {
				want[b] += int32(p >> b & 1)
			}
		}
		if got != want {
			t.Errorf("bitCounts of %d patterns = %v; want %v", n, got, want)
		}
	}
}

func TestSampleOf(t *testing.T) {
	for _, n := range []int{0, 1, 255, 256, 257, 1000, 100000} {
		ps := make([]uint64, n)
		for i := range ps {
			ps[i] = uint64(i)
		}
		var dst [sample]uint64
		got := sampleOf(&dst, ps)
		if n <= sample {
			if len(got) != n || n > 0 && &got[0] != &ps[0] {
				t.Errorf("sampleOf(%d patterns): %d patterns, not the list itself", n, len(got))
			}
			continue
		}
		if len(got) != sample {
			t.Fatalf("sampleOf(%d patterns) has %d; want %d", n, len(got), sample)
		}
		// Spread evenly: the first pattern, then steps of n/sample
		// (rounded down or up), the last within a step of the end.
		lo, hi := uint64(n/sample), uint64((n+sample-1)/sample)
		for i := 1; i < sample; i++ {
			if step := got[i] - got[i-1]; step < lo || step > hi {
				t.Fatalf("sampleOf(%d patterns): step %d at %d; want %d to %d", n, step, i, lo, hi)
			}
		}
		if got[0] != 0 || uint64(n)-got[sample-1] > hi {
			t.Errorf("sampleOf(%d patterns) runs from %d to %d; want 0 to within %d of %d", n, got[0], got[sample-1], hi, n)
		}
	}
}

// TestRefineKey: bits 0 and 1 are the densest and always set together,
// so a split on one drops every pair the other would: the refined key
// takes bit 0, then bit 2, which the densities put third, and bit 1
// drops no pair after those.
func TestRefineKey(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	gen := func(k int) []uint64 {
		ps := make([]uint64, k)
		for i := range ps {
			if r.IntN(4) != 0 {
				ps[i] |= 3 // bits 0 and 1, density 3/4
			}
			if r.IntN(3) != 0 {
				ps[i] |= 4 // bit 2, density 2/3
			}
		}
		return ps
	}
	ws, es := gen(200), gen(150)
	rel := []int{0, 1, 2, 3}
	refineKey(rel, ws, es, 4)
	if want := []int{0, 2, 1, 3}; !slices.Equal(rel, want) {
		t.Errorf("refineKey = %v; want %v", rel, want)
	}
	// maxL bounds the bits chosen: one level leaves the rest alone.
	rel = []int{1, 0, 3, 2}
	refineKey(rel, ws, es, 1)
	if want := []int{1, 0, 3, 2}; !slices.Equal(rel, want) {
		t.Errorf("refineKey with maxL 1 = %v; want %v", rel, want)
	}
}

// TestRefineKeyGreedy compares refineKey with the greedy choice made
// pair by pair on random samples of up to sample patterns.
func TestRefineKeyGreedy(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for trial := range 60 {
		d := 4 + r.IntN(40)
		nw, ne := 1+r.IntN(sample), 1+r.IntN(sample)
		dens := 0.1 + 0.6*r.Float64()
		ws := randomPatterns(r, nw, d, dens, false)
		es := randomPatterns(r, ne, d, dens, false)
		// Correlated bits, as a queen's two diagonals are: bit b+1
		// copies bit b in a third of the patterns.
		for _, ps := range [][]uint64{ws, es} {
			for i := range ps {
				if r.IntN(3) == 0 {
					ps[i] |= ps[i] & (1<<(d-1) - 1) << 1
				}
			}
		}
		rel := r.Perm(d)
		maxL := 1 + r.IntN(maxKey)
		want := slices.Clone(rel)
		var used uint64
		for t := 0; t < maxL && t < d; t++ {
			best, most := t, 0
			for c := t; c < d; c++ {
				b := want[c]
				dropped := 0
				for _, w := range ws {
					for _, e := range es {
						if w&e&used == 0 && w&e>>b&1 != 0 {
							dropped++
						}
					}
				}
				if dropped > most {
					best, most = c, dropped
				}
			}
			if most == 0 {
				break
			}
			b := want[best]
			want = slices.Insert(slices.Delete(want, best, best+1), t, b)
			used |= 1 << b
		}
		got := slices.Clone(rel)
		refineKey(got, ws, es, maxL)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d (d=%d, %d×%d, maxL %d): refineKey(%v) = %v; want %v", trial, d, nw, ne, maxL, rel, got, want)
		}
	}
}

// BenchmarkRefineKey refines a key of 12 bits among 42 on two full
// samples of density 0.4, as the longest joins of N = 23 do.
func BenchmarkRefineKey(b *testing.B) {
	r := rand.New(rand.NewPCG(11, 12))
	ws := randomPatterns(r, sample, 42, 0.4, false)
	es := randomPatterns(r, sample, 42, 0.4, false)
	base := r.Perm(42)
	rel := make([]int, 42)
	b.ReportAllocs()
	for b.Loop() {
		copy(rel, base)
		refineKey(rel, ws, es, maxKey)
	}
}

// TestKeyOrder checks keyOrder's counts (of the spread samples), its
// density order (products descending, ties to the lower bit) below
// refinePairs, and from there the same order refined.
func TestKeyOrder(t *testing.T) {
	defer func(r uint64) { refinePairs = r }(refinePairs)
	r := rand.New(rand.NewPCG(13, 14))
	for trial := range 20 {
		d := 6 + r.IntN(40)
		W := randomPatterns(r, 1+r.IntN(2000), d, 0.4, trial%2 == 0)
		E := randomPatterns(r, 1+r.IntN(2000), d, 0.4, false)
		maxL := 1 + r.IntN(maxKey)
		var sw, se [sample]uint64
		var wantW, wantE [64]int32
		bitCounts(&wantW, sampleOf(&sw, W))
		bitCounts(&wantE, sampleOf(&se, E))
		dens := make([]int, d)
		for b := range dens {
			dens[b] = b
		}
		slices.SortStableFunc(dens, func(a, b int) int {
			return int(wantW[b]*wantE[b]) - int(wantW[a]*wantE[a])
		})
		refined := slices.Clone(dens)
		refineKey(refined, sampleOf(&sw, W), sampleOf(&se, E), maxL)
		for _, c := range []struct {
			pairs uint64
			want  []int
		}{{1 << 62, dens}, {0, refined}} {
			refinePairs = c.pairs
			var order [64]int
			var cw, ce [64]int32
			keyOrder(&order, &cw, &ce, W, E, d, maxL)
			if cw != wantW || ce != wantE {
				t.Fatalf("trial %d: keyOrder's counts differ from bitCounts of the samples", trial)
			}
			if !slices.Equal(order[:d], c.want) {
				t.Fatalf("trial %d (refinePairs %d, d=%d, %d×%d): order = %v; want %v", trial, c.pairs, d, len(W), len(E), order[:d], c.want)
			}
		}
	}
	// Empty samples drop no pair: the order stays.
	rel := []int{3, 1, 2}
	refineKey(rel, nil, nil, 3)
	if want := []int{3, 1, 2}; !slices.Equal(rel, want) {
		t.Errorf("refineKey on empty samples = %v; want %v", rel, want)
	}
}
