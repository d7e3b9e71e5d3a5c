//go:build linux && (amd64 || arm64)

// Package cuda opens an NVIDIA GPU through the CUDA driver API
// (libcuda.so.1), loaded at run time with purego: no cgo and no CUDA
// toolkit at build time, only the driver at run time. It loads the
// device code of internal/gpu (its embedded PTX, which the driver
// compiles for the card) and implements gpu.Device.
//
// Importing this package changes the whole binary when it is built
// with CGO_ENABLED=0 on Linux: purego installs its own cgo runtime
// (fakecgo), so the binary is linked dynamically against the C library
// (it needs /lib64/ld-linux-x86-64.so.2 and libc.so.6: it no longer
// runs on a system without glibc, such as a scratch or Alpine image),
// the runtime believes cgo is present (threads are started with
// pthread_create, environment changes go through libc's setenv), and
// that runtime is purego's reimplementation of runtime/cgo, which
// links to the runtime's internals by name. A program that needs none
// of this should not import the package.
package cuda

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/ebitengine/purego"

	"github.com/nqueens/nqueens/internal/gpu"
)

// LibraryEnv names the environment variable that, when set, is the
// only path Open loads the driver library from.
const LibraryEnv = "NQUEENS_LIBCUDA"

// searchPath is where Open looks for libcuda.so.1 after the dynamic
// loader's own search (LD_LIBRARY_PATH, the ld.so cache, /lib, /usr/lib).
var searchPath = []string{
	"/usr/lib/x86_64-linux-gnu/libcuda.so.1",
	"/usr/lib/aarch64-linux-gnu/libcuda.so.1",
	"/usr/lib64/libcuda.so.1",
	"/usr/local/nvidia/lib64/libcuda.so.1",
	"/usr/local/cuda/compat/libcuda.so.1",
	"/usr/lib/wsl/lib/libcuda.so.1",
}

// The driver's functions, by symbol; each loaded once.
type driver struct {
	init, driverGetVersion, deviceGetCount, deviceGet, deviceGetName     uintptr
	deviceTotalMem, deviceGetAttribute, primaryCtxRetain                 uintptr
	primaryCtxRelease, ctxSetCurrent, ctxSynchronize, memGetInfo         uintptr
	moduleLoadDataEx, moduleGetFunction, moduleUnload, memAlloc, memFree uintptr
	memcpyHtoD, memcpyDtoH, launchKernel, getErrorString, getErrorName   uintptr
	memHostAlloc, memHostGetDevicePointer, memFreeHost                   uintptr
}

var (
	loadOnce sync.Once
	drv      *driver
	loadErr  error
)

// load opens the driver library and looks up its functions: once per
// process (a library, once loaded, stays).
func load() (*driver, error) {
	loadOnce.Do(func() { drv, loadErr = loadFrom(os.Getenv(LibraryEnv)) })
	return drv, loadErr
}

