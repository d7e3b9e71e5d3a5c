//go:build !linux

package quadrant

// threadCPU reports false: the thread's CPU time is not read here (the
// sampler times pieces by the wall clock).
func threadCPU() (int64, bool) { return 0, false }
