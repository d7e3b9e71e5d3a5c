package estimate

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nqueens/nqueens/internal/gpu"
	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/quadrant"
)

// An Estimate is what a count is expected to take; the fields are those
// of nqueens.CountEstimate (N, Method and Calibration are the caller's).
type Estimate struct {
	Workers, Units                       int
	CPUSeconds, WallSeconds, PlanSeconds float64
	Spread                               float64
	Memory                               uint64
	Samples                              int
	Probes                               bool
	From                                 int
	UnitSeconds                          []float64
	// GPUs, when not nil, are the GPUs a kernel count runs on, the
	// first of them timed: the seconds are then GPU seconds (see
	// nqueens.CountEstimate), Workers the number of GPUs.
	GPUs []gpu.Info
}

// Estimation constants; see nqueens.Estimate.
const (
	MinSamples    = 20   // samples before the early stops
	maxSamples    = 5000 // samples at most
	calibShare    = 0.05 // stop once calibration took this share of the estimate
	targetSpread  = 0.02 // stop once the relative standard error is this small
	startRows     = 14   // free rows a kernel probe leaves at first
	wholeUnitsMax = 18   // up to it the kernel times whole units
)

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

// Options are what the estimators need of the count: its goroutines
// (at least 1) and the calibration budget.
type Options struct {
	Workers int
	Budget  time.Duration
}

// KernelWork is the work of a kernel count that Kernel estimates: N ≤
// kernel.ListMax, its listed Plan, whose units have Costs, the units Sel
// it counts, and PlanSeconds, the time the plan took to list.
type KernelWork struct {
	N           int
	Plan        *kernel.Plan
	PlanSeconds float64
	Costs       []float64
	Sel         []int
}

// Kernel estimates the kernel count w on opts.Workers goroutines
// (nqueens.CountPlan.Estimate), from samples timed for about
// opts.Budget; the Estimate's From is w.N.
func Kernel(ctx context.Context, w KernelWork, opts Options, rnd *rand.Rand) (Estimate, error) {
	n, p, planSec, costs, sel := w.N, w.Plan, w.PlanSeconds, w.Costs, w.Sel
	e := &Estimate{From: n}
	e.PlanSeconds = planSec
	var err error
	e.Units = len(sel)
	e.Workers = max(1, min(opts.Workers, len(sel)))
	e.Memory = kernel.Memory(len(p.Units), e.Workers)
	cum := make([]float64, len(costs))
	var c float64
	for i, x := range costs {
		c += x
		cum[i] = c
	}
	if len(costs) == 0 || c == 0 {
		e.Spread = 0
		e.WallSeconds = planSec
		return *e, nil
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
		return Estimate{}, err
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
	return *e, nil
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
// the budget, at maxSamples, at the first error, or after MinSamples
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
		return s.k >= MinSamples && (sp.Seconds() >= calibShare*m || !probing.Load() && s.spread() <= targetSpread)
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

// Borders is Kernel for N > kernel.ListMax, of a whole count (shards 0)
// or of one of shards shards: borders drawn uniformly from the N⁴
// tuples, weighted by N⁴ over their class size.
func Borders(ctx context.Context, n, shards int, opts Options, rnd *rand.Rand, e *Estimate) error {
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
	if shards > 0 {
		cpu /= float64(shards)
		e.Units = int(math.Round(all / float64(shards)))
	}
	e.Workers = max(1, min(opts.Workers, e.Units))
	e.Memory = kernel.Memory(int(all), e.Workers)
	e.CPUSeconds = cpu
	e.WallSeconds = cpu / float64(parallel(e.Workers, e.Units))
	return nil
}

// JoinWork is the work of a join count that Join estimates: 4 ≤ N ≤
// quadrant.MaxN, its unit plan Units, the units Sel it counts (every
// unit, or a shard's when Sharded) and its memory plan.
type JoinWork struct {
	N       int
	Units   *quadrant.Plan
	Sel     []int
	Sharded bool
	Memory  quadrant.MemoryPlan
}

// Join estimates the join count w (nqueens.CountPlan.Estimate), from
// pieces of its units timed for about opts.Budget; the Estimate's From
// is w.N.
func Join(ctx context.Context, w JoinWork, opts Options, rnd *rand.Rand) (Estimate, error) {
	n, up, sel, sharded, mp := w.N, w.Units, w.Sel, w.Sharded, w.Memory
	e := &Estimate{From: n}
	e.Memory, e.Workers = mp.Peak, mp.Workers
	units := up.Units()
	smp, err := quadrant.NewSampler(ctx, up, sel)
	if err != nil {
		return Estimate{}, err
	}
	e.Units = len(sel)
	e.Workers = max(1, min(e.Workers, len(sel)))
	par := parallel(e.Workers, len(sel))
	// A shard whose projected tables do not fit streams its row sets:
	// the pieces' walks are then part of its time.
	stream := sharded && !mp.Projected

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
			return Estimate{}, err
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
	// (half a walk) and a projected table per frame and layer it holds
	// (a walk each, and the projections). Seconds per placement from a
	// walk timed now.
	walk := walkSeconds(n/2) * float64(smp.QuarterPlacements())
	var build, serial float64
	if !sharded {
		serial = 2 * walk
		build = serial
		if mp.Projected {
			build += 4 * walk * float64(up.Frames())
		}
	} else {
		// The counting walk visits about half the placements (the
		// column mirror, see internal/quadrant's countWalk): measured
		// 14.6 against 29 s of CPU at h = 13.
		serial = walk / 2
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
	return *e, nil
}

// walkSeconds is quadrant.WalkSeconds, the time per placement of a
// walk of the quadrant (a variable for the tests).
var walkSeconds = quadrant.WalkSeconds

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

// A Classic method's kind, for the growth of its nodes and their time.
type Classic int

const (
	Arrays      Classic = iota // the time per node is flat
	Board                      // the time per node grows as N
	Permutation                // the nodes are the partial permutations
)

// ClassicCount counts n with one classic method, returning its nodes.
type ClassicCount func(ctx context.Context, n int) (nodes uint64, err error)

// ClassicTimes estimates a count of n with classic method m (one
// goroutine, no units) by counting smaller boards with count (see
// nqueens.Estimate).
func ClassicTimes(ctx context.Context, n int, m Classic, count ClassicCount, opts Options, e *Estimate) error {
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
		if m == Permutation {
			nn = PermutationNodes(n)
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
		if m != Arrays {
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
		nn, err := count(cctx, next)
		cancel()
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			break
		}
		if err != nil {
			return err
		}
		times[next] = time.Since(t).Seconds()
		nodes[next] = float64(nn)
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

// PermutationNodes is the number of partial permutations of 1..n of
// length 1..n, the nodes of the permutation method.
func PermutationNodes(n int) float64 {
	var sum, term float64 = 0, 1
	for k := range n {
		term *= float64(n - k)
		sum += term
	}
	return sum
}
