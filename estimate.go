package nqueens

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/quadrant"
)

// DefaultEstimateBudget is the calibration time of the zero
// EstimateOptions.
const DefaultEstimateBudget = time.Second

// EstimateOptions describes the count Estimate estimates and bounds its
// calibration. The zero value estimates Count(ctx, n, CountOptions{}):
// the method ChooseMethod picks, on every core.
type EstimateOptions struct {
	// Method, Workers, MaxMemory and Shard are those of the count, as
	// in CountOptions.
	Method    Method
	Workers   int
	MaxMemory uint64
	Shard     Shard

	// Budget bounds the time spent timing samples of the work; 0 means
	// DefaultEstimateBudget. Calibration stops earlier, after at least
	// 20 samples, once it has spent a twentieth of the wall time it
	// estimates, or once the spread of whole-unit samples is below 2%,
	// so that the estimate of a short count costs a few percent of the
	// count. It must not be negative.
	Budget time.Duration
}

// A CountEstimate is the time and memory Estimate expects of a Count on
// this machine, as loaded as it is now.
type CountEstimate struct {
	N      int
	Method Method
	// Workers is the number of goroutines the count would run: at most
	// its units, 1 for the classic methods, and for MethodJoin what its
	// memory plan allows.
	Workers int
	// Units is the number of work units of the count (of the shard, with
	// Shard). For MethodKernel above N = 32 it is estimated from the
	// sampled borders (the plan is not listed).
	Units int
	// CPUSeconds is the estimated CPU time of the count, summed over
	// its goroutines; WallSeconds its wall time on Workers goroutines on
	// the cores of this machine (runtime.NumCPU), planning included,
	// and never less than its largest unit.
	CPUSeconds, WallSeconds float64
	// PlanSeconds is the part of WallSeconds spent listing the plan (a
	// Count right after Estimate reuses the kernel's plan and skips it).
	PlanSeconds float64
	// Spread is the relative standard error of CPUSeconds from the
	// samples' variance (0.05: ±5%). It is NaN when the time is
	// extrapolated from another N (From ≠ N), which has no such measure.
	Spread float64
	// Memory is the planned peak memory of the count's data in bytes
	// (MethodJoin: its memory plan; the kernel: the plan and each worker's
	// scratch; the Go runtime's few MiB are not included).
	Memory uint64
	// Samples is the number of timed samples: units, or probes into
	// units when Probes is set.
	Samples int
	// Probes reports that the samples were random probes into units
	// (Knuth's estimator), the units being too large to time whole.
	Probes bool
	// From is the board size the time was measured at: N, or a smaller
	// one it was extrapolated from.
	From int
	// Calibration is the time Estimate took.
	Calibration time.Duration
	// UnitSeconds holds the estimated CPU seconds of each unit of the
	// plan, indexed by unit ID (all units, also for a Shard), to plan
	// shards by time; nil when the plan is not listed (MethodKernel above
	// N = 32, the classic methods). For MethodJoin they leave out the
	// tables' construction (CPUSeconds minus their sum).
	UnitSeconds []float64
}

// Estimation constants; see Estimate.
const (
	kernelListMax = 32   // above it the kernel's borders are sampled, not listed
	minSamples    = 20   // samples before the early stops
	maxSamples    = 5000 // samples at most
	calibShare    = 0.05 // stop once calibration took this share of the estimate
	targetSpread  = 0.02 // stop once the relative standard error is this small
	startRows     = 14   // free rows a kernel probe leaves at first
	wholeUnitsMax = 18   // up to it the kernel times whole units
)

