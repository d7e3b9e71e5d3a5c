package run

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/gpu"
)

// emulated is a GPUDriver of one device that open returns.
type emulated struct {
	open func() gpu.Device
}

func (d emulated) Devices() (int, error)        { return 1, nil }
func (d emulated) Open(int) (gpu.Device, error) { return d.open(), nil }

// useGPU registers d as the GPU driver for the test (nil: none).
func useGPU(t *testing.T, d GPUDriver) {
	old := RegisterGPU(d)
	t.Cleanup(func() { RegisterGPU(old) })
}

// slowAfterFirst is an emulated device whose first launch runs at the
// emulator's speed and whose later ones take 5 ms a sub-task (a long
// launch: thousands of sub-tasks); started is closed when the second
// launch starts.
type slowAfterFirst struct {
	gpu.Device
	slow     gpu.Device
	launches int
	started  chan struct{}
}

func (d *slowAfterFirst) Launch(ctx context.Context, grid int, units, tasks, results, next gpu.Buffer, begin, end uint32) error {
	d.launches++
	if d.launches == 1 {
		return d.Device.Launch(ctx, grid, units, tasks, results, next, begin, end)
	}
	if d.launches == 2 {
		close(d.started)
	}
	return d.slow.Launch(ctx, grid, units, tasks, results, next, begin, end)
}

// TestGPUStopKeepsCheckpoint counts n = 13 on an emulated GPU with a
// checkpoint and cancels it 100 ms into its second launch, a long one:
// the count returns within a second of the cancel, the checkpoint holds
// exactly the units reported (those of the first launch, some but not
// all) and nothing of the stopped launch, and a count on the CPU resumes
// from it to the right totals.
func TestGPUStopKeepsCheckpoint(t *testing.T) {
	dev := &slowAfterFirst{Device: gpu.Emulate(nil), slow: gpu.EmulateSlow(nil, 5*time.Millisecond), started: make(chan struct{})}
	useGPU(t, emulated{open: func() gpu.Device { return dev }})
	cp := filepath.Join(t.TempDir(), "n13.ckpt")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	var cancelled time.Time
	go func() {
		<-dev.started
		time.Sleep(100 * time.Millisecond)
		mu.Lock()
		cancelled = time.Now()
		mu.Unlock()
		cancel()
	}()
	reported := 0
	o := Options{Workers: 2, Checkpoint: cp, Device: DeviceGPU, Progress: func(p Progress) { reported = p.UnitsDone }}
	p, err := kernelEngine{}.Plan(ctx, 13, o)
	if err != nil {
		t.Fatal(err)
	}
	units := p.Units
	_, err = p.Count(ctx)
	mu.Lock()
	stopped := time.Since(cancelled)
	mu.Unlock()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the cancelled GPU count = %v; want context.Canceled", err)
	}
	if stopped > time.Second {
		t.Errorf("the GPU count returned %v after the cancel; want within a second", stopped)
	}
	if reported == 0 || reported == units {
		t.Fatalf("%d of %d units reported before the cancel; want some, not all (the test's launches)", reported, units)
	}
	o = Options{Workers: 2, Checkpoint: cp, Device: DeviceCPU}
	p, err = kernelEngine{}.Plan(context.Background(), 13, o)
	if err != nil {
		t.Fatal(err)
	}
	again, err := p.Count(context.Background())
	if err != nil {
		t.Fatalf("resuming on the CPU: %v", err)
	}
	t.Logf("reported %d of %d, stopped after %v", reported, units, stopped)
	if again.Resumed != reported || again.Solutions.Lo != 73712 || again.Unique.Lo != 9233 {
		t.Errorf("resumed %d units to %d, %d unique; want the %d reported, 73712, 9233", again.Resumed, again.Solutions.Lo, again.Unique.Lo, reported)
	}
}

