package qn

import "iter"

// Z95 is the normal quantile of Solutions' two-sided 95% interval
// (Low and High are Mean ∓ Z95·StdErr).
const Z95 = z95

// Samples yields the samples of Solutions' estimator of Q(n) for seed
// with depth rows drawn (1 ≤ depth < n ≤ 64; the caller checks them),
// in the order Solutions takes them: sample i = 0, 1, 2, … with the
// nodes of the search below its descent (the descent's depth nodes not
// included). Its mean over i tends to Q(n); the sample i of one seed is
// the one Solutions draws, whatever the workers. It is for the
// measurement programs (cmd/qnsplit, cmd/qncover), not for counting:
// the sequence does not end until the caller stops.
func Samples(n, depth int, seed uint64) iter.Seq2[float64, uint64] {
	return func(yield func(float64, uint64) bool) {
		var s qnSampler
		s.init(n, depth, seed, nil)
		for i := uint64(0); ; i++ {
			if !yield(s.sample(i)) {
				return
			}
		}
	}
}
