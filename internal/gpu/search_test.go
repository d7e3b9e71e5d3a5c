package gpu

import (
	"testing"

	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/tally"
)

// cpuResults returns the CPU kernel's result of every unit of p.
func cpuResults(t *testing.T, p *kernel.Plan) []tally.UnitResult {
	t.Helper()
	var w kernel.Worker
	out := make([]tally.UnitResult, len(p.Units))
	for i := range p.Units {
		r, ok := w.CountUnit(p, &p.Units[i])
		if !ok {
			t.Fatal("CountUnit stopped")
		}
		out[i] = r
	}
	return out
}

// TestExpandMatchesKernel checks the host's expansion, the device's
// search (in Go) and the reduction against the CPU kernel, unit by
// unit, for every unit of n = 4..12 at several depths.
func TestExpandMatchesKernel(t *testing.T) {
	for n := 4; n <= 12; n++ {
		p, err := kernel.NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		want := cpuResults(t, p)
		for _, depth := range []int{0, 1, 3, 30} {
			var b batch
			for i := range p.Units {
				if err := b.add(p, i, depth); err != nil {
					t.Fatal(err)
				}
			}
			counts := make([]count, len(b.tasks))
			for i, tk := range b.tasks {
				counts[i] = searchTask(&b.units[tk.unit], tk)
			}
			for k, id := range b.ids {
				got, err := b.finish(p, k, counts)
				if err != nil || got != want[id] {
					t.Fatalf("n=%d depth %d: unit %d = %+v, %v; want %+v", n, depth, id, got, err, want[id])
				}
			}
		}
	}
}