// loadFrom loads the driver from path, or from the usual places when
// path is empty.
func loadFrom(path string) (*driver, error) {
	// dlopen's reason for a failure is dlerror's, which is the calling
	// thread's: purego.Dlopen calls the two in turn, and a goroutine
	// that moves to another thread between them reads an empty reason
	// (half of `nqueens count 16 -device gpu` without a driver said
	// "…libcuda.so.1): " and nothing more). The loader stays on one thread.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var lib uintptr
	var err error
	tried := []string{}
	if path != "" {
		lib, err = purego.Dlopen(path, purego.RTLD_NOW|purego.RTLD_GLOBAL)
		tried = append(tried, path+" ("+LibraryEnv+")")
	} else {
		lib, err = purego.Dlopen("libcuda.so.1", purego.RTLD_NOW|purego.RTLD_GLOBAL)
		tried = append(tried, "the dynamic loader's path")
		for _, p := range searchPath {
			if err == nil {
				break
			}
			if _, serr := os.Stat(p); serr != nil {
				tried = append(tried, p)
				continue
			}
			lib, err = purego.Dlopen(p, purego.RTLD_NOW|purego.RTLD_GLOBAL)
			tried = append(tried, p)
		}
	}
	if err != nil {
		reason := oneLine(err.Error())
		if reason == "" {
			reason = "the dynamic loader gave no reason"
		}
		return nil, fmt.Errorf("no NVIDIA driver: libcuda.so.1 not loaded (looked in %s): %s", strings.Join(tried, ", "), reason)
	}
	d := new(driver)
	for _, f := range []struct {
		p    *uintptr
		name string
	}{
		{&d.init, "cuInit"}, {&d.driverGetVersion, "cuDriverGetVersion"},
		{&d.deviceGetCount, "cuDeviceGetCount"}, {&d.deviceGet, "cuDeviceGet"},
		{&d.deviceGetName, "cuDeviceGetName"}, {&d.deviceTotalMem, "cuDeviceTotalMem_v2"},
		{&d.deviceGetAttribute, "cuDeviceGetAttribute"},
		{&d.primaryCtxRetain, "cuDevicePrimaryCtxRetain"}, {&d.primaryCtxRelease, "cuDevicePrimaryCtxRelease_v2"},
		{&d.ctxSetCurrent, "cuCtxSetCurrent"}, {&d.ctxSynchronize, "cuCtxSynchronize"},
		{&d.memGetInfo, "cuMemGetInfo_v2"},
		{&d.moduleLoadDataEx, "cuModuleLoadDataEx"}, {&d.moduleGetFunction, "cuModuleGetFunction"},
		{&d.moduleUnload, "cuModuleUnload"},
		{&d.memAlloc, "cuMemAlloc_v2"}, {&d.memFree, "cuMemFree_v2"},
		{&d.memcpyHtoD, "cuMemcpyHtoD_v2"}, {&d.memcpyDtoH, "cuMemcpyDtoH_v2"},
		{&d.launchKernel, "cuLaunchKernel"},
		{&d.memHostAlloc, "cuMemHostAlloc"}, {&d.memHostGetDevicePointer, "cuMemHostGetDevicePointer_v2"},
		{&d.memFreeHost, "cuMemFreeHost"},
		{&d.getErrorString, "cuGetErrorString"}, {&d.getErrorName, "cuGetErrorName"},
	} {
		sym, err := purego.Dlsym(lib, f.name)
		if err != nil || sym == 0 {
			return nil, fmt.Errorf("the NVIDIA driver library has no %s (too old a driver?)", f.name)
		}
		*f.p = sym
	}
	return d, nil
}

// oneLine keeps the first line of s.
func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// call runs the driver function fn and returns an error naming what
// for a result other than CUDA_SUCCESS.
func (d *driver) call(what string, fn uintptr, args ...uintptr) error {
	r, _, _ := purego.SyscallN(fn, args...)
	if r == 0 {
		return nil
	}
	return fmt.Errorf("CUDA %s: %s", what, d.errorText(r))
}

// errorText returns the driver's name and description of result r.
func (d *driver) errorText(r uintptr) string {
	var name, desc *byte
	purego.SyscallN(d.getErrorName, r, uintptr(unsafe.Pointer(&name)))
	purego.SyscallN(d.getErrorString, r, uintptr(unsafe.Pointer(&desc)))
	n, s := cString(name), cString(desc)
	if n == "" {
		n = fmt.Sprintf("error %d", r)
	}
	if s == "" {
		return n
	}
	return n + " (" + s + ")"
}

// cString copies the NUL-terminated string at p (at most 4 KiB).
func cString(p *byte) string {
	if p == nil {
		return ""
	}
	var b []byte
	for i := range 4096 {
		c := *(*byte)(unsafe.Add(unsafe.Pointer(p), i))
		if c == 0 {
			break
		}
		b = append(b, c)
	}
	return string(b)
}

// Device attributes (CUdevice_attribute).
const (
	attrMultiprocessors = 16
	attrCapMajor        = 75
	attrCapMinor        = 76
)

// A device is one GPU's primary context with the device code loaded.
type device struct {
	d    *driver
	dev  int32
	ctx  uintptr
	mod  uintptr
	fn   uintptr
	info gpu.Info
	mu   sync.Mutex
	bufs map[*buffer]bool
	// stop is the kernel's stop flag (count.cu): 4 bytes of pinned
	// host memory mapped into the device's address space, at stopDev
	// there. Launch clears it, and sets it when its context ends,
	// without a driver call: the kernel reads it and returns.
	stop    unsafe.Pointer
	stopDev uint64
}

