package quadrant

import (
	"context"
	"fmt"
	"math/bits"
	"testing"
)

type joinCase struct {
	w, e [][]uint64
	d    int
}

// loadJoinCase builds the half-board lists of every stride-th row split
// of the even frame of N = n.
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

// BenchmarkJoin18 joins a sample of the row splits of N = 18 and reports
// the pair throughput, pairs counting all |W|·|E| pairs.
func BenchmarkJoin18(b *testing.B) {
	jc := loadJoinCase(18, 400)
	var pairs float64
	for i := range jc.w {
		pairs += float64(len(jc.w[i]) * len(jc.e[i]))
	}
	var j joiner
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i := range jc.w {
			sink += j.count(jc.w[i], jc.e[i], jc.d)
		}
	}
	b.ReportMetric(pairs*float64(b.N)/b.Elapsed().Seconds()/1e9, "Gpairs/s")
}

// BenchmarkHalf18 builds the half-board lists of the same sample.
func BenchmarkHalf18(b *testing.B) {
	q := newQuarter(9)
	f := frames(18)[0]
	var s halfScratch
	var out []uint64
	topRows := uint64(1)<<f.h - 1
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		i := 0
		for E := uint64(0); E < 1<<18; E++ {
			if bits.OnesCount64(E) != f.k {
				continue
			}
			i++
			if i%400 != 0 {
				continue
			}
			W := f.rows ^ E
			out = f.appendHalf(q, &s, out[:0], false, W&topRows, W&^topRows)
			out = f.appendHalf(q, &s, out[:0], true, E&topRows, E&^topRows)
		}
	}
}

func BenchmarkLeafSize(b *testing.B) {
	jc := loadJoinCase(18, 400)
	for _, ls := range []int{64, 128, 256, 512} {
		b.Run(fmt.Sprint(ls), func(b *testing.B) {
			leafSize = ls
			var j joiner
			for range b.N {
				for i := range jc.w {
					sink += j.count(jc.w[i], jc.e[i], jc.d)
				}
			}
		})
	}
	leafSize = 256
}

func BenchmarkCount(b *testing.B) {
	for _, n := range []int{12, 14, 15, 16} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				res, err := Count(context.Background(), n, Options{Workers: 1})
				if err != nil {
					b.Fatal(err)
				}
				sink += res.Total.Lo
			}
		})
	}
}

func BenchmarkCount17(b *testing.B) {
	for range b.N {
		res, err := Count(context.Background(), 17, Options{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		sink += res.Total.Lo
	}
}

// BenchmarkUnits18 counts every 8th unit of N = 18 on one goroutine.
func BenchmarkUnits18(b *testing.B) {
	p, err := NewPlan(18)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		for i := 0; i < len(p.Units()); i += 8 {
			c, err := p.CountUnit(context.Background(), i)
			if err != nil {
				b.Fatal(err)
			}
			sink += c
		}
	}
}

func BenchmarkUnits18Leaf(b *testing.B) {
	p, err := NewPlan(18)
	if err != nil {
		b.Fatal(err)
	}
	for _, ls := range []int{128, 256, 512, 1024} {
		b.Run(fmt.Sprint(ls), func(b *testing.B) {
			leafSize = ls
			for range b.N {
				for i := 0; i < len(p.Units()); i += 16 {
					c, _ := p.CountUnit(context.Background(), i)
					sink += c
				}
			}
		})
	}
	leafSize = 256
}

func BenchmarkChunkBits(b *testing.B) {
	p, err := NewPlan(18)
	if err != nil {
		b.Fatal(err)
	}
	for _, m5 := range []int{0, 40} {
		b.Run(fmt.Sprint(m5), func(b *testing.B) {
			max5 = m5
			for range b.N {
				for i := 0; i < len(p.Units()); i += 16 {
					c, _ := p.CountUnit(context.Background(), i)
					sink += c
				}
			}
		})
	}
	max5 = 40
}