// Estimate returns the time and memory Count(ctx, n, opts) would take
// on this machine: it plans the count's units as Count does and times a
// random sample of the work, for about opts.Budget at most (see
// EstimateOptions.Budget). The kernel's samples run on as many
// goroutines at once as the count would (the others on one), so that a
// sample takes what it takes beside the count's other workers: on a
// machine loaded by other processes two workers are not twice as fast
// as one, and the estimate sees that. The methods:
//
//   - MethodKernel, N ≤ 32: the plan is listed (as Count lists it; the
//     last plan is kept, so the Count that follows does not plan
//     again). Units are drawn half by their planned Cost, half
//     uniformly (see drawUnit), on as many goroutines as the count
//     runs, and each is searched whole (N ≤ 18), or probed: a random
//     descent fills its top rows and the subtree below is searched
//     (kernel.Probe, Knuth's estimator); the number of rows left adapts
//     so that a probe takes 50 µs to a fortieth of the budget (a probe
//     of a few µs costs many times its nodes: the search's set-up).
//     Each sample's time, divided by its
//     probability (and multiplied by the probe's weight), is an
//     unbiased estimate of the total; CPUSeconds is their mean and
//     Spread its standard error. The probed rows' own time is left out
//     (a few nodes per unit), and the units whose border a rotation
//     fixes are timed without their symmetric-solution count (O(N²) of
//     O(N⁴) units).
//   - MethodKernel, N > 32: listing the plan takes seconds (17 s at N = 64)
//     and would not change the answer (centuries): borders are drawn
//     uniformly, each mapped to its unit (kernel.UnitOf) and probed, and
//     weighted by N⁴ over its class size. The spread of such estimates
//     is large (±50% is typical), and the planning time is left out.
//   - MethodJoin, every N: the units' pieces (unit, row split) are drawn
//     by a cost proxy, 0.8 of the draws, and uniformly (quadrant.Sampler),
//     on the count's goroutines; each piece's half lists are built by
//     streaming its four row sets (no quadrant table: a few MiB to a few
//     hundred MiB at N = 24) and joined by the count's join, timed by the
//     thread's CPU clock where the system has one (Linux), so that other
//     processes do not inflate it. Its time over its probability is an
//     unbiased estimate of the total; CPUSeconds is their mean plus the
//     tables' construction (a walk of the quadrant's placements, timed,
//     times the walks and projections the count makes), and Spread their
//     standard error. A piece whose west list is long (N ≥ 21) joins a
//     thinned 1/K of it, K ≤ 16 as the budget needs, and its join time is
//     scaled (measured within 15% of the whole join at N = 20 and 22);
//     one whose lists are both long (N ≥ 23) joins a part of at least a
//     quarter of its pairs, cut on key bits as the join cuts them
//     (quadrant.SampleWorker.MaxPairs).
//     UnitSeconds is each unit's proxy times the sampled seconds per
//     proxy of its layer (its units' east rows in the top band). Listing
//     the pieces needs the quadrant's placements per row set: one walk
//     on all cores, remembered (about 3 s at N = 24, 2 cores). A piece of
//     N = 24 takes 0.05 to 2 s whole (10^12 pairs), so there the budget
//     holds about ten pieces (±15%: checked against 20 whole pieces,
//     internal/quadrant/qbench -pieces).
//   - The classic methods (Arrays, Board, Permutation): one goroutine,
//     no units. They count N' = 5, 6, ... in full while the next count
//     fits the budget and the share above of the estimate, or to N' = N
//     (then CPUSeconds is measured, not estimated), and extrapolate the
//     time per node of N' to the nodes of N: exact for Permutation (the
//     partial permutations), else grown by the last step's factor,
//     itself rising as measured (about 0.4 a step); the time per node
//     grows as N for Board and Permutation. Spread NaN: the figure is
//     good to a factor of about two.
//
// WallSeconds divides the CPU time by the workers the machine can run at
// once (min(Workers, NumCPU, Units)), assuming the units spread evenly,
// as the kernel's 1.9–2.3× scaling on 2 cores bears out, and is at least
// the largest unit's estimate. The estimate of a busy machine is that of
// the same load during the count. Estimate fails for what Count refuses
// (n outside 0..MaxN, a bad method, shard or worker count) and, for
// MethodJoin, with ErrMemory when the count does not fit MaxMemory; it
// returns ctx.Err() when ctx is done.
func Estimate(ctx context.Context, n int, opts EstimateOptions) (CountEstimate, error) {
	start := time.Now()
	if err := checkN(n); err != nil {
		return CountEstimate{}, err
	}
	if _, err := ParseMethod(string(opts.Method)); err != nil {
		return CountEstimate{}, err
	}
	m := ChooseMethod(n, CountOptions{Method: opts.Method, Workers: max(opts.Workers, 0), MaxMemory: opts.MaxMemory, Shard: opts.Shard})
	if opts.Workers < 0 {
		return CountEstimate{}, fmt.Errorf("workers = %d: must be 0 (all cores) or more", opts.Workers)
	}
	if opts.Budget < 0 {
		return CountEstimate{}, fmt.Errorf("estimate budget %v: must not be negative", opts.Budget)
	}
	if err := opts.Shard.check(); err != nil {
		return CountEstimate{}, err
	}
	if m != MethodKernel && m != MethodJoin && opts.Shard != (Shard{}) {
		return CountEstimate{}, fmt.Errorf("method %s: checkpoints and shards need the %s or %s method", m, MethodKernel, MethodJoin)
	}
	if opts.Budget == 0 {
		opts.Budget = DefaultEstimateBudget
	}
	if opts.Workers == 0 {
		opts.Workers = defaultWorkers()
	}
	e := CountEstimate{N: n, Method: m, From: n, Workers: 1, Units: 1}
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0x9e3779b97f4a7c15))
	var err error
	switch m {
	case MethodKernel:
		err = estimateKernel(ctx, n, opts, rnd, &e)
	case MethodJoin:
		err = estimateQuadrant(ctx, n, opts, rnd, &e)
	default:
		err = estimateClassic(ctx, n, opts, &e)
	}
	if err != nil {
		return CountEstimate{}, err
	}
	e.Calibration = time.Since(start)
	return e, nil
}

