package nqueens

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/gpu"
	"github.com/nqueens/nqueens/internal/run"
)

// emulatedGPUs is a run.GPUDriver of k emulated GPUs (gpu.Emulate),
// each failing its launches as fail says (nil: never).
type emulatedGPUs struct {
	k       int
	fail    func(launch int) error
	opened  *int
	openErr error // Open's error, if not nil
}

func (d emulatedGPUs) Devices() (int, error) { return d.k, nil }
func (d emulatedGPUs) Open(int) (gpu.Device, error) {
	if d.openErr != nil {
		return nil, d.openErr
	}
	if d.opened != nil {
		*d.opened++
	}
	return gpu.Emulate(d.fail), nil
}

// useGPU registers d as the GPU driver for the test.
func useGPU(t *testing.T, d run.GPUDriver) {
	old := run.RegisterGPU(d)
	t.Cleanup(func() { run.RegisterGPU(old) })
}

// TestCountGPUEmulated counts n = 8..12 on one and on two emulated
// GPUs and compares the totals, the unique counts and the nodes with
// the kernel on the CPU.
func TestCountGPUEmulated(t *testing.T) {
	for _, k := range []int{1, 2} {
		opened := 0
		useGPU(t, emulatedGPUs{k: k, opened: &opened})
		for n := 8; n <= 12; n++ {
			cpu, err := Count(context.Background(), n, CountOptions{Method: MethodKernel})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Count(context.Background(), n, CountOptions{Device: DeviceGPU})
			if err != nil {
				t.Fatalf("%d GPUs, n=%d: %v", k, n, err)
			}
			if got.Solutions != cpu.Solutions || got.Unique != cpu.Unique || got.Nodes != cpu.Nodes {
				t.Errorf("%d GPUs: Count(%d) on the GPU = %v, %v unique, %d nodes; want %v, %v, %d",
					k, n, got.Solutions, got.Unique, got.Nodes, cpu.Solutions, cpu.Unique, cpu.Nodes)
			}
			if got.Method != MethodKernel || got.Device != DeviceGPU || len(got.GPUs) != k || got.GPUs[0].Name != "emulator" {
				t.Errorf("%d GPUs: Count(%d) ran by method %q on device %q, GPUs %+v; want kernel on gpu, %d emulators", k, n, got.Method, got.Device, got.GPUs, k)
			}
			if cpu.Device != DeviceCPU || cpu.GPUs != nil {
				t.Errorf("Count(%d) on the CPU names device %q, GPUs %+v; want cpu and none", n, cpu.Device, cpu.GPUs)
			}
		}
		if opened != 5*k {
			t.Errorf("%d GPUs: %d devices opened for 5 counts; want %d", k, opened, 5*k)
		}
	}
}

// TestCountGPUSmall: n = 0..3 on the GPU are the CPU's counts; n = 0
// and 1, without a search, are counted on the CPU and say so.
func TestCountGPUSmall(t *testing.T) {
	useGPU(t, emulatedGPUs{k: 1})
	for n := 0; n <= 3; n++ {
		cpu, err := Count(context.Background(), n, CountOptions{Method: MethodKernel})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Count(context.Background(), n, CountOptions{Device: DeviceGPU})
		want := map[bool]Device{true: DeviceCPU, false: DeviceGPU}[n < 2]
		if err != nil || got.Solutions != cpu.Solutions || got.Unique != cpu.Unique || got.Device != want {
			t.Errorf("Count(%d) on the GPU = %v, %v unique, device %s, %v; want %v, %v, %s", n, got.Solutions, got.Unique, got.Device, err, cpu.Solutions, cpu.Unique, want)
		}
	}
}

// TestCountGPUResumeAcrossDevices counts half of n = 11 (a shard,
// recording to a checkpoint) on one device and the whole on the other,
// resuming from it, both ways: the totals are the known ones.
func TestCountGPUResumeAcrossDevices(t *testing.T) {
	useGPU(t, emulatedGPUs{k: 1})
	for _, first := range []Device{DeviceGPU, DeviceCPU} {
		second := map[Device]Device{DeviceGPU: DeviceCPU, DeviceCPU: DeviceGPU}[first]
		cp := filepath.Join(t.TempDir(), "n11.ckpt")
		half, err := Count(context.Background(), 11, CountOptions{Method: MethodKernel, Device: first, Checkpoint: cp, Shard: Shard{Index: 0, Count: 2}})
		if err != nil {
			t.Fatal(err)
		}
		all, err := Count(context.Background(), 11, CountOptions{Method: MethodKernel, Device: second, Checkpoint: cp})
		if err != nil {
			t.Fatalf("%s then %s: %v", first, second, err)
		}
		if all.Solutions.Lo != 2680 || all.Unique.Lo != 341 || all.Resumed != half.Units || all.Device != second {
			t.Errorf("%s then %s: Count(11) = %v, %v unique, %d units resumed, device %s; want 2680, 341, %d, %s",
				first, second, all.Solutions, all.Unique, all.Resumed, all.Device, half.Units, second)
		}
	}
}

