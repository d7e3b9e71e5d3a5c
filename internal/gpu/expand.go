package gpu

import (
	"fmt"
	"math/bits"

	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/tally"
)

// A batch is the device's input for some units of a plan: their
// constants, their sub-tasks in unit order, and what the host counted
// in the rows it placed above the sub-tasks.
type batch struct {
	ids   []int     // plan unit ids, by index in the batch
	units []devUnit // by index in the batch
	tasks []task    // in unit order
	end   []int     // end[k]: one past the last task of unit k
	host  []count   // what the host's expansion of unit k counted

	// limit, if not 0, is the most tasks add lets one unit have: it
	// stops expanding past it and fails, so that a unit too large for
	// the device's memory costs no more host memory than that.
	limit int
	over  bool // the unit being expanded passed limit
}

// reset empties b, keeping its memory.
func (b *batch) reset() {
	b.ids, b.units, b.tasks, b.end, b.host = b.ids[:0], b.units[:0], b.tasks[:0], b.end[:0], b.host[:0]
}

// taskLevel returns the level the sub-tasks of a unit with m free rows
// start at when the host places depth rows: never above maxTaskLevel
// (the device's stack), never below 3 (the host places only rows that
// have the look-ahead's two rows below them, as the device does).
func taskLevel(m, depth int) int {
	return min(max(m-depth, 3), maxTaskLevel, m)
}

// tooMany is the error of add for a unit with more than limit tasks.
type tooMany struct{ id, depth, limit int }

func (e *tooMany) Error() string {
	return fmt.Sprintf("unit %d has more than %d sub-tasks at depth %d, the most the device memory bound leaves room for", e.id, e.limit, e.depth)
}

// add appends unit id of p, expanded on the host down to
// taskLevel(m, depth): each placement of the rows above that level
// that the search would reach becomes a task. The rows placed count
// their nodes here, with the search's rules (count.cu): a node per free
// square of each row entered, and a queen of level j ≥ 4 enters its row
// below only when that row keeps a free square and, with the
// look-ahead, so does the row after it.
func (b *batch) add(p *kernel.Plan, id, depth int) error {
	if p.N > MaxN {
		return fmt.Errorf("n = %d is above the device code's %d", p.N, MaxN)
	}
	s, err := p.SearchSetup(id)
	if err != nil {
		return err
	}
	u := newDevUnit(&s)
	k := uint32(len(b.units))
	b.ids = append(b.ids, id)
	b.units = append(b.units, u)
	var h count
	start := len(b.tasks)
	b.over = false
	if s.M == 0 {
		h.sols = 1 // the border queens fill the board (n = 4)
	} else {
		b.expand(&u, k, s.M, taskLevel(s.M, depth), u.col, 0, 0, ^(u.col | u.mask[s.M]), &h)
	}
	if b.over {
		b.tasks = b.tasks[:start]
		b.ids, b.units = b.ids[:k], b.units[:k]
		return &tooMany{id, depth, b.limit}
	}
	b.host = append(b.host, h)
	b.end = append(b.end, len(b.tasks))
	return nil
}

// expand places the rows of levels j down to target+1 of unit k (u),
// whose row of level j is entered with masks c, l, r and free squares
// f, adding the nodes of those rows to h and a task for each row of
// level target entered.
func (b *batch) expand(u *devUnit, k uint32, j, target int, c, l, r, f uint32, h *count) {
	if b.over {
		return
	}
	if j == target {
		if f != 0 {
			if b.limit > 0 && len(b.tasks)-b.first(int(k)) >= b.limit {
				b.over = true
				return
			}
			b.tasks = append(b.tasks, task{unit: k, level: uint32(j), col: c, ld: l, rd: r, free: f})
		}
		return
	}
	h.nodes += uint64(bits.OnesCount32(f))
	for f != 0 {
		bit := f & -f
		f ^= bit
		cc, nl, nr, nf, ok := u.child(j, c, l, r, bit)
		if !ok {
			continue
		}
		b.expand(u, k, j-1, target, cc, nl, nr, nf, h)
	}
}

// first returns the index of unit k's first task (for the unit being
// added, k = len(b.end), the end of the tasks before it).
func (b *batch) first(k int) int {
	if k == 0 {
		return 0
	}
	return b.end[k-1]
}

// merge appends the units of o, and their tasks, to b.
func (b *batch) merge(o *batch) {
	base := uint32(len(b.units))
	off := len(b.tasks)
	b.ids = append(b.ids, o.ids...)
	b.units = append(b.units, o.units...)
	b.host = append(b.host, o.host...)
	for _, e := range o.end {
		b.end = append(b.end, e+off)
	}
	for _, t := range o.tasks {
		t.unit += base
		b.tasks = append(b.tasks, t)
	}
}

// finish returns unit k's result from counts, the counts of the batch's
// tasks by index (only unit k's are read): it checks each task's count
// (count.check), sums them with what the host counted, composes the
// unit's result as the CPU kernel does (kernel.Plan.Compose) and
// checks it with the CPU kernel's rules (kernel.Plan.CheckResult). A
// result that fails is refused, as a bad checkpoint record is; its
// error wraps kernel.ErrImplausible.
func (b *batch) finish(p *kernel.Plan, k int, counts []count) (tally.UnitResult, error) {
	id := b.ids[k]
	sum := b.host[k]
	for i := b.first(k); i < b.end[k]; i++ {
		c := counts[i]
		if err := c.check(&b.tasks[i]); err != nil {
			return tally.UnitResult{}, fmt.Errorf("%w: unit %d: %v", kernel.ErrImplausible, id, err)
		}
		var c1, c2 uint64
		sum.sols, c1 = bits.Add64(sum.sols, c.sols, 0)
		sum.nodes, c2 = bits.Add64(sum.nodes, c.nodes, 0)
		if c1|c2 != 0 {
			return tally.UnitResult{}, fmt.Errorf("%w: unit %d: the sub-tasks' counts overflow 64 bits", kernel.ErrImplausible, id)
		}
	}
	r, err := p.Compose(id, sum.sols, sum.nodes)
	if err != nil {
		return tally.UnitResult{}, err
	}
	if err := p.CheckResult(id, r.Total, r.Unique); err != nil {
		return tally.UnitResult{}, err
	}
	return r, nil
}
