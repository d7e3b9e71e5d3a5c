package minconf

import (
	"bufio"
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
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
// address space left under the limit (ulimit -v: RLIMIT_AS less the
// current VmSize; ^0 without a limit); spare, the address space the Go
// heap has already reserved and does not use (it counts in VmSize but
// takes allocations without growing it); and phys, the system's
// MemAvailable plus free swap (^0 when unknown).
//
// The Go runtime reserves hundreds of MB of address space for itself at
// start (about 1.2 GB of VmSize without a limit, 0.7 GB under a 1 GB one,
// with Go 1.26 on linux/amd64), so under ulimit -v the room is the limit
// less that, not less what the program uses.
func available() (room, spare, phys uint64) {
	room, phys = ^uint64(0), ^uint64(0)
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil && rl.Cur != ^uint64(0) {
		used, ok := procKB("/proc/self/status", "VmSize:")
		switch {
		case !ok:
		case used*1024 >= rl.Cur:
			room = 0
		default:
			room = rl.Cur - used*1024
		}
	}
	samples := []metrics.Sample{{Name: "/memory/classes/heap/released:bytes"}, {Name: "/memory/classes/heap/free:bytes"}}
	metrics.Read(samples)
	for _, s := range samples {
		if s.Value.Kind() == metrics.KindUint64 {
			spare += s.Value.Uint64()
		}
	}
	if memAvail, ok := procKB("/proc/meminfo", "MemAvailable:"); ok {
		swap, _ := procKB("/proc/meminfo", "SwapFree:")
		phys = (memAvail + swap) * 1024
	}
	return room, spare, phys
}

// procKB reads the "key  123 kB" line of a /proc file.
func procKB(path, key string) (uint64, bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, found := strings.CutPrefix(sc.Text(), key)
		if !found {
			continue
		}
		v, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		return v, err == nil
	}
	return 0, false
}
