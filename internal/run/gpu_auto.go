package run

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/gpu"
)

// Auto's choice of the GPU (AutoGPU).
const (
	// gpuAutoFrom is the smallest n for which DeviceAuto considers the
	// GPU: below it the kernel counts on the CPU's cores in well under
	// a second, about what opening a GPU and timing it take.
	gpuAutoFrom = 16
	// autoBudget is the calibration of each of the two estimates that
	// decide, and autoWait bounds the two together (with the plans they
	// list, seconds past n = 25): a GPU not priced by then is not
	// chosen.
	autoBudget = 200 * time.Millisecond
	autoWait   = 20 * time.Second
)

// AutoGPU reports whether a count of n with DeviceAuto ("" or "auto")
// runs on the GPU:
// a driver registered that reports a device, n in gpuAutoFrom..gpu.MaxN,
// and the kernel on the GPU estimated faster (wall time, the device's
// opening included) than method on the CPU, the method
// nqueens.ChooseMethod picked. free says whether that method may be
// replaced by the kernel (MethodAuto's choice for a count without a
// checkpoint); a shard by another method than the kernel stays on it
// (its records are that method's). Otherwise, and on any error of the
// driver, the device or the estimates, it returns false, silently:
// without a driver it returns at once, without a GPU after the driver's
// probe. The answer for n, method, free and o's workers and shard is
// kept for the process (the estimate before a count and the count ask
// alike).
func AutoGPU(n int, method string, free bool, o Options) bool {
	if o.Device != DeviceAuto && o.Device != "auto" || n < gpuAutoFrom || n > gpu.MaxN {
		return false
	}
	if method != methodKernel && (!free || o.Shard != (Shard{}) || ByMethod(method) == nil) {
		return false
	}
	gpuDriver.Lock()
	d := gpuDriver.d
	gpuDriver.Unlock()
	if d == nil {
		return false
	}
	key := autoKey{n: n, method: method, free: free, workers: o.Workers, shard: o.Shard}
	autoChoice.Lock()
	defer autoChoice.Unlock()
	if use, ok := autoChoice.m[key]; ok {
		return use
	}
	use := chooseGPU(n, method, o)
	if autoChoice.m == nil {
		autoChoice.m = map[autoKey]bool{}
	}
	autoChoice.m[key] = use
	return use
}

// chooseGPU is AutoGPU's decision, once the driver is there.
func chooseGPU(n int, method string, o Options) bool {
	if _, err := planGPU(n); err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), autoWait)
	defer cancel()
	cpu, gpuSec, err := autoEstimates(ctx, n, method, o)
	return err == nil && gpuSec < cpu
}

// autoEstimates returns the wall seconds a count of n takes by method
// on the CPU and by the kernel on the GPU, estimated for autoBudget
// each: a variable for the tests.
var autoEstimates = func(ctx context.Context, n int, method string, o Options) (cpu, gpuSec float64, err error) {
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0x9e3779b97f4a7c15))
	eo := estimate.Options{Workers: max(o.Workers, 1), Budget: autoBudget}
	var ec, eg estimate.Estimate
	oc := o
	oc.Device = DeviceCPU
	pc, err := ByMethod(method).Plan(ctx, n, oc)
	if err != nil {
		return 0, 0, err
	}
	if ec, err = pc.Estimate(ctx, eo, rnd); err != nil {
		return 0, 0, err
	}
	og := o
	og.Device = DeviceGPU
	if err := estimateGPU(ctx, n, og, eo, rnd, &eg); err != nil {
		return 0, 0, err
	}
	return ec.WallSeconds, eg.WallSeconds, nil
}

// The choices AutoGPU made, by what they depend on.
type autoKey struct {
	n       int
	method  string
	free    bool
	workers int
	shard   Shard
}

var autoChoice struct {
	sync.Mutex
	m map[autoKey]bool
}

// clearAutoDevice forgets AutoGPU's choices (a driver registered anew).
func clearAutoDevice() {
	autoChoice.Lock()
	autoChoice.m = nil
	autoChoice.Unlock()
}

// SetAutoEstimates makes f the estimates AutoGPU decides by (the wall
// seconds by the CPU's method and by the kernel on the GPU), forgetting
// its choices, and returns what undoes it: for the tests of packages
// above.
func SetAutoEstimates(f func(ctx context.Context, n int, method string, o Options) (cpu, gpu float64, err error)) (restore func()) {
	old := autoEstimates
	autoEstimates = f
	clearAutoDevice()
	return func() { autoEstimates = old; clearAutoDevice() }
}
