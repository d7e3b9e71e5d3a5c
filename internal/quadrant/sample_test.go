package quadrant

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSamplerPieces: the pieces cover every split of every unit once
// (their counts sum to Q(N), their pairs to what CountUnit's lists pair),
// their probabilities sum to 1, and each unit's proxy is its Cost.
func TestSamplerPieces(t *testing.T) {
	known := knownCounts(t)
	for n := 4; n <= 13; n++ {
		p, s := newTestSampler(t, n)
		var w SampleWorker
		var sum uint64
		var prob float64
		for i := range s.Pieces() {
			x, err := s.RunPiece(context.Background(), &w, i)
			if err != nil {
				t.Fatal(err)
			}
			sum += x.Count
			prob += x.Prob
		}
		if sum != known[n] {
			t.Errorf("N = %d: pieces sum to %d, want Q(N) = %d", n, sum, known[n])
		}
		if math.Abs(prob-1) > 1e-9 {
			t.Errorf("N = %d: probabilities sum to %v, want 1", n, prob)
		}
		for _, u := range p.Units() {
			// Each piece's proxy is its splitCost plus 1.
			if got, want := s.UnitProxy(u.ID), float64(u.Cost)+float64(u.Splits); math.Abs(got-want) > 1e-9*want {
				t.Errorf("N = %d, unit %d: proxy %v, want Cost + Splits = %v", n, u.ID, got, want)
			}
		}
	}
}

// pieceStream returns piece i's frame, east rows and row sets, with a
// stream table holding all four of its row sets.
func pieceStream(s *Sampler, i int) (f *frame, E uint64, rs [4]uint32, st *streamTable) {
	id, E, _, _ := s.piece(i)
	f = s.p.frames[s.p.units[id].Frame]
	rs = f.splitRows(E)
	st = new(streamTable)
	for q := range 4 {
		st.set(f, q, rs[q])
	}
	return f, E, rs, st
}

// chunkedPairs returns the pairs of half-boards that a count joins for
// piece i of s in chunks of chunk half-boards (countChunked), as
// RunPiece reports them (without the piece's weights).
func chunkedPairs(s *Sampler, i, chunk int) uint64 {
	f, E, r, st := pieceStream(s, i)
	w := worker{st: st}
	w.countChunked(context.Background(), f, &w.st.t, r, f.rows^E, E, f.widthM+f.widthA, chunk)
	return w.pairs
}

// TestSamplerUnbiased: the sampled estimate of Q(N) and of the pairs
// compared, x/p averaged over draws, is within 4 standard errors of the
// exact sum (fixed seeds: deterministic), with whole joins, with the
// west lists thinned (MaxWest) and with the lists cut (MaxPairs).
func TestSamplerUnbiased(t *testing.T) {
	known := knownCounts(t)
	defer func(m int) { thinWestMin = m }(thinWestMin)
	thinWestMin = 1 // small boards' lists are short
	for _, cfg := range []struct{ maxWest, maxPairs, chunk int }{{0, 0, 0}, {16, 0, 0}, {0, 64, 0}, {0, 0, 200}, {16, 0, 50}, {0, 0, 50}, {0, 0, 20}} {
		maxWest, maxPairs := cfg.maxWest, cfg.maxPairs
		for n := 12; n <= 14; n++ {
			_, s := newTestSampler(t, n)
			s.chunk = cfg.chunk // past MaxN: a chunk of each half drawn
			var w SampleWorker
			var pairs float64
			thinned := 0
			// The exact pairs: every piece once, whole or as a count
			// joins them in chunks (countChunked).
			for i := range s.Pieces() {
				if cfg.chunk > 0 {
					pairs += float64(chunkedPairs(s, i, cfg.chunk))
					continue
				}
				x, err := s.RunPiece(context.Background(), &w, i)
				if err != nil {
					t.Fatal(err)
				}
				pairs += float64(x.Pairs)
			}
			rnd := rand.New(rand.NewPCG(uint64(n), 7))
			w.MaxWest, w.MaxPairs, w.Rand = maxWest, maxPairs, rand.New(rand.NewPCG(uint64(n), 8))
			const draws = 3000
			var cq, cp meanVar
			for range draws {
				i := s.Draw(rnd)
				x, err := s.RunPiece(context.Background(), &w, i)
				if err != nil {
					t.Fatal(err)
				}
				if x.Scale > 1 {
					thinned++
				}
				cq.add(float64(x.Count) * x.Scale / x.Prob)
				cp.add(float64(x.Pairs) / x.Prob)
			}
			for _, c := range []struct {
				what string
				est  meanVar
				want float64
			}{{"Q(N)", cq, float64(known[n])}, {"pairs", cp, pairs}} {
				m, se := c.est.mean(), c.est.se()
				if math.Abs(m-c.want) > 4*se || se > 0.2*c.want {
					t.Errorf("N = %d, MaxWest %d, MaxPairs %d, chunks of %d: sampled %s %.4g ± %.2g, want %.4g within 4 standard errors (and a spread under 20%%)", n, maxWest, maxPairs, cfg.chunk, c.what, m, se, c.want)
				}
			}
			if (maxWest > 0 || maxPairs > 0) && thinned < draws/10 {
				t.Errorf("N = %d, MaxWest %d, MaxPairs %d: %d of %d draws thinned or cut, want a tenth at least", n, maxWest, maxPairs, thinned, draws)
			}
		}
	}
}

