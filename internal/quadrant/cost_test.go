package quadrant

import (
	"fmt"
	"math/bits"
	"testing"
)

func TestSurvival(t *testing.T) {
	const one = uint64(1) << 32
	tests := []struct {
		name        string
		top, bot, c uint64
		want        uint64
	}{
		{"no queens", 0, 0, 8, one},
		{"top only", 0b111, 0, 8, one},
		{"one column", 0b1, 0b10, 1, one},
		// Rows 0 and 1 (d = 1) of 2 columns: the two distinct columns
		// are always 1 apart: 2(2-1)/(2·1) = 1, a sure clash.
		{"sure clash", 0b01, 0b10, 2, 0},
		// d = 1 of 4 columns: 2·3/12 of the ordered pairs clash.
		{"d = 1, c = 4", 0b0001, 0b0010, 4, one / 2},
		// d = 3 of 4 columns: 2·1/12 clash.
		{"d = 3, c = 4", 0b0001, 0b1000, 4, one * 10 / 12},
		// d ≥ c: no clash possible.
		{"d = 4, c = 4", 0b00001, 0b10000, 4, one},
		// Two pairs, d = 1 and d = 2, of 4 columns: (6/12)·(8/12),
		// rounded down at each step.
		{"two pairs", 0b001, 0b110, 4, one * 6 / 12 * 8 / 12},
	}
	for _, tt := range tests {
		if got := survival(tt.top, tt.bot, tt.c); got != tt.want {
			t.Errorf("%s: survival(%#b, %#b, %d) = %d, want %d", tt.name, tt.top, tt.bot, tt.c, got, tt.want)
		}
	}
}

func TestScale32(t *testing.T) {
	tests := []struct{ x, s, want uint64 }{
		{0, 1 << 32, 0},
		{1<<64 - 1, 1 << 32, 1<<64 - 1},
		{1 << 63, 1 << 31, 1 << 62},
		{3, 1 << 31, 1},
		{1<<64 - 1, 0, 0},
	}
	for _, tt := range tests {
		if got := scale32(tt.x, tt.s); got != tt.want {
			t.Errorf("scale32(%d, %d) = %d, want %d", tt.x, tt.s, got, tt.want)
		}
	}
}

// TestCostTracksPairs checks the cost model against the join's real work:
// by layer, the pairs of the half-board lists the count joins (after the
// long-diagonal fold) over the pairs splitSizes estimates. The model's
// estimate is scaled by one factor for all layers; what matters for
// shards is that the ratio is about the same in every layer.
func TestCostTracksPairs(t *testing.T) {
	for _, n := range []int{13, 14, 15, 16} {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		real := map[int]float64{}
		est := map[int]float64{}
		var hs halfScratch
		var ws, es []uint64
		var all float64
		for _, u := range p.units {
			f := p.frames[u.Frame]
			hm := uint64(1)<<f.h - 1
			f.eachSplit(u.Top, func(E, wt uint64) {
				W := f.rows ^ E
				ws = f.appendHalf(p.q, &hs, ws[:0], false, W&hm, W&^hm)
				es = f.appendHalf(p.q, &hs, es[:0], true, E&hm, E&^hm)
				if f.sym == symDiagonals {
					ws, es = f.foldDiagonals(ws, es)
				}
				hw, he, _, _ := f.splitSizes(p.rowCount, E)
				pr := float64(len(ws)) * float64(len(es))
				real[u.Layer()] += pr
				est[u.Layer()] += float64(hw) * float64(he)
				all += pr
			})
		}
		lo, hi := 1e300, 0.0
		var line string
		for l := range bits.Len64(uint64(n)) * 4 {
			if real[l] < all/50 { // the layers with 98% of the pairs
				continue
			}
			r := real[l] / est[l]
			lo, hi = min(lo, r), max(hi, r)
			line += fmt.Sprintf(" %d:%.3f", l, r)
		}
		t.Logf("N = %d: real/estimated pairs by layer:%s", n, line)
		if hi > 1.4*lo {
			t.Errorf("N = %d: real/estimated pairs spread %.2f× between layers, want at most 1.4×:%s", n, hi/lo, line)
		}
	}
}

// TestSurvTable checks the table lookup against survival for every row
// split of the frames of N = 4..17 and a sample of N = 24 and 25.
func TestSurvTable(t *testing.T) {
	for n := 4; n <= MaxN; n++ {
		if n > 17 && n < 24 {
			continue
		}
		for fi, f := range frames(n) {
			hm := uint64(1)<<f.h - 1
			checked := 0
			for E := f.rows; ; E = (E - 1) & f.rows {
				for i, x := range [2]uint64{E, f.rows ^ E} {
					want := survival(x&hm, x&^hm, uint64(f.bandCols[i]))
					if got := f.surv[i].survival(x&hm, x&^hm); got != want {
						t.Fatalf("N = %d frame %d rows %#b side %d: table %d, survival %d", n, fi, x, i, got, want)
					}
				}
				if checked++; E == 0 || checked > 5000 {
					break
				}
			}
		}
	}
}
