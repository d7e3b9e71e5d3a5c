package minconf

import (
	"bufio"
	"os"
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

// available returns an estimate of the bytes this process can still
// allocate: the smaller of the room left under the address-space limit
// (ulimit -v, less the current VmSize) and the system's MemAvailable plus
// free swap. ok is false when neither could be read.
func available() (avail uint64, ok bool) {
	avail = ^uint64(0)
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil && rl.Cur != ^uint64(0) {
		used, _ := procKB("/proc/self/status", "VmSize:")
		if used*1024 >= rl.Cur {
			return 0, true
		}
		avail, ok = rl.Cur-used*1024, true
	}
	memAvail, ok1 := procKB("/proc/meminfo", "MemAvailable:")
	swap, _ := procKB("/proc/meminfo", "SwapFree:")
	if ok1 {
		avail, ok = min(avail, (memAvail+swap)*1024), true
	}
	return avail, ok
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
