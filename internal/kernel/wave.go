package kernel

import (
	"math/bits"

	"github.com/nqueens/nqueens/internal/symcount"
)

// waveCap is the capacity of a level's buffer in searchWave.
const waveCap = 512

// waveMaxN is the largest board searchWave counts (32-bit lanes), and the
// number of its levels (a unit has at most N−2 free rows).
const waveMaxN = 32

// symcount.Fixed, which counts the rotation-fixed solutions of the units
// the wave counts, must cover every N the wave does (a compile error if
// not).
const _ = uint(symcount.MaxN - waveMaxN)

// A waveLevel is one level's buffer of frames for searchWave, as four
// arrays of 32-bit masks (N ≤ 32), so that the AVX2 pass loads eight
// frames per instruction. The eight spare entries take the lanes a
// pass reads or writes past the last frame.
type waveLevel struct {
	c, l, r, f [waveCap + 8]uint32
}

// passArgs holds a level's constants for a pass: the shift to the
// child's row (sh) and from it to the row after (d2), each in the low
// word of 16 bytes so that the AVX2 code uses them as shift counts in
// place, and the squares the border queens attack in the child's row
// (next) and the row after (next2). For level 3 they are the shift and
// attacks of rows 2 and 1.
type passArgs struct {
	sh, _       uint64
	d2, _       uint64
	next, next2 uint32
}

// waveBufs is searchWave's scratch space, allocated once per Worker.
type waveBufs struct {
	lv   [waveMaxN]waveLevel
	n    [waveMaxN]int
	args [waveMaxN]passArgs
}

// keep8[m] lists the lanes i with bit i of m set, in order, as VPERMD
// indices: the compaction of a pass.
var keep8 [256][8]uint32

// iota8 holds the lane numbers, to mask the lanes past the last frame.
var iota8 = [8]uint32{0, 1, 2, 3, 4, 5, 6, 7}

func init() {
	for m := range keep8 {
		k := 0
		for i := range 8 {
			if m>>i&1 != 0 {
				keep8[m][k] = uint32(i)
				k++
			}
		}
	}
}

// searchWave counts what search counts, in another order and without a
// branch per square. Each level has a buffer of frames (the masks of a
// row and its squares not tried yet); a pass over a buffer takes one
// square of every frame, writes the frame back (compacted) if squares
// are left and the child to the buffer of the level below if the child's
// row and the row after it have a free square, as search's look-ahead.
// A level is drained when its buffer is half full or its parent's is
// empty, so every buffer stays bounded. The work of a pass is the same
// for every frame, so AVX2 does eight at a time (passAVX2, leafAVX2);
// level 3 counts the last two rows as nest does. It needs n ≤ 32 and
// m ≥ nestTop−1 free rows, and visits exactly search's nodes.
//
// With AVX2 (passAVX2, leafAVX2) the wave takes 0.13–0.16× search's
// time on the fast-path units of N = 15 (BenchmarkWave); at N = 16 a
// pass holds 86 frames on average, 96% of the AVX2 lanes carry a frame,
// and passAVX2 is most of the time: the sixteen permutes and unaligned
// stores of a group of eight frames. passGo, in SoA 32-bit lanes with
// its loop in a function of its own (the registers to itself), takes
// 0.77× search's time, so it replaces search where there is no AVX2
// (measured on amd64; not on arm64).
func (w *Worker) searchWave() (sols, nodes uint64, ok bool) {
	s := &w.s
	m := s.m
	if w.wave == nil {
		w.wave = new(waveBufs)
	}
	wb := w.wave
	for k := range m - 1 {
		j := (m - k) & (waveMaxN - 1)
		a := &wb.args[j]
		a.sh = uint64(s.shift[k])
		a.next = uint32(s.mask[(k+1)&(MaxN-1)])
		a.d2, a.next2 = 0, 0
		if k+2 < m {
			a.d2 = uint64(s.shift[(k+1)&(MaxN-1)])
			a.next2 = uint32(s.mask[(k+2)&(MaxN-1)])
		}
	}
	col := uint32(s.col | ^s.full)
	f := ^(col | uint32(s.mask[0]))
	if f == 0 {
		return 0, 0, true
	}
	// A stopped count leaves frames behind (the Worker may be reused).
	clear(wb.n[:])
	top := &wb.lv[m&(waveMaxN-1)]
	top.c[0], top.l[0], top.r[0], top.f[0] = col, 0, 0, f
	wb.n[m&(waveMaxN-1)] = 1
	w.sols, w.nodes, w.stopped = 0, 0, false
	w.drain(m)
	if w.stopped {
		return 0, 0, false
	}
	return w.sols, w.nodes, true
}