// Count returns the number of CUDA devices, or an error saying what is
// missing (the driver library, a device) in one line.
func Count() (int, error) {
	d, err := load()
	if err != nil {
		return 0, err
	}
	if err := d.call("cuInit", d.init, 0); err != nil {
		return 0, err
	}
	var n int32
	if err := d.call("cuDeviceGetCount", d.deviceGetCount, uintptr(unsafe.Pointer(&n))); err != nil {
		return 0, err
	}
	return int(n), nil
}

// Open opens CUDA device ordinal, loads the device code (gpu.PTX) and
// returns it. Every failure is one line saying what is missing or what
// the driver refused; the JIT compiler's log is added when the PTX is
// refused.
func Open(ordinal int) (gpu.Device, error) {
	n, err := Count()
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, errors.New("no CUDA device: the NVIDIA driver is loaded but reports no GPU")
	}
	if ordinal < 0 || ordinal >= n {
		return nil, fmt.Errorf("no CUDA device %d: the driver reports %d", ordinal, n)
	}
	d := drv
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g := &device{d: d, bufs: map[*buffer]bool{}}
	if err := d.call("cuDeviceGet", d.deviceGet, uintptr(unsafe.Pointer(&g.dev)), uintptr(ordinal)); err != nil {
		return nil, err
	}
	var name [256]byte
	if err := d.call("cuDeviceGetName", d.deviceGetName, uintptr(unsafe.Pointer(&name[0])), uintptr(len(name)-1), uintptr(g.dev)); err != nil {
		return nil, err
	}
	var total uint64
	if err := d.call("cuDeviceTotalMem", d.deviceTotalMem, uintptr(unsafe.Pointer(&total)), uintptr(g.dev)); err != nil {
		return nil, err
	}
	var sms, major, minor, version int32
	for _, a := range []struct {
		p    *int32
		attr uintptr
	}{{&sms, attrMultiprocessors}, {&major, attrCapMajor}, {&minor, attrCapMinor}} {
		if err := d.call("cuDeviceGetAttribute", d.deviceGetAttribute, uintptr(unsafe.Pointer(a.p)), a.attr, uintptr(g.dev)); err != nil {
			return nil, err
		}
	}
	if err := d.call("cuDriverGetVersion", d.driverGetVersion, uintptr(unsafe.Pointer(&version))); err != nil {
		return nil, err
	}
	if major*10+minor < 75 {
		return nil, fmt.Errorf("CUDA device %d (%s) has compute capability %d.%d; the device code needs 7.5 or later", ordinal, cString(&name[0]), major, minor)
	}
	if err := d.call("cuDevicePrimaryCtxRetain", d.primaryCtxRetain, uintptr(unsafe.Pointer(&g.ctx)), uintptr(g.dev)); err != nil {
		return nil, err
	}
	if err := g.current(); err != nil {
		g.release()
		return nil, err
	}
	var free, tot uint64
	if err := d.call("cuMemGetInfo", d.memGetInfo, uintptr(unsafe.Pointer(&free)), uintptr(unsafe.Pointer(&tot))); err != nil {
		g.release()
		return nil, err
	}
	if err := g.loadModule(); err != nil {
		g.release()
		return nil, err
	}
	if err := g.allocStop(); err != nil {
		g.Close()
		return nil, err
	}
	g.info = gpu.Info{
		Name:            cString(&name[0]),
		Memory:          int64(total),
		FreeMemory:      int64(free),
		Multiprocessors: int(sms),
		Capability:      fmt.Sprintf("%d.%d", major, minor),
		Driver:          fmt.Sprintf("%d.%d", version/1000, version%1000/10),
	}
	return g, nil
}

// JIT options of cuModuleLoadDataEx (CUjit_option).
const (
	jitErrorLogBuffer          = 5
	jitErrorLogBufferSizeBytes = 6
)

