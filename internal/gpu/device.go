package gpu

import "context"

// A Device is one GPU with the device code loaded: what Count needs of
// it. internal/gpu/cuda opens one through the CUDA driver; the tests
// use Emulate, which runs the same search in Go.
type Device interface {
	// Info describes the device.
	Info() Info
	// Alloc returns a buffer of n bytes of device memory.
	Alloc(n int64) (Buffer, error)
	// Launch runs the kernel nq_count (device/count.cu) on grid blocks
	// of blockSize threads over tasks [begin, end) and waits for it:
	// units, tasks, results and next are buffers from Alloc. When ctx
	// ends during the launch, the launch stops within a second (the
	// kernel's stop flag) and Launch returns ctx.Err(): the results of
	// that launch are then incomplete and must not be read.
	Launch(ctx context.Context, grid int, units, tasks, results, next Buffer, begin, end uint32) error
	// Close releases the device; its buffers are freed.
	Close() error
}

// A Buffer is device memory.
type Buffer interface {
	// Write copies b to the buffer at offset off.
	Write(off int64, b []byte) error
	// Read copies the buffer at offset off into b.
	Read(off int64, b []byte) error
	// Free releases the buffer.
	Free() error
}

// Info describes a device.
type Info struct {
	Name            string // the product name, as the driver gives it
	Memory          int64  // bytes of device memory in all
	FreeMemory      int64  // bytes free when the device was opened
	Multiprocessors int    // streaming multiprocessors
	Capability      string // compute capability, "9.0"
	Driver          string // the driver's CUDA version, "13.0"
}
