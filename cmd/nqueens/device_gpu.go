package main

import (
	"fmt"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/bytesize"
)

// gpusOf names the GPUs an estimate on the GPU was made for: their
// number and the first, timed, one (its name, memory and driver).
func gpusOf(e nqueens.CountEstimate) string {
	s := nouns(e.Workers, "GPU")
	if len(e.GPUs) > 0 {
		g := e.GPUs[0]
		s += fmt.Sprintf(" (%s, %s, driver %s)", g.Name, bytesize.Limit(uint64(g.Memory)), g.Driver)
	}
	return s
}

// planDevice reads -device of plan for method m and n: gpu goes with
// the kernel and N ≤ nqueens.MaxGPUN (usage errors otherwise).
func planDevice(s string, m nqueens.Method, n int) (nqueens.Device, error) {
	d, err := nqueens.ParseDevice(s)
	if err != nil {
		return "", usagef("-device: %v", err)
	}
	if d == nqueens.DeviceGPU {
		if m != nqueens.MethodKernel {
			return "", usagef("-device gpu prices -method kernel (or auto), not %s", m)
		}
		if n > nqueens.MaxGPUN {
			return "", usagef("-device gpu counts N up to %d (a row is a 32-bit word on the device), not %d", nqueens.MaxGPUN, n)
		}
	}
	return d, nil
}

// gpuPlan makes j, priced on the GPUs (its seconds GPU seconds, in
// CPUSeconds as plan computes them), a GPU plan: GPU-seconds and
// GPU-hours (device wall time × GPUs), none of CPU.
func gpuPlan(j *planJSON) {
	j.Device, j.GPUs = nqueens.DeviceGPU, j.Cores
	j.GPUSeconds, j.GPUHours = j.CPUSeconds, j.CPUSeconds/3600
	j.CPUSeconds, j.CPUHours = 0, 0
	for i := range j.PerShard {
		s := &j.PerShard[i]
		s.GPUSeconds, s.CPUSeconds = s.CPUSeconds, 0
	}
}