// TestEstimateGPU estimates n = 11 and 13 on an emulated GPU, through
// the count's device path: with a budget that lets every unit finish,
// the estimate is the time of the count (every unit timed, spread 0,
// within the estimate's own time),
// with a short one a sample (spread unknown); the seconds are priced
// unit by unit and name the GPU; without a driver, ErrDevice.
func TestEstimateGPU(t *testing.T) {
	opened := 0
	useGPU(t, emulated{open: func() gpu.Device { opened++; return gpu.Emulate(nil) }})
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		n      int
		budget time.Duration
		all    bool
	}{{11, time.Minute, true}, {13, time.Millisecond, false}} {
		var e estimate.Estimate
		o := Options{Workers: 2, Device: DeviceGPU}
		start := time.Now()
		pl, err := kernelEngine{}.Plan(context.Background(), tc.n, o)
		if err == nil {
			e, err = pl.Estimate(context.Background(), estimate.Options{Budget: tc.budget}, rnd)
		}
		if err != nil {
			t.Fatalf("n=%d: %v", tc.n, err)
		}
		if took := time.Since(start).Seconds(); tc.all && e.CPUSeconds > took {
			t.Errorf("n=%d: every unit timed, GPU seconds %g; want at most the %g s the estimate took", tc.n, e.CPUSeconds, took)
		}
		p, _ := kernelPlan(tc.n, 2)
		var sum float64
		for _, s := range e.UnitSeconds {
			sum += s
		}
		if len(e.GPUs) != 1 || e.GPUs[0].Name != "emulator" || e.Workers != 1 || e.Units != len(p.Units) || len(e.UnitSeconds) != len(p.Units) {
			t.Errorf("n=%d: GPUs %+v, %d workers, %d units, %d unit times; want the emulator, 1, %d, %d", tc.n, e.GPUs, e.Workers, e.Units, len(e.UnitSeconds), len(p.Units), len(p.Units))
		}
		if e.CPUSeconds <= 0 || math.Abs(sum-e.CPUSeconds) > 1e-9*sum || e.WallSeconds < e.CPUSeconds {
			t.Errorf("n=%d: GPU seconds %g, by unit %g, wall %g; want positive, equal, wall ≥ GPU seconds on one GPU", tc.n, e.CPUSeconds, sum, e.WallSeconds)
		}
		if all := e.Samples == len(p.Units) && e.Spread == 0; all != tc.all || !tc.all && !math.IsNaN(e.Spread) {
			t.Errorf("n=%d, budget %v: %d of %d units timed, spread %g; want all timed: %v", tc.n, tc.budget, e.Samples, len(p.Units), e.Spread, tc.all)
		}
		if EstimateDevice(methodKernel, e.GPUs) != DeviceGPU || EstimateDevice(methodKernel, nil) != DeviceCPU {
			t.Errorf("EstimateDevice names %q and %q; want gpu and cpu", EstimateDevice(methodKernel, e.GPUs), EstimateDevice(methodKernel, nil))
		}
	}
	if opened != 2 {
		t.Errorf("%d devices opened for 2 estimates; want 2", opened)
	}
	useGPU(t, nil)
	pl, err := kernelEngine{}.Plan(context.Background(), 11, Options{Workers: 1, Device: DeviceGPU})
	if err == nil {
		_, err = pl.Estimate(context.Background(), estimate.Options{Budget: time.Millisecond}, rnd)
	}
	if !errors.Is(err, ErrDevice) {
		t.Errorf("an estimate on the GPU without a driver = %v; want ErrDevice", err)
	}
}

