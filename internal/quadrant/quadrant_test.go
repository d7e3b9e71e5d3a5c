package quadrant

import (
	"context"
	"flag"
	"math/bits"
	"slices"
	"testing"

	"github.com/nqueens/nqueens/internal/oeis"
)

var (
	long    = flag.Bool("long", false, "check N = 15..19 against A000170 (minutes)")
	countTo = flag.Int("maxn", 0, "check N = 15 through this N against A000170 (.ci/run: 18, a few seconds)")
)

// knownCounts reads A000170 from the repository's testdata.
func knownCounts(t testing.TB) map[int]uint64 {
	t.Helper()
	return oeis.Uint64s(oeis.MustLoad(t, "a000170"))
}

// backtrack counts Q(n) with a plain bitboard backtracker, the reference.
func backtrack(n int) uint64 {
	if n == 0 {
		return 1
	}
	full := uint64(1)<<n - 1
	var rec func(cols, ld, rd uint64) uint64
	rec = func(cols, ld, rd uint64) uint64 {
		if cols == full {
			return 1
		}
		var c uint64
		for free := full &^ (cols | ld | rd); free != 0; free &= free - 1 {
			b := free & -free
			c += rec(cols|b, (ld|b)<<1&full, (rd|b)>>1)
		}
		return c
	}
	return rec(0, 0, 0)
}

// TestCountSmall checks the counts to N = 14 against A000170 and the
// backtracker, with the half-boards' unions of AVX-512 (unionAll512)
// and without (the AVX2 loop and the Go loop of short lists) where the
// CPU has them.
func TestCountSmall(t *testing.T) {
	known := knownCounts(t)
	defer func(v bool) { useAVX512 = v }(useAVX512)
	have := useAVX512
	for _, u512 := range []bool{false, true} {
		if u512 && !have {
			continue
		}
		useAVX512 = u512
		for n := 0; n <= 14; n++ {
			res, err := Count(context.Background(), n, Options{})
			if err != nil {
				t.Fatalf("Count(%d): %v", n, err)
			}
			if res.Total.Hi != 0 || res.Total.Lo != known[n] {
				t.Errorf("avx512=%v: Count(%d) = %v; want %d", u512, n, res.Total, known[n])
			}
			if b := backtrack(n); b != res.Total.Lo {
				t.Errorf("avx512=%v: Count(%d) = %v; backtracker %d", u512, n, res.Total, b)
			}
		}
	}
}

// TestCountLong checks the join against A000170 from N = 15 on: to
// N = 19 with -long, to the N given with -maxn.
func TestCountLong(t *testing.T) {
	maxN := *countTo
	if *long {
		maxN = 19
	}
	if maxN < 15 {
		t.Skip("use -long or -maxn N")
	}
	known := knownCounts(t)
	for n := 15; n <= maxN; n++ {
		res, err := Count(context.Background(), n, Options{})
		if err != nil {
			t.Fatalf("Count(%d): %v", n, err)
		}
		if res.Total.Hi != 0 || res.Total.Lo != known[n] {
			t.Errorf("Count(%d) = %v; want %d", n, res.Total, known[n])
		}
		t.Logf("Count(%d) = %v, peak %d MiB", n, res.Total, res.PeakMemory>>20)
	}
}

// TestFrameSubsets checks frame.subsets against every subset of each
// band filtered by size: each subset of the band's free columns once,
// under its size, in increasing order.
func TestFrameSubsets(t *testing.T) {
	for n := 4; n <= 15; n++ {
		for fi, f := range frames(n) {
			hm := uint64(1)<<f.h - 1
			for side, c0 := range [2]int{0, n - f.h} {
				band := uint32(f.cols >> c0 & hm)
				want := make([][]uint32, f.h+1)
				for c := uint32(0); c <= uint32(hm); c++ {
					if c&^band == 0 {
						k := bits.OnesCount32(c)
						want[k] = append(want[k], c)
					}
				}
				for k := range want {
					if got := f.subsets[side][k]; !slices.Equal(got, want[k]) {
						t.Errorf("n=%d frame %d side %d k=%d: subsets %v; want %v", n, fi, side, k, got, want[k])
					}
				}
			}
		}
	}
}
