package kernel

import (
	"errors"
	"testing"
)

// TestCheckResultBoundEdge: a result of exactly Bound solutions passes
// the bound and one of Bound+1 is refused, for every unit of n = 10 and
// 12 whose stabilizer holds no rotation (there unique = total/8 keeps the
// other rules, so the bound alone decides). The units of these n have
// bounds far below 2^64, so a loosened comparison (c > 2·b, c ≥ b)
// changes the answer here.
func TestCheckResultBoundEdge(t *testing.T) {
	const rot = uint8(1<<symRot90 | 1<<symRot180)
	for _, n := range []int{10, 12} {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		tested := 0
		for i, u := range p.Units {
			b := p.Bound(i)
			if u.Stab&rot != 0 || b == ^uint64(0) || (u.Weight*b)%8 != 0 || (u.Weight*(b+1))%8 != 0 {
				continue
			}
			tested++
			at := u.Weight * b
			if err := p.CheckResult(i, at, at/8); err != nil {
				t.Errorf("n=%d unit %d: CheckResult(total %d = weight %d × Bound %d) = %v; want nil", n, i, at, u.Weight, b, err)
			}
			over := u.Weight * (b + 1)
			if err := p.CheckResult(i, over, over/8); !errors.Is(err, ErrImplausible) {
				t.Errorf("n=%d unit %d: CheckResult(total %d = weight %d × (Bound %d + 1)) = %v; want ErrImplausible", n, i, over, u.Weight, b, err)
			}
		}
		if tested < 10 {
			t.Errorf("n=%d: %d units tested; want at least 10", n, tested)
		}
	}
}