// TestAutoGPU checks Auto's choice with injected estimates: the GPU
// when its estimate is below the CPU's, else (slower, or an estimate
// failed) the CPU; the join is replaced only where free and not for a
// shard; n below gpuAutoFrom or above gpu.MaxN, and a device other than
// auto, are never probed; the choice is kept.
func TestAutoGPU(t *testing.T) {
	useGPU(t, emulated{open: func() gpu.Device { return gpu.Emulate(nil) }})
	var cpu, gpuSec float64
	var estErr error
	asked := 0
	old := autoEstimates
	t.Cleanup(func() { autoEstimates = old })
	autoEstimates = func(context.Context, int, string, Options) (float64, float64, error) {
		asked++
		return cpu, gpuSec, estErr
	}
	for _, tc := range []struct {
		name     string
		n        int
		method   string
		free     bool
		o        Options
		cpu, gpu float64
		err      error
		want     bool
		asks     int
	}{
		{"faster", 16, methodKernel, true, Options{Workers: 2}, 2, 1, nil, true, 1},
		{"slower", 17, methodKernel, true, Options{Workers: 2}, 1, 2, nil, false, 1},
		{"estimate failed", 18, methodKernel, true, Options{Workers: 2}, 2, 1, errors.New("no"), false, 1},
		{"join replaced", 19, methodJoin, true, Options{Workers: 2}, 2, 1, nil, true, 1},
		{"join kept (checkpoint)", 20, methodJoin, false, Options{Workers: 2}, 2, 1, nil, false, 0},
		{"join shard kept", 21, methodJoin, true, Options{Workers: 2, Shard: Shard{Index: 0, Count: 2}}, 2, 1, nil, false, 0},
		{"kernel shard", 21, methodKernel, false, Options{Workers: 2, Shard: Shard{Index: 0, Count: 2}}, 2, 1, nil, true, 1},
		{"too small", gpuAutoFrom - 1, methodKernel, true, Options{Workers: 2}, 2, 1, nil, false, 0},
		{"too large", gpu.MaxN + 1, methodKernel, true, Options{Workers: 2}, 2, 1, nil, false, 0},
		{"cpu asked", 16, methodKernel, true, Options{Workers: 2, Device: DeviceCPU}, 2, 1, nil, false, 0},
		{"kept", 16, methodKernel, true, Options{Workers: 2}, 1, 2, nil, true, 0},
		{"another driver", 16, methodKernel, true, Options{Workers: 2}, 1, 2, nil, false, 1},
	} {
		if tc.name == "another driver" { // registering a driver forgets the choices
			useGPU(t, emulated{open: func() gpu.Device { return gpu.Emulate(nil) }})
		}
		cpu, gpuSec, estErr, asked = tc.cpu, tc.gpu, tc.err, 0
		if got := AutoGPU(tc.n, tc.method, tc.free, tc.o); got != tc.want || asked != tc.asks {
			t.Errorf("%s: AutoGPU(%d, %s) = %v after %d estimates; want %v after %d", tc.name, tc.n, tc.method, got, asked, tc.want, tc.asks)
		}
	}
	// Without a driver: the CPU, nothing estimated.
	useGPU(t, nil)
	asked = 0
	if AutoGPU(16, methodKernel, true, Options{Workers: 2}) || asked != 0 {
		t.Errorf("AutoGPU without a driver = true or estimated (%d); want the CPU at once", asked)
	}
}

// TestAutoGPUEmulated decides at n = 12 with the real estimates: the
// emulated GPU (a search in Go on one goroutine) is slower than the
// kernel on the CPU, and is timed through the device path (opened).
func TestAutoGPUEmulated(t *testing.T) {
	opened := 0
	useGPU(t, emulated{open: func() gpu.Device { opened++; return gpu.Emulate(nil) }})
	if chooseGPU(12, methodKernel, Options{Workers: 2}) || opened != 1 {
		t.Errorf("chooseGPU(12) on the emulator = true or not timed on it (%d opened); want the CPU, 1", opened)
	}
}

// TestEstimateGPUAbove prices n = 12 on an emulated GPU by the ratio of
// its seconds to the CPU's at n = 10 (as estimateGPU does above
// gpuTimedMax): an extrapolation (From 10, spread unknown), every unit
// priced in proportion to the CPU's estimate, positive.
func TestEstimateGPUAbove(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	p, err := kernelPlan(12, 2)
	if err != nil {
		t.Fatal(err)
	}
	costs := planCosts(p)
	var e estimate.Estimate
	e.Workers = 2
	err = estimateGPUAbove(context.Background(), p, 10, gpu.Emulate(nil), Options{Workers: 2}, estimate.Options{Workers: 2, Budget: 30 * time.Millisecond}, rnd, costs, allIDs(len(costs)), &e)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for _, s := range e.UnitSeconds {
		sum += s
	}
	if e.From != 10 || !math.IsNaN(e.Spread) || e.Samples < 1 || e.CPUSeconds <= 0 || math.Abs(sum-e.CPUSeconds) > 1e-9*sum ||
		len(e.UnitSeconds) != len(costs) || e.WallSeconds < e.CPUSeconds/2 {
		t.Errorf("n=12 from 10: From %d, spread %g, %d samples, GPU seconds %g (by unit %g), wall %g on 2; want 10, NaN, some, positive, equal, at least half",
			e.From, e.Spread, e.Samples, e.CPUSeconds, sum, e.WallSeconds)
	}
}
