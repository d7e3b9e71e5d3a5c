package kernel

import (
	"errors"
	"testing"

	"github.com/nqueens/nqueens/internal/symcount"
)

func symcountFixed(n int, sq [][2]int) (uint64, uint64) { return symcount.Fixed(n, sq, false) }

// TestCompose checks that Compose, given the solutions and nodes of a
// unit's search, returns what CountUnit returns, for every unit of
// n = 2..12 and the rotation units of 13 and 14.
func TestCompose(t *testing.T) {
	var w Worker
	for n := 2; n <= 14; n++ {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		for i := range p.Units {
			u := &p.Units[i]
			if n > 12 && u.Stab&(1<<symRot180) == 0 {
				continue
			}
			want, ok := w.CountUnit(p, u)
			if !ok {
				t.Fatal("CountUnit stopped")
			}
			_, k := u.Border.squares(n)
			got, err := p.Compose(i, want.Total/u.Weight, want.Nodes-uint64(k))
			if err != nil || got != want {
				t.Fatalf("n=%d: Compose(%d) = %+v, %v; want %+v", n, i, got, err, want)
			}
		}
	}
}

// TestComposeRefuses checks that Compose refuses what no search gives
// and the boards and units it does not serve.
func TestComposeRefuses(t *testing.T) {
	p, _ := NewPlan(8)
	// A unit whose stabilizer is {id, half turn}: orbits = sols +
	// fix180 must be even (a class has 8 or 4 members), and it
	// gives an odd sum when sols = fix180 + 1.
	tried := false
	for i, u := range p.Units {
		if u.Stab != 1|1<<symRot180 {
			continue
		}
		tried = true
		sq, k := u.Border.squares(8)
		f, _ := symcountFixed(8, sq[:k])
		if _, err := p.Compose(i, f+1, 0); !errors.Is(err, ErrImplausible) {
			t.Errorf("Compose(%d, %d, 0) = %v; want ErrImplausible", i, f+1, err)
		}
	}
	if !tried {
		t.Fatal("n = 8 has no unit with the half turn alone")
	}
	if _, err := p.Compose(len(p.Units), 0, 0); err == nil {
		t.Errorf("Compose(%d) for a unit beyond the plan: no error", len(p.Units))
	}
	if _, err := p.SearchSetup(-1); err == nil {
		t.Error("SearchSetup(-1): no error")
	}
	big := &Plan{N: MaxSearchN + 1, Units: []Unit{{}}}
	if _, err := big.SearchSetup(0); err == nil {
		t.Errorf("SearchSetup for n = %d: no error", big.N)
	}
}