// A sampler accumulates unbiased estimates of a total.
type sampler struct {
	k          int
	sum, sumsq float64
}

func (s *sampler) add(x float64) { s.k++; s.sum += x; s.sumsq += x * x }

func (s *sampler) mean() float64 {
	if s.k == 0 {
		return 0
	}
	return s.sum / float64(s.k)
}

// spread is the relative standard error of the mean.
func (s *sampler) spread() float64 {
	m := s.mean()
	if s.k < 2 || m <= 0 {
		return 0
	}
	v := (s.sumsq - s.sum*m) / float64(s.k-1)
	return math.Sqrt(max(v, 0)/float64(s.k)) / m
}

// parallel is the number of goroutines that run at once.
func parallel(workers, units int) int {
	return max(1, min(workers, runtime.NumCPU(), units))
}

// The last kernel plan, which Estimate lists and the Count after it
// reuses (a plan does not change once made).
var lastPlan struct {
	sync.Mutex
	p *kernel.Plan
}

// kernelPlan returns kernel.NewPlanWorkers(n, workers), reusing the last
// plan of the same n.
func kernelPlan(n, workers int) (*kernel.Plan, error) {
	lastPlan.Lock()
	defer lastPlan.Unlock()
	if p := lastPlan.p; p != nil && p.N == n {
		return p, nil
	}
	p, err := kernel.NewPlanWorkers(n, workers)
	if err != nil {
		return nil, err
	}
	lastPlan.p = p
	return p, nil
}

// kernelScratch is the memory of one kernel worker: its stacks and the
// wave's buffers.
var kernelScratch = uint64(unsafe.Sizeof(kernel.Worker{})) + kernel.WaveBytes

