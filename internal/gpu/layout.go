package gpu

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/nqueens/nqueens/internal/kernel"
)

// The device code's constants and record layouts (device/count.cu),
// little-endian. The host build (host_main.c, run by TestHostBuild)
// refuses structs of other sizes, and counts what this package writes.
const (
	levels      = 32  // NQ_LEVELS: levels 1..30 of a unit of n ≤ 32
	blockSize   = 128 // NQ_BLOCK: threads of a block
	stackLevels = 16  // NQ_STACK: levels a thread can push
	unitBytes   = 192 // sizeof(nq_unit)
	taskBytes   = 24  // sizeof(nq_task)
	resultBytes = 16  // sizeof(nq_result)

	// maxTaskLevel is the highest level a task may start at: levels
	// 3..1 push nothing.
	maxTaskLevel = stackLevels + 3

	// BlockSize is the number of threads of a block a launch must
	// use (NQ_BLOCK).
	BlockSize = blockSize

	// MaxN is the largest board the device code counts: a row is a
	// 32-bit word.
	MaxN = 32
)

// A devUnit is one unit's constants as the device reads them: its rows'
// masks and shifts by level (kernel.SearchSetup, cut to 32 bits).
type devUnit struct {
	mask      [levels]uint32
	shift     [levels]uint8
	lookahead bool
	col       uint32 // the border's columns with the bits above n−1 set (host only)
	m         int    // free rows (host only)
}

// child returns the masks of the row below row level j after a queen on
// bit b (columns cc, diagonals nl and nr) and its free squares nf; ok is
// false when that row has none or, with the look-ahead, the row after it
// has none: the step the device code's search takes (count.cu), which the
// host's expansion and the emulator take too.
func (u *devUnit) child(j int, c, l, r, b uint32) (cc, nl, nr, nf uint32, ok bool) {
	sh := u.shift[j]
	cc, lb, rb := c|b, l|b, r|b
	nl, nr = lb<<sh, rb>>sh
	nf = ^(cc | nl | nr | u.mask[j-1])
	if nf == 0 {
		return cc, nl, nr, nf, false
	}
	if u.lookahead {
		sh2 := sh + u.shift[j-1]
		if ^(cc | lb<<sh2 | rb>>sh2 | u.mask[j-2]) == 0 {
			return cc, nl, nr, nf, false
		}
	}
	return cc, nl, nr, nf, true
}

// newDevUnit returns the device's view of s; n ≤ MaxN.
func newDevUnit(s *kernel.SearchSetup) devUnit {
	var u devUnit
	for j := 1; j <= s.M; j++ {
		u.mask[j] = uint32(s.Mask[j])
		u.shift[j] = s.Shift[j]
	}
	u.lookahead = s.LookAhead
	u.col = uint32(s.Col | ^s.Full)
	u.m = s.M
	return u
}

// put writes u as an nq_unit into b (unitBytes long).
func (u *devUnit) put(b []byte) {
	for j, m := range u.mask {
		binary.LittleEndian.PutUint32(b[4*j:], m)
	}
	copy(b[4*levels:], u.shift[:])
	var la uint32
	if u.lookahead {
		la = 1
	}
	binary.LittleEndian.PutUint32(b[5*levels:], la)
	clear(b[5*levels+4 : unitBytes])
}

// A task is one sub-task of a unit: the state of a row entered at
// Level, the rows above placed by the host (nq_task).
type task struct {
	unit              uint32 // index into the batch's units
	level             uint32
	col, ld, rd, free uint32
}

// put writes t as an nq_task into b (taskBytes long).
func (t *task) put(b []byte) {
	for i, v := range [6]uint32{t.unit, t.level, t.col, t.ld, t.rd, t.free} {
		binary.LittleEndian.PutUint32(b[4*i:], v)
	}
}

// A count is what a task's search found (nq_result).
type count struct{ sols, nodes uint64 }

// getCount reads the nq_result at b.
func getCount(b []byte) count {
	return count{binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])}
}

// check reports whether c can be the count of t: the task's own row is
// entered, so it has at least popcount(free) nodes, and every solution
// is a node. A result the device never wrote (0 nodes, the buffer is
// cleared) or a task it refused fails this.
func (c count) check(t *task) error {
	if c.nodes < uint64(bits.OnesCount32(t.free)) || c.sols > c.nodes {
		return fmt.Errorf("a sub-task of level %d with %d free squares returned %d solutions and %d nodes", t.level, bits.OnesCount32(t.free), c.sols, c.nodes)
	}
	return nil
}

// putUnits writes the batch's units as nq_unit records into dst
// (len(b.units)·unitBytes long) and returns it.
func (b *batch) putUnits(dst []byte) []byte {
	dst = dst[:len(b.units)*unitBytes]
	for k := range b.units {
		b.units[k].put(dst[k*unitBytes:])
	}
	return dst
}

// putTasks writes the batch's tasks as nq_task records into dst and
// returns it.
func (b *batch) putTasks(dst []byte) []byte {
	dst = dst[:len(b.tasks)*taskBytes]
	for i := range b.tasks {
		b.tasks[i].put(dst[i*taskBytes:])
	}
	return dst
}
