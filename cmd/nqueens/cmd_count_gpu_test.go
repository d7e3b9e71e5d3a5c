package main

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/gpu"
	irun "github.com/nqueens/nqueens/internal/run"
)

// TestCountDeviceRefused: -device gpu without a driver (refused by the
// estimate, or with -force by the count), an unknown
// device, -device gpu with another method than the kernel's and N
// above the device's 32 each exit 2 with one line on stderr naming
// what is wrong.
func TestCountDeviceRefused(t *testing.T) {
	t.Setenv("NQUEENS_LIBCUDA", "/nonexistent")
	nodriver := "-device gpu: no GPU support on this platform"
	if runtime.GOOS == "linux" && (runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64") {
		nodriver = "-device gpu: no NVIDIA driver: libcuda.so.1 not loaded (looked in /nonexistent (NQUEENS_LIBCUDA))"
	}
	for _, tc := range []struct {
		args   []string
		phrase string
	}{
		{[]string{"count", "10", "-device", "gpu"}, nodriver},
		{[]string{"count", "9-10", "-device", "gpu"}, nodriver},
		// -force skips the estimate, which meets the missing driver first.
		{[]string{"count", "10", "-device", "gpu", "-force"}, nodriver},
		{[]string{"count", "9-10", "-device", "gpu", "-force"}, nodriver},
		{[]string{"count", "10", "-device", "bogus"}, `-device: unknown device "bogus" (want auto, cpu or gpu)`},
		{[]string{"count", "10", "-device", "gpu", "-method", "join"}, "-device gpu counts with -method kernel (or auto), not join"},
		{[]string{"count", "33", "-device", "gpu"}, "-device gpu counts N up to 32"},
	} {
		out, errs, code := cli(t, "", tc.args...)
		if strings.Contains(tc.args[1], "-") { // a range prints its header first
			out = strings.TrimPrefix(out, "  N            solutions               unique            nodes    seconds  growth\n")
		}
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.phrase) {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want exit 2, one line with %q", strings.Join(tc.args, " "), code, out, errs, tc.phrase)
		}
	}
}

// emulatedGPU is one emulated GPU (gpu.Emulate) as an irun.GPUDriver.
type emulatedGPU struct{}

func (emulatedGPU) Devices() (int, error)        { return 1, nil }
func (emulatedGPU) Open(int) (gpu.Device, error) { return gpu.Emulate(nil), nil }

// TestCountDeviceGPU counts on an emulated GPU: the counts of the CPU,
// -v names the device, and JSON has "device": "gpu".
func TestCountDeviceGPU(t *testing.T) {
	old := irun.RegisterGPU(emulatedGPU{})
	defer irun.RegisterGPU(old)
	out, errs, code := cli(t, "", "count", "10", "-device", "gpu", "-v")
	if code != 0 || !strings.HasPrefix(out, "10-queens: 724 solutions, 92 unique\nnodes 7,319, ") ||
		!strings.HasSuffix(out, ", method kernel\ndevice gpu: emulator, 32.0 MiB, driver none, compute capability none\n") {
		t.Errorf("count 10 -device gpu -v: exit %d, stdout %q, stderr %q; want the counts, and the device line", code, out, errs)
	}
	out, errs, code = cli(t, "", "count", "10", "-device", "gpu", "-format", "json")
	var j countJSON
	if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil || j.Device != "gpu" || j.Solutions.Lo != 724 {
		t.Errorf("count 10 -device gpu -format json: exit %d, stdout %q, stderr %q; want 724 solutions on device gpu", code, out, errs)
	}
	out, _, _ = cli(t, "", "count", "10", "-format", "json")
	if strings.Contains(out, "device") {
		t.Errorf("count 10 -format json = %q; want no device (the CPU's)", out)
	}
}

// TestCountDeviceGPUEstimate: count -v -device gpu prints the estimate
// made on the (emulated) GPU, naming it, its memory and the driver, in
// GPU time.
func TestCountDeviceGPUEstimate(t *testing.T) {
	old := irun.RegisterGPU(emulatedGPU{})
	defer irun.RegisterGPU(old)
	_, errs, code := cli(t, "", "count", "10", "-device", "gpu", "-v", "-format", "json")
	if code != 0 || !strings.Contains(errs, " on 1 GPU (emulator, 32.0 MiB, driver none), ") || !strings.Contains(errs, " of GPU time, ") {
		t.Errorf("count 10 -device gpu -v: exit %d, stderr %q; want the estimate on the GPU, naming it", code, errs)
	}
}

// TestPlanDeviceGPU prices n = 11 in 2 shards on an emulated GPU: the
// text gives GPU time by shard and GPU-hours and names the GPU timed;
// the JSON has the device, the GPUs and GPU seconds, no CPU seconds.
// Without a driver, and with the join, -device gpu is refused (exit 2,
// one line); -device auto without a GPU prices on the CPU, silently.
func TestPlanDeviceGPU(t *testing.T) {
	old := irun.RegisterGPU(emulatedGPU{})
	out, errs, code := cli(t, "", "plan", "11", "-device", "gpu", "-shards", "2", "-time", "10ms")
	if code != 0 || !strings.Contains(out, "device gpu: emulator, 32.0 MiB, driver none, compute capability none (timed; 1 GPU present)\n") ||
		!strings.Contains(out, "est. GPU") || !strings.Contains(out, " GPU-hours; about ") || !strings.HasSuffix(out, " on 1 GPU here\n") {
		t.Errorf("plan 11 -device gpu: exit %d, stdout %q, stderr %q; want GPU time, GPU-hours and the GPU", code, out, errs)
	}
	out, errs, code = cli(t, "", "plan", "11", "-device", "gpu", "-shards", "2", "-time", "10ms", "-format", "json")
	var j planJSON
	if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil || j.Device != "gpu" || j.GPUs != 1 || j.GPUSeconds <= 0 ||
		j.GPUHours != j.GPUSeconds/3600 || j.CPUSeconds != 0 || j.PerShard[0].GPUSeconds+j.PerShard[1].GPUSeconds <= 0 {
		t.Errorf("plan 11 -device gpu -format json: exit %d, stdout %q, stderr %q; want GPU seconds and hours on 1 GPU", code, out, errs)
	}
	irun.RegisterGPU(old)
	t.Setenv("NQUEENS_LIBCUDA", "/nonexistent")
	for _, args := range [][]string{
		{"plan", "11", "-device", "gpu"},
		{"plan", "11", "-device", "gpu", "-method", "join"},
		{"plan", "33", "-device", "gpu"},
	} {
		out, errs, code := cli(t, "", args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "nqueens plan: -device") {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want exit 2, one line on -device", strings.Join(args, " "), code, out, errs)
		}
	}
	out, errs, code = cli(t, "", "plan", "16", "-device", "auto", "-time", "10ms")
	if code != 0 || errs != "" || !strings.Contains(out, "est. CPU") {
		t.Errorf("plan 16 -device auto without a GPU: exit %d, stdout %q, stderr %q; want the CPU's plan, nothing on stderr", code, out, errs)
	}
}
