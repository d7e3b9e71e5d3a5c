package gpu

import (
	"math/bits"
	"testing"

	"github.com/nqueens/nqueens/internal/kernel"
)

// searchTask is count.cu's search of one task, in Go: the fake device
// of the tests runs it, and TestExpandMatchesKernel holds it and the
// host's expansion to the CPU kernel.
func searchTask(u *devUnit, t task) count {
	c, l, r, f := t.col, t.ld, t.rd, t.free
	j, top := t.level, t.level
	out := count{nodes: uint64(bits.OnesCount32(f))}
	switch {
	case j == 1:
		out.sols = out.nodes
		return out
	case j == 2:
		sh := u.shift[2]
		for ; f != 0; f &= f - 1 {
			b := f & -f
			k := uint64(bits.OnesCount32(^(c | b | (l|b)<<sh | (r|b)>>sh | u.mask[1])))
			out.nodes += k
			out.sols += k
		}
		return out
	case j > maxTaskLevel:
		return count{}
	}
	var st [stackLevels][4]uint32
	for {
		if f == 0 {
			if j == top {
				return out
			}
			j++
			c, l, r, f = st[j-4][0], st[j-4][1], st[j-4][2], st[j-4][3]
			continue
		}
		b := f & -f
		f ^= b
		if j == 3 {
			sh := u.shift[3]
			c2, l2, r2 := c|b, (l|b)<<sh, (r|b)>>sh
			nf2 := ^(c2 | l2 | r2 | u.mask[2])
			rem := ^c2
			lo := rem & -rem
			hi := rem ^ lo
			s2 := u.shift[2]
			a1 := rem &^ ((l2|lo)<<s2 | (r2|hi)>>s2 | u.mask[1])
			var s uint64
			if nf2&lo|a1&hi == rem {
				s++
			}
			if nf2&hi|a1&lo == rem {
				s++
			}
			out.sols += s
			out.nodes += uint64(bits.OnesCount32(nf2)) + s
			continue
		}
		sh := u.shift[j]
		cc, lb, rb := c|b, l|b, r|b
		nl, nr := lb<<sh, rb>>sh
		nf := ^(cc | nl | nr | u.mask[j-1])
		if nf == 0 {
			continue
		}
		if u.lookahead {
			sh2 := sh + u.shift[j-1]
			if ^(cc | lb<<sh2 | rb>>sh2 | u.mask[j-2]) == 0 {
				continue
			}
		}
		out.nodes += uint64(bits.OnesCount32(nf))
		st[j-4] = [4]uint32{c, l, r, f}
		j--
		c, l, r, f = cc, nl, nr, nf
	}
}

// cpuResults returns the CPU kernel's result of every unit of p.
func cpuResults(t *testing.T, p *kernel.Plan) []kernel.UnitResult {
	t.Helper()
	var w kernel.Worker
	out := make([]kernel.UnitResult, len(p.Units))
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
