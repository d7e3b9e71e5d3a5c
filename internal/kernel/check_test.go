package kernel

import (
	"errors"
	"math/bits"
	"testing"

	"github.com/nqueens/nqueens/internal/tally"
)

// TestCheckResultHoldsForEveryUnit counts every unit of every n up to 16
// (14 with -short) and checks that CheckResult accepts its result and
// that 8·Unique − Total is Excess (symcount.Fixed, a search of its own): the
// rules of CheckResult are what the units give, not a guess. It logs how
// tight they are: the least and largest total/unique ratio by kind of
// stabilizer, and the largest share of Bound a unit fills.
func TestCheckResultHoldsForEveryUnit(t *testing.T) {
	maxN := 16
	if testing.Short() {
		maxN = 14
	}
	var w Worker
	for n := 0; n <= maxN; n++ {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		var kinds [3]struct {
			units    int
			min, max float64
		}
		fill := 0.0
		for i := range p.Units {
			r, ok := w.CountUnit(p, &p.Units[i])
			if !ok {
				t.Fatalf("n=%d unit %d: CountUnit stopped", n, i)
			}
			if err := p.CheckResult(i, r.Total, r.Unique); err != nil {
				t.Errorf("n=%d: CheckResult of the counted result: %v", n, err)
			}
			if got, want := 8*r.Unique-r.Total, p.Excess(i); got != want {
				t.Errorf("n=%d unit %d: 8·Unique − Total = %d; Excess = %d", n, i, got, want)
			}
			u := p.Units[i]
			if n < 2 || r.Unique == 0 {
				continue
			}
			k := 0
			if u.Stab&(1<<symRot180) != 0 {
				k = 1
			}
			if u.Stab&(1<<symRot90) != 0 {
				k = 2
			}
			ratio := float64(r.Total) / float64(r.Unique)
			kd := &kinds[k]
			if kd.units == 0 || ratio < kd.min {
				kd.min = ratio
			}
			kd.max = max(kd.max, ratio)
			kd.units++
			fill = max(fill, float64(r.Total/u.Weight)/float64(p.Bound(i)))
		}
		if n >= 8 {
			t.Logf("n=%d: %d units; total/unique: no rotation %d units %.2f..%.2f, half turn %d units %.2f..%.2f, quarter turn %d units %.2f..%.2f; largest solutions/Bound %.3g",
				n, len(p.Units), kinds[0].units, kinds[0].min, kinds[0].max, kinds[1].units, kinds[1].min, kinds[1].max,
				kinds[2].units, kinds[2].min, kinds[2].max, fill)
		}
	}
}

// TestCheckResultRefuses: results that break a rule are refused, each
// with ErrImplausible. The units are picked from the plan of n = 12 by
// their stabilizer, with their true results counted.
func TestCheckResultRefuses(t *testing.T) {
	p, err := NewPlan(12)
	if err != nil {
		t.Fatal(err)
	}
	var w Worker
	pick := func(want func(stab uint8) bool) (int, tally.UnitResult) {
		for i := range p.Units {
			if r, _ := w.CountUnit(p, &p.Units[i]); want(p.Units[i].Stab) && r.Total > 0 {
				return i, r
			}
		}
		t.Fatal("no such unit")
		return 0, tally.UnitResult{}
	}
	rot := uint8(1<<symRot90 | 1<<symRot180)
	plain, pr := pick(func(s uint8) bool { return s&rot == 0 && bits.OnesCount8(s) == 1 })
	half, hr := pick(func(s uint8) bool { return s&rot == 1<<symRot180 })
	const max64 = ^uint64(0)
	for _, c := range []struct {
		name          string
		id            int
		total, unique uint64
	}{
		{"total+8 alone", plain, pr.Total + 8, pr.Unique},
		{"unique+1 alone", plain, pr.Total, pr.Unique + 1},
		{"total+2", plain, pr.Total + 2, pr.Unique},
		{"unique > total", plain, 1, 5},
		{"total 2^64-1", plain, max64, pr.Unique},
		{"total 2^64-8, unique (2^64-8)/8", plain, max64 - 7, (max64 - 7) / 8},
		{"half turn: total 9 × unique", half, 9 * hr.Unique, hr.Unique},
		{"half turn: total 3 × unique", half, hr.Total, hr.Total/3 + 1},
		{"unit out of range", len(p.Units), 0, 0},
	} {
		if err := p.CheckResult(c.id, c.total, c.unique); !errors.Is(err, ErrImplausible) {
			t.Errorf("%s: CheckResult(%d, %d, %d) = %v; want ErrImplausible", c.name, c.id, c.total, c.unique, err)
		}
	}
	// The consistent edit total+8, unique+1 of a unit without rotation
	// symmetry keeps every rule: only a recount can find it.
	if err := p.CheckResult(plain, pr.Total+8, pr.Unique+1); err != nil {
		t.Errorf("total+8, unique+1: %v; want nil (no rule can tell)", err)
	}
	p1, _ := NewPlan(1)
	if err := p1.CheckResult(0, 2, 1); !errors.Is(err, ErrImplausible) {
		t.Errorf("n=1 total 2: %v; want ErrImplausible", err)
	}
}
