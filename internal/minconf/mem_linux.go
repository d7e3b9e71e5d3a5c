package minconf

import (
	"runtime/metrics"
	"syscall"
	"unsafe"

	"github.com/nqueens/nqueens/internal/memlimit"
)

// hugeMin is the size from which words asks the kernel for transparent
// huge pages. The diagonal bitsets are read at random, and in this VM a
// random read that misses the cache costs more with 4 KiB pages: a chain
// of dependent reads over 50 MB took 227 ns a read with 4 KiB pages and
// 191 ns with huge pages, over 400 MB 351 and 266 ns (measured once with
// a small program; the figures vary with the machine's load).
const hugeMin = 4 << 20

// words returns k zeroed uint64s and a function that frees them. Large
// blocks are mapped directly and advised to use huge pages (this system
// has transparent huge pages in "madvise" mode); if mapping fails, or the
// block is small, it falls back to make.
func words(k int) ([]uint64, func()) {
	size := k * 8
	if size < hugeMin {
		return make([]uint64, k), func() {}
	}
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]uint64, k), func() {}
	}
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE; an error only costs speed
	w := unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), k)
	return w, func() { _ = syscall.Munmap(b) }
}

// available returns what this process can still allocate: room, the
// address space left under the limit (ulimit -v, memlimit.AddressSpace;
// ^0 without a limit); spare, the address space the Go heap has already
// reserved and does not use (it counts in VmSize but takes allocations
// without growing it); and phys, the least of the system's MemAvailable
// plus free swap, the cgroup memory limits' rooms and GOMEMLIMIT's
// (memlimit.Read), and what bounds it.
// It is a variable for the tests.
var available = func() (room, spare uint64, phys memlimit.Room) {
	room = ^uint64(0)
	if r, limited := memlimit.AddressSpace(); limited {
		room = r
	}
	samples := []metrics.Sample{{Name: "/memory/classes/heap/released:bytes"}, {Name: "/memory/classes/heap/free:bytes"}}
	metrics.Read(samples)
	for _, s := range samples {
		if s.Value.Kind() == metrics.KindUint64 {
			spare += s.Value.Uint64()
		}
	}
	return room, spare, memlimit.Read(memlimit.Options{Swap: true})
}
