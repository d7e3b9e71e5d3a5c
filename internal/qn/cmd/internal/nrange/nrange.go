// Package nrange reads the -n flag of the estimator's measurement
// commands (qnsplit, qncover): one board size or a range of them.
package nrange

import "fmt"

// Parse reads "A" or "A-B" into lo ≤ hi within min..max; anything else,
// "08" and "8-" among it, is an error naming the flag -n.
func Parse(s string, min, max int) (lo, hi int, err error) {
	if _, err := fmt.Sscanf(s, "%d-%d", &lo, &hi); err != nil {
		if _, err := fmt.Sscanf(s, "%d", &lo); err != nil || fmt.Sprint(lo) != s {
			return 0, 0, fmt.Errorf("-n %q: want A or A-B", s)
		}
		hi = lo
	} else if fmt.Sprintf("%d-%d", lo, hi) != s {
		return 0, 0, fmt.Errorf("-n %q: want A or A-B", s)
	}
	if lo < min || hi > max || lo > hi {
		return 0, 0, fmt.Errorf("-n %q: want %d ≤ A ≤ B ≤ %d", s, min, max)
	}
	return lo, hi, nil
}
