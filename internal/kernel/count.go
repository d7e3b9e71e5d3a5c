package kernel

import (
	"context"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/nqueens/nqueens/internal/symcount"
	"github.com/nqueens/nqueens/internal/tally"
)

//go:generate go run gen_nest.go

// pollMask sets how often the search polls Worker.Stop: once every
// pollMask+1 dead ends (a few milliseconds of work).
const pollMask = 1<<16 - 1

// Worker holds the scratch space of one goroutine; reuse it across units
// so that counting allocates nothing.
type Worker struct {
	// Stop, if not nil, is polled every few milliseconds of work (by
	// searchWave once per pass over a level with at least pollRows free
	// rows; by the depth-first searches every 65,536 dead ends or on
	// returning to such a level); when it is set, CountUnit returns
	// early with ok = false.
	Stop *atomic.Bool

	s setup
	// The explicit stack of the search, one entry per free row: the
	// columns and the two diagonal directions taken by the queens
	// above, and the squares of the row not tried yet.
	col, ld, rd, free [MaxN]uint64 // searchSym's stack
	st                [MaxN]frame  // search's stack
	lv                [MaxN]level  // search's row constants, by rows left
	sols, nodes       uint64       // search's counts
	top               int          // search's first level
	wave              *waveBufs    // searchWave's buffers
	stopped           bool         // searchWave saw Stop
	// cols[k] is the column of the queen in free row k (slow search only).
	cols [MaxN]int8
}

// CountUnit counts the solutions in unit u of p: its result has u's ID,
// its Total is weighted by u.Weight and summed over the plan's units
// Total and Unique give A000170 and A002562. It reports ok = false, and
// a result to be discarded, when w.Stop was set during the count.
func (w *Worker) CountUnit(p *Plan, u *Unit) (res tally.UnitResult, ok bool) {
	n := p.N
	if n <= 1 {
		return tally.UnitResult{ID: u.ID, Total: 1, Unique: 1, Nodes: uint64(n)}, true
	}
	w.s.init(n, u.Border)
	sq, k := u.Border.squares(n)
	var sols, fix180, fix90, nodes uint64
	rot := u.Stab&(1<<symRot90|1<<symRot180|1<<symRot270) != 0
	switch {
	case w.s.m >= nestTop-1 && n <= waveMaxN:
		// The wave counts the unit's solutions, and symcount those a
		// rotation fixes (far fewer: a search of about the square
		// root of the nodes).
		sols, nodes, ok = w.searchWave()
		if ok && rot {
			fix180, fix90 = symcount.Fixed(n, sq[:k], u.Stab&(1<<symRot90) != 0)
		}
	case rot || w.s.m < nestTop-1:
		sols, fix180, fix90, nodes, ok = w.searchSym(u)
	default:
		sols, nodes, ok = w.search()
	}
	if !ok {
		return res, false
	}
	nodes += uint64(k)
	// Burnside: the classes met are the orbits of the stabilizer H on
	// the unit's solutions, (1/|H|)·Σ_{h∈H} fix(h). No solution of a
	// board with N ≥ 2 is fixed by a reflection.
	h := uint64(bits.OnesCount8(u.Stab))
	orbits := sols
	if u.Stab&(1<<symRot180) != 0 {
		orbits += fix180
	}
	if u.Stab&(1<<symRot90) != 0 {
		orbits += 2 * fix90
	}
	if orbits%h != 0 {
		panic(fmt.Sprintf("kernel: n=%d unit %d: %d solutions, fixes %d/%d do not divide by %d", n, u.ID, sols, fix180, fix90, h))
	}
	return tally.UnitResult{ID: u.ID, Total: sols * u.Weight, Unique: orbits / h, Nodes: nodes}, true
}

// A frame is one saved level of the fast search's stack: the masks of
// the queens above the level's row (col, ld, rd) and the squares of the
// row not tried yet (free), stored when the search descends from it.
type frame struct {
	col, ld, rd, free uint64
}

// A level holds the constants of one free row for the fast search: the
// distance in board rows to the next free row (shift) and the squares
// the border queens attack in that row (next), and the same for the
// free row after it (shift2, the distance to it, and next2), for the
// look-ahead.
type level struct {
	shift, next   uint64
	shift2, next2 uint64
}