// drain empties level j's buffer and those below it.
func (w *Worker) drain(j int) {
	wb := w.wave
	j &= waveMaxN - 1
	if j == 3 {
		a := &wb.args[3]
		src := &wb.lv[3]
		var acc [16]uint32
		for wb.n[3] > 0 {
			n := wb.n[3]
			if waveAVX2 {
				wb.n[3] = leafAVX2(src, n, a, &acc)
			} else {
				wb.n[3] = leafGo(src, n, a, &acc)
			}
		}
		for i := range 8 {
			w.sols += uint64(acc[i])
			w.nodes += uint64(acc[8+i])
		}
		return
	}
	src, dst := &wb.lv[j], &wb.lv[(j-1)&(waveMaxN-1)]
	a := &wb.args[j]
	for wb.n[j] > 0 {
		if j >= pollRows && w.Stop != nil && w.Stop.Load() {
			w.stopped = true
			return
		}
		nj, nd := wb.n[j], wb.n[(j-1)&(waveMaxN-1)]
		k := min(nj, waveCap-nd)
		var wi int
		if waveAVX2 {
			wi, nd = passAVX2(src, dst, nj-k, nj, nd, a)
		} else {
			wi, nd = passGo(src, dst, nj-k, nj, nd, a)
		}
		w.nodes += uint64(k)
		wb.n[j] = wi
		wb.n[(j-1)&(waveMaxN-1)] = nd
		if nd >= waveCap/2 || wi == 0 {
			w.drain(j - 1)
			if w.stopped {
				return
			}
		}
	}
}

// passGo takes one square of each frame src[start:end]: it writes the
// frames with squares left back from src[start] on, and the children
// whose row and row after have a free square to dst from dst[nd] on,
// and returns the new ends of both. passAVX2 is the same, eight frames
// at a time.
func passGo(src, dst *waveLevel, start, end, nd int, a *passArgs) (wi, nd2 int) {
	sh, d2 := a.sh&31, a.d2&31
	wi = start
	for i := start; i < end; i++ {
		i := i & (waveCap - 1)
		c, l, r, f := src.c[i], src.l[i], src.r[i], src.f[i]
		b := f & -f
		f ^= b
		k := wi & (waveCap - 1)
		src.c[k], src.l[k], src.r[k], src.f[k] = c, l, r, f
		wi += int(b2u(f != 0))
		c |= b
		l = (l | b) << sh
		r = (r | b) >> sh
		g := ^(c | l | r | a.next)
		la := ^(c | l<<d2 | r>>d2 | a.next2)
		k = nd & (waveCap - 1)
		dst.c[k], dst.l[k], dst.r[k], dst.f[k] = c, l, r, g
		nd += int(b2u(g != 0) & b2u(la != 0))
	}
	return wi, nd
}

// leafGo takes one square of each of the n frames of level 3 (src),
// writes the frames with squares left back, and adds each square's
// solutions to acc[0:8] and its nodes to acc[8:16] (any lane; the AVX2
// version uses all eight): as nest's last loop, the two columns left
// (lo, hi) either way round, and a node for the square, each free
// square of row 2 and each solution. It returns the frames left.
func leafGo(src *waveLevel, n int, a *passArgs, acc *[16]uint32) int {
	sh, sh2 := a.sh&31, a.d2&31
	wi := 0
	var sols, nodes uint32
	for i := range n {
		i := i & (waveCap - 1)
		c, l, r, f := src.c[i], src.l[i], src.r[i], src.f[i]
		b := f & -f
		f ^= b
		k := wi & (waveCap - 1)
		src.c[k], src.l[k], src.r[k], src.f[k] = c, l, r, f
		wi += int(b2u(f != 0))
		c2, l2, r2 := c|b, (l|b)<<sh, (r|b)>>sh
		nf2 := ^(c2 | l2 | r2 | a.next)
		rem := ^c2
		lo := rem & -rem
		hi := rem ^ lo
		a1 := rem &^ ((l2|lo)<<sh2 | (r2|hi)>>sh2 | a.next2)
		s := uint32(b2u(nf2&lo|a1&hi == rem) + b2u(nf2&hi|a1&lo == rem))
		sols += s
		nodes += 1 + uint32(bits.OnesCount32(nf2)) + s
	}
	acc[0] += sols
	acc[8] += nodes
	return wi
}
