package kernel

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

// hasAVX2 is waveAVX2 as the package set it: whether this machine and
// build have the AVX2 passes. Tests that set waveAVX2 restore it.
var hasAVX2 = waveAVX2

// waveModes lists the settings of waveAVX2 to test: the Go passes
// always, the AVX2 passes where they run.
func waveModes() []bool {
	if hasAVX2 {
		return []bool{false, true}
	}
	return []bool{false}
}

// setWave sets waveAVX2 for the rest of the test.
func setWave(t testing.TB, avx bool) {
	t.Helper()
	old := waveAVX2
	waveAVX2 = avx
	t.Cleanup(func() { waveAVX2 = old })
}

func modeName(avx bool) string {
	if avx {
		return "avx2"
	}
	return "go"
}

// fastPath reports whether CountUnit counts u's solutions with
// searchWave (n ≤ 32) or search (the units with a rotation in their
// stabilizer included), and sets up w.s for it.
func fastPath(w *Worker, n int, u *Unit) bool {
	w.s.init(n, u.Border)
	return w.s.m >= nestTop-1
}

// TestWaveMatchesSearch compares searchWave with search, solutions and
// nodes, on every unit of N = 13..16 that CountUnit counts with the wave
// (16 not in -short), with the Go passes and with the AVX2 passes.
func TestWaveMatchesSearch(t *testing.T) {
	for _, n := range []int{13, 14, 15, 16} {
		if n == 16 && testing.Short() {
			continue
		}
		t.Run(fmt.Sprintf("N=%d", n), func(t *testing.T) {
			p, err := NewPlan(n)
			if err != nil {
				t.Fatal(err)
			}
			setWave(t, waveAVX2) // restored at the end
			var w Worker
			units := 0
			for i := range p.Units {
				u := &p.Units[i]
				if !fastPath(&w, n, u) {
					continue
				}
				units++
				want, wantNodes, ok := w.search()
				if !ok {
					t.Fatalf("unit %d: search stopped without a stop flag", i)
				}
				for _, avx := range waveModes() {
					waveAVX2 = avx
					got, gotNodes, ok := w.searchWave()
					if !ok || got != want || gotNodes != wantNodes {
						t.Fatalf("unit %d (%+v, m=%d) %s: searchWave = %d sols, %d nodes, ok %v; search = %d, %d",
							i, u.Border, w.s.m, modeName(avx), got, gotNodes, ok, want, wantNodes)
					}
				}
			}
			if units == 0 {
				t.Errorf("no fast-path unit")
			}
		})
	}
}

// attacks returns the squares of board row r attacked along a diagonal
// by the queens (qr[i], qc[i]) above it on a board of n columns.
func attacks(n, r int, qr, qc []int) uint64 {
	var a uint64
	for i := range qr {
		d := r - qr[i]
		if c := qc[i] - d; c >= 0 {
			a |= 1 << uint(c)
		}
		if c := qc[i] + d; c < n {
			a |= 1 << uint(c)
		}
	}
	return a
}

// deepSetup returns the setup of a subproblem deep in a unit of an n×n
// board: a random valid border, queens placed at random in its free rows
// but the last rows ones, and those folded into col and the masks. It
// reports false when the random placement runs into a full row. The
// subproblems reach N = 32 (bit 31 of the 32-bit masks), where whole
// units are too long to count.
func deepSetup(rng *rand.Rand, n, rows int) (setup, bool) {
	var s setup
	var b Border
	for {
		b = Border{int8(rng.IntN(n)), int8(rng.IntN(n)), int8(rng.IntN(n)), int8(rng.IntN(n))}
		if b.valid(n) {
			break
		}
	}
	s.init(n, b)
	if s.m < rows {
		return s, false
	}
	d := s.m - rows
	var qr, qc []int
	col := s.col
	for k := range d {
		r := int(s.rows[k])
		free := s.full &^ (col | s.mask[k] | attacks(n, r, qr, qc))
		if free == 0 {
			return s, false
		}
		var c int
		for x := rng.IntN(bits.OnesCount64(free)); ; x-- {
			c = bits.TrailingZeros64(free)
			if x == 0 {
				break
			}
			free &= free - 1
		}
		qr, qc = append(qr, r), append(qc, c)
		col |= 1 << uint(c)
	}
	t := setup{n: n, m: rows, full: s.full, col: col}
	for k := range rows {
		r := int(s.rows[d+k])
		t.rows[k] = int8(r)
		t.shift[k] = s.shift[d+k]
		t.mask[k] = (s.mask[d+k] | attacks(n, r, qr, qc)) &^ col & s.full
	}
	return t, true
}

