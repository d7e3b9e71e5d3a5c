package run

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/nqueens/nqueens/internal/gpu"
	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/tally"
)

// The devices a kernel count runs on (nqueens.Device).
const (
	DeviceAuto = ""    // the GPU where present and estimated faster, else the CPU (AutoGPU)
	DeviceCPU  = "cpu" // the kernel on the CPU's cores
	DeviceGPU  = "gpu" // the kernel's units on every GPU the driver reports
)

// ErrDevice is the kind of the errors that say a GPU asked for cannot
// be used: no driver linked or installed, no device, a board too large.
// A device error during the count (a launch, an allocation) is not of
// this kind.
var ErrDevice = errors.New("no usable GPU")

// A GPUDriver opens GPUs: package github.com/nqueens/nqueens/gpu
// registers the CUDA driver's (internal/gpu/cuda).
type GPUDriver interface {
	// Devices returns the number of GPUs, or an error saying in one
	// line what is missing and where it looked.
	Devices() (int, error)
	// Open opens GPU i (0 ≤ i < Devices()).
	Open(i int) (gpu.Device, error)
}

var gpuDriver struct {
	sync.Mutex
	d GPUDriver
}

// RegisterGPU makes d the driver of DeviceGPU and returns the one it
// replaces (nil: none); nil unregisters. Package
// github.com/nqueens/nqueens/gpu calls it when it is linked; tests
// register an emulator.
func RegisterGPU(d GPUDriver) GPUDriver {
	gpuDriver.Lock()
	old := gpuDriver.d
	gpuDriver.d = d
	gpuDriver.Unlock()
	clearAutoDevice() // AutoGPU's choices were the old driver's
	return old
}

// errNotLinked is DeviceGPU's error when no driver is registered.
var errNotLinked = WithKind(ErrDevice, errors.New(`device gpu: the GPU driver is not linked into this program (import _ "github.com/nqueens/nqueens/gpu" links it; cmd/nqueens has it)`))

// A gpuRun is a kernel count on the GPUs: the driver and how many
// devices it reported when the count was planned, and the devices
// opened (Result.GPUs).
type gpuRun struct {
	drv     GPUDriver
	devices int
	gpus    []gpu.Info
}

// planGPU checks that a kernel count of n can run on the GPU, before
// the plan is made: a driver registered that reports a device, n within
// the device code's rows. Its errors are of kind ErrDevice. It returns
// nil for n < 2, whose one unit, without a search, the CPU counts.
func planGPU(n int) (*gpuRun, error) {
	gpuDriver.Lock()
	d := gpuDriver.d
	gpuDriver.Unlock()
	if d == nil {
		return nil, errNotLinked
	}
	if n > gpu.MaxN {
		return nil, WithKind(ErrDevice, fmt.Errorf("device gpu counts boards up to n = %d (a row is a 32-bit word on the device), not %d", gpu.MaxN, n))
	}
	k, err := d.Devices()
	if err != nil {
		return nil, WithKind(ErrDevice, fmt.Errorf("device gpu: %v", err))
	}
	if k < 1 {
		return nil, WithKind(ErrDevice, errors.New("device gpu: the NVIDIA driver is loaded but reports no GPU"))
	}
	if n < 2 {
		return nil, nil // the empty board and the one square: no search, the CPU's
	}
	return &gpuRun{drv: d, devices: k}, nil
}

// count counts the units ids of p on every device as kernelEngine.Count
// does on the CPU: done after each unit, one call at a time; an error
// of done stops the count and is returned. A device that cannot be
// opened fails with an error of kind ErrDevice before anything is
// counted; a device error during the count is returned as it is, the
// units reported before it stand.
func (g *gpuRun) count(ctx context.Context, p *kernel.Plan, ids []int, workers int, done func(tally.UnitResult) error) error {
	if len(ids) == 0 {
		return ctx.Err()
	}
	g.gpus = nil // this count's
	devs := make([]gpu.Device, 0, g.devices)
	defer func() {
		for _, d := range devs {
			d.Close()
		}
	}()
	for i := range g.devices {
		d, err := g.drv.Open(i)
		if err != nil {
			return WithKind(ErrDevice, fmt.Errorf("device gpu: %v", err))
		}
		devs = append(devs, d)
		g.gpus = append(g.gpus, d.Info())
	}
	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	report := func(i int, r tally.UnitResult) {
		if err := done(tally.UnitResult{ID: i, Total: r.Total, Unique: r.Unique, Nodes: r.Nodes}); err != nil {
			cancel(err)
		}
	}
	opt := gpu.Options{Workers: workers}
	var err error
	if len(devs) == 1 {
		err = gpu.Count(runCtx, devs[0], p, ids, opt, report)
	} else {
		err = gpu.CountDevices(runCtx, devs, p, ids, opt, report)
	}
	if err != nil && ctx.Err() == nil {
		if cause := context.Cause(runCtx); cause != nil {
			return cause // done's error
		}
	}
	return err
}
