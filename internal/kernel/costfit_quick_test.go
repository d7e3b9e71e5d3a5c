package kernel

import (
	"math"
	"math/bits"
	"os"
	"slices"
	"testing"
)

func spearman(x, y []float64) float64 {
	rank := func(v []float64) []float64 {
		idx := make([]int, len(v))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int {
			if v[a] < v[b] {
				return -1
			} else if v[a] > v[b] {
				return 1
			}
			return 0
		})
		r := make([]float64, len(v))
		for i, j := range idx {
			r[j] = float64(i)
		}
		return r
	}
	rx, ry := rank(x), rank(y)
	n := float64(len(x))
	var d float64
	for i := range rx {
		d += (rx[i] - ry[i]) * (rx[i] - ry[i])
	}
	return 1 - 6*d/(n*(n*n-1))
}

func TestQuickCostFit(t *testing.T) {
	if os.Getenv("QC") == "" {
		t.Skip()
	}
	for n := 13; n <= 15; n++ {
		p, _ := NewPlan(n)
		var w Worker
		var nodes, est1, est2, est3 []float64
		var sumLog, sumLL, sumL, cnt float64
		for i := range p.Units {
			u := &p.Units[i]
			r, _ := w.CountUnit(p, u)
			nodes = append(nodes, float64(r.Nodes))
			w.s.init(n, u.Border)
			lp, sumOpen := 0.0, 0.0
			for k := range w.s.m {
				o := float64(bits.OnesCount64(w.s.full &^ (w.s.col | w.s.mask[k])))
				if o > 0 {
					lp += math.Log(o)
				}
				sumOpen += o
			}
			est1 = append(est1, lp)
			est2 = append(est2, sumOpen)
			est3 = append(est3, float64(w.s.m))
			if r.Nodes > 0 {
				y := math.Log(float64(r.Nodes))
				sumLog += y
				sumLL += lp * y
				sumL += lp
				cnt++
				_ = sumLL
			}
		}
		for d := 2; d <= 4; d++ {
			var e []float64
			var e2 []float64
			for i := range p.Units {
				w.s.init(n, p.Units[i].Border)
				pc := float64(countDepth(&w.s, d))
				e = append(e, pc)
				lp := 0.0
				for k := d; k < w.s.m; k++ {
					o := float64(bits.OnesCount64(w.s.full &^ (w.s.col | w.s.mask[k])))
					if o > 0 {
						lp += math.Log(o)
					}
				}
				e2 = append(e2, math.Log(pc+0.5)+0.4*lp)
			}
			t.Logf("n=%d depth %d spearman %.3f  combo %.3f", n, d, spearman(nodes, e), spearman(nodes, e2))
		}
		t.Logf("n=%d spearman logprod %.3f sumopen %.3f m %.3f", n, spearman(nodes, est1), spearman(nodes, est2), spearman(nodes, est3))
		// least squares fit y = a + b*lp
		var sx, sy, sxx, sxy, c float64
		for i := range nodes {
			if nodes[i] == 0 {
				continue
			}
			x, y := est1[i], math.Log(nodes[i])
			sx += x
			sy += y
			sxx += x * x
			sxy += x * y
			c++
		}
		b := (c*sxy - sx*sy) / (c*sxx - sx*sx)
		t.Logf("   fit log nodes = a + %.3f * logprod", b)
		var sx2, sy2, sxx2, sxy2 float64
		for i := range nodes {
			if nodes[i] == 0 {
				continue
			}
			x, y := est2[i], math.Log(nodes[i])
			sx2 += x
			sy2 += y
			sxx2 += x * x
			sxy2 += x * y
		}
		b2 := (c*sxy2 - sx2*sy2) / (c*sxx2 - sx2*sx2)
		t.Logf("   fit log nodes = a + %.3f * sumopen", b2)
	}
}

// countDepth returns the number of nodes at depth d (partial placements of d free rows).
func countDepth(s *setup, d int) int {
	var rec func(k int, c, l, r uint64) int
	rec = func(k int, c, l, r uint64) int {
		if k == d || k == s.m {
			return 1
		}
		f := s.full &^ (c | l | r | s.mask[k])
		cnt := 0
		for f != 0 {
			bit := f & -f
			f ^= bit
			sh := s.shift[k]
			cnt += rec(k+1, c|bit, (l|bit)<<sh, (r|bit)>>sh)
		}
		return cnt
	}
	return rec(0, s.col, 0, 0)
}