// TestWaveDeep compares searchWave with search on random subproblems of
// N = 17..32 with nestTop−1..14 free rows left: masks with every bit of
// the 32 in use, shifts of 1..3 and few free rows.
func TestWaveDeep(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	setWave(t, waveAVX2) // restored at the end
	var w Worker
	for n := 17; n <= 32; n++ {
		tried, withSols := 0, 0
		for rows := nestTop - 1; rows <= 14; rows++ {
			for range 6 {
				var s setup
				ok := false
				// Prefer subproblems with solutions; take one without after 40 draws.
				for try := 0; try < 200 && !ok; try++ {
					if s, ok = deepSetup(rng, n, rows); ok && try < 40 {
						w.s = s
						sols, _, _ := w.search()
						ok = sols > 0
					}
				}
				if !ok {
					continue
				}
				tried++
				w.s = s
				want, wantNodes, _ := w.search()
				if want > 0 {
					withSols++
				}
				for _, avx := range waveModes() {
					waveAVX2 = avx
					got, gotNodes, ok := w.searchWave()
					if !ok || got != want || gotNodes != wantNodes {
						t.Errorf("N=%d, %d rows left (col %#x, shifts %v, masks %#x) %s: searchWave = %d sols, %d nodes, ok %v; search = %d, %d",
							n, rows, s.col, s.shift[:rows], s.mask[:rows], modeName(avx), got, gotNodes, ok, want, wantNodes)
					}
				}
			}
		}
		if tried == 0 || withSols == 0 {
			t.Errorf("N=%d: %d subproblems, %d with solutions; want some of each", n, tried, withSols)
		}
	}
}

// A guardedLevel is a waveLevel between two runs of a guard word, to
// catch stores past its ends.
type guardedLevel struct {
	pre  [16]uint32
	lv   waveLevel
	post [16]uint32
}

const guardWord = 0x9e3779b9

func newGuarded(lv *waveLevel) *guardedLevel {
	g := &guardedLevel{lv: *lv}
	for i := range g.pre {
		g.pre[i], g.post[i] = guardWord, guardWord
	}
	return g
}

// guardErr describes a changed guard word, or returns "".
func (g *guardedLevel) guardErr() string {
	for i := range g.pre {
		if g.pre[i] != guardWord {
			return fmt.Sprintf("the word %d before the buffer was overwritten (%#x)", len(g.pre)-i, g.pre[i])
		}
		if g.post[i] != guardWord {
			return fmt.Sprintf("the word %d after the buffer (entry %d of f) was overwritten (%#x)", i, waveCap+8+i, g.post[i])
		}
	}
	return ""
}

// diffLevels returns the first of the frames [0, n) where a and b
// differ, or "".
func diffLevels(a, b *waveLevel, n int) string {
	for i := range n {
		if a.c[i] != b.c[i] || a.l[i] != b.l[i] || a.r[i] != b.r[i] || a.f[i] != b.f[i] {
			return fmt.Sprintf("frame %d = {c %#x, l %#x, r %#x, f %#x}; want {%#x, %#x, %#x, %#x}",
				i, a.c[i], a.l[i], a.r[i], a.f[i], b.c[i], b.l[i], b.r[i], b.f[i])
		}
	}
	return ""
}

// garbage fills every entry of lv, the spare ones included, at random.
func garbage(rng *rand.Rand, lv *waveLevel) {
	for i := range lv.c {
		lv.c[i], lv.l[i], lv.r[i], lv.f[i] = rng.Uint32(), rng.Uint32(), rng.Uint32(), rng.Uint32()
	}
}

// randBits returns up to k random bits of x (x ≠ 0: at least one).
func randBits(rng *rand.Rand, x uint32, k int) uint32 {
	var out uint32
	for range k {
		if x == 0 {
			break
		}
		p := rng.IntN(bits.OnesCount32(x))
		y := x
		for range p {
			y &= y - 1
		}
		b := y & -y
		out |= b
		x &^= b
	}
	return out
}

