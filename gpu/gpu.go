// Package gpu links the NVIDIA GPU into nqueens.Count: a program that
// imports it for its side effect,
//
//	import _ "github.com/nqueens/nqueens/gpu"
//
// can count with CountOptions{Device: nqueens.DeviceGPU}, on every GPU
// the CUDA driver (libcuda.so.1, loaded at run time, Linux on amd64 and
// arm64) reports, and estimate such a count on the GPU
// (CountPlan.Estimate of a plan with Device DeviceGPU); with DeviceAuto, Count picks the GPU where
// it is estimated faster (see nqueens.Device). cmd/nqueens imports it.
//
// The import changes the whole program built with CGO_ENABLED=0 on
// Linux: the driver is loaded through github.com/ebitengine/purego,
// which makes the binary dynamically linked against the C library
// (glibc: it no longer runs in a scratch or Alpine image) and has the
// Go runtime start its threads as a cgo program does. The nqueens
// package itself does not import it, so a program that needs no GPU
// stays a static binary.
package gpu

import (
	igpu "github.com/nqueens/nqueens/internal/gpu"
	"github.com/nqueens/nqueens/internal/gpu/cuda"
	"github.com/nqueens/nqueens/internal/run"
)

func init() { run.RegisterGPU(driver{}) }

// driver is the CUDA driver's, as internal/run takes it.
type driver struct{}

func (driver) Devices() (int, error)           { return cuda.Count() }
func (driver) Open(i int) (igpu.Device, error) { return cuda.Open(i) }