// loadModule loads gpu.PTX and finds its kernel; the OS thread is
// locked and the context current.
func (g *device) loadModule() error {
	d := g.d
	logBuf := make([]byte, 4096)
	opts := []int32{jitErrorLogBuffer, jitErrorLogBufferSizeBytes}
	vals := []uintptr{uintptr(unsafe.Pointer(&logBuf[0])), uintptr(len(logBuf))}
	r, _, _ := purego.SyscallN(d.moduleLoadDataEx, uintptr(unsafe.Pointer(&g.mod)), uintptr(unsafe.Pointer(&gpu.PTX[0])),
		uintptr(len(opts)), uintptr(unsafe.Pointer(&opts[0])), uintptr(unsafe.Pointer(&vals[0])))
	runtime.KeepAlive(logBuf)
	if r != 0 {
		msg := fmt.Sprintf("CUDA cuModuleLoadData: the driver refused the device code: %s", d.errorText(r))
		if l := strings.TrimSpace(cString(&logBuf[0])); l != "" {
			msg += ": " + strings.ReplaceAll(l, "\n", "; ")
		}
		return errors.New(msg)
	}
	name := append([]byte(gpu.KernelName), 0)
	return d.call("cuModuleGetFunction", d.moduleGetFunction, uintptr(unsafe.Pointer(&g.fn)), g.mod, uintptr(unsafe.Pointer(&name[0])))
}

// cuMemHostAlloc's flag CU_MEMHOSTALLOC_DEVICEMAP: the memory is mapped
// into the device's address space (every context maps pinned memory
// since CUDA 11; CU_CTX_MAP_HOST no longer matters).
const memHostAllocDeviceMap = 0x02

// allocStop allocates the stop flag; the OS thread is locked and the
// context current.
func (g *device) allocStop() error {
	d := g.d
	if err := d.call("cuMemHostAlloc (the stop flag)", d.memHostAlloc, uintptr(unsafe.Pointer(&g.stop)), 4, memHostAllocDeviceMap); err != nil {
		return err
	}
	(*atomic.Uint32)(g.stop).Store(0)
	return d.call("cuMemHostGetDevicePointer (the stop flag)", d.memHostGetDevicePointer, uintptr(unsafe.Pointer(&g.stopDev)), uintptr(g.stop), 0)
}

// current makes the device's context current on this OS thread (which
// the caller has locked).
func (g *device) current() error {
	return g.d.call("cuCtxSetCurrent", g.d.ctxSetCurrent, g.ctx)
}

// release gives the primary context back.
func (g *device) release() {
	if g.ctx != 0 {
		g.d.call("cuDevicePrimaryCtxRelease", g.d.primaryCtxRelease, uintptr(g.dev))
		g.ctx = 0
	}
}

func (g *device) Info() gpu.Info { return g.info }

// do runs f on a locked OS thread with the device's context current.
func (g *device) do(f func() error) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ctx == 0 {
		return errors.New("the CUDA device is closed")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := g.current(); err != nil {
		return err
	}
	return f()
}

// A buffer is device memory from cuMemAlloc.
type buffer struct {
	g    *device
	ptr  uint64
	size int64
}

