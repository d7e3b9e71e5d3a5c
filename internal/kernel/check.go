package kernel

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/nqueens/nqueens/internal/symcount"
)

// ErrImplausible is wrapped by the errors of CheckResult: a unit result
// that no count of the unit can give.
var ErrImplausible = errors.New("impossible unit result")

// CheckResult reports whether total and unique can be what CountUnit
// finds for unit id of p, from the unit's definition alone (no search).
// The rules, for n ≥ 2 (see doc.go, Symmetry classes and weights):
//
//   - total is a multiple of the unit's Weight (total = Weight·c, c the
//     solutions the unit's search finds);
//   - c is at most Bound, the most the unit's free rows can hold;
//   - total is the sum of the sizes of the classes the unit meets, and
//     unique their number. A class has 8 solutions, or 4 if they are
//     symmetric under the half turn, or 2 under the quarter turn (no
//     solution is its own mirror image), and a symmetric solution has a
//     symmetric border, so: total = 8·unique when the unit's stabilizer
//     holds no rotation; 4·unique ≤ total ≤ 8·unique when it holds the
//     half turn but not the quarter turn; 2·unique ≤ total ≤ 8·unique
//     when it holds the quarter turn.
//
// For n ≤ 1 the one unit has total = unique = 1. The error wraps
// ErrImplausible and states the rule broken.
func (p *Plan) CheckResult(id int, total, unique uint64) error {
	if id < 0 || id >= len(p.Units) {
		return fmt.Errorf("%w: unit %d is not among the plan's %d units", ErrImplausible, id, len(p.Units))
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: unit %d: %s", ErrImplausible, id, fmt.Sprintf(format, a...))
	}
	if p.N <= 1 {
		if total != 1 || unique != 1 {
			return bad("total %d, unique %d: the board of n = %d has 1 solution", total, unique, p.N)
		}
		return nil
	}
	u := &p.Units[id]
	if total%u.Weight != 0 {
		return bad("the total %d is not a multiple of the unit's weight %d (total = weight × solutions found)", total, u.Weight)
	}
	if c, b := total/u.Weight, p.Bound(id); c > b {
		return bad("the total %d is %d × %d solutions, but the unit's free rows hold at most %d", total, u.Weight, c, b)
	}
	const rot90, rot180 = 1 << symRot90, 1 << symRot180
	switch {
	case u.Stab&(rot90|rot180) == 0:
		if total%8 != 0 || unique != total/8 {
			return bad("total %d, unique %d: a unit whose border no rotation maps onto itself has total = 8 × unique", total, unique)
		}
	case u.Stab&rot90 == 0:
		if unique > total/4 || unique < (total+7)/8 {
			return bad("total %d, unique %d: a unit whose border the half turn maps onto itself has 4 × unique ≤ total ≤ 8 × unique", total, unique)
		}
	default:
		if unique > total/2 || unique < (total+7)/8 {
			return bad("total %d, unique %d: a unit whose border the quarter turn maps onto itself has 2 × unique ≤ total ≤ 8 × unique", total, unique)
		}
	}
	return nil
}

// boundDepth is the number of free rows whose placements Bound counts.
const boundDepth = 2

// Bound returns an upper bound on the solutions c that the search of
// unit id finds (its Total is Weight·c): the placements of its first
// two free rows times, for the others, the smaller of the product of
// the squares the border queens leave open in each and the number of
// orders of their columns, (m−2)!. It saturates at 2^64−1 (from n = 23
// or so). It is 1 for n ≤ 1.
func (p *Plan) Bound(id int) uint64 {
	if p.N <= 1 {
		return 1
	}
	var s setup
	s.init(p.N, p.Units[id].Border)
	d := min(boundDepth, s.m)
	head := uint64(s.countDepth(0, d, s.col, 0, 0))
	prod, fact := uint64(1), uint64(1)
	for k := d; k < s.m; k++ {
		prod = satMul(prod, uint64(bits.OnesCount64(s.full&^(s.col|s.mask[k]))))
		fact = satMul(fact, uint64(k-d+1))
	}
	return satMul(head, min(prod, fact))
}

// satMul is a·b, or 2^64−1 if that overflows.
func satMul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return ^uint64(0)
	}
	return lo
}

// Excess returns what 8·Unique − Total is for unit id of p: by
// Burnside's lemma (see CountUnit), Weight·(fix180 + 2·fix90), the
// unit's solutions that the half turn and the quarter turn fix, counted
// only for the rotations in the unit's stabilizer. It is 0 without
// searching for a unit that no rotation maps onto itself (most units);
// for the others it runs symcount.Fixed, a search of about the square
// root of the unit's nodes. Summed over the plan it is S180 + 2·S90 of
// the whole board, so a whole count that breaks 8·U − Q = S180 + 2·S90
// has a unit whose result breaks 8·Unique − Total = Excess. It is 7 for
// n ≤ 1 (the one solution is its own class of 1), and 0 for n > 32,
// beyond symcount (unknown: callers must not use it there).
func (p *Plan) Excess(id int) uint64 {
	if p.N <= 1 {
		return 7
	}
	u := &p.Units[id]
	const rot90, rot180 = 1 << symRot90, 1 << symRot180
	if u.Stab&(rot90|rot180) == 0 || p.N > symcount.MaxN {
		return 0
	}
	sq, k := u.Border.squares(p.N)
	half, quarter := symcount.Fixed(p.N, sq[:k], u.Stab&rot90 != 0)
	if u.Stab&rot180 == 0 {
		half = 0
	}
	return u.Weight * (half + 2*quarter)
}
