package kernel

import (
	"fmt"
	"testing"
)

var hasAVX2 = waveAVX2

func TestWaveMatchesSearch(t *testing.T) {
	for n := 13; n <= 15; n++ {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		var w Worker
		for i := range p.Units {
			u := &p.Units[i]
			w.s.init(n, u.Border)
			if u.Stab&(1<<symRot90|1<<symRot180|1<<symRot270) != 0 || w.s.m < nestTop-1 {
				continue
			}
			s1, n1, _ := w.search()
			for _, avx := range []bool{false, true} {
				waveAVX2 = avx && hasAVX2
				s2, n2, _ := w.searchWave()
				if s1 != s2 || n1 != n2 {
					t.Fatalf("n=%d unit %d avx2 %v: wave %d sols %d nodes; search %d, %d", n, i, avx, s2, n2, s1, n1)
				}
			}
			waveAVX2 = hasAVX2
		}
	}
}

func BenchmarkWave(b *testing.B) {
	for _, n := range []int{15, 16} {
		p, _ := NewPlan(n)
		for _, name := range []string{"search", "wave", "wavego"} {
			b.Run(fmt.Sprintf("N=%d/%s", n, name), func(b *testing.B) {
				var w Worker
				var nodes uint64
				for b.Loop() {
					nodes = 0
					for i := range p.Units {
						u := &p.Units[i]
						w.s.init(n, u.Border)
						if u.Stab&(1<<symRot90|1<<symRot180|1<<symRot270) != 0 {
							continue
						}
						var nn uint64
						waveAVX2 = hasAVX2 && name == "wave"
						if name != "search" {
							_, nn, _ = w.searchWave()
						} else {
							_, nn, _ = w.search()
						}
						nodes += nn
					}
				}
				b.ReportMetric(float64(nodes)/(b.Elapsed().Seconds()/float64(b.N)), "nodes/s")
			})
		}
	}
}
