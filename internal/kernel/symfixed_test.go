package kernel

import (
	"testing"

	"github.com/nqueens/nqueens/internal/symcount"
)

// TestFixedMatchesSearchSym checks symcount.Fixed against searchSym, which
// enumerates every solution of the unit and tests each, for every unit
// whose stabilizer holds a rotation.
func TestFixedMatchesSearchSym(t *testing.T) {
	maxN := 14
	if testing.Short() {
		maxN = 12
	}
	var w Worker
	var seen180, seen90 int
	for n := 2; n <= maxN; n++ {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		units := 0
		for i := range p.Units {
			u := &p.Units[i]
			if u.Stab&(1<<symRot90|1<<symRot180|1<<symRot270) == 0 {
				continue
			}
			units++
			w.s.init(n, u.Border)
			_, want180, want90, _, _ := w.searchSym(u)
			sq, k := u.Border.squares(n)
			got180, got90 := symcount.Fixed(n, sq[:k], u.Stab&(1<<symRot90) != 0)
			if u.Stab&(1<<symRot90) == 0 {
				want90 = 0
			}
			seen180 += int(min(want180, 1))
			seen90 += int(min(want90, 1))
			if got180 != want180 || got90 != want90 {
				t.Errorf("n=%d unit %d (%+v): symcount.Fixed = %d, %d; want %d, %d", n, i, u.Border, got180, got90, want180, want90)
			}
		}
		if n >= 5 && units == 0 {
			t.Errorf("n=%d: no unit with a rotation in its stabilizer", n)
		}
	}
	if seen180 == 0 || seen90 == 0 {
		t.Errorf("units with symmetric solutions: %d (half turn), %d (quarter turn); want some of each", seen180, seen90)
	}
	t.Logf("units with half-turn-symmetric solutions: %d, quarter-turn: %d", seen180, seen90)
}
