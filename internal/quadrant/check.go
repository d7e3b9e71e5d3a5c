package quadrant

import (
	"errors"
	"fmt"
	"math/bits"
)

// ErrImplausible is wrapped by the errors of CheckTotal: a unit total
// that no count of the unit can give.
var ErrImplausible = errors.New("impossible unit total")

// CheckTotal reports whether total can be what CountUnit finds for unit
// id of p, from the unit's definition alone (no join). A unit counts,
// for each of its row splits, the pairs of a west and an east half-board
// whose diagonals do not meet, times the split's class size under the
// mirrors that fix the frame, times up to 4 for the long-diagonal fold
// (even n), all times the size of the frame's class (odd n). So:
//
//   - total is a multiple of Unit.Multiple, the frame's class size (8
//     or 4 for a frame off the centre, 1 for the centre and even n);
//   - total ≤ Unit.Max: the same sum with every half-board pair
//     counted, each half bounded by the product of the quadrant
//     placements with its rows (cw·ce in the cost of addUnits).
//
// The error wraps ErrImplausible and states the rule broken.
func (p *Plan) CheckTotal(id int, total uint64) error {
	if id < 0 || id >= len(p.units) {
		return fmt.Errorf("%w: unit %d is not among the plan's %d units", ErrImplausible, id, len(p.units))
	}
	u := p.units[id]
	if total%u.Multiple != 0 {
		return fmt.Errorf("%w: unit %d: the total %d is not a multiple of %d, the size of its frame's class", ErrImplausible, id, total, u.Multiple)
	}
	if total > u.Max {
		return fmt.Errorf("%w: unit %d: the total %d exceeds %d, the most its row splits can hold", ErrImplausible, id, total, u.Max)
	}
	return nil
}

// satMul is a·b, or 2^64−1 if that overflows.
func satMul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return ^uint64(0)
	}
	return lo
}

// satAdd is a+b, or 2^64−1 if that overflows.
func satAdd(a, b uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	if c != 0 {
		return ^uint64(0)
	}
	return s
}
