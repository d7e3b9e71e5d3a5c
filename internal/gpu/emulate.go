package gpu

import (
	"context"
	"encoding/binary"
	"errors"
	"math/bits"
	"time"
)

// Emulate returns a Device that runs the device code's search in Go on
// the host, with 32 MiB of memory, for tests of the layers above Count
// without a GPU (its results are the device's, unit by unit; it is
// much slower than the CPU kernel). fail, if not nil, is called before
// each launch with its number (1, 2, ...): an error it returns fails
// that launch, as a device error would.
func Emulate(fail func(launch int) error) Device {
	return &emulator{onLaunch: fail}
}

// EmulateSlow is Emulate with each sub-task taking at least taskTime,
// a slow device: for tests of a stop during a long launch and of Auto's
// choice against a GPU slower than the CPU.
func EmulateSlow(fail func(launch int) error, taskTime time.Duration) Device {
	return &emulator{onLaunch: fail, taskTime: taskTime}
}

// An emulator is a Device that runs the device's search in Go
// (searchTask) over the bytes Count copies to it, so that Count's
// batches, launches, memory plan, checks and cancellation, and the
// layers above Count, are tested without a GPU. It is slow: tests only.
type emulator struct {
	allocated, peak int64
	launches        int
	// corrupt, when set, changes the counts of the tasks it returns
	// true for, as a faulty device would.
	corrupt func(i uint32, c *count) bool
	// onLaunch, when set, runs before each launch; an error fails it.
	onLaunch func(n int) error
	// taskTime is the least time a sub-task takes.
	taskTime time.Duration
	// onDone, when set, runs after each launch that counted all its
	// sub-tasks, with its number.
	onDone func(n int)
}

type emuBuffer struct {
	d    *emulator
	mem  []byte
	free bool
}

func (d *emulator) Info() Info {
	return Info{Name: "emulator", Memory: 32 << 20, FreeMemory: 32 << 20, Multiprocessors: 2, Capability: "none", Driver: "none"}
}

func (d *emulator) Alloc(n int64) (Buffer, error) {
	d.allocated += n
	d.peak = max(d.peak, d.allocated)
	return &emuBuffer{d: d, mem: make([]byte, n)}, nil
}

func (b *emuBuffer) Write(off int64, p []byte) error {
	copy(b.mem[off:off+int64(len(p))], p)
	return nil
}
func (b *emuBuffer) Read(off int64, p []byte) error {
	copy(p, b.mem[off:off+int64(len(p))])
	return nil
}
func (b *emuBuffer) Free() error {
	if !b.free {
		b.free = true
		b.d.allocated -= int64(len(b.mem))
	}
	return nil
}

// Launch polls ctx before each sub-task, as the kernel polls its stop
// flag, and returns ctx.Err() with the rest of the launch not counted.
func (d *emulator) Launch(ctx context.Context, grid int, units, tasks, results, next Buffer, begin, end uint32) error {
	d.launches++
	if d.onLaunch != nil {
		if err := d.onLaunch(d.launches); err != nil {
			return err
		}
	}
	um, tm, rm := units.(*emuBuffer).mem, tasks.(*emuBuffer).mem, results.(*emuBuffer).mem
	if binary.LittleEndian.Uint32(next.(*emuBuffer).mem) != 0 {
		return errors.New("emulator: the task counter was not reset before the launch")
	}
	for i := begin; i < end; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if d.taskTime > 0 {
			time.Sleep(d.taskTime)
		}
		tb := tm[int(i)*taskBytes:]
		var tk task
		for k, p := range []*uint32{&tk.unit, &tk.level, &tk.col, &tk.ld, &tk.rd, &tk.free} {
			*p = binary.LittleEndian.Uint32(tb[4*k:])
		}
		ub := um[int(tk.unit)*unitBytes:]
		var u devUnit
		for j := range u.mask {
			u.mask[j] = binary.LittleEndian.Uint32(ub[4*j:])
		}
		copy(u.shift[:], ub[4*levels:])
		u.lookahead = binary.LittleEndian.Uint32(ub[5*levels:]) != 0
		c := searchTask(&u, tk)
		if d.corrupt != nil && !d.corrupt(i, &c) {
			continue
		}
		binary.LittleEndian.PutUint64(rm[int(i)*resultBytes:], c.sols)
		binary.LittleEndian.PutUint64(rm[int(i)*resultBytes+8:], c.nodes)
	}
	binary.LittleEndian.PutUint32(next.(*emuBuffer).mem, end-begin)
	if d.onDone != nil {
		d.onDone(d.launches)
	}
	return nil
}

func (d *emulator) Close() error { return nil }

// searchTask is count.cu's search of one task, in Go: the emulator
// of the tests runs it, and TestExpandMatchesKernel holds it and the
// host's expansion to the CPU kernel.
func searchTask(u *devUnit, t task) count {
	c, l, r, f := t.col, t.ld, t.rd, t.free
	j, top := t.level, t.level
	out := count{nodes: uint64(bits.OnesCount32(f))}
	switch {
	case j == 1:
		out.sols = out.nodes
		return out
	case j == 2:
		sh := u.shift[2]
		for ; f != 0; f &= f - 1 {
			b := f & -f
			k := uint64(bits.OnesCount32(^(c | b | (l|b)<<sh | (r|b)>>sh | u.mask[1])))
			out.nodes += k
			out.sols += k
		}
		return out
	case j > maxTaskLevel:
		return count{}
	}
	var st [stackLevels][4]uint32
	for {
		if f == 0 {
			if j == top {
				return out
			}
			j++
			c, l, r, f = st[j-4][0], st[j-4][1], st[j-4][2], st[j-4][3]
			continue
		}
		b := f & -f
		f ^= b
		if j == 3 {
			sh := u.shift[3]
			c2, l2, r2 := c|b, (l|b)<<sh, (r|b)>>sh
			nf2 := ^(c2 | l2 | r2 | u.mask[2])
			rem := ^c2
			lo := rem & -rem
			hi := rem ^ lo
			s2 := u.shift[2]
			a1 := rem &^ ((l2|lo)<<s2 | (r2|hi)>>s2 | u.mask[1])
			var s uint64
			if nf2&lo|a1&hi == rem {
				s++
			}
			if nf2&hi|a1&lo == rem {
				s++
			}
			out.sols += s
			out.nodes += uint64(bits.OnesCount32(nf2)) + s
			continue
		}
		cc, nl, nr, nf, ok := u.child(int(j), c, l, r, b)
		if !ok {
			continue
		}
		out.nodes += uint64(bits.OnesCount32(nf))
		st[j-4] = [4]uint32{c, l, r, f}
		j--
		c, l, r, f = cc, nl, nr, nf
	}
}
