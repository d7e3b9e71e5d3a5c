package quadrant

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Uint128 is an unsigned 128-bit integer, Hi·2^64 + Lo.
type Uint128 struct{ Hi, Lo uint64 }

// Add64 returns x + y, carrying into Hi.
func (x Uint128) Add64(y uint64) Uint128 {
	lo, c := bits.Add64(x.Lo, y, 0)
	return Uint128{x.Hi + c, lo}
}

// String formats x in decimal.
func (x Uint128) String() string {
	if x.Hi == 0 {
		return fmt.Sprint(x.Lo)
	}
	// Divide by 10^19 twice at most: x < 2^128 < 10^39.
	const e19 = 10_000_000_000_000_000_000
	q1, r1 := bits.Div64(0, x.Hi, e19)
	q0, r0 := bits.Div64(r1, x.Lo, e19)
	if q1 == 0 {
		return fmt.Sprintf("%d%019d", q0, r0)
	}
	q, r := bits.Div64(q1, q0, e19)
	return fmt.Sprintf("%d%019d%019d", q, r, r0)
}

// Options control Count. The zero value means the defaults.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// MaxMemory bounds the planned peak memory in bytes; 0 means
	// DefaultMaxMemory. Count lowers Workers to stay within it and fails
	// with ErrMemory when even one worker does not fit.
	MaxMemory uint64
	// Progress, when not nil, is called after each unit from the worker
	// goroutines, one call at a time, so it must return quickly.
	Progress func(Progress)

	// Units, when not nil, lists the IDs of the units to count, each at
	// most once (an empty, non-nil list counts nothing): a shard of the
	// plan, or the units a checkpoint does not hold yet. nil counts every
	// unit. Progress then counts only these units.
	Units []int
	// UnitDone, when not nil, is called after each unit with the unit and
	// its count (symmetry weights included), one call at a time and
	// before Progress, so it must return quickly. A non-nil error stops
	// the count, which returns it.
	UnitDone func(u Unit, count uint64) error
}

// Progress is the state of a Count after a unit.
type Progress struct {
	UnitsDone, UnitsTotal int
	// CostDone and CostTotal sum Unit.Cost, the estimated work.
	CostDone, CostTotal uint64
	// Total is the sum of the units done so far.
	Total Uint128
}

// DefaultMaxMemory is the memory bound of the zero Options: 16 GiB.
const DefaultMaxMemory = 16 << 30

// Result is the outcome of Count.
type Result struct {
	N       int
	Total   Uint128 // Q(N)
	Units   int     // units counted
	Workers int     // goroutines used
	// PeakMemory is the planned peak: the quadrant table, the scratch
	// bound of each worker (see Plan.WorkerBytes) and the projected frame
	// tables when used (Plan.FrameBytes).
	PeakMemory uint64
	// Projected reports whether the per-frame projected tables were used;
	// a tight MaxMemory turns them off before it lowers Workers.
	Projected bool
}

// Count returns Q(n), the number of ways to place n non-attacking queens
// on an n×n board, for 0 <= n <= MaxN: 1 for n = 0 and 1, 0 for n = 2 and
// 3. It runs the units of NewPlan(n) on opts.Workers goroutines, largest
// estimated cost first, and stops at the first error or when ctx is done.
// With opts.Units it counts only those units (see Plan.Count); N < 4 has
// no units.
func Count(ctx context.Context, n int, opts Options) (Result, error) {
	res := Result{N: n}
	if n < 0 || n > MaxN {
		return res, fmt.Errorf("%w: N = %d, want 0..%d", ErrSize, n, MaxN)
	}
	if opts.Workers < 0 {
		return res, fmt.Errorf("quadrant: Workers = %d, want >= 0", opts.Workers)
	}
	if n < 4 {
		// No plan and no units: the answer is known.
		if len(opts.Units) > 0 {
			return res, fmt.Errorf("%w: N = %d has no units", ErrUnit, n)
		}
		if opts.Units == nil {
			res.Total.Lo = [4]uint64{1, 1, 0, 0}[n]
		}
		return res, nil
	}
	if err := CheckMemory(n, opts.MaxMemory); err != nil {
		return res, err
	}
	p, err := NewPlan(n)
	if err != nil {
		return res, err
	}
	return p.Count(ctx, opts)
}

// CheckMemory returns a *MemoryError when a count of an N×N board, 4 <=
// N <= MaxN, does not fit maxMemory (0 means DefaultMaxMemory) even with
// one worker: the check Count makes before NewPlan. Its Need is
// MinMemory(n), the figure compared, so that a limit of Need passes.
func CheckMemory(n int, maxMemory uint64) error {
	_, err := PlanMemory(n, 1, maxMemory)
	return err
}