// randMask returns a random mask of a board of n columns, sparse or
// dense.
func randMask(rng *rand.Rand, full uint32) uint32 {
	switch rng.IntN(4) {
	case 0:
		return 0
	case 1:
		return rng.Uint32() & rng.Uint32() & rng.Uint32() & full
	case 2:
		return rng.Uint32() & rng.Uint32() & full
	}
	return rng.Uint32() & full
}

// randFrame returns a frame as the search makes them on a board of n ≤ 32
// columns: c with the bits above column n−1 set, l with any bits (the
// left shifts move bits above the board), r on the board and f, 1..5
// squares not in c.
func randFrame(rng *rand.Rand, n int) (c, l, r, f uint32) {
	full := ^uint32(0) >> (32 - n)
	c = ^full | rng.Uint32()&rng.Uint32()&full
	if c == ^uint32(0) {
		c &^= 1 << rng.IntN(n)
	}
	return c, rng.Uint32(), rng.Uint32() & full, randBits(rng, ^c, 1+rng.IntN(5))
}

// randArgs returns a level's constants: shifts 1..3 (the one to the
// row after sometimes 0, as for the last rows) and random masks.
func randArgs(rng *rand.Rand, n int) passArgs {
	full := ^uint32(0) >> (32 - n)
	a := passArgs{sh: uint64(1 + rng.IntN(3)), d2: uint64(rng.IntN(4))}
	if a.d2 == 0 && rng.IntN(2) == 0 {
		a.d2 = 1
	}
	a.next, a.next2 = randMask(rng, full), randMask(rng, full)
	return a
}

// TestPassAVX2MatchesGo compares passAVX2 with passGo on random buffers:
// the returned ends, the frames written back and the children, and that
// no store goes past the 8 spare entries.
func TestPassAVX2MatchesGo(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 passes in this build or on this machine")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	iters := 3000
	if testing.Short() {
		iters = 500
	}
	var src, dst waveLevel
	for it := range iters {
		n := 4 + rng.IntN(29)
		if it%4 == 0 {
			n = 32
		}
		garbage(rng, &src)
		garbage(rng, &dst)
		// Lengths: random, the full buffer, a multiple of 8 ± 1, few.
		var nj int
		switch it % 5 {
		case 0:
			nj = waveCap
		case 1:
			nj = 8*rng.IntN(waveCap/8+1) - rng.IntN(2)
		case 2:
			nj = rng.IntN(17)
		default:
			nj = rng.IntN(waveCap + 1)
		}
		nj = max(nj, 0)
		for i := range nj {
			src.c[i], src.l[i], src.r[i], src.f[i] = randFrame(rng, n)
		}
		// The frames taken, src[start:nj], and the children's start nd,
		// with nd + k ≤ waveCap as in drain, often at the limit.
		k := nj
		if rng.IntN(3) == 0 {
			k = rng.IntN(nj + 1)
		}
		start := nj - k
		var nd int
		switch rng.IntN(4) {
		case 0:
			nd = 0
		case 1:
			nd = waveCap - k
		case 2:
			nd = waveCap - k - rng.IntN(min(9, waveCap-k+1))
		default:
			nd = rng.IntN(waveCap - k + 1)
		}
		a := randArgs(rng, n)

		srcGo, dstGo := src, dst
		gs, gd := newGuarded(&src), newGuarded(&dst)
		wantWi, wantNd := passGo(&srcGo, &dstGo, start, nj, nd, &a)
		gotWi, gotNd := passAVX2(&gs.lv, &gd.lv, start, nj, nd, &a)

		what := fmt.Sprintf("iteration %d (N=%d, frames %d..%d, nd %d, sh %d, d2 %d, next %#x, next2 %#x)",
			it, n, start, nj, nd, a.sh, a.d2, a.next, a.next2)
		if gotWi != wantWi || gotNd != wantNd {
			t.Fatalf("%s: passAVX2 returned wi %d, nd %d; passGo %d, %d", what, gotWi, gotNd, wantWi, wantNd)
		}
		if wantWi < start || wantWi > nj || wantNd < nd || wantNd > nd+k {
			t.Fatalf("%s: passGo returned wi %d, nd %d: out of range", what, wantWi, wantNd)
		}
		if d := diffLevels(&gs.lv, &srcGo, wantWi); d != "" {
			t.Fatalf("%s: src after passAVX2: %s (passGo)", what, d)
		}
		if d := diffLevels(&gd.lv, &dstGo, wantNd); d != "" {
			t.Fatalf("%s: dst after passAVX2: %s (passGo)", what, d)
		}
		if d := diffLevels(&gs.lv, &src, start); d != "" {
			t.Fatalf("%s: src before start changed: %s", what, d)
		}
		if d := diffLevels(&gd.lv, &dst, nd); d != "" {
			t.Fatalf("%s: dst before nd changed: %s", what, d)
		}
		for _, g := range []*guardedLevel{gs, gd} {
			if e := g.guardErr(); e != "" {
				t.Fatalf("%s: passAVX2: %s", what, e)
			}
		}
	}
}

