package quadrant

import (
	"math/bits"
	"testing"
	"time"
)

func TestStats(t *testing.T) {
	for _, n := range []int{12, 14, 16} {
		t0 := time.Now()
		q := newQuarter(n / 2)
		f := frames(n)[0]
		var s halfScratch
		var j joiner
		var w, e []uint64
		var total, pairs uint64
		topRows := uint64(1)<<f.h - 1
		var tHalf, tJoin time.Duration
		for E := uint64(0); E < 1<<n; E++ {
			if bits.OnesCount64(E) != f.k {
				continue
			}
			r := bits.Reverse64(E) >> (64 - n)
			c := f.rows ^ E
			rc := bits.Reverse64(c) >> (64 - n)
			if r < E || c < E || rc < E {
				continue
			}
			wt := uint64(1)
			if r != E {
				wt *= 2
			}
			if c != E && c != r {
				wt *= 2
			}
			t1 := time.Now()
			W := f.rows ^ E
			w = f.appendHalf(q, &s, w[:0], false, W&topRows, W&^topRows)
			e = f.appendHalf(q, &s, e[:0], true, E&topRows, E&^topRows)
			t2 := time.Now()
			total += wt * j.count(w, e, f.widthM+f.widthA)
			tHalf += t2.Sub(t1)
			tJoin += time.Since(t2)
			pairs += uint64(len(w) * len(e))
		}
		t.Logf("n=%d total=%d pairs=%.3g half=%v join=%v all=%v", n, total, float64(pairs), tHalf, tJoin, time.Since(t0))
	}
}
