package kernel

import (
	"context"
	"math/bits"
	"sync"
	"sync/atomic"
)

// A UnitResult is what counting one unit found. Solutions and Unique are
// raw counts inside the unit, before weighting: the unit stands for
// Solutions·Weight solutions of the whole board, and Unique canonical
// ones (each symmetry class has its canonical member in exactly one unit).
type UnitResult struct {
	Solutions uint64
	Unique    uint64
	Nodes     uint64
}

// Worker holds the scratch space of one goroutine; reuse it across units
// so that counting allocates nothing.
type Worker struct {
	// Stop, if not nil, is polled every 65,536 backtracks; when it is
	// set, CountUnit returns early with ok = false.
	Stop *atomic.Bool

	n    int
	cols [MaxN]int8
	img  [MaxN]int8
	// explicit stack: free squares left and masks per row
	free, col, left, right [MaxN + 1]uint64
}

// CountUnit counts the solutions in unit u of p. It reports ok = false,
// and a result to be discarded, when w.Stop was set during the count.
func (w *Worker) CountUnit(p *Plan, u *Unit) (res UnitResult, ok bool) {
	n := p.N
	w.n = n
	if n == 0 {
		return UnitResult{Solutions: 1, Unique: 1}, true
	}
	full := ^uint64(0) >> (64 - uint(n))
	var cols, left, right uint64
	for r, c := range u.Prefix {
		bit := uint64(1) << uint(c)
		if (cols|left|right)&bit != 0 {
			return res, true // the prefix itself is attacked
		}
		w.cols[r] = c
		res.Nodes++
		cols |= bit
		left = (left | bit) << 1 & full
		right = (right | bit) >> 1
	}
	start := len(u.Prefix)
	if start == n {
		res.Solutions = 1
		if w.canonical() {
			res.Unique = 1
		}
		return res, true
	}
	// Iterative depth-first search from row start.
	r := start
	w.col[r], w.left[r], w.right[r] = cols, left, right
	w.free[r] = full &^ (cols | left | right)
	var nodes, sols, uniq uint64
	var backtracks uint32
	last := n - 1
	for {
		f := w.free[r]
		if f == 0 {
			if r == start {
				break
			}
			r--
			backtracks++
			if backtracks&0xffff == 0 && w.Stop != nil && w.Stop.Load() {
				return res, false
			}
			continue
		}
		bit := f & -f
		w.free[r] = f &^ bit
		nodes++
		w.cols[r] = int8(bits.TrailingZeros64(bit))
		if r == last {
			sols++
			if w.canonical() {
				uniq++
			}
			continue
		}
		c, l, rt := w.col[r]|bit, (w.left[r]|bit)<<1&full, (w.right[r]|bit)>>1
		r++
		w.col[r], w.left[r], w.right[r] = c, l, rt
		w.free[r] = full &^ (c | l | rt)
	}
	res.Nodes += nodes
	res.Solutions, res.Unique = sols, uniq
	return res, true
}

// canonical reports whether the solution in w.cols is the
// lexicographically smallest of its 8 images.
func (w *Worker) canonical() bool {
	n := w.n
	m := int8(n - 1)
	cols := w.cols[:n]
	img := w.img[:n]
	for s := 1; s < 8; s++ {
		for r, c := range cols {
			r8 := int8(r)
			var r2, c2 int8
			switch s {
			case 1: // rotate 90
				r2, c2 = c, m-r8
			case 2: // rotate 180
				r2, c2 = m-r8, m-c
			case 3: // rotate 270
				r2, c2 = m-c, r8
			case 4: // mirror columns
				r2, c2 = r8, m-c
			case 5: // mirror rows
				r2, c2 = m-r8, c
			case 6: // transpose
				r2, c2 = c, r8
			case 7: // anti-transpose
				r2, c2 = m-c, m-r8
			}
			img[r2] = c2
		}
		for r := range cols {
			if img[r] != cols[r] {
				if img[r] < cols[r] {
					return false
				}
				break
			}
		}
	}
	return true
}

// Run counts the units listed in todo (indexes into p.Units) with the
// given number of goroutines, calling done (from any goroutine, one call
// at a time) as each unit finishes. It returns ctx.Err() if ctx is
// cancelled; units that finished before that have been reported.
func Run(ctx context.Context, p *Plan, todo []int, workers int, done func(i int, r UnitResult)) error {
	if workers < 1 {
		workers = 1
	}
	var next atomic.Int64
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := Worker{Stop: &stop}
			for !stop.Load() {
				k := int(next.Add(1) - 1)
				if k >= len(todo) {
					return
				}
				i := todo[k]
				r, ok := w.CountUnit(p, &p.Units[i])
				if !ok {
					return
				}
				mu.Lock()
				done(i, r)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}
