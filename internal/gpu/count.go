package gpu

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/tally"
)

// Options tunes Count. The zero value means the defaults.
type Options struct {
	// MaxMemory bounds the device memory Count allocates, in bytes
	// (default DefaultMaxMemory; never more than half the memory the
	// device had free when it was opened). Count plans its buffers
	// before allocating and fails if one unit's sub-tasks do not fit.
	MaxMemory int64
	// Depth is the number of rows the host places in each unit before
	// the device takes over (default DefaultDepth(n)): each placement
	// that the search reaches is one sub-task.
	Depth int
	// LaunchTime is the time one launch aims at (default 200 ms); a
	// cancelled count stops the launch in flight (Device.Launch).
	LaunchTime time.Duration
	// Blocks is the number of blocks of a launch (default 8 per
	// multiprocessor); threads take tasks from a shared counter, so
	// more blocks than fit at once only wait.
	Blocks int
	// Workers is the number of goroutines that expand units on the
	// host (default GOMAXPROCS).
	Workers int
}

// DefaultMaxMemory is the device memory Count uses by default.
const DefaultMaxMemory = 1 << 30

// DefaultDepth returns the rows the host places by default for an n×n
// board: two up to n = 20, then one more every two n, so that the
// sub-tasks grow in number with n (about 3 million at n = 18 with 3
// rows; measured on the host) while each stays short enough for a
// launch of a fraction of a second. Not yet tuned on a device.
func DefaultDepth(n int) int {
	return max(2, (n-15)/2)
}

// Count counts the units todo (indexes into p.Units) on dev and calls
// done (from the calling goroutine) with each unit's result as soon as
// all its sub-tasks are counted, in the order of todo. Each result is
// what kernel.Worker.CountUnit returns for the unit, and is checked
// before done sees it: every sub-task's count, then the unit's total
// and unique count with the CPU kernel's rules (kernel.Plan.CheckResult):
// a result that fails is refused with an error wrapping
// kernel.ErrImplausible, and nothing of it is reported.
//
// Launches are sized to take about opt.LaunchTime, and a launch in
// flight when ctx ends stops early (Device.Launch: the kernel polls a
// stop flag between sub-tasks and within long ones): Count returns
// ctx.Err() within a second, the units finished before that launch
// reported and nothing of that launch read. A device error (allocation, copy,
// launch) is returned as it is; the units reported before it stand.
// Count serves boards of n = 2..MaxN (a row is a 32-bit word on the
// device).
func Count(ctx context.Context, dev Device, p *kernel.Plan, todo []int, opt Options, done func(i int, r tally.UnitResult)) error {
	if err := checkTodo(p, todo); err != nil || len(todo) == 0 {
		return cmp.Or(err, ctx.Err())
	}
	return countOn(ctx, dev, p, &source{todo: todo, take: expandChunk}, len(todo), opt, done)
}

// CountDevices is Count on several devices at once, one goroutine
// each: they take units from todo, in its order, a few at a time, so
// that they end together. done is called one call at a time, from any
// of those goroutines, in no fixed order. opt applies to each device
// (MaxMemory bounds each one's memory). The first error stops the
// other devices after their launch in flight and is returned.
func CountDevices(ctx context.Context, devs []Device, p *kernel.Plan, todo []int, opt Options, done func(i int, r tally.UnitResult)) error {
	if len(devs) == 0 {
		return errors.New("no device to count on")
	}
	if err := checkTodo(p, todo); err != nil || len(todo) == 0 {
		return cmp.Or(err, ctx.Err())
	}
	// Small takes near the end keep one device from holding the last
	// long units alone; 256 at most, for the host's expansion.
	src := &source{todo: todo, take: min(expandChunk, max(1, len(todo)/(8*len(devs))))}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, dev := range devs {
		wg.Go(func() {
			err := countOn(ctx, dev, p, src, len(todo), opt, func(i int, r tally.UnitResult) {
				mu.Lock()
				defer mu.Unlock()
				done(i, r)
			})
			if err != nil {
				cancel(err)
			}
		})
	}
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return err
	}
	return nil
}