func estimateKernel(ctx context.Context, n int, opts EstimateOptions, rnd *rand.Rand, e *CountEstimate) error {
	if n > kernelListMax {
		return estimateBorders(ctx, n, opts, rnd, e)
	}
	t0 := time.Now()
	p, err := kernelPlan(n, opts.Workers)
	if err != nil {
		return err
	}
	planSec := time.Since(t0).Seconds()
	e.PlanSeconds = planSec
	costs := planCosts(p)
	sel, err := selectIDs(costs, opts.Shard)
	if err != nil {
		return err
	}
	e.Units = len(sel)
	e.Workers = max(1, min(opts.Workers, len(sel)))
	e.Memory = uint64(len(p.Units))*uint64(unsafe.Sizeof(kernel.Unit{})) + uint64(e.Workers)*kernelScratch
	cum := make([]float64, len(costs))
	var c float64
	for i, x := range costs {
		c += x
		cum[i] = c
	}
	if len(costs) == 0 || c == 0 {
		e.Spread = 0
		e.WallSeconds = planSec
		return nil
	}
	par := parallel(e.Workers, len(sel))
	var s sampler
	var probes atomic.Bool
	err = sampleParallel(ctx, par, opts.Budget, &s, rnd, &probes, func(w *kernel.Worker, rnd *rand.Rand) func() (float64, error) {
		// Whole units where they are small (N ≤ 18: milliseconds),
		// probes above. A first probe, untimed, faults in the worker's
		// buffers.
		rows := startRows
		if n <= wholeUnitsMax {
			rows = n
		}
		w.Probe(n, &p.Units[len(p.Units)-1], rows, rnd)
		return func() (float64, error) {
			id := drawUnit(rnd, cum)
			u := &p.Units[id]
			t := time.Now()
			weight, _, _, ok := w.Probe(n, u, rows, rnd)
			dt := time.Since(t)
			if !ok || ctx.Err() != nil {
				return 0, context.Cause(ctx)
			}
			if u.FreeRows(n) > max(rows, kernel.MinProbeRows) {
				probes.Store(true)
			}
			rows = adaptRows(rows, dt, opts.Budget)
			return weight * dt.Seconds() / drawProb(costs[id], c, len(costs)), nil
		}
	})
	if err != nil {
		return err
	}
	e.Probes = probes.Load()
	e.Samples = s.k
	e.Spread = s.spread()
	perCost := s.mean() / c
	e.UnitSeconds = make([]float64, len(costs))
	var cpu, largest float64
	for i, x := range costs {
		e.UnitSeconds[i] = x * perCost
	}
	for _, id := range sel {
		cpu += e.UnitSeconds[id]
		largest = max(largest, e.UnitSeconds[id])
	}
	e.CPUSeconds = cpu
	e.WallSeconds = planSec + max(cpu/float64(par), largest)
	return nil
}

// drawUnit draws a unit with probability drawProb: by cost with
// probability pps, else uniformly. The planned costs rank the units'
// times only roughly (rank correlation about 0.7), so drawing by cost
// alone leaves cheap-looking units that take long almost never drawn,
// each with a huge weight when it is: the mean then usually falls short
// and at times far over. The uniform part bounds every weight by 1/(1 −
// pps) times the number of units.
func drawUnit(rnd *rand.Rand, cum []float64) int {
	if rnd.Float64() >= pps {
		return rnd.IntN(len(cum))
	}
	return min(sort.SearchFloat64s(cum, rnd.Float64()*cum[len(cum)-1]), len(cum)-1)
}

// drawProb is the probability that drawUnit draws a unit of the given
// cost among units units of total cost total.
func drawProb(cost, total float64, units int) float64 {
	return pps*cost/total + (1-pps)/float64(units)
}

// pps is the share of drawUnit's draws made by cost.
const pps = 0.5