// halfPatterns[h] is Plan.halfBound for N = 2h and 2h+1 (the frame it
// reads is the same for both), so that PlanMemory needs no quadrant
// table. TestHalfPatterns checks it against halfBound.
var halfPatterns = [...]uint64{0, 0, 2, 4, 16, 48, 226, 1080, 7240, 41644, 300950, 2300692, 21487384}

// A MemoryPlan is how a count fits its memory limit.
type MemoryPlan struct {
	Peak      uint64 // planned peak, bytes (see Result.PeakMemory)
	Workers   int    // goroutines
	Projected bool   // per-frame projected tables (see Plan.SetProjected)
}

// MinMemory returns the least memory limit a count of an N×N board, 4
// <= N <= MaxN, runs with: the quadrant table and one worker's scratch,
// without projected tables.
func MinMemory(n int) uint64 {
	return EstimateQuarterBytes(n) + workerBytes(halfPatterns[n/2])
}

// PlanMemory returns the memory plan of a count of an N×N board, 4 <= N
// <= MaxN, on at most workers goroutines (at least 1) within limit bytes
// (0 means DefaultMaxMemory), without building the plan: the quadrant
// table, per worker its scratch and, when they fit, the projected frame
// tables (one per worker plus one idle, at most one per frame). A tight
// limit drops the projected tables first, then workers; below
// MinMemory(n) it returns a *MemoryError with Need = MinMemory(n), the
// exact figure compared. Plan.Count plans with it.
func PlanMemory(n, workers int, limit uint64) (MemoryPlan, error) {
	if n < 4 || n > MaxN {
		return MemoryPlan{}, fmt.Errorf("%w: N = %d, want 4..%d", ErrSize, n, MaxN)
	}
	if limit == 0 {
		limit = DefaultMaxMemory
	}
	workers = max(workers, 1)
	h := n / 2
	quarter := EstimateQuarterBytes(n)
	worker := workerBytes(halfPatterns[h])
	frame := frameBytes(n)
	nframes := frameCount(n)
	peak := func(workers int, proj bool) uint64 {
		b := quarter + uint64(workers)*worker
		if proj {
			b += uint64(min(nframes, workers+keepIdle)) * frame
		}
		return b
	}
	proj := peak(workers, true) <= limit
	for !proj && workers > 1 && peak(workers, false) > limit {
		workers--
	}
	mp := MemoryPlan{Peak: peak(workers, proj), Workers: workers, Projected: proj}
	if mp.Peak > limit {
		return mp, &MemoryError{N: n, Need: mp.Peak, Limit: limit}
	}
	return mp, nil
}

// Count counts the units of the plan that opts.Units selects (all of them
// when it is nil), as the function Count does, and returns their sum. It
// keeps the odd-N schedule: frame by frame, so that workers share a
// frame's projected table, the costliest units of a frame first. Calls
// must not overlap: Count sets the plan's projected mode (SetProjected).
func (p *Plan) Count(ctx context.Context, opts Options) (Result, error) {
	n := p.n
	res := Result{N: n}
	if p.q == nil {
		return res, ErrNoTable
	}
	if opts.Workers < 0 {
		return res, fmt.Errorf("quadrant: Workers = %d, want >= 0", opts.Workers)
	}
	units := p.Units()
	order, err := p.selectUnits(opts.Units)
	if err != nil {
		return res, err
	}
	workers := opts.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(order))) // no idle goroutines, no memory for them
	mp, err := PlanMemory(n, workers, opts.MaxMemory)
	if err != nil {
		return res, err
	}
	workers = mp.Workers
	p.SetProjected(mp.Projected)
	res.PeakMemory, res.Workers, res.Projected = mp.Peak, mp.Workers, mp.Projected

	// Frame by frame, so that workers share a frame's projected table;
	// within a frame the costliest units first.
	slices.SortStableFunc(order, func(a, b int) int {
		if fa, fb := units[a].Frame, units[b].Frame; fa != fb {
			return fa - fb
		}
		ca, cb := units[a].Cost, units[b].Cost
		switch {
		case ca > cb:
			return -1
		case ca < cb:
			return 1
		}
		return 0
	})

	var costTotal uint64
	for _, id := range order {
		costTotal += units[id].Cost
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		costDone uint64
		next     atomic.Int64
		mu       sync.Mutex
		total    Uint128
		done     int
		firstErr error
		wg       sync.WaitGroup
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := new(worker)
			for {
				k := int(next.Add(1)) - 1
				if k >= len(order) {
					return
				}
				u := units[order[k]]
				c, err := w.countUnit(ctx, p, u)
				mu.Lock()
				if err == nil && opts.UnitDone != nil {
					err = opts.UnitDone(u, c)
				}
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					return
				}
				total = total.Add64(c)
				done++
				costDone += u.Cost
				if opts.Progress != nil {
					opts.Progress(Progress{UnitsDone: done, UnitsTotal: len(order),
						CostDone: costDone, CostTotal: costTotal, Total: total})
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return res, fmt.Errorf("quadrant: count N = %d: %w", n, firstErr)
	}
	res.Total = total
	res.Units = done
	return res, nil
}

