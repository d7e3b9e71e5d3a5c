package nqueens

import (
	"fmt"
	"strings"

	"github.com/nqueens/nqueens/internal/run"
)

// A Device selects where MethodKernel counts its units. The zero value
// is DeviceAuto. The units, their results, checkpoints, shard records
// and digests are the same on every device, so a count resumes, and a
// shard merges with its replicas, across devices.
const (
	DeviceAuto Device = run.DeviceAuto // "auto": the GPU where usable and estimated faster, else the CPU
	DeviceCPU  Device = run.DeviceCPU  // the kernel on CountOptions.Workers goroutines
	DeviceGPU  Device = run.DeviceGPU  // every NVIDIA GPU present, with MethodKernel (see package gpu)
)

// A Device is where a count runs: DeviceAuto, DeviceCPU or DeviceGPU.
//
// DeviceGPU needs the CUDA driver linked into the program, by importing
// package github.com/nqueens/nqueens/gpu for its side effect (cmd/nqueens
// does), and the NVIDIA driver (libcuda.so.1) on Linux on amd64 or
// arm64 at run time; boards up to n = 32 (n = 0 and 1, without a
// search, are counted on the CPU). Without them Count fails with
// one line, of kind ErrDevice, saying what is missing.
//
// DeviceAuto counts on the GPU when the driver is linked and reports a
// device, 16 ≤ n ≤ MaxGPUN, and the kernel on the GPU is estimated
// faster than the CPU's method (MethodAuto's choice, see Plan; the join, which it then
// replaces, only for a count without a checkpoint and not a shard),
// from two short estimates (a fifth of a second each) made once per
// process; else, and on any error, on the CPU, silently.
type Device string

// ParseDevice returns the device named s (case-insensitive): "auto" or
// "" (DeviceAuto), "cpu" or "gpu".
func ParseDevice(s string) (Device, error) {
	switch d := Device(strings.ToLower(s)); d {
	case "auto", DeviceAuto:
		return DeviceAuto, nil
	case DeviceCPU, DeviceGPU:
		return d, nil
	}
	return "", fmt.Errorf("unknown device %q (want auto, cpu or gpu)", s)
}

// A GPU describes a GPU that counted: Result.GPUs.
type GPU struct {
	Name       string // the product name, as the driver gives it
	Memory     int64  // bytes of device memory
	Capability string // compute capability, "9.0"
	Driver     string // the driver's CUDA version, "13.0"
}

// checkDevice checks d for a count by method m (after MethodAuto is chosen).
func checkDevice(d Device, m Method) error {
	switch d {
	case DeviceAuto, "auto", DeviceCPU, DeviceGPU:
	default:
		return fmt.Errorf("unknown device %q (want %q, %q or %q)", d, DeviceAuto, DeviceCPU, DeviceGPU)
	}
	if d == DeviceGPU && m != MethodKernel {
		return fmt.Errorf("device gpu counts with method %s, not %s", MethodKernel, m)
	}
	return nil
}