// search counts the completions of the border set up in w.s with the
// depth-first iterative kernel; it needs at least nestTop−1 free rows.
// CountUnit runs searchWave instead for N ≤ 32 (the same nodes in
// another order, 0.13–0.16× the time with AVX2); search counts N > 32
// and is the reference the wave is tested against. Bit c of
// a mask is column c. Level j is the free row with j free rows left, itself
// included: the search starts at j = m. The state of the current level
// lives in locals: the columns (col) and the two diagonal directions
// (ld: moves one column up per row, rd: one column down) taken by the
// queens above it, shifted to its row, and f, its squares not tried
// yet. Descending saves them in st[j]; a dead end reloads them. lv[j]
// holds the row's constants (see level): shifts are 1, or 2 and 3
// across the rows of the left and right border queens.
//
// col has every bit above column n−1 set, so ^(col|ld|rd|mask) is the
// free squares of a row without an "& full". A queen is only placed
// when its row below has a free square and so does the row after that
// (the look-ahead la, checked with the masks before that row's queen).
// Below level nestTop the search goes on in nest (nest.go, written by
// gen_nest.go): one loop per level, nested, with the masks in
// registers, down to the last three rows, which are counted without a
// push (a loop over the up to three squares of row 3, and for each the
// last two rows without a branch).
//
// The loop's shape is the one that measured fastest: the current
// level's masks in locals, levels numbered by the rows left (so the end
// test is against a constant), Stop polled only on dead ends that
// return to level ≥ pollRows, the counters of the rare paths in the
// Worker, the row constants read from w.lv where they are used (copied
// into locals, they made the register allocator spill the loop masks),
// f &= f−1 to take a square, and the look-ahead one row deep. Units with
// fewer than nestTop−1 free rows (N ≤ 12 only) take searchSym. What was
// tried here and did not pay, each with its figure, is in doc.go ("What
// a node costs, and what did not pay"); BenchmarkCount times the kernel.
//
// `sh & 63` removes the compiler's guard for shifts ≥ 64, and `&
// (MaxN−1)` on the level index the bounds checks
// (go build -gcflags=-d=ssa/check_bce finds none in the loop).
func (w *Worker) search() (sols, nodes uint64, ok bool) {
	s := &w.s
	m := s.m
	st := &w.st
	lv := &w.lv
	for k := range m - 1 {
		j := (m - k) & (MaxN - 1)
		lv[j] = level{shift: uint64(s.shift[k]), next: s.mask[(k+1)&(MaxN-1)]}
		if k+2 < m {
			lv[j].shift2 = uint64(s.shift[k] + s.shift[(k+1)&(MaxN-1)])
			lv[j].next2 = s.mask[(k+2)&(MaxN-1)]
		}
	}
	w.sols, w.nodes = 0, 0
	// A dead end that returns to a level at least pollRows polls
	// w.Stop (its subtrees hold fewer than pollRows rows, a few
	// milliseconds; units with fewer free rows are shorter).
	j := m & (MaxN - 1)
	w.top = j
	col := s.col | ^s.full
	var ld, rd uint64
	f := ^(col | s.mask[0])
	if j == nestTop-1 {
		// The first free row is nest's top row (N = 13): nest counts
		// its squares as nodes.
		if f == 0 {
			return 0, 0, true
		}
		sols, nodes = w.nest(col, 0, 0, f)
		return sols, nodes, true
	}
	nodes = uint64(bits.OnesCount64(f))
	for {
		if f == 0 {
			j = (j + 1) & (MaxN - 1)
			if j > w.top {
				break
			}
			if j >= pollRows && w.Stop != nil && w.Stop.Load() {
				return 0, 0, false
			}
			fr := &st[j]
			col, ld, rd, f = fr.col, fr.ld, fr.rd, fr.free
			continue
		}
		bit := f & -f
		f ^= bit
		L := &lv[j&(MaxN-1)]
		sh := L.shift & 63
		c := col | bit
		lb, rb := ld|bit, rd|bit
		l := lb << sh
		r := rb >> sh
		nf := ^(c | l | r | L.next)
		sh2 := L.shift2 & 63
		la := ^(c | lb<<sh2 | rb>>sh2 | L.next2)
		if nf == 0 || la == 0 {
			continue
		}
		if j == nestTop {
			s, n := w.nest(c, l, r, nf)
			w.sols += s
			w.nodes += n
			continue
		}
		w.nodes += uint64(bits.OnesCount64(nf))
		st[j&(MaxN-1)] = frame{col, ld, rd, f}
		j = (j - 1) & (MaxN - 1)
		col, ld, rd, f = c, l, r, nf
	}
	return w.sols, nodes + w.nodes, true
}