// randLeafFrame returns a frame of level 3: three columns left on a
// board of n ≤ 32 columns, f 1..3 of them.
func randLeafFrame(rng *rand.Rand, n int) (c, l, r, f uint32) {
	full := ^uint32(0) >> (32 - n)
	free := randBits(rng, full, 3)
	c = ^free
	return c, rng.Uint32(), rng.Uint32() & full, randBits(rng, free, 1+rng.IntN(3))
}

// TestLeafAVX2MatchesGo compares leafAVX2 with leafGo on random level-3
// buffers, called until the buffer is empty as drain does: the frames
// left and the sums of the solution and node counters, which start at
// random values.
func TestLeafAVX2MatchesGo(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 passes in this build or on this machine")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	iters := 1500
	if testing.Short() {
		iters = 300
	}
	type guardedAcc struct {
		pre  [8]uint32
		acc  [16]uint32
		post [8]uint32
	}
	var src waveLevel
	for it := range iters {
		n := 3 + rng.IntN(30)
		if it%4 == 0 {
			n = 32
		}
		garbage(rng, &src)
		var nf int
		switch it % 4 {
		case 0:
			nf = waveCap
		case 1:
			nf = rng.IntN(17)
		default:
			nf = rng.IntN(waveCap + 1)
		}
		for i := range nf {
			src.c[i], src.l[i], src.r[i], src.f[i] = randLeafFrame(rng, n)
		}
		a := randArgs(rng, n)
		a.d2 = uint64(1 + rng.IntN(3))
		var accGo [16]uint32
		for i := range accGo {
			accGo[i] = rng.Uint32N(1 << 20)
		}
		ga := &guardedAcc{acc: accGo}
		for i := range ga.pre {
			ga.pre[i], ga.post[i] = guardWord, guardWord
		}
		srcGo, gs := src, newGuarded(&src)
		what := fmt.Sprintf("iteration %d (N=%d, %d frames, sh %d, d2 %d, next %#x, next2 %#x)", it, n, nf, a.sh, a.d2, a.next, a.next2)
		nGo, nAVX := nf, nf
		for call := 1; nGo > 0; call++ {
			nGo = leafGo(&srcGo, nGo, &a, &accGo)
			nAVX = leafAVX2(&gs.lv, nAVX, &a, &ga.acc)
			if nAVX != nGo {
				t.Fatalf("%s, call %d: leafAVX2 left %d frames; leafGo %d", what, call, nAVX, nGo)
			}
			if d := diffLevels(&gs.lv, &srcGo, nGo); d != "" {
				t.Fatalf("%s, call %d: after leafAVX2 %s (leafGo)", what, call, d)
			}
			var sums [4]uint64
			for i := range 8 {
				sums[0] += uint64(ga.acc[i])
				sums[1] += uint64(ga.acc[8+i])
				sums[2] += uint64(accGo[i])
				sums[3] += uint64(accGo[8+i])
			}
			if sums[0] != sums[2] || sums[1] != sums[3] {
				t.Fatalf("%s, call %d: leafAVX2's counters sum to %d sols, %d nodes; leafGo's %d, %d", what, call, sums[0], sums[1], sums[2], sums[3])
			}
			if e := gs.guardErr(); e != "" {
				t.Fatalf("%s, call %d: leafAVX2: %s", what, call, e)
			}
			for i := range ga.pre {
				if ga.pre[i] != guardWord || ga.post[i] != guardWord {
					t.Fatalf("%s, call %d: leafAVX2 wrote past acc", what, call)
				}
			}
		}
	}
}

