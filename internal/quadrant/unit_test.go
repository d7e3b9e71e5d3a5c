package quadrant

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nqueens/nqueens/internal/tally"
)

func TestQuarterPlacements(t *testing.T) {
	for h := 0; h <= 8; h++ {
		if got := quarterSize(h); got != quarterPlacements[h] {
			t.Errorf("quarterSize(%d) = %d; want %d", h, got, quarterPlacements[h])
		}
	}
	q := newQuarter(6)
	if uint64(len(q.diags)) != quarterPlacements[6] {
		t.Errorf("newQuarter(6) holds %d; want %d", len(q.diags), quarterPlacements[6])
	}
}

// TestFrameWeights checks that the odd-N frames cover every pair of
// middle queens exactly once, weights included.
func TestFrameWeights(t *testing.T) {
	for n := 5; n <= 21; n += 2 {
		m := n / 2
		pairs := 1 // the centre queen
		for a := range n {
			for b := range n {
				if a != m && b != m && abs(a-m) != abs(b-m) {
					pairs++
				}
			}
		}
		var sum uint64
		for _, f := range frames(n) {
			sum += f.weight
		}
		if sum != uint64(pairs) {
			t.Errorf("n=%d: frame weights sum to %d; want %d", n, sum, pairs)
		}
	}
}

// TestJoinRandom compares the join with the double loop on random lists,
// with each kernel and sort this machine has: leafGo and sortByKey
// always; leafAVX2 on amd64 with AVX2, sortPacked with a fast PEXT, and
// the kernels with VPOPCNTQ on AVX-512 VPOPCNTDQ.
func TestJoinRandom(t *testing.T) {
	defer func(a, p, v bool) { useAVX2, usePEXT, useVPOP = a, p, v }(useAVX2, usePEXT, useVPOP)
	def := refinePairs
	defer func() { refinePairs = def }()
	haveAVX2, havePEXT, haveVPOP := useAVX2, usePEXT, useVPOP
	// Each kernel with the default keys, then with every join's key
	// refined (refineKey), which the lists here are too short for by
	// default.
	for _, refined := range []bool{false, true} {
		refinePairs = def
		if refined {
			refinePairs = 0
		}
		for _, a := range []bool{false, true} {
			for _, p := range []bool{false, true} {
				for _, v := range []bool{false, true} {
					if a && !haveAVX2 || p && !havePEXT || v && (!haveVPOP || !a) {
						continue
					}
					useAVX2, usePEXT, useVPOP = a, p, v
					t.Run(fmt.Sprintf("refined=%v,avx2=%v,pext=%v,vpop=%v", refined, a, p, v), testJoinRandom)
				}
			}
		}
	}
}

// randomPatterns returns k patterns of d bits, each bit set with
// probability dens, and with weights a random weight each: bit 62,
// bit 63, both (a weight shift of 2) or neither.
func randomPatterns(r *rand.Rand, k, d int, dens float64, weights bool) []uint64 {
	p := make([]uint64, k)
	for i := range p {
		for b := range d {
			if r.Float64() < dens {
				p[i] |= 1 << b
			}
		}
		if weights {
			p[i] |= uint64(r.IntN(4)) << weightShift
		}
	}
	return p
}

func testJoinRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var j joiner
	for trial := range 200 {
		d := 8 + r.IntN(50)
		nw, ne := r.IntN(3000), r.IntN(3000)
		if trial%10 == 0 {
			nw, ne = r.IntN(20), r.IntN(20)
		}
		dens := 0.2 + 0.4*r.Float64()
		W, E := randomPatterns(r, nw, d, dens, true), randomPatterns(r, ne, d, dens, false)
		if trial%3 == 1 {
			// Bits only one side uses (dead for the join), as a row
			// split leaves them: sortPacked drops them.
			mw, me := r.Uint64()|r.Uint64(), r.Uint64()|r.Uint64()
			for i := range W {
				W[i] &= mw | 3<<weightShift
			}
			for i := range E {
				E[i] &= me
			}
		}
		if got, want := j.count(W, E, d), countScalar(W, E); got != want {
			t.Fatalf("trial %d (d=%d, %d×%d): count = %d; want %d", trial, d, nw, ne, got, want)
		}
	}
}

