package kernel

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/tally"
)

// countPlan counts every unit of p with one worker and sums the results.
func countPlan(t testing.TB, p *Plan) (total, unique, nodes uint64) {
	t.Helper()
	var w Worker
	for i := range p.Units {
		r, ok := w.CountUnit(p, &p.Units[i])
		if !ok {
			t.Fatalf("n=%d unit %d: CountUnit stopped without a stop flag", p.N, i)
		}
		total += r.Total
		unique += r.Unique
		nodes += r.Nodes
	}
	return total, unique, nodes
}

func TestUnitsSumToOEIS(t *testing.T) {
	a170 := loadOEIS(t, "a000170")
	a2562 := loadOEIS(t, "a002562")
	a2562[0] = 1 // one empty board, one class
	maxN := 13
	if testing.Short() {
		maxN = 11
	}
	for n := 0; n <= maxN; n++ {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		total, unique, nodes := countPlan(t, p)
		if total != a170[n] {
			t.Errorf("units of N=%d: total = %d; want %d", n, total, a170[n])
		}
		if unique != a2562[n] {
			t.Errorf("units of N=%d: unique = %d; want %d", n, unique, a2562[n])
		}
		if n >= 4 && nodes == 0 {
			t.Errorf("units of N=%d: nodes = 0", n)
		}
	}
}

// solve appends to out every completion of the queens already in cols
// (cols[r] = −1 for an empty row), found by the textbook test of each
// square against each queen: a reference that shares no code with the
// kernel.
func solve(cols []int, r int, out *[][]int) {
	n := len(cols)
	if r == n {
		*out = append(*out, slices.Clone(cols))
		return
	}
	if cols[r] >= 0 {
		if safe(cols, r, cols[r]) {
			solve(cols, r+1, out)
		}
		return
	}
	for c := range n {
		if safe(cols, r, c) {
			cols[r] = c
			solve(cols, r+1, out)
			cols[r] = -1
		}
	}
}

// safe reports whether a queen on (r, c) attacks none of the queens of
// cols in other rows.
func safe(cols []int, r, c int) bool {
	for r2, c2 := range cols {
		if r2 == r || c2 < 0 {
			continue
		}
		d := r2 - r
		if c2 == c || c2-c == d || c-c2 == d {
			return false
		}
	}
	return true
}

func key(cols []int) string {
	b := make([]byte, len(cols))
	for i, c := range cols {
		b[i] = byte(c)
	}
	return string(b)
}

// transform returns the image of the placement cols under symmetry s.
func transform(cols []int, s int) []int {
	m := len(cols) - 1
	img := make([]int, len(cols))
	for r, c := range cols {
		r2, c2 := apply(s, m, r, c)
		img[r2] = c2
	}
	return img
}

// TestUnitsCoverSolutions checks the decomposition itself for small N:
// the solutions of each unit (found by the reference with the border
// queens placed), expanded by the 8 symmetries, are exactly Total
// distinct solutions; the expansions of different units are disjoint;
// together they are the set of all solutions; and each unit's Unique
// is the number of classes its solutions meet.
func TestUnitsCoverSolutions(t *testing.T) {
	for n := 1; n <= 10; n++ {
		var all [][]int
		solve(slices.Repeat([]int{-1}, n), 0, &all)
		want := map[string]bool{}
		for _, s := range all {
			want[key(s)] = true
		}
		p, _ := NewPlan(n)
		var w Worker
		got := map[string]int{} // solution → unit that covers it
		for i := range p.Units {
			u := &p.Units[i]
			cols := slices.Repeat([]int{-1}, n)
			b := u.Border
			cols[0], cols[n-1] = int(b.Top), int(b.Bottom)
			if n > 1 {
				if cols[b.Left] >= 0 && cols[b.Left] != 0 || cols[b.Right] >= 0 && cols[b.Right] != n-1 {
					t.Fatalf("n=%d unit %d: border %+v is inconsistent", n, i, b)
				}
				cols[b.Left], cols[b.Right] = 0, n-1
			}
			var sols [][]int
			solve(cols, 0, &sols)
			images := map[string]bool{}
			classes := map[string]bool{}
			for _, s := range sols {
				canon := ""
				for g := range 8 {
					k := key(transform(s, g))
					images[k] = true
					if canon == "" || k < canon {
						canon = k
					}
				}
				classes[canon] = true
			}
			for k := range images {
				if j, dup := got[k]; dup {
					t.Fatalf("n=%d: units %d and %d both cover a solution", n, j, i)
				}
				got[k] = i
			}
			r, _ := w.CountUnit(p, u)
			if r.Total != uint64(len(images)) {
				t.Errorf("n=%d unit %d (%+v, weight %d): Total = %d; its %d solutions have %d images", n, i, b, u.Weight, r.Total, len(sols), len(images))
			}
			if r.Unique != uint64(len(classes)) {
				t.Errorf("n=%d unit %d (%+v): Unique = %d; its solutions meet %d classes", n, i, b, r.Unique, len(classes))
			}
		}
		if len(got) != len(want) {
			t.Errorf("n=%d: the units cover %d solutions; want %d", n, len(got), len(want))
		}
		for k := range want {
			if _, ok := got[k]; !ok {
				t.Errorf("n=%d: solution %v is in no unit", n, []byte(k))
				break
			}
		}
	}
}