// TestWaveStop checks that searchWave, and CountUnit through it, stop
// when Worker.Stop is set: before the count, and during it.
func TestWaveStop(t *testing.T) {
	p18, _ := NewPlan(18)
	p20, _ := NewPlan(20)
	for _, avx := range waveModes() {
		t.Run(modeName(avx), func(t *testing.T) {
			setWave(t, avx)
			var stop atomic.Bool
			w := Worker{Stop: &stop}
			if !fastPath(&w, 18, &p18.Units[0]) {
				t.Fatalf("unit 0 of N=18 does not take the fast path")
			}
			stop.Store(true)
			if _, _, ok := w.searchWave(); ok {
				t.Errorf("searchWave with Stop set, unit 0 of N=18: ok = true; want false")
			}
			if _, ok := w.CountUnit(p18, &p18.Units[0]); ok {
				t.Errorf("CountUnit on the wave path with Stop set, unit 0 of N=18: ok = true; want false")
			}
			// During the count: unit 0 of N=20 takes far longer than the timer.
			stop.Store(false)
			if !fastPath(&w, 20, &p20.Units[0]) {
				t.Fatalf("unit 0 of N=20 does not take the fast path")
			}
			timer := time.AfterFunc(20*time.Millisecond, func() { stop.Store(true) })
			defer timer.Stop()
			start := time.Now()
			_, _, ok := w.searchWave()
			if d := time.Since(start); ok || d > 3*time.Second {
				t.Errorf("searchWave, unit 0 of N=20, Stop set after 20 ms: ok = %v after %v; want false, promptly", ok, d)
			}
		})
	}
}

// TestWaveReuseAfterStop counts a unit with a Worker whose previous
// count was stopped: CountUnit documents a stopped count's result as to
// be discarded, not the Worker. The stop leaves frames in the wave
// buffers (here the top frame of an N = 16 unit with 12 free rows, at
// level 12); the next unit with more free rows must not count them.
func TestWaveReuseAfterStop(t *testing.T) {
	p, _ := NewPlan(16)
	var w Worker
	first, second := -1, -1
	for i := range p.Units {
		if !fastPath(&w, 16, &p.Units[i]) {
			continue
		}
		switch {
		case w.s.m == pollRows && first < 0:
			first = i
		case w.s.m > pollRows && second < 0:
			second = i
		}
	}
	if first < 0 || second < 0 {
		t.Fatalf("N=16: no fast-path units with %d and with more free rows (%d, %d)", pollRows, first, second)
	}
	fastPath(&w, 16, &p.Units[second])
	want, wantNodes, _ := w.search()
	for _, avx := range waveModes() {
		setWave(t, avx)
		var stop atomic.Bool
		w := Worker{Stop: &stop}
		stop.Store(true)
		fastPath(&w, 16, &p.Units[first])
		if _, _, ok := w.searchWave(); ok {
			t.Fatalf("%s: searchWave with Stop set, unit %d: ok = true; want false", modeName(avx), first)
		}
		stop.Store(false)
		fastPath(&w, 16, &p.Units[second])
		got, gotNodes, ok := w.searchWave()
		if !ok || got != want || gotNodes != wantNodes {
			t.Errorf("%s: N=16 unit %d after a stopped count of unit %d: searchWave = %d sols, %d nodes, ok %v; want %d, %d (search)",
				modeName(avx), second, first, got, gotNodes, ok, want, wantNodes)
		}
	}
}

func BenchmarkWave(b *testing.B) {
	for _, n := range []int{15, 16} {
		p, _ := NewPlan(n)
		for _, name := range []string{"search", "wave", "wavego"} {
			b.Run(fmt.Sprintf("N=%d/%s", n, name), func(b *testing.B) {
				if name == "wave" && !hasAVX2 {
					b.Skip("no AVX2 passes")
				}
				setWave(b, name == "wave")
				var w Worker
				var nodes uint64
				for b.Loop() {
					nodes = 0
					for i := range p.Units {
						u := &p.Units[i]
						if !fastPath(&w, n, u) {
							continue
						}
						var nn uint64
						if name != "search" {
							_, nn, _ = w.searchWave()
						} else {
							_, nn, _ = w.search()
						}
						nodes += nn
					}
				}
				b.ReportMetric(float64(nodes)/(b.Elapsed().Seconds()/float64(b.N)), "nodes/s")
			})
		}
	}
}