// sampleParallel adds samples to s from par goroutines at once, as many
// as the count would run, so that each sample's time is what a unit
// takes while the others run (on a loaded machine, or one whose cores
// share caches, that is more than alone). newDraw makes a goroutine's
// draw function from its worker and random source. Sampling stops at
// the budget, at maxSamples, at the first error, or after minSamples
// once the calibration took calibShare of the estimated wall time (the
// mean divided by par) or, unless probing, the spread is targetSpread.
func sampleParallel(ctx context.Context, par int, budget time.Duration, s *sampler, rnd *rand.Rand, probing *atomic.Bool,
	newDraw func(w *kernel.Worker, rnd *rand.Rand) func() (float64, error)) error {
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	calib := time.Now()
	over := func() bool { // with mu held
		if firstErr != nil || stop.Load() {
			return true
		}
		sp := time.Since(calib)
		if sp >= budget || s.k >= maxSamples {
			return true
		}
		m := s.mean() / float64(par)
		// The spread of probes (heavy-tailed: a rare probe of a large
		// weight) is not trusted to stop early.
		return s.k >= minSamples && (sp.Seconds() >= calibShare*m || !probing.Load() && s.spread() <= targetSpread)
	}
	for g := range par {
		w := &kernel.Worker{Stop: &stop}
		r := rand.New(rand.NewPCG(rnd.Uint64(), uint64(g)))
		wg.Go(func() {
			draw := newDraw(w, r)
			for {
				mu.Lock()
				if over() {
					mu.Unlock()
					return
				}
				mu.Unlock()
				x, err := draw()
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
				} else if !stop.Load() {
					s.add(x)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

// adaptRows returns the free rows the next probe leaves: fewer after a
// probe that took more than a fortieth of the budget, more after one
// under 50 µs, so that probes take between.
func adaptRows(rows int, dt, budget time.Duration) int {
	switch {
	case dt > budget/40 && rows > kernel.MinProbeRows:
		return rows - 1
	case dt < 50*time.Microsecond && rows < kernel.MaxN:
		return rows + 1
	}
	return rows
}

// estimateBorders is estimateKernel for N > kernelListMax: borders drawn
// uniformly from the N⁴ tuples, weighted by N⁴ over their class size.
func estimateBorders(ctx context.Context, n int, opts EstimateOptions, rnd *rand.Rand, e *CountEstimate) error {
	n4 := math.Pow(float64(n), 4)
	// The plan's units are about N⁴/8 (the borders' classes); the
	// exact figure is estimated below.
	par := parallel(opts.Workers, math.MaxInt)
	var s, units sampler
	var timed atomic.Int64
	probing := new(atomic.Bool)
	probing.Store(true)
	err := sampleParallel(ctx, par, opts.Budget, &s, rnd, probing, func(w *kernel.Worker, rnd *rand.Rand) func() (float64, error) {
		rows := kernel.MinProbeRows
		return func() (float64, error) {
			b := kernel.Border{Top: int8(rnd.IntN(n)), Bottom: int8(rnd.IntN(n)), Left: int8(rnd.IntN(n)), Right: int8(rnd.IntN(n))}
			u, ok := kernel.UnitOf(n, b)
			if !ok {
				return 0, nil
			}
			t := time.Now()
			weight, _, _, ok := w.Probe(n, &u, rows, rnd)
			dt := time.Since(t)
			if !ok || ctx.Err() != nil {
				return 0, context.Cause(ctx)
			}
			timed.Add(1)
			rows = adaptRows(rows, dt, opts.Budget)
			return n4 * weight * dt.Seconds() / float64(u.Weight), nil
		}
	})
	if err != nil {
		return err
	}
	// The number of units: N⁴ over the class size, averaged over
	// borders drawn uniformly (invalid ones count 0); cheap, so many.
	for range 20000 {
		b := kernel.Border{Top: int8(rnd.IntN(n)), Bottom: int8(rnd.IntN(n)), Left: int8(rnd.IntN(n)), Right: int8(rnd.IntN(n))}
		if u, ok := kernel.UnitOf(n, b); ok {
			units.add(n4 / float64(u.Weight))
		} else {
			units.add(0)
		}
	}
	e.Probes = true
	e.Samples = int(timed.Load())
	e.Spread = s.spread()
	all := units.mean()
	e.Units = int(math.Round(all))
	cpu := s.mean()
	if opts.Shard != (Shard{}) {
		cpu /= float64(opts.Shard.Count)
		e.Units = int(math.Round(all / float64(opts.Shard.Count)))
	}
	e.Workers = max(1, min(opts.Workers, e.Units))
	e.Memory = uint64(all)*uint64(unsafe.Sizeof(kernel.Unit{})) + uint64(e.Workers)*kernelScratch
	e.CPUSeconds = cpu
	e.WallSeconds = cpu / float64(parallel(e.Workers, e.Units))
	return nil
}

// quadrantMemory returns the memory plan of a quadrant count with opts:
// of a whole count from the sizes alone (quadrant.PlanMemory), of a
// shard from the plan for its own units (Plan.ForUnits, as the join's engine
// builds it), which holds less than the whole.
func quadrantMemory(n int, opts EstimateOptions) (quadrant.MemoryPlan, error) {
	if opts.Shard == (Shard{}) {
		return quadrant.PlanMemory(n, opts.Workers, opts.MaxMemory)
	}
	up, err := quadrant.NewUnitPlan(n)
	if err != nil {
		return quadrant.MemoryPlan{}, err
	}
	sel, err := quadrantIDs(up, opts.Shard)
	if err != nil {
		return quadrant.MemoryPlan{}, err
	}
	sp, err := up.ForUnits(sel)
	if err != nil {
		return quadrant.MemoryPlan{}, err
	}
	r, err := sp.PlanMemory(quadrant.Options{Workers: opts.Workers, MaxMemory: opts.MaxMemory})
	return quadrant.MemoryPlan{Peak: r.PeakMemory, Workers: r.Workers, Projected: r.Projected}, err
}

func estimateQuadrant(ctx context.Context, n int, opts EstimateOptions, rnd *rand.Rand, e *CountEstimate) error {
	if n > MaxQuadrantN {
		return fmt.Errorf("%w: n = %d is outside 0..%d for method join", ErrSize, n, MaxQuadrantN)
	}
	if n < 4 {
		e.Units = 0
		return nil
	}
	mp, err := quadrantMemory(n, opts)
	if err != nil {
		return quadrantMemoryError(n, opts.Shard, err)
	}
	e.Memory, e.Workers = mp.Peak, mp.Workers
	up, err := quadrant.NewUnitPlan(n)
	if err != nil {
		return err
	}
	units := up.Units()
	sel, err := quadrantIDs(up, opts.Shard)
	if err != nil {
		return err
	}
	smp, err := quadrant.NewSampler(up, sel)
	if err != nil {
		return err
	}
	e.Units = len(sel)
	e.Workers = max(1, min(e.Workers, len(sel)))
	par := parallel(e.Workers, len(sel))
	// A shard whose projected tables do not fit streams its row sets:
	// the pieces' walks are then part of its time.
	stream := opts.Shard != (Shard{}) && !mp.Projected

	var s sampler
	var mu sync.Mutex
	var samples []quadrant.PieceSample // under mu
	if smp.Pieces() > 0 {
		err = sampleParallel(ctx, par, opts.Budget, &s, rnd, new(atomic.Bool), func(_ *kernel.Worker, rnd *rand.Rand) func() (float64, error) {
			w := &quadrant.SampleWorker{MaxWest: startWest, MaxPairs: startPairs, Rand: rnd}
			warm := false
			return func() (float64, error) {
				t := time.Now()
				i := smp.Draw(rnd)
				x, err := smp.RunPiece(ctx, w, i)
				if err != nil {
					return 0, err
				}
				if !warm && time.Since(t) < opts.Budget/50 {
					// The first piece of a worker grows its
					// buffers (page faults: a small piece's time
					// several times over); RunPiece times a join
					// that grew them again, and a short first
					// piece is run again whole, its walk too.
					if x, err = smp.RunPiece(ctx, w, i); err != nil {
						return 0, err
					}
				}
				warm = true
				w.MaxWest = adaptWest(w.MaxWest, time.Since(t), opts.Budget)
				w.MaxPairs = adaptWest(w.MaxPairs, time.Since(t), opts.Budget)
				mu.Lock()
				samples = append(samples, x)
				mu.Unlock()
				return pieceSeconds(x, stream) / x.Prob, nil
			}
		})
		if err != nil {
			return err
		}
	}
	e.Samples = s.k
	e.Spread = s.spread()
	e.Probes = true
	cpu := s.mean()
	e.UnitSeconds = quadrantUnitSeconds(units, smp, samples, stream, cpu, sel)

	// Building the tables: the quadrant table (two walks of its
	// placements) and a projected table per frame (four projections of
	// each placement) for a whole count; for a shard, the bucket sizes
	// (one walk) and a projected table per frame and layer it holds
	// (a walk each, and the projections). Seconds per placement from a
	// walk timed now.
	walk := quadrant.WalkSeconds(n/2) * float64(smp.QuarterPlacements())
	var build, serial float64
	if opts.Shard == (Shard{}) {
		serial = 2 * walk
		build = serial
		if mp.Projected {
			build += 4 * walk * float64(up.Frames())
		}
	} else {
		serial = walk
		build = serial
		if mp.Projected {
			keys := map[[2]int]bool{}
			for _, id := range sel {
				keys[[2]int{units[id].Frame, units[id].Layer()}] = true
			}
			build += 2 * walk * float64(len(keys))
		}
	}
	var largest float64
	for _, id := range sel {
		largest = max(largest, e.UnitSeconds[id])
	}
	e.PlanSeconds = serial
	e.CPUSeconds = cpu + build
	e.WallSeconds = serial + max((cpu+build-serial)/float64(par), largest)
	return nil
}

// startWest is the west patterns a sampled piece joins at first (more
// are thinned, see quadrant.SampleWorker.MaxWest): some 0.1 s at N = 22.
// startPairs is the pairs it joins at first when its west list cannot
// be thinned (it is then cut, see MaxPairs): N ≤ 22 joins whole, N = 24
// (pieces of 10^12 pairs, 0.05 to 2 s) is cut.
const (
	startWest  = 1 << 15
	startPairs = min(1<<38, math.MaxInt)
)

// adaptWest returns the west patterns (or pairs) the next piece joins: fewer after a
// piece that took more than a twentieth of the budget, more after one
// under a two-hundredth, so that the budget holds tens of pieces at
// every N (a whole piece of N = 24 takes up to about 2 s).
func adaptWest(maxWest int, dt, budget time.Duration) int {
	switch {
	case dt > budget/20 && maxWest > 256:
		return maxWest / 2
	case dt < budget/200 && maxWest < 1<<30:
		return maxWest * 2
	}
	return maxWest
}

// pieceSeconds is the CPU time a count spends on a sampled piece: its
// half lists and join, and its row sets' walks when the count streams.
func pieceSeconds(x quadrant.PieceSample, stream bool) float64 {
	t := x.Join
	if stream {
		t += x.Walk
	}
	return t.Seconds()
}

// quadrantUnitSeconds returns the estimated CPU seconds of each unit of
// units, from its cost proxy (smp.UnitProxy, or Cost + Splits for a unit
// outside smp's) times the seconds per proxy of its layer: the ratio of
// the sampled seconds to the sampled proxy, both weighted by 1/p, over
// the layer's k samples, shrunk towards that of all samples by
// k/(k + minLayerSamples). The units sel are scaled to sum to cpu, the unbiased
// estimate of their total.
func quadrantUnitSeconds(units []quadrant.Unit, smp *quadrant.Sampler, samples []quadrant.PieceSample, stream bool, cpu float64, sel []int) []float64 {
	const minLayerSamples = 5
	type acc struct {
		sec, px float64
		k       int
	}
	var all acc
	layer := map[int]*acc{}
	for _, x := range samples {
		a := layer[x.Layer]
		if a == nil {
			a = new(acc)
			layer[x.Layer] = a
		}
		t := pieceSeconds(x, stream) / x.Prob
		px := x.Proxy / x.Prob
		a.sec += t
		a.px += px
		a.k++
		all.sec += t
		all.px += px
		all.k++
	}
	rate := func(l int) float64 {
		if all.px <= 0 {
			return 0
		}
		r := all.sec / all.px
		if a := layer[l]; a != nil && a.px > 0 {
			// Shrunk towards the overall rate by the layer's samples.
			lam := float64(a.k) / float64(a.k+minLayerSamples)
			r = lam*a.sec/a.px + (1-lam)*r
		}
		return r
	}
	out := make([]float64, len(units))
	for i, u := range units {
		px := smp.UnitProxy(i)
		if px == 0 {
			px = float64(u.Cost) + float64(u.Splits)
		}
		out[i] = px * rate(u.Layer())
	}
	var sum float64
	for _, id := range sel {
		sum += out[id]
	}
	if sum > 0 {
		k := cpu / sum
		for i := range out {
			out[i] *= k
		}
	}
	return out
}

func estimateClassic(ctx context.Context, n int, opts EstimateOptions, e *CountEstimate) error {
	m := e.Method
	times := make(map[int]float64)
	nodes := make(map[int]float64)
	calib := time.Now()
	// extrapolate returns the time of n from the count of at: the nodes
	// of n (exact for Permutation, the partial permutations; else grown
	// step by step, see below) times the time per
	// node at at, which grows as N for Board and Permutation (their tests
	// scan the rows above, or the whole candidate).
	extrapolate := func(at int) float64 {
		perNode := times[at] / max(nodes[at], 1)
		var nn float64
		if m == MethodPermutation {
			nn = permutationNodes(n)
		} else {
			// The nodes grow by a factor that itself rises about 0.4
			// per step (the plain backtracking tree: 4.08, 4.23, 4.70,
			// 5.13, 5.46, 5.85 for N = 9..14), so the factor is
			// extrapolated too, rising at least 0.3 a step.
			g, d := 6.0, 0.3 // guesses, when smaller N have no nodes
			if nodes[at-1] > 0 {
				g = max(nodes[at]/nodes[at-1], 1)
				if nodes[at-2] > 0 {
					d = max(g-nodes[at-1]/nodes[at-2], d)
				}
			}
			nn = nodes[at]
			for j := at + 1; j <= n; j++ {
				g += d
				nn *= g
			}
		}
		if m != MethodArrays {
			perNode *= float64(n) / float64(at)
		}
		return nn * perNode
	}
	at := min(n, 4)
	for at < n {
		next := at + 1
		// Stop before a count that would overrun the budget, or once
		// the calibration is a small share of the extrapolated time.
		spent := time.Since(calib)
		if times[at] >= 1e-3 && nodes[at-1] > 0 {
			est := extrapolate(at)
			pred := times[at] * nodes[at] / nodes[at-1]
			if spent.Seconds()+pred >= calibShare*est || spent.Seconds()+pred > opts.Budget.Seconds() {
				break
			}
		}
		cctx, cancel := context.WithTimeout(ctx, opts.Budget-spent)
		t := time.Now()
		res, err := Count(cctx, next, CountOptions{Method: m})
		cancel()
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			break
		}
		if err != nil {
			return err
		}
		times[next] = time.Since(t).Seconds()
		nodes[next] = float64(res.Nodes)
		at = next
		e.Samples++
	}
	e.From = at
	if at == n {
		e.CPUSeconds = times[n]
		e.Spread = 0
	} else {
		e.CPUSeconds = extrapolate(at)
		e.Spread = math.NaN()
	}
	e.WallSeconds = e.CPUSeconds
	e.Memory = 0
	return nil
}

// permutationNodes is the number of partial permutations of 1..n of
// length 1..n, the nodes of Method Permutation.
func permutationNodes(n int) float64 {
	var sum, term float64 = 0, 1
	for k := range n {
		term *= float64(n - k)
		sum += term
	}
	return sum
}
