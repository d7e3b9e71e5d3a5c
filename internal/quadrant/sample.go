package quadrant

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// Sampling the join's work at N itself.
//
// A unit runs over row splits E; a piece is one (unit, split). The
// sampler lists every piece with a cheap cost proxy (splitCost, the term
// Unit.Cost sums) and draws pieces with probability
//
//	p_i = SamplePPS·proxy_i/Σproxy + (1 − SamplePPS)/pieces
//
// (by proxy, with a uniform part that bounds every weight 1/p_i by
// pieces/(1 − SamplePPS)). RunPiece builds only that piece's half lists,
// by streaming the four row sets it reads (walkRows, as a shard in stream
// mode does: no quadrant table), and joins them with the real join. Any
// quantity x_i of a piece (its time, its count, its pairs) divided by p_i
// is then an unbiased estimate of Σ x_i over all pieces, the whole
// count's. The sampler holds per unit the sum and number of its pieces'
// proxies (16 bytes a unit), not the pieces (1.4·10^6 at N = 24, 9·10^7
// at N = 25, where a list of them at 32 bytes each held 2.9 GB and made
// the estimate take 34 s instead of 8 s): a
// draw picks a unit, then walks that unit's splits (at most C(12, 6) =
// 924) to the piece; a worker holds one piece's lists and join tables.

// piece is one row split E of one unit.
type piece struct {
	unit int32
	wt   uint32 // the split's class size (eachSplit)
	E    uint64
}

// SamplePPS is the share of the sampler's draws made by the cost proxy.
const SamplePPS = 0.8

// A Sampler draws the pieces (unit, row split) of a plan's units with
// probability by a cost proxy and runs them. It is safe for concurrent
// use, each goroutine with its own SampleWorker. Pieces are numbered in
// the order of the units given to NewSampler and, within a unit, of
// eachSplit.
type Sampler struct {
	p      *Plan
	ids    []int     // the units sampled
	cumPx  []float64 // cumPx[j]: Σ proxy of the pieces of ids[:j+1]
	cumN   []int     // cumN[j]: the pieces of ids[:j+1]
	total  float64   // Σ proxy
	unitPx []float64 // per unit ID: Σ proxy of its pieces (0 outside ids)
	// chunk: past MaxN a count lists the half-boards in chunks
	// (Plan.chunk), and RunPiece joins one west and one east chunk
	// drawn uniformly, scaled by their number (see joinPiece).
	chunk int
}

