package quadrant

import (
	"context"
	"errors"
	"testing"
)

// TestCheckTotalHoldsForEveryUnit counts every unit of every n from 4 to
// 16 (14 with -short) and checks that CheckTotal accepts its total, and
// that a NewUnitPlan has the same bounds. It logs how tight Max is.
func TestCheckTotalHoldsForEveryUnit(t *testing.T) {
	maxN := 16
	if testing.Short() {
		maxN = 14
	}
	for n := 4; n <= maxN; n++ {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		up, err := NewUnitPlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		fill := 0.0
		for i, u := range p.Units() {
			if v := up.Units()[i]; v.Max != u.Max || v.Multiple != u.Multiple {
				t.Errorf("n=%d unit %d: NewUnitPlan's Max, Multiple = %d, %d; NewPlan's %d, %d", n, i, v.Max, v.Multiple, u.Max, u.Multiple)
			}
			total, err := p.CountUnit(context.Background(), i)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.CheckTotal(i, total); err != nil {
				t.Errorf("n=%d: CheckTotal of the counted total: %v", n, err)
			}
			if u.Max > 0 {
				fill = max(fill, float64(total)/float64(u.Max))
			}
		}
		t.Logf("n=%d: %d units; largest total/Max %.3g", n, len(p.Units()), fill)
	}
}

// TestCheckTotalRefuses: totals that break a rule are refused.
func TestCheckTotalRefuses(t *testing.T) {
	p, err := NewUnitPlan(context.Background(), 15)
	if err != nil {
		t.Fatal(err)
	}
	off := -1 // a unit of a frame off the centre (Multiple 8 or 4)
	for i, u := range p.Units() {
		if u.Multiple > 1 {
			off = i
			break
		}
	}
	if off < 0 {
		t.Fatal("n=15 has no unit off the centre frame")
	}
	for _, c := range []struct {
		name  string
		id    int
		total uint64
	}{
		{"not a multiple of the frame's class", off, p.Units()[off].Multiple + 2},
		{"above Max", off, p.Units()[off].Max + p.Units()[off].Multiple},
		{"2^64-1", 0, ^uint64(0)},
		{"unit out of range", len(p.Units()), 0},
	} {
		if err := p.CheckTotal(c.id, c.total); !errors.Is(err, ErrImplausible) {
			t.Errorf("%s: CheckTotal(%d, %d) = %v; want ErrImplausible", c.name, c.id, c.total, err)
		}
	}
}