func (g *device) Alloc(n int64) (gpu.Buffer, error) {
	if n <= 0 {
		return nil, fmt.Errorf("CUDA cuMemAlloc: %d bytes", n)
	}
	b := &buffer{g: g, size: n}
	err := g.do(func() error {
		if err := g.d.call(fmt.Sprintf("cuMemAlloc of %d bytes", n), g.d.memAlloc, uintptr(unsafe.Pointer(&b.ptr)), uintptr(n)); err != nil {
			return err
		}
		g.bufs[b] = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// span checks that [off, off+n) lies in the buffer.
func (b *buffer) span(off int64, n int) error {
	if off < 0 || n < 0 || off > b.size || int64(n) > b.size-off {
		return fmt.Errorf("CUDA copy of %d bytes at %d outside a buffer of %d", n, off, b.size)
	}
	return nil
}

func (b *buffer) Write(off int64, p []byte) error {
	if err := b.span(off, len(p)); err != nil || len(p) == 0 {
		return err
	}
	return b.g.do(func() error {
		return b.g.d.call("cuMemcpyHtoD", b.g.d.memcpyHtoD, uintptr(b.ptr)+uintptr(off), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
	})
}

func (b *buffer) Read(off int64, p []byte) error {
	if err := b.span(off, len(p)); err != nil || len(p) == 0 {
		return err
	}
	return b.g.do(func() error {
		return b.g.d.call("cuMemcpyDtoH", b.g.d.memcpyDtoH, uintptr(unsafe.Pointer(&p[0])), uintptr(b.ptr)+uintptr(off), uintptr(len(p)))
	})
}

func (b *buffer) Free() error {
	return b.g.do(func() error {
		if !b.g.bufs[b] {
			return nil
		}
		delete(b.g.bufs, b)
		return b.g.d.call("cuMemFree", b.g.d.memFree, uintptr(b.ptr))
	})
}

// dynamicShared is the shared memory a launch asks for beyond what
// nq_count declares (its stack, 32 KiB): none.
const dynamicShared = 0

// Launch launches nq_count and waits for it; when ctx ends meanwhile, it
// sets the kernel's stop flag (a store to mapped host memory, no driver
// call), so that the kernel returns soon, and returns ctx.Err().
func (g *device) Launch(ctx context.Context, grid int, units, tasks, results, next gpu.Buffer, begin, end uint32) error {
	bs := []gpu.Buffer{units, tasks, results, next}
	ptrs := new([4]uint64)
	for i, b := range bs {
		cb, ok := b.(*buffer)
		if !ok || cb.g != g {
			return errors.New("CUDA launch: a buffer of another device")
		}
		ptrs[i] = cb.ptr
	}
	if grid <= 0 {
		return fmt.Errorf("CUDA launch: %d blocks", grid)
	}
	// cuLaunchKernel takes the address of each argument, in the order
	// of nq_count's parameters (units, tasks, results, begin, end,
	// next, stop), held in Go memory that stays put (the heap) until the
	// call returns.
	if g.stop == nil {
		return errors.New("the CUDA device is closed")
	}
	be := new([2]uint32)
	be[0], be[1] = begin, end
	stopDev := new(uint64)
	*stopDev = g.stopDev
	params := &[7]unsafe.Pointer{
		unsafe.Pointer(&ptrs[0]), unsafe.Pointer(&ptrs[1]), unsafe.Pointer(&ptrs[2]),
		unsafe.Pointer(&be[0]), unsafe.Pointer(&be[1]), unsafe.Pointer(&ptrs[3]),
		unsafe.Pointer(stopDev),
	}
	flag := (*atomic.Uint32)(g.stop)
	flag.Store(0)
	if err := ctx.Err(); err != nil {
		return err
	}
	defer context.AfterFunc(ctx, func() { flag.Store(1) })()
	err := g.do(func() error {
		if err := g.d.call("cuLaunchKernel", g.d.launchKernel, g.fn, uintptr(grid), 1, 1, gpu.BlockSize, 1, 1,
			dynamicShared, 0, uintptr(unsafe.Pointer(&params[0])), 0); err != nil {
			return err
		}
		return g.d.call("cuCtxSynchronize (the kernel's run)", g.d.ctxSynchronize)
	})
	runtime.KeepAlive(params)
	runtime.KeepAlive(ptrs)
	runtime.KeepAlive(be)
	runtime.KeepAlive(stopDev)
	if err == nil {
		err = ctx.Err()
	}
	return err
}

func (g *device) Close() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ctx == 0 {
		return nil
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var first error
	if err := g.current(); err != nil {
		first = err
	}
	for b := range g.bufs {
		if err := g.d.call("cuMemFree", g.d.memFree, uintptr(b.ptr)); err != nil && first == nil {
			first = err
		}
		delete(g.bufs, b)
	}
	if g.stop != nil {
		if err := g.d.call("cuMemFreeHost", g.d.memFreeHost, uintptr(g.stop)); err != nil && first == nil {
			first = err
		}
		g.stop = nil
	}
	if g.mod != 0 {
		if err := g.d.call("cuModuleUnload", g.d.moduleUnload, g.mod); err != nil && first == nil {
			first = err
		}
		g.mod = 0
	}
	g.release()
	return first
}