// selectUnits returns the IDs of the units to count: ids, checked, or
// every unit when ids is nil.
func (p *Plan) selectUnits(ids []int) ([]int, error) {
	if ids == nil {
		order := make([]int, len(p.units))
		for i := range order {
			order[i] = i
		}
		return order, nil
	}
	seen := make([]bool, len(p.units))
	for _, id := range ids {
		if id < 0 || id >= len(p.units) {
			return nil, fmt.Errorf("%w: %d of %d", ErrUnit, id, len(p.units))
		}
		if seen[id] {
			return nil, fmt.Errorf("%w: unit %d listed twice", ErrUnit, id)
		}
		seen[id] = true
	}
	return slices.Clone(ids), nil
}

// Version names the decomposition into units: the frames, the unit list
// of NewPlan and the meaning of a unit's count. It changes whenever they
// do, so that checkpoints and shard records of another decomposition are
// refused.
const Version = "quadrant-v1"

// Digest returns a short hex digest of the plan: Version, N, the frames
// (fixed queens and class sizes) and every unit with its cost, which the
// assignment of units to shards depends on.
func (p *Plan) Digest() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s n=%d frames=%d units=%d\n", Version, p.n, len(p.frames), len(p.units))
	for i, f := range p.frames {
		fmt.Fprintf(h, "frame %d %v %d %d\n", i, f.fixed, f.weight, f.sym)
	}
	for _, u := range p.units {
		fmt.Fprintf(h, "%d %d %d %d %d\n", u.ID, u.Frame, u.Top, u.Cost, u.Splits)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// EstimateQuarterBytes returns the memory of the quadrant table for an
// N×N board, 4 <= N <= MaxN, without building it.
func EstimateQuarterBytes(n int) uint64 {
	h := n / 2
	return quarterPlacements[h]*8 + (uint64(1)<<(2*h)+1)*4
}

// A MemoryError reports a count that does not fit Options.MaxMemory even
// with one worker. It matches ErrMemory under errors.Is.
type MemoryError struct {
	N           int
	Need, Limit uint64 // bytes
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("quadrant: N = %d needs %s, limit %s", e.N, FormatBytes(e.Need), FormatLimit(e.Limit))
}

// Is reports whether target is ErrMemory.
func (e *MemoryError) Is(target error) bool { return target == ErrMemory }

// FormatBytes writes a byte count with a binary unit, rounded up to the
// figure shown: "512 B", "1.5 KiB", "60.2 MiB", "5.1 GiB". A need
// written with it is never less than the need, so a limit of the figure
// shown (parsed exactly) is enough.
func FormatBytes(b uint64) string { return formatBytes(b, true) }

// FormatLimit is FormatBytes rounded to the nearest tenth, for limits,
// so that a limit given as "2.7M" (2.7·2^20 bytes, rounded down) reads
// "2.7 MiB".
func FormatLimit(b uint64) string { return formatBytes(b, false) }

func formatBytes(b uint64, up bool) string {
	if b < 1024 {
		return fmt.Sprintf("%d B", b)
	}
	units := []string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i, unit := 0, uint64(1024)
	for b/unit >= 1024 && i < len(units)-1 {
		unit <<= 10
		i++
	}
	// Tenths of the unit, exactly: b·10/unit in 128 bits.
	hi, lo := bits.Mul64(b, 10)
	t, rem := bits.Div64(hi, lo, unit)
	if up && rem != 0 || !up && rem >= unit/2 {
		t++
	}
	return fmt.Sprintf("%d.%d %s", t/10, t%10, units[i])
}

// frameBytes is Plan.FrameBytes without the plan.
func frameBytes(n int) uint64 {
	h := n / 2
	b := 4 * quarterPlacements[h] * 8
	if n%2 == 1 {
		b += 4 * (uint64(1)<<(2*h) + 1) * 4
	}
	return b
}

// frameCount returns the number of frames of an N×N board (Plan.Frames).
func frameCount(n int) int { return len(frames(n)) }