// pollRows bounds the subtrees the search completes between two polls
// of Worker.Stop.
const pollRows = 12

// searchSym is search for the units whose border is symmetric under a
// rotation, and for tiny boards: it also records the columns, and
// counts the solutions fixed by the half turn and by the quarter turn.
// It is the slow path (these units are O(N²) of O(N⁴)).
func (w *Worker) searchSym(u *Unit) (sols, fix180, fix90, nodes uint64, ok bool) {
	s := &w.s
	n := s.n
	full := s.full
	m := s.m
	if m == 0 {
		sols = 1 // the border queens fill the board (N = 4)
	}
	var board [MaxN]int8
	sq, nq := u.Border.squares(n)
	for _, q := range sq[:nq] {
		board[q[0]] = int8(q[1])
	}
	var dead uint32
	k := 0
	if m > 0 {
		w.col[0], w.ld[0], w.rd[0] = s.col, 0, 0
		w.free[0] = full &^ (s.col | s.mask[0])
	}
	for m > 0 {
		f := w.free[k]
		if f == 0 {
			if k == 0 {
				break
			}
			k--
			dead++
			if dead&pollMask == 0 && w.Stop != nil && w.Stop.Load() {
				return 0, 0, 0, 0, false
			}
			continue
		}
		bit := f & -f
		w.free[k] = f ^ bit
		nodes++
		w.cols[k] = int8(bits.TrailingZeros64(bit))
		if k == m-1 {
			sols++
			for i := range m {
				board[s.rows[i]] = w.cols[i]
			}
			if symmetric(board[:n], symRot180) {
				fix180++
				if symmetric(board[:n], symRot90) {
					fix90++
				}
			}
			continue
		}
		sh := s.shift[k]
		c := w.col[k] | bit
		l := (w.ld[k] | bit) << sh
		r := (w.rd[k] | bit) >> sh
		k++
		w.col[k], w.ld[k], w.rd[k] = c, l, r
		w.free[k] = full &^ (c | l | r | s.mask[k])
	}
	if m == 0 && symmetric(board[:n], symRot180) {
		fix180++
		if symmetric(board[:n], symRot90) {
			fix90++
		}
	}
	return sols, fix180, fix90, nodes, true
}

// symmetric reports whether the placement cols (row r's queen in column
// cols[r]) is its own image under the rotation s.
func symmetric(cols []int8, s int) bool {
	m := len(cols) - 1
	for r, c := range cols {
		r2, c2 := apply(s, m, r, int(c))
		if int(cols[r2]) != c2 {
			return false
		}
	}
	return true
}

// Run counts the units listed in todo (indexes into p.Units) with the
// given number of goroutines, calling done (from any goroutine, one call
// at a time) with i and its result (whose ID is i) as each unit
// finishes. Units are started in the order of
// todo, so a todo sorted by falling Cost keeps the workers busy to the
// end. More workers than units are not started. It returns ctx.Err()
// if ctx is cancelled; units that finished before that have been
// reported.
func Run(ctx context.Context, p *Plan, todo []int, workers int, done func(i int, r tally.UnitResult)) error {
	workers = max(1, min(workers, len(todo)))
	var next atomic.Int64
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := new(Worker)
			w.Stop = &stop
			// ctx.Err() too: AfterFunc sets stop from another
			// goroutine, later than a cancel made in done, and units
			// of small N are microseconds.
			for !stop.Load() && ctx.Err() == nil {
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

// b2u is 1 if b is true and 0 if not; the compiler makes it a SETcc,
// not a branch.
func b2u(b bool) uint64 {
	var x uint64
	if b {
		x = 1
	}
	return x
}