// TestGPUShardMergesWithCPUReplica counts shard 0 of 2 (two replicas:
// every unit in each) of n = 10 on the GPU and shard 1 on the CPU:
// they merge, every unit's copies agree, and VerifyShards accepts them.
func TestGPUShardMergesWithCPUReplica(t *testing.T) {
	useGPU(t, emulatedGPUs{k: 1})
	var recs []ShardRecord
	for i, d := range []Device{DeviceGPU, DeviceCPU} {
		res, err := Count(context.Background(), 10, CountOptions{Device: d, Method: MethodKernel, Shard: Shard{Index: i, Count: 2, Replicas: 2}})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := res.ShardRecord()
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	res, err := MergeShards(recs)
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions.Lo != 724 || res.Unique.Lo != 92 {
		t.Errorf("merged n=10 = %v, %v unique; want 724, 92", res.Solutions, res.Unique)
	}
	if _, err := VerifyShards(context.Background(), recs, 5, 1, 1); err != nil {
		t.Errorf("VerifyShards: %v", err)
	}
}

// TestCountDeviceRefused checks the refusals of Device: one line each,
// ErrDevice for a GPU that cannot be used.
func TestCountDeviceRefused(t *testing.T) {
	useGPU(t, nil)
	for _, tc := range []struct {
		n      int
		opts   CountOptions
		kind   error
		phrase string
	}{
		{10, CountOptions{Device: DeviceGPU}, ErrDevice, `import _ "github.com/nqueens/nqueens/gpu"`},
		{10, CountOptions{Device: "tpu"}, nil, `unknown device "tpu"`},
		{10, CountOptions{Device: DeviceGPU, Method: MethodJoin}, nil, "device gpu counts with method kernel, not join"},
		{10, CountOptions{Device: DeviceGPU, Method: MethodBitboard}, nil, "not bitboard"},
	} {
		_, err := Count(context.Background(), tc.n, tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.phrase) || strings.Contains(err.Error(), "\n") ||
			(tc.kind != nil && !errors.Is(err, tc.kind)) || (tc.kind == nil && errors.Is(err, ErrDevice)) {
			t.Errorf("Count(%d, %+v) = %v; want one line with %q, ErrDevice %v", tc.n, tc.opts, err, tc.phrase, tc.kind != nil)
		}
	}
	useGPU(t, emulatedGPUs{k: 0})
	if _, err := Count(context.Background(), 10, CountOptions{Device: DeviceGPU}); !errors.Is(err, ErrDevice) || !strings.Contains(err.Error(), "reports no GPU") {
		t.Errorf("Count(10) with no GPU = %v; want ErrDevice, reports no GPU", err)
	}
	useGPU(t, emulatedGPUs{k: 1})
	if _, err := Count(context.Background(), 33, CountOptions{Device: DeviceGPU}); !errors.Is(err, ErrDevice) || !strings.Contains(err.Error(), "up to n = 32") {
		t.Errorf("Count(33) on the GPU = %v; want ErrDevice, up to n = 32", err)
	}
	useGPU(t, emulatedGPUs{k: 1, openErr: errors.New("CUDA device 0 (X) has compute capability 6.1; the device code needs 7.5 or later")})
	if _, err := Count(context.Background(), 10, CountOptions{Device: DeviceGPU}); !errors.Is(err, ErrDevice) || !strings.Contains(err.Error(), "device gpu: CUDA device 0 (X) has compute capability 6.1") {
		t.Errorf("Count(10) on a GPU that does not open = %v; want ErrDevice, the driver's reason", err)
	}
}

// TestCountDeviceGPUMethodAuto: DeviceGPU with MethodAuto counts by
// the kernel, even where a checkpoint of the join would make Auto pick
// the join: that checkpoint is refused as another count's.
func TestCountDeviceGPUMethodAuto(t *testing.T) {
	useGPU(t, emulatedGPUs{k: 1})
	cp := filepath.Join(t.TempDir(), "n12.ckpt")
	if _, err := Count(context.Background(), 12, CountOptions{Method: MethodJoin, Checkpoint: cp}); err != nil {
		t.Fatal(err)
	}
	if _, err := Count(context.Background(), 12, CountOptions{Device: DeviceGPU, Checkpoint: cp}); !errors.Is(err, ErrCheckpoint) {
		t.Errorf("Count(12) on the GPU from a checkpoint of the join = %v; want ErrCheckpoint (the kernel's count)", err)
	}
}

// TestCountGPULaunchError checks that a device failing its second
// launch fails the count with the device's error (not ErrDevice), the
// checkpoint keeping what was finished: the count on the CPU that
// resumes from it ends with the known totals.
func TestCountGPULaunchError(t *testing.T) {
	useGPU(t, emulatedGPUs{k: 1, fail: func(launch int) error {
		if launch >= 2 {
			return errors.New("CUDA cuLaunchKernel: CUDA_ERROR_LAUNCH_FAILED")
		}
		return nil
	}})
	cp := filepath.Join(t.TempDir(), "n12.ckpt")
	_, err := Count(context.Background(), 12, CountOptions{Device: DeviceGPU, Checkpoint: cp})
	if err == nil || errors.Is(err, ErrDevice) || !strings.Contains(err.Error(), "CUDA_ERROR_LAUNCH_FAILED") {
		t.Fatalf("Count(12) on a failing GPU = %v; want the launch's error, not ErrDevice", err)
	}
	res, err := Count(context.Background(), 12, CountOptions{Device: DeviceCPU, Checkpoint: cp})
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions.Lo != 14200 || res.Unique.Lo != 1787 || res.Resumed == 0 || res.Resumed == res.Units {
		t.Errorf("Count(12) resumed on the CPU = %v, %v unique, %d of %d units resumed; want 14200, 1787, some but not all",
			res.Solutions, res.Unique, res.Resumed, res.Units)
	}
}

// TestCountGPUCancel: a count on the GPU whose context ends during its
// first launch returns the context's error after the launches in
// flight, one per GPU; counted to the end, n = 14 takes more.
func TestCountGPUCancel(t *testing.T) {
	for _, k := range []int{1, 2} {
		var launches atomic.Int32
		useGPU(t, emulatedGPUs{k: k, fail: func(int) error { launches.Add(1); return nil }})
		if _, err := Count(context.Background(), 14, CountOptions{Device: DeviceGPU}); err != nil {
			t.Fatal(err)
		}
		if all := launches.Load(); all <= int32(k) {
			t.Fatalf("%d GPUs: Count(14) took %d launches; the test needs more than %d", k, all, k)
		}
		launches.Store(0)
		ctx, cancel := context.WithCancel(context.Background())
		useGPU(t, emulatedGPUs{k: k, fail: func(int) error { launches.Add(1); cancel(); return nil }})
		_, err := Count(ctx, 14, CountOptions{Device: DeviceGPU})
		if n := launches.Load(); !errors.Is(err, context.Canceled) || n > int32(k) {
			t.Errorf("%d GPUs: Count(14) cancelled in its first launch = %v after %d launches; want context.Canceled after %d at most", k, err, n, k)
		}
	}
}

// TestEstimateAutoGPU: with DeviceAuto, an emulated GPU and estimates
// that make it faster, Estimate (as Count, through normalize) runs on
// the GPU and says so; slower, on the CPU; with no driver linked, on the
// CPU without an error.
func TestEstimateAutoGPU(t *testing.T) {
	useGPU(t, emulatedGPUs{k: 1})
	for _, tc := range []struct {
		cpu, gpu float64
		want     Device
	}{{2, 1, DeviceGPU}, {1, 2, DeviceCPU}} {
		restore := run.SetAutoEstimates(func(context.Context, int, string, run.Options) (float64, float64, error) { return tc.cpu, tc.gpu, nil })
		e, err := estimateCount(context.Background(), 16, estimateOptions{Budget: time.Millisecond})
		restore()
		if err != nil || e.Device != tc.want || e.Method != MethodKernel || (len(e.GPUs) == 1) != (tc.want == DeviceGPU) {
			t.Errorf("CPU %gs, GPU %gs: Estimate(16) on %q, method %s, GPUs %+v, %v; want %s, kernel", tc.cpu, tc.gpu, e.Device, e.Method, e.GPUs, err, tc.want)
		}
	}
	useGPU(t, nil)
	e, err := estimateCount(context.Background(), 16, estimateOptions{Budget: time.Millisecond})
	if err != nil || e.Device != DeviceCPU {
		t.Errorf("no driver: Estimate(16) on %q, %v; want the CPU, no error", e.Device, err)
	}
}
