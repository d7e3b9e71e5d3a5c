package qn

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Q(N) estimated: each sample is one random descent of the search
// through the first Depth rows (Knuth, "Estimating the efficiency of
// backtrack programs", Math. Comp. 29, 1975): a queen on a square drawn
// uniformly from the row's free squares, the weight the product of the
// numbers of free squares met (0 at a row with none). The rows below are
// counted exhaustively by a bitboard search, and the sample is the
// weight times that count. Over the draws its expected value is Q(N)
// exactly (each placement of the first Depth rows is reached with
// probability 1/weight), so the mean of k samples is an unbiased
// estimate and its 95% interval is mean ± 1.96·s/√k (s the samples'
// standard deviation). The more rows are counted, the smaller the
// variance and the dearer a sample: SplitDepth chooses the depth from
// the size of the search tree.

// SolutionOptions are the options of Solutions.
type SolutionOptions struct {
	Budget  time.Duration // sampling time: no block of samples is claimed after it
	Samples int           // stop after this many samples (0: at the budget only)
	Seed    uint64        // sample i draws from a generator seeded by (Seed, n, depth, i)
	Workers int           // goroutines (0: GOMAXPROCS)
	Depth   int           // rows the descent draws (0: SplitDepth(n); -1: none, an exact count)

	// weight, if not nil, replaces the branching factor k of a row in
	// the weight (the tests make the estimator biased with it).
	weight func(k int) float64
	// now, if not nil, replaces time.Now for the budget (the tests
	// stop the sampling by a clock of their own).
	now func() time.Time
}

// A SolutionResult is Q(N) estimated by Solutions.
type SolutionResult struct {
	N, Depth, Samples int
	Mean, StdErr      float64 // the estimate and its standard error
	Low, High         float64 // the 95% interval, Mean ∓ 1.96·StdErr (Low at least 0)
	Seconds           float64 // wall time of the sampling
}

// Constants of Solutions.
const (
	// MinSolutionSamples are the samples Solutions takes whatever the
	// budget (the interval rests on the mean's normal approximation,
	// and a sample is skewed: a few carry much of the mean).
	MinSolutionSamples = 1000
	// SplitNodes bounds the mean size of the subtree a sample counts:
	// SplitDepth picks the fewest rows drawn for which the search below
	// them has at most this many nodes on average. Counting more rows
	// does not pay: at N = 14..21 each row more counted exhaustively
	// divides the relative variance of a sample by only about 1.3 to
	// 1.5 but multiplies its nodes by 5 to 10, so the variance per node
	// searched is least with the fewest rows counted, until the
	// sample's fixed cost (its descent, a few hundred nanoseconds)
	// dominates; at N = 20, 7 rows drawn (9·10^4 nodes a sample) gave
	// 50 times the variance per node of 10 rows drawn (600 nodes).
	// cmd/qnsplit prints the figures (relative variance and nodes of
	// a sample by depth; counted nodes, not timed).
	SplitNodes = 1 << 10
	// exactNodes: a search of at most this many nodes (N ≤ 10, about
	// 36,000 nodes; N = 11 has about 168,000) is counted whole, exactly.
	exactNodes = 1 << 17
	// sampleBlock is the number of consecutive samples a goroutine
	// claims at a time (the budget is checked before each claim, and a
	// claimed block is always finished).
	sampleBlock = 256
	// z95 is the normal quantile of a two-sided 95% interval.
	z95 = 1.959963984540054
	// splitProbes are the descents SplitDepth makes (a fixed seed).
	splitProbes = 4000
)

// SplitDepth returns the number of rows the descent of Solutions draws
// at n by default: 0 (the whole search, exact) when it has at most
// exactNodes nodes, else the fewest for which the exhaustive search
// below them has on average at most SplitNodes nodes, as estimated from
// splitProbes random descents of a fixed seed (so it depends on n
// alone).
func SplitDepth(n int) int {
	if n <= 1 {
		return 0
	}
	// level[k]: the estimated nodes at depth k (k queens placed, k ≥ 1),
	// times splitProbes.
	level := make([]float64, n+1)
	rnd := rand.New(rand.NewPCG(0x5155454e, uint64(n)))
	full := fullMask(n)
	for range splitProbes {
		var col, ld, rd uint64
		w := 1.0
		for r := range n {
			f := full &^ (col | ld | rd)
			k := bits.OnesCount64(f)
			if k == 0 {
				break
			}
			w *= float64(k)
			level[r+1] += w
			bit := nthBit(f, rnd.IntN(k))
			col, ld, rd = col|bit, (ld|bit)<<1, (rd|bit)>>1
		}
	}
	total := 0.0
	for _, x := range level {
		total += x
	}
	if total <= exactNodes*splitProbes {
		return 0
	}
	// below: the nodes deeper than depth d, summed from the bottom.
	below := 0.0
	for d := n - 1; d >= 1; d-- {
		below += level[d+1]
		if level[d] > 0 && below/level[d] > SplitNodes {
			return d + 1
		}
	}
	return 1
}

