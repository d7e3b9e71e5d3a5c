package quadrant

import (
	"math/bits"
	"testing"
)

type joinCase struct {
	w, e [][]uint64
	d    int
}

func loadJoinCase(n, stride int) joinCase {
	q := newQuarter(n / 2)
	f := frames(n)[0]
	var s halfScratch
	topRows := uint64(1)<<f.h - 1
	var jc joinCase
	jc.d = f.widthM + f.widthA
	i := 0
	for E := uint64(0); E < 1<<n; E++ {
		if bits.OnesCount64(E) != f.k {
			continue
		}
		i++
		if i%stride != 0 {
			continue
		}
		W := f.rows ^ E
		jc.w = append(jc.w, f.appendHalf(q, &s, nil, false, W&topRows, W&^topRows))
		jc.e = append(jc.e, f.appendHalf(q, &s, nil, true, E&topRows, E&^topRows))
	}
	return jc
}

var sink uint64

func BenchmarkJoin18(b *testing.B) {
	jc := loadJoinCase(18, 400)
	var pairs float64
	for i := range jc.w {
		pairs += float64(len(jc.w[i]) * len(jc.e[i]))
	}
	var j joiner
	b.ResetTimer()
	for range b.N {
		for i := range jc.w {
			sink += j.count(jc.w[i], jc.e[i], jc.d)
		}
	}
	b.ReportMetric(pairs*float64(b.N)/b.Elapsed().Seconds()/1e9, "Gpairs/s")
}
