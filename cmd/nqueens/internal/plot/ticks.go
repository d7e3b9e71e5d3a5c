package plot

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
)

// decadeTicks marks a log axis: a labelled tick at each power of ten
// (every second or third one when there are many) and unlabelled ticks
// at 2..9 times each. label names a power of ten by its exponent.
type decadeTicks struct {
	label func(exp int) string
}

// Ticks implements plot.Ticker; min and max are positive.
func (t decadeTicks) Ticks(min, max float64) []plot.Tick {
	lo, hi := int(math.Floor(math.Log10(min))), int(math.Ceil(math.Log10(max)))
	step := 1
	for (hi-lo)/step > 12 {
		step++
	}
	var ticks []plot.Tick
	for e := lo; e <= hi; e++ {
		p := math.Pow(10, float64(e))
		if p >= min && p <= max {
			tk := plot.Tick{Value: p}
			if e%step == 0 {
				tk.Label = t.label(e)
			}
			ticks = append(ticks, tk)
		}
		for k := 2.0; k <= 9 && step == 1; k++ {
			if v := k * p; v >= min && v <= max {
				ticks = append(ticks, plot.Tick{Value: v})
			}
		}
	}
	return ticks
}

// countLabel writes 10^e as a count: 1, 10, 100, 1000, then 1e4, 1e5...
func countLabel(e int) string {
	if e >= 0 && e <= 3 {
		return fmt.Sprint(math.Pow(10, float64(e)))
	}
	return fmt.Sprintf("1e%d", e)
}

// timeLabel writes 10^e seconds in the largest unit that keeps it a
// whole number: 1 ns, 10 µs, 100 ms, 1 s, 1000 s, then 1e4 s...
func timeLabel(e int) string {
	switch {
	case e < -9:
		return fmt.Sprintf("1e%d s", e)
	case e < -6:
		return fmt.Sprintf("%g ns", math.Pow(10, float64(e+9)))
	case e < -3:
		return fmt.Sprintf("%g µs", math.Pow(10, float64(e+6)))
	case e < 0:
		return fmt.Sprintf("%g ms", math.Pow(10, float64(e+3)))
	case e <= 3:
		return fmt.Sprintf("%g s", math.Pow(10, float64(e)))
	}
	return fmt.Sprintf("1e%d s", e)
}

// nTicks marks the N axis with whole board sizes, every one when there
// are few.
type nTicks struct{}

// Ticks implements plot.Ticker.
func (nTicks) Ticks(min, max float64) []plot.Tick {
	lo, hi := int(math.Ceil(min)), int(math.Floor(max))
	step := 1
	for (hi-lo)/step > 20 {
		step++
	}
	var ticks []plot.Tick
	for n := lo; n <= hi; n++ {
		tk := plot.Tick{Value: float64(n)}
		if n%step == 0 {
			tk.Label = fmt.Sprint(n)
		}
		ticks = append(ticks, tk)
	}
	return ticks
}

// decades returns the powers of ten around the positive values vs: the
// largest at most their minimum and the smallest at least their
// maximum, a decade apart at least; 1 and 10 when vs is empty.
func decades(vs []float64) (lo, hi float64) {
	if len(vs) == 0 {
		return 1, 10
	}
	mn, mx := vs[0], vs[0]
	for _, v := range vs {
		mn, mx = math.Min(mn, v), math.Max(mx, v)
	}
	lo = math.Pow(10, math.Floor(math.Log10(mn)))
	hi = math.Pow(10, math.Ceil(math.Log10(mx)))
	if hi <= lo {
		hi = lo * 10
	}
	return lo, hi
}