// ErrNoSamples is returned when the options allow no sample.
var ErrNoSamples = errors.New("estimate: neither a budget nor a number of samples")

// Solutions estimates Q(n), the solutions of the n×n board (0 ≤ n ≤ 64;
// the caller checks n), from random samples drawn on o.Workers
// goroutines until o.Budget has passed (and MinSolutionSamples at
// least) or o.Samples are taken. A goroutine checks the budget, then
// claims the next block of sampleBlock consecutive sample indices and
// takes the whole block: no claimed block is left undone, so the
// samples used are always those of indices 0..k−1, whatever the clock
// and the scheduling. The budget chooses k alone, never which samples
// count (a sample that is slow to compute is as likely to count as a
// fast one), and the result of a seed and a number of samples does not
// depend on the workers or the machine. Sample i draws from a generator
// seeded by the seed, n, the depth and i, so that the estimates of one
// seed at two boards (or depths) are independent. ctx's error when it is
// done first.
func Solutions(ctx context.Context, n int, o SolutionOptions) (SolutionResult, error) {
	start := time.Now()
	res := SolutionResult{N: n}
	if o.Budget <= 0 && o.Samples <= 0 {
		return res, ErrNoSamples
	}
	d := o.Depth
	switch {
	case d == 0:
		d = SplitDepth(n)
	case d < 0:
		d = 0
	}
	d = min(d, n)
	res.Depth = d
	if d == 0 {
		// The whole search: one exact sample.
		var c completer
		sols, _ := c.count(fullMask(n), 0, 0, 0, n)
		res.Samples, res.Mean, res.Low, res.High = 1, float64(sols), float64(sols), float64(sols)
		res.Seconds = time.Since(start).Seconds()
		return res, ctx.Err()
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var (
		next atomic.Int64 // the next sample's index
		mu   sync.Mutex
		acc  sampleSums
		wg   sync.WaitGroup
	)
	now := o.now
	if now == nil {
		now = time.Now
	}
	deadline := now().Add(o.Budget)
	for range workers {
		wg.Go(func() {
			var s qnSampler
			s.init(n, d, o.Seed, o.weight)
			var local sampleSums
			for !stop.Load() {
				// The budget is checked before the claim: a block once
				// claimed is taken whole, so that the samples are a
				// prefix of the indices even when a goroutine reads
				// the clock after another has claimed a later block.
				if o.Budget > 0 && next.Load() >= MinSolutionSamples && now().After(deadline) {
					break
				}
				i := next.Add(sampleBlock) - sampleBlock
				end := i + sampleBlock
				if o.Samples > 0 {
					end = min(end, int64(o.Samples))
				}
				if i >= end {
					break
				}
				for ; i < end && !stop.Load(); i++ {
					x, _ := s.sample(uint64(i))
					local.add(x)
				}
			}
			mu.Lock()
			acc.merge(local)
			mu.Unlock()
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return res, err
	}
	res.Samples = acc.k
	res.Mean = acc.sum / float64(acc.k)
	if acc.k > 1 {
		v := (acc.sumsq - acc.sum*res.Mean) / float64(acc.k-1)
		res.StdErr = math.Sqrt(max(v, 0) / float64(acc.k))
	}
	res.Low = max(res.Mean-z95*res.StdErr, 0)
	res.High = res.Mean + z95*res.StdErr
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// sampleSums are the count, sum and sum of squares of samples.
type sampleSums struct {
	k          int
	sum, sumsq float64
}

func (s *sampleSums) add(x float64) { s.k++; s.sum += x; s.sumsq += x * x }

func (s *sampleSums) merge(o sampleSums) { s.k += o.k; s.sum += o.sum; s.sumsq += o.sumsq }

// A qnSampler draws samples of Solutions; one per goroutine, reused, so
// that a sample allocates nothing.
type qnSampler struct {
	n, depth int
	full     uint64
	key      uint64 // the run's key: runKey(seed, n, depth)
	weight   func(k int) float64
	pcg      rand.PCG
	rnd      *rand.Rand
	c        completer
}

// init readies s for the samples of seed at n with depth rows drawn
// (weight as SolutionOptions.weight).
func (s *qnSampler) init(n, depth int, seed uint64, weight func(int) float64) {
	s.n, s.depth, s.full, s.weight = n, depth, fullMask(n), weight
	s.key = runKey(seed, n, depth)
	s.rnd = rand.New(&s.pcg)
}

// runKey mixes n and the depth into the seed: sample i of one seed at
// two boards (or two depths) draws from unrelated generators. Seeded by
// (seed, i) alone, the samples i of N = 17 and 18 drew the same numbers
// and had a correlation of 0.43 (0.2 to 0.46 at other neighbouring N,
// 0.7 between two depths of one N), so that a seed's estimates at
// several N missed Q(N) together.
func runKey(seed uint64, n, depth int) uint64 {
	return mix64(seed ^ mix64(uint64(n)<<8|uint64(depth)|1<<16))
}

// sample returns sample i of the run: the descent's weight times the
// completions of the rows below it, and the nodes of their search.
func (s *qnSampler) sample(i uint64) (x float64, nodes uint64) {
	s.pcg.Seed(mix64(s.key^mix64(i)), mix64(i+0x9e3779b97f4a7c15))
	var col, ld, rd uint64
	w := 1.0
	for range s.depth {
		f := s.full &^ (col | ld | rd)
		k := bits.OnesCount64(f)
		if k == 0 {
			return 0, 0
		}
		if s.weight != nil {
			w *= s.weight(k)
		} else {
			w *= float64(k)
		}
		bit := nthBit(f, s.rnd.IntN(k))
		col, ld, rd = col|bit, (ld|bit)<<1, (rd|bit)>>1
	}
	sols, nodes := s.c.count(s.full, col, ld, rd, s.n-s.depth)
	return w * float64(sols), nodes
}

// mix64 is SplitMix64's finaliser: it spreads neighbouring seeds and
// indices over the generator's state.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// fullMask has the n low bits set (the n columns).
func fullMask(n int) uint64 {
	return ^uint64(0) >> (64 - uint(n))
}

// nthBit returns the j-th lowest set bit of f (f has more than j).
func nthBit(f uint64, j int) uint64 {
	for ; j > 0; j-- {
		f &= f - 1
	}
	return f & -f
}

// A completer counts the completions of a partial placement of the top
// rows: an iterative bitboard search whose stack is its own, so that a
// count allocates nothing.
type completer struct {
	st [64]qframe
}

// A qframe is a row's state on the completer's stack: the columns and
// diagonals taken (the diagonals shifted to the row) and the squares
// not tried yet.
type qframe struct{ col, ld, rd, free uint64 }

// count returns the completions of rows rows (at least 0) of the board
// of columns full, whose first row has columns col and diagonals ld
// (moving to higher columns row by row) and rd taken, and the nodes
// (queens placed) of the search.
func (c *completer) count(full, col, ld, rd uint64, rows int) (sols, nodes uint64) {
	f := full &^ (col | ld | rd)
	switch rows {
	case 0:
		return 1, 0
	case 1:
		k := uint64(bits.OnesCount64(f))
		return k, k
	}
	// j is the number of rows left, this one included.
	top, j := rows, rows
	for {
		if f == 0 {
			j++
			if j > top {
				return sols, nodes
			}
			fr := &c.st[j&63]
			col, ld, rd, f = fr.col, fr.ld, fr.rd, fr.free
			continue
		}
		bit := f & -f
		f ^= bit
		nodes++
		nc, nl, nr := col|bit, (ld|bit)<<1, (rd|bit)>>1
		nf := full &^ (nc | nl | nr)
		if j == 2 {
			k := uint64(bits.OnesCount64(nf))
			sols += k
			nodes += k
			continue
		}
		if nf == 0 {
			continue
		}
		c.st[j&63] = qframe{col, ld, rd, f}
		j--
		col, ld, rd, f = nc, nl, nr, nf
	}
}