// TestPlain checks the baseline against the data.
func TestPlain(t *testing.T) {
	a170 := loadOEIS(t, "a000170")
	for n := 0; n <= 12; n++ {
		if got, _ := Plain(n); got != a170[n] {
			t.Errorf("Plain(%d) = %d; want %d", n, got, a170[n])
		}
	}
}

func TestRunWorkers(t *testing.T) {
	p, _ := NewPlan(13)
	wantT, wantU, wantN := countPlan(t, p)
	todo := make([]int, len(p.Units))
	for i := range todo {
		todo[i] = i
	}
	for _, workers := range []int{1, 2, 3} {
		var total, unique, nodes uint64
		seen := make([]bool, len(p.Units))
		err := Run(context.Background(), p, todo, workers, func(i int, r tally.UnitResult) {
			if seen[i] {
				t.Errorf("unit %d reported twice", i)
			}
			seen[i] = true
			if r.ID != i {
				t.Errorf("unit %d reported with ID %d", i, r.ID)
			}
			total += r.Total
			unique += r.Unique
			nodes += r.Nodes
		})
		if err != nil {
			t.Fatal(err)
		}
		if total != wantT || unique != wantU || nodes != wantN {
			t.Errorf("Run(13, %d workers) = %d, %d, %d nodes; want %d, %d, %d", workers, total, unique, nodes, wantT, wantU, wantN)
		}
	}
}

func TestRunCancel(t *testing.T) {
	p, _ := NewPlan(21)
	todo := make([]int, len(p.Units))
	for i := range todo {
		todo[i] = i
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	err := Run(ctx, p, todo, 2, func(int, tally.UnitResult) {})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run(21) after cancel: error = %v; want context.Canceled", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Run(21) returned %v after the cancel; want promptly", d)
	}
}

func TestCountUnitStop(t *testing.T) {
	p, _ := NewPlan(18)
	var stop atomic.Bool
	stop.Store(true)
	w := Worker{Stop: &stop}
	if _, ok := w.CountUnit(p, &p.Units[0]); ok {
		t.Errorf("CountUnit with Stop set: ok = true; want false (unit 0 of N=18 is large)")
	}
}

func TestCountUnitAllocs(t *testing.T) {
	// N = 12 takes searchSym for most units; N = 13 the wave, and
	// symcount.Fixed for the units with a rotation in their stabilizer.
	for _, n := range []int{12, 13} {
		p, _ := NewPlan(n)
		var w Worker
		w.CountUnit(p, &p.Units[0]) // allocates the wave's buffers, once
		allocs := testing.AllocsPerRun(5, func() {
			for i := range p.Units {
				w.CountUnit(p, &p.Units[i])
			}
		})
		if allocs != 0 {
			t.Errorf("N=%d: CountUnit allocates %.1f times per plan; want 0", n, allocs)
		}
	}
}

// TestSearchMatchesSym checks the fast search against the slow path,
// unit by unit, where both apply (the fast one needs nestTop−1 free rows,
// so the cover test above, N ≤ 10, runs only the slow one).
func TestSearchMatchesSym(t *testing.T) {
	for _, n := range []int{12, 13, 14} {
		p, _ := NewPlan(n)
		var w Worker
		fast := 0
		for i := range p.Units {
			u := &p.Units[i]
			w.s.init(n, u.Border)
			if w.s.m < nestTop-1 {
				continue
			}
			got, _, _ := w.search()
			want, _, _, _, _ := w.searchSym(u)
			if got != want {
				t.Errorf("n=%d unit %d (%+v): search = %d solutions; searchSym = %d", n, i, u.Border, got, want)
			}
			fast++
		}
		if fast == 0 {
			t.Errorf("n=%d: no unit has %d free rows", n, nestTop-1)
		}
	}
}