// checkTodo checks the board and the unit ids of a count.
func checkTodo(p *kernel.Plan, todo []int) error {
	if p.N < 2 || p.N > MaxN {
		return fmt.Errorf("the GPU counts boards of n = 2..%d, not %d", MaxN, p.N)
	}
	for _, i := range todo {
		if i < 0 || i >= len(p.Units) {
			return fmt.Errorf("unit %d is not among the plan's %d units", i, len(p.Units))
		}
	}
	return nil
}

// A source hands out the units of a count, take at a time, to one
// device or several.
type source struct {
	mu   sync.Mutex
	todo []int
	take int
}

// next returns the next units to count, none when all are handed out.
func (s *source) next() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := min(s.take, len(s.todo))
	ids := s.todo[:k]
	s.todo = s.todo[k:]
	return ids
}

// countOn counts the units of src on dev (units: how many src holds in
// all, for the memory plan).
func countOn(ctx context.Context, dev Device, p *kernel.Plan, src *source, units int, opt Options, done func(i int, r tally.UnitResult)) error {
	info := dev.Info()
	budget := opt.MaxMemory
	if budget <= 0 {
		budget = DefaultMaxMemory
	}
	if info.FreeMemory > 0 {
		budget = min(budget, info.FreeMemory/2)
	}
	depth := opt.Depth
	if depth <= 0 {
		depth = DefaultDepth(p.N)
	}
	lt := opt.LaunchTime
	if lt <= 0 {
		lt = 200 * time.Millisecond
	}
	grid := opt.Blocks
	if grid <= 0 {
		grid = 8 * max(info.Multiprocessors, 1)
	}
	m, err := planMemory(budget, units)
	if err != nil {
		return err
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	c := &counter{dev: dev, p: p, mem: m, grid: grid, launchTime: lt, workers: workers, done: done}
	if err := c.alloc(); err != nil {
		c.free()
		return err
	}
	err = c.run(ctx, src, depth)
	if ferr := c.free(); err == nil {
		err = ferr
	}
	return err
}

// A memPlan is the device memory of a count: room for maxUnits units
// and maxTasks tasks and their results in one batch, and the counter.
type memPlan struct {
	maxUnits, maxTasks int
}

// bytes returns the device memory the plan allocates.
func (m memPlan) bytes() int64 {
	return int64(m.maxUnits)*unitBytes + int64(m.maxTasks)*(taskBytes+resultBytes) + 4
}

// planMemory divides budget bytes between units (at most 4,096 a batch,
// or the units to count, if fewer) and tasks; it fails when fewer than
// 1,024 tasks would fit.
func planMemory(budget int64, units int) (memPlan, error) {
	m := memPlan{maxUnits: min(units, 4096)}
	rest := budget - m.bytes()
	m.maxTasks = int(min(rest/(taskBytes+resultBytes), 1<<28))
	if m.maxTasks < 1024 {
		return m, fmt.Errorf("a device memory bound of %d bytes leaves room for %d sub-tasks; the GPU count needs at least %d bytes", budget, max(m.maxTasks, 0), (memPlan{m.maxUnits, 1024}).bytes())
	}
	return m, nil
}

// A counter is one Count in progress.
type counter struct {
	dev        Device
	p          *kernel.Plan
	mem        memPlan
	grid       int
	launchTime time.Duration
	workers    int
	done       func(i int, r tally.UnitResult)

	units, tasks, results, next Buffer
	b                           batch
	counts                      []count
	buf                         []byte
	chunk                       int // tasks per launch
}

// alloc allocates the planned buffers.
func (c *counter) alloc() error {
	var err error
	for _, a := range []struct {
		b *Buffer
		n int64
	}{
		{&c.units, int64(c.mem.maxUnits) * unitBytes},
		{&c.tasks, int64(c.mem.maxTasks) * taskBytes},
		{&c.results, int64(c.mem.maxTasks) * resultBytes},
		{&c.next, 4},
	} {
		if *a.b, err = c.dev.Alloc(a.n); err != nil {
			return err
		}
	}
	return nil
}

// free releases the buffers allocated.
func (c *counter) free() error {
	var first error
	for _, b := range []*Buffer{&c.units, &c.tasks, &c.results, &c.next} {
		if *b != nil {
			if err := (*b).Free(); err != nil && first == nil {
				first = err
			}
			*b = nil
		}
	}
	return first
}

// expandChunk is the number of units expanded together, on up to
// Options.Workers goroutines, while no batch is being counted.
const expandChunk = 256

// run expands the units of src, as src hands them out, on c.workers
// goroutines, into batches that fit the memory plan, and counts each
// batch.
func (c *counter) run(ctx context.Context, src *source, depth int) error {
	// The first launch: one sub-task a thread, as long as the longest
	// of them (seconds each, at large n, until the depth is tuned on a
	// device), so that the first units are reported, and an estimate
	// timed, soon; adapt sizes the next ones.
	c.chunk = c.grid * blockSize
	var ready []batch // expanded units (one each), in the order of src
	for {
		c.b.reset()
		for len(c.b.ids) < c.mem.maxUnits {
			if len(ready) == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
				ids := src.next()
				if len(ids) == 0 {
					break
				}
				var err error
				if ready, err = expandUnits(c.p, ids, depth, c.mem.maxTasks, c.workers); err != nil {
					return err
				}
			}
			if len(c.b.tasks)+len(ready[0].tasks) > c.mem.maxTasks {
				break
			}
			c.b.merge(&ready[0])
			ready = ready[1:]
		}
		if len(c.b.ids) == 0 {
			return nil
		}
		if err := c.batch(ctx); err != nil {
			return err
		}
	}
}

