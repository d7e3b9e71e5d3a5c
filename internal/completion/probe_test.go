package completion

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// TestProbeUnbiased: the mean of many probes is Count's exact node count
// and completion count, within four standard errors (each under a tenth
// of the figure), on empty boards and on boards of each generated family
// (fixed seeds: the test is deterministic). A descent that left out the dead squares of a line,
// or drew its child other than uniformly, is off by far more.
func TestProbeUnbiased(t *testing.T) {
	type tc struct {
		name string
		b    *Board
	}
	var tests []tc
	for _, n := range []int{1, 4, 6, 8, 10} {
		tests = append(tests, tc{fmt.Sprintf("empty %d", n), &Board{N: n}})
	}
	gen := func(name string, b *Board, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tests = append(tests, tc{name, b})
	}
	for seed := uint64(1); seed <= 3; seed++ {
		b, err := Preplaced(12, 3, seed)
		gen(fmt.Sprintf("queens 12/3 seed %d", seed), b, err)
		b, err = BlockedSquares(12, 20, seed)
		gen(fmt.Sprintf("blocked 12/20 seed %d", seed), b, err)
		b, err = ExcludedDiagonals(12, 6, seed)
		gen(fmt.Sprintf("diag 12/6 seed %d", seed), b, err)
	}
	const probes = 20000
	for i, tt := range tests {
		count, st, err := Count(context.Background(), tt.b)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewProber(tt.b)
		if err != nil {
			t.Fatal(err)
		}
		rnd := rand.New(rand.NewPCG(uint64(i), 11))
		var sn, sn2, sc, sc2 float64
		for range probes {
			nodes, comps := p.Probe(rnd)
			sn, sn2, sc, sc2 = sn+nodes, sn2+nodes*nodes, sc+comps, sc2+comps*comps
		}
		for _, f := range []struct {
			what       string
			sum, sumsq float64
			exact      uint64
		}{{"nodes", sn, sn2, st.Nodes}, {"completions", sc, sc2, count}} {
			mean := f.sum / probes
			se := math.Sqrt(max(f.sumsq/probes-mean*mean, 0) / (probes - 1))
			exact := float64(f.exact)
			if d := math.Abs(mean - exact); d > 4*se {
				t.Errorf("%s: mean %s of %d probes = %.1f ± %.1f; Count's %d", tt.name, f.what, probes, mean, se, f.exact)
			}
			if se > 0.1*exact {
				t.Errorf("%s: the standard error of %d probes' %s, %.1f, is above a tenth of Count's %d: the test tells nothing", tt.name, probes, f.what, se, f.exact)
			}
		}
	}
}

// TestProbeNoSearch: a board whose root has an empty line estimates 0,
// and a full board one completion and no node, as Count finds.
func TestProbeNoSearch(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 1))
	dead := &Board{N: 4}
	dead.Blocked[2] = 0b1111
	full := &Board{N: 4, Queens: []Square{{0, 1}, {1, 3}, {2, 0}, {3, 2}}}
	for _, tt := range []struct {
		b            *Board
		nodes, comps float64
	}{{dead, 0, 0}, {full, 0, 1}, {&Board{N: 3}, 5, 0}} {
		p, err := NewProber(tt.b)
		if err != nil {
			t.Fatal(err)
		}
		for range 20 {
			if nodes, comps := p.Probe(rnd); comps != tt.comps || tt.b.N == 4 && nodes != tt.nodes {
				t.Fatalf("Probe(\n%v) = %v, %v; want %v, %v", tt.b, nodes, comps, tt.nodes, tt.comps)
			}
		}
	}
	if _, err := NewProber(&Board{N: 65}); err == nil {
		t.Error("NewProber(N = 65) = nil error; want ErrSize")
	}
}

// TestCountWithin: a small board finishes within the trial with Count's
// answer; an empty 20×20 board does not finish in 20 ms and reports the
// nodes it searched; a cancelled context is an error, not a trial.
func TestCountWithin(t *testing.T) {
	ctx := context.Background()
	count, st, done, err := CountWithin(ctx, &Board{N: 8}, time.Minute)
	if err != nil || !done || count != 92 || st.Nodes == 0 {
		t.Errorf("CountWithin(8, 1 min) = %d, %+v, %v, %v; want 92, done", count, st, done, err)
	}
	start := time.Now()
	count, st, done, err = CountWithin(ctx, &Board{N: 20}, 20*time.Millisecond)
	if err != nil || done || count != 0 || st.Nodes == 0 {
		t.Errorf("CountWithin(20, 20 ms) = %d, %+v, %v, %v; want not done, some nodes", count, st, done, err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("CountWithin(20, 20 ms) took %v", el)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, done, err := CountWithin(cctx, &Board{N: 20}, time.Minute); err == nil || done {
		t.Errorf("CountWithin(cancelled) = done %v, %v; want context.Canceled", done, err)
	}
}