// NewSampler sums the pieces' proxies of the units ids of p (all units
// when ids is nil), on all cores. p must be a NewPlan or a NewUnitPlan
// (not a ForUnits plan): it needs the per-row placement counts behind
// Unit.Cost. It prices every piece (seconds for every unit of N = 28),
// checking ctx before each unit, and returns ctx's error when done.
func NewSampler(ctx context.Context, p *Plan, ids []int) (*Sampler, error) {
	if p.rowCount == nil {
		return nil, fmt.Errorf("quadrant: NewSampler needs a NewPlan or NewUnitPlan")
	}
	if ids == nil {
		ids = make([]int, len(p.units))
		for i := range ids {
			ids[i] = i
		}
	}
	for _, id := range ids {
		if id < 0 || id >= len(p.units) {
			return nil, fmt.Errorf("%w: %d of %d", ErrUnit, id, len(p.units))
		}
	}
	s := &Sampler{p: p, ids: ids, unitPx: make([]float64, len(p.units)), chunk: chunkPast(p.n),
		cumPx: make([]float64, len(ids)), cumN: make([]int, len(ids))}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), len(ids))) {
		wg.Go(func() {
			for ctx.Err() == nil {
				j := int(next.Add(1) - 1)
				if j >= len(ids) {
					return
				}
				s.eachPiece(ids[j], func(_, _ uint64, x float64) bool {
					s.cumPx[j] += x
					s.cumN[j]++
					return true
				})
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var n int
	for j, id := range ids {
		s.unitPx[id] = s.cumPx[j]
		s.total += s.cumPx[j]
		n += s.cumN[j]
		s.cumPx[j], s.cumN[j] = s.total, n
	}
	return s, nil
}

// eachPiece calls fn with the split E, its weight and its proxy of each
// piece of unit id in order, until fn returns false.
func (s *Sampler) eachPiece(id int, fn func(E, wt uint64, proxy float64) bool) {
	u := s.p.units[id]
	f := s.p.frames[u.Frame]
	more := true
	f.eachSplit(u.Top, func(E, wt uint64) {
		if !more {
			return
		}
		c, _, _ := f.splitCost(s.p.rowCount, E)
		more = fn(E, wt, float64(c)+1) // never 0: a piece still lists its row sets
	})
}

// piece returns piece i: its unit's ID, its split E and weight, and its
// proxy.
func (s *Sampler) piece(i int) (id int, E, wt uint64, proxy float64) {
	j := sort.SearchInts(s.cumN, i+1)
	k := i
	if j > 0 {
		k -= s.cumN[j-1]
	}
	id = s.ids[j]
	s.eachPiece(id, func(e, w uint64, x float64) bool {
		if k == 0 {
			E, wt, proxy = e, w, x
			return false
		}
		k--
		return true
	})
	return id, E, wt, proxy
}

// Pieces returns the number of pieces.
func (s *Sampler) Pieces() int {
	if len(s.cumN) == 0 {
		return 0
	}
	return s.cumN[len(s.cumN)-1]
}

// UnitProxy returns the summed cost proxy of unit id's pieces (0 for a
// unit outside the sampler's).
func (s *Sampler) UnitProxy(id int) float64 { return s.unitPx[id] }

// Proxy returns the summed cost proxy of all pieces.
func (s *Sampler) Proxy() float64 { return s.total }

// Prob returns the probability that Draw draws piece i.
func (s *Sampler) Prob(i int) float64 {
	_, _, _, x := s.piece(i)
	return s.prob(x)
}

func (s *Sampler) prob(proxy float64) float64 {
	return SamplePPS*proxy/s.total + (1-SamplePPS)/float64(s.Pieces())
}

// Draw draws a piece with probability Prob: uniformly, or by proxy (a
// unit by its pieces' summed proxy, then a piece of it by its own).
func (s *Sampler) Draw(rnd *rand.Rand) int {
	n := s.Pieces()
	if rnd.Float64() >= SamplePPS {
		return rnd.IntN(n)
	}
	r := rnd.Float64() * s.total
	j := min(sort.SearchFloat64s(s.cumPx, r), len(s.cumPx)-1)
	first, base := 0, 0.0
	if j > 0 {
		first, base = s.cumN[j-1], s.cumPx[j-1]
	}
	i, last := first, s.cumN[j]-1
	s.eachPiece(s.ids[j], func(_, _ uint64, x float64) bool {
		if base += x; base > r || i == last {
			return false
		}
		i++
		return true
	})
	return i
}

// A PieceSample is what RunPiece measured of one piece.
type PieceSample struct {
	Piece int
	Unit  int     // its unit's ID
	Layer int     // its unit's layer
	Proxy float64 // its cost proxy
	Prob  float64 // the probability that Draw draws it

	// Count is the piece's share of Q(N) (symmetry weights included)
	// when Scale is 1; when the piece's lists were thinned or cut
	// (Scale > 1), the count of the part joined, and Count·Scale an
	// unbiased estimate of the piece's share. Pairs is the number of
	// (west, east) pairs of the piece, West and East its lists' lengths.
	Count, Pairs uint64
	Scale        float64
	West, East   int

	// Times are the thread's CPU time where the system tells it
	// (Linux: CLOCK_THREAD_CPUTIME_ID; CPU reports it), so that other
	// processes on the machine do not inflate them; else wall time.
	// Walk is the time spent listing the piece's four row sets (the
	// unit's nw and ne sets once per unit when its pieces run in a row,
	// so a share of them here: 1/splits); Join the time to build both
	// half lists and join them, what a count with projected tables
	// spends on the piece. Placements is the number of placements the
	// walks listed (the same share of nw and ne).
	Walk, Join time.Duration
	CPU        bool
	// K is the thinning of the west list (1: joined whole; see
	// SampleWorker.MaxWest).
	K          int
	Placements float64
}

// clockCost returns the time one reading of clock adds to an interval
// (a system call on Linux, about a microsecond: most of a small piece's
// time at N ≤ 17), the least of a few back-to-back readings.
func clockCost() time.Duration {
	best := time.Duration(math.MaxInt64)
	for range 16 {
		a, _ := clock()
		b, _ := clock()
		best = min(best, b-a)
	}
	return best
}

// clock returns the thread's CPU time (and true) or, where that is not
// available, the wall time since a fixed start.
func clock() (time.Duration, bool) {
	if ns, ok := threadCPU(); ok {
		return time.Duration(ns), true
	}
	return time.Since(clockStart), false
}

var clockStart = time.Now()

// maxCut bounds the cut of cutJoin: the part joined keeps at least
// 1/maxCut of the pairs. Measured at N = 22 (six pieces, eight draws
// each), the time of a part over its probability was 1.02× the whole
// join's cutting to 1/4 of the pairs, 1.13× to 1/16 and 1.30× to 1/64
// (the sorting and tables, linear in the lists, overcounted); at N = 24
// the parts' time per pair varied far more (one piece of 21.8 s, when
// half of N = 24's pieces ran the portable kernel: four parts of 1/16
// averaged 0.04× its time, unbiased but heavy-tailed), so a cut stays
// shallow. Since (20 pieces, qbench -pieces): cut and thinned 0.90× the
// whole joins' estimate, within its spread.
const maxCut = 4

// Bounds of the thinning: at most maxThin, and a thinned west list of at
// least thinWestMin patterns (a variable for the tests).
const maxThin = 16

var thinWestMin = 4096

// fixedWest is the west patterns of the join that times the fixed part
// of a thinned piece's join.
const fixedWest = 64

// A SampleWorker is the scratch space of one goroutine running pieces.
type SampleWorker struct {
	// MaxWest, when positive, bounds the west list RunPiece joins: a
	// longer one is thinned to a systematic 1/K sample (every K-th
	// pattern from a random start) and the join's time and count
	// scaled up (see RunPiece). A piece of N = 24 joins lists of
	// millions, up to about 2 s whole.
	MaxWest int
	// MaxPairs, when positive, bounds the pairs of the join RunPiece
	// runs when the west list cannot be thinned (it is no longer than
	// the east one: N ≥ 23, lists of a million each): the lists are cut
	// on their densest shared bits as the join's own recursion cuts
	// them, one part drawn by its pairs, and the time and count scaled
	// by 1/its probability (cutJoin); a part keeps at least 1/4 of the
	// pairs (maxCut).
	MaxPairs int
	// Rand draws the seed of each piece's random draws (the thinned
	// sample's start, the cut's parts); nil: math/rand/v2's.
	Rand *rand.Rand

	st     streamTable
	j      joiner
	ws, es []uint64
	sub    []uint64
	ws2    []uint64
	tick   time.Duration // the cost of reading the clock, once measured
	ticked bool
	cut    [4][]uint64
	joins  int // joins run by RunPiece, reruns included (tests)
}

// cutJoin joins a part of (ws, es) of at most maxPairs pairs: while
// larger, both lists are cut on the bit that most patterns of both hold
// (on samples spread over the lists, as the join picks its first key
// bit: keyOrder) into (w0, e0), (w0, e1) and
// (w1, e0), the pairs that can match, and one part is drawn with
// probability by its pairs; the join of the last part, times wt, is
// Count, and 1/probability is Scale. The join's time over the
// probability estimates the whole join's: the join's recursion splits on
// the same bits first, so its kernel work is divided the same way, while
// its sorting and tables (linear in the lists) are overcounted, a small
// share of a join this large.
func (w *SampleWorker) cutJoin(rng *rand.Rand, out PieceSample, ws, es []uint64, d int, wt uint64, t1 time.Duration, maxPairs uint64) (PieceSample, error) {
	intn := rng.IntN
	prob := 1.0
	used := uint64(0)
	for uint64(len(ws))*uint64(len(es)) > maxPairs {
		var cw, ce [64]int
		var sw, se [sample]uint64
		for _, x := range sampleOf(&sw, ws) {
			for y := x & (1<<d - 1) &^ used; y != 0; y &= y - 1 {
				cw[bits.TrailingZeros64(y)]++
			}
		}
		for _, x := range sampleOf(&se, es) {
			for y := x & (1<<d - 1) &^ used; y != 0; y &= y - 1 {
				ce[bits.TrailingZeros64(y)]++
			}
		}
		b, best := -1, 0
		for i := range d {
			if c := cw[i] * ce[i]; c > best {
				b, best = i, c
			}
		}
		if b < 0 {
			break
		}
		used |= 1 << b
		for q := range w.cut {
			w.cut[q] = w.cut[q][:0]
		}
		for _, x := range ws {
			k := x >> b & 1
			w.cut[k] = append(w.cut[k], x)
		}
		for _, x := range es {
			k := x >> b & 1
			w.cut[2+k] = append(w.cut[2+k], x)
		}
		w0, w1, e0, e1 := w.cut[0], w.cut[1], w.cut[2], w.cut[3]
		p00 := float64(len(w0)) * float64(len(e0))
		p01 := float64(len(w0)) * float64(len(e1))
		p10 := float64(len(w1)) * float64(len(e0))
		all := p00 + p01 + p10
		if all == 0 {
			ws, es = nil, nil
			break
		}
		x := float64(intn(1<<30)) / (1 << 30) * all
		switch {
		case x < p00:
			ws, es, prob = w0, e0, prob*p00/all
		case x < p00+p01:
			ws, es, prob = w0, e1, prob*p01/all
		default:
			ws, es, prob = w1, e0, prob*p10/all
		}
		// The parts become the next round's input: keep them apart
		// from the buffers the next cut writes.
		w.sub = append(w.sub[:0], ws...)
		w.ws2 = append(w.ws2[:0], es...)
		ws, es = w.sub, w.ws2
	}
	w.j.keepRoles = true
	defer func() { w.j.keepRoles = false }()
	t2, _ := clock()
	c := w.j.count(ws, es, d)
	t3, _ := clock()
	out.Count = wt * c
	out.Scale = 1 / prob
	out.Join = t2 - t1 + time.Duration(float64(t3-t2)/prob)
	return out, nil
}

// RunPiece builds piece i's half lists by streaming its row sets and
// joins them, timing both. A join that grew the worker's buffers is run
// again, with the same random draws, and the second run is the one
// timed (the walk is not: see the estimator's first piece). It checks
// ctx before starting.
func (s *Sampler) RunPiece(ctx context.Context, w *SampleWorker, i int) (PieceSample, error) {
	if err := ctx.Err(); err != nil {
		return PieceSample{}, err
	}
	id, E, wt, proxy := s.piece(i)
	pc := piece{unit: int32(id), wt: uint32(wt), E: E}
	u := s.p.units[pc.unit]
	f := s.p.frames[u.Frame]
	r := s.p.rowCount
	out := PieceSample{Scale: 1, Piece: i, Unit: id, Layer: u.Layer(), Proxy: proxy, Prob: s.prob(proxy)}

	runtime.LockOSThread() // the thread's CPU clock is the piece's
	defer runtime.UnlockOSThread()
	if !w.ticked {
		w.tick, w.ticked = clockCost(), true
	}
	rs := f.splitRows(pc.E)
	// The walks: a fresh table per piece, so each is timed (nw and ne
	// are listed once per unit by a count that streams: a 1/splits share).
	t0, _ := clock()
	w.st = streamTable{t: projTable{pats: w.st.t.pats}, buf: w.st.buf, cols: w.st.cols}
	for q := range 4 {
		w.st.set(f, q, rs[q])
	}
	top := float64(r[rs[nw]] + r[rs[ne]])
	out.Placements = float64(r[rs[sw]]+r[rs[se]]) + top/float64(u.Splits)
	t1, cpu := clock()
	walk := t1 - t0
	out.CPU = cpu
	// The top quadrants' share: scale their part of the walk by the
	// placements (the walk time is about linear in them).
	if all := float64(r[rs[sw]]+r[rs[se]]) + top; all > 0 {
		out.Walk = time.Duration(float64(walk) * out.Placements / all)
	}

	// The join's random draws (the thinned sample's start, the cut's
	// parts) come from one seed, so that a join run again draws the
	// same and joins the same lists.
	var seed uint64
	if w.Rand != nil {
		seed = w.Rand.Uint64()
	} else {
		seed = rand.Uint64()
	}
	fp := w.footprint()
	if err := ctx.Err(); err != nil {
		return PieceSample{}, err // after the walks: seconds at N = 28
	}
	j, err := s.joinPiece(ctx, w, rand.New(rand.NewPCG(seed, 0)), out, pc, f, t1)
	if err == nil && w.footprint() != fp && ctx.Err() == nil {
		// The join grew the worker's buffers, whose first touch (page
		// faults) a count pays once per worker, not once per join:
		// measured at N = 22 (qbench -pieces), the first join of a
		// piece that grew them took 1.3 to 8 times the second, which
		// put plan 22's CPU at 1.6 to 2.1 times a whole count's. The
		// join is timed again on the grown buffers. (The capacity is
		// what is compared: a later join that grows into a buffer's
		// spare quarter touches new pages unseen.)
		t1, _ = clock()
		j, err = s.joinPiece(ctx, w, rand.New(rand.NewPCG(seed, 0)), out, pc, f, t1)
	}
	return j, err
}

// footprint returns the capacity of the buffers a piece's join fills,
// in elements: it changes when a join grows them.
func (w *SampleWorker) footprint() int {
	n := cap(w.ws) + cap(w.es) + cap(w.sub) + cap(w.ws2)
	for _, c := range w.cut {
		n += cap(c)
	}
	return n + w.j.footprint()
}

// chunkPast is Plan.chunk of a shard of n: streamChunk past MaxN.
func chunkPast(n int) int {
	if n > MaxN {
		return streamChunk
	}
	return 0
}

// joinPiece builds piece pc's half lists from w's stream table and joins
// them (whole, thinned or cut, see RunPiece), adding to out the lists'
// sizes, the count and the join's time from t1.
//
// Past MaxN (s.chunk) a count lists each half in chunks (countChunked):
// joinPiece draws what a count joins as one chunk pair would, and
// scales the count (Scale), the pairs and the join's time by one over
// its probability, unbiased estimates of the piece's. When the east list
// fits one chunk, that is a west chunk drawn uniformly against it; when
// not, a class of the key bits (chunkKey) drawn uniformly, then one of
// its east chunks and one of the chunks of the west half-boards that
// avoid it, uniformly. (The time counts the building of an east chunk
// once per west chunk, which a count does not: an overestimate of the
// lists' small share.) West and East are then the chunks' lengths.
// Finding the chunks lists the halves (halfChunks), which is not timed,
// and checks ctx before each chunk (its error is returned when done).
func (s *Sampler) joinPiece(ctx context.Context, w *SampleWorker, rng *rand.Rand, out PieceSample, pc piece, f *frame, t1 time.Duration) (PieceSample, error) {
	if s.chunk == 0 {
		return s.joinLists(w, rng, out, pc, f, t1, nil)
	}
	t := &w.st.t
	hm := uint64(1)<<f.h - 1
	E, W := pc.E, f.rows^pc.E
	t2, _ := clock()
	var sw, se []halfCursor
	var selW, selE *halfSel
	weight := 1.0
	var err error
	if se, w.es, err = f.halfChunks(ctx, t, true, E&hm, E&^hm, s.chunk, w.es, nil); err != nil {
		return PieceSample{}, err
	}
	if len(se) > 1 {
		// Keyed, as countChunked.
		var K uint64
		K, w.ws, w.es = f.splitKey(t, W, E, s.chunk, len(se), w.ws, w.es)
		ve := pdep(uint64(rng.IntN(1<<bits.OnesCount64(K))), K)
		weight = float64(uint64(1) << bits.OnesCount64(K))
		selE = &halfSel{K: K, v: ve}
		selW = &halfSel{K: ve}
		if se, w.es, err = f.halfChunks(ctx, t, true, E&hm, E&^hm, s.chunk, w.es, selE); err != nil {
			return PieceSample{}, err
		}
	}
	if sw, w.ws, err = f.halfChunks(ctx, t, false, W&hm, W&^hm, s.chunk, w.ws, selW); err != nil {
		return PieceSample{}, err
	}
	t3, _ := clock()
	t1 += t3 - t2
	nw, ne := len(sw), len(se)
	iw, ie := rng.IntN(nw), rng.IntN(ne)
	x, err := s.joinLists(w, rng, out, pc, f, t1, func(east bool, top, bot uint64, out []uint64) []uint64 {
		at, sel := sw[iw], selW
		if east {
			at, sel = se[ie], selE
		}
		out, _ = f.appendHalfSel(t, out, east, top, bot, &at, s.chunk, sel)
		return out
	})
	scaleChunks(&x, weight*float64(nw)*float64(ne))
	return x, err
}

// pdep deposits the low bits of x at the set bits of mask, lowest first.
func pdep(x, mask uint64) uint64 {
	var r uint64
	for ; mask != 0; mask &= mask - 1 {
		if x&1 != 0 {
			r |= mask & -mask
		}
		x >>= 1
	}
	return r
}

// joinLists is joinPiece with the half lists made by list (nil: whole).
func (s *Sampler) joinLists(w *SampleWorker, rng *rand.Rand, out PieceSample, pc piece, f *frame, t1 time.Duration, list func(east bool, top, bot uint64, out []uint64) []uint64) (PieceSample, error) {
	w.joins++
	E := pc.E
	hm := uint64(1)<<f.h - 1
	W := f.rows ^ pc.E
	if list == nil {
		list = func(east bool, top, bot uint64, out []uint64) []uint64 {
			return f.appendHalfProj(&w.st.t, out, east, top, bot)
		}
	}
	w.ws = list(false, W&hm, W&^hm, w.ws[:0])
	if len(w.ws) > 0 {
		w.es = list(true, E&hm, E&^hm, w.es[:0])
	}
	out.West, out.East = len(w.ws), len(w.es)
	out.Pairs = uint64(len(w.ws)) * uint64(len(w.es))
	if len(w.ws) == 0 || len(w.es) == 0 {
		t2, _ := clock()
		out.Join = max(t2-t1-w.tick, 0)
		return out, nil
	}
	d := f.widthM + f.widthA
	ws, es := w.ws, w.es
	// The join's roles: tables on the shorter list unless the west
	// one carries weights (joiner.count).
	if len(ws) < len(es) && !weighted(ws) {
		ws, es = es, ws
	}
	// The thinned list stays at least as long as the east one (and
	// thinWestMin): shorter, the join's recursion takes other turns and
	// the scaled time overshoots (measured at N = 20 and 22: K ≤ 16 with
	// a list longer than the east one within 15%; a west list thinned
	// below the east one's length 1.8 to 4×).
	K := 1
	if w.MaxWest > 0 && len(ws) > 2*w.MaxWest {
		K = min(len(ws)/w.MaxWest, len(ws)/max(len(es), thinWestMin), maxThin)
		K = max(K, 1)
	}
	out.K = K
	if pairs := uint64(len(ws)) * uint64(len(es)); K == 1 && w.MaxPairs > 0 && pairs > uint64(w.MaxPairs) {
		return w.cutJoin(rng, out, ws, es, d, uint64(pc.wt)*f.weight, t1, max(uint64(w.MaxPairs), pairs/maxCut))
	}
	if K == 1 {
		out.Count = uint64(pc.wt) * w.j.count(ws, es, d) * f.weight
		t2, _ := clock()
		out.Join = max(t2-t1-w.tick, 0)
		return out, nil
	}
	// Thinned: every K-th west pattern from a random start, each kept
	// with probability 1/K, so K times its count is unbiased. The
	// join's time is a fixed part on the east list (its sort and
	// tables), timed by a join with a few west patterns, and a part
	// about linear in the west patterns, scaled by K.
	start := rng.IntN(K)
	w.sub = w.sub[:0]
	for i := start; i < len(ws); i += K {
		w.sub = append(w.sub, ws[i])
	}
	w.j.keepRoles = true
	defer func() { w.j.keepRoles = false }()
	t2, _ := clock()
	c := w.j.count(w.sub, es, d)
	t3, _ := clock()
	w.j.count(w.sub[:min(len(w.sub), fixedWest)], es, d)
	t4, _ := clock()
	out.Count = uint64(pc.wt) * c * f.weight
	out.Scale = float64(K)
	fixed := t4 - t3
	out.Join = t2 - t1 + fixed + time.Duration(K)*max(t3-t2-fixed, 0)
	return out, nil
}

// scaleChunks scales what joinLists measured of one pair of chunks by k,
// the number of chunk pairs.
func scaleChunks(out *PieceSample, k float64) {
	out.Scale *= k
	out.Pairs = uint64(float64(out.Pairs) * k)
	out.Join = time.Duration(float64(out.Join) * k)
}

// QuarterPlacements returns the number of placements of the quadrant
// table, what building it (and each projected table) walks.
func (s *Sampler) QuarterPlacements() uint64 {
	var t uint64
	for _, x := range s.p.rowCount {
		t += x
	}
	return t
}

// WalkSeconds returns the time per placement of a walk of the quadrant's
// placements (walkQuarter), timed on an h' = min(h, 9) quadrant (about
// 10 ms; the thread's CPU time, as RunPiece): the unit of the time to build the quadrant and projected
// tables.
func WalkSeconds(h int) float64 {
	h = min(h, 9)
	var k uint64
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, _ := clock()
	walkQuarter(h, func(_, _ uint32, _ uint64) { k++ })
	t1, _ := clock()
	return (t1 - t0).Seconds() / float64(max(k, 1))
}