// TestJoinSettle joins lists wider than a table's chunks hold (40 bits
// of 5-bit chunks; 42 of the records' 7-bit ones) whose key leaves at
// most that below it: the recursion settles the key bits past it
// before any leaf, which then reads the table's chunks (sortPacked). It
// checks that the path is taken and that the counts match the scalar
// join.
func TestJoinSettle(t *testing.T) {
	if !usePEXT {
		t.Skip("quadrant: the settled key bits need BMI2 (sortPacked)")
	}
	defer func(a, v bool) { useAVX2, useVPOP = a, v }(useAVX2, useVPOP)
	have, haveVPOP := useAVX2, useVPOP
	for _, c := range []struct{ a, v bool }{{false, false}, {true, false}, {true, true}} {
		if c.a && !have || c.v && !haveVPOP {
			continue
		}
		useAVX2, useVPOP = c.a, c.v
		t.Run(fmt.Sprintf("avx2=%v,vpop=%v", c.a, c.v), func(t *testing.T) {
			if c.a {
				testJoinSettle(t, 7, 7*recChunks)
			} else {
				testJoinSettle(t, 5, max5)
			}
		})
	}
}

func testJoinSettle(t *testing.T, cb, width int) {
	r := rand.New(rand.NewPCG(3, 4))
	var j joiner
	for trial := range 12 {
		d := width + 1 + trial%6 // the key has 7 bits (6,000 east patterns)
		W, E := randomPatterns(r, 8000, d, 0.15, trial%2 == 0), randomPatterns(r, 6000, d, 0.1, false)
		got, want := j.count(W, E, d), countScalar(W, E)
		if got != want {
			t.Fatalf("trial %d (d=%d): count = %d; want %d", trial, d, got, want)
		}
		if dl := j.keyBase + j.nkey; dl <= width || j.cbits != cb || j.settle >= j.nkey {
			t.Fatalf("trial %d (d=%d): packed width %d, %d-bit chunks, settle %d of %d key bits; want a width past %d in %d-bit chunks with key bits to settle",
				trial, d, dl, j.cbits, j.settle, j.nkey, width, cb)
		}
	}
}

func TestUnitsSum(t *testing.T) {
	known := knownCounts(t)
	for _, n := range []int{9, 10, 13} {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		var sum tally.Uint128
		ids := map[int]bool{}
		for i, u := range p.Units() {
			if u.ID != i || ids[u.ID] {
				t.Fatalf("n=%d: unit %d has ID %d", n, i, u.ID)
			}
			ids[u.ID] = true
			c, err := p.CountUnit(context.Background(), i)
			if err != nil {
				t.Fatal(err)
			}
			sum, _ = sum.Add64(c)
		}
		if sum.Hi != 0 || sum.Lo != known[n] {
			t.Errorf("n=%d: units sum to %v; want %d", n, sum, known[n])
		}
	}
	p, _ := NewPlan(8)
	if _, err := p.CountUnit(context.Background(), len(p.Units())); !errors.Is(err, ErrUnit) {
		t.Errorf("CountUnit(out of range) error = %v; want ErrUnit", err)
	}
}

func TestCountErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Count(ctx, -1, Options{}); !errors.Is(err, ErrSize) {
		t.Errorf("Count(-1) error = %v; want ErrSize", err)
	}
	if _, err := Count(ctx, MaxN+1, Options{}); !errors.Is(err, ErrSize) {
		t.Errorf("Count(MaxN+1) error = %v; want ErrSize", err)
	}
	if _, err := Count(ctx, 12, Options{Workers: -1}); err == nil {
		t.Error("Count(12, Workers: -1) succeeded")
	}
	if _, err := Count(ctx, 16, Options{MaxMemory: 1 << 10}); !errors.Is(err, ErrMemory) {
		t.Errorf("Count(16, MaxMemory 1 KiB) error = %v; want ErrMemory", err)
	}
	if _, err := Count(ctx, 24, Options{MaxMemory: 1 << 30}); !errors.Is(err, ErrMemory) {
		t.Errorf("Count(24, MaxMemory 1 GiB) error = %v; want ErrMemory", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Count(cctx, 14, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Count(cancelled) error = %v; want context.Canceled", err)
	}
}

// TestMaxMemoryWorkers checks that a tight bound lowers the worker count
// instead of failing.
func TestMaxMemoryWorkers(t *testing.T) {
	p, err := NewPlan(14)
	if err != nil {
		t.Fatal(err)
	}
	limit := p.QuarterBytes() + p.WorkerBytes() + p.WorkerBytes()/2
	res, err := Count(context.Background(), 14, Options{Workers: 4, MaxMemory: limit})
	if err != nil {
		t.Fatal(err)
	}
	if res.Workers != 1 || res.PeakMemory > limit || res.Total.Lo != 365596 {
		t.Errorf("Count(14, 4 workers, limit %d) = %+v; want 1 worker, 365596", limit, res)
	}
}

// TestProjectedLists checks that the projected tables give the same
// half-board lists as projecting on the fly, for every frame of N = 11
// and 12 and every row split.
func TestProjectedLists(t *testing.T) {
	for _, n := range []int{11, 12} {
		q := newQuarter(n / 2)
		for fi, f := range frames(n) {
			pt := newProjTable(f, q)
			var s halfScratch
			hm := uint64(1)<<f.h - 1
			for E := uint64(0); E < 1<<n; E++ {
				if E&^f.rows != 0 || bits.OnesCount64(E) != f.k {
					continue
				}
				for _, east := range []bool{false, true} {
					X := E
					if !east {
						X = f.rows ^ E
					}
					a := f.appendHalf(q, &s, nil, east, X&hm, X&^hm)
					if f.sym == symDiagonals { // the projected table folds
						if east {
							_, a = f.foldDiagonals(nil, a)
						} else {
							a, _ = f.foldDiagonals(a, nil)
						}
					}
					b := f.appendHalfProj(pt, nil, east, X&hm, X&^hm)
					slices.Sort(a)
					slices.Sort(b)
					if !slices.Equal(a, b) {
						t.Fatalf("n=%d frame %d E=%b east=%v: lists differ (%d, %d)", n, fi, E, east, len(a), len(b))
					}
				}
			}
		}
	}
}

func TestProjectedOff(t *testing.T) {
	known := knownCounts(t)
	for _, n := range []int{11, 12, 13} {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		p.SetProjected(false)
		var sum uint64
		for i := range p.Units() {
			c, err := p.CountUnit(context.Background(), i)
			if err != nil {
				t.Fatal(err)
			}
			sum += c
		}
		if sum != known[n] {
			t.Errorf("n=%d without projected tables: %d; want %d", n, sum, known[n])
		}
	}
}

func TestTranspose64(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 50 {
		var a, orig [64]uint64
		for i := range a {
			a[i] = r.Uint64()
			if trial%5 == 0 {
				a[i] &= r.Uint64() & r.Uint64() // sparse
			}
		}
		orig = a
		transpose64(&a)
		for i := range 64 {
			for j := range 64 {
				if got, want := a[i]>>j&1, orig[j]>>i&1; got != want {
					t.Fatalf("trial %d: bit %d of row %d = %d; want bit %d of row %d = %d", trial, j, i, got, i, j, want)
				}
			}
		}
		transpose64(&a)
		if a != orig {
			t.Fatalf("trial %d: transposing twice does not give the matrix back", trial)
		}
	}
}

// TestUnitPlan: NewUnitPlan has NewPlan's units, costs and digest, and
// refuses to count; NewWholePlan has the digest and counts each unit as
// NewPlan does.
func TestUnitPlan(t *testing.T) {
	for n := 4; n <= 16; n++ {
		full, err := NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		lite, err := NewUnitPlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := lite.Digest(), full.Digest(); got != want {
			t.Errorf("n=%d: NewUnitPlan digest %s; NewPlan's %s", n, got, want)
		}
		// A whole count's plan too: a checkpoint written by either
		// resumes with the other.
		whole, err := NewWholePlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := whole.Digest(), full.Digest(); got != want {
			t.Errorf("n=%d: NewWholePlan digest %s; NewPlan's %s", n, got, want)
		}
		for id := range full.Units() {
			a, errA := full.CountUnit(context.Background(), id)
			b, errB := whole.CountUnit(context.Background(), id)
			if a != b || errA != nil || errB != nil {
				t.Errorf("n=%d unit %d: NewPlan counts %d (%v), NewWholePlan %d (%v)", n, id, a, errA, b, errB)
			}
			if n > 11 && id > 20 {
				break // a few units suffice for larger N
			}
		}
		if got, want := len(lite.Units()), len(full.Units()); got != want {
			t.Errorf("n=%d: NewUnitPlan has %d units; NewPlan %d", n, got, want)
		}
		if _, err := lite.CountUnit(context.Background(), 0); !errors.Is(err, ErrNoTable) {
			t.Errorf("n=%d: NewUnitPlan CountUnit: %v; want ErrNoTable", n, err)
		}
		if _, err := lite.Count(context.Background(), Options{}); !errors.Is(err, ErrNoTable) {
			t.Errorf("n=%d: NewUnitPlan Count: %v; want ErrNoTable", n, err)
		}
	}
	if _, err := NewUnitPlan(context.Background(), 3); !errors.Is(err, ErrSize) {
		t.Errorf("NewUnitPlan(context.Background(), 3): %v; want ErrSize", err)
	}
}

// TestJoinTableBudget joins lists whose east tables of 7-bit chunks
// would exceed recTableBudget (here 3 tables, 768 patterns): the join
// cuts the east list on key bits into pieces that fit (splitCount),
// each joined in 7-bit chunks, keeps the patterns of its lists, joins
// fewer pairs than the lists hold, and counts what the scalar join does; with a budget below one
// table, into pieces of a block, each joined as a short list (one
// kernel call on 5-bit chunks, no records).
func TestJoinTableBudget(t *testing.T) {
	if !usePEXT {
		t.Skip("quadrant: the records need AVX2 and a fast PEXT")
	}
	defer func(b int) { recTableBudget = b }(recTableBudget)
	r := rand.New(rand.NewPCG(9, 10))
	for _, c := range []struct {
		budget int
		recs   bool
	}{{3 * recTableStride, true}, {recTableStride - 1, false}} {
		recTableBudget = c.budget
		var j joiner
		for trial := range 8 {
			d := 30 + trial
			W, E := randomPatterns(r, 6000, d, 0.2, trial%2 == 0), randomPatterns(r, 3000, d, 0.2, false)
			W0, E0 := slices.Clone(W), slices.Clone(E)
			j.cutPairs = 0
			if got, want := j.count(W, E, d), countScalar(W, E); got != want {
				t.Fatalf("budget %d, trial %d (d=%d): count = %d; want %d", c.budget, trial, d, got, want)
			}
			slices.Sort(W)
			slices.Sort(W0)
			slices.Sort(E)
			slices.Sort(E0)
			if !slices.Equal(W, W0) || !slices.Equal(E, E0) {
				t.Fatalf("budget %d, trial %d: count changed the patterns of its lists", c.budget, trial)
			}
			// The pieces are cut on key bits: the pairs that share a
			// cut bit are never joined (cut by place, every pair is).
			if all := uint64(len(W)) * uint64(len(E)); j.cutPairs == 0 || j.cutPairs > all*7/8 {
				t.Fatalf("budget %d, trial %d: the pieces joined %d of the %d pairs; want some, at most 7/8", c.budget, trial, j.cutPairs, all)
			}
			if j.recs != c.recs || !c.recs && j.cbits != 5 {
				t.Fatalf("budget %d, trial %d (d=%d): records %v, %d-bit chunks; want records %v", c.budget, trial, d, j.recs, j.cbits, c.recs)
			}
			if len(j.rtab) > c.budget/8 {
				t.Fatalf("budget %d, trial %d: records' tables of %d bytes", c.budget, trial, 8*len(j.rtab))
			}
		}
	}
}

// TestJoinChunkSplits joins lists of 26 to 40 live bits, where a leaf
// of the key recursion reads 4 to 6 7-bit chunks (6 to 8 5-bit ones
// without records), with densities that make
// the one-sided leaves of the west keys with a key bit clear (leafW0)
// split on the next key bit to read a chunk fewer. It checks the counts
// against the scalar join and that the split was taken.
func TestJoinChunkSplits(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var j joiner
	splits := 0
	for trial := range 40 {
		d := 26 + r.IntN(15)
		nw, ne := 4000+r.IntN(8000), 1000+r.IntN(4000)
		dw, de := 0.05+0.4*r.Float64(), 0.05+0.4*r.Float64()
		W, E := randomPatterns(r, nw, d, dw, trial%2 == 0), randomPatterns(r, ne, d, de, false)
		if got, want := j.count(W, E, d), countScalar(W, E); got != want {
			t.Fatalf("trial %d (d=%d, %d×%d, densities %.2f, %.2f): count = %d; want %d", trial, d, nw, ne, dw, de, got, want)
		}
		splits += j.splitW0
		j.splitW0 = 0
	}
	if usePEXT && splits == 0 {
		// Without BMI2 the patterns are not packed with the key on top
		// (sortPacked), and every leaf reads all chunks.
		t.Errorf("leaves split by leafW0: 0; want some")
	}
}
