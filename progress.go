package nqueens

import "time"

// A Progress is a snapshot of a count (CountOptions.Progress): units and
// their expected cost done (Resumed of them read from a checkpoint), the
// totals so far, the queens this run placed and the time since Count
// started.
type Progress struct {
	N                                int
	UnitsDone, UnitsTotal, Resumed   int
	CostDone, CostTotal, CostResumed float64
	Solutions, Unique                Uint128
	Nodes                            uint64
	Elapsed                          time.Duration
}

// Fraction returns the share of the work done, by cost, in 0..1.
func (p Progress) Fraction() float64 {
	if p.CostTotal <= 0 || p.UnitsDone >= p.UnitsTotal {
		return 1
	}
	return min(p.CostDone/p.CostTotal, 1)
}

// Remaining estimates the time left from this run's rate; ok is false until it can.
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