// expandUnits expands each unit of ids (at most limit tasks each) into
// a batch of its own, on up to workers goroutines.
func expandUnits(p *kernel.Plan, ids []int, depth, limit, workers int) ([]batch, error) {
	out := make([]batch, len(ids))
	errs := make([]error, len(ids))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(1, min(workers, len(ids))) {
		wg.Go(func() {
			for {
				k := int(next.Add(1) - 1)
				if k >= len(ids) {
					return
				}
				out[k].limit = limit
				errs[k] = out[k].add(p, ids[k], depth)
			}
		})
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

// batch counts the units of c.b: it copies them and their tasks to
// the device, clears the results, launches the kernel over the tasks in
// chunks of about c.launchTime, and reports each unit once its last
// task is counted.
func (c *counter) batch(ctx context.Context) error {
	b := &c.b
	nt := len(b.tasks)
	need := max(len(b.units)*unitBytes, nt*taskBytes, nt*resultBytes)
	if cap(c.buf) < need {
		c.buf = make([]byte, need)
	}
	if err := c.units.Write(0, b.putUnits(c.buf)); err != nil {
		return err
	}
	if err := c.tasks.Write(0, b.putTasks(c.buf)); err != nil {
		return err
	}
	// A result the device does not write reads as 0 nodes, which the
	// check of every task refuses (a task's own row has free squares).
	zero := c.buf[:nt*resultBytes]
	clear(zero)
	if err := c.results.Write(0, zero); err != nil {
		return err
	}
	if cap(c.counts) < nt {
		c.counts = make([]count, nt)
	}
	c.counts = c.counts[:nt]
	k := 0 // the next unit to report
	for begin := 0; begin < nt || k < len(b.ids); {
		// Units with no task left (all their tasks counted, or none).
		for k < len(b.ids) && b.end[k] <= begin {
			r, err := b.finish(c.p, k, c.counts)
			if err != nil {
				return err
			}
			c.done(b.ids[k], r)
			k++
		}
		if begin >= nt {
			break
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		end := min(begin+c.chunk, nt)
		var zero4 [4]byte
		if err := c.next.Write(0, zero4[:]); err != nil {
			return err
		}
		start := time.Now()
		if err := c.dev.Launch(ctx, c.grid, c.units, c.tasks, c.results, c.next, uint32(begin), uint32(end)); err != nil {
			return err // a stopped launch's results are not read
		}
		c.adapt(end-begin, time.Since(start))
		raw := c.buf[:(end-begin)*resultBytes]
		if err := c.results.Read(int64(begin)*resultBytes, raw); err != nil {
			return err
		}
		for i := begin; i < end; i++ {
			c.counts[i] = getCount(raw[(i-begin)*resultBytes:])
		}
		begin = end
	}
	return nil
}

// adapt sets the next launch's size from the last one's: n tasks took
// d; the next aims at c.launchTime, growing at most fourfold.
func (c *counter) adapt(n int, d time.Duration) {
	floor := c.grid * blockSize
	next := 4 * n
	if d > 0 {
		next = min(next, int(float64(n)*float64(c.launchTime)/float64(d)))
	}
	c.chunk = max(next, floor)
}
