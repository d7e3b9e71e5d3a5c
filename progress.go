package nqueens

import "time"

// A Progress is a snapshot of a count (CountOptions.Progress). Cost
// weighs units by expected cost; Resumed units came from a checkpoint.
type Progress struct {
	N           int
	UnitsDone   int // including Resumed
	UnitsTotal  int
	Resumed     int
	CostDone    float64 // including the resumed units' cost
	CostTotal   float64
	CostResumed float64
	// Solutions and Unique are the totals of the units done so far.
	Solutions, Unique Uint128
	Nodes             uint64        // queens placed by this run
	Elapsed           time.Duration // since Count started
}

// Fraction returns the share of the work done, by cost, in 0..1; it is
// exactly 1 when every unit is done, and for an empty count.
func (p Progress) Fraction() float64 {
	if p.CostTotal <= 0 || p.UnitsDone >= p.UnitsTotal {
		return 1
	}
	return min(p.CostDone/p.CostTotal, 1)
}

// Remaining estimates the time left from the rate of this run (resumed
// units excluded). It returns ok = false while there is nothing to
// estimate from.
func (p Progress) Remaining() (d time.Duration, ok bool) {
	done := p.CostDone - p.CostResumed
	if done <= 0 || p.Elapsed <= 0 {
		return 0, p.UnitsDone == p.UnitsTotal
	}
	left := max(p.CostTotal-p.CostDone, 0)
	if p.UnitsDone >= p.UnitsTotal {
		left = 0 // not a rounding error's worth of nanoseconds
	}
	return time.Duration(float64(p.Elapsed) * left / done), true
}