type meanVar struct{ k, sum, sumsq float64 }

func (m *meanVar) add(x float64) { m.k++; m.sum += x; m.sumsq += x * x }
func (m *meanVar) mean() float64 { return m.sum / m.k }
func (m *meanVar) se() float64 {
	mu := m.mean()
	return math.Sqrt(max(m.sumsq/m.k-mu*mu, 0) / (m.k - 1))
}

// TestSamplerDraw: Draw's frequencies follow Prob (a chi-square-like
// check on a small plan, fixed seed).
func TestSamplerDraw(t *testing.T) {
	p, err := NewUnitPlan(context.Background(), 10)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSampler(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	const draws = 200000
	got := make([]int, s.Pieces())
	for range draws {
		got[s.Draw(rnd)]++
	}
	for i, g := range got {
		want := draws * s.Prob(i)
		if math.Abs(float64(g)-want) > 5*math.Sqrt(want)+3 {
			t.Errorf("piece %d: drawn %d times in %d, want about %.1f", i, g, draws, want)
		}
	}
}

// TestNewSamplerRefusesForUnits: a ForUnits plan has no row counts.
func TestNewSamplerRefusesForUnits(t *testing.T) {
	p, err := NewUnitPlan(context.Background(), 8)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := p.ForUnits(context.Background(), []int{0})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewSampler(context.Background(), sp, nil); err == nil {
		t.Errorf("NewSampler(context.Background(), ForUnits plan) = nil error, want one")
	}
	if _, err := NewSampler(context.Background(), p, []int{len(p.Units())}); err == nil {
		t.Errorf("NewSampler(context.Background(), unit %d of %d) = nil error, want one", len(p.Units()), len(p.Units()))
	}
}

// newTestSampler returns the unit plan of n and its sampler.
func newTestSampler(t *testing.T, n int) (*Plan, *Sampler) {
	t.Helper()
	p, err := NewUnitPlan(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSampler(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p, s
}

// TestRunPieceRegrown: a piece whose join grows the worker's buffers is
// joined again (timed on the grown buffers), one that does not is
// joined once, and both give the same count.
func TestRunPieceRegrown(t *testing.T) {
	_, s := newTestSampler(t, 13)
	big := largestPiece(t, s)
	var fresh SampleWorker
	first, err := s.RunPiece(context.Background(), &fresh, big)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fresh.joins, 2; got != want {
		t.Errorf("a fresh worker's first piece: %d joins, want %d (the join that grew the buffers, then the timed one)", got, want)
	}
	again, err := s.RunPiece(context.Background(), &fresh, big)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fresh.joins, 3; got != want {
		t.Errorf("the same piece again: %d joins in all, want %d (no buffer grew)", got, want)
	}
	if first.Count != again.Count || first.Pairs != again.Pairs || first.Count == 0 {
		t.Errorf("piece %d: count %d and pairs %d, then %d and %d; want equal and a count > 0", big, first.Count, first.Pairs, again.Count, again.Pairs)
	}
}

// TestRunPieceRegrownSameDraws: a cut join run again (it grew a fresh
// worker's buffers) draws the same parts as the first run: its count,
// scale and pairs are those of a warm worker's one run from the same
// seed.
func TestRunPieceRegrownSameDraws(t *testing.T) {
	_, s := newTestSampler(t, 14)
	big := largestPiece(t, s)
	for seed := range uint64(8) {
		// Warm: grown by the whole join of the largest piece and by
		// cuts of it with other seeds.
		warm := SampleWorker{}
		if _, err := s.RunPiece(context.Background(), &warm, big); err != nil {
			t.Fatal(err)
		}
		warm.MaxPairs, warm.Rand = 64, rand.New(rand.NewPCG(seed+100, 1))
		for range 32 {
			if _, err := s.RunPiece(context.Background(), &warm, big); err != nil {
				t.Fatal(err)
			}
		}
		warm.Rand = rand.New(rand.NewPCG(seed, 1))
		before := warm.joins
		want, err := s.RunPiece(context.Background(), &warm, big)
		if err != nil {
			t.Fatal(err)
		}
		if warm.joins != before+1 {
			t.Fatalf("seed %d: the warm worker joined %d times, want 1", seed, warm.joins-before)
		}
		fresh := SampleWorker{MaxPairs: 64, Rand: rand.New(rand.NewPCG(seed, 1))}
		got, err := s.RunPiece(context.Background(), &fresh, big)
		if err != nil {
			t.Fatal(err)
		}
		if fresh.joins != 2 {
			t.Errorf("seed %d: the fresh worker joined %d times, want 2", seed, fresh.joins)
		}
		if got.Count != want.Count || got.Scale != want.Scale || got.Pairs != want.Pairs {
			t.Errorf("seed %d: run again, count %d scale %v pairs %d; want the warm run's %d, %v, %d", seed, got.Count, got.Scale, got.Pairs, want.Count, want.Scale, want.Pairs)
		}
	}
}

// largestPiece returns the piece of s whose lists pair the most.
func largestPiece(t *testing.T, s *Sampler) int {
	t.Helper()
	var w SampleWorker
	big, most := -1, uint64(0)
	for i := range s.Pieces() {
		x, err := s.RunPiece(context.Background(), &w, i)
		if err != nil {
			t.Fatal(err)
		}
		if x.Pairs > most {
			big, most = i, x.Pairs
		}
	}
	return big
}

// TestHalfChunks: halfChunks finds the chunks appendHalfFrom lists a
// half in, each from the cursor where the one before stopped, together
// the whole list; each holds at most max(budget, L) half-boards, L the
// longest inner list of a cell (one outer placement's most), and each
// but the last more than budget − L (it ends only when one more outer
// placement might not fit).
func TestHalfChunks(t *testing.T) {
	for n := 12; n <= 15; n++ {
		_, s := newTestSampler(t, n)
		for i := 0; i < s.Pieces(); i += 7 {
			f, E, _, st := pieceStream(s, i)
			hm := uint64(1)<<f.h - 1
			for _, half := range []struct {
				east     bool
				top, bot uint64
			}{{false, (f.rows ^ E) & hm, (f.rows ^ E) &^ hm}, {true, E & hm, E &^ hm}} {
				whole := f.appendHalfProj(&st.t, nil, half.east, half.top, half.bot)
				L := longestInner(f, &st.t, half.east, half.top, half.bot)
				for _, budget := range []int{1, 40, 1000} {
					starts, _, _ := f.halfChunks(context.Background(), &st.t, half.east, half.top, half.bot, budget, nil, nil)
					var all []uint64
					for k, at := range starts {
						chunk, done := f.appendHalfFrom(&st.t, nil, half.east, half.top, half.bot, &at, budget)
						if done != (k == len(starts)-1) || !done && at != starts[k+1] {
							t.Fatalf("N = %d piece %d east %v budget %d: chunk %d of %d ends at %+v (done %v)", n, i, half.east, budget, k, len(starts), at, done)
						}
						if len(chunk) > max(budget, L) || !done && len(chunk) <= budget-L {
							t.Fatalf("N = %d piece %d east %v budget %d: chunk %d of %d holds %d (L = %d)", n, i, half.east, budget, k, len(starts), len(chunk), L)
						}
						all = append(all, chunk...)
					}
					if !slices.Equal(all, whole) {
						t.Fatalf("N = %d piece %d east %v budget %d: %d chunks, %d patterns in all (whole: %d)", n, i, half.east, budget, len(starts), len(all), len(whole))
					}
				}
			}
		}
	}
}

// longestInner returns the longest inner list of a cell of the half
// (the longer of its two buckets), what one outer placement can add.
func longestInner(f *frame, t *projTable, east bool, top, bot uint64) int {
	hr, ok := f.split(top, bot, east)
	if !ok {
		return 0
	}
	ts, bs := t.rowStarts(hr.qt, f.h, hr.lt), t.rowStarts(hr.qb, f.h, hr.lb)
	if ts == nil || bs == nil {
		return 0
	}
	L := 0
	for _, c := range f.subsets[hr.side][hr.kt] {
		na, nb := int(ts[c+1]-ts[c]), int(bs[hr.band^c+1]-bs[hr.band^c])
		if na > 0 && nb > 0 {
			L = max(L, na, nb)
		}
	}
	return L
}

// TestHalfSel: the classes of key bits K that appendHalfSel lists (in
// chunks of any budget) split a half's list: each class holds exactly
// the half-boards p with p&K == v, and the west lists that avoid a
// class's bits (K = v, v = 0) exactly those with p&v == 0.
func TestHalfSel(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := 12; n <= 14; n++ {
		_, s := newTestSampler(t, n)
		for i := 0; i < s.Pieces(); i += 11 {
			f, E, _, st := pieceStream(s, i)
			hm := uint64(1)<<f.h - 1
			d := f.widthM + f.widthA
			K := uint64(0)
			for range 1 + r.IntN(4) {
				K |= 1 << r.IntN(d)
			}
			budget := []int{0, 7, 100}[r.IntN(3)]
			list := func(east bool, top, bot uint64, sel *halfSel) []uint64 {
				var all []uint64
				var at halfCursor
				for done := false; !done; {
					var chunk []uint64
					chunk, done = f.appendHalfSel(&st.t, nil, east, top, bot, &at, budget, sel)
					all = append(all, chunk...)
				}
				slices.Sort(all)
				return all
			}
			for _, half := range []struct {
				east     bool
				top, bot uint64
			}{{false, (f.rows ^ E) & hm, (f.rows ^ E) &^ hm}, {true, E & hm, E &^ hm}} {
				whole := list(half.east, half.top, half.bot, nil)
				for v := uint64(0); ; v = (v - K) & K {
					got := list(half.east, half.top, half.bot, &halfSel{K: K, v: v})
					var want, avoid []uint64
					for _, x := range whole {
						if x&K == v {
							want = append(want, x)
						}
					}
					if !slices.Equal(got, want) {
						t.Fatalf("N = %d piece %d east %v K %#x class %#x budget %d: %d half-boards, want %d", n, i, half.east, K, v, budget, len(got), len(want))
					}
					for _, x := range whole {
						if x&v == 0 {
							avoid = append(avoid, x)
						}
					}
					if got := list(half.east, half.top, half.bot, &halfSel{K: v}); !slices.Equal(got, avoid) {
						t.Fatalf("N = %d piece %d east %v avoiding %#x budget %d: %d half-boards, want %d", n, i, half.east, v, budget, len(got), len(avoid))
					}
					if v == K {
						break
					}
				}
			}
		}
	}
}

// TestKeyedChunks: a piece counted in chunks whose east list takes
// several (keyed by chunkKey) counts what the whole join counts, and
// joins fewer pairs than the whole lists make.
func TestKeyedChunks(t *testing.T) {
	for n := 12; n <= 14; n++ {
		_, s := newTestSampler(t, n)
		keyed := 0
		for i := 0; i < s.Pieces(); i += 5 {
			f, E, rs, st := pieceStream(s, i)
			w := worker{st: st}
			hm := uint64(1)<<f.h - 1
			d := f.widthM + f.widthA
			W := f.rows ^ E
			ws := f.appendHalfProj(&w.st.t, nil, false, W&hm, W&^hm)
			es := f.appendHalfProj(&w.st.t, nil, true, E&hm, E&^hm)
			want := countScalar(ws, es)
			const chunk = 16
			got, _ := w.countChunked(context.Background(), f, &w.st.t, rs, W, E, d, chunk)
			if got != want {
				t.Fatalf("N = %d piece %d: chunked %d; whole %d", n, i, got, want)
			}
			if len(es) > chunk && len(ws) > 0 {
				keyed++
				if all := uint64(len(ws)) * uint64(len(es)); w.pairs >= all {
					t.Fatalf("N = %d piece %d: keyed chunks joined %d pairs of %d", n, i, w.pairs, all)
				}
			}
		}
		if keyed == 0 {
			t.Errorf("N = %d: no piece took keyed chunks", n)
		}
	}
}
