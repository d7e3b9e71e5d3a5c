package kernel

import (
	"math/rand/v2"
	"testing"
)

// TestProbeWholeUnit: a probe that leaves every free row to the search
// has weight 1 and finds the unit's solutions and nodes.
func TestProbeWholeUnit(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{8, 13, 15} {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		var w Worker
		for i := range p.Units {
			u := &p.Units[i]
			if u.Stab&(1<<symRot90|1<<symRot180|1<<symRot270) != 0 {
				continue // CountUnit also counts the rotation-fixed solutions
			}
			r, _ := w.CountUnit(p, u)
			weight, sols, nodes, ok := w.Probe(n, u, n, rnd)
			_, k := u.Border.squares(n)
			if !ok || weight != 1 || sols*u.Weight != r.Total || nodes+uint64(k) != r.Nodes {
				t.Fatalf("n=%d unit %d: Probe(all rows) = %v, %d sols, %d nodes, %v; want 1, %d, %d, true",
					n, i, weight, sols, nodes, ok, r.Total/u.Weight, r.Nodes-uint64(k))
			}
		}
	}
}

// TestPlaceSumsToUnit: the subtrees below each square of a unit's first
// free row (setup.place) hold the unit's solutions between them, which
// is what makes Probe's weighted count unbiased.
func TestPlaceSumsToUnit(t *testing.T) {
	for _, n := range []int{14, 16} {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		units := p.Units[len(p.Units)/2 : len(p.Units)/2+20]
		var w Worker
		for i := range units {
			u := &units[i]
			if u.Stab&(1<<symRot90|1<<symRot180|1<<symRot270) != 0 {
				continue
			}
			w.s.init(n, u.Border)
			want, _, _ := w.searchWave()
			base := w.s
			var got uint64
			for f := base.full &^ (base.col | base.mask[0]); f != 0; f &= f - 1 {
				w.s = base
				w.s.place(f & -f)
				if w.s.m < MinProbeRows {
					t.Fatalf("n=%d: %d free rows after place", n, w.s.m)
				}
				s, _, _ := w.searchWave()
				got += s
			}
			if got != want {
				t.Errorf("n=%d border %+v: the subtrees of the first row hold %d solutions; the unit %d", n, u.Border, got, want)
			}
		}
	}
}

// TestProbeMean: over many probes, weight·sols averages to the unit's
// solutions (Knuth's estimator is unbiased); 4000 probes of an N = 16
// unit land within 10%.
func TestProbeMean(t *testing.T) {
	p, err := NewPlan(16)
	if err != nil {
		t.Fatal(err)
	}
	u := &p.Units[0]
	var w Worker
	r, _ := w.CountUnit(p, u)
	rnd := rand.New(rand.NewPCG(3, 4))
	const k = 4000
	var sum float64
	for range k {
		weight, sols, _, ok := w.Probe(16, u, MinProbeRows, rnd)
		if !ok {
			t.Fatal("probe stopped")
		}
		sum += weight * float64(sols)
	}
	want := float64(r.Total / u.Weight)
	if got := sum / k; got < 0.9*want || got > 1.1*want {
		t.Errorf("mean of weight·sols over %d probes = %.0f; want %.0f ± 10%%", k, got, want)
	}
}

// TestUnitOf: every valid border of an N = 9 board maps to the unit of
// its class in NewPlan, with the plan's orientation, weight and cost.
func TestUnitOf(t *testing.T) {
	const n = 9
	p, err := NewPlan(n)
	if err != nil {
		t.Fatal(err)
	}
	byBorder := map[Border]Unit{}
	for _, u := range p.Units {
		byBorder[u.Border] = u
	}
	classes := map[Border]bool{}
	for top := range n {
		for bottom := range n {
			for left := range n {
				for right := range n {
					b := Border{int8(top), int8(bottom), int8(left), int8(right)}
					u, ok := UnitOf(n, b)
					if ok != b.valid(n) {
						t.Fatalf("UnitOf(%d, %+v) ok = %v; want %v", n, b, ok, !ok)
					}
					if !ok {
						continue
					}
					want, found := byBorder[u.Border]
					if !found || want.Weight != u.Weight || want.Stab != u.Stab || want.Cost != u.Cost {
						t.Fatalf("UnitOf(%d, %+v) = %+v; not a unit of the plan (%+v)", n, b, u, want)
					}
					classes[u.Border] = true
				}
			}
		}
	}
	if len(classes) != len(p.Units) {
		t.Errorf("UnitOf met %d classes; the plan has %d units", len(classes), len(p.Units))
	}
	if _, ok := UnitOf(n, Border{Top: 9}); ok {
		t.Errorf("UnitOf accepted a column off the board")
	}
}
